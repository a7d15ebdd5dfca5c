/**
 * What a backup is (decision 086): one .tar.gz archive whose entries sit under one folder named like the
 * archive, and a keys file kept apart from it.
 *
 *   giveawear-backup-20260101T030000Z/
 *     database/app.db            SQLite: the online backup API's copy (or database/postgres.dump: pg_dump -Fc)
 *     files/uploads/...          DATA_DIR's files, caches left out (none when files are kept in a bucket)
 *     manifest.json              the last entry: what each part is, its size and SHA-256
 *   giveawear-backup-20260101T030000Z.keys   SESSION_SECRET and ENCRYPTION_KEY, not in the archive
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { KEY_NAMES, type KeyName, type KeySource } from "./instance";

export const MANIFEST_FORMAT = "giveawear-backup";
export const MANIFEST_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";
export const DATABASE_ENTRIES = { sqlite: "database/app.db", postgresql: "database/postgres.dump" } as const;
export const FILES_FOLDER = "files/";

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

const FileEntry = z.object({ key: z.string(), size: z.number().int().min(0), sha256: sha256Hex });

const Manifest = z.object({
  format: z.literal(MANIFEST_FORMAT),
  formatVersion: z.literal(MANIFEST_VERSION),
  name: z.string(),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string(), commit: z.string().nullable(), node: z.string() }),
  database: z.object({
    kind: z.enum(["sqlite", "postgresql"]),
    entry: z.string(),
    /** "sqlite" (a database file) or "pg_dump custom" (pg_restore reads it). */
    format: z.string(),
    size: z.number().int().min(0),
    sha256: sha256Hex,
    /** The migration level: the migrations recorded as applied in _prisma_migrations, in order. */
    migrations: z.object({ count: z.number().int().min(0), last: z.string().nullable(), names: z.array(z.string()) }),
    /** Rows per table, counted in the copy itself (SQLite) or in pg_dump's snapshot (PostgreSQL). */
    tables: z.record(z.string(), z.number().int().min(0)),
    tool: z.string().nullable(),
  }),
  files: z.discriminatedUnion("store", [
    z.object({
      store: z.literal("disk"),
      count: z.number().int().min(0),
      bytes: z.number().int().min(0),
      /** SHA-256 of the listing ("<sha256>  <key>\n" per file, in key order): the part as a whole. */
      sha256: sha256Hex,
      entries: z.array(FileEntry),
      skipped: z.array(z.string()),
    }),
    z.object({
      store: z.literal("s3"),
      bucket: z.string(),
      region: z.string().nullable(),
      endpoint: z.string().nullable(),
      /** The bucket's prefixes that are not caches: what its own versioning or replication must keep. */
      prefixes: z.array(z.string()),
    }),
  ]),
  keys: z.object({
    file: z.string().nullable(),
    sha256: sha256Hex.nullable(),
    sources: z.record(
      z.string(),
      z.object({ source: z.enum(["environment", "data directory", "absent"]), fingerprint: z.string().nullable() }),
    ),
  }),
});

export type Manifest = z.infer<typeof Manifest>;
export type FileEntry = z.infer<typeof FileEntry>;

export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("manifest.json is not JSON");
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join(".") || "(top)"}: ${issue.message}`);
    throw new Error(`manifest.json is not a Giveawear backup manifest (version ${MANIFEST_VERSION}): ${problems.join("; ")}`);
  }
  return parsed.data;
}

export const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The files part's own checksum: over the sorted listing, so one changed, added or missing file changes it. */
export function listingSha256(entries: FileEntry[]): string {
  return sha256(entries.map((entry) => `${entry.sha256}  ${entry.key}\n`).join(""));
}

/** "giveawear-backup-20260101T030000Z" for a backup made at that second (UTC). */
export function backupName(at: Date): string {
  return `giveawear-backup-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "")}`;
}

/** The keys file: comment lines, then NAME=value per key the install has, like an env file. */
export function keysFileText(name: string, keys: { name: KeyName; value: string }[]): string {
  return [
    `# The keys of Giveawear backup ${name} (decision 086). Without them the restored data cannot open`,
    "# the secrets creators stored (ENCRYPTION_KEY) nor accept sessions, claim links and sign-in codes",
    "# (SESSION_SECRET). Keep this file apart from the archive: a secret store, not the same bucket.",
    ...keys.map((key) => `${key.name}=${key.value}`),
    "",
  ].join("\n");
}

export function parseKeysFile(text: string): Partial<Record<KeyName, string>> {
  const keys: Partial<Record<KeyName, string>> = {};
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith("#")) continue;
    const at = line.indexOf("=");
    const name = line.slice(0, at) as KeyName;
    if (at === -1 || !KEY_NAMES.includes(name))
      throw new Error(`the keys file has a line that is not NAME=value for a known key: ${line.slice(0, 40)}`);
    keys[name] = line.slice(at + 1).trim();
  }
  return keys;
}

export type KeySources = Record<KeyName, { source: KeySource; fingerprint: string | null }>;
