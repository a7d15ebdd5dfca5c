-- Decision 066: Yahoo addresses are no longer merged at a "-" (a disposable address's base name is
-- not its owner's Yahoo ID), so "anne-marie@yahoo.com" is its own entrant again. Entries stored under
-- the old key ("anne@yahoo.com") get the key canonicalEmail now gives: the whole address, lower-cased,
-- without the domain's trailing dots. Only ASCII addresses (SQL's lower() and JavaScript's agree on
-- those; Yahoo has no others), and never onto a key another entry of the campaign already holds.
UPDATE "Entry"
SET "emailNormalized" = rtrim(lower("email"), '.')
WHERE "erasedAt" IS NULL
  AND "email" ~ '^[ -~]*$'
  AND "emailNormalized" <> rtrim(lower("email"), '.')
  AND (
    rtrim(lower("email"), '.') LIKE '%-%@yahoo.com'
    OR rtrim(lower("email"), '.') LIKE '%-%@ymail.com'
    OR rtrim(lower("email"), '.') LIKE '%-%@rocketmail.com'
    OR rtrim(lower("email"), '.') LIKE '%-%@yahoo.co.uk'
    OR rtrim(lower("email"), '.') LIKE '%-%@yahoo.fr'
    OR rtrim(lower("email"), '.') LIKE '%-%@yahoo.de'
    OR rtrim(lower("email"), '.') LIKE '%-%@yahoo.ca'
    OR rtrim(lower("email"), '.') LIKE '%-%@yahoo.com.au'
  )
  AND NOT EXISTS (
    SELECT 1 FROM "Entry" AS "other"
    WHERE "other"."campaignId" = "Entry"."campaignId" AND "other"."emailNormalized" = rtrim(lower("Entry"."email"), '.')
  );
