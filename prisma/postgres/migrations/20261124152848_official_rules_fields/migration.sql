-- AlterTable
ALTER TABLE "AdditionalPrize" ADD COLUMN     "valueCents" INTEGER;

-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "excludedRegions" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "minimumAge" INTEGER NOT NULL DEFAULT 18,
ADD COLUMN     "prizeValueCents" INTEGER,
ADD COLUMN     "sponsorAddress" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "sponsorLegalName" TEXT NOT NULL DEFAULT '';
