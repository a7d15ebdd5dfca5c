-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "pruneLeaseUntil" TIMESTAMP(3);
