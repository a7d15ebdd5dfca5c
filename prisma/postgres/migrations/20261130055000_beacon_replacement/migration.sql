-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "beaconReplacementDecidedAt" TIMESTAMP(3),
ADD COLUMN     "beaconReplacementReason" TEXT,
ADD COLUMN     "beaconReplacementRound" INTEGER;
