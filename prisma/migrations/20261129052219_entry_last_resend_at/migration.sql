-- AlterTable
ALTER TABLE "Entry" ADD COLUMN "lastResendAt" DATETIME;
