-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "drawBeaconMarginMinutes" INTEGER;
