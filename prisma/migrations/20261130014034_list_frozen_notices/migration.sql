-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_EntryList" (
    "campaignId" TEXT NOT NULL PRIMARY KEY,
    "frozenAt" DATETIME NOT NULL,
    "sha256" TEXT NOT NULL,
    "byteLength" INTEGER NOT NULL,
    "entryCount" INTEGER NOT NULL,
    "totalWeight" BIGINT NOT NULL,
    "disqualifiedCount" INTEGER NOT NULL,
    "beaconRound" INTEGER NOT NULL,
    "beaconChain" TEXT NOT NULL,
    "storageKey" TEXT,
    "frozenEventAt" DATETIME,
    "noticesSentAt" DATETIME,
    "noticesLeaseUntil" DATETIME,
    "noticesDone" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "EntryList_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_EntryList" ("beaconChain", "beaconRound", "byteLength", "campaignId", "disqualifiedCount", "entryCount", "frozenAt", "sha256", "storageKey", "totalWeight") SELECT "beaconChain", "beaconRound", "byteLength", "campaignId", "disqualifiedCount", "entryCount", "frozenAt", "sha256", "storageKey", "totalWeight" FROM "EntryList";
DROP TABLE "EntryList";
ALTER TABLE "new_EntryList" RENAME TO "EntryList";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Lists frozen before decision 093 had no notices and no list.frozen event; they get none now
-- (their draws may be long over): marked done as of their freeze.
UPDATE "EntryList" SET "frozenEventAt" = "frozenAt", "noticesSentAt" = "frozenAt";
