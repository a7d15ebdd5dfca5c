-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "beaconAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "drawBeaconChain" TEXT,
ADD COLUMN     "drawBeaconRound" INTEGER,
ADD COLUMN     "listFrozenAt" TIMESTAMP(3),
ADD COLUMN     "nextBeaconAttemptAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Draw" ADD COLUMN     "beaconChain" TEXT,
ADD COLUMN     "beaconJson" TEXT,
ADD COLUMN     "beaconMissing" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "beaconRound" INTEGER,
ADD COLUMN     "procedureVersion" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "secret" TEXT,
ALTER COLUMN "commitment" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Entry" ADD COLUMN     "browserId" TEXT,
ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "disqualifiedAt" TIMESTAMP(3),
ADD COLUMN     "disqualifyNote" TEXT,
ADD COLUMN     "disqualifyReason" TEXT,
ADD COLUMN     "ipNetwork" TEXT;

-- CreateTable
CREATE TABLE "EntryList" (
    "campaignId" TEXT NOT NULL,
    "frozenAt" TIMESTAMP(3) NOT NULL,
    "sha256" TEXT NOT NULL,
    "byteLength" INTEGER NOT NULL,
    "entryCount" INTEGER NOT NULL,
    "totalWeight" BIGINT NOT NULL,
    "disqualifiedCount" INTEGER NOT NULL,
    "beaconRound" INTEGER NOT NULL,
    "beaconChain" TEXT NOT NULL,

    CONSTRAINT "EntryList_pkey" PRIMARY KEY ("campaignId")
);

-- CreateTable
CREATE TABLE "EntryListChunk" (
    "campaignId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "EntryListChunk_pkey" PRIMARY KEY ("campaignId","index")
);

-- CreateIndex
CREATE INDEX "Entry_campaignId_confirmedAt_idx" ON "Entry"("campaignId", "confirmedAt");

-- CreateIndex
CREATE INDEX "Entry_campaignId_ipNetwork_idx" ON "Entry"("campaignId", "ipNetwork");

-- AddForeignKey
ALTER TABLE "EntryList" ADD CONSTRAINT "EntryList_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EntryListChunk" ADD CONSTRAINT "EntryListChunk_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "EntryList"("campaignId") ON DELETE CASCADE ON UPDATE CASCADE;

-- Entries made before double opt-in (decision 038) were accepted as they came: they stay counted.
UPDATE "Entry" SET "confirmedAt" = "createdAt" WHERE "confirmedAt" IS NULL;
