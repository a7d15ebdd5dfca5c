-- The freeze's covering index orders the entry ids byte by byte, as draw.csv does (decision 115):
-- with the database's collation PostgreSQL sorted every run of equal createdAt again.
-- Prisma's schema cannot describe a column's collation in an index; schema.prisma keeps the columns' index.
DROP INDEX "Entry_campaignId_createdAt_id_confirmedAt_disqualifiedAt_re_idx";

CREATE INDEX "Entry_campaignId_createdAt_id_confirmedAt_disqualifiedAt_re_idx" ON "Entry"("campaignId", "createdAt", "id" COLLATE "C", "confirmedAt", "disqualifiedAt", "referralCredited", "referrerId", "bonusEntries");
