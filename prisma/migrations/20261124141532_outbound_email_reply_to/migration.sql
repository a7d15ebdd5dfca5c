-- AlterTable
ALTER TABLE "OutboundEmail" ADD COLUMN "replyTo" TEXT;
