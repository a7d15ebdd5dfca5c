-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN "drawStartedAt" DATETIME;
ALTER TABLE "Campaign" ADD COLUMN "winnersNotifiedAt" DATETIME;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "carrier" TEXT;
ALTER TABLE "Order" ADD COLUMN "entryId" TEXT;
ALTER TABLE "Order" ADD COLUMN "lastError" TEXT;
ALTER TABLE "Order" ADD COLUMN "lastSyncedAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "providerStatus" TEXT;
ALTER TABLE "Order" ADD COLUMN "syncLeaseUntil" DATETIME;
ALTER TABLE "Order" ADD COLUMN "trackingUrl" TEXT;

-- CreateTable
CREATE TABLE "FulfilmentEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
