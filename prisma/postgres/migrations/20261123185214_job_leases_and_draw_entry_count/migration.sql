-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "reminderLeaseUntil" TIMESTAMP(3),
ADD COLUMN     "winnersNotifyLeaseUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Draw" ADD COLUMN     "entryCount" INTEGER NOT NULL DEFAULT 0;

-- Backfill: draws made before this column existed get their campaign's entries as they are now
-- (entries cannot be added after a draw, so this is the list the draw used).
UPDATE "Draw" SET "entryCount" = (SELECT COUNT(*) FROM "Entry" WHERE "Entry"."campaignId" = "Draw"."campaignId");
