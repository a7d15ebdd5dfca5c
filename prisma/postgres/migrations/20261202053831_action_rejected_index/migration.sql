-- CreateIndex
CREATE INDEX "ActionCompletion_campaignId_disqualifiedAt_idx" ON "ActionCompletion"("campaignId", "disqualifiedAt");
