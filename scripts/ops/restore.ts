/**
 * Restores a backup made by `npm run backup` (decision 086) into the install the environment names
 * (DATABASE_URL, DATA_DIR, NODE_ENV, SESSION_SECRET, ENCRYPTION_KEY), with the app stopped:
 *
 *   npm run restore -- <archive.tar.gz> [--keys <file>] [--force] [--pg-bin <folder>]
 *
 * 1. Unpacks the archive into a folder of its own in the system's temporary folder and checks every
 *    part against manifest.json (size and SHA-256 of the database and of each file, nothing missing,
 *    nothing more), and the keys file (default: the archive's name with .keys) against the manifest's
 *    checksum. Until all of that holds, nothing of the target is touched.
 * 2. Refuses a target that is not empty (a database with tables, a DATA_DIR with files) unless --force,
 *    a database of the other kind, migrations this code does not know (a newer version's backup) and a
 *    key in the environment that is not the backup's.
 * 3. Writes the database (SQLite: the file, its old -wal and -shm removed; PostgreSQL: pg_restore into
 *    the database, made when missing), the files into DATA_DIR and, where the environment does not set
 *    them, the keys into DATA_DIR (outside production; in production it says which variables to set).
 * 4. Counts the restored database's rows and migrations against the manifest.
 * Exits 0 when restored and matching, 1 otherwise.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { createGunzip } from "node:zlib";
import Database from "better-sqlite3";
import pg from "pg";
import tar from "tar-stream";
import { redactUrl } from "../../app/server/core/db.server";
import { migrationsDirectory } from "../../app/server/startup/migrate.server";
import { assertKey } from "../../app/server/storage/store.server";
import { parseCommandLine } from "./cli";
import { type DatabaseFacts, factDifferences, postgresFacts, sqliteFacts } from "./database";
import { CACHE_FOLDERS, type Instance, KEY_NAMES, type KeyName, keyFingerprint, localKeyFile, readInstance, sqliteFiles } from "./instance";
import {
  DATABASE_ENTRIES,
  FILES_FOLDER,
  MANIFEST_ENTRY,
  type Manifest,
  listingSha256,
  parseKeysFile,
  parseManifest,
  sha256,
} from "./manifest";
import { databaseName, findPgTool, libpqConnection, runPgTool } from "./postgres";
import { syncFile } from "./files";

export interface RestoreOptions {
  archive: string;
  /** The keys file; default: the archive's path with ".keys" for ".tar.gz", when there is one. */
  keys?: string;
  force?: boolean;
  pgBin?: string;
  env?: NodeJS.ProcessEnv;
}

export interface RestoreResult {
  manifest: Manifest;
  /** What was done and what is left to the operator, one line each. */
  report: string[];
}

/** A refusal: the target or the backup is not fit, and nothing was written. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

interface Unpacked {
  folder: string;
  manifest: Manifest;
  /** Relative path in the archive (below its one folder) → what arrived. */
  parts: Map<string, { size: number; sha256: string }>;
}

const ROOT_NAME = /^[A-Za-z0-9_.-]+$/;

function allowedEntry(relative: string): boolean {
  if (relative === MANIFEST_ENTRY || Object.values(DATABASE_ENTRIES).includes(relative as never)) return true;
  if (!relative.startsWith(FILES_FOLDER)) return false;
  try {
    assertKey(relative.slice(FILES_FOLDER.length));
    return true;
  } catch {
    return false;
  }
}

/** Unpacks the archive into `folder`, hashing each file as it lands; only the names a backup writes are accepted. */
async function unpack(archive: string, folder: string): Promise<Unpacked> {
  const parts = new Map<string, { size: number; sha256: string }>();
  let root: string | null = null;
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      const slash = name.indexOf("/");
      const top = slash === -1 ? name : name.slice(0, slash);
      const relative = slash === -1 ? "" : name.slice(slash + 1).replace(/\/$/, "");
      if (!ROOT_NAME.test(top) || (root !== null && top !== root))
        throw new RestoreRefused(`The archive holds ${name}, outside the backup's one folder.`);
      root = top;
      if (type === "directory") {
        entry.resume();
        continue;
      }
      if (type !== "file" || !allowedEntry(relative)) throw new RestoreRefused(`The archive holds ${name}, which no backup writes.`);
      if (parts.has(relative)) throw new RestoreRefused(`The archive holds ${name} twice.`);
      const target = path.join(folder, ...relative.split("/"));
      await mkdir(path.dirname(target), { recursive: true });
      const hash = createHash("sha256");
      let size = 0;
      await pipeline(
        entry,
        new Transform({
          transform(chunk: Buffer, _encoding, next) {
            hash.update(chunk);
            size += chunk.length;
            next(null, chunk);
          },
        }),
        // A file keeps the mode it was archived with (0644 for DATA_DIR's files, 0600 for the database).
        createWriteStream(target, { flags: "wx", mode: (entry.header.mode ?? 0o600) & 0o644 }),
      );
      parts.set(relative, { size, sha256: hash.digest("hex") });
    }
    await reading;
  } catch (error) {
    reading.catch(() => undefined);
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`The archive cannot be read: ${(error as Error).message}`);
  }
  if (!parts.has(MANIFEST_ENTRY)) throw new RestoreRefused("The archive has no manifest.json: not a complete backup.");
  let manifest: Manifest;
  try {
    manifest = parseManifest(await readFile(path.join(folder, MANIFEST_ENTRY), "utf8"));
  } catch (error) {
    throw new RestoreRefused((error as Error).message);
  }
  if (root !== manifest.name) throw new RestoreRefused(`The archive's folder ${root} is not the manifest's backup ${manifest.name}.`);
  return { folder, manifest, parts };
}

/** Every part against the manifest: the database, each file, nothing missing and nothing more. */
function verifyParts({ manifest, parts }: Unpacked): void {
  const problems: string[] = [];
  const expected = new Map<string, { size: number; sha256: string }>();
  expected.set(manifest.database.entry, manifest.database);
  if (manifest.database.entry !== DATABASE_ENTRIES[manifest.database.kind])
    problems.push(`the database entry ${manifest.database.entry} is not a ${manifest.database.kind} backup's`);
  if (manifest.files.store === "disk") {
    for (const file of manifest.files.entries) expected.set(`${FILES_FOLDER}${file.key}`, file);
    if (manifest.files.count !== manifest.files.entries.length)
      problems.push(`the manifest counts ${manifest.files.count} files and lists ${manifest.files.entries.length}`);
    if (listingSha256(manifest.files.entries) !== manifest.files.sha256) problems.push("the files' listing does not match its SHA-256");
  }
  for (const [name, want] of expected) {
    const got = parts.get(name);
    if (!got) problems.push(`${name} is missing`);
    else if (got.size !== want.size || got.sha256 !== want.sha256)
      problems.push(`${name}: ${got.size} bytes, SHA-256 ${got.sha256}; the manifest says ${want.size} bytes, SHA-256 ${want.sha256}`);
  }
  for (const name of parts.keys()) if (name !== MANIFEST_ENTRY && !expected.has(name)) problems.push(`${name} is not in the manifest`);
  if (problems.length > 0)
    throw new RestoreRefused(`The backup does not match its manifest, so nothing was restored:\n  ${problems.join("\n  ")}`);
}

/** The keys file's values, checked against the manifest's checksum; none when the backup had no keys or none is given. */
async function readKeys(manifest: Manifest, file: string | undefined, given: boolean): Promise<Partial<Record<KeyName, string>>> {
  if (!file || !existsSync(file)) {
    if (given) throw new RestoreRefused(`The keys file ${file} does not exist.`);
    return {};
  }
  const text = await readFile(file, "utf8");
  if (manifest.keys.sha256 === null) throw new RestoreRefused(`${file} is given, but this backup was made without keys.`);
  if (sha256(text) !== manifest.keys.sha256)
    throw new RestoreRefused(`The keys file ${file} is not this backup's (its SHA-256 differs from the manifest's).`);
  try {
    return parseKeysFile(text);
  } catch (error) {
    throw new RestoreRefused((error as Error).message);
  }
}

interface KeyPlan {
  name: KeyName;
  /** Write this value into DATA_DIR; null: the environment already has the right one, or the operator must set it. */
  write: string | null;
  line: string;
}

/**
 * Each key the backup's data needs: the environment's value must be the backup's (by fingerprint);
 * without one, the keys file's value is written into DATA_DIR where the app reads it (outside
 * production), or named as the variable to set (production reads only the environment).
 */
function planKeys(
  manifest: Manifest,
  instance: Instance,
  values: Partial<Record<KeyName, string>>,
  keysFile: string | undefined,
): KeyPlan[] {
  const plans: KeyPlan[] = [];
  for (const name of KEY_NAMES) {
    const recorded = manifest.keys.sources[name];
    if (!recorded?.fingerprint) continue;
    const fromEnv = instance.env[name]?.trim();
    if (fromEnv) {
      if (keyFingerprint(fromEnv) !== recorded.fingerprint)
        throw new RestoreRefused(
          `${name} in this environment is not the key the backup was made with: set it to the value in the backup's keys file (or unset it to have the file's value written into DATA_DIR).`,
        );
      plans.push({ name, write: null, line: `${name}: the environment's value is the backup's` });
      continue;
    }
    const value = values[name];
    if (!value)
      throw new RestoreRefused(
        `${name} is not set here, and ${keysFile ? `the keys file ${keysFile} does not hold it` : "no keys file was found"}: give the backup's keys file with --keys <file>, or set ${name} to the backup's value.`,
      );
    if (keyFingerprint(value) !== recorded.fingerprint)
      throw new RestoreRefused(`${name} in the keys file is not the key the backup was made with.`);
    if (instance.production)
      plans.push({
        name,
        write: null,
        line: `${name}: set it in the app's environment to the value in ${keysFile} (production reads it only from there)`,
      });
    else plans.push({ name, write: value, line: `${name}: written to ${localKeyFile(instance, name)}` });
  }
  return plans;
}

async function sqliteIsEmpty(file: string): Promise<boolean> {
  if (!existsSync(file) || (await stat(file)).size === 0) return true;
  const db = new Database(file, { fileMustExist: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'").get() as { n: number }).n === 0;
  } finally {
    db.close();
  }
}

const PG_MISSING_DATABASE = "3D000";

/** Connects to the target database, making it first when it does not exist. */
async function connectPostgres(url: string): Promise<{ client: pg.Client; created: boolean }> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return { client, created: false };
  } catch (error) {
    if ((error as { code?: string }).code !== PG_MISSING_DATABASE) throw error;
  }
  const server = new URL(url);
  server.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${databaseName(url).replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
  const fresh = new pg.Client({ connectionString: url });
  await fresh.connect();
  return { client: fresh, created: true };
}

async function postgresRelations(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** What DATA_DIR holds besides the SQLite database (which the database check covers). */
async function dataDirContents(instance: Instance): Promise<string[]> {
  if (!existsSync(instance.dataDir)) return [];
  const database = new Set(instance.sqliteFile ? sqliteFiles(instance.sqliteFile) : []);
  return (await readdir(instance.dataDir)).filter((name) => !database.has(path.join(instance.dataDir, name)));
}

/** Moves a file into place: a rename on one file system, a copy across two. */
async function moveFile(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await copyFile(from, to);
    await unlink(from);
  }
}

export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const instance = readInstance(options.env ?? process.env);
  const archive = path.resolve(options.archive);
  if (!existsSync(archive)) throw new RestoreRefused(`There is no archive at ${archive}.`);
  const keysFile = options.keys ? path.resolve(options.keys) : archive.replace(/\.tar\.gz$/, "") + ".keys";
  const staging = await mkdtemp(path.join(os.tmpdir(), "giveawear-restore-"));
  const report: string[] = [];
  try {
    // 1. The backup, checked whole before anything of the target is touched.
    const unpacked = await unpack(archive, staging);
    verifyParts(unpacked);
    const { manifest } = unpacked;
    const keyValues = await readKeys(manifest, keysFile, Boolean(options.keys));
    report.push(
      `Backup ${manifest.name} (made ${manifest.createdAt} by ${manifest.app.name} ${manifest.app.version}${manifest.app.commit ? ` at ${manifest.app.commit.slice(0, 12)}` : ""}): every part matches its manifest.`,
    );

    // 2. The target.
    if (manifest.database.kind !== instance.provider)
      throw new RestoreRefused(
        `This backup is of a ${manifest.database.kind} database and DATABASE_URL names ${instance.provider}: restore it into the same kind of database.`,
      );
    const known = new Set(
      (await readdir(migrationsDirectory(instance.provider), { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    );
    const unknown = manifest.database.migrations.names.filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw new RestoreRefused(
        `The backup's database has ${unknown.length} migration(s) this code does not have (${unknown.slice(0, 3).join(", ")}): restore it with the version that made it (${manifest.app.version}${manifest.app.commit ? `, ${manifest.app.commit.slice(0, 12)}` : ""}) or a newer one.`,
      );
    if (manifest.files.store === "disk" && instance.bucket && manifest.files.count > 0)
      throw new RestoreRefused(
        `The backup's files come from a data directory, and this install keeps its files in the bucket ${instance.bucket.name}: unset S3_* to restore into DATA_DIR (then copy DATA_DIR/uploads into the bucket under uploads/ and set S3_* again).`,
      );
    const keyPlans = planKeys(manifest, instance, keyValues, existsSync(keysFile) ? keysFile : undefined);

    let pgClient: pg.Client | null = null;
    try {
      let databaseFull: boolean;
      if (instance.provider === "sqlite") databaseFull = !(await sqliteIsEmpty(instance.sqliteFile ?? ""));
      else {
        const connected = await connectPostgres(instance.databaseUrl);
        pgClient = connected.client;
        if (connected.created) report.push(`Database ${databaseName(instance.databaseUrl)} created.`);
        databaseFull = (await postgresRelations(pgClient)) > 0;
      }
      const dataContents = await dataDirContents(instance);
      const where = instance.provider === "sqlite" ? instance.sqliteFile : redactUrl(instance.databaseUrl);
      if (!options.force && (databaseFull || dataContents.length > 0)) {
        const full = [
          ...(databaseFull ? [`the database ${where} has tables`] : []),
          ...(dataContents.length > 0
            ? [`DATA_DIR ${instance.dataDir} holds ${dataContents.slice(0, 5).join(", ")}${dataContents.length > 5 ? ", …" : ""}`]
            : []),
        ];
        throw new RestoreRefused(
          `The target is not empty (${full.join("; ")}): restore into a fresh install, or add --force to replace what is there.`,
        );
      }

      // 3. The database.
      const stagedDatabase = path.join(staging, ...manifest.database.entry.split("/"));
      if (instance.provider === "sqlite") {
        const file = instance.sqliteFile ?? "";
        await mkdir(path.dirname(file), { recursive: true });
        const temporary = `${file}.restore-${process.pid}.tmp`;
        await copyFile(stagedDatabase, temporary);
        await syncFile(temporary);
        // An old write-ahead log beside the new file would be replayed into it.
        for (const old of sqliteFiles(file)) await rm(old, { force: true });
        await rename(temporary, file);
      } else {
        if (databaseFull) {
          await pgClient?.query("DROP SCHEMA IF EXISTS public CASCADE");
          await pgClient?.query("CREATE SCHEMA public");
          report.push("--force: the database's public schema was emptied first.");
        }
        const pgRestore = findPgTool("pg_restore", options.pgBin);
        const connection = libpqConnection(instance.databaseUrl);
        await runPgTool(
          pgRestore,
          [
            "--no-password",
            "--no-owner",
            "--no-privileges",
            "--single-transaction",
            "--exit-on-error",
            `--dbname=${connection.url}`,
            stagedDatabase,
          ],
          connection.env,
        );
      }
      report.push(`Database: ${manifest.database.kind} restored into ${where}.`);

      // 4. The files, and the keys the environment does not set.
      await mkdir(instance.dataDir, { recursive: true });
      if (manifest.files.store === "disk") {
        if (options.force) {
          const tops = new Set(manifest.files.entries.map((file) => file.key.split("/")[0] ?? ""));
          for (const folder of [...tops, ...CACHE_FOLDERS])
            if (folder) await rm(path.join(instance.dataDir, folder), { recursive: true, force: true });
        }
        for (const file of manifest.files.entries) {
          await moveFile(path.join(staging, "files", ...file.key.split("/")), path.join(instance.dataDir, ...file.key.split("/")));
        }
        report.push(`Files: ${manifest.files.count} written into ${instance.dataDir}.`);
      } else {
        const same = instance.bucket?.name === manifest.files.bucket;
        report.push(
          `Files: kept in the bucket ${manifest.files.bucket} (${manifest.files.prefixes.join(", ")}), not in the archive; ${
            same
              ? "this install uses that bucket"
              : `set S3_* to that bucket (or a copy of it)${instance.bucket ? `, not ${instance.bucket.name}` : ""}`
          }.`,
        );
      }
      for (const plan of keyPlans) {
        if (plan.write !== null) await writeFile(localKeyFile(instance, plan.name), plan.write, { mode: 0o600 });
        report.push(`Key ${plan.line}.`);
      }

      // 5. The restored database against the manifest.
      let restored: DatabaseFacts;
      if (pgClient) restored = await postgresFacts(pgClient);
      else {
        const db = new Database(instance.sqliteFile ?? "", { fileMustExist: true });
        try {
          restored = sqliteFacts(db);
        } finally {
          db.close();
        }
      }
      const differences = factDifferences(manifest.database, restored);
      if (differences.length > 0)
        throw new Error(`The restored database does not match the backup's manifest:\n  ${differences.join("\n  ")}`);
      const rows = Object.values(restored.tables).reduce((sum, n) => sum + n, 0);
      report.push(
        `Checked: ${restored.migrations.count} migrations (last ${restored.migrations.last ?? "none"}) and ${rows} rows in ${Object.keys(restored.tables).length} tables, as the manifest records.`,
        "Start the app: it applies any migration newer than the backup's at start.",
      );
    } finally {
      await pgClient?.end();
    }
    return { manifest, report };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const usage = "Usage: npm run restore -- <archive.tar.gz> [--keys <file>] [--force] [--pg-bin <folder>]";
  let args;
  try {
    args = parseCommandLine(argv, ["--keys", "--pg-bin"]);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const unknownFlags = [...args.flags].filter((flag) => flag !== "--force");
  const [archive, ...extra] = args.rest;
  if (!archive || extra.length > 0 || unknownFlags.length > 0) {
    console.error(usage);
    return 2;
  }
  try {
    const result = await restore({
      archive,
      keys: args.options["--keys"],
      force: args.flags.has("--force"),
      pgBin: args.options["--pg-bin"],
    });
    console.log(result.report.join("\n"));
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof RestoreRefused ? `Restore refused: ${message}` : `Restore failed: ${message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
