-- CreateIndex
CREATE INDEX "ActionCompletion_campaignId_entryId_completedAt_actionId_idx" ON "ActionCompletion"("campaignId", "entryId", "completedAt", "actionId");
