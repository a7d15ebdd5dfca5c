import { mkdirSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import { Prisma, PrismaClient } from "../../generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "../../generated/prisma-postgres/client";

export { Prisma, PrismaClient };
export type {
  AdditionalPrize,
  AiDesign,
  Campaign,
  Coupon,
  Draw,
  EmailTemplate,
  EmailToolConnection,
  EmailToolSync,
  Entry,
  HomepageSliderImage,
  LoginCode,
  Order,
  OutboundEmail,
  OutboundSms,
  PaymentEvent,
  Plan,
  PlatformSetting,
  Session,
  UploadedAsset,
  User,
  WebhookDelivery,
  WebhookEndpoint,
} from "../../generated/prisma/client";

export type DatabaseProvider = "sqlite" | "postgresql";

/** DATABASE_URL, or the embedded SQLite file under DATA_DIR (default ./data). */
export function getDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL || `file:${env.DATA_DIR ?? "./data"}/app.db`;
}

export function databaseProvider(url: string): DatabaseProvider {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`Unsupported DATABASE_URL "${redactUrl(url)}": use file:<path> or postgres://…`);
}

export function isPostgres(url: string = getDatabaseUrl()): boolean {
  return databaseProvider(url) === "postgresql";
}

/** The file behind a `file:` URL, resolved against the working directory (query string dropped). */
export function sqliteFilePath(url: string): string {
  const file = url.replace(/^file:/, "").replace(/\?.*$/, "");
  if (!file) throw new Error('DATABASE_URL "file:" names no file');
  return file === ":memory:" ? file : path.resolve(file);
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}

export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** How SQLite connections sync their commits: `full` unless SQLITE_SYNCHRONOUS says `normal` (decision 065). */
export function sqliteSynchronous(): "FULL" | "NORMAL" {
  const chosen = (process.env.SQLITE_SYNCHRONOUS ?? "full").trim().toLowerCase();
  if (chosen === "full" || chosen === "") return "FULL";
  if (chosen === "normal") return "NORMAL";
  throw new Error(`SQLITE_SYNCHRONOUS must be "full" or "normal", not "${chosen}"`);
}

/**
 * What every SQLite connection of the app sets, each for itself (both are per connection, not
 * properties of the file), decision 065:
 * - `synchronous = FULL`: in WAL mode each commit syncs the WAL before it returns, so an
 *   acknowledged entry survives a power loss or a kernel crash, not only a killed process. SQLite's
 *   default in WAL mode (this build's SQLITE_DEFAULT_WAL_SYNCHRONOUS) is NORMAL, which syncs only
 *   at checkpoints. The entry store commits with NORMAL and syncs the WAL itself after each batch,
 *   off the event loop (entries/store.server.ts), to the same effect.
 * - `secure_delete = ON`: deleted and overwritten content (a row's old version, a freed page) is
 *   overwritten with zeros, so an erased address does not linger in free space of the file.
 */
export function configureSqliteConnection(db: Database.Database): void {
  db.pragma(`synchronous = ${sqliteSynchronous()}`);
  db.pragma("secure_delete = ON");
}

/**
 * Puts a SQLite file in WAL mode (a property of the file, so once is enough) and creates its
 * directory. Readers then never block the writer, which matters as soon as background jobs run
 * next to page requests.
 */
export function prepareSqliteFile(url: string): string {
  const file = sqliteFilePath(url);
  if (file === ":memory:") return file;
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    configureSqliteConnection(db);
    db.pragma("journal_mode = WAL");
  } finally {
    db.close();
  }
  return file;
}

let liftoffOnly = false;

/**
 * Prisma's query compiler is a WebAssembly module (3 MB). V8 compiles it with Liftoff, its baseline
 * compiler, then recompiles the functions it finds hot with TurboFan on its background threads. In
 * a fresh process that recompilation cost about 50 MB of resident memory (the malloc arenas of the
 * compile threads, which glibc keeps) and a few hundred ms of CPU while the first queries ran, and
 * bought nothing measurable afterwards: 6,000 queries took the same time either way (Prisma
 * compiles a query shape once). So WebAssembly is compiled with Liftoff only. V8 reads the flag
 * when it compiles a module, hence before the first client; Prisma's modules are the only
 * WebAssembly the app runs (decision 060). Measured: a production server idles at about 196 MB
 * resident instead of 260-290 MB.
 */
function compileWebAssemblyWithLiftoffOnly(): void {
  if (liftoffOnly) return;
  v8.setFlagsFromString("--liftoff-only");
  liftoffOnly = true;
}

/**
 * A client for either provider. Both generated clients have identical models; the Postgres one is
 * typed as the SQLite one so the rest of the app sees a single type (the SQLite API is the common
 * subset: it lacks Postgres-only options such as `mode: 'insensitive'`, which is what we want).
 */
export function createPrismaClient(url: string = getDatabaseUrl()): PrismaClient {
  compileWebAssemblyWithLiftoffOnly();
  const provider = databaseProvider(url);
  let client: PrismaClient;
  if (provider === "postgresql") {
    const adapter = new PrismaPg({ connectionString: url });
    client = new PostgresPrismaClient({ adapter }) as unknown as PrismaClient;
  } else {
    const file = prepareSqliteFile(url);
    // better-sqlite3 turns foreign keys on by default, and `timeout` is SQLite's busy timeout; both
    // are per connection, hence options here rather than PRAGMAs run once.
    const adapter = immediateTransactions(
      configuredConnections(new PrismaBetterSqlite3({ url: `file:${file}`, timeout: SQLITE_BUSY_TIMEOUT_MS })),
    );
    client = new PrismaClient({ adapter });
  }
  providers.set(client, provider);
  urls.set(client, url);
  return client;
}

/** The better-sqlite3 connection inside a connected Prisma adapter. */
function adapterConnection(adapter: object): Database.Database {
  const connection = (adapter as { client?: Database.Database }).client;
  if (!connection || typeof connection.prepare !== "function" || typeof connection.pragma !== "function") {
    throw new Error("@prisma/adapter-better-sqlite3 no longer exposes its connection: update adapterConnection in db.server.ts");
  }
  return connection;
}

/** Prisma's SQLite connections (the app's and the schema engine's), each set up by configureSqliteConnection. */
export function configuredConnections(factory: PrismaBetterSqlite3): PrismaBetterSqlite3 {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    configureSqliteConnection(adapterConnection(adapter));
    return adapter;
  };
  return factory;
}

/**
 * SQLite transactions that wait their turn when several processes share the file (two server
 * processes, or `npm run jobs` from cron next to the server). Prisma's better-sqlite3 adapter opens
 * a transaction with a deferred BEGIN: it reads under a snapshot and asks for the write lock at its
 * first write. If another process has committed since that snapshot, SQLite cannot let it write
 * (it read data that is no longer current) and answers SQLITE_BUSY at once, whatever the busy
 * timeout: an entry confirmation racing one in another process failed with a 500. BEGIN IMMEDIATE
 * takes the write lock first, waiting up to the busy timeout for the other process to commit, and
 * then reads what that process wrote. Within one process nothing changes: the adapter runs one
 * transaction at a time, and no other connection of this process holds the lock across an await
 * (the list driver's transactions run synchronously), so the wait cannot be for this process itself.
 * The two-instance test (tests/integration/two-instances.test.ts) runs on one SQLite file with this.
 */
function immediateTransactions(factory: PrismaBetterSqlite3): PrismaBetterSqlite3 {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    // The adapter's better-sqlite3 connection; it starts every transaction with prepare("BEGIN").
    const connection = adapterConnection(adapter);
    const prepare = connection.prepare.bind(connection);
    connection.prepare = ((sql: string) => prepare(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql)) as typeof connection.prepare;
    return adapter;
  };
  return factory;
}

const providers = new WeakMap<object, DatabaseProvider>();
const urls = new WeakMap<object, string>();

/**
 * The DATABASE_URL a client talks to, for the few bulk operations that go through the driver
 * itself (the frozen entry list): the URL it was created with, else the configured one.
 */
export function clientUrl(client: PrismaClient): string {
  return urls.get(client) ?? (client === prisma ? urls.get(getPrisma()) : undefined) ?? getDatabaseUrl();
}

/** Which database a client talks to, for the rare query that must differ (advisory locks). */
export function clientProvider(client: PrismaClient): DatabaseProvider {
  const known = providers.get(client);
  if (known) return known;
  // Clients not made by createPrismaClient (or the lazy `prisma` proxy): ask Prisma.
  return Reflect.get(client, "_activeProvider") === "postgresql" ? "postgresql" : "sqlite";
}

/** True when an error is Prisma's unique-constraint violation (P2002), on either provider. */
export function isUniqueConstraintError(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

const globalForPrisma = globalThis as typeof globalThis & { __giveawearPrisma?: PrismaClient };
let client: PrismaClient | undefined;

/** The app's shared client, created on first use (so importing this module opens nothing). */
export function getPrisma(): PrismaClient {
  if (client) return client;
  // In development Vite re-evaluates this module on every change; reusing the client from
  // globalThis avoids opening a new connection pool each time.
  client = globalForPrisma.__giveawearPrisma ?? createPrismaClient();
  if (process.env.NODE_ENV !== "production") globalForPrisma.__giveawearPrisma = client;
  return client;
}

/** The shared client; `prisma.campaign.findMany(...)` creates it on first use. */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const real = getPrisma();
    const value: unknown = Reflect.get(real, property, real);
    return typeof value === "function" ? value.bind(real) : value;
  },
});

/** Closes the shared client (tests, scripts, graceful shutdown). */
export async function disconnectPrisma(): Promise<void> {
  const current = client ?? globalForPrisma.__giveawearPrisma;
  client = undefined;
  delete globalForPrisma.__giveawearPrisma;
  const closing = [...companionConnections].map((close) => close());
  companionConnections.clear();
  await Promise.all([current?.$disconnect(), ...closing]);
}

const companionConnections = new Set<() => Promise<void>>();

/** Connections opened beside the shared client's (the entry store's) are closed with it. */
export function closeWithPrisma(close: () => Promise<void>): void {
  companionConnections.add(close);
}

/** The longest a driver connection's SQLite work waits out a busy database (a write lock held by another). */
const SQLITE_BUSY_WAIT_MS = 15_000;

/**
 * Runs SQLite `work` on a driver connection opened without a busy timeout, trying again after a
 * pause while SQLite answers SQLITE_BUSY (or one of its extended forms), until SQLITE_BUSY_WAIT_MS.
 * The pauses let the event loop run: the lock's holder may be this very process (a Prisma
 * transaction between two awaits), which a synchronous busy timeout would freeze. The pause
 * doubles from `firstPauseMs` up to `maxPauseMs`.
 */
export async function waitOutSqliteBusy<T>(
  work: () => T,
  { firstPauseMs, maxPauseMs }: { firstPauseMs: number; maxPauseMs: number },
): Promise<T> {
  const deadline = Date.now() + SQLITE_BUSY_WAIT_MS;
  for (let pause = firstPauseMs; ; pause = Math.min(pause * 2, maxPauseMs)) {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== "string" || !code.startsWith("SQLITE_BUSY") || Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * After rows were erased or redacted (decision 065): makes what the database still keeps of their
 * earlier versions leave its files, as far as the database allows. Answers whether it completed.
 *
 * - SQLite: every connection zeroes what it deletes (secure_delete), but the WAL still holds the
 *   pages as they were before the erasure until a checkpoint has copied the WAL into the database
 *   and the file is cut. A TRUNCATE checkpoint does both; it needs a moment when no other
 *   connection (of any process) is writing or still reading an older snapshot, so it is tried
 *   again, without blocking the event loop, for up to SQLITE_BUSY_WAIT_MS. The next erasure tries
 *   again if this one could not.
 * - PostgreSQL: an UPDATE leaves the row's old version in the table (a dead tuple) and its old
 *   index entries until VACUUM removes them; `VACUUM (INDEX_CLEANUP ON)` of `tables` does so now
 *   (index cleanup even for a single dead row, which plain VACUUM may skip). What PostgreSQL keeps
 *   beyond that (bytes in the freed space of a page until it is reused, WAL segments until they are
 *   recycled, archives and backups) is out of the app's reach: README, "Erasure on disk".
 */
export async function purgeErasedRows(client: PrismaClient, tables: readonly string[]): Promise<boolean> {
  const url = clientUrl(client);
  if (databaseProvider(url) === "postgresql") {
    if (tables.length === 0) return true;
    // VACUUM runs outside a transaction, one statement; the table names are ours, not input.
    await client.$executeRawUnsafe(`VACUUM (INDEX_CLEANUP ON) ${tables.map((table) => `"${table.replace(/"/g, "")}"`).join(", ")}`);
    return true;
  }
  const file = sqliteFilePath(url);
  if (file === ":memory:") return true;
  const db = new Database(file, { timeout: 0 });
  try {
    configureSqliteConnection(db);
    const deadline = Date.now() + SQLITE_BUSY_WAIT_MS;
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      // busy = 1: another connection writes, or reads a snapshot the checkpoint cannot discard yet.
      const [result] = await waitOutSqliteBusy(() => db.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[], {
        firstPauseMs: 5,
        maxPauseMs: 100,
      });
      if (Number(result?.busy) === 0) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  } finally {
    db.close();
  }
}

/** SQLite keeps DateTime as Prisma writes it: ISO 8601 with milliseconds and "+00:00" (for raw SQL comparing with it). */
export function sqliteTimestamp(value: Date | string): string {
  return typeof value === "string" ? value : value.toISOString().replace("Z", "+00:00");
}
