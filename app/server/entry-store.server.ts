/**
 * The entry path's reads and its one write, on a plain driver connection (decision 062).
 *
 * A giveaway's traffic is a spike of entries; through Prisma an entry cost five queries, an
 * interactive transaction and about 35 % of its CPU time. Here the same statements run on a
 * long-lived driver connection of the process's own (better-sqlite3, or a small pg pool), the
 * pending entry and its confirmation email are written together in one transaction (SQLite) or one
 * statement (PostgreSQL), and the campaign's gate is read with the fields the email needs.
 * Everything else (confirmations, the verified entrant's path, repeats) stays with Prisma.
 *
 * The rows written are the rows Prisma wrote: the same columns, the same DateTime text on SQLite
 * (db.server.ts, sqliteTimestamp) and timestamp(3) on PostgreSQL; tests compare the two.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { groupCommit } from "./group-commit.server";
import {
  type OutboundEmail,
  type Prisma,
  type PrismaClient,
  clientUrl,
  closeWithPrisma,
  databaseProvider,
  prisma,
  sqliteFilePath,
  sqliteTimestamp,
  waitOutSqliteBusy,
} from "./db.server";

/** What taking entries and confirming them needs to know about a campaign: whether it takes them now. */
export const GATE_FIELDS = {
  status: true,
  startDate: true,
  endDate: true,
  entryLimit: true,
  entryCount: true,
  listFrozenAt: true,
} as const;

/** What an entry's emails show of its campaign. */
export const CONFIRMATION_CAMPAIGN_FIELDS = {
  title: true,
  brandName: true,
  endDate: true,
  giveCouponToEntrants: true,
  entrantCouponCode: true,
  entrantCouponDescription: true,
} as const;

const ENTRY_CAMPAIGN_FIELDS = { ...GATE_FIELDS, ...CONFIRMATION_CAMPAIGN_FIELDS };

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

export interface EntryStore {
  /**
   * The campaign (null when there is none) and how many entries came from the address (0 without
   * one), read together: one round trip on PostgreSQL.
   */
  campaignAndRecentEntries(campaignId: string, recent: RecentFromIp): Promise<{ campaign: EntryCampaign | null; recentFromIp: number }>;
  /** The referring entry's id when it is another address's entry of the same campaign, else null. */
  referrer(referrerId: string, campaignId: string, emailNormalized: string): Promise<string | null>;
  /**
   * Stores the entry and its email in one transaction. False, with nothing written, when the
   * campaign already has an entry with this normalised address (the unique index decides).
   */
  insertPendingEntry(entry: PendingEntryRow, email: OutboundEmail): Promise<boolean>;
  close(): Promise<void>;
}

const CAMPAIGN_COLUMNS = Object.keys(ENTRY_CAMPAIGN_FIELDS)
  .map((name) => `"${name}"`)
  .join(", ");
const ENTRY_COLUMNS = `"id", "campaignId", "email", "emailNormalized", "phoneNumber", "referrerId", "referralCredited", "bonusEntries",
  "marketingConsent", "agreedToTerms", "termsWordingId", "marketingWordingId", "marketingConsentAt", "userId", "ip", "ipNetwork",
  "browserId", "createdAt"`;
const EMAIL_COLUMNS = `"id", "to", "subject", "html", "text", "replyTo", "template", "status", "attempts", "lastError", "nextAttemptAt",
  "sentAt", "dedupeKey", "createdAt"`;

const names = (columns: string) => columns.split(",").map((column) => column.trim().replace(/"/g, ""));
const ENTRY_NAMES = names(ENTRY_COLUMNS);
const EMAIL_NAMES = names(EMAIL_COLUMNS);
/** The VALUES list of a batch on PostgreSQL: the entry's columns, then its email's (prefixed), each with its type. */
const ROW_COLUMNS = [...ENTRY_NAMES, ...EMAIL_NAMES.map((name) => `email_${name}`)].map((name) => `"${name}"`).join(", ");
const COLUMN_TYPES: Record<string, string> = {
  referralCredited: "::boolean",
  bonusEntries: "::int",
  marketingConsent: "::boolean",
  agreedToTerms: "::boolean",
  marketingConsentAt: "::timestamp(3)",
  createdAt: "::timestamp(3)",
  email_attempts: "::int",
  email_nextAttemptAt: "::timestamp(3)",
  email_sentAt: "::timestamp(3)",
  email_createdAt: "::timestamp(3)",
};
const ROW_TYPES = [...ENTRY_NAMES, ...EMAIL_NAMES.map((name) => `email_${name}`)].map((name) => COLUMN_TYPES[name] ?? "::text");

/** Pauses between two attempts while SQLite is busy: 1 ms, doubling up to 4 ms (an entrant is waiting). */
const SQLITE_BUSY_PAUSES = { firstPauseMs: 1, maxPauseMs: 4 };
const whenNotBusy = <T>(work: () => T) => waitOutSqliteBusy(work, SQLITE_BUSY_PAUSES);

type Row = Record<string, unknown>;

function campaignFromRow(row: Row | undefined, date: (value: unknown) => Date | null): EntryCampaign | null {
  if (!row) return null;
  return {
    status: String(row.status),
    startDate: date(row.startDate),
    endDate: date(row.endDate),
    entryLimit: row.entryLimit === null ? null : Number(row.entryLimit),
    entryCount: Number(row.entryCount),
    listFrozenAt: date(row.listFrozenAt),
    title: String(row.title),
    brandName: String(row.brandName),
    giveCouponToEntrants: Boolean(row.giveCouponToEntrants),
    entrantCouponCode: String(row.entrantCouponCode),
    entrantCouponDescription: String(row.entrantCouponDescription),
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
}

function sqliteStore(file: string): EntryStore {
  // No busy timeout: better-sqlite3 would wait for the write lock synchronously, freezing the event
  // loop while the lock's holder may be this very process (a Prisma transaction between two awaits).
  // Writes wait for it asynchronously instead (below); reads in WAL mode do not wait.
  const db = new Database(file, { timeout: 0 });
  const sqliteDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | number));
  const at = (value: Date | null) => (value ? sqliteTimestamp(value) : null);
  const flag = (value: boolean) => (value ? 1 : 0);
  const campaign = db.prepare(`SELECT ${CAMPAIGN_COLUMNS} FROM "Campaign" WHERE "id" = ?`);
  const recent = db.prepare(`SELECT count(*) FROM (SELECT 1 FROM "Entry" WHERE "ip" = ? AND "createdAt" > ? LIMIT ?)`).pluck();
  const referrer = db.prepare(`SELECT "id" FROM "Entry" WHERE "id" = ? AND "campaignId" = ? AND "emailNormalized" <> ?`).pluck();
  const insertEntry = db.prepare(
    `INSERT INTO "Entry" (${ENTRY_COLUMNS}) VALUES (${Array(18).fill("?").join(", ")})
       ON CONFLICT ("campaignId", "emailNormalized") DO NOTHING`,
  );
  const insertEmail = db.prepare(`INSERT INTO "OutboundEmail" (${EMAIL_COLUMNS}) VALUES (${Array(14).fill("?").join(", ")})`);
  const storeBatch = db.transaction((batch: readonly PendingWrite[]) =>
    batch.map(({ entry, email }) => {
      if (insertEntry.run(...entryValues(entry, at, flag)).changes === 0) return false;
      insertEmail.run(...emailValues(email, at));
      return true;
    }),
  );
  // IMMEDIATE: the write lock first, then the inserts run synchronously, so nothing else of this
  // process runs meanwhile.
  const commit = groupCommit<PendingWrite, boolean>((batch) => whenNotBusy(() => storeBatch.immediate(batch)));
  return {
    // Reads in WAL mode wait for no writer; they may still meet a checkpoint or a recovery of another process.
    campaignAndRecentEntries: (campaignId, { ip, since, limit }) =>
      whenNotBusy(() => ({
        campaign: campaignFromRow(campaign.get(campaignId) as Row | undefined, sqliteDate),
        recentFromIp: ip ? Number(recent.get(ip, sqliteTimestamp(since), limit)) : 0,
      })),
    referrer: (referrerId, campaignId, emailNormalized) =>
      whenNotBusy(() => (referrer.get(referrerId, campaignId, emailNormalized) as string | undefined) ?? null),
    insertPendingEntry: (entry, email) => commit({ entry, email }),
    close: async () => void db.close(),
  };
}

/** PostgreSQL's timestamp(3) columns hold UTC without a zone: read them as UTC, whatever the machine's zone. */
const POSTGRES_TIMESTAMP = 1114;
const postgresTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === POSTGRES_TIMESTAMP && format !== "binary"
      ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function postgresStore(url: string): EntryStore {
  const pool = new pg.Pool({ connectionString: url, max: 4, types: postgresTypes });
  // An idle connection the server ends (a restart, a dropped database) is replaced on the next query.
  pool.on("error", (error) => console.error("[entries] a database connection was closed:", error.message));
  const at = (value: Date | null) => (value ? value.toISOString().replace("Z", "") : null);
  // The pending writes of one turn (groupCommit) in one statement: one round trip and one commit,
  // atomic without BEGIN / COMMIT. An email is inserted only with its entry.
  const commit = groupCommit<PendingWrite, boolean>(async (batch) => {
    const values: unknown[] = [];
    const rows = batch.map(({ entry, email }) => {
      const first = values.length + 1;
      values.push(...entryValues(entry, at, (value) => value), ...emailValues(email, at));
      return `(${ROW_TYPES.map((type, i) => `$${first + i}${type}`).join(", ")})`;
    });
    const result = await pool.query({
      name: `giveawear-entry-insert-${batch.length}`,
      text: `WITH v (${ROW_COLUMNS}) AS (VALUES ${rows.join(", ")}),
        e AS (INSERT INTO "Entry" (${ENTRY_COLUMNS}) SELECT ${ENTRY_NAMES.map((name) => `v."${name}"`).join(", ")} FROM v
              ON CONFLICT ("campaignId", "emailNormalized") DO NOTHING RETURNING "id")
        INSERT INTO "OutboundEmail" (${EMAIL_COLUMNS}) SELECT ${EMAIL_NAMES.map((name) => `v."email_${name}"`).join(", ")}
          FROM v JOIN e ON e."id" = v."id" RETURNING "id"`,
      values,
    });
    const stored = new Set(result.rows.map((row: Row) => row.id));
    return batch.map(({ email }) => stored.has(email.id));
  });
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
        campaign: row.status === null ? null : campaignFromRow(row, (value) => (value instanceof Date ? value : null)),
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
    insertPendingEntry: (entry, email) => commit({ entry, email }),
    close: () => pool.end(),
  };
}

const stores = new Map<string, EntryStore>();

/** The entry store for the database behind `client` (the app's own by default), opened on first use. */
export function entryStore(client: PrismaClient = prisma): EntryStore {
  const url = clientUrl(client);
  let store = stores.get(url);
  if (!store) {
    store = databaseProvider(url) === "postgresql" ? postgresStore(url) : sqliteStore(sqliteFilePath(url));
    stores.set(url, store);
    closeWithPrisma(closeEntryStores);
  }
  return store;
}

/** Closes every entry store (the server's shutdown, and tests between databases). */
export async function closeEntryStores(): Promise<void> {
  const open = [...stores.values()];
  stores.clear();
  await Promise.all(open.map((store) => store.close()));
}
