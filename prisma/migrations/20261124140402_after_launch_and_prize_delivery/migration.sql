-- AlterTable
ALTER TABLE "UploadedAsset" ADD COLUMN "sha256" TEXT;

-- CreateTable
CREATE TABLE "PlanUpgrade" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaignId" TEXT NOT NULL,
    "fromPlanId" TEXT NOT NULL,
    "toPlanId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "checkoutSessionId" TEXT,
    "paidAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PlanUpgrade_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AdditionalPrize" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaignId" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "imageUrl" TEXT,
    "kind" TEXT NOT NULL DEFAULT 'gift',
    "needsAddress" BOOLEAN NOT NULL DEFAULT false,
    "code" TEXT,
    "winnerEntryId" TEXT,
    "winnerEmail" TEXT,
    "claimDeadline" DATETIME,
    CONSTRAINT "AdditionalPrize_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AdditionalPrize" ("campaignId", "claimDeadline", "code", "id", "imageUrl", "rank", "title", "winnerEmail", "winnerEntryId") SELECT "campaignId", "claimDeadline", "code", "id", "imageUrl", "rank", "title", "winnerEmail", "winnerEntryId" FROM "AdditionalPrize";
DROP TABLE "AdditionalPrize";
ALTER TABLE "new_AdditionalPrize" RENAME TO "AdditionalPrize";
CREATE UNIQUE INDEX "AdditionalPrize_campaignId_rank_key" ON "AdditionalPrize"("campaignId", "rank");
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
    "supportEmail" TEXT NOT NULL DEFAULT '',
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
    "shipCountries" TEXT NOT NULL DEFAULT '',
    "reminderSentAt" DATETIME,
    "reminderLeaseUntil" DATETIME,
    "claimReminderLeaseUntil" DATETIME,
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
INSERT INTO "new_Campaign" ("accentColor", "aiGenerationsUsed", "aiPrompt1", "aiPrompt2", "aiPrompt3", "analyticsLevel", "beaconAttempts", "brandName", "brandUrl", "campaignCopy", "claimDeadline", "couponCode", "coverImageUrl", "createdAt", "creatorId", "customBranding", "customDesignUrl", "description", "designMode", "designPrompt", "discountCents", "draftToken", "drawBeaconChain", "drawBeaconRound", "drawCommitment", "drawSeed", "drawStartedAt", "durationDays", "endDate", "entrantCouponCode", "entrantCouponDescription", "entryCount", "entryLimit", "entryMethod", "finalDesignUrl", "giveBonusGiftToWinner", "giveCouponToEntrants", "hideGiveawearBranding", "id", "instagramHandle", "isPromotingProduct", "launchedAt", "limitOneEntryPerPerson", "listFrozenAt", "logoUrl", "nextBeaconAttemptAt", "pageViews", "paidAt", "planId", "printifyMockups", "printifyProductId", "productDescription", "productImageUrl", "productTitle", "productType", "productValue", "remainingGenerations", "reminderLeaseUntil", "reminderSentAt", "selectedAiDesignId", "selectedColors", "selectedSizes", "sendReminder", "startDate", "status", "stripeCheckoutSessionId", "styleFilter", "termsAccepted", "tiktokHandle", "title", "totalCents", "updatedAt", "winnerBonusGiftCode", "winnerBonusGiftImageUrl", "winnerBonusGiftInstructions", "winnerBonusGiftName", "winnerEmail", "winnerEntryId", "winnerPublic", "winnerPublicName", "winnersNotifiedAt", "winnersNotifyLeaseUntil", "xHandle") SELECT "accentColor", "aiGenerationsUsed", "aiPrompt1", "aiPrompt2", "aiPrompt3", "analyticsLevel", "beaconAttempts", "brandName", "brandUrl", "campaignCopy", "claimDeadline", "couponCode", "coverImageUrl", "createdAt", "creatorId", "customBranding", "customDesignUrl", "description", "designMode", "designPrompt", "discountCents", "draftToken", "drawBeaconChain", "drawBeaconRound", "drawCommitment", "drawSeed", "drawStartedAt", "durationDays", "endDate", "entrantCouponCode", "entrantCouponDescription", "entryCount", "entryLimit", "entryMethod", "finalDesignUrl", "giveBonusGiftToWinner", "giveCouponToEntrants", "hideGiveawearBranding", "id", "instagramHandle", "isPromotingProduct", "launchedAt", "limitOneEntryPerPerson", "listFrozenAt", "logoUrl", "nextBeaconAttemptAt", "pageViews", "paidAt", "planId", "printifyMockups", "printifyProductId", "productDescription", "productImageUrl", "productTitle", "productType", "productValue", "remainingGenerations", "reminderLeaseUntil", "reminderSentAt", "selectedAiDesignId", "selectedColors", "selectedSizes", "sendReminder", "startDate", "status", "stripeCheckoutSessionId", "styleFilter", "termsAccepted", "tiktokHandle", "title", "totalCents", "updatedAt", "winnerBonusGiftCode", "winnerBonusGiftImageUrl", "winnerBonusGiftInstructions", "winnerBonusGiftName", "winnerEmail", "winnerEntryId", "winnerPublic", "winnerPublicName", "winnersNotifiedAt", "winnersNotifyLeaseUntil", "xHandle" FROM "Campaign";
DROP TABLE "Campaign";
ALTER TABLE "new_Campaign" RENAME TO "Campaign";
CREATE UNIQUE INDEX "Campaign_draftToken_key" ON "Campaign"("draftToken");
CREATE UNIQUE INDEX "Campaign_stripeCheckoutSessionId_key" ON "Campaign"("stripeCheckoutSessionId");
CREATE INDEX "Campaign_status_endDate_idx" ON "Campaign"("status", "endDate");
CREATE INDEX "Campaign_creatorId_createdAt_idx" ON "Campaign"("creatorId", "createdAt");
CREATE INDEX "Campaign_createdAt_idx" ON "Campaign"("createdAt");
CREATE TABLE "new_Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaignId" TEXT NOT NULL,
    "prizeRank" INTEGER NOT NULL DEFAULT 1,
    "winnerEmail" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "kind" TEXT NOT NULL DEFAULT 'merch',
    "claimNote" TEXT NOT NULL DEFAULT '',
    "printifyOrderId" TEXT,
    "trackingNumber" TEXT,
    "size" TEXT,
    "style" TEXT,
    "color" TEXT,
    "shipName" TEXT,
    "shipLine1" TEXT,
    "shipLine2" TEXT,
    "shipCity" TEXT,
    "shipRegion" TEXT,
    "shipPostalCode" TEXT,
    "shipCountry" TEXT,
    "shipPhone" TEXT,
    "submittedAt" DATETIME,
    "fulfilledAt" DATETIME,
    "shippedAt" DATETIME,
    "deliveredAt" DATETIME,
    "entryId" TEXT,
    "providerStatus" TEXT,
    "trackingUrl" TEXT,
    "carrier" TEXT,
    "syncLeaseUntil" DATETIME,
    "lastSyncedAt" DATETIME,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Order_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("campaignId", "carrier", "color", "createdAt", "entryId", "fulfilledAt", "id", "lastError", "lastSyncedAt", "printifyOrderId", "prizeRank", "providerStatus", "shipCity", "shipCountry", "shipLine1", "shipLine2", "shipName", "shipPhone", "shipPostalCode", "shipRegion", "shippedAt", "size", "status", "style", "submittedAt", "syncLeaseUntil", "trackingNumber", "trackingUrl", "updatedAt", "winnerEmail") SELECT "campaignId", "carrier", "color", "createdAt", "entryId", "fulfilledAt", "id", "lastError", "lastSyncedAt", "printifyOrderId", "prizeRank", "providerStatus", "shipCity", "shipCountry", "shipLine1", "shipLine2", "shipName", "shipPhone", "shipPostalCode", "shipRegion", "shippedAt", "size", "status", "style", "submittedAt", "syncLeaseUntil", "trackingNumber", "trackingUrl", "updatedAt", "winnerEmail" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE INDEX "Order_status_submittedAt_idx" ON "Order"("status", "submittedAt");
CREATE UNIQUE INDEX "Order_campaignId_prizeRank_key" ON "Order"("campaignId", "prizeRank");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "PlanUpgrade_checkoutSessionId_key" ON "PlanUpgrade"("checkoutSessionId");

-- CreateIndex
CREATE INDEX "PlanUpgrade_campaignId_createdAt_idx" ON "PlanUpgrade"("campaignId", "createdAt");

-- CreateIndex
CREATE INDEX "UploadedAsset_userId_kind_sha256_idx" ON "UploadedAsset"("userId", "kind", "sha256");
