-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN "reminderLeaseUntil" DATETIME;
ALTER TABLE "Campaign" ADD COLUMN "winnersNotifyLeaseUntil" DATETIME;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Draw" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaignId" TEXT NOT NULL,
    "seed" TEXT NOT NULL,
    "commitment" TEXT NOT NULL,
    "entriesHash" TEXT NOT NULL,
    "totalWeight" BIGINT NOT NULL,
    "entryCount" INTEGER NOT NULL DEFAULT 0,
    "picks" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Draw_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Draw" ("campaignId", "commitment", "createdAt", "entriesHash", "id", "picks", "seed", "totalWeight") SELECT "campaignId", "commitment", "createdAt", "entriesHash", "id", "picks", "seed", "totalWeight" FROM "Draw";
DROP TABLE "Draw";
ALTER TABLE "new_Draw" RENAME TO "Draw";
CREATE UNIQUE INDEX "Draw_campaignId_key" ON "Draw"("campaignId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Backfill: draws made before this column existed get their campaign's entries as they are now
-- (entries cannot be added after a draw, so this is the list the draw used).
UPDATE "Draw" SET "entryCount" = (SELECT COUNT(*) FROM "Entry" WHERE "Entry"."campaignId" = "Draw"."campaignId");
