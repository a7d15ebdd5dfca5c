-- CreateTable
CREATE TABLE "SmsEarlyStatus" (
    "providerSid" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "errorCode" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmsEarlyStatus_pkey" PRIMARY KEY ("providerSid")
);

-- CreateIndex
CREATE INDEX "SmsEarlyStatus_receivedAt_idx" ON "SmsEarlyStatus"("receivedAt");
