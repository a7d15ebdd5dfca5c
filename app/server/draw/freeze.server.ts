/**
 * Freezing a campaign's entry list (decision 039, procedure v2 step 3): once the campaign has ended,
 * the exact bytes of draw.csv are written once (EntryListChunk rows of ENTRY_LIST_CHUNK_BYTES, or
 * with object storage one object in the bucket (decision 058, list-store.server.ts), plus the
 * EntryList row with their SHA-256), and never rebuilt. The draw, redraws, draw.csv and the
 * verifiers all read those bytes.
 *
 * 1. One committed conditional update sets Campaign.listFrozenAt (status active, ended, not yet
 *    set). Every write that changes the counted entries (confirm, disqualify, re-qualify) is itself
 *    a conditional update on the Campaign row requiring listFrozenAt null, so from here on the list
 *    cannot change, on SQLite and PostgreSQL alike.
 * 2. The database builds the lines block by block (keyset over the Entry index that holds every
 *    column a line needs, decision 111); each block is hashed and read with the published rules
 *    (EntryListReader): draw order, weights = 1 + 3 x referrals in the list + action bonuses,
 *    referrers listed, reasons. Any break of the rules, or a count that disagrees with
 *    Campaign.entryCount, refuses the freeze loudly: the list stays unwritten and the campaign
 *    undrawn until someone looks.
 * 3. Steps 2 and 3 are one transaction (streamedFreeze): the EntryList row and the chunks are written
 *    as the blocks arrive (stale chunks dropped first), and a broken rule rolls it all back. A crash
 *    before the commit leaves nothing; a retry rebuilds the same bytes (the list cannot change since
 *    step 1). With object storage the bytes are built whole and go to the bucket first, under a key
 *    holding their hash, and a transaction writes the row naming that key.
 *
 * The beacon round: the campaign's published round, unless the freeze finishes later than
 * LATE_FREEZE_MS before that round's time (or the campaign has none): then the first round at or
 * after the end of the freeze plus the margin, so that the list hash is always public before the
 * round that decides the draw exists.
 */
import { createHash } from "node:crypto";
import { type ChainInfo, roundAt, roundTimeMs } from "../../domain/beacon";
import { CampaignStatus } from "../../domain/campaign-status";
import { ACTION_DISQUALIFIED_HEADER, ACTION_LIST_HEADER } from "../../domain/entry-actions";
import {
  type ActionBonuses,
  ActionListReader,
  DISQUALIFIED_HEADER,
  type DrawPool,
  ENTRY_LIST_HEADER,
  EntryListError,
  EntryListReader,
  type EntryListReaderOptions,
  type FrozenEntryList,
  type FrozenListIndex,
  type ListHashing,
  parseActionList,
  parseEntryList,
  withListBlocks,
} from "../../domain/draw";
import { getConfig } from "../core/config.server";
import { type DatabaseProvider, type PrismaClient, prisma, sqliteTimestamp } from "../core/db.server";
import { deliverWebhooksSoon, queueCampaignEnded } from "../integrations/webhooks.server";
import { configuredChain, knownChain } from "./beacon.server";
import { type DriverStatement, type ListDriver, isDriverUniqueViolation, sqlLiteral, withListDriver } from "./list-driver.server";
import { actionListKey, entryListKey, listObjectPieces, listObjectRange, listsInFileStore, putListBytes } from "./list-store.server";

/** Bytes per EntryListChunk row (the last one is shorter). */
export const ENTRY_LIST_CHUNK_BYTES = 1 << 20;

/**
 * Counted entries per query while building the list. Each block arrives as one string: on SQLite
 * (in process, no round trip) blocks of about 90 KB are young garbage that the next minor GC takes
 * back, where 4 MB blocks stayed until a full GC (about 30 MB more at the peak for a million
 * entries); on PostgreSQL each block is a round trip, so blocks are larger.
 */
export const FREEZE_BLOCK_SIZE: Readonly<Record<DatabaseProvider, number>> = { sqlite: 2_000, postgresql: 20_000 };

/** A freeze that finishes closer than this to the planned round's time moves to a later round. */
export const LATE_FREEZE_MS = 30_000;

export const MINUTE_MS = 60_000;

export interface EntryListRow {
  campaignId: string;
  frozenAt: Date;
  sha256: string;
  byteLength: number;
  entryCount: number;
  totalWeight: bigint;
  disqualifiedCount: number;
  beaconRound: number;
  beaconChain: string;
  /** The key of the bytes in the file store (decision 058), or null: the EntryListChunk rows. */
  storageKey: string | null;
}

export type FreezeOutcome =
  | { kind: "frozen"; list: EntryListRow; actions: ActionListRow }
  | { kind: "already-frozen"; list: EntryListRow }
  | { kind: "not-due" }
  | { kind: "not-found" };

export interface FreezeOptions {
  /** The time of the pass (tests stand later times for waiting); the freeze's own duration is added to it. */
  now?: Date;
  client?: PrismaClient;
  /**
   * Counted entries per block (FREEZE_BLOCK_SIZE by provider); tests use tiny blocks to cross many
   * boundaries. Only for block reads: on PostgreSQL with a second connection each file is one COPY (decision 116).
   */
  blockSize?: number;
}

/** The chain a campaign's draw uses: the one it committed to at launch, else the configured one. */
export function campaignChain(campaign: { id: string; drawBeaconChain: string | null }): ChainInfo {
  if (!campaign.drawBeaconChain) return configuredChain();
  const chain = knownChain(campaign.drawBeaconChain);
  if (!chain) {
    throw new Error(
      `Campaign ${campaign.id} committed to beacon chain ${campaign.drawBeaconChain}, which this server does not know (DRAND_CHAIN_INFO)`,
    );
  }
  return chain;
}

/** The round a campaign launched at `ms` and ending at `endDate` commits to. */
export function plannedBeaconRound(
  chain: ChainInfo,
  endDate: Date,
  marginMinutes: number = getConfig().DRAW_BEACON_MARGIN_MINUTES,
): number {
  return roundAt(chain, endDate.getTime() + marginMinutes * MINUTE_MS);
}

/** The round the draw uses: the planned one, unless the freeze finished too late for it (or there is none). */
export function usedBeaconRound(
  chain: ChainInfo,
  planned: number | null,
  finishedAt: Date,
  marginMinutes: number = getConfig().DRAW_BEACON_MARGIN_MINUTES,
): number {
  if (planned !== null && finishedAt.getTime() <= roundTimeMs(chain, planned) - LATE_FREEZE_MS) return planned;
  return roundAt(chain, finishedAt.getTime() + marginMinutes * MINUTE_MS);
}

/** Ended, still-active campaigns whose list is not frozen yet (oldest end first). */
export async function campaignsToFreeze(now: Date, limit = 20, client: PrismaClient = prisma): Promise<string[]> {
  const rows = await client.campaign.findMany({
    where: { status: CampaignStatus.active, endDate: { lte: now }, entryList: { is: null } },
    orderBy: [{ endDate: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

const listSelect = {
  campaignId: true,
  frozenAt: true,
  sha256: true,
  byteLength: true,
  entryCount: true,
  totalWeight: true,
  disqualifiedCount: true,
  beaconRound: true,
  beaconChain: true,
  storageKey: true,
} as const;

/**
 * Freezes the campaign's entry list once it has ended. Idempotent: a frozen list is answered as
 * "already-frozen" and never rewritten. Throws (and writes nothing) when the list breaks a rule.
 */
export async function freezeEntryList(campaignId: string, options: FreezeOptions = {}): Promise<FreezeOutcome> {
  const client = options.client ?? prisma;
  const now = options.now ?? new Date();
  const started = performance.now();
  const existing = await client.entryList.findUnique({ where: { campaignId }, select: listSelect });
  if (existing) return { kind: "already-frozen", list: existing };

  // Step 1: the list stops changing, committed before anything is read. The conditional update that
  // does it happens once per campaign: it is where the campaign is seen to have ended, so the
  // brand's campaign.ended webhooks (decision 055) are queued with it.
  const endedWebhooks = await client.$transaction(async (tx) => {
    const frozen = await tx.campaign.updateMany({
      where: { id: campaignId, status: CampaignStatus.active, endDate: { lte: now }, listFrozenAt: null },
      data: { listFrozenAt: now },
    });
    return frozen.count === 1 ? queueCampaignEnded(tx, campaignId, now) : [];
  });
  deliverWebhooksSoon(endedWebhooks);
  const campaign = await client.campaign.findUnique({
    where: { id: campaignId },
    select: {
      id: true,
      listFrozenAt: true,
      entryCount: true,
      drawBeaconRound: true,
      drawBeaconMarginMinutes: true,
      drawBeaconChain: true,
      referralCap: true,
    },
  });
  if (!campaign) return { kind: "not-found" };
  if (!campaign.listFrozenAt) return { kind: "not-due" };
  const chain = campaignChain(campaign);

  const closedAt = campaign.listFrozenAt;

  // Steps 2 and 3 go through the driver itself (list-driver.server.ts): one connection for the lot.
  return withListDriver(client, async (driver) => {
    // Step 2: the bytes of draw.csv and actions.csv (procedure version 3, decision 075), built by the
    // database, checked against the published rules: every weight 1 + 3 x referrals + the entry's
    // bonuses in actions.csv (procedureWeight), completions at or before the freeze.
    const blockSize = options.blockSize ?? FREEZE_BLOCK_SIZE[driver.provider];
    const actionBlockSize = options.blockSize ?? ACTION_BLOCK_SIZE[driver.provider];
    const kinds = await actionKinds(driver, campaignId);
    const inFileStore = listsInFileStore();
    const rowOf = (byteLength: number, sha256: string, parsed: FrozenEntryList): EntryListRow => {
      if (parsed.pool.count !== campaign.entryCount) {
        throw new Error(
          `Campaign ${campaignId}: the frozen list has ${parsed.pool.count} counted entries but the campaign counts ${campaign.entryCount}; not freezing`,
        );
      }
      const finishedAt = new Date(now.getTime() + (performance.now() - started));
      return {
        campaignId,
        frozenAt: finishedAt,
        sha256,
        byteLength,
        entryCount: parsed.pool.count,
        totalWeight: parsed.pool.totalWeight,
        disqualifiedCount: parsed.disqualified.length,
        // A late freeze moves the round by the margin the launch planned with and published (decision 110).
        beaconRound: usedBeaconRound(chain, campaign.drawBeaconRound, finishedAt, campaign.drawBeaconMarginMinutes ?? undefined),
        beaconChain: chain.hash,
        storageKey: inFileStore ? entryListKey(campaignId, sha256) : null,
      };
    };
    let excludedReferrers: string[] = [];
    let excludedActionEntries: string[] = [];
    let copyRefused = false;
    for (let attempt = 0; ;) {
      try {
        if (!inFileStore) {
          // Step 3 in the same transaction as the reading of both files: their chunks are written as
          // their blocks arrive, so a freeze never holds either file whole (streamedFreeze).
          return await driver.transactionSteps(({ copies }) =>
            streamedFreeze(driver.provider, {
              copies: copies && !copyRefused,
              campaignId,
              closedAt,
              kinds,
              blockSize,
              actionBlockSize,
              excludedReferrers,
              excludedActionEntries,
              referralCap: campaign.referralCap,
              rowOf,
            }),
          );
        }
        // With object storage (decision 058) the bytes go to the bucket under a key holding their
        // hash before the rows are written: both files are built whole first.
        const built = await buildBytes(driver, campaignId, blockSize, campaign.entryCount, excludedReferrers);
        const sha256 = createHash("sha256").update(built).digest("hex");
        const actionBytes = await buildActionBytes(driver, campaignId, closedAt, actionBlockSize, excludedActionEntries);
        const actions = parseActionList(actionBytes, { notAfterMs: closedAt.getTime() });
        const list = rowOf(built.length, sha256, parseEntryList(built, sha256, actions, campaign.referralCap));
        const actionsSha256 = createHash("sha256").update(actionBytes).digest("hex");
        const actionList: ActionListRow = {
          campaignId,
          sha256: actionsSha256,
          byteLength: actionBytes.length,
          completionCount: actions.completions,
          disqualifiedCount: actions.disqualified,
          storageKey: actionListKey(campaignId, actionsSha256),
        };
        // Bytes before the rows: a row always has its bytes (see list-store.server.ts).
        if (list.storageKey) await putListBytes(list.storageKey, built);
        if (actionList.storageKey) await putListBytes(actionList.storageKey, actionBytes);
        await writeList(driver, list, actionList);
        return { kind: "frozen", list, actions: actionList };
      } catch (error) {
        if (isDriverUniqueViolation(error)) {
          // Another runner froze the same list at the same time: theirs stands (the bytes are the same).
          const theirs = await client.entryList.findUnique({ where: { campaignId }, select: listSelect });
          if (!theirs) throw error;
          return { kind: "already-frozen", list: theirs };
        }
        // A referral that earned a bonus names its referrer only when the referrer is listed (counted)
        // itself, and actions.csv holds only the completions of listed entries. Looking that up for
        // every line cost more than the rest of the freeze, so the lines name every credited referrer
        // and every completion, and the rare entries that are not counted (still pending,
        // disqualified) come out of the parser's check; the lists are then built again without them.
        // An id COPY would have to escape (decision 116): the lines come block by block instead.
        if (error instanceof CopyNotVerbatimError && !copyRefused) {
          copyRefused = true;
          continue;
        }
        if (attempt++ >= 2 || !(error instanceof EntryListError)) throw error;
        const referrers = await uncountedEntries(campaignId, error.unlistedReferrers, client);
        const actionEntries = await uncountedEntries(campaignId, error.unlistedActionEntries, client);
        if (referrers.length === 0 && actionEntries.length === 0) throw error;
        excludedReferrers = [...excludedReferrers, ...referrers];
        excludedActionEntries = [...excludedActionEntries, ...actionEntries];
      }
    }
  });
}

interface StreamedFreezeInput {
  campaignId: string;
  closedAt: Date;
  kinds: ReadonlyMap<string, string>;
  /** Entry lines per query for draw.csv, completions per query for actions.csv. */
  blockSize: number;
  actionBlockSize: number;
  /** Referrers and completing entries that are not counted (freezeEntryList learns them from a first try). */
  excludedReferrers: readonly string[];
  excludedActionEntries: readonly string[];
  /** The campaign's referral cap (decision 104), a rule of the list. */
  referralCap: number | null;
  /** Both files' lines as one COPY each (PostgreSQL with a second connection, decision 116) instead of block by block. */
  copies: boolean;
  /** The EntryList row for the parsed list (throws when its count disagrees with the campaign's). */
  rowOf: (byteLength: number, sha256: string, parsed: FrozenEntryList) => EntryListRow;
}

/**
 * One frozen file written as its blocks arrive: each piece of text goes into the file's reader and
 * hash and is copied into a 1 MiB chunk, which is inserted as a chunk row once full. The chunk
 * buffer is the caller's (the two files are written one after the other with the same one).
 */
class ChunkedFile {
  readonly #insert: string;
  readonly #campaignId: string;
  readonly #chunk: Buffer;
  readonly #push: (bytes: Uint8Array) => void;
  readonly #hash = createHash("sha256");
  #filled = 0;
  #index = 0;
  byteLength = 0;

  constructor(provider: DatabaseProvider, table: ChunkTable, campaignId: string, chunk: Buffer, push: (bytes: Uint8Array) => void) {
    this.#insert = `INSERT INTO "${table}" ("campaignId", "index", "bytes") VALUES (${provider === "postgresql" ? "$1, $2, $3" : "?, ?, ?"})`;
    this.#campaignId = campaignId;
    this.#chunk = chunk;
    this.#push = push;
  }

  /** Appends text (ASCII: latin1 is one byte per character) or bytes. */
  *append(text: string | Uint8Array): Generator<DriverStatement, void, unknown[][]> {
    const bytes = typeof text === "string" ? Buffer.from(text, "latin1") : text;
    this.#push(bytes);
    this.#hash.update(bytes);
    this.byteLength += bytes.length;
    for (let offset = 0; offset < bytes.length;) {
      const copied = Math.min(this.#chunk.length - this.#filled, bytes.length - offset);
      this.#chunk.set(bytes.subarray(offset, offset + copied), this.#filled);
      this.#filled += copied;
      offset += copied;
      if (this.#filled === this.#chunk.length) yield* this.#flush();
    }
  }

  /** Writes the last, shorter chunk and answers the file's SHA-256. */
  *end(): Generator<DriverStatement, string, unknown[][]> {
    if (this.#filled > 0) yield* this.#flush();
    return this.#hash.digest("hex");
  }

  *#flush(): Generator<DriverStatement, void, unknown[][]> {
    yield { sql: this.#insert, params: [this.#campaignId, this.#index++, this.#chunk.subarray(0, this.#filled)], write: true };
    this.#filled = 0;
  }
}

/**
 * Steps 2 and 3 with the chunk rows (decisions 075 and 111), as one transaction
 * (ListDriver.transactionSteps): stale chunks out, the ActionList and EntryList rows in (their chunks
 * reference them; their figures are set at the end), then actions.csv and draw.csv block by block
 * from the database, each block read into its reader and hash and copied into the current 1 MiB
 * chunk, written as it fills; so the freeze holds one chunk of either file, never the file (a million
 * entries are 42 MB of draw.csv, 2,000,000 completions about 150 MB of actions.csv). actions.csv
 * comes first: draw.csv's weights are checked against its bonuses as draw.csv is read. An
 * EntryListError rolls everything back, and freezeEntryList builds the lists again without the
 * uncounted entries it names. Another runner's committed freeze makes the ActionList insert fail on
 * its key (isDriverUniqueViolation): theirs stands.
 */
function* streamedFreeze(
  provider: DatabaseProvider,
  input: StreamedFreezeInput,
): Generator<DriverStatement, FreezeOutcome & { kind: "frozen" }, unknown[][]> {
  const { campaignId, closedAt, kinds } = input;
  const postgres = provider === "postgresql";
  const sql = (text: string) => (postgres ? text : text.replace(/\$\d+(::[a-z]+(\(\d+\))?)?/g, "?"));
  if (postgres) yield { sql: LZ4_FOR_THIS_TRANSACTION };
  yield { sql: sql(`DELETE FROM "EntryListChunk" WHERE "campaignId" = $1`), params: [campaignId] };
  yield { sql: sql(`DELETE FROM "ActionListChunk" WHERE "campaignId" = $1`), params: [campaignId] };
  yield {
    sql: sql(
      `INSERT INTO "ActionList" ("campaignId", "sha256", "byteLength", "completionCount", "disqualifiedCount", "storageKey") VALUES ($1, '', 0, 0, 0, NULL)`,
    ),
    params: [campaignId],
  };
  const chunk = Buffer.allocUnsafe(ENTRY_LIST_CHUNK_BYTES);

  // actions.csv.
  const actionReader = new ActionListReader({ notAfterMs: closedAt.getTime() });
  const actionFile = new ChunkedFile(provider, "ActionListChunk", campaignId, chunk, (bytes) => actionReader.push(bytes));
  yield* actionFile.append(`${ACTION_LIST_HEADER}\n`);
  if (kinds.size > 0 && input.copies) {
    yield* copySteps(actionCopyQuery(campaignId, kinds, closedAt, input.excludedActionEntries), (piece) => actionFile.append(piece));
  } else if (kinds.size > 0) {
    yield* blockSteps(
      (after: ActionKey | null) =>
        actionBlockQuery(provider, campaignId, kinds, closedAt, input.actionBlockSize, input.excludedActionEntries, after),
      (rows) => actionBlockOf(rows, input.actionBlockSize),
      (lines) => actionFile.append(`${lines}\n`),
    );
  }
  yield* actionFile.append(`${ACTION_DISQUALIFIED_HEADER}\n`);
  const rejected = rejectedLinesOf(yield rejectedActionQuery(provider, campaignId, closedAt));
  if (rejected) yield* actionFile.append(`${rejected}\n`);
  const actionsSha256 = yield* actionFile.end();
  const actions = actionReader.finish();
  const actionList: ActionListRow = {
    campaignId,
    sha256: actionsSha256,
    byteLength: actionFile.byteLength,
    completionCount: actions.completions,
    disqualifiedCount: actions.disqualified,
    storageKey: null,
  };

  // draw.csv, its lines checked against actions.csv's bonuses as they are read.
  yield entryListInsert(provider, {
    campaignId,
    frozenAt: closedAt,
    sha256: "",
    byteLength: 0,
    entryCount: 0,
    totalWeight: 0n,
    disqualifiedCount: 0,
    beaconRound: 0,
    beaconChain: "",
    storageKey: null,
  });
  const entryReader = new EntryListReader({ actions, referralCap: input.referralCap });
  const entryFile = new ChunkedFile(provider, "EntryListChunk", campaignId, chunk, (bytes) => entryReader.push(bytes));
  yield* entryFile.append(`${ENTRY_LIST_HEADER}\n`);
  if (input.copies) {
    yield* copySteps(entryCopyQuery(campaignId, input.excludedReferrers), (piece) => entryFile.append(piece));
  } else {
    yield* blockSteps(
      (after: EntryKey | null) => entryBlockQuery(provider, campaignId, input.blockSize, input.excludedReferrers, after),
      (rows) => entryBlockOf(rows, input.blockSize),
      function* (lines) {
        yield* entryFile.append(lines);
        yield* entryFile.append("\n");
      },
    );
  }
  yield* entryFile.append(`${DISQUALIFIED_HEADER}\n`);
  const disqualified = disqualifiedLinesOf(yield disqualifiedQuery(provider, campaignId));
  if (disqualified) yield* entryFile.append(`${disqualified}\n`);
  const sha256 = yield* entryFile.end();
  const list = input.rowOf(entryFile.byteLength, sha256, entryReader.finish(sha256));

  yield {
    sql: sql(
      `UPDATE "ActionList" SET "sha256" = $1, "byteLength" = $2, "completionCount" = $3, "disqualifiedCount" = $4 WHERE "campaignId" = $5`,
    ),
    params: [actionList.sha256, actionList.byteLength, actionList.completionCount, actionList.disqualifiedCount, campaignId],
  };
  yield entryListUpdate(provider, list);
  return { kind: "frozen", list, actions: actionList };
}

/**
 * PostgreSQL tries pglz on every large bytea before storing it, and pglz gives up on this text only
 * after most of a second per million entries; lz4 (PostgreSQL 14 and later, when built with it)
 * compresses it in a fifth of the time. For the transaction only; no effect elsewhere.
 */
const LZ4_FOR_THIS_TRANSACTION = `SELECT set_config('default_toast_compression', 'lz4', true) FROM pg_settings
         WHERE "name" = 'default_toast_compression' AND 'lz4' = ANY("enumvals")`;

/** The EntryList row's columns, each with its PostgreSQL cast, and its values as each provider stores them. */
const ENTRY_LIST_COLUMNS = [
  ["campaignId", ""],
  ["frozenAt", "::timestamp(3)"],
  ["sha256", ""],
  ["byteLength", ""],
  ["entryCount", ""],
  ["totalWeight", "::bigint"],
  ["disqualifiedCount", ""],
  ["beaconRound", ""],
  ["beaconChain", ""],
  ["storageKey", ""],
] as const;

function entryListValues(provider: DatabaseProvider, list: EntryListRow): unknown[] {
  const postgres = provider === "postgresql";
  return [
    list.campaignId,
    // The DateTime text each provider stores as Prisma writes it (UTC).
    postgres ? list.frozenAt.toISOString().replace("Z", "") : sqliteTimestamp(list.frozenAt),
    list.sha256,
    list.byteLength,
    list.entryCount,
    postgres ? list.totalWeight.toString() : list.totalWeight,
    list.disqualifiedCount,
    list.beaconRound,
    list.beaconChain,
    list.storageKey,
  ];
}

/** The placeholder of the i-th parameter (from 1) for a column with its cast. */
function placeholder(provider: DatabaseProvider, i: number, cast: string): string {
  return provider === "postgresql" ? `$${i}${cast}` : "?";
}

/** The EntryList row's insert. */
function entryListInsert(provider: DatabaseProvider, list: EntryListRow): DriverStatement {
  const columns = ENTRY_LIST_COLUMNS.map(([column]) => `"${column}"`).join(", ");
  const values = ENTRY_LIST_COLUMNS.map(([, cast], i) => placeholder(provider, i + 1, cast)).join(", ");
  return { sql: `INSERT INTO "EntryList" (${columns}) VALUES (${values})`, params: entryListValues(provider, list) };
}

/** The EntryList row's figures, set once its list has been read (streamedFreeze inserts it first, with none). */
function entryListUpdate(provider: DatabaseProvider, list: EntryListRow): DriverStatement {
  const [campaignId, ...rest] = entryListValues(provider, list);
  const set = ENTRY_LIST_COLUMNS.slice(1).map(([column, cast], i) => `"${column}" = ${placeholder(provider, i + 1, cast)}`);
  return {
    sql: `UPDATE "EntryList" SET ${set.join(", ")} WHERE "campaignId" = ${placeholder(provider, rest.length + 1, "")}`,
    params: [...rest, campaignId],
  };
}

/**
 * With object storage (decision 058), once both files are in the bucket: one transaction writes the
 * ActionList and EntryList rows naming their objects (any stale chunks out first).
 */
async function writeList(driver: ListDriver, list: EntryListRow, actions: ActionListRow): Promise<void> {
  const postgres = driver.provider === "postgresql";
  await driver.transaction([
    { sql: `DELETE FROM "EntryListChunk" WHERE "campaignId" = ${postgres ? "$1" : "?"}`, params: [list.campaignId] },
    { sql: `DELETE FROM "ActionListChunk" WHERE "campaignId" = ${postgres ? "$1" : "?"}`, params: [list.campaignId] },
    {
      sql: postgres
        ? `INSERT INTO "ActionList" ("campaignId", "sha256", "byteLength", "completionCount", "disqualifiedCount", "storageKey") VALUES ($1, $2, $3, $4, $5, $6)`
        : `INSERT INTO "ActionList" ("campaignId", "sha256", "byteLength", "completionCount", "disqualifiedCount", "storageKey") VALUES (?, ?, ?, ?, ?, ?)`,
      params: [
        actions.campaignId,
        actions.sha256,
        actions.byteLength,
        actions.completionCount,
        actions.disqualifiedCount,
        actions.storageKey,
      ],
    },
    entryListInsert(driver.provider, list),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Building the bytes
// ---------------------------------------------------------------------------------------------

/** A growing byte buffer (ASCII text appended as it comes). */
class ByteBuilder {
  #bytes: Buffer;
  #length = 0;
  constructor(capacity: number) {
    this.#bytes = Buffer.allocUnsafe(Math.max(4096, capacity));
  }
  append(text: string | Uint8Array): void {
    const needed = this.#length + text.length;
    if (needed > this.#bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.#bytes.length * 2));
      this.#bytes.copy(grown, 0, 0, this.#length);
      this.#bytes = grown;
    }
    if (typeof text !== "string") {
      this.#bytes.set(text, this.#length);
      this.#length += text.length;
      return;
    }
    // latin1 writes one byte per character; the lines are ASCII (parseEntryList refuses anything else).
    this.#length += this.#bytes.write(text, this.#length, "latin1");
  }
  finish(): Buffer {
    return this.#bytes.subarray(0, this.#length);
  }
}

/**
 * The counted entries of the campaign as draw.csv entry lines, in draw order, block by block
 * (entryBlockQuery): buildBytes, for the file store and tests; streamedFreeze asks for the same blocks.
 */
async function* entryListBlocks(
  driver: ListDriver,
  campaignId: string,
  blockSize: number,
  excludedReferrers: readonly string[] = [],
): AsyncGenerator<string | Uint8Array> {
  yield* readBlocks(
    driver,
    (after: EntryKey | null) => entryBlockQuery(driver.provider, campaignId, blockSize, excludedReferrers, after),
    (rows) => entryBlockOf(rows, blockSize),
  );
}

/** A block of a frozen file's lines as the database built them, and the keyset of the next block (null: none). */
interface LineBlock<Key, Lines> {
  lines: Lines;
  after: Key | null;
}

/** Reads a file's blocks one query after another (keyset pagination), outside any transaction. */
async function* readBlocks<Key, Lines>(
  driver: ListDriver,
  query: (after: Key | null) => DriverStatement,
  blockOf: (rows: unknown[][]) => LineBlock<Key, Lines> | null,
): AsyncGenerator<Lines> {
  let after: Key | null = null;
  for (;;) {
    const { sql, params } = query(after);
    const block = blockOf(await driver.rows(sql, params));
    if (!block) return;
    yield block.lines;
    if (!block.after) return;
    after = block.after;
  }
}

/**
 * The same blocks as steps of a transaction (ListDriver.transactionSteps), each handed to `each` as it
 * comes; each read names the next one (DriverStatement.readAhead), which the driver may start early
 * (decision 114).
 */
function* blockSteps<Key, Lines>(
  query: (after: Key | null) => DriverStatement,
  blockOf: (rows: unknown[][]) => LineBlock<Key, Lines> | null,
  each: (lines: Lines) => Generator<DriverStatement, void, unknown[][]>,
): Generator<DriverStatement, void, unknown[][]> {
  const read = (after: Key | null): DriverStatement => ({
    ...query(after),
    readAhead: (rows) => {
      const next = blockOf(rows)?.after;
      return next ? read(next) : null;
    },
  });
  let after: Key | null = null;
  for (;;) {
    const block = blockOf(yield read(after));
    if (!block) return;
    yield* each(block.lines);
    if (!block.after) return;
    after = block.after;
  }
}

/** Where the last block of draw.csv's lines ended (the keyset of the next one): its stored createdAt, as the database's text, and id. */
interface EntryKey {
  createdAt: string;
  id: string;
}

/**
 * A stored time (`column`, e.g. e."createdAt") as the whole milliseconds since 1970 that the lists
 * print: on PostgreSQL as text; on SQLite exactly the expression of the covering indexes of
 * migration draw_line_index (decision 115), which SQLite then reads from the index instead of
 * computing it per line. julianday is the time in days as a double, SQLite's own whole
 * milliseconds divided by 86,400,000: shifted to 1970 and x 86,400,000 it is within a ten-thousandth
 * of a millisecond of the time, so rounded it is the time (as unixepoch(t, 'subsec') gives it, which
 * SQLite before 3.42 cannot compute).
 */
function epochMs(provider: DatabaseProvider, column: string): string {
  return provider === "postgresql"
    ? `round(date_part('epoch', ${column}) * 1000)::bigint::text`
    : `CAST(round((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER)`;
}

/**
 * The next block of draw.csv's entry lines after `after`: the database formats the block into one
 * value, read from the (campaignId, createdAt, id, ...) index alone (decision 111). created_ms is
 * computed by the database from the stored timestamp; the referrer is named when the referral earned
 * a bonus, unless it is one of `excludedReferrers` (the referrers that are not counted:
 * freezeEntryList finds them). The lines are concatenated in the order the ordered subquery yields
 * them, without a second sort in the aggregate (which doubled the cost): the list's reader checks the
 * draw order of every line, so a database that ever concatenated them otherwise would stop the
 * freeze, not change the list. On SQLite created_ms is read from the covering index, which holds the
 * same expression (decision 115); on PostgreSQL the index orders the ids byte by byte (COLLATE "C"),
 * as this ORDER BY does, so no run of equal createdAt is sorted again. Exported for tests.
 */
export function entryBlockQuery(
  provider: DatabaseProvider,
  campaignId: string,
  blockSize: number,
  excludedReferrers: readonly string[],
  after: EntryKey | null,
): DriverStatement {
  if (!Number.isSafeInteger(blockSize) || blockSize < 1)
    throw new RangeError(`blockSize must be a whole number of at least 1, got ${blockSize}`);
  const postgres = provider === "postgresql";
  const params: unknown[] = [];
  // Placeholders in the order they appear in the text.
  const param = (value: unknown, cast = ""): string => {
    params.push(value);
    return postgres ? `$${params.length}${cast}` : "?";
  };
  if (postgres) {
    const { line, where } = postgresEntryLines(param, campaignId, excludedReferrers);
    const keyset = after
      ? `AND e."createdAt" >= ${param(after.createdAt, "::timestamp(3)")} AND (e."createdAt" > ${param(after.createdAt, "::timestamp(3)")} OR e."id" COLLATE "C" > ${param(after.id)})`
      : "";
    return {
      sql: `
        SELECT string_agg("line", E'\\n') AS "lines", count(*)::int AS "count", max("createdAt")::text AS "lastCreatedAt"
        FROM (SELECT e."id", e."createdAt", ${line} AS "line"
              FROM "Entry" e
              WHERE ${where} ${keyset}
              ORDER BY e."createdAt", e."id" COLLATE "C" LIMIT ${param(blockSize)}) AS "block"`,
      params,
    };
  }
  const notExcluded =
    excludedReferrers.length === 0
      ? ""
      : `AND e."referrerId" NOT IN (SELECT "value" FROM json_each(${param(JSON.stringify(excludedReferrers))}))`;
  const where = `e."campaignId" = ${param(campaignId)} AND e."confirmedAt" IS NOT NULL AND e."disqualifiedAt" IS NULL`;
  const keyset = after
    ? `AND e."createdAt" >= ${param(after.createdAt)} AND (e."createdAt" > ${param(after.createdAt)} OR e."id" > ${param(after.id)})`
    : "";
  // created_ms is read from the covering index (epochMs). The block comes as a BLOB: the driver
  // hands over its bytes as they are, with no string made and encoded again.
  return {
    sql: `
        SELECT CAST(group_concat("line", char(10)) AS BLOB) AS "lines", count(*) AS "count", max("createdAt") AS "lastCreatedAt"
        FROM (SELECT e."id", e."createdAt",
                     e."id" || ',' || ${epochMs(provider, 'e."createdAt"')} || ',' ||
                     CASE WHEN e."referralCredited" ${notExcluded} THEN e."referrerId" ELSE '' END || ',' ||
                     (1 + e."bonusEntries") AS "line"
              FROM "Entry" e
              WHERE ${where} ${keyset}
              ORDER BY e."createdAt", e."id" LIMIT ${param(blockSize)}) AS "block"`,
    params,
  };
}

/** PostgreSQL's draw.csv entry line of an Entry e, and which entries are listed (entryBlockQuery, entryCopyQuery). */
function postgresEntryLines(
  param: (value: unknown, cast?: string) => string,
  campaignId: string,
  excludedReferrers: readonly string[],
): { line: string; where: string } {
  const notExcluded = excludedReferrers.length === 0 ? "" : `AND NOT (e."referrerId" = ANY(${param([...excludedReferrers], "::text[]")}))`;
  return {
    line: `e."id" || ',' || ${epochMs("postgresql", 'e."createdAt"')} || ',' ||
           CASE WHEN e."referralCredited" ${notExcluded} THEN e."referrerId" ELSE '' END || ',' ||
           (1 + e."bonusEntries")::text`,
    where: `e."campaignId" = ${param(campaignId)} AND e."confirmedAt" IS NOT NULL AND e."disqualifiedAt" IS NULL`,
  };
}

/**
 * draw.csv's entry lines on PostgreSQL as one COPY ... TO STDOUT (decision 116): the same lines as
 * entryBlockQuery's blocks, in the same order, each ending with a line feed. Exported for tests.
 */
export function entryCopyQuery(campaignId: string, excludedReferrers: readonly string[]): DriverStatement {
  return copyStatement((param) => {
    const { line, where } = postgresEntryLines(param, campaignId, excludedReferrers);
    return `SELECT ${line} FROM "Entry" e WHERE ${where} ORDER BY e."createdAt", e."id" COLLATE "C"`;
  });
}

/**
 * A COPY (query) TO STDOUT of a query's one text column (decision 116), the query written by `select`
 * with the same `param` as the block queries'. COPY takes no parameters: each value is written into
 * the statement as a quoted literal (sqlLiteral: pg.escapeLiteral; an array as ARRAY[...]).
 * COPY's text format writes a value as it is unless it holds a backslash, tab, carriage return or
 * line feed, each of which it writes with a backslash: copySteps refuses any piece with a backslash,
 * so what arrives is exactly the values, a line feed after each.
 */
function copyStatement(select: (param: (value: unknown, cast?: string) => string) => string): DriverStatement {
  return { sql: `COPY (${select((value, cast = "") => `${sqlLiteral(value)}${cast}`)}) TO STDOUT`, copy: true };
}

/** A byte the lines never hold and COPY's text format writes before every character it escapes. */
const BACKSLASH = 0x5c;

/** A COPY's output was not the values as they are (decision 116): the freeze reads the blocks instead. */
class CopyNotVerbatimError extends Error {}

/**
 * A file's lines as the pieces of one COPY (decision 116), each handed to `each` as it comes. The
 * driver answers the statement with the next piece, and with no rows once the COPY is done.
 */
function* copySteps(
  statement: DriverStatement,
  each: (piece: Uint8Array) => Generator<DriverStatement, void, unknown[][]>,
): Generator<DriverStatement, void, unknown[][]> {
  for (;;) {
    const piece = (yield statement)[0]?.[0];
    if (!(piece instanceof Uint8Array)) return;
    if (piece.includes(BACKSLASH)) throw new CopyNotVerbatimError("COPY escaped a value");
    yield* each(piece);
  }
}

/** A block's lines (without the last line feed) and the keyset of the next one (null: this was the last), or null when empty. */
function entryBlockOf(rows: unknown[][], blockSize: number): LineBlock<EntryKey, string | Uint8Array> | null {
  const [lines, rawCount, lastCreatedAt] = rows[0] ?? [];
  const count = Number(rawCount ?? 0);
  if (count === 0 || !(typeof lines === "string" || lines instanceof Uint8Array) || lines.length === 0) return null;
  if (typeof lastCreatedAt !== "string") return null;
  return { lines, after: count < blockSize ? null : { createdAt: lastCreatedAt, id: lastLineId(lines) } };
}

/** The entry id the last of a block's lines starts with (its text up to the first comma). */
function lastLineId(lines: string | Uint8Array): string {
  if (typeof lines === "string") {
    const lastLine = lines.slice(lines.lastIndexOf("\n") + 1);
    return lastLine.slice(0, lastLine.indexOf(","));
  }
  const start = lines.lastIndexOf(10) + 1;
  return Buffer.from(lines.buffer, lines.byteOffset + start, lines.indexOf(44, start) - start).toString("latin1");
}

/** Those of `ids` that are not counted entries of the campaign (pending, disqualified, elsewhere or gone). */
async function uncountedEntries(campaignId: string, ids: readonly string[], client: PrismaClient): Promise<string[]> {
  const counted = new Set<string>();
  for (let first = 0; first < ids.length; first += 500) {
    const rows = await client.entry.findMany({
      where: { campaignId, id: { in: ids.slice(first, first + 500) }, confirmedAt: { not: null }, disqualifiedAt: null },
      select: { id: true },
    });
    for (const row of rows) counted.add(row.id);
  }
  return ids.filter((id) => !counted.has(id));
}

/**
 * The disqualified section's lines (entries confirmed, then disqualified), sorted by id byte by byte;
 * found through the (campaignId, disqualifiedAt) index, without reading the campaign's other entries.
 */
function disqualifiedQuery(provider: DatabaseProvider, campaignId: string): DriverStatement {
  return provider === "postgresql"
    ? {
        sql: `SELECT string_agg("id" || ',' || coalesce("disqualifyReason", ''), E'\\n' ORDER BY "id" COLLATE "C") AS "lines"
           FROM "Entry" WHERE "campaignId" = $1 AND "disqualifiedAt" IS NOT NULL AND "confirmedAt" IS NOT NULL`,
        params: [campaignId],
      }
    : {
        sql: `SELECT group_concat("id" || ',' || coalesce("disqualifyReason", ''), char(10) ORDER BY "id") AS "lines"
           FROM "Entry" WHERE "campaignId" = ? AND "disqualifiedAt" IS NOT NULL AND "confirmedAt" IS NOT NULL`,
        params: [campaignId],
      };
}

function disqualifiedLinesOf(rows: unknown[][]): string {
  const lines = rows[0]?.[0];
  return typeof lines === "string" ? lines : "";
}

/** The exact bytes of draw.csv for the campaign's current counted and disqualified entries. */
export async function buildEntryListBytes(
  campaignId: string,
  client: PrismaClient = prisma,
  blockSize?: number,
  expectedEntries = 0,
  excludedReferrers: readonly string[] = [],
): Promise<Buffer> {
  return withListDriver(client, (driver) =>
    buildBytes(driver, campaignId, blockSize ?? FREEZE_BLOCK_SIZE[driver.provider], expectedEntries, excludedReferrers),
  );
}

async function buildBytes(
  driver: ListDriver,
  campaignId: string,
  blockSize: number,
  expectedEntries: number,
  excludedReferrers: readonly string[] = [],
): Promise<Buffer> {
  // About 64 bytes per line with a referrer; pages never written stay out of memory.
  const bytes = new ByteBuilder(64 * expectedEntries + 1024);
  bytes.append(`${ENTRY_LIST_HEADER}\n`);
  for await (const block of entryListBlocks(driver, campaignId, blockSize, excludedReferrers)) {
    bytes.append(block);
    bytes.append("\n");
  }
  bytes.append(`${DISQUALIFIED_HEADER}\n`);
  const { sql, params } = disqualifiedQuery(driver.provider, campaignId);
  const disqualified = disqualifiedLinesOf(await driver.rows(sql, params));
  if (disqualified) bytes.append(`${disqualified}\n`);
  return bytes.finish();
}

// ---------------------------------------------------------------------------------------------
// Reading the frozen list
// ---------------------------------------------------------------------------------------------

/** What reading a stored list needs of its EntryList row. */
export type StoredListRow = Pick<EntryListRow, "campaignId" | "byteLength" | "sha256" | "storageKey">;

/** A frozen list where it is stored: its bytes in order, piece by piece, and any range of them again. */
export interface StoredListSource {
  /** The bytes in order, in pieces (a chunk row each, or as the object streams in); a piece may be reused for the next one. */
  pieces(): AsyncGenerator<Uint8Array>;
  /** The bytes [start, end), read again (a block of the list whose ticket was drawn). */
  range(start: number, end: number): Promise<Uint8Array>;
}

/** SHA-256 over bytes, for the blocks the list reader reads again (node:crypto's). */
export const nodeListHashing: ListHashing = {
  bytes() {
    const hash = createHash("sha256");
    return {
      update: (bytes) => {
        hash.update(bytes);
      },
      hex: () => hash.digest("hex"),
    };
  },
};

/**
 * Opens the stored list for `work`: the EntryListChunk rows through one driver connection (closed
 * after `work`), or the object in the file store.
 */
export async function withStoredList<T>(
  list: StoredListRow,
  client: PrismaClient,
  work: (source: StoredListSource) => Promise<T>,
  table: ChunkTable = "EntryListChunk",
): Promise<T> {
  if (list.storageKey) {
    const key = list.storageKey;
    return work({
      pieces: () => listObjectPieces(key),
      range: (start, end) => listObjectRange(key, start, end),
    });
  }
  return withListDriver(client, (driver) => work(chunkSource(driver, list.campaignId, table)));
}

/** Where a frozen file's chunk rows are: draw.csv's, or actions.csv's (procedure version 3). */
export type ChunkTable = "EntryListChunk" | "ActionListChunk";

/** The EntryListChunk rows as a source, one row (1 MiB) per query; ListDriver.bytes says how they travel. */
function chunkSource(driver: ListDriver, campaignId: string, table: ChunkTable = "EntryListChunk"): StoredListSource {
  const postgres = driver.provider === "postgresql";
  // The statements are written with $1, $2, ... in the order of their parameters, SQLite's ? alike.
  const sql = (text: string) => (postgres ? text : text.replace(/\$\d+/g, "?")).replaceAll('"EntryListChunk"', `"${table}"`);
  /** Where each chunk starts in the list (learnt by `pieces`, or asked for by `range`), and the end. */
  let starts: number[] | null = null;
  const missing = (index: number) => new Error(`Campaign ${campaignId}: entry list chunk ${index} is missing`);
  return {
    async *pieces() {
      const learnt = [0];
      const rows = driver.chunkRows(sql(`SELECT "index", "bytes" FROM "EntryListChunk" WHERE "campaignId" = $1 ORDER BY "index"`), [
        campaignId,
      ]);
      for await (const [index, bytes] of rows) {
        if (index !== learnt.length - 1) throw missing(learnt.length - 1);
        learnt.push((learnt[learnt.length - 1] ?? 0) + bytes.length);
        yield bytes;
      }
      starts = learnt;
    },
    async range(start, end) {
      if (!starts) {
        const sizes = await driver.rows(
          sql(
            `SELECT "index", ${postgres ? "octet_length" : "length"}("bytes") FROM "EntryListChunk" WHERE "campaignId" = $1 ORDER BY "index"`,
          ),
          [campaignId],
        );
        starts = [0];
        for (const [k, [index, size]] of sizes.entries()) {
          if (Number(index) !== k) throw missing(k);
          starts.push((starts[starts.length - 1] ?? 0) + Number(size));
        }
      }
      const listEnd = starts[starts.length - 1] ?? 0;
      if (!(start >= 0 && start <= end && end <= listEnd))
        throw new RangeError(`Campaign ${campaignId}: bytes ${start} to ${end} are outside the entry list (${listEnd} bytes)`);
      const bytes = new Uint8Array(end - start);
      for (let index = 0; index + 1 < starts.length; index++) {
        const chunkStart = starts[index] ?? 0;
        const from = Math.max(start, chunkStart);
        const to = Math.min(end, starts[index + 1] ?? 0);
        if (from >= to) continue;
        // substr and substring count from 1.
        const piece = await driver.bytes(
          sql(
            postgres
              ? `SELECT substring("bytes" from $1 for $2) FROM "EntryListChunk" WHERE "campaignId" = $3 AND "index" = $4`
              : `SELECT substr("bytes", $1, $2) FROM "EntryListChunk" WHERE "campaignId" = $3 AND "index" = $4`,
          ),
          [from - chunkStart + 1, to - from, campaignId, index],
        );
        if (!piece || piece.length !== to - from) throw missing(index);
        bytes.set(piece, from - start);
      }
      return bytes;
    },
  };
}

/**
 * Reads the stored list once, piece by piece, checking it against its recorded length and SHA-256
 * (an Error, as entryListBytes says it) and the published rules (EntryListError, as parseEntryList
 * says it), without holding it whole: the answer keeps a block index, and its pool reads again the
 * blocks a draw needs (withListBlocks with `source.range`).
 */
export async function readStoredList(
  list: StoredListRow,
  source: StoredListSource,
  rules: Pick<EntryListReaderOptions, "actions" | "referralCap" | "trustWeights"> = {},
): Promise<FrozenListIndex> {
  const reader = new EntryListReader({ ...rules, hashing: nodeListHashing });
  const hash = createHash("sha256");
  for await (const piece of source.pieces()) {
    if (reader.byteLength + piece.length > list.byteLength)
      throw new Error(`Campaign ${list.campaignId}: the entry list is longer than recorded`);
    hash.update(piece);
    reader.push(piece);
  }
  if (reader.byteLength !== list.byteLength)
    throw new Error(`Campaign ${list.campaignId}: the entry list has ${reader.byteLength} bytes, ${list.byteLength} recorded`);
  if (hash.digest("hex") !== list.sha256)
    throw new Error(`Campaign ${list.campaignId}: the stored entry list does not match its published hash`);
  return reader.finish(list.sha256);
}

/**
 * The stored bytes of a frozen list, whole, checked against its recorded length and SHA-256 (draw.csv
 * downloads and the checks of the tests; the draw reads the list with readStoredList instead).
 */
export async function entryListBytes(list: StoredListRow, client: PrismaClient = prisma): Promise<Buffer> {
  return withStoredList(list, client, async (source) => {
    const bytes = Buffer.allocUnsafe(list.byteLength);
    let length = 0;
    for await (const piece of source.pieces()) {
      if (length + piece.length > list.byteLength) throw new Error(`Campaign ${list.campaignId}: the entry list is longer than recorded`);
      bytes.set(piece, length);
      length += piece.length;
    }
    if (length !== list.byteLength)
      throw new Error(`Campaign ${list.campaignId}: the entry list has ${length} bytes, ${list.byteLength} recorded`);
    if (createHash("sha256").update(bytes).digest("hex") !== list.sha256)
      throw new Error(`Campaign ${list.campaignId}: the stored entry list does not match its published hash`);
    return bytes;
  });
}

/**
 * Runs `compute` (deterministic: drawPicks, nextPick, replayPicks) over a campaign's frozen list read
 * from its stored bytes; only the blocks the computation needs are read a second time.
 *
 * The draw trusts the freeze's check of the weights (decision 121): the freeze checked every weight
 * against the referrals and actions.csv's bonuses in the transaction that stored both files and their
 * hashes. Here both files' bytes are checked against those hashes (a draw never runs over bytes that
 * are not the frozen ones) and draw.csv against every other rule; actions.csv is not parsed again,
 * since the picks depend on draw.csv alone. The verifiers check everything.
 */
export async function overStoredList<T>(list: StoredListRow, compute: (pool: DrawPool) => T, client: PrismaClient = prisma): Promise<T> {
  const actions = await frozenActionList(list.campaignId, client);
  if (actions) await checkedActionPieces(actions, client, () => {});
  return withStoredList(list, client, async (source) =>
    withListBlocks(await readStoredList(list, source, { trustWeights: true }), source.range, compute),
  );
}

const actionListSelect = {
  campaignId: true,
  sha256: true,
  byteLength: true,
  completionCount: true,
  disqualifiedCount: true,
  storageKey: true,
} as const;

/** The frozen actions.csv's row, or null for a list frozen before procedure version 3. */
export async function frozenActionList(campaignId: string, client: PrismaClient = prisma): Promise<ActionListRow | null> {
  return client.actionList.findUnique({ where: { campaignId }, select: actionListSelect });
}

/** The procedure a draw over this campaign's frozen list follows: 3 with actions.csv, else 2 (decision 075). */
export async function frozenProcedureVersion(campaignId: string, client: PrismaClient = prisma): Promise<2 | 3 | 5> {
  if (!(await frozenActionList(campaignId, client))) return 2;
  // Campaigns launched with time-stamped anchors follow procedure 4 (decision 090), drawn from now on as
  // procedure 5 (decision 099): the same steps, without the secret-only fallback that 4 allowed.
  const campaign = await client.campaign.findUnique({ where: { id: campaignId }, select: { drawTimestamped: true } });
  return campaign?.drawTimestamped ? 5 : 3;
}

/**
 * Reads the stored actions.csv once, piece by piece, checked against its recorded length and
 * SHA-256 and the rules of step 3 (EntryListError): the bonuses per entry, or null when the list was
 * frozen before procedure version 3.
 */
export async function readStoredActions(
  campaignId: string,
  client: PrismaClient = prisma,
  options: { notAfterMs?: number } = {},
): Promise<ActionBonuses | null> {
  const row = await frozenActionList(campaignId, client);
  if (!row) return null;
  const reader = new ActionListReader(options);
  await checkedActionPieces(row, client, (piece) => reader.push(piece));
  return reader.finish();
}

/**
 * Reads the stored actions.csv once, piece by piece, handing each piece to `use` and checking the
 * whole against its recorded length and SHA-256 (an Error).
 */
async function checkedActionPieces(row: ActionListRow, client: PrismaClient, use: (piece: Uint8Array) => void): Promise<void> {
  await withStoredList(
    row,
    client,
    async (source) => {
      const hash = createHash("sha256");
      let length = 0;
      for await (const piece of source.pieces()) {
        length += piece.length;
        if (length > row.byteLength) throw new Error(`Campaign ${row.campaignId}: actions.csv is longer than recorded`);
        hash.update(piece);
        use(piece);
      }
      if (length !== row.byteLength)
        throw new Error(`Campaign ${row.campaignId}: actions.csv has ${length} bytes, ${row.byteLength} recorded`);
      if (hash.digest("hex") !== row.sha256)
        throw new Error(`Campaign ${row.campaignId}: the stored actions.csv does not match its published hash`);
    },
    "ActionListChunk",
  );
}

/** The stored bytes of actions.csv, whole, checked against its recorded length and SHA-256 (tests). */
export async function actionListBytes(row: ActionListRow, client: PrismaClient = prisma): Promise<Buffer> {
  return withStoredList(
    row,
    client,
    async (source) => {
      const parts: Uint8Array[] = [];
      for await (const piece of source.pieces()) parts.push(Uint8Array.from(piece));
      const bytes = Buffer.concat(parts);
      if (bytes.length !== row.byteLength || createHash("sha256").update(bytes).digest("hex") !== row.sha256)
        throw new Error(`Campaign ${row.campaignId}: the stored actions.csv does not match its published hash`);
      return bytes;
    },
    "ActionListChunk",
  );
}

// ---------------------------------------------------------------------------------------------
// actions.csv (procedure version 3, decision 075)
// ---------------------------------------------------------------------------------------------

/** Completions per query while building actions.csv (as FREEZE_BLOCK_SIZE: small on SQLite, larger on PostgreSQL). */
export const ACTION_BLOCK_SIZE: Readonly<Record<DatabaseProvider, number>> = { sqlite: 4_000, postgresql: 40_000 };

export interface ActionListRow {
  campaignId: string;
  sha256: string;
  byteLength: number;
  completionCount: number;
  disqualifiedCount: number;
  /** The key of the bytes in the file store (decision 058), or null: the ActionListChunk rows. */
  storageKey: string | null;
}

/** The SQL text of a stored DateTime, as Prisma writes it (the keyset compares stored values). */
function storedTimestamp(provider: DatabaseProvider, ms: number): string {
  const date = new Date(ms);
  return provider === "postgresql" ? date.toISOString().replace("Z", "") : sqliteTimestamp(date);
}

/**
 * The counted completions as actions.csv lines, block by block, in the file's order (entry id, time,
 * action id) straight from the (campaignId, entryId, completedAt, actionId) index: the campaign's
 * completions made at or before the freeze and not rejected, except those of `excludedEntries` (the
 * entries not counted: freezeEntryList learns them from the reader). The kind comes from the
 * campaign's few actions, written into the query, rather than a join per completion.
 */
async function* actionListBlocks(
  driver: ListDriver,
  campaignId: string,
  kinds: ReadonlyMap<string, string>,
  frozenAt: Date,
  blockSize: number,
  excludedEntries: readonly string[],
): AsyncGenerator<string> {
  if (kinds.size === 0) return;
  yield* readBlocks(
    driver,
    (after: ActionKey | null) => actionBlockQuery(driver.provider, campaignId, kinds, frozenAt, blockSize, excludedEntries, after),
    (rows) => actionBlockOf(rows, blockSize),
  );
}

/** Where the last block of actions.csv's lines ended (the keyset of the next one). */
interface ActionKey {
  entryId: string;
  ms: number;
  actionId: string;
}

/** The next block of actions.csv's lines after `after` (actionListBlocks, streamedFreeze). */
export function actionBlockQuery(
  provider: DatabaseProvider,
  campaignId: string,
  kinds: ReadonlyMap<string, string>,
  frozenAt: Date,
  blockSize: number,
  excludedEntries: readonly string[],
  after: ActionKey | null,
): DriverStatement {
  const postgres = provider === "postgresql";
  const params: unknown[] = [];
  const param = (value: unknown, cast = ""): string => {
    params.push(value);
    return postgres ? `$${params.length}${cast}` : "?";
  };
  const { line, where: listed } = actionLines(provider, param, campaignId, kinds, frozenAt, excludedEntries);
  const time = postgres ? "::timestamp(3)" : "";
  const where = [listed];
  if (after) {
    const at = storedTimestamp(provider, after.ms);
    where.push(
      `c."entryId" >= ${param(after.entryId)}`,
      `(c."entryId" > ${param(after.entryId)} OR c."completedAt" > ${param(at, time)} OR (c."completedAt" = ${param(at, time)} AND c."actionId" > ${param(after.actionId)}))`,
    );
  }
  // SQLite chose the (campaignId, completedAt) index for the first block (no keyset yet) and sorted
  // every completion of the campaign in a temporary B-tree; the file's order is this index's.
  const sql = `
      SELECT ${postgres ? `string_agg("line", E'\\n')` : `group_concat("line", char(10))`} AS "lines", count(*) AS "count"
      FROM (SELECT ${line} AS "line"
            FROM "ActionCompletion" c ${postgres ? "" : `INDEXED BY "ActionCompletion_campaignId_entryId_completedAt_actionId_disqualifiedAt_bonus_idx"`}
            WHERE ${where.join(" AND ")}
            ORDER BY c."campaignId", c."entryId", c."completedAt", c."actionId" LIMIT ${param(blockSize)}) AS "block"`;
  return { sql, params };
}

/** actions.csv's line of an ActionCompletion c, and which completions are listed (actionBlockQuery, actionCopyQuery). */
function actionLines(
  provider: DatabaseProvider,
  param: (value: unknown, cast?: string) => string,
  campaignId: string,
  kinds: ReadonlyMap<string, string>,
  frozenAt: Date,
  excludedEntries: readonly string[],
): { line: string; where: string } {
  const postgres = provider === "postgresql";
  const kind = `CASE c."actionId" ${[...kinds].map(([id, value]) => `WHEN ${param(id)} THEN ${param(value)}`).join(" ")} ELSE '?' END`;
  const bonus = postgres ? `c."bonus"::text` : `c."bonus"`;
  const time = postgres ? "::timestamp(3)" : "";
  const where = [
    `c."campaignId" = ${param(campaignId)}`,
    `c."disqualifiedAt" IS NULL`,
    `c."completedAt" <= ${param(storedTimestamp(provider, frozenAt.getTime()), time)}`,
  ];
  if (excludedEntries.length > 0) {
    where.push(
      postgres
        ? `NOT (c."entryId" = ANY(${param([...excludedEntries], "::text[]")}))`
        : `c."entryId" NOT IN (SELECT "value" FROM json_each(${param(JSON.stringify(excludedEntries))}))`,
    );
  }
  return {
    line: `c."entryId" || ',' || c."actionId" || ',' || ${kind} || ',' || ${bonus} || ',' || ${epochMs(provider, 'c."completedAt"')}`,
    where: where.join(" AND "),
  };
}

/** actions.csv's completion lines on PostgreSQL as one COPY ... TO STDOUT (decision 116), as actionBlockQuery's blocks give them. Exported for tests. */
export function actionCopyQuery(
  campaignId: string,
  kinds: ReadonlyMap<string, string>,
  frozenAt: Date,
  excludedEntries: readonly string[],
): DriverStatement {
  return copyStatement((param) => {
    const { line, where } = actionLines("postgresql", param, campaignId, kinds, frozenAt, excludedEntries);
    return `SELECT ${line} FROM "ActionCompletion" c WHERE ${where} ORDER BY c."campaignId", c."entryId", c."completedAt", c."actionId"`;
  });
}

/** A block's lines (without the last line feed) and the keyset of the next one (null: it was the last). */
function actionBlockOf(rows: unknown[][], blockSize: number): LineBlock<ActionKey, string> | null {
  const [lines, rawCount] = rows[0] ?? [];
  const count = Number(rawCount ?? 0);
  if (count === 0 || typeof lines !== "string" || !lines) return null;
  if (count < blockSize) return { lines, after: null };
  const last = lines.slice(lines.lastIndexOf("\n") + 1).split(",");
  return { lines, after: { entryId: last[0] ?? "", actionId: last[1] ?? "", ms: Number(last[4]) } };
}

/**
 * The rejected claims (made at or before the freeze), sorted as actions.csv sorts them, found through
 * the (campaignId, disqualifiedAt) index (decision 119). SQLite, which keeps no statistics here, chose
 * the covering index of the counted ones and read every completion of the campaign (0.6-0.75 s for
 * 2,000,000); it is told which index to use, as the block reads are.
 */
async function rejectedActionLines(driver: ListDriver, campaignId: string, frozenAt: Date): Promise<string> {
  const { sql, params } = rejectedActionQuery(driver.provider, campaignId, frozenAt);
  return rejectedLinesOf(await driver.rows(sql, params));
}

function rejectedActionQuery(provider: DatabaseProvider, campaignId: string, frozenAt: Date): DriverStatement {
  return provider === "postgresql"
    ? {
        sql: `SELECT string_agg("line", E'\\n') FROM (
           SELECT c."entryId" || ',' || c."actionId" || ',' || ${epochMs(provider, 'c."completedAt"')} || ',' || coalesce(c."disqualifyReason", '') AS "line"
           FROM "ActionCompletion" c
           WHERE c."campaignId" = $1 AND c."disqualifiedAt" IS NOT NULL AND c."completedAt" <= $2::timestamp(3)
           ORDER BY c."entryId" COLLATE "C", c."completedAt", c."actionId" COLLATE "C") AS "rejected"`,
        params: [campaignId, storedTimestamp("postgresql", frozenAt.getTime())],
      }
    : {
        sql: `SELECT group_concat("line", char(10)) FROM (
           SELECT c."entryId" || ',' || c."actionId" || ',' || ${epochMs(provider, 'c."completedAt"')} || ',' || coalesce(c."disqualifyReason", '') AS "line"
           FROM "ActionCompletion" c INDEXED BY "ActionCompletion_campaignId_disqualifiedAt_idx"
           WHERE c."campaignId" = ? AND c."disqualifiedAt" IS NOT NULL AND c."completedAt" <= ?
           ORDER BY c."entryId", c."completedAt", c."actionId")`,
        params: [campaignId, storedTimestamp("sqlite", frozenAt.getTime())],
      };
}

function rejectedLinesOf(rows: unknown[][]): string {
  const lines = rows[0]?.[0];
  return typeof lines === "string" ? lines : "";
}

/** The campaign's actions: id -> kind. */
async function actionKinds(driver: ListDriver, campaignId: string): Promise<Map<string, string>> {
  const rows = await driver.rows(
    `SELECT "id", "kind" FROM "EntryAction" WHERE "campaignId" = ${driver.provider === "postgresql" ? "$1" : "?"}`,
    [campaignId],
  );
  return new Map(rows.map(([id, kind]) => [String(id), String(kind)]));
}

/** The exact bytes of actions.csv for the campaign's completions up to `frozenAt`. */
async function buildActionBytes(
  driver: ListDriver,
  campaignId: string,
  frozenAt: Date,
  blockSize: number,
  excludedEntries: readonly string[] = [],
): Promise<Buffer> {
  const kinds = await actionKinds(driver, campaignId);
  const bytes = new ByteBuilder(4096);
  bytes.append(`${ACTION_LIST_HEADER}\n`);
  for await (const block of actionListBlocks(driver, campaignId, kinds, frozenAt, blockSize, excludedEntries)) {
    bytes.append(block);
    bytes.append("\n");
  }
  bytes.append(`${ACTION_DISQUALIFIED_HEADER}\n`);
  const rejected = await rejectedActionLines(driver, campaignId, frozenAt);
  if (rejected) bytes.append(`${rejected}\n`);
  return bytes.finish();
}

/** actions.csv as the freeze would write it now (tests compare it with the stored bytes). */
export async function buildActionListBytes(campaignId: string, frozenAt: Date, client: PrismaClient = prisma): Promise<Buffer> {
  return withListDriver(client, (driver) => buildActionBytes(driver, campaignId, frozenAt, ACTION_BLOCK_SIZE[driver.provider]));
}
