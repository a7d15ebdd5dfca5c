-- AlterTable
ALTER TABLE "Plan" ADD COLUMN "entryActionLimit" INTEGER DEFAULT 1;

-- CreateTable
CREATE TABLE "EntryAction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaignId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "bonus" INTEGER NOT NULL,
    "url" TEXT,
    "platform" TEXT,
    "code" TEXT,
    "question" TEXT,
    "choices" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EntryAction_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ActionCompletion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaignId" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "day" TEXT NOT NULL DEFAULT '',
    "answer" TEXT,
    "bonus" INTEGER NOT NULL,
    "completedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ipNetwork" TEXT,
    "disqualifiedAt" DATETIME,
    "disqualifyReason" TEXT,
    CONSTRAINT "ActionCompletion_actionId_fkey" FOREIGN KEY ("actionId") REFERENCES "EntryAction" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ActionCompletion_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "Entry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ActionCodeAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "actionId" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ActionCodeAttempt_actionId_fkey" FOREIGN KEY ("actionId") REFERENCES "EntryAction" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EntryActionChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaignId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "change" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "bonus" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EntryActionChange_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ActionList" (
    "campaignId" TEXT NOT NULL PRIMARY KEY,
    "sha256" TEXT NOT NULL,
    "byteLength" INTEGER NOT NULL,
    "completionCount" INTEGER NOT NULL,
    "disqualifiedCount" INTEGER NOT NULL,
    "storageKey" TEXT,
    CONSTRAINT "ActionList_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ActionListChunk" (
    "campaignId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,

    PRIMARY KEY ("campaignId", "index"),
    CONSTRAINT "ActionListChunk_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "ActionList" ("campaignId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Campaign" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "creatorId" TEXT,
    "draftToken" TEXT,
    "pruneLeaseUntil" DATETIME,
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
    "sponsorLegalName" TEXT NOT NULL DEFAULT '',
    "sponsorAddress" TEXT NOT NULL DEFAULT '',
    "minimumAge" INTEGER NOT NULL DEFAULT 18,
    "prizeValueCents" INTEGER,
    "excludedRegions" TEXT NOT NULL DEFAULT '',
    "rulesVersion" INTEGER NOT NULL DEFAULT 1,
    "entryActionLimit" INTEGER DEFAULT 1,
    "actionsVersion" INTEGER NOT NULL DEFAULT 0,
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
    "entrantDataRetainedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Campaign_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Campaign_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Campaign" ("accentColor", "aiGenerationsUsed", "aiPrompt1", "aiPrompt2", "aiPrompt3", "analyticsLevel", "beaconAttempts", "brandName", "brandUrl", "campaignCopy", "claimDeadline", "claimReminderLeaseUntil", "couponCode", "coverImageUrl", "createdAt", "creatorId", "customBranding", "customDesignUrl", "description", "designMode", "designPrompt", "discountCents", "draftToken", "drawBeaconChain", "drawBeaconRound", "drawCommitment", "drawSeed", "drawStartedAt", "durationDays", "endDate", "entrantCouponCode", "entrantCouponDescription", "entrantDataRetainedAt", "entryCount", "entryLimit", "entryMethod", "excludedRegions", "finalDesignUrl", "giveBonusGiftToWinner", "giveCouponToEntrants", "hideGiveawearBranding", "id", "instagramHandle", "isPromotingProduct", "launchedAt", "limitOneEntryPerPerson", "listFrozenAt", "logoUrl", "minimumAge", "nextBeaconAttemptAt", "pageViews", "paidAt", "planId", "printifyMockups", "printifyProductId", "prizeValueCents", "productDescription", "productImageUrl", "productTitle", "productType", "productValue", "pruneLeaseUntil", "remainingGenerations", "reminderLeaseUntil", "reminderSentAt", "rulesVersion", "selectedAiDesignId", "selectedColors", "selectedSizes", "sendReminder", "shipCountries", "sponsorAddress", "sponsorLegalName", "startDate", "status", "stripeCheckoutSessionId", "styleFilter", "supportEmail", "termsAccepted", "tiktokHandle", "title", "totalCents", "updatedAt", "winnerBonusGiftCode", "winnerBonusGiftImageUrl", "winnerBonusGiftInstructions", "winnerBonusGiftName", "winnerEmail", "winnerEntryId", "winnerPublic", "winnerPublicName", "winnersNotifiedAt", "winnersNotifyLeaseUntil", "xHandle") SELECT "accentColor", "aiGenerationsUsed", "aiPrompt1", "aiPrompt2", "aiPrompt3", "analyticsLevel", "beaconAttempts", "brandName", "brandUrl", "campaignCopy", "claimDeadline", "claimReminderLeaseUntil", "couponCode", "coverImageUrl", "createdAt", "creatorId", "customBranding", "customDesignUrl", "description", "designMode", "designPrompt", "discountCents", "draftToken", "drawBeaconChain", "drawBeaconRound", "drawCommitment", "drawSeed", "drawStartedAt", "durationDays", "endDate", "entrantCouponCode", "entrantCouponDescription", "entrantDataRetainedAt", "entryCount", "entryLimit", "entryMethod", "excludedRegions", "finalDesignUrl", "giveBonusGiftToWinner", "giveCouponToEntrants", "hideGiveawearBranding", "id", "instagramHandle", "isPromotingProduct", "launchedAt", "limitOneEntryPerPerson", "listFrozenAt", "logoUrl", "minimumAge", "nextBeaconAttemptAt", "pageViews", "paidAt", "planId", "printifyMockups", "printifyProductId", "prizeValueCents", "productDescription", "productImageUrl", "productTitle", "productType", "productValue", "pruneLeaseUntil", "remainingGenerations", "reminderLeaseUntil", "reminderSentAt", "rulesVersion", "selectedAiDesignId", "selectedColors", "selectedSizes", "sendReminder", "shipCountries", "sponsorAddress", "sponsorLegalName", "startDate", "status", "stripeCheckoutSessionId", "styleFilter", "supportEmail", "termsAccepted", "tiktokHandle", "title", "totalCents", "updatedAt", "winnerBonusGiftCode", "winnerBonusGiftImageUrl", "winnerBonusGiftInstructions", "winnerBonusGiftName", "winnerEmail", "winnerEntryId", "winnerPublic", "winnerPublicName", "winnersNotifiedAt", "winnersNotifyLeaseUntil", "xHandle" FROM "Campaign";
DROP TABLE "Campaign";
ALTER TABLE "new_Campaign" RENAME TO "Campaign";
CREATE UNIQUE INDEX "Campaign_draftToken_key" ON "Campaign"("draftToken");
CREATE UNIQUE INDEX "Campaign_stripeCheckoutSessionId_key" ON "Campaign"("stripeCheckoutSessionId");
CREATE INDEX "Campaign_status_endDate_idx" ON "Campaign"("status", "endDate");
CREATE INDEX "Campaign_creatorId_createdAt_idx" ON "Campaign"("creatorId", "createdAt");
CREATE INDEX "Campaign_createdAt_idx" ON "Campaign"("createdAt");
CREATE TABLE "new_Entry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaignId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailNormalized" TEXT NOT NULL,
    "phoneNumber" TEXT,
    "referrerId" TEXT,
    "referralCredited" BOOLEAN NOT NULL DEFAULT false,
    "bonusEntries" INTEGER NOT NULL DEFAULT 0,
    "actionBonus" INTEGER NOT NULL DEFAULT 0,
    "marketingConsent" BOOLEAN NOT NULL DEFAULT false,
    "agreedToTerms" BOOLEAN NOT NULL,
    "ip" TEXT,
    "ipNetwork" TEXT,
    "browserId" TEXT,
    "userId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmedAt" DATETIME,
    "disqualifiedAt" DATETIME,
    "disqualifyReason" TEXT,
    "disqualifyNote" TEXT,
    "termsWordingId" TEXT,
    "marketingWordingId" TEXT,
    "marketingConsentAt" DATETIME,
    "marketingWithdrawnAt" DATETIME,
    "erasedAt" DATETIME,
    "lastResendAt" DATETIME,
    CONSTRAINT "Entry_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Entry_referrerId_fkey" FOREIGN KEY ("referrerId") REFERENCES "Entry" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Entry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Entry" ("agreedToTerms", "bonusEntries", "browserId", "campaignId", "confirmedAt", "createdAt", "disqualifiedAt", "disqualifyNote", "disqualifyReason", "email", "emailNormalized", "erasedAt", "id", "ip", "ipNetwork", "lastResendAt", "marketingConsent", "marketingConsentAt", "marketingWithdrawnAt", "marketingWordingId", "phoneNumber", "referralCredited", "referrerId", "termsWordingId", "userId") SELECT "agreedToTerms", "bonusEntries", "browserId", "campaignId", "confirmedAt", "createdAt", "disqualifiedAt", "disqualifyNote", "disqualifyReason", "email", "emailNormalized", "erasedAt", "id", "ip", "ipNetwork", "lastResendAt", "marketingConsent", "marketingConsentAt", "marketingWithdrawnAt", "marketingWordingId", "phoneNumber", "referralCredited", "referrerId", "termsWordingId", "userId" FROM "Entry";
DROP TABLE "Entry";
ALTER TABLE "new_Entry" RENAME TO "Entry";
CREATE INDEX "Entry_campaignId_createdAt_idx" ON "Entry"("campaignId", "createdAt");
CREATE INDEX "Entry_campaignId_confirmedAt_idx" ON "Entry"("campaignId", "confirmedAt");
CREATE INDEX "Entry_campaignId_ipNetwork_idx" ON "Entry"("campaignId", "ipNetwork");
CREATE INDEX "Entry_referrerId_idx" ON "Entry"("referrerId");
CREATE INDEX "Entry_userId_idx" ON "Entry"("userId");
CREATE INDEX "Entry_ip_createdAt_idx" ON "Entry"("ip", "createdAt");
CREATE UNIQUE INDEX "Entry_campaignId_emailNormalized_key" ON "Entry"("campaignId", "emailNormalized");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "EntryAction_campaignId_position_idx" ON "EntryAction"("campaignId", "position");

-- CreateIndex
CREATE INDEX "ActionCompletion_campaignId_completedAt_idx" ON "ActionCompletion"("campaignId", "completedAt");

-- CreateIndex
CREATE INDEX "ActionCompletion_entryId_idx" ON "ActionCompletion"("entryId");

-- CreateIndex
CREATE UNIQUE INDEX "ActionCompletion_actionId_entryId_day_key" ON "ActionCompletion"("actionId", "entryId", "day");

-- CreateIndex
CREATE INDEX "ActionCodeAttempt_actionId_entryId_idx" ON "ActionCodeAttempt"("actionId", "entryId");

-- CreateIndex
CREATE UNIQUE INDEX "EntryActionChange_campaignId_version_key" ON "EntryActionChange"("campaignId", "version");

-- The seeded plans' action limits (decision 074): Starter 1, Growth 5, Pro unlimited; campaigns take their plan's.
UPDATE "Plan" SET "entryActionLimit" = 5 WHERE "id" = 'growth_tee';
UPDATE "Plan" SET "entryActionLimit" = NULL WHERE "id" = 'pro_tee';
UPDATE "Campaign" SET "entryActionLimit" = (SELECT "entryActionLimit" FROM "Plan" WHERE "Plan"."id" = "Campaign"."planId")
WHERE "planId" IS NOT NULL;
