-- The freeze's two covering indexes also hold the time in milliseconds that draw.csv and actions.csv
-- print (decision 115): SQLite reads it from the index instead of computing it for every line.
-- Each expression must stay exactly the one the freeze's block queries write (entryBlockQuery and
-- actionBlockQuery, app/server/draw/freeze.server.ts). It uses julianday, which every SQLite computes
-- alike, not unixepoch's 'subsec' (3.42 and later): a row written by an older sqlite3 would otherwise
-- get a NULL in the index. Prisma's schema cannot describe an index on an expression: schema.prisma
-- keeps the columns' index, and scripts/db/new-migration.ts knows these two.
DROP INDEX "Entry_campaignId_createdAt_id_confirmedAt_disqualifiedAt_referralCredited_referrerId_bonusEntries_idx";

CREATE INDEX "Entry_campaignId_createdAt_id_confirmedAt_disqualifiedAt_referralCredited_referrerId_bonusEntries_idx" ON "Entry"("campaignId", "createdAt", "id", "confirmedAt", "disqualifiedAt", CAST(round((julianday("createdAt") - 2440587.5) * 86400000) AS INTEGER), "referralCredited", "referrerId", "bonusEntries");

DROP INDEX "ActionCompletion_campaignId_entryId_completedAt_actionId_disqualifiedAt_bonus_idx";

CREATE INDEX "ActionCompletion_campaignId_entryId_completedAt_actionId_disqualifiedAt_bonus_idx" ON "ActionCompletion"("campaignId", "entryId", "completedAt", "actionId", "disqualifiedAt", "bonus", CAST(round((julianday("completedAt") - 2440587.5) * 86400000) AS INTEGER));
