-- AlterTable
ALTER TABLE "Entry" ADD COLUMN "browserId" TEXT;
ALTER TABLE "Entry" ADD COLUMN "confirmedAt" DATETIME;
ALTER TABLE "Entry" ADD COLUMN "disqualifiedAt" DATETIME;
ALTER TABLE "Entry" ADD COLUMN "disqualifyNote" TEXT;
ALTER TABLE "Entry" ADD COLUMN "disqualifyReason" TEXT;
ALTER TABLE "Entry" ADD COLUMN "ipNetwork" TEXT;

-- CreateTable
CREATE TABLE "EntryList" (
    "campaignId" TEXT NOT NULL PRIMARY KEY,
    "frozenAt" DATETIME NOT NULL,
    "sha256" TEXT NOT NULL,
    "byteLength" INTEGER NOT NULL,
    "entryCount" INTEGER NOT NULL,
    "totalWeight" BIGINT NOT NULL,
    "disqualifiedCount" INTEGER NOT NULL,
    "beaconRound" INTEGER NOT NULL,
    "beaconChain" TEXT NOT NULL,
    CONSTRAINT "EntryList_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EntryListChunk" (
    "campaignId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,

    PRIMARY KEY ("campaignId", "index"),
    CONSTRAINT "EntryListChunk_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "EntryList" ("campaignId") ON DELETE CASCADE ON UPDATE CASCADE
);

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
    "isPromotingProduct" BOOLEAN NOT NULL DEFAULT false,
    "productTitle" TEXT NOT NULL DEFAULT '',
    "productValue" TEXT NOT NULL DEFAULT '',
    "productDescription" TEXT NOT NULL DEFAULT '',
    "productImageUrl" TEXT,
    "productType" TEXT NOT NULL DEFAULT 't-shirt',
    "planId" TEXT,
    "entryLimit" INTEGER,
    "couponCode" TEXT,
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
INSERT INTO "new_Campaign" ("aiGenerationsUsed", "aiPrompt1", "aiPrompt2", "aiPrompt3", "brandName", "brandUrl", "campaignCopy", "claimDeadline", "couponCode", "createdAt", "creatorId", "customDesignUrl", "description", "designMode", "designPrompt", "discountCents", "draftToken", "drawCommitment", "drawSeed", "drawStartedAt", "durationDays", "endDate", "entrantCouponCode", "entrantCouponDescription", "entryCount", "entryLimit", "entryMethod", "finalDesignUrl", "giveBonusGiftToWinner", "giveCouponToEntrants", "id", "instagramHandle", "isPromotingProduct", "launchedAt", "limitOneEntryPerPerson", "logoUrl", "pageViews", "paidAt", "planId", "productDescription", "productImageUrl", "productTitle", "productType", "productValue", "remainingGenerations", "reminderLeaseUntil", "reminderSentAt", "selectedAiDesignId", "selectedColors", "selectedSizes", "sendReminder", "startDate", "status", "stripeCheckoutSessionId", "styleFilter", "termsAccepted", "tiktokHandle", "title", "totalCents", "updatedAt", "winnerBonusGiftCode", "winnerBonusGiftImageUrl", "winnerBonusGiftInstructions", "winnerBonusGiftName", "winnerEmail", "winnerEntryId", "winnerPublic", "winnerPublicName", "winnersNotifiedAt", "winnersNotifyLeaseUntil", "xHandle") SELECT "aiGenerationsUsed", "aiPrompt1", "aiPrompt2", "aiPrompt3", "brandName", "brandUrl", "campaignCopy", "claimDeadline", "couponCode", "createdAt", "creatorId", "customDesignUrl", "description", "designMode", "designPrompt", "discountCents", "draftToken", "drawCommitment", "drawSeed", "drawStartedAt", "durationDays", "endDate", "entrantCouponCode", "entrantCouponDescription", "entryCount", "entryLimit", "entryMethod", "finalDesignUrl", "giveBonusGiftToWinner", "giveCouponToEntrants", "id", "instagramHandle", "isPromotingProduct", "launchedAt", "limitOneEntryPerPerson", "logoUrl", "pageViews", "paidAt", "planId", "productDescription", "productImageUrl", "productTitle", "productType", "productValue", "remainingGenerations", "reminderLeaseUntil", "reminderSentAt", "selectedAiDesignId", "selectedColors", "selectedSizes", "sendReminder", "startDate", "status", "stripeCheckoutSessionId", "styleFilter", "termsAccepted", "tiktokHandle", "title", "totalCents", "updatedAt", "winnerBonusGiftCode", "winnerBonusGiftImageUrl", "winnerBonusGiftInstructions", "winnerBonusGiftName", "winnerEmail", "winnerEntryId", "winnerPublic", "winnerPublicName", "winnersNotifiedAt", "winnersNotifyLeaseUntil", "xHandle" FROM "Campaign";
DROP TABLE "Campaign";
ALTER TABLE "new_Campaign" RENAME TO "Campaign";
CREATE UNIQUE INDEX "Campaign_draftToken_key" ON "Campaign"("draftToken");
CREATE UNIQUE INDEX "Campaign_stripeCheckoutSessionId_key" ON "Campaign"("stripeCheckoutSessionId");
CREATE INDEX "Campaign_status_endDate_idx" ON "Campaign"("status", "endDate");
CREATE INDEX "Campaign_creatorId_createdAt_idx" ON "Campaign"("creatorId", "createdAt");
CREATE INDEX "Campaign_createdAt_idx" ON "Campaign"("createdAt");
CREATE TABLE "new_Draw" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaignId" TEXT NOT NULL,
    "procedureVersion" INTEGER NOT NULL DEFAULT 1,
    "seed" TEXT NOT NULL,
    "secret" TEXT,
    "commitment" TEXT,
    "entriesHash" TEXT NOT NULL,
    "totalWeight" BIGINT NOT NULL,
    "entryCount" INTEGER NOT NULL DEFAULT 0,
    "picks" TEXT NOT NULL,
    "beaconRound" INTEGER,
    "beaconChain" TEXT,
    "beaconJson" TEXT,
    "beaconMissing" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Draw_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Draw" ("campaignId", "commitment", "createdAt", "entriesHash", "entryCount", "id", "picks", "seed", "totalWeight") SELECT "campaignId", "commitment", "createdAt", "entriesHash", "entryCount", "id", "picks", "seed", "totalWeight" FROM "Draw";
DROP TABLE "Draw";
ALTER TABLE "new_Draw" RENAME TO "Draw";
CREATE UNIQUE INDEX "Draw_campaignId_key" ON "Draw"("campaignId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Entry_campaignId_confirmedAt_idx" ON "Entry"("campaignId", "confirmedAt");

-- CreateIndex
CREATE INDEX "Entry_campaignId_ipNetwork_idx" ON "Entry"("campaignId", "ipNetwork");

-- Entries made before double opt-in (decision 038) were accepted as they came: they stay counted.
UPDATE "Entry" SET "confirmedAt" = "createdAt" WHERE "confirmedAt" IS NULL;
