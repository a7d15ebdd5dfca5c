-- AlterTable
ALTER TABLE "LoginCode" ADD COLUMN     "ownDevice" BOOLEAN NOT NULL DEFAULT false;
