-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Campaign" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "creatorId" TEXT,
    "draftToken" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "title" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "campaignCopy" TEXT NOT NULL DEFAULT '',
    "brandName" TEXT NOT NULL DEFAULT '',
    "brandUrl" TEXT NOT NULL DEFAULT '',
    "instagramHandle" TEXT NOT NULL DEFAULT '',
    "xHandle" TEXT NOT NULL DEFAULT '',
    "tiktokHandle" TEXT NOT NULL DEFAULT '',
    "logoUrl" TEXT,
    "coverImageUrl" TEXT,
    "accentColor" TEXT NOT NULL DEFAULT '',
    "hideGiveawearBranding" BOOLEAN NOT NULL DEFAULT false,
    "isPromotingProduct" BOOLEAN NOT NULL DEFAULT false,
    "productTitle" TEXT NOT NULL DEFAULT '',
    "productValue" TEXT NOT NULL DEFAULT '',
    "productDescription" TEXT NOT NULL DEFAULT '',
    "productImageUrl" TEXT,
    "productType" TEXT NOT NULL DEFAULT 't-shirt',
    "planId" TEXT,
    "entryLimit" INTEGER,
    "couponCode" TEXT,
    "analyticsLevel" TEXT NOT NULL DEFAULT 'basic',
    "customBranding" BOOLEAN NOT NULL DEFAULT false,
    "discountCents" INTEGER NOT NULL DEFAULT 0,
    "totalCents" INTEGER NOT NULL DEFAULT 0,
    "designMode" TEXT NOT NULL DEFAULT 'ai',
    "designPrompt" TEXT NOT NULL DEFAULT '',
    "styleFilter" TEXT NOT NULL DEFAULT 'None',
    "customDesignUrl" TEXT,
    "finalDesignUrl" TEXT,
    "selectedAiDesignId" TEXT,
    "aiPrompt1" TEXT NOT NULL DEFAULT '',
    "aiPrompt2" TEXT NOT NULL DEFAULT '',
    "aiPrompt3" TEXT NOT NULL DEFAULT '',
    "selectedColors" TEXT NOT NULL DEFAULT 'white',
    "selectedSizes" TEXT NOT NULL DEFAULT 'M,L,XL',
    "printifyProductId" TEXT,
    "printifyMockups" TEXT NOT NULL DEFAULT '',
    "aiGenerationsUsed" INTEGER NOT NULL DEFAULT 0,
    "remainingGenerations" INTEGER NOT NULL DEFAULT 0,
    "startDate" DATETIME,
    "durationDays" INTEGER NOT NULL DEFAULT 7,
    "endDate" DATETIME,
    "entryMethod" TEXT NOT NULL DEFAULT 'email_form',
    "termsAccepted" BOOLEAN NOT NULL DEFAULT false,
    "limitOneEntryPerPerson" BOOLEAN NOT NULL DEFAULT true,
    "giveCouponToEntrants" BOOLEAN NOT NULL DEFAULT false,
    "entrantCouponCode" TEXT NOT NULL DEFAULT '',
    "entrantCouponDescription" TEXT NOT NULL DEFAULT '',
    "giveBonusGiftToWinner" BOOLEAN NOT NULL DEFAULT false,
    "winnerBonusGiftName" TEXT NOT NULL DEFAULT '',
    "winnerBonusGiftCode" TEXT NOT NULL DEFAULT '',
    "winnerBonusGiftInstructions" TEXT NOT NULL DEFAULT '',
    "winnerBonusGiftImageUrl" TEXT,
    "sendReminder" BOOLEAN NOT NULL DEFAULT false,
    "reminderSentAt" DATETIME,
    "reminderLeaseUntil" DATETIME,
    "stripeCheckoutSessionId" TEXT,
    "paidAt" DATETIME,
    "launchedAt" DATETIME,
    "drawSeed" TEXT,
    "drawCommitment" TEXT,
    "winnerEmail" TEXT,
    "winnerEntryId" TEXT,
    "winnerPublic" BOOLEAN NOT NULL DEFAULT true,
    "winnerPublicName" TEXT,
    "claimDeadline" DATETIME,
    "drawStartedAt" DATETIME,
    "winnersNotifiedAt" DATETIME,
    "winnersNotifyLeaseUntil" DATETIME,
    "drawBeaconRound" INTEGER,
    "drawBeaconChain" TEXT,
    "listFrozenAt" DATETIME,
    "beaconAttempts" INTEGER NOT NULL DEFAULT 0,
    "nextBeaconAttemptAt" DATETIME,
    "entryCount" INTEGER NOT NULL DEFAULT 0,
    "pageViews" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Campaign_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Campaign_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Campaign" ("aiGenerationsUsed", "aiPrompt1", "aiPrompt2", "aiPrompt3", "beaconAttempts", "brandName", "brandUrl", "campaignCopy", "claimDeadline", "couponCode", "createdAt", "creatorId", "customDesignUrl", "description", "designMode", "designPrompt", "discountCents", "draftToken", "drawBeaconChain", "drawBeaconRound", "drawCommitment", "drawSeed", "drawStartedAt", "durationDays", "endDate", "entrantCouponCode", "entrantCouponDescription", "entryCount", "entryLimit", "entryMethod", "finalDesignUrl", "giveBonusGiftToWinner", "giveCouponToEntrants", "id", "instagramHandle", "isPromotingProduct", "launchedAt", "limitOneEntryPerPerson", "listFrozenAt", "logoUrl", "nextBeaconAttemptAt", "pageViews", "paidAt", "planId", "productDescription", "productImageUrl", "productTitle", "productType", "productValue", "remainingGenerations", "reminderLeaseUntil", "reminderSentAt", "selectedAiDesignId", "selectedColors", "selectedSizes", "sendReminder", "startDate", "status", "stripeCheckoutSessionId", "styleFilter", "termsAccepted", "tiktokHandle", "title", "totalCents", "updatedAt", "winnerBonusGiftCode", "winnerBonusGiftImageUrl", "winnerBonusGiftInstructions", "winnerBonusGiftName", "winnerEmail", "winnerEntryId", "winnerPublic", "winnerPublicName", "winnersNotifiedAt", "winnersNotifyLeaseUntil", "xHandle") SELECT "aiGenerationsUsed", "aiPrompt1", "aiPrompt2", "aiPrompt3", "beaconAttempts", "brandName", "brandUrl", "campaignCopy", "claimDeadline", "couponCode", "createdAt", "creatorId", "customDesignUrl", "description", "designMode", "designPrompt", "discountCents", "draftToken", "drawBeaconChain", "drawBeaconRound", "drawCommitment", "drawSeed", "drawStartedAt", "durationDays", "endDate", "entrantCouponCode", "entrantCouponDescription", "entryCount", "entryLimit", "entryMethod", "finalDesignUrl", "giveBonusGiftToWinner", "giveCouponToEntrants", "id", "instagramHandle", "isPromotingProduct", "launchedAt", "limitOneEntryPerPerson", "listFrozenAt", "logoUrl", "nextBeaconAttemptAt", "pageViews", "paidAt", "planId", "productDescription", "productImageUrl", "productTitle", "productType", "productValue", "remainingGenerations", "reminderLeaseUntil", "reminderSentAt", "selectedAiDesignId", "selectedColors", "selectedSizes", "sendReminder", "startDate", "status", "stripeCheckoutSessionId", "styleFilter", "termsAccepted", "tiktokHandle", "title", "totalCents", "updatedAt", "winnerBonusGiftCode", "winnerBonusGiftImageUrl", "winnerBonusGiftInstructions", "winnerBonusGiftName", "winnerEmail", "winnerEntryId", "winnerPublic", "winnerPublicName", "winnersNotifiedAt", "winnersNotifyLeaseUntil", "xHandle" FROM "Campaign";
DROP TABLE "Campaign";
ALTER TABLE "new_Campaign" RENAME TO "Campaign";
CREATE UNIQUE INDEX "Campaign_draftToken_key" ON "Campaign"("draftToken");
CREATE UNIQUE INDEX "Campaign_stripeCheckoutSessionId_key" ON "Campaign"("stripeCheckoutSessionId");
CREATE INDEX "Campaign_status_endDate_idx" ON "Campaign"("status", "endDate");
CREATE INDEX "Campaign_creatorId_createdAt_idx" ON "Campaign"("creatorId", "createdAt");
CREATE INDEX "Campaign_createdAt_idx" ON "Campaign"("createdAt");
CREATE TABLE "new_Plan" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "entryLimit" INTEGER,
    "aiCredits" INTEGER NOT NULL,
    "features" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "popular" BOOLEAN NOT NULL DEFAULT false,
    "analyticsLevel" TEXT NOT NULL DEFAULT 'basic',
    "customBranding" BOOLEAN NOT NULL DEFAULT false,
    "stripePriceIdTest" TEXT,
    "stripePriceIdLive" TEXT,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Plan" ("active", "aiCredits", "createdAt", "description", "entryLimit", "features", "id", "name", "popular", "priceCents", "sortOrder", "stripePriceIdLive", "stripePriceIdTest", "updatedAt") SELECT "active", "aiCredits", "createdAt", "description", "entryLimit", "features", "id", "name", "popular", "priceCents", "sortOrder", "stripePriceIdLive", "stripePriceIdTest", "updatedAt" FROM "Plan";
DROP TABLE "Plan";
ALTER TABLE "new_Plan" RENAME TO "Plan";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- The seeded catalogue's plans already promised these (Growth: standard analytics; Pro: advanced
-- analytics and custom branding); campaigns keep what their plan gave when they were launched.
UPDATE "Plan" SET "analyticsLevel" = 'standard' WHERE "id" = 'growth_tee';
UPDATE "Plan" SET "analyticsLevel" = 'advanced', "customBranding" = true WHERE "id" = 'pro_tee';
UPDATE "Campaign" SET "analyticsLevel" = (SELECT "analyticsLevel" FROM "Plan" WHERE "Plan"."id" = "Campaign"."planId"),
  "customBranding" = (SELECT "customBranding" FROM "Plan" WHERE "Plan"."id" = "Campaign"."planId")
  WHERE "planId" IS NOT NULL AND "planId" IN (SELECT "id" FROM "Plan");
