-- AlterTable
ALTER TABLE "LoginCode" ADD COLUMN "stateHash" TEXT;
