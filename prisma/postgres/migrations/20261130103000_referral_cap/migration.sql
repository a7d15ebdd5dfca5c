-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "referralCap" INTEGER;
