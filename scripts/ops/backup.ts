/**
 * A backup of a running install (decision 086), with the app's own environment (DATABASE_URL,
 * DATA_DIR, S3_*, SESSION_SECRET, ENCRYPTION_KEY, NODE_ENV):
 *
 *   npm run backup -- --out <folder> [--keys-out <file>] [--pg-bin <folder>]
 *
 * Writes <folder>/giveawear-backup-<time>.tar.gz (the database, DATA_DIR's files and manifest.json)
 * and the keys file <folder>/giveawear-backup-<time>.keys (or --keys-out), which belongs somewhere
 * else than the archive. The database first, then the files: files are only added under new names
 * while the app runs, so every file the copied database names is in the archive.
 * - SQLite: the online backup API (better-sqlite3's backup(), what `sqlite3 .backup` does), all pages
 *   in one step, so the copy is one read transaction's snapshot while the app keeps writing (WAL).
 * - PostgreSQL: pg_dump in its custom format, inside a snapshot that the manifest's row counts and
 *   migration level are read in too.
 * Prints what it wrote; exits 1 on failure, leaving no archive behind.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, open, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { createGzip } from "node:zlib";
import Database from "better-sqlite3";
import pg from "pg";
import tar from "tar-stream";
import { SQLITE_BUSY_TIMEOUT_MS, redactUrl } from "../../app/server/core/db.server";
import { ACTION_LISTS_PREFIX, ENTRY_LISTS_PREFIX } from "../../app/server/draw/list-store.server";
import { UPLOADS_PREFIX } from "../../app/server/media/uploads.server";
import { projectRoot } from "../../app/server/startup/migrate.server";
import { parseCommandLine } from "./cli";
import { postgresFacts, sqliteFacts } from "./database";
import { type Instance, KEY_NAMES, type KeyName, keyFingerprint, listDataFiles, readInstance, readKey } from "./instance";
import {
  DATABASE_ENTRIES,
  FILES_FOLDER,
  type FileEntry,
  type KeySources,
  MANIFEST_ENTRY,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  backupName,
  keysFileText,
  listingSha256,
} from "./manifest";
import { findPgTool, libpqConnection, runPgTool, toolVersion } from "./postgres";
import { syncFile } from "./files";

export interface BackupOptions {
  out: string;
  keysOut?: string;
  pgBin?: string;
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

export interface BackupResult {
  archive: string;
  archiveSha256: string;
  keysFile: string | null;
  manifest: Manifest;
}

type DatabaseSnapshot = Pick<Manifest["database"], "migrations" | "tables" | "tool">;

/** better-sqlite3 copies this many pages per step at most: every page, in one step. */
const ALL_PAGES = 0x7fffffff;

/** The SQLite file copied with the online backup API into `copy`, then checked and counted there. */
async function backupSqlite(file: string, copy: string): Promise<DatabaseSnapshot> {
  if (!existsSync(file)) throw new Error(`There is no SQLite database at ${file} (DATABASE_URL, or DATA_DIR/app.db).`);
  const source = new Database(file, { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    // Each step of the backup API reads in one transaction, and a write by another connection between
    // steps starts it over; one step for all pages reads one snapshot and is never started over.
    await source.backup(copy, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const db = new Database(copy, { fileMustExist: true });
  try {
    const check = db.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`The copy of ${file} fails SQLite's quick_check: ${String(check)}`);
    const counted = sqliteFacts(db);
    const version = (db.prepare("SELECT sqlite_version() AS v").get() as { v: string }).v;
    return { ...counted, tool: `SQLite ${version} online backup (better-sqlite3)` };
  } finally {
    db.close();
  }
}

/**
 * pg_dump -Fc of the database into `dump`. A repeatable-read transaction exports its snapshot; pg_dump
 * dumps that snapshot and the row counts and migration level are read in it, so the manifest
 * describes exactly the dump.
 */
async function backupPostgres(url: string, dump: string, pgBin: string | undefined): Promise<DatabaseSnapshot> {
  const pgDump = findPgTool("pg_dump", pgBin);
  const tool = await toolVersion(pgDump);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const snapshot = (await client.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot")).rows[0]?.snapshot;
    if (!snapshot) throw new Error("PostgreSQL exported no snapshot");
    const counted = await postgresFacts(client);
    const connection = libpqConnection(url);
    await runPgTool(
      pgDump,
      ["--format=custom", "--no-password", `--snapshot=${snapshot}`, `--file=${dump}`, `--dbname=${connection.url}`],
      connection.env,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n(pg_dump must be the server's major version or newer: ${tool}; --pg-bin <folder> picks another)`);
    });
    await client.query("COMMIT");
    return { ...counted, tool };
  } finally {
    await client.end();
  }
}

function appVersion(): Manifest["app"] {
  const root = projectRoot();
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { name: string; version: string };
  let commit: string | null = null;
  try {
    commit =
      execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim() || null;
  } catch {
    // Not a git checkout (an image): the version alone.
  }
  return { name: pkg.name, version: pkg.version, commit, node: process.version };
}

/** Streams a file into the archive as `name`, hashing it on the way: its size is what it had when opened. */
async function addFile(pack: tar.Pack, name: string, file: string, mode: number): Promise<{ size: number; sha256: string }> {
  const handle = await open(file, "r");
  try {
    const { size, mtime } = await handle.stat();
    const hash = createHash("sha256");
    let done: Promise<void> = Promise.resolve();
    const entry = pack.entry({ name, size, mtime, mode }, (error) => {
      if (error) done = Promise.reject(error);
    });
    await pipeline(
      handle.createReadStream({ autoClose: false }),
      new Transform({
        transform(chunk: Buffer, _encoding, next) {
          hash.update(chunk);
          next(null, chunk);
        },
      }),
      entry,
    );
    await done;
    return { size, sha256: hash.digest("hex") };
  } finally {
    await handle.close();
  }
}

export async function backup(options: BackupOptions): Promise<BackupResult> {
  const instance: Instance = readInstance(options.env ?? process.env);
  const createdAt = options.now ?? new Date();
  const name = backupName(createdAt);
  const out = path.resolve(options.out);
  const archive = path.join(out, `${name}.tar.gz`);
  const keysPath = path.resolve(options.keysOut ?? path.join(out, `${name}.keys`));
  for (const file of [archive, keysPath]) if (existsSync(file)) throw new Error(`${file} exists already`);
  await mkdir(out, { recursive: true });
  const work = await mkdtemp(path.join(out, `.${name}-`));
  const partial = `${archive}.partial`;
  let keysWritten = false;
  try {
    // 1. The database.
    const databaseEntry = DATABASE_ENTRIES[instance.provider];
    const copy = path.join(work, path.basename(databaseEntry));
    const snapshot =
      instance.provider === "sqlite"
        ? await backupSqlite(instance.sqliteFile ?? "", copy)
        : await backupPostgres(instance.databaseUrl, copy, options.pgBin);

    // 2. The files: DATA_DIR's, or the bucket's name (its own versioning keeps them).
    const listing = instance.bucket ? null : await listDataFiles(instance, [out, keysPath]);

    // 3. The keys, in their own file.
    const keys = KEY_NAMES.map((key) => readKey(instance, key));
    const present = keys.flatMap((key) => (key.value ? [{ name: key.name, value: key.value }] : []));
    const sources = Object.fromEntries(
      keys.map((key) => [key.name, { source: key.source, fingerprint: key.value ? keyFingerprint(key.value) : null }]),
    ) as KeySources;
    let keysSha256: string | null = null;
    if (present.length > 0) {
      const text = keysFileText(name, present);
      await mkdir(path.dirname(keysPath), { recursive: true });
      await writeFile(keysPath, text, { flag: "wx", mode: 0o600 });
      keysWritten = true;
      await syncFile(keysPath);
      keysSha256 = createHash("sha256").update(text).digest("hex");
    }

    // 4. The archive: the database, the files, then the manifest that describes them.
    const pack = tar.pack();
    const archiveHash = createHash("sha256");
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        archiveHash.update(chunk);
        done(null, chunk);
      },
    });
    const written = pipeline(pack, createGzip(), hashing, createWriteStream(partial, { flags: "wx", mode: 0o600 }));
    const database = await addFile(pack, `${name}/${databaseEntry}`, copy, 0o600);
    const entries: FileEntry[] = [];
    for (const file of listing?.files ?? []) {
      const added = await addFile(pack, `${name}/${FILES_FOLDER}${file.key}`, file.file, 0o644);
      entries.push({ key: file.key, ...added });
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      formatVersion: MANIFEST_VERSION,
      name,
      createdAt: createdAt.toISOString(),
      app: appVersion(),
      database: {
        kind: instance.provider,
        entry: databaseEntry,
        format: instance.provider === "sqlite" ? "sqlite" : "pg_dump custom",
        ...database,
        ...snapshot,
      },
      files: instance.bucket
        ? {
            store: "s3",
            bucket: instance.bucket.name,
            region: instance.bucket.region,
            endpoint: instance.bucket.endpoint,
            prefixes: [UPLOADS_PREFIX, ENTRY_LISTS_PREFIX, ACTION_LISTS_PREFIX].map((prefix) => `${prefix}/`),
          }
        : {
            store: "disk",
            count: entries.length,
            bytes: entries.reduce((sum, entry) => sum + entry.size, 0),
            sha256: listingSha256(entries),
            entries,
            skipped: listing?.skipped ?? [],
          },
      keys: { file: keysSha256 ? path.basename(keysPath) : null, sha256: keysSha256, sources },
    };
    pack.entry({ name: `${name}/${MANIFEST_ENTRY}`, mode: 0o644, mtime: createdAt }, `${JSON.stringify(manifest, null, 2)}\n`);
    pack.finalize();
    await written;
    await syncFile(partial);
    await rename(partial, archive);
    return { archive, archiveSha256: archiveHash.digest("hex"), keysFile: keysSha256 ? keysPath : null, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    if (keysWritten) await rm(keysPath, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function describeBackup(result: BackupResult, instance: Instance): string {
  const { manifest } = result;
  const { database, files, keys } = manifest;
  const lines = [
    `Backup written: ${result.archive}`,
    `  sha256 ${result.archiveSha256}`,
    `  database: ${database.kind} (${database.kind === "sqlite" ? instance.sqliteFile : redactUrl(instance.databaseUrl)}), ${megabytes(database.size)}, ` +
      `${database.migrations.count} migrations (last ${database.migrations.last ?? "none"}), ${Object.keys(database.tables).length} tables`,
    files.store === "disk"
      ? `  files: ${files.count} from ${instance.dataDir}, ${megabytes(files.bytes)}${files.skipped.length ? `; left out: ${files.skipped.join(", ")}` : ""}`
      : `  files: in the bucket ${files.bucket} (not copied: ${files.prefixes.join(", ")} need the bucket's own versioning or replication)`,
  ];
  const from = (key: KeyName) => `${key} (${keys.sources[key]?.source ?? "absent"})`;
  lines.push(
    result.keysFile
      ? `  keys: ${result.keysFile}: ${KEY_NAMES.map(from).join(", ")}. Store it apart from the archive.`
      : `  keys: none set (${KEY_NAMES.map(from).join(", ")})`,
  );
  return lines.join("\n");
}

async function main(argv: string[]): Promise<number> {
  const usage = "Usage: npm run backup -- --out <folder> [--keys-out <file>] [--pg-bin <folder>]";
  let args;
  try {
    args = parseCommandLine(argv, ["--out", "--keys-out", "--pg-bin"]);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const out = args.options["--out"];
  if (!out || args.rest.length > 0 || args.flags.size > 0) {
    console.error(usage);
    return 2;
  }
  try {
    const result = await backup({ out, keysOut: args.options["--keys-out"], pgBin: args.options["--pg-bin"] });
    console.log(describeBackup(result, readInstance()));
    return 0;
  } catch (error) {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
