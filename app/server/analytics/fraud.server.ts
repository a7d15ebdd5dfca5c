/**
 * Fraud review (decision 041): the creator's list of entries worth a second look, and the
 * disqualify / restore writes.
 *
 * Finding: each pattern is one grouped query (GROUP BY / HAVING, or a join) that returns only the
 * candidates, then a pure function of app/domain/fraud.ts words it. A campaign with 100,000 entries
 * never comes into memory whole; each pattern lists at most FRAUD_RULES.listedPerPattern entries.
 *
 * Writing: every change to which entries count goes through one conditional update of the campaign
 * row with `listFrozenAt: null` (the shared design's invariant), so the freeze, which first sets
 * listFrozenAt with its own conditional update, never sees a list that is still changing.
 */
import { CampaignStatus } from "../../domain/campaign-status";
import {
  browserGroups,
  burstGroup,
  type DisqualifyReason,
  type FlagGroup,
  type FlagPoint,
  findBursts,
  FRAUD_RULES,
  isDisqualifyReason,
  LOOK_ALIKE_STRIPPED,
  lookAlikeGroup,
  lookAlikeKey,
  networkGroups,
  referralDomainGroups,
  referralNetworkGroups,
  type RefereeDomainSet,
  REVIEW_MESSAGES,
  REVIEW_PAGE_SIZE,
  reviewPage,
  type FraudReviewData,
  type ReviewEntry,
  unconfirmedRefereeGroups,
} from "../../domain/fraud";
import { clientProvider, getPrisma, prisma, Prisma } from "../core/db.server";
import { REFERRAL_BONUS_ENTRIES } from "../../domain/entries";
import { creditedFriends } from "../entries/confirm.server";

const postgres = () => clientProvider(getPrisma()) === "postgresql";

/** A time from a raw query: a Date (both databases, typed columns), or ISO text / ms, to be safe. */
function toMs(value: Date | string | number | bigint): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "string") return Date.parse(value);
  return Number(value);
}

type RawTime = Date | string | number | bigint;

/**
 * Entries whose network (or browser) is shared by at least `min` entries, grouped by it: one pass
 * over the campaign's entries (a window count), returning only those rows.
 */
async function pointsSharing(campaignId: string, field: "ipNetwork" | "browserId", min: number): Promise<Map<string, FlagPoint[]>> {
  const column = Prisma.raw(`"${field}"`);
  const rows = await prisma.$queryRaw<{ id: string; at: RawTime; value: string }[]>(Prisma.sql`
    SELECT t."id" AS "id", t."createdAt" AS "at", t."value" AS "value" FROM (
      SELECT "id", "createdAt", ${column} AS "value", COUNT(*) OVER (PARTITION BY ${column}) AS "n"
      FROM "Entry" WHERE "campaignId" = ${campaignId} AND ${column} IS NOT NULL
    ) t WHERE t."n" >= ${min}`);
  const byValue = new Map<string, FlagPoint[]>();
  for (const row of rows) {
    const list = byValue.get(row.value) ?? [];
    list.push({ id: row.id, at: toMs(row.at) });
    byValue.set(row.value, list);
  }
  return byValue;
}

async function networkFlags(campaignId: string): Promise<FlagGroup[]> {
  const byNetwork = await pointsSharing(campaignId, "ipNetwork", FRAUD_RULES.networkEntries);
  return [...byNetwork].flatMap(([network, points]) => networkGroups(network, points));
}

async function browserFlags(campaignId: string): Promise<FlagGroup[]> {
  const byBrowser = await pointsSharing(campaignId, "browserId", FRAUD_RULES.browserEntries);
  return [...byBrowser.values()].flatMap((points) => browserGroups(points));
}

/** Entries per UTC minute that had any (both databases hold UTC; see figures.server.ts). */
async function entriesPerMinute(campaignId: string): Promise<{ minute: number; count: number }[]> {
  const rows = postgres()
    ? await prisma.$queryRaw<{ minute: string; count: bigint | number }[]>(Prisma.sql`
        SELECT to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI') AS minute, COUNT(*) AS count
        FROM "Entry" WHERE "campaignId" = ${campaignId}
        GROUP BY 1`)
    : await prisma.$queryRaw<{ minute: string; count: bigint | number }[]>(Prisma.sql`
        SELECT strftime('%Y-%m-%dT%H:%M', "createdAt") AS minute, COUNT(*) AS count
        FROM "Entry" WHERE "campaignId" = ${campaignId}
        GROUP BY 1`);
  return rows.filter((row) => row.minute).map((row) => ({ minute: Date.parse(`${row.minute}:00Z`), count: Number(row.count) }));
}

/** At most this many bursts are looked up (the biggest); more would say nothing new. */
const MAX_BURSTS = 50;

async function burstFlags(campaign: ReviewCampaign, now: Date): Promise<FlagGroup[]> {
  const minutes = await entriesPerMinute(campaign.id);
  if (minutes.length === 0) return [];
  const first = minutes.reduce((min, m) => Math.min(min, m.minute), Infinity);
  const last = minutes.reduce((max, m) => Math.max(max, m.minute), -Infinity) + 60_000;
  const from = Math.min(campaign.startDate?.getTime() ?? first, first);
  const until = Math.max(last, Math.min(now.getTime(), campaign.endDate?.getTime() ?? now.getTime()));
  const bursts = findBursts(minutes, until - from)
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_BURSTS);
  return Promise.all(
    bursts.map(async (burst) => {
      const rows = await prisma.entry.findMany({
        where: { campaignId: campaign.id, createdAt: { gte: new Date(burst.from), lt: new Date(burst.to) } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: FRAUD_RULES.listedPerPattern,
        select: { id: true, createdAt: true },
      });
      return burstGroup(
        burst,
        rows.map((r) => ({ id: r.id, at: r.createdAt.getTime() })),
      );
    }),
  );
}

/** Referred entries that came from their referrer's network (a join: only those rows come back). */
async function referralNetworkFlags(campaignId: string): Promise<FlagGroup[]> {
  const rows = await prisma.$queryRaw<{ id: string; at: RawTime; referrerId: string; referrerAt: RawTime; network: string }[]>(Prisma.sql`
    SELECT r."id" AS "id", r."createdAt" AS "at", r."referrerId" AS "referrerId", x."createdAt" AS "referrerAt", r."ipNetwork" AS "network"
    FROM "Entry" r JOIN "Entry" x ON x."id" = r."referrerId"
    WHERE r."campaignId" = ${campaignId} AND x."campaignId" = ${campaignId}
      AND r."ipNetwork" IS NOT NULL AND r."ipNetwork" = x."ipNetwork"`);
  return referralNetworkGroups(rows.map((r) => ({ ...r, at: toMs(r.at), referrerAt: toMs(r.referrerAt) })));
}

/**
 * Referrers with several confirmed, credited referrals at one domain (decision 103): one pass with
 * window counts per referrer and domain, returning at most the listed referrals of each set; the
 * public providers are left out by referralDomainGroups.
 */
async function referralDomainFlags(campaignId: string): Promise<FlagGroup[]> {
  const email = Prisma.sql`lower("emailNormalized")`;
  const domain = postgres()
    ? Prisma.sql`substr(${email}, strpos(${email}, '@') + 1)`
    : Prisma.sql`substr(${email}, instr(${email}, '@') + 1)`;
  const rows = await prisma.$queryRaw<{ id: string; at: RawTime; referrerId: string; domain: string; n: bigint | number }[]>(Prisma.sql`
    SELECT t."id" AS "id", t."createdAt" AS "at", t."referrerId" AS "referrerId", t."domain" AS "domain", t."n" AS "n" FROM (
      SELECT "id", "createdAt", "referrerId", ${domain} AS "domain",
        COUNT(*) OVER (PARTITION BY "referrerId", ${domain}) AS "n",
        ROW_NUMBER() OVER (PARTITION BY "referrerId", ${domain} ORDER BY "createdAt", "id") AS "rn"
      FROM "Entry"
      WHERE "campaignId" = ${campaignId} AND "referrerId" IS NOT NULL AND "referralCredited" = ${true} AND "confirmedAt" IS NOT NULL
    ) t WHERE t."n" >= ${FRAUD_RULES.referralDomain} AND t."rn" <= ${FRAUD_RULES.listedPerPattern}`);
  if (rows.length === 0) return [];
  const referrers = await prisma.entry.findMany({
    where: { campaignId, id: { in: [...new Set(rows.map((row) => row.referrerId))] } },
    select: { id: true, createdAt: true },
  });
  const referrerAt = new Map(referrers.map((r) => [r.id, r.createdAt.getTime()]));
  const sets = new Map<string, RefereeDomainSet>();
  for (const row of rows) {
    const at = referrerAt.get(row.referrerId);
    if (at === undefined) continue;
    const key = `${row.referrerId}\n${row.domain}`;
    const set = sets.get(key) ?? { referrer: { id: row.referrerId, at }, domain: row.domain, referred: Number(row.n), referees: [] };
    set.referees.push({ id: row.id, at: toMs(row.at) });
    sets.set(key, set);
  }
  return referralDomainGroups([...sets.values()]);
}

/** Referrers with several referred entries and not one confirmed. */
async function unconfirmedRefereeFlags(campaignId: string): Promise<FlagGroup[]> {
  const rows = await prisma.$queryRaw<{ referrerId: string; referrerAt: RawTime; referred: bigint | number }[]>(Prisma.sql`
    SELECT t."referrerId" AS "referrerId", x."createdAt" AS "referrerAt", t."referred" AS "referred" FROM (
      SELECT "referrerId", COUNT(*) AS "referred" FROM "Entry"
      WHERE "campaignId" = ${campaignId} AND "referrerId" IS NOT NULL
      GROUP BY "referrerId"
      HAVING COUNT(*) >= ${FRAUD_RULES.unconfirmedReferees} AND COUNT("confirmedAt") = 0
    ) t JOIN "Entry" x ON x."id" = t."referrerId" AND x."campaignId" = ${campaignId}`);
  return unconfirmedRefereeGroups(
    rows.map((r) => ({ referrerId: r.referrerId, referrerAt: toMs(r.referrerAt), referred: Number(r.referred), confirmed: 0 })),
  );
}

/**
 * lookAlikeKey in SQL: the lower-cased local part (before the first "@") without the characters
 * LOOK_ALIKE_STRIPPED lists, "@", the lower-cased domain. Literals, not parameters: PostgreSQL
 * matches a PARTITION BY expression to the same text.
 */
function lookAlikeKeySql(): Prisma.Sql {
  const email = Prisma.sql`lower("emailNormalized")`;
  const at = postgres() ? Prisma.sql`strpos(${email}, '@')` : Prisma.sql`instr(${email}, '@')`;
  let local = Prisma.sql`substr(${email}, 1, ${at} - 1)`;
  for (const ch of LOOK_ALIKE_STRIPPED) local = Prisma.sql`replace(${local}, ${Prisma.raw(`'${ch}'`)}, '')`;
  return Prisma.sql`(${local} || '@' || substr(${email}, ${at} + 1))`;
}

/** Look-alike sets: one pass with window counts, returning at most the listed entries of each set. */
async function lookAlikeFlags(campaignId: string): Promise<FlagGroup[]> {
  const key = lookAlikeKeySql();
  const rows = await prisma.$queryRaw<{ id: string; at: RawTime; email: string; n: bigint | number }[]>(Prisma.sql`
    SELECT t."id" AS "id", t."createdAt" AS "at", t."email" AS "email", t."n" AS "n" FROM (
      SELECT "id", "createdAt", "emailNormalized" AS "email",
        COUNT(*) OVER (PARTITION BY ${key}) AS "n",
        ROW_NUMBER() OVER (PARTITION BY ${key} ORDER BY "createdAt", "id") AS "rn"
      FROM "Entry" WHERE "campaignId" = ${campaignId}
    ) t WHERE t."n" >= ${FRAUD_RULES.lookAlikes} AND t."rn" <= ${FRAUD_RULES.listedPerPattern}`);
  const sets = new Map<string, { domain: string; count: number; points: FlagPoint[] }>();
  for (const row of rows) {
    const key = lookAlikeKey(row.email);
    if (!key) continue;
    const id = `${key.local}@${key.domain}`;
    const set = sets.get(id) ?? { domain: key.domain, count: Number(row.n), points: [] };
    set.points.push({ id: row.id, at: toMs(row.at) });
    sets.set(id, set);
  }
  return [...sets.values()].map((set) => lookAlikeGroup(set.domain, set.count, set.points));
}

/** Every pattern of the campaign, each a group of entries with a sentence and a count. */
export async function fraudFlags(campaign: ReviewCampaign, now: Date = new Date()): Promise<FlagGroup[]> {
  const found = await Promise.all([
    networkFlags(campaign.id),
    browserFlags(campaign.id),
    burstFlags(campaign, now),
    referralNetworkFlags(campaign.id),
    referralDomainFlags(campaign.id),
    unconfirmedRefereeFlags(campaign.id),
    lookAlikeFlags(campaign.id),
  ]);
  return found.flat();
}

// ---------------------------------------------------------------------------------------------
// The review section's data
// ---------------------------------------------------------------------------------------------

export interface ReviewCampaign {
  id: string;
  timeZone: string;
  status: string;
  startDate: Date | null;
  endDate: Date | null;
  listFrozenAt: Date | null;
  winnerEntryId: string | null;
}

/** The most disqualified entries listed (newest first) for restoring. */
export const DISQUALIFIED_LISTED = 200;

export function lockedReason(campaign: ReviewCampaign): string | null {
  if (campaign.listFrozenAt) return REVIEW_MESSAGES.frozen;
  if (campaign.status === CampaignStatus.completed || campaign.winnerEntryId) return REVIEW_MESSAGES.drawn;
  return null;
}

const entrySelect = {
  id: true,
  email: true,
  createdAt: true,
  confirmedAt: true,
  disqualifiedAt: true,
  disqualifyReason: true,
  disqualifyNote: true,
} as const;

type EntryRow = Prisma.EntryGetPayload<{ select: typeof entrySelect }>;

function reviewEntry(row: EntryRow, reasons: ReviewEntry["reasons"]): ReviewEntry {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    state: row.disqualifiedAt ? "disqualified" : row.confirmedAt ? "counted" : "pending",
    disqualifyReason: row.disqualifiedAt && isDisqualifyReason(row.disqualifyReason) ? row.disqualifyReason : null,
    disqualifyNote: row.disqualifiedAt ? row.disqualifyNote : null,
    reasons,
  };
}

/** The analytics page's "Entries to review": patterns, one page of flagged entries, the disqualified ones. */
export async function fraudReview(campaign: ReviewCampaign, page: number, now: Date = new Date()): Promise<FraudReviewData> {
  const [groups, disqualifiedRows, disqualifiedTotal] = await Promise.all([
    fraudFlags(campaign, now),
    prisma.entry.findMany({
      where: { campaignId: campaign.id, disqualifiedAt: { not: null } },
      orderBy: [{ disqualifiedAt: "desc" }, { id: "asc" }],
      take: DISQUALIFIED_LISTED,
      select: entrySelect,
    }),
    prisma.entry.count({ where: { campaignId: campaign.id, disqualifiedAt: { not: null } } }),
  ]);
  const review = reviewPage(groups, page, REVIEW_PAGE_SIZE);
  const details = await prisma.entry.findMany({
    where: { campaignId: campaign.id, id: { in: review.rows.map((r) => r.id) } },
    select: entrySelect,
  });
  const byId = new Map(details.map((row) => [row.id, row]));
  return {
    timeZone: campaign.timeZone,
    locked: lockedReason(campaign),
    groups: review.groups,
    listed: review.listed,
    page: review.page,
    pages: review.pages,
    entries: review.rows.flatMap((row) => {
      const detail = byId.get(row.id);
      return detail ? [reviewEntry(detail, row.reasons)] : [];
    }),
    disqualified: { total: disqualifiedTotal, entries: disqualifiedRows.map((row) => reviewEntry(row, [])) },
  };
}

// ---------------------------------------------------------------------------------------------
// Disqualify and restore
// ---------------------------------------------------------------------------------------------

export type ReviewResult =
  | { ok: true; title: string; description: string }
  | { ok: false; status: number; message: string; field?: "entryId" | "reason" | "claimId" };

/** Thrown inside a transaction to roll it back and answer with this result (the claim review's writes too). */
export class Refused extends Error {
  constructor(readonly result: Extract<ReviewResult, { ok: false }>) {
    super(result.message);
  }
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * Takes the campaign row for this change (the conditional update every change to counted entries
 * makes) and returns its counters, or refuses when the list is frozen or the winner drawn.
 */
export async function lockCampaign(tx: Prisma.TransactionClient, campaignId: string, frozenMessage: string, now: Date) {
  const taken = await tx.campaign.updateMany({
    where: { id: campaignId, listFrozenAt: null, status: CampaignStatus.active, winnerEntryId: null },
    data: { updatedAt: now },
  });
  if (taken.count !== 1) {
    const campaign = await tx.campaign.findUnique({ where: { id: campaignId }, select: { listFrozenAt: true } });
    if (!campaign) throw new Refused({ ok: false, status: 404, message: "Campaign not found." });
    throw new Refused({ ok: false, status: 409, message: campaign.listFrozenAt ? frozenMessage : REVIEW_MESSAGES.drawn });
  }
  return tx.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { entryCount: true, entryLimit: true, referralCap: true } });
}

async function selectedEntries(tx: Prisma.TransactionClient, campaignId: string, ids: string[]) {
  const rows = await tx.entry.findMany({
    where: { campaignId, id: { in: ids } },
    select: { id: true, confirmedAt: true, disqualifiedAt: true, referrerId: true, referralCredited: true },
  });
  if (rows.length !== ids.length) {
    throw new Refused({ ok: false, status: 400, message: REVIEW_MESSAGES.notEntries, field: "entryId" });
  }
  return rows;
}

/**
 * Referrers' bonus change for these counted entries changing state (+3 or -3 per credited referral).
 * Restored friends past the campaign's referral cap (decision 104: others earned the bonus meanwhile)
 * stop earning it: they lose their credit, the latest made first, and their referrer gets nothing for them.
 */
async function adjustReferrers(
  tx: Prisma.TransactionClient,
  campaignId: string,
  changed: { id: string; referrerId: string | null; referralCredited: boolean }[],
  sign: 1 | -1,
  referralCap: number | null = null,
) {
  const perReferrer = new Map<string, string[]>();
  for (const entry of changed) {
    if (entry.referralCredited && entry.referrerId)
      perReferrer.set(entry.referrerId, [...(perReferrer.get(entry.referrerId) ?? []), entry.id]);
  }
  for (const [referrerId, friends] of perReferrer) {
    let n = friends.length;
    if (sign > 0 && referralCap !== null) {
      const over = Math.min(n, (await creditedFriends(tx, referrerId)) - referralCap);
      if (over > 0) {
        const latest = await tx.entry.findMany({
          where: { id: { in: friends } },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: over,
          select: { id: true },
        });
        await tx.entry.updateMany({ where: { id: { in: latest.map((e) => e.id) } }, data: { referralCredited: false } });
        n -= over;
      }
    }
    if (n === 0) continue;
    await tx.entry.updateMany({
      where: { id: referrerId, campaignId },
      data: { bonusEntries: sign > 0 ? { increment: REFERRAL_BONUS_ENTRIES * n } : { decrement: REFERRAL_BONUS_ENTRIES * n } },
    });
  }
}

export async function inTransaction(work: (tx: Prisma.TransactionClient) => Promise<ReviewResult>): Promise<ReviewResult> {
  try {
    return await prisma.$transaction(work);
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/**
 * Disqualifies entries of the campaign (before the freeze only). A counted entry stops counting
 * (entryCount -1) and, when it earned its referrer a bonus, takes that bonus back (-3); a pending
 * entry is only marked (it never counted). Entries already disqualified keep their time and counters;
 * their reason and note become the new ones, so posting the same form twice changes nothing.
 */
export async function disqualifyEntries(
  campaignId: string,
  ids: string[],
  reason: DisqualifyReason,
  note: string | null,
  now: Date = new Date(),
): Promise<ReviewResult> {
  return inTransaction(async (tx) => {
    await lockCampaign(tx, campaignId, REVIEW_MESSAGES.frozen, now);
    const entries = await selectedEntries(tx, campaignId, ids);
    const fresh = entries.filter((e) => !e.disqualifiedAt);
    const counted = fresh.filter((e) => e.confirmedAt);
    if (fresh.length > 0) {
      await tx.entry.updateMany({
        where: { campaignId, id: { in: fresh.map((e) => e.id) }, disqualifiedAt: null },
        data: { disqualifiedAt: now, disqualifyReason: reason, disqualifyNote: note },
      });
    }
    const again = entries.filter((e) => e.disqualifiedAt);
    if (again.length > 0) {
      await tx.entry.updateMany({
        where: { campaignId, id: { in: again.map((e) => e.id) } },
        data: { disqualifyReason: reason, disqualifyNote: note },
      });
    }
    if (counted.length > 0) {
      await tx.campaign.update({ where: { id: campaignId }, data: { entryCount: { decrement: counted.length } } });
      await adjustReferrers(tx, campaignId, counted, -1);
    }
    const description =
      fresh.length === 0
        ? `${entries.length === 1 ? "The entry was" : "These entries were"} already disqualified; the reason and note are updated.`
        : `${plural(fresh.length, "entry is", "entries are")} out of the draw.` +
          (again.length > 0 ? ` ${plural(again.length, "was", "were")} already disqualified.` : "");
    return { ok: true, title: fresh.length === 1 ? "Entry disqualified" : "Entries disqualified", description };
  });
}

/**
 * Restores disqualified entries (before the freeze only). A confirmed entry counts again, which the
 * entry limit must allow (all of the batch, or none of it), and gives its referrer the bonus back.
 */
export async function restoreEntries(campaignId: string, ids: string[], now: Date = new Date()): Promise<ReviewResult> {
  return inTransaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId, REVIEW_MESSAGES.frozenRestore, now);
    const entries = await selectedEntries(tx, campaignId, ids);
    const back = entries.filter((e) => e.disqualifiedAt);
    const counted = back.filter((e) => e.confirmedAt);
    // The row is ours until the transaction ends, so its count cannot move under this check.
    if (counted.length > 0 && campaign.entryLimit !== null && campaign.entryCount + counted.length > campaign.entryLimit) {
      const room = Math.max(0, campaign.entryLimit - campaign.entryCount);
      throw new Refused({
        ok: false,
        status: 409,
        message:
          room === 0
            ? `This giveaway has reached its limit of ${plural(campaign.entryLimit, "entry", "entries")}, so no entry can be restored.`
            : `Only ${plural(room, "more entry fits", "more entries fit")} under this giveaway's limit of ${campaign.entryLimit.toLocaleString("en-US")}; select fewer entries to restore.`,
      });
    }
    if (back.length > 0) {
      await tx.entry.updateMany({
        where: { campaignId, id: { in: back.map((e) => e.id) }, disqualifiedAt: { not: null } },
        data: { disqualifiedAt: null, disqualifyReason: null, disqualifyNote: null },
      });
    }
    if (counted.length > 0) {
      await tx.campaign.update({ where: { id: campaignId }, data: { entryCount: { increment: counted.length } } });
      await adjustReferrers(tx, campaignId, counted, 1, campaign.referralCap);
    }
    return back.length === 0
      ? {
          ok: true,
          title: "Nothing to restore",
          description: `${entries.length === 1 ? "The entry is" : "These entries are"} not disqualified.`,
        }
      : {
          ok: true,
          title: back.length === 1 ? "Entry restored" : "Entries restored",
          description: `${plural(back.length, "entry is", "entries are")} back in the giveaway.`,
        };
  });
}
