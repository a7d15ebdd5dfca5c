-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN "beaconReplacementDecidedAt" DATETIME;
ALTER TABLE "Campaign" ADD COLUMN "beaconReplacementReason" TEXT;
ALTER TABLE "Campaign" ADD COLUMN "beaconReplacementRound" INTEGER;
