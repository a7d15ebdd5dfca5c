-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "actionsVersion" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "entryActionLimit" INTEGER DEFAULT 1;

-- AlterTable
ALTER TABLE "Entry" ADD COLUMN     "actionBonus" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Plan" ADD COLUMN     "entryActionLimit" INTEGER DEFAULT 1;

-- CreateTable
CREATE TABLE "EntryAction" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "bonus" INTEGER NOT NULL,
    "url" TEXT,
    "platform" TEXT,
    "code" TEXT,
    "question" TEXT,
    "choices" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EntryAction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActionCompletion" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "day" TEXT NOT NULL DEFAULT '',
    "answer" TEXT,
    "bonus" INTEGER NOT NULL,
    "completedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ipNetwork" TEXT,
    "disqualifiedAt" TIMESTAMP(3),
    "disqualifyReason" TEXT,

    CONSTRAINT "ActionCompletion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActionCodeAttempt" (
    "id" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ActionCodeAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EntryActionChange" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "change" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "bonus" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EntryActionChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActionList" (
    "campaignId" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "byteLength" INTEGER NOT NULL,
    "completionCount" INTEGER NOT NULL,
    "disqualifiedCount" INTEGER NOT NULL,
    "storageKey" TEXT,

    CONSTRAINT "ActionList_pkey" PRIMARY KEY ("campaignId")
);

-- CreateTable
CREATE TABLE "ActionListChunk" (
    "campaignId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "ActionListChunk_pkey" PRIMARY KEY ("campaignId","index")
);

-- CreateIndex
CREATE INDEX "EntryAction_campaignId_position_idx" ON "EntryAction"("campaignId", "position");

-- CreateIndex
CREATE INDEX "ActionCompletion_campaignId_completedAt_idx" ON "ActionCompletion"("campaignId", "completedAt");

-- CreateIndex
CREATE INDEX "ActionCompletion_entryId_idx" ON "ActionCompletion"("entryId");

-- CreateIndex
CREATE UNIQUE INDEX "ActionCompletion_actionId_entryId_day_key" ON "ActionCompletion"("actionId", "entryId", "day");

-- CreateIndex
CREATE INDEX "ActionCodeAttempt_actionId_entryId_idx" ON "ActionCodeAttempt"("actionId", "entryId");

-- CreateIndex
CREATE UNIQUE INDEX "EntryActionChange_campaignId_version_key" ON "EntryActionChange"("campaignId", "version");

-- AddForeignKey
ALTER TABLE "EntryAction" ADD CONSTRAINT "EntryAction_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActionCompletion" ADD CONSTRAINT "ActionCompletion_actionId_fkey" FOREIGN KEY ("actionId") REFERENCES "EntryAction"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActionCompletion" ADD CONSTRAINT "ActionCompletion_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "Entry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActionCodeAttempt" ADD CONSTRAINT "ActionCodeAttempt_actionId_fkey" FOREIGN KEY ("actionId") REFERENCES "EntryAction"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EntryActionChange" ADD CONSTRAINT "EntryActionChange_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActionList" ADD CONSTRAINT "ActionList_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActionListChunk" ADD CONSTRAINT "ActionListChunk_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "ActionList"("campaignId") ON DELETE CASCADE ON UPDATE CASCADE;

-- The seeded plans' action limits (decision 074): Starter 1, Growth 5, Pro unlimited; campaigns take their plan's.
UPDATE "Plan" SET "entryActionLimit" = 5 WHERE "id" = 'growth_tee';
UPDATE "Plan" SET "entryActionLimit" = NULL WHERE "id" = 'pro_tee';
UPDATE "Campaign" SET "entryActionLimit" = (SELECT "entryActionLimit" FROM "Plan" WHERE "Plan"."id" = "Campaign"."planId")
WHERE "planId" IS NOT NULL;
