-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "drawStartedAt" TIMESTAMP(3),
ADD COLUMN     "winnersNotifiedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "carrier" TEXT,
ADD COLUMN     "entryId" TEXT,
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "lastSyncedAt" TIMESTAMP(3),
ADD COLUMN     "providerStatus" TEXT,
ADD COLUMN     "syncLeaseUntil" TIMESTAMP(3),
ADD COLUMN     "trackingUrl" TEXT;

-- CreateTable
CREATE TABLE "FulfilmentEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FulfilmentEvent_pkey" PRIMARY KEY ("id")
);
