-- AlterTable
ALTER TABLE "AdditionalPrize" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'gift',
ADD COLUMN     "needsAddress" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "claimReminderLeaseUntil" TIMESTAMP(3),
ADD COLUMN     "shipCountries" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "supportEmail" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "claimNote" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "deliveredAt" TIMESTAMP(3),
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'merch';

-- AlterTable
ALTER TABLE "UploadedAsset" ADD COLUMN     "sha256" TEXT;

-- CreateTable
CREATE TABLE "PlanUpgrade" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "fromPlanId" TEXT NOT NULL,
    "toPlanId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "checkoutSessionId" TEXT,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlanUpgrade_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PlanUpgrade_checkoutSessionId_key" ON "PlanUpgrade"("checkoutSessionId");

-- CreateIndex
CREATE INDEX "PlanUpgrade_campaignId_createdAt_idx" ON "PlanUpgrade"("campaignId", "createdAt");

-- CreateIndex
CREATE INDEX "UploadedAsset_userId_kind_sha256_idx" ON "UploadedAsset"("userId", "kind", "sha256");

-- AddForeignKey
ALTER TABLE "PlanUpgrade" ADD CONSTRAINT "PlanUpgrade_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;
