-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC';
