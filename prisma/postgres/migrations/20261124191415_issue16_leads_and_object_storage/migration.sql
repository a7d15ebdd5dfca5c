-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "entrantDataRetainedAt" TIMESTAMP(3),
ADD COLUMN     "rulesVersion" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "EntryList" ADD COLUMN     "storageKey" TEXT;

-- CreateTable
CREATE TABLE "WinnerListing" (
    "entryId" TEXT NOT NULL,
    "displayName" TEXT,
    "objectedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WinnerListing_pkey" PRIMARY KEY ("entryId")
);

-- CreateTable
CREATE TABLE "DataLinkRequest" (
    "id" TEXT NOT NULL,
    "ipKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DataLinkRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RetentionRun" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "erased" INTEGER NOT NULL,
    "minimised" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RetentionRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "secretSealed" TEXT NOT NULL,
    "secretHint" TEXT NOT NULL,
    "previousSecretSealed" TEXT,
    "previousSecretExpiresAt" TIMESTAMP(3),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "entryId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "leaseUntil" TIMESTAMP(3),
    "openKey" TEXT,
    "redeliveryOf" TEXT,
    "lastAttemptAt" TIMESTAMP(3),
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "lastDurationMs" INTEGER,
    "deliveredAt" TIMESTAMP(3),
    "redactedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailToolConnection" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "apiKeySealed" TEXT NOT NULL,
    "keyLast4" TEXT NOT NULL,
    "listId" TEXT,
    "listName" TEXT,
    "status" TEXT NOT NULL DEFAULT 'choose-list',
    "statusMessage" TEXT,
    "pausedUntil" TIMESTAMP(3),
    "connectedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EmailToolConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailToolSync" (
    "id" TEXT NOT NULL,
    "connectionId" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "reason" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "lastError" TEXT,
    "listId" TEXT,
    "subscriberHash" TEXT,
    "emailSealed" TEXT,
    "remoteId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "EmailToolSync_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "WinnerListing" ADD CONSTRAINT "WinnerListing_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "Entry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailToolConnection" ADD CONSTRAINT "EmailToolConnection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailToolSync" ADD CONSTRAINT "EmailToolSync_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "EmailToolConnection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
