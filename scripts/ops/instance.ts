/**
 * One install as its environment describes it, read the way the app reads it (decision 086): the
 * database (DATABASE_URL, or DATA_DIR/app.db), the data directory, where its files are kept (the disk
 * or a bucket) and its two keys. Nothing here writes: getConfig() is not called, since it would
 * generate a session secret into a data directory the restore expects to find empty.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { LOCAL_SECRET_FILES, dataDirectory } from "../../app/server/core/config.server";
import { type DatabaseProvider, databaseProvider, getDatabaseUrl, sqliteFilePath } from "../../app/server/core/db.server";
import { assertKey } from "../../app/server/storage/store.server";

export type KeyName = keyof typeof LOCAL_SECRET_FILES;
export const KEY_NAMES = Object.keys(LOCAL_SECRET_FILES) as KeyName[];

/** Where a key's value comes from, by the app's own rules (config.server.ts, secrets.server.ts). */
export type KeySource = "environment" | "data directory" | "absent";

export interface Key {
  name: KeyName;
  source: KeySource;
  value: string | null;
}

export interface Instance {
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  provider: DatabaseProvider;
  /** The SQLite file, absolute; null on PostgreSQL. */
  sqliteFile: string | null;
  /** DATA_DIR, absolute. */
  dataDir: string;
  production: boolean;
  /** The bucket when object storage is configured (decision 058): then the files are not in DATA_DIR. */
  bucket: { name: string; region: string | null; endpoint: string | null } | null;
}

const setting = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

export function readInstance(env: NodeJS.ProcessEnv = process.env): Instance {
  const databaseUrl = getDatabaseUrl(env);
  const provider = databaseProvider(databaseUrl);
  const bucketName = setting(env, "S3_BUCKET");
  return {
    env,
    databaseUrl,
    provider,
    sqliteFile: provider === "sqlite" ? sqliteFilePath(databaseUrl) : null,
    dataDir: path.resolve(dataDirectory(env)),
    production: env.NODE_ENV === "production",
    bucket: bucketName
      ? { name: bucketName, region: setting(env, "S3_REGION") ?? null, endpoint: setting(env, "S3_ENDPOINT") ?? null }
      : null,
  };
}

/** The SQLite file and the files SQLite keeps beside it. */
export function sqliteFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`, `${file}.migrate-lock`];
}

/**
 * A key as the app finds it: the variable; else, outside production, the file generated into
 * DATA_DIR (SESSION_SECRET is required in production, and ENCRYPTION_KEY's file is not read there).
 */
export function readKey(instance: Instance, name: KeyName): Key {
  const fromEnv = setting(instance.env, name);
  if (fromEnv) return { name, source: "environment", value: fromEnv };
  if (!instance.production) {
    const file = localKeyFile(instance, name);
    if (existsSync(file)) {
      const value = readFileSync(file, "utf8").trim();
      if (value) return { name, source: "data directory", value };
    }
  }
  return { name, source: "absent", value: null };
}

export function localKeyFile(instance: Instance, name: KeyName): string {
  return path.join(instance.dataDir, LOCAL_SECRET_FILES[name]);
}

/**
 * A short fingerprint of a key, kept in the manifest so that a restore can tell whether the keys it is
 * given (or the new instance's environment holds) are the ones the data was made with, without the
 * manifest holding the keys. 64 bits of SHA-256 over a 256-bit random key give nothing away.
 */
export function keyFingerprint(value: string): string {
  return createHash("sha256").update(`giveawear key fingerprint\0${value}`).digest("hex").slice(0, 16);
}

/**
 * Folders of DATA_DIR that are caches (decision 058): resized uploads, mockups, share cards and posters
 * are made again on first request, so a backup leaves them out and a restore's --force clears them.
 */
export const CACHE_FOLDERS = ["uploads-resized", "mockups", "cards", "posters"];

export interface DataFile {
  /** The file store's key: its path under DATA_DIR, "/"-separated. */
  key: string;
  file: string;
}

export interface DataDirListing {
  files: DataFile[];
  /** What was passed over and why (caches, keys, the database, files the app did not write). */
  skipped: string[];
}

/**
 * The files of DATA_DIR a backup keeps: every file the file store wrote (uploads, AI designs, demo
 * designs), without the caches, the SQLite database, the keys, a store's half-written `.tmp` files and
 * anything under `exclude` (the backup's own output, when it is inside DATA_DIR).
 */
export async function listDataFiles(instance: Instance, exclude: string[] = []): Promise<DataDirListing> {
  const files: DataFile[] = [];
  const skipped: string[] = [];
  if (!existsSync(instance.dataDir)) return { files, skipped };
  const database = new Set(instance.sqliteFile ? sqliteFiles(instance.sqliteFile) : []);
  const keyFiles = new Set(KEY_NAMES.map((name) => localKeyFile(instance, name)));
  const excluded = exclude.map((item) => path.resolve(item));
  const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}${path.sep}`);

  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      const key = path.relative(instance.dataDir, file).split(path.sep).join("/");
      if (database.has(file) || keyFiles.has(file) || excluded.some((item) => under(file, item))) continue;
      if (folder === instance.dataDir && CACHE_FOLDERS.includes(entry.name)) {
        skipped.push(`${key}/ (a cache, made again on request)`);
        continue;
      }
      if (entry.isDirectory()) {
        await walk(file);
        continue;
      }
      if (entry.name.endsWith(".tmp")) continue;
      if (!entry.isFile() || !(await lstat(file)).isFile()) {
        skipped.push(`${key} (not a regular file)`);
        continue;
      }
      try {
        assertKey(key);
      } catch {
        skipped.push(`${key} (not a name the app writes)`);
        continue;
      }
      files.push({ key, file });
    }
  };
  await walk(instance.dataDir);
  return { files, skipped };
}
