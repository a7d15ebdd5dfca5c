/**
 * Applies Prisma migrations without Prisma's native schema engine.
 *
 * The Prisma CLI's migrate commands need a native binary that is downloaded at install time, and
 * these machines cannot download it. Prisma also ships the same engine as WebAssembly
 * (@prisma/schema-engine-wasm), which talks to the database through a driver adapter. We drive it
 * directly: it applies the migration folders exactly like `prisma migrate deploy` (same
 * `_prisma_migrations` table, checksums and failure handling), so either tool can take over.
 *
 * `@prisma/migrate` wraps this engine too, but its loader looks for the .wasm file inside
 * `@prisma/internals/build`, which the published package does not contain; loading the engine
 * ourselves is a dozen lines.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  DriverAdapterError,
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm";
import Database from "better-sqlite3";
import pg from "pg";
import {
  type DatabaseProvider,
  SQLITE_BUSY_TIMEOUT_MS,
  configuredConnections,
  databaseProvider,
  getDatabaseUrl,
  prepareSqliteFile,
  prisma,
  redactUrl,
} from "../core/db.server";
import { log } from "../core/log.server";

/** Held while migrating so that app instances starting together against one Postgres take turns. */
const MIGRATE_LOCK_KEY = 7_240_611_003;
const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

// ---------------------------------------------------------------------------------------------
// Where the schemas and migrations live
// ---------------------------------------------------------------------------------------------

/**
 * The project directory, found from this file rather than the working directory because this
 * module runs from app/server in development and from build/server once bundled.
 */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "prisma", "schema.prisma"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** prisma/ for SQLite, prisma/postgres/ for PostgreSQL: each holds schema.prisma and migrations/. */
export function prismaDirectory(provider: DatabaseProvider): string {
  const root = path.join(projectRoot(), "prisma");
  return provider === "postgresql" ? path.join(root, "postgres") : root;
}

export function migrationsDirectory(provider: DatabaseProvider): string {
  return path.join(prismaDirectory(provider), "migrations");
}

/** Reads a migrations directory the way Prisma's CLI does (@prisma/migrate listMigrations). */
export async function readMigrationsList(directory: string): Promise<MigrationList> {
  const lockfileContent = await readFile(path.join(directory, "migration_lock.toml"), "utf8").catch(() => null);
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  const migrationDirectories: MigrationList["migrationDirectories"] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const content = await readFile(path.join(directory, entry.name, "migration.sql"), "utf8").then(
      (value) => ({ tag: "ok" as const, value }),
      (error: Error) => ({ tag: "error" as const, value: error.message }),
    );
    migrationDirectories.push({ path: entry.name, migrationFile: { path: "migration.sql", content } });
  }
  migrationDirectories.sort((a, b) => a.path.localeCompare(b.path));
  return {
    baseDir: directory,
    lockfile: { path: "migration_lock.toml", content: lockfileContent },
    migrationDirectories,
    shadowDbInitScript: "",
  };
}

// ---------------------------------------------------------------------------------------------
// The WebAssembly schema engine
// ---------------------------------------------------------------------------------------------

type SchemaEngineClass = typeof SchemaEngine;
type WasmBindgenRuntime = {
  SchemaEngine: SchemaEngineClass;
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

let engineClass: Promise<SchemaEngineClass> | undefined;

function loadSchemaEngineClass(): Promise<SchemaEngineClass> {
  engineClass ??= (async () => {
    const runtime = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as unknown as WasmBindgenRuntime;
    const require = createRequire(import.meta.url);
    const glue = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = await readFile(path.join(path.dirname(glue), "schema_engine_bg.wasm"));
    const imports: Record<string, unknown> = { ...runtime };
    // The engine arms a 10 s timer around its Postgres advisory lock and never clears it, which
    // kept `npm run db:migrate` alive for 10 s after finishing; its timers must not hold the process.
    for (const name of Object.keys(imports).filter((key) => key.startsWith("__wbg_setTimeout_"))) {
      const setTimer = imports[name] as (...args: unknown[]) => NodeJS.Timeout;
      imports[name] = (...args: unknown[]) => setTimer(...args).unref();
    }
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
      "./schema_engine_bg.js": imports as WebAssembly.ModuleImports,
    });
    runtime.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return runtime.SchemaEngine;
  })();
  return engineClass;
}

/** Turns the engine's plain-object errors ({ code, message } or SchemaConnectorError) into Errors. */
function engineError(action: string, error: unknown): Error {
  if (error instanceof Error) return new Error(`${action}: ${error.message}`, { cause: error });
  if (error && typeof error === "object" && "message" in error) {
    const { code, message } = error as { code?: string; message: string };
    return new Error(`${action}: ${code ? `${code} ` : ""}${message}`, { cause: error });
  }
  return new Error(`${action}: ${String(error)}`, { cause: error });
}

type PgError = Error & {
  code?: string;
  severity?: string;
  detail?: string;
  column?: string;
  hint?: string;
};

/**
 * The pg adapter runs a script by splitting it on every ";", which cuts apart a statement with a
 * semicolon inside a string literal or a function body. Prisma's native engine sends the script
 * whole; so do we (pg's simple query protocol accepts several statements), reporting errors in the
 * adapter's format so the engine logs them the usual way.
 */
function sendScriptsWhole(adapter: SqlDriverAdapter, pool: pg.Pool): SqlDriverAdapter {
  adapter.executeScript = async (script: string) => {
    try {
      await pool.query(script);
    } catch (error) {
      const e = error as PgError;
      throw new DriverAdapterError({
        kind: "postgres",
        code: e.code ?? "N/A",
        severity: e.severity ?? "N/A",
        message: e.message,
        detail: e.detail,
        column: e.column,
        hint: e.hint,
      });
    }
  };
  return adapter;
}

/**
 * The engine replays migrations into a SQLite shadow database with executeRaw, which
 * better-sqlite3 refuses for more than one statement; such scripts go to executeScript instead.
 */
function acceptScriptsInExecuteRaw(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      if (query.args.length > 0 || !/more than one statement/.test(String(error))) throw error;
      await adapter.executeScript(query.sql);
      return 0;
    }
  };
  return adapter;
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

/**
 * The engine reads Postgres catalogs whose flag columns have the internal type "char", which the
 * pg adapter cannot map and rejects; they hold one-letter text, so we report them as text.
 */
function readCharColumnsAsText(pool: pg.Pool): pg.Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  pool.query = (async (...args: unknown[]) => {
    const result = await query(...args);
    for (const field of result.fields ?? []) {
      if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    }
    return result;
  }) as unknown as pg.Pool["query"];
  return pool;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

export type EngineConnection = {
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
};

/**
 * A driver adapter factory for the engine that remembers what it opens so `close` can release it
 * (the engine never disposes its adapters). Postgres gets a single connection, so the engine's own
 * session-level advisory lock and its statements share one session, and a shadow database made
 * here: PrismaPg's own connectToShadowDb keeps the connection string's database name and would
 * replay the migrations into the main database.
 */
export function engineConnection(url: string): EngineConnection {
  const cleanups: (() => Promise<void>)[] = [];
  const onClose = (cleanup: () => Promise<void>) => cleanups.unshift(cleanup);
  let factory: SqlMigrationAwareDriverAdapterFactory;

  if (databaseProvider(url) === "postgresql") {
    const connectPool = async (poolUrl: string) => {
      const pool = readCharColumnsAsText(new pg.Pool({ connectionString: poolUrl, max: 1 }));
      const adapter = sendScriptsWhole(await new PrismaPg(pool).connect(), pool);
      onClose(async () => {
        await adapter.dispose().catch(() => undefined);
        await pool.end().catch(() => undefined);
      });
      return adapter;
    };
    factory = {
      provider: "postgres",
      adapterName: "@prisma/adapter-pg",
      connect: () => connectPool(url),
      async connectToShadowDb() {
        const name = `prisma_migrate_shadow_db_${randomUUID().replace(/-/g, "")}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          await admin.query(`CREATE DATABASE "${name}"`);
        } finally {
          await admin.end();
        }
        onClose(async () => {
          const dropper = new pg.Client({ connectionString: url });
          await dropper.connect();
          try {
            await dropper.query(`DROP DATABASE IF EXISTS "${name}"`);
          } finally {
            await dropper.end();
          }
        });
        return connectPool(withDatabase(url, name));
      },
    };
  } else {
    // A migration that rebuilds a table frees the old table's pages: zeroed too (secure_delete, decision 065).
    const sqlite = configuredConnections(new PrismaBetterSqlite3({ url, timeout: SQLITE_BUSY_TIMEOUT_MS }));
    const remember = (adapter: SqlDriverAdapter) => {
      onClose(() => adapter.dispose().catch(() => undefined));
      return adapter;
    };
    factory = {
      provider: "sqlite",
      adapterName: sqlite.adapterName,
      connect: async () => remember(await sqlite.connect()),
      connectToShadowDb: async () => remember(acceptScriptsInExecuteRaw(await sqlite.connectToShadowDb())),
    };
  }

  return {
    factory,
    async close() {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    },
  };
}

/** Runs `work` with a fresh engine instance connected to `url`, then frees everything. */
export async function withSchemaEngine<T>(url: string, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const Engine = await loadSchemaEngineClass();
  const connection = engineConnection(url);
  // The engine's own trace, at LOG_LEVEL=debug (decision 083).
  const engineLog = (line: string) => log.debug(`[schema-engine] ${line}`);
  try {
    const engine = await Engine.new({ datamodels: undefined }, engineLog, bindMigrationAwareSqlAdapterFactory(connection.factory));
    try {
      return await work(engine);
    } finally {
      engine.free();
    }
  } finally {
    await connection.close();
  }
}

// ---------------------------------------------------------------------------------------------
// migrate()
// ---------------------------------------------------------------------------------------------

/**
 * Names of migrations recorded as successfully applied. A missing table means none; the engine
 * creates it.
 */
async function appliedMigrationNames(query: (sql: string) => Promise<{ migration_name: string }[]>): Promise<Set<string>> {
  try {
    const rows = await query("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL");
    return new Set(rows.map((row) => row.migration_name));
  } catch {
    return new Set();
  }
}

const queues = new Map<string, Promise<unknown>>();

/** Runs `work` after any earlier work queued under the same key in this process. */
async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
  queues.set(key, run);
  try {
    return await run;
  } finally {
    if (queues.get(key) === run) queues.delete(key);
  }
}

/**
 * Two engines on one SQLite file block each other (the engine switches the file to exclusive
 * locking mode) until the busy timeout fails one of them. Processes take turns through an exclusive
 * transaction on a small lock database beside the file, which SQLite releases if a process dies.
 * The wait blocks the event loop, which is fine: nothing else runs before the database is ready,
 * and callers in one process are already queued by oneAtATime.
 */
async function withSqliteMigrationLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = new Database(`${file}.migrate-lock`, { timeout: 120_000 });
  try {
    lock.exec("BEGIN EXCLUSIVE");
    return await work();
  } finally {
    if (lock.inTransaction) lock.exec("ROLLBACK");
    lock.close();
  }
}

async function sqliteAppliedNames(file: string): Promise<Set<string>> {
  const db = new Database(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    return await appliedMigrationNames(async (sql) => db.prepare(sql).all() as { migration_name: string }[]);
  } finally {
    db.close();
  }
}

async function applyPending(url: string, migrationsList: MigrationList): Promise<string[]> {
  return withSchemaEngine(url, async (engine) => {
    try {
      const result = await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
      return result.appliedMigrationNames;
    } catch (error) {
      throw engineError(`Applying migrations to ${redactUrl(url)} failed`, error);
    }
  });
}

/**
 * Applies pending migrations for the provider named by the URL (file: -> SQLite,
 * postgres(ql):// -> PostgreSQL) and returns the names it applied. Cheap when nothing is pending:
 * the engine is loaded only if a migration folder is missing from `_prisma_migrations`.
 */
export async function migrate(databaseUrl: string = getDatabaseUrl()): Promise<string[]> {
  const provider = databaseProvider(databaseUrl);
  const migrationsList = await readMigrationsList(migrationsDirectory(provider));
  const local = migrationsList.migrationDirectories.map((dir) => dir.path);

  if (provider === "sqlite") {
    const file = prepareSqliteFile(databaseUrl);
    const pending = async () => {
      const applied = await sqliteAppliedNames(file);
      return local.filter((name) => !applied.has(name));
    };
    return oneAtATime(file, async () => {
      if ((await pending()).length === 0) return [];
      return withSqliteMigrationLock(file, async () => {
        if ((await pending()).length === 0) return [];
        return applyPending(`file:${file}`, migrationsList);
      });
    });
  }

  // A session-level advisory lock on a connection of our own: a second instance waits here until
  // the first has finished, then finds nothing pending.
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATE_LOCK_KEY]);
    const applied = await appliedMigrationNames(async (sql) => (await lock.query(sql)).rows);
    if (local.every((name) => applied.has(name))) return [];
    return await applyPending(databaseUrl, migrationsList);
  } finally {
    await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATE_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Readiness
// ---------------------------------------------------------------------------------------------

/** The migration folders this build ships, read once per process (they do not change while it runs). */
let shipped: { directory: string; names: Promise<string[]> } | undefined;

/**
 * The migrations this build ships that the app's database does not record as applied (/readyz,
 * decision 084). Asked through the app's own connection; a database without `_prisma_migrations`
 * has none applied.
 */
export async function unappliedMigrations(): Promise<string[]> {
  const directory = migrationsDirectory(databaseProvider(getDatabaseUrl()));
  if (shipped?.directory !== directory) {
    const names = readdir(directory, { withFileTypes: true }).then((entries) =>
      entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
    );
    shipped = { directory, names };
  }
  const applied = await appliedMigrationNames((sql) => prisma.$queryRawUnsafe<{ migration_name: string }[]>(sql));
  return (await shipped.names).filter((name) => !applied.has(name));
}
