-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN "pruneLeaseUntil" DATETIME;
