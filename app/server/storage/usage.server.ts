/**
 * How much the file store holds, for the admin's System page (decision 085). On the local disk: the
 * sizes of the files under DATA_DIR (the SQLite database and the secrets included), by top-level
 * folder, measured by a walk that stops at WALK_LIMIT files and is kept for CACHE_MS. A bucket is not
 * measured: listing it costs a request per 1,000 objects, so the page says so instead.
 */
import type { Dirent } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import type { StorageFolderView, StorageView } from "../../domain/system";
import { getConfig } from "../core/config.server";
import { fileStore } from "./file-store.server";
import { DiskFileStore } from "./disk.server";

const WALK_LIMIT = 200_000;
const CACHE_MS = 5 * 60 * 1000;
/** Files stat-ed side by side. */
const STAT_BATCH = 64;

let cached: { root: string; at: number; view: StorageView } | undefined;

export async function measureStorage(now: Date = new Date()): Promise<StorageView> {
  const store = fileStore();
  if (!(store instanceof DiskFileStore)) return { kind: "s3", bucket: getConfig().objectStorage?.bucket ?? "" };
  if (cached && cached.root === store.root && now.getTime() - cached.at < CACHE_MS) return cached.view;
  const view = await walk(store.root, now);
  cached = { root: store.root, at: now.getTime(), view };
  return view;
}

/** Forget the last measurement (tests, after writing files). */
export function forgetStorageMeasurement(): void {
  cached = undefined;
}

async function walk(root: string, now: Date): Promise<StorageView> {
  const folders = new Map<string, StorageFolderView>();
  let files = 0;
  let bytes = 0;
  let partial = false;
  const pending: string[] = [root];
  while (pending.length > 0 && !partial) {
    const dir = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue; // removed meanwhile, or unreadable: not ours to count
    }
    const plain: string[] = [];
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) plain.push(full);
    }
    for (let start = 0; start < plain.length && !partial; start += STAT_BATCH) {
      const sizes = await Promise.all(
        plain.slice(start, start + STAT_BATCH).map((file) =>
          lstat(file).then(
            (info) => info.size,
            () => 0,
          ),
        ),
      );
      plain.slice(start, start + STAT_BATCH).forEach((file, index) => {
        const size = sizes[index] ?? 0;
        const relative = path.relative(root, file);
        // A folder's files add up under "uploads/"; a file at the top (the database, a secret) stands alone.
        const name = relative.includes(path.sep) ? `${relative.split(path.sep)[0]}/` : relative;
        const folder = folders.get(name) ?? { name, bytes: 0, files: 0 };
        folder.bytes += size;
        folder.files += 1;
        folders.set(name, folder);
        bytes += size;
        files += 1;
      });
      if (files >= WALK_LIMIT) partial = true;
    }
  }
  return {
    kind: "disk",
    root,
    bytes,
    files,
    folders: [...folders.values()].sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name)),
    partial,
    measuredAt: now.toISOString(),
  };
}
