/**
 * Campaign analytics (decision 018): real figures, counted by the database, for the campaign's
 * owner only. The per-day and per-domain groupings need an expression each database spells its own
 * way; everything else is plain Prisma.
 */
import { ENTRY_CSV_HEADER, type ExportedEntry, entryCsvValues, hasMarketingConsent } from "../../domain/entries-export";
import { type ExportedAction, type ExportedCompletion, actionCsvHeader, actionCsvValues } from "../../domain/entry-action-export";
import { type DayCount, zonedDayCounts } from "../../domain/dashboard";
import { utcHourKey } from "../../domain/hourly-series";
import { pagedCsvStream } from "../core/csv-stream.server";
import { clientProvider, getPrisma, prisma, Prisma } from "../core/db.server";

/** The owner's campaign with what the analytics page shows beside the figures, or null. */
export function ownCampaignForAnalytics(userId: string, campaignId: string) {
  return prisma.campaign.findFirst({
    where: { id: campaignId, creatorId: userId },
    include: {
      plan: { select: { name: true, aiCredits: true } },
      orders: { where: { prizeRank: 1 }, take: 1 },
      additionalPrizes: { orderBy: { rank: "asc" } },
    },
  });
}
export type AnalyticsCampaign = NonNullable<Awaited<ReturnType<typeof ownCampaignForAnalytics>>>;

export interface EntryFigures {
  /** Counted entries: confirmed and not disqualified (decision 038). */
  total: number;
  /** Counted entries that came through a shared link and earned their referrer the bonus. */
  referral: number;
  direct: number;
  /** Entries still waiting for their email confirmation: not counted anywhere else. */
  pending: number;
}

/** The entries that count (decision 038): every figure, chart and export but `pending` uses only these. */
export const COUNTED_ENTRY = { confirmedAt: { not: null }, disqualifiedAt: null } as const;

/** The same condition in raw SQL, for the groupings Prisma cannot express. */
const COUNTED_ENTRY_SQL = Prisma.sql`"confirmedAt" IS NOT NULL AND "disqualifiedAt" IS NULL`;

export async function entryFigures(campaignId: string): Promise<EntryFigures> {
  const [groups, pending] = await Promise.all([
    prisma.entry.groupBy({ by: ["referralCredited"], where: { campaignId, ...COUNTED_ENTRY }, _count: { _all: true } }),
    prisma.entry.count({ where: { campaignId, confirmedAt: null, disqualifiedAt: null } }),
  ]);
  const referral = groups.find((g) => g.referralCredited)?._count._all ?? 0;
  const direct = groups.find((g) => !g.referralCredited)?._count._all ?? 0;
  return { total: referral + direct, referral, direct, pending };
}

const postgres = () => clientProvider(getPrisma()) === "postgresql";

/**
 * Entries per day of the campaign's zone (decision 096). Both databases hold UTC (PostgreSQL a
 * timestamp without time zone, SQLite ISO 8601 text, which strftime reads, offset included) and
 * group by UTC quarter hour; the quarters are then added up per day on the zone's clocks, the same
 * way for both (SQLite knows no zones).
 */
export async function entriesPerDay(campaignId: string, zone: string): Promise<DayCount[]> {
  const rows = postgres()
    ? await prisma.$queryRaw<{ day: string; count: bigint | number }[]>(Prisma.sql`
        SELECT to_char("createdAt", 'YYYY-MM-DD"T"HH24:') || lpad((floor(extract(minute FROM "createdAt") / 15) * 15)::int::text, 2, '0') AS day,
          COUNT(*) AS count
        FROM "Entry" WHERE "campaignId" = ${campaignId} AND ${COUNTED_ENTRY_SQL}
        GROUP BY 1 ORDER BY 1`)
    : await prisma.$queryRaw<{ day: string; count: bigint | number }[]>(Prisma.sql`
        SELECT strftime('%Y-%m-%dT%H:', "createdAt") || printf('%02d', (CAST(strftime('%M', "createdAt") AS INTEGER) / 15) * 15) AS day,
          COUNT(*) AS count
        FROM "Entry" WHERE "campaignId" = ${campaignId} AND ${COUNTED_ENTRY_SQL}
        GROUP BY 1 ORDER BY 1`);
  const quarters = rows.filter((row) => row.day).map((row) => ({ day: row.day, count: Number(row.count) }));
  return zonedDayCounts(quarters, zone);
}

/** Entries per UTC hour since `from` (advanced analytics), keyed "yyyy-mm-ddThh". */
export async function entriesPerHour(campaignId: string, from: Date): Promise<DayCount[]> {
  const rows = postgres()
    ? await prisma.$queryRaw<{ day: string; count: bigint | number }[]>(Prisma.sql`
        SELECT to_char("createdAt", 'YYYY-MM-DD"T"HH24') AS day, COUNT(*) AS count
        FROM "Entry" WHERE "campaignId" = ${campaignId} AND ${COUNTED_ENTRY_SQL} AND "createdAt" >= ${from}
        GROUP BY 1 ORDER BY 1`)
    : await prisma.$queryRaw<{ day: string; count: bigint | number }[]>(Prisma.sql`
        SELECT strftime('%Y-%m-%dT%H', "createdAt") AS day, COUNT(*) AS count
        FROM "Entry" WHERE "campaignId" = ${campaignId} AND ${COUNTED_ENTRY_SQL} AND strftime('%Y-%m-%dT%H', "createdAt") >= ${utcHourKey(from)}
        GROUP BY 1 ORDER BY 1`);
  return rows.filter((row) => row.day).map((row) => ({ day: row.day, count: Number(row.count) }));
}

export interface ReferrerCount {
  email: string;
  /** Counted entries this entrant's link brought in (each earned the bonus). */
  referrals: number;
}

export const TOP_REFERRERS = 5;

/** The entrants whose shared links brought the most counted entries (advanced analytics). */
export async function topReferrers(campaignId: string, limit = TOP_REFERRERS): Promise<ReferrerCount[]> {
  const groups = await prisma.entry.groupBy({
    by: ["referrerId"],
    where: { campaignId, referralCredited: true, referrerId: { not: null }, ...COUNTED_ENTRY },
    _count: { referrerId: true },
    orderBy: [{ _count: { referrerId: "desc" } }, { referrerId: "asc" }],
    take: limit,
  });
  const ids = groups.map((g) => g.referrerId).filter((id): id is string => id !== null);
  const referrers = await prisma.entry.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const emails = new Map(referrers.map((r) => [r.id, r.email]));
  return groups.map((g) => ({ email: emails.get(g.referrerId ?? "") ?? "(entry removed)", referrals: g._count.referrerId }));
}

export interface DomainCount {
  domain: string;
  count: number;
}

export const TOP_DOMAINS = 5;

/**
 * The most common email domains (of the normalised, lower-cased address), most entries first, among
 * entrants who have not erased their data (an erased address has no domain, decision 054). The
 * domain is what follows the last "@" (a quoted local part may hold one too). SQLite has no regular
 * expressions: rtrim() with every character but "@" strips the domain, leaving the prefix to remove.
 */
export async function topEmailDomains(campaignId: string, limit = TOP_DOMAINS): Promise<DomainCount[]> {
  const rows = postgres()
    ? await prisma.$queryRaw<{ domain: string; count: bigint | number }[]>(Prisma.sql`
        SELECT substring("emailNormalized" from '[^@]*$') AS domain, COUNT(*) AS count
        FROM "Entry" WHERE "campaignId" = ${campaignId} AND ${COUNTED_ENTRY_SQL} AND "erasedAt" IS NULL
        GROUP BY 1 ORDER BY 2 DESC, 1 ASC LIMIT ${limit}`)
    : await prisma.$queryRaw<{ domain: string; count: bigint | number }[]>(Prisma.sql`
        SELECT replace("emailNormalized", rtrim("emailNormalized", replace("emailNormalized", '@', '')), '') AS domain, COUNT(*) AS count
        FROM "Entry" WHERE "campaignId" = ${campaignId} AND ${COUNTED_ENTRY_SQL} AND "erasedAt" IS NULL
        GROUP BY 1 ORDER BY 2 DESC, 1 ASC LIMIT ${limit}`);
  return rows.map((row) => ({ domain: row.domain, count: Number(row.count) }));
}

// ---------------------------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------------------------

// Counted entries only (decision 038): pending and disqualified entries are not leads the campaign
// earned. Each row marks its consent, and only consenting rows carry contact details (decision 057).
const CSV_PAGE_SIZE = 500;

/** Whether the campaign exists and belongs to this user. */
export async function ownsCampaign(userId: string, campaignId: string): Promise<{ title: string; analyticsLevel: string } | null> {
  return prisma.campaign.findFirst({ where: { id: campaignId, creatorId: userId }, select: { title: true, analyticsLevel: true } });
}

/** One page of entries in a stable order (creation time, then id), with each entry's credited referrals. */
async function entryPage(campaignId: string, after: { createdAt: Date; id: string } | null) {
  const entries = await prisma.entry.findMany({
    where: {
      campaignId,
      ...COUNTED_ENTRY,
      // An entrant who erased their data (decision 054) stays as a row with its id and status "erased"
      // and nothing personal, so the brand can delete that lead from its own copies (decision 057).
      ...(after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: CSV_PAGE_SIZE,
    select: {
      id: true,
      email: true,
      phoneNumber: true,
      createdAt: true,
      confirmedAt: true,
      bonusEntries: true,
      marketingConsent: true,
      marketingConsentAt: true,
      marketingWithdrawnAt: true,
      marketingWordingId: true,
      erasedAt: true,
    },
  });
  const credited = entries.length
    ? await prisma.entry.groupBy({
        by: ["referrerId"],
        where: { referrerId: { in: entries.map((e) => e.id) }, referralCredited: true, ...COUNTED_ENTRY },
        _count: { _all: true },
      })
    : [];
  const referrals = new Map(credited.map((row) => [row.referrerId, row._count._all]));
  const wordingIds = [...new Set(entries.flatMap((e) => (e.marketingWordingId ? [e.marketingWordingId] : [])))];
  const wordings = wordingIds.length
    ? await prisma.consentWording.findMany({ where: { id: { in: wordingIds } }, select: { id: true, version: true } })
    : [];
  const versions = new Map(wordings.map((w) => [w.id, w.version]));
  return entries.map(({ marketingWordingId, ...entry }): ExportedEntry => ({
    ...entry,
    referrals: referrals.get(entry.id) ?? 0,
    marketingWordingVersion: marketingWordingId ? (versions.get(marketingWordingId) ?? null) : null,
  }));
}

/** The campaign's entry actions in their order, for the export's columns (decision 079). */
function exportedActions(campaignId: string): Promise<ExportedAction[]> {
  return prisma.entryAction.findMany({
    where: { campaignId },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true, kind: true, label: true },
  });
}

/** The completions of one page's entries, by entry, oldest first. */
async function pageCompletions(entryIds: string[]): Promise<Map<string, ExportedCompletion[]>> {
  const rows = await prisma.actionCompletion.findMany({
    where: { entryId: { in: entryIds } },
    orderBy: [{ completedAt: "asc" }, { id: "asc" }],
    select: { entryId: true, actionId: true, answer: true, disqualifiedAt: true },
  });
  const byEntry = new Map<string, ExportedCompletion[]>();
  for (const row of rows) {
    const list = byEntry.get(row.entryId) ?? [];
    list.push({ actionId: row.actionId, answer: row.answer, disqualified: row.disqualifiedAt !== null });
    byEntry.set(row.entryId, list);
  }
  return byEntry;
}

/**
 * The campaign's entries as CSV, read a page at a time while the response is sent, so a campaign
 * with a hundred thousand entries never sits in memory at once. A campaign with entry actions adds
 * a column per action (decision 079), read with each page.
 */
export function entriesCsvStream(campaignId: string): ReadableStream<Uint8Array> {
  let actions: ExportedAction[] = [];
  return pagedCsvStream({
    label: `analytics: entries export of ${campaignId}`,
    pageSize: CSV_PAGE_SIZE,
    header: async () => {
      actions = await exportedActions(campaignId);
      return [...ENTRY_CSV_HEADER, ...actionCsvHeader(actions)];
    },
    page: (after: { createdAt: Date; id: string } | null) => entryPage(campaignId, after),
    lines: async (rows) => {
      const done = actions.length ? await pageCompletions(rows.map((row) => row.id)) : new Map<string, ExportedCompletion[]>();
      return rows.map((row) => [
        ...entryCsvValues(row),
        ...actionCsvValues(actions, done.get(row.id) ?? [], { consent: hasMarketingConsent(row), erased: row.erasedAt !== null }),
      ]);
    },
  });
}
