-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "accentColor" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "analyticsLevel" TEXT NOT NULL DEFAULT 'basic',
ADD COLUMN     "coverImageUrl" TEXT,
ADD COLUMN     "customBranding" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "hideGiveawearBranding" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "printifyMockups" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "printifyProductId" TEXT;

-- AlterTable
ALTER TABLE "Plan" ADD COLUMN     "analyticsLevel" TEXT NOT NULL DEFAULT 'basic',
ADD COLUMN     "customBranding" BOOLEAN NOT NULL DEFAULT false;

-- The seeded catalogue's plans already promised these (Growth: standard analytics; Pro: advanced
-- analytics and custom branding); campaigns keep what their plan gave when they were launched.
UPDATE "Plan" SET "analyticsLevel" = 'standard' WHERE "id" = 'growth_tee';
UPDATE "Plan" SET "analyticsLevel" = 'advanced', "customBranding" = true WHERE "id" = 'pro_tee';
UPDATE "Campaign" SET "analyticsLevel" = (SELECT "analyticsLevel" FROM "Plan" WHERE "Plan"."id" = "Campaign"."planId"),
  "customBranding" = (SELECT "customBranding" FROM "Plan" WHERE "Plan"."id" = "Campaign"."planId")
  WHERE "planId" IS NOT NULL AND "planId" IN (SELECT "id" FROM "Plan");
