-- AlterTable
ALTER TABLE "OutboundEmail" ADD COLUMN     "fromName" TEXT;
