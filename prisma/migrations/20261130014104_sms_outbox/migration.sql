-- CreateTable
CREATE TABLE "OutboundSms" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "to" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "entryId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "providerSid" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" DATETIME,
    "sentAt" DATETIME,
    "statusAt" DATETIME,
    "dedupeKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "SmsOptOut" (
    "phone" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "OutboundSms_providerSid_key" ON "OutboundSms"("providerSid");

-- CreateIndex
CREATE UNIQUE INDEX "OutboundSms_dedupeKey_key" ON "OutboundSms"("dedupeKey");

-- CreateIndex
CREATE INDEX "OutboundSms_status_nextAttemptAt_idx" ON "OutboundSms"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboundSms_to_idx" ON "OutboundSms"("to");

-- CreateIndex
CREATE INDEX "OutboundSms_entryId_idx" ON "OutboundSms"("entryId");
