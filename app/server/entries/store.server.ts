/**
 * The entry path's reads and its one write, on the process's driver connection (decision 062,
 * core/driver.server.ts).
 *
 * A giveaway's traffic is a spike of entries; through Prisma an entry cost five queries, an
 * interactive transaction and about 35 % of its CPU time. Here the same statements run on a
 * long-lived driver connection of the process's own (better-sqlite3, or a small pg pool), the
 * pending entry and its confirmation email are written together in one transaction (SQLite) or one
 * statement (PostgreSQL), and the campaign's gate is read with the fields the email needs. Since
 * decision 063 that read is remembered for a moment and only chooses the path: the write checks the
 * gate, the address's limit and the referrer itself. Everything else (confirmations, the verified entrant's path, repeats) stays with Prisma.
 *
 * The rows written are the rows Prisma wrote: the same columns, the same DateTime text on SQLite
 * (core/db.server.ts, sqliteTimestamp) and timestamp(3) on PostgreSQL; tests compare the two.
 */
import { LRUCache } from "lru-cache";
import { CampaignStatus } from "../../domain/campaign-status";
import { getConfig } from "../core/config.server";
import { EMAIL_BRAND_CAMPAIGN_FIELDS } from "../email/brand.server";
import { type OutboundEmail, type Prisma, type PrismaClient, prisma, sqliteTimestamp } from "../core/db.server";
import { type PostgresDriver, type SqliteDriver, driverFor } from "../core/driver.server";
import { groupCommit } from "../core/group-commit.server";

/** What taking entries and confirming them needs to know about a campaign: whether it takes them now. */
export const GATE_FIELDS = {
  status: true,
  startDate: true,
  endDate: true,
  entryLimit: true,
  entryCount: true,
  listFrozenAt: true,
} as const;

/** What an entry's emails show of its campaign: its brand (decision 081) among the rest. */
export const CONFIRMATION_CAMPAIGN_FIELDS = {
  ...EMAIL_BRAND_CAMPAIGN_FIELDS,
  endDate: true,
  timeZone: true,
  // The entrants' language (decision 097): the emails' words and dates.
  language: true,
  giveCouponToEntrants: true,
  entrantCouponCode: true,
  entrantCouponDescription: true,
  // The draw's commitment and planned round, in the confirmation emails (decision 093).
  drawCommitment: true,
  drawBeaconRound: true,
  drawBeaconChain: true,
  // The referral cap, said with the referral offer (decision 104).
  referralCap: true,
} as const;

/**
 * The languages the entry path's answer may speak besides the campaign's own (decision 097): the
 * lanes choose the toast's words from the campaign they read anyway, not with a query of their own.
 */
const ENTRY_CAMPAIGN_FIELDS = { ...GATE_FIELDS, ...CONFIRMATION_CAMPAIGN_FIELDS, otherLanguages: true } as const;

/** What taking entries needs to know about a campaign: its gate, and the fields the entry's email shows. */
export type EntryCampaign = Prisma.CampaignGetPayload<{ select: typeof ENTRY_CAMPAIGN_FIELDS }>;

/** A new, pending entry: every column Prisma's create wrote. */
export interface PendingEntryRow {
  id: string;
  campaignId: string;
  email: string;
  emailNormalized: string;
  phoneNumber: string | null;
  referrerId: string | null;
  marketingConsent: boolean;
  termsWordingId: string | null;
  marketingWordingId: string | null;
  marketingConsentAt: Date | null;
  userId: string | null;
  ip: string | null;
  ipNetwork: string | null;
  browserId: string | null;
  createdAt: Date;
}

/** The per-address limit's question: entries from `ip` after `since`, counted up to `limit` only. */
export interface RecentFromIp {
  ip: string | null;
  since: Date;
  limit: number;
}

/** The per-address limit a pending entry's write checks: fewer than `limit` entries from its address after `since`. */
export interface AddressLimit {
  since: Date;
  limit: number;
}

/**
 * What became of a pending entry's write: stored; refused by the unique index (the address entered
 * before); not written because the campaign takes no entries at the entry's time (closed, full,
 * frozen, not yet started or gone), or because its address reached the per-address limit.
 */
export type PendingVerdict = "stored" | "repeat" | "closed" | "rate-limited";

export interface EntryStore {
  /**
   * The campaign (null when there is none) and how many entries came from the address (0 without
   * one), read together: one round trip on PostgreSQL.
   */
  campaignAndRecentEntries(campaignId: string, recent: RecentFromIp): Promise<{ campaign: EntryCampaign | null; recentFromIp: number }>;
  /**
   * The campaign as read at most PUBLIC_PAGE_CACHE_MS ago by this process (one read per campaign
   * per interval, however many entries ask; null when there is none). Its gate only chooses the
   * path: the pending entry's write checks the gate again (decision 063).
   */
  recentCampaign(campaignId: string): Promise<EntryCampaign | null>;
  /** The referring entry's id when it is another address's entry of the same campaign, else null. */
  referrer(referrerId: string, campaignId: string, emailNormalized: string): Promise<string | null>;
  /**
   * Stores the pending entry and its email together, in the write that checks, at the entry's
   * time: the campaign takes entries (`takesEntries`: `closedReason` is null), the address is under
   * its limit, and no entry of the campaign has this normalised address (the unique index). The
   * entry's `referrerId` is kept only when it is another address's entry of the same campaign.
   * Nothing is written unless the verdict is "stored".
   */
  insertPendingEntry(entry: PendingEntryRow, email: OutboundEmail, addressLimit: AddressLimit): Promise<PendingVerdict>;
  /**
   * insertPendingEntry's write, run on its own and rolled back (a worker's warm-up, issue 31): its
   * statements, its transaction and the driver's code have run once before the first entrant's
   * write does. Stores nothing.
   */
  rehearsePendingEntry(entry: PendingEntryRow, email: OutboundEmail, addressLimit: AddressLimit): Promise<void>;
}

/** What a rehearsal throws to roll its transaction back. */
const REHEARSED = Symbol("rehearsed");

/**
 * `closedReason(c, now) === null` (gate.server.ts) in SQL, for campaign `c` at `now`: active,
 * started, not ended, not frozen, under its cap. The two must say the same; a test compares them.
 */
const takesEntries = (now: string) =>
  `c."status" = '${CampaignStatus.active}' AND (c."startDate" IS NULL OR c."startDate" <= ${now})
   AND (c."endDate" IS NULL OR c."endDate" > ${now}) AND c."listFrozenAt" IS NULL
   AND (c."entryLimit" IS NULL OR c."entryCount" < c."entryLimit")`;

const CAMPAIGN_COLUMNS = Object.keys(ENTRY_CAMPAIGN_FIELDS)
  .map((name) => `"${name}"`)
  .join(", ");
const ENTRY_COLUMNS = `"id", "campaignId", "email", "emailNormalized", "phoneNumber", "referrerId", "referralCredited", "bonusEntries",
  "marketingConsent", "agreedToTerms", "termsWordingId", "marketingWordingId", "marketingConsentAt", "userId", "ip", "ipNetwork",
  "browserId", "createdAt"`;
const EMAIL_COLUMNS = `"id", "to", "subject", "html", "text", "replyTo", "fromName", "template", "status", "attempts", "lastError", "nextAttemptAt",
  "sentAt", "dedupeKey", "createdAt"`;

const names = (columns: string) => columns.split(",").map((column) => column.trim().replace(/"/g, ""));
const ENTRY_NAMES = names(ENTRY_COLUMNS);
const EMAIL_NAMES = names(EMAIL_COLUMNS);
/**
 * A batch on PostgreSQL, as one array per column (unnest): the entry's columns, its email's
 * (prefixed), then its address limit, each with its type. One statement text for every batch size,
 * so each connection prepares and plans it once.
 */
const VALUE_NAMES = [...ENTRY_NAMES, ...EMAIL_NAMES.map((name) => `email_${name}`), "limit_since", "limit_count"];
const COLUMN_TYPES: Record<string, string> = {
  referralCredited: "boolean",
  bonusEntries: "int",
  marketingConsent: "boolean",
  agreedToTerms: "boolean",
  marketingConsentAt: "timestamp(3)",
  createdAt: "timestamp(3)",
  email_attempts: "int",
  email_nextAttemptAt: "timestamp(3)",
  email_sentAt: "timestamp(3)",
  email_createdAt: "timestamp(3)",
  limit_since: "timestamp(3)",
  limit_count: "int",
};
const BATCH_ROWS = `unnest(${VALUE_NAMES.map((name, i) => `$${i + 1}::${COLUMN_TYPES[name] ?? "text"}[]`).join(", ")})
  AS v (${VALUE_NAMES.map((name) => `"${name}"`).join(", ")})`;

type Row = Record<string, unknown>;

function campaignFromRow(row: Row | undefined, date: (value: unknown) => Date | null): EntryCampaign | null {
  if (!row) return null;
  return {
    status: String(row.status),
    startDate: date(row.startDate),
    endDate: date(row.endDate),
    timeZone: String(row.timeZone),
    language: String(row.language),
    otherLanguages: String(row.otherLanguages),
    entryLimit: row.entryLimit === null ? null : Number(row.entryLimit),
    referralCap: row.referralCap === null || row.referralCap === undefined ? null : Number(row.referralCap),
    entryCount: Number(row.entryCount),
    listFrozenAt: date(row.listFrozenAt),
    title: String(row.title),
    brandName: String(row.brandName),
    supportEmail: String(row.supportEmail),
    logoUrl: row.logoUrl === null ? null : String(row.logoUrl),
    accentColor: String(row.accentColor),
    productType: String(row.productType),
    finalDesignUrl: row.finalDesignUrl === null ? null : String(row.finalDesignUrl),
    selectedColors: String(row.selectedColors),
    printifyMockups: String(row.printifyMockups),
    customBranding: Boolean(row.customBranding),
    hideGiveawearBranding: Boolean(row.hideGiveawearBranding),
    giveCouponToEntrants: Boolean(row.giveCouponToEntrants),
    entrantCouponCode: String(row.entrantCouponCode),
    entrantCouponDescription: String(row.entrantCouponDescription),
    drawCommitment: row.drawCommitment === null ? null : String(row.drawCommitment),
    drawBeaconRound: row.drawBeaconRound === null ? null : Number(row.drawBeaconRound),
    drawBeaconChain: row.drawBeaconChain === null ? null : String(row.drawBeaconChain),
  };
}

function entryValues(entry: PendingEntryRow, timestamp: (value: Date | null) => unknown, boolean: (value: boolean) => unknown) {
  return [
    entry.id,
    entry.campaignId,
    entry.email,
    entry.emailNormalized,
    entry.phoneNumber,
    entry.referrerId,
    boolean(false),
    0,
    boolean(entry.marketingConsent),
    boolean(true),
    entry.termsWordingId,
    entry.marketingWordingId,
    timestamp(entry.marketingConsentAt),
    entry.userId,
    entry.ip,
    entry.ipNetwork,
    entry.browserId,
    timestamp(entry.createdAt),
  ];
}

function emailValues(email: OutboundEmail, timestamp: (value: Date | null) => unknown) {
  return [
    email.id,
    email.to,
    email.subject,
    email.html,
    email.text,
    email.replyTo,
    email.fromName,
    email.template,
    email.status,
    email.attempts,
    email.lastError,
    timestamp(email.nextAttemptAt),
    timestamp(email.sentAt),
    email.dedupeKey,
    timestamp(email.createdAt),
  ];
}

interface PendingWrite {
  entry: PendingEntryRow;
  email: OutboundEmail;
  addressLimit: AddressLimit;
}

/**
 * `read`, remembered per campaign for PUBLIC_PAGE_CACHE_MS (0: read each time); concurrent askers
 * of one campaign share one read. A campaign that is not there is not remembered.
 */
function recentCampaigns(
  read: (campaignId: string) => Promise<EntryCampaign | null>,
): (campaignId: string) => Promise<EntryCampaign | null> {
  const ttl = getConfig().PUBLIC_PAGE_CACHE_MS;
  if (ttl === 0) return read;
  const cache = new LRUCache<string, EntryCampaign>({
    max: 1000,
    ttl,
    fetchMethod: async (campaignId) => (await read(campaignId)) ?? undefined,
  });
  return async (campaignId) => (await cache.fetch(campaignId)) ?? null;
}

function sqliteStore({ db, whenNotBusy, commit: commitSqlite }: SqliteDriver): EntryStore {
  const sqliteDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | number));
  const at = (value: Date | null) => (value ? sqliteTimestamp(value) : null);
  const flag = (value: boolean) => (value ? 1 : 0);
  const campaign = db.prepare(`SELECT ${CAMPAIGN_COLUMNS} FROM "Campaign" WHERE "id" = ?`);
  const recent = db.prepare(`SELECT count(*) FROM (SELECT 1 FROM "Entry" WHERE "ip" = ? AND "createdAt" > ? LIMIT ?)`).pluck();
  const referrer = db.prepare(`SELECT "id" FROM "Entry" WHERE "id" = ? AND "campaignId" = ? AND "emailNormalized" <> ?`).pluck();
  const open = db.prepare(`SELECT 1 FROM "Campaign" c WHERE c."id" = @campaignId AND ${takesEntries("@now")}`).pluck();
  const insertEntry = db.prepare(
    `INSERT INTO "Entry" (${ENTRY_COLUMNS}) VALUES (${Array(18).fill("?").join(", ")})
       ON CONFLICT ("campaignId", "emailNormalized") DO NOTHING`,
  );
  const insertEmail = db.prepare(
    `INSERT INTO "OutboundEmail" (${EMAIL_COLUMNS}) VALUES (${Array(EMAIL_NAMES.length).fill("?").join(", ")})`,
  );
  // Each entry's checks see the entries of the batch before it: within the write lock, exact.
  const storeBatch = (batch: readonly PendingWrite[]) =>
    batch.map(({ entry, email, addressLimit }): PendingVerdict => {
      if (!open.get({ campaignId: entry.campaignId, now: at(entry.createdAt) })) return "closed";
      const fromAddress = entry.ip ? Number(recent.get(entry.ip, at(addressLimit.since), addressLimit.limit)) : 0;
      if (fromAddress >= addressLimit.limit) return "rate-limited";
      const referrerId =
        entry.referrerId && referrer.get(entry.referrerId, entry.campaignId, entry.emailNormalized) ? entry.referrerId : null;
      if (insertEntry.run(...entryValues({ ...entry, referrerId }, at, flag)).changes === 0) return "repeat";
      insertEmail.run(...emailValues(email, at));
      return "stored";
    });
  // Nobody is answered before the WAL holding their entry is synced (decision 065); the writes asked
  // for meanwhile wait for this (groupCommit) and go together in the next batch.
  const commit = groupCommit<PendingWrite, PendingVerdict>((batch) =>
    commitSqlite(
      () => storeBatch(batch),
      (verdicts) => verdicts.includes("stored"),
    ),
  );
  const campaignRow = (campaignId: string) => campaignFromRow(campaign.get(campaignId) as Row | undefined, sqliteDate);
  return {
    // Reads in WAL mode wait for no writer; they may still meet a checkpoint or a recovery of another process.
    campaignAndRecentEntries: (campaignId, { ip, since, limit }) =>
      whenNotBusy(() => ({
        campaign: campaignRow(campaignId),
        recentFromIp: ip ? Number(recent.get(ip, sqliteTimestamp(since), limit)) : 0,
      })),
    recentCampaign: recentCampaigns((campaignId) => whenNotBusy(() => campaignRow(campaignId))),
    referrer: (referrerId, campaignId, emailNormalized) =>
      whenNotBusy(() => (referrer.get(referrerId, campaignId, emailNormalized) as string | undefined) ?? null),
    insertPendingEntry: (entry, email, addressLimit) => commit({ entry, email, addressLimit }),
    rehearsePendingEntry: (entry, email, addressLimit) =>
      whenNotBusy(() => {
        try {
          db.transaction(() => {
            storeBatch([{ entry, email, addressLimit }]);
            throw REHEARSED;
          }).immediate();
        } catch (error) {
          if (error !== REHEARSED) throw error;
        }
      }),
  };
}

function postgresStore({ pool }: PostgresDriver): EntryStore {
  const at = (value: Date | null) => (value ? value.toISOString().replace("Z", "") : null);
  const postgresDate = (value: unknown) => (value instanceof Date ? value : null);
  // The pending writes of one turn (groupCommit) in one statement: one round trip and one commit,
  // atomic without BEGIN / COMMIT. Each row's checks (g) read the snapshot the statement began
  // with; an email is inserted only with its entry.
  async function insertBatch(db: Pick<PostgresDriver["pool"], "query">, batch: readonly PendingWrite[]): Promise<PendingVerdict[]> {
    const columns: unknown[][] = VALUE_NAMES.map(() => []);
    for (const { entry, email, addressLimit } of batch) {
      const row = [...entryValues(entry, at, (value) => value), ...emailValues(email, at), at(addressLimit.since), addressLimit.limit];
      row.forEach((value, i) => columns[i]!.push(value));
    }
    const result = await db.query({
      name: "giveawear-entry-insert",
      text: `WITH v AS (SELECT * FROM ${BATCH_ROWS}),
        g AS (SELECT v."id", COALESCE(${takesEntries('v."createdAt"')}, false) AS "open",
            CASE WHEN v."ip" IS NULL THEN 0 ELSE (SELECT count(*)::int FROM (SELECT 1 FROM "Entry" x
              WHERE x."ip" = v."ip" AND x."createdAt" > v."limit_since" LIMIT v."limit_count") r) END AS "recent",
            CASE WHEN r."campaignId" = v."campaignId" AND r."emailNormalized" <> v."emailNormalized" THEN r."id" END AS "referrer"
          FROM v LEFT JOIN "Campaign" c ON c."id" = v."campaignId" LEFT JOIN "Entry" r ON r."id" = v."referrerId"),
        e AS (INSERT INTO "Entry" (${ENTRY_COLUMNS})
              SELECT ${ENTRY_NAMES.map((name) => (name === "referrerId" ? `g."referrer"` : `v."${name}"`)).join(", ")}
              FROM v JOIN g ON g."id" = v."id" WHERE g."open" AND g."recent" < v."limit_count"
              ON CONFLICT ("campaignId", "emailNormalized") DO NOTHING RETURNING "id"),
        m AS (INSERT INTO "OutboundEmail" (${EMAIL_COLUMNS}) SELECT ${EMAIL_NAMES.map((name) => `v."email_${name}"`).join(", ")}
              FROM v JOIN e ON e."id" = v."id")
        SELECT g."id", g."open", g."recent" >= v."limit_count" AS "limited", e."id" IS NOT NULL AS "stored"
          FROM g JOIN v ON v."id" = g."id" LEFT JOIN e ON e."id" = g."id"`,
      values: columns,
    });
    const verdicts = new Map<unknown, PendingVerdict>(
      result.rows.map((row: Row) => [row.id, !row.open ? "closed" : row.limited ? "rate-limited" : row.stored ? "stored" : "repeat"]),
    );
    return batch.map(({ entry }) => verdicts.get(entry.id)!);
  }
  const commit = groupCommit<PendingWrite, PendingVerdict>((batch) => insertBatch(pool, batch));
  async function readCampaign(campaignId: string): Promise<EntryCampaign | null> {
    const result = await pool.query({
      name: "giveawear-entry-campaign-only",
      text: `SELECT ${CAMPAIGN_COLUMNS} FROM "Campaign" WHERE "id" = $1`,
      values: [campaignId],
    });
    return campaignFromRow(result.rows[0] as Row | undefined, postgresDate);
  }
  return {
    async campaignAndRecentEntries(campaignId, { ip, since, limit }) {
      const result = await pool.query({
        name: "giveawear-entry-campaign",
        text: `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM "Entry" WHERE "ip" = $2 AND "createdAt" > $3::timestamp(3) LIMIT $4) r)
            AS "recentFromIp", c.* FROM (SELECT 1) one LEFT JOIN (SELECT ${CAMPAIGN_COLUMNS} FROM "Campaign" WHERE "id" = $1) c ON true`,
        values: [campaignId, ip, at(since), limit],
      });
      const row = result.rows[0] as Row;
      return {
        campaign: row.status === null ? null : campaignFromRow(row, postgresDate),
        recentFromIp: Number(row.recentFromIp),
      };
    },
    async referrer(referrerId, campaignId, emailNormalized) {
      const result = await pool.query({
        name: "giveawear-entry-referrer",
        text: `SELECT "id" FROM "Entry" WHERE "id" = $1 AND "campaignId" = $2 AND "emailNormalized" <> $3`,
        values: [referrerId, campaignId, emailNormalized],
      });
      return ((result.rows[0] as Row | undefined)?.id as string | undefined) ?? null;
    },
    recentCampaign: recentCampaigns(readCampaign),
    insertPendingEntry: (entry, email, addressLimit) => commit({ entry, email, addressLimit }),
    async rehearsePendingEntry(entry, email, addressLimit) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await insertBatch(client, [{ entry, email, addressLimit }]);
        await client.query("ROLLBACK");
        client.release();
      } catch (error) {
        // A connection left inside a transaction is closed, not given back to the pool.
        client.release(error instanceof Error ? error : true);
        throw error;
      }
    },
  };
}

const stores = new WeakMap<SqliteDriver | PostgresDriver, EntryStore>();

/**
 * The entry store for the database behind `client` (the app's own by default), on the process's
 * driver connection (core/driver.server.ts, closed with Prisma), made on first use.
 */
export function entryStore(client: PrismaClient = prisma): EntryStore {
  const driver = driverFor(client);
  let store = stores.get(driver);
  if (!store) {
    store = driver.provider === "postgresql" ? postgresStore(driver) : sqliteStore(driver);
    stores.set(driver, store);
  }
  return store;
}
