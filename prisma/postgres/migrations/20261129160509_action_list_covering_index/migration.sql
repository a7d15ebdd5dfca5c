-- DropIndex
DROP INDEX "ActionCompletion_campaignId_entryId_completedAt_actionId_idx";

-- CreateIndex
CREATE INDEX "ActionCompletion_campaignId_entryId_completedAt_actionId_di_idx" ON "ActionCompletion"("campaignId", "entryId", "completedAt", "actionId", "disqualifiedAt", "bonus");
