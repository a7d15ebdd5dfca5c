-- AlterTable
ALTER TABLE "EntryList" ADD COLUMN "storageKey" TEXT;

-- CreateTable
CREATE TABLE "WinnerListing" (
    "entryId" TEXT NOT NULL PRIMARY KEY,
    "displayName" TEXT,
    "objectedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "WinnerListing_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "Entry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DataLinkRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ipKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "RetentionRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaignId" TEXT NOT NULL,
    "erased" INTEGER NOT NULL,
    "minimised" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "secretSealed" TEXT NOT NULL,
    "secretHint" TEXT NOT NULL,
    "previousSecretSealed" TEXT,
    "previousSecretExpiresAt" DATETIME,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "WebhookEndpoint_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "endpointId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "entryId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "leaseUntil" DATETIME,
    "openKey" TEXT,
    "redeliveryOf" TEXT,
    "lastAttemptAt" DATETIME,
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "lastDurationMs" INTEGER,
    "deliveredAt" DATETIME,
    "redactedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "EmailToolConnection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "apiKeySealed" TEXT NOT NULL,
    "keyLast4" TEXT NOT NULL,
    "listId" TEXT,
    "listName" TEXT,
    "status" TEXT NOT NULL DEFAULT 'choose-list',
    "statusMessage" TEXT,
    "pausedUntil" DATETIME,
    "connectedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EmailToolConnection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EmailToolSync" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "connectionId" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "reason" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "lastError" TEXT,
    "listId" TEXT,
    "subscriberHash" TEXT,
    "emailSealed" TEXT,
    "remoteId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "doneAt" DATETIME,
    CONSTRAINT "EmailToolSync_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "EmailToolConnection" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
INSERT INTO "new_Campaign" ("accentColor", "aiGenerationsUsed", "aiPrompt1", "aiPrompt2", "aiPrompt3", "analyticsLevel", "beaconAttempts", "brandName", "brandUrl", "campaignCopy", "claimDeadline", "claimReminderLeaseUntil", "couponCode", "coverImageUrl", "createdAt", "creatorId", "customBranding", "customDesignUrl", "description", "designMode", "designPrompt", "discountCents", "draftToken", "drawBeaconChain", "drawBeaconRound", "drawCommitment", "drawSeed", "drawStartedAt", "durationDays", "endDate", "entrantCouponCode", "entrantCouponDescription", "entryCount", "entryLimit", "entryMethod", "excludedRegions", "finalDesignUrl", "giveBonusGiftToWinner", "giveCouponToEntrants", "hideGiveawearBranding", "id", "instagramHandle", "isPromotingProduct", "launchedAt", "limitOneEntryPerPerson", "listFrozenAt", "logoUrl", "minimumAge", "nextBeaconAttemptAt", "pageViews", "paidAt", "planId", "printifyMockups", "printifyProductId", "prizeValueCents", "productDescription", "productImageUrl", "productTitle", "productType", "productValue", "remainingGenerations", "reminderLeaseUntil", "reminderSentAt", "selectedAiDesignId", "selectedColors", "selectedSizes", "sendReminder", "shipCountries", "sponsorAddress", "sponsorLegalName", "startDate", "status", "stripeCheckoutSessionId", "styleFilter", "supportEmail", "termsAccepted", "tiktokHandle", "title", "totalCents", "updatedAt", "winnerBonusGiftCode", "winnerBonusGiftImageUrl", "winnerBonusGiftInstructions", "winnerBonusGiftName", "winnerEmail", "winnerEntryId", "winnerPublic", "winnerPublicName", "winnersNotifiedAt", "winnersNotifyLeaseUntil", "xHandle") SELECT "accentColor", "aiGenerationsUsed", "aiPrompt1", "aiPrompt2", "aiPrompt3", "analyticsLevel", "beaconAttempts", "brandName", "brandUrl", "campaignCopy", "claimDeadline", "claimReminderLeaseUntil", "couponCode", "coverImageUrl", "createdAt", "creatorId", "customBranding", "customDesignUrl", "description", "designMode", "designPrompt", "discountCents", "draftToken", "drawBeaconChain", "drawBeaconRound", "drawCommitment", "drawSeed", "drawStartedAt", "durationDays", "endDate", "entrantCouponCode", "entrantCouponDescription", "entryCount", "entryLimit", "entryMethod", "excludedRegions", "finalDesignUrl", "giveBonusGiftToWinner", "giveCouponToEntrants", "hideGiveawearBranding", "id", "instagramHandle", "isPromotingProduct", "launchedAt", "limitOneEntryPerPerson", "listFrozenAt", "logoUrl", "minimumAge", "nextBeaconAttemptAt", "pageViews", "paidAt", "planId", "printifyMockups", "printifyProductId", "prizeValueCents", "productDescription", "productImageUrl", "productTitle", "productType", "productValue", "remainingGenerations", "reminderLeaseUntil", "reminderSentAt", "selectedAiDesignId", "selectedColors", "selectedSizes", "sendReminder", "shipCountries", "sponsorAddress", "sponsorLegalName", "startDate", "status", "stripeCheckoutSessionId", "styleFilter", "supportEmail", "termsAccepted", "tiktokHandle", "title", "totalCents", "updatedAt", "winnerBonusGiftCode", "winnerBonusGiftImageUrl", "winnerBonusGiftInstructions", "winnerBonusGiftName", "winnerEmail", "winnerEntryId", "winnerPublic", "winnerPublicName", "winnersNotifiedAt", "winnersNotifyLeaseUntil", "xHandle" FROM "Campaign";
DROP TABLE "Campaign";
ALTER TABLE "new_Campaign" RENAME TO "Campaign";
CREATE UNIQUE INDEX "Campaign_draftToken_key" ON "Campaign"("draftToken");
CREATE UNIQUE INDEX "Campaign_stripeCheckoutSessionId_key" ON "Campaign"("stripeCheckoutSessionId");
CREATE INDEX "Campaign_status_endDate_idx" ON "Campaign"("status", "endDate");
CREATE INDEX "Campaign_creatorId_createdAt_idx" ON "Campaign"("creatorId", "createdAt");
CREATE INDEX "Campaign_createdAt_idx" ON "Campaign"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "DataLinkRequest_ipKey_createdAt_idx" ON "DataLinkRequest"("ipKey", "createdAt");

-- CreateIndex
CREATE INDEX "DataLinkRequest_createdAt_idx" ON "DataLinkRequest"("createdAt");

-- CreateIndex
CREATE INDEX "RetentionRun_createdAt_idx" ON "RetentionRun"("createdAt");

-- CreateIndex
CREATE INDEX "RetentionRun_campaignId_createdAt_idx" ON "RetentionRun"("campaignId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_userId_idx" ON "WebhookEndpoint"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_openKey_key" ON "WebhookDelivery"("openKey");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_createdAt_idx" ON "WebhookDelivery"("endpointId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_entryId_idx" ON "WebhookDelivery"("entryId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_createdAt_idx" ON "WebhookDelivery"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EmailToolConnection_userId_provider_key" ON "EmailToolConnection"("userId", "provider");

-- CreateIndex
CREATE INDEX "EmailToolSync_status_nextAttemptAt_idx" ON "EmailToolSync"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "EmailToolSync_entryId_idx" ON "EmailToolSync"("entryId");

-- CreateIndex
CREATE UNIQUE INDEX "EmailToolSync_connectionId_entryId_action_key" ON "EmailToolSync"("connectionId", "entryId", "action");

-- CreateIndex
CREATE INDEX "OutboundEmail_to_idx" ON "OutboundEmail"("to");
