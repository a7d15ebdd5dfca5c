-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "pageLayout" TEXT NOT NULL DEFAULT 'split';
