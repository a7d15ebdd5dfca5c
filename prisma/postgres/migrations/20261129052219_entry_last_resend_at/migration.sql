-- AlterTable
ALTER TABLE "Entry" ADD COLUMN     "lastResendAt" TIMESTAMP(3);
