/**
 * The process's own driver connection to the database, beside Prisma's (decision 062): one
 * better-sqlite3 connection, or a small pg pool, opened on first use and closed with Prisma. The
 * paths a spike hits use it: the entry store (entries/store.server.ts) and entry-action completions
 * (actions/complete.server.ts, decision 077).
 *
 * Work that is not a single prepared statement is written once for both databases as a generator
 * of `Statements`: it yields each statement (`?` for each value, a write's RETURNING giving its
 * rows) and is handed back the statement's rows. On SQLite it runs synchronously, inside one
 * BEGIN IMMEDIATE transaction holding the write lock only while it runs (no await in between); on
 * PostgreSQL each statement is awaited on one pooled connection, inside BEGIN / COMMIT.
 */
import { type FileHandle, open } from "node:fs/promises";
import Database from "better-sqlite3";
import pg from "pg";
import {
  type PrismaClient,
  clientUrl,
  closeWithPrisma,
  configureSqliteConnection,
  databaseProvider,
  prisma,
  sqliteFilePath,
  sqliteSynchronous,
  sqliteTimestamp,
  waitOutSqliteBusy,
} from "./db.server";
import { BatchFailed, groupCommit } from "./group-commit.server";
import { log } from "./log.server";

export type Row = Record<string, unknown>;

/** One SQL statement for both databases: `?` for each value, double-quoted names, no provider-only syntax. */
export interface Statement {
  sql: string;
  values: readonly unknown[];
}

/** Work on the database as a sequence of statements, each answered with its rows (a write without RETURNING: none). */
export type Statements<R> = Generator<Statement, R, Row[]>;

/** How values cross the driver: a DateTime (stored as Prisma stores it) and a Boolean, each way. */
export interface Dialect {
  at(value: Date): unknown;
  date(value: unknown): Date | null;
  flag(value: boolean): unknown;
}

export interface SqliteDriver {
  provider: "sqlite";
  db: Database.Database;
  dialect: Dialect;
  /** Runs synchronous reads or writes, waiting out SQLITE_BUSY between attempts without blocking the event loop. */
  whenNotBusy<T>(work: () => T): Promise<T>;
  /**
   * Runs `write` synchronously in one BEGIN IMMEDIATE transaction; when `wrote(result)` says it
   * changed something, settles only once the WAL holding it is on the disk (decision 065).
   */
  commit<T>(write: () => T, wrote: (result: T) => boolean): Promise<T>;
  /** Closes the WAL file its syncs use, then the connection. */
  close(): Promise<void>;
}

export interface PostgresDriver {
  provider: "postgresql";
  pool: pg.Pool;
  dialect: Dialect;
}

export type Driver = SqliteDriver | PostgresDriver;

/** Pauses between two attempts while SQLite is busy: 1 ms, doubling up to 4 ms (an entrant is waiting). */
const SQLITE_BUSY_PAUSES = { firstPauseMs: 1, maxPauseMs: 4 };

const sqliteDialect: Dialect = {
  at: (value) => sqliteTimestamp(value),
  date: (value) => (value === null || value === undefined ? null : new Date(value as string | number)),
  flag: (value) => (value ? 1 : 0),
};

const postgresDialect: Dialect = {
  // timestamp(3) without a zone, holding UTC.
  at: (value) => value.toISOString().replace("Z", ""),
  date: (value) => (value instanceof Date ? value : null),
  flag: (value) => value,
};

function sqliteDriver(file: string): SqliteDriver {
  // No busy timeout: better-sqlite3 would wait for the write lock synchronously, freezing the event
  // loop while the lock's holder may be this very process (a Prisma transaction between two awaits).
  // Writes wait for it asynchronously instead; reads in WAL mode do not wait.
  const db = new Database(file, { timeout: 0 });
  configureSqliteConnection(db);
  // A write is acknowledged only once its commit is on the disk (decision 065). SQLite's
  // synchronous = FULL would sync the WAL inside the commit, holding up this worker's event loop for
  // the whole fsync; writes arriving meanwhile could not join the next batch. So this connection
  // commits without syncing and the WAL is synced after the commit, off the event loop.
  const wal = sqliteSynchronous() === "FULL" && file !== ":memory:" ? walSync(file) : null;
  if (wal) db.pragma("synchronous = NORMAL");
  const whenNotBusy = <T>(work: () => T) => waitOutSqliteBusy(work, SQLITE_BUSY_PAUSES);
  return {
    provider: "sqlite",
    db,
    dialect: sqliteDialect,
    whenNotBusy,
    async commit(write, wrote) {
      // IMMEDIATE: the write lock first, then the statements run synchronously, so nothing else of
      // this process runs meanwhile.
      const result = await whenNotBusy(() => db.transaction(write).immediate());
      if (wal && wrote(result)) {
        try {
          await wal.sync();
        } catch (error) {
          // Committed but maybe not on the disk (an I/O error): nobody is told their write is safe,
          // and it is not tried again (it is written).
          throw new BatchFailed("the WAL could not be synced to the disk", { cause: error });
        }
      }
      return result;
    },
    async close() {
      await wal?.close();
      db.close();
    },
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

function postgresDriver(url: string): PostgresDriver {
  // Custom plans: a generic plan made while the Entry table was small (a new campaign's first
  // minutes) would keep scanning it whole once the spike has filled it.
  const pool = new pg.Pool({ connectionString: url, max: 4, types: postgresTypes, options: "-c plan_cache_mode=force_custom_plan" });
  // An idle connection the server ends (a restart, a dropped database) is replaced on the next query.
  pool.on("error", (error) => log.error(`[driver] a database connection was closed: ${error.message}`));
  return { provider: "postgresql", pool, dialect: postgresDialect };
}

/**
 * Syncs a SQLite database's WAL file to the disk (fdatasync, in libuv's thread pool): every commit
 * written to it before the call is then durable, as SQLite's synchronous = FULL makes it. SQLite
 * deletes and creates the WAL only when no connection has the database open, and the caller's
 * connection stays open until close(), so the file opened at the first sync is the one every later
 * commit writes.
 */
function walSync(file: string): { sync: () => Promise<void>; close: () => Promise<void> } {
  const wal = `${file}-wal`;
  // Opened at the first sync and kept while the connection is open (the same file all along): an
  // open and a close per commit cost about 3 % of an entry's CPU in a spike.
  let handle: Promise<FileHandle> | null = null;
  /** Forgets `dropped` and closes it; settles once it is closed (or could not be opened). */
  const drop = (dropped: Promise<FileHandle>) => {
    if (handle === dropped) handle = null;
    return dropped.then((opened) => opened.close()).catch(() => {});
  };
  return {
    async sync() {
      const current = (handle ??= open(wal, "r"));
      try {
        await (await current).datasync();
      } catch (error) {
        // The next sync opens the file again.
        void drop(current);
        throw error;
      }
    },
    async close() {
      if (handle) await drop(handle);
    },
  };
}

const drivers = new Map<string, Driver>();

/** The driver connection to the database behind `client` (the app's own by default), opened on first use. */
export function driverFor(client: PrismaClient = prisma): Driver {
  const url = clientUrl(client);
  let driver = drivers.get(url);
  if (!driver) {
    driver = databaseProvider(url) === "postgresql" ? postgresDriver(url) : sqliteDriver(sqliteFilePath(url));
    drivers.set(url, driver);
    closeWithPrisma(closeDrivers);
  }
  return driver;
}

/** Closes every driver connection (the server's shutdown, and tests between databases). */
export async function closeDrivers(): Promise<void> {
  const open = [...drivers.values()];
  drivers.clear();
  await Promise.all(open.map((driver) => (driver.provider === "sqlite" ? driver.close() : driver.pool.end())));
}

// ---------------------------------------------------------------------------------------------
// Running Statements

const prepared = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function sqliteStatement(db: Database.Database, sql: string): Database.Statement {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/** Runs `work` on SQLite synchronously (the caller chooses the transaction, if any). */
function runSqlite<R>(db: Database.Database, work: Statements<R>): R {
  let step = work.next([]);
  while (!step.done) {
    const statement = sqliteStatement(db, step.value.sql);
    const values = step.value.values as unknown[];
    let rows: Row[] = [];
    if (statement.reader) rows = statement.all(...values) as Row[];
    else statement.run(...values);
    step = work.next(rows);
  }
  return step.value;
}

/** `?` → `$1`, `$2`, … (the statements hold no `?` of their own: no literal, no JSON operator). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** Each statement's text for PostgreSQL and its name: each connection parses it once (a prepared statement), then binds it. */
const postgresStatements = new Map<string, { name: string; text: string }>();

async function runPostgres<R>(client: pg.Pool | pg.PoolClient, work: Statements<R>): Promise<R> {
  let step = work.next([]);
  while (!step.done) {
    let statement = postgresStatements.get(step.value.sql);
    if (!statement) {
      statement = { name: `giveawear-driver-${postgresStatements.size}`, text: numbered(step.value.sql) };
      postgresStatements.set(step.value.sql, statement);
    }
    const result = await client.query({ ...statement, values: step.value.values as unknown[] });
    step = work.next(result.rows as Row[]);
  }
  return step.value;
}

/** Reads: each statement on its own (no transaction), on SQLite without waiting for any writer. */
export function read<R>(driver: Driver, work: Statements<R>): Promise<R> {
  return driver.provider === "sqlite" ? driver.whenNotBusy(() => runSqlite(driver.db, work)) : runPostgres(driver.pool, work);
}

async function postgresTransaction<R>(pool: pg.Pool, work: () => Statements<R>): Promise<R> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await runPostgres(client, work());
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollback: Error) => (broken = rollback));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Group commit (decision 062) of `write`, a batch's statements: the items asked for in one turn of
 * the event loop are written in one transaction (on SQLite one BEGIN IMMEDIATE, on PostgreSQL one
 * BEGIN / COMMIT on one connection), `write` answering one result per item. Each caller is answered
 * once the transaction has committed (on SQLite, once its WAL is synced when `wrote` says an item
 * changed something). A failed batch is tried again one item at a time.
 */
export function groupCommitted<T, R>(driver: Driver, write: (batch: readonly T[]) => Statements<R[]>, wrote: (result: R) => boolean) {
  return groupCommit<T, R>((batch) =>
    driver.provider === "sqlite"
      ? driver.commit(
          () => runSqlite(driver.db, write(batch)),
          (results) => results.some(wrote),
        )
      : postgresTransaction(driver.pool, () => write(batch)),
  );
}

/** `work` in one transaction of its own on the driver connection (SQLite: BEGIN IMMEDIATE, synced before it settles). */
export function transaction<R>(driver: Driver, work: () => Statements<R>): Promise<R> {
  return driver.provider === "sqlite"
    ? driver.commit(
        () => runSqlite(driver.db, work()),
        () => true,
      )
    : postgresTransaction(driver.pool, work);
}
