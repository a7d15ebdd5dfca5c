-- DropIndex
DROP INDEX "Entry_campaignId_createdAt_idx";

-- CreateIndex
CREATE INDEX "Entry_campaignId_createdAt_id_confirmedAt_disqualifiedAt_referralCredited_referrerId_bonusEntries_idx" ON "Entry"("campaignId", "createdAt", "id", "confirmedAt", "disqualifiedAt", "referralCredited", "referrerId", "bonusEntries");

-- CreateIndex
CREATE INDEX "Entry_campaignId_disqualifiedAt_idx" ON "Entry"("campaignId", "disqualifiedAt");
