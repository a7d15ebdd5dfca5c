-- CreateTable
CREATE TABLE "SmsEarlyStatus" (
    "providerSid" TEXT NOT NULL PRIMARY KEY,
    "status" TEXT NOT NULL,
    "errorCode" TEXT,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "SmsEarlyStatus_receivedAt_idx" ON "SmsEarlyStatus"("receivedAt");
