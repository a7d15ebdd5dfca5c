-- AlterTable
ALTER TABLE "EntryList" ADD COLUMN     "frozenEventAt" TIMESTAMP(3),
ADD COLUMN     "noticesDone" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "noticesLeaseUntil" TIMESTAMP(3),
ADD COLUMN     "noticesSentAt" TIMESTAMP(3);

-- Lists frozen before decision 093 had no notices and no list.frozen event; they get none now
-- (their draws may be long over): marked done as of their freeze.
UPDATE "EntryList" SET "frozenEventAt" = "frozenAt", "noticesSentAt" = "frozenAt";
