/**
 * The local-disk store (decision 058), the default: the key "uploads/logo/x.png" is the file
 * DATA_DIR/uploads/logo/x.png, where the app kept its files before the store existed.
 */
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { link, mkdir, open, readFile, readdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { type ByteRange, FileExistsError, type FileStore, type PutOptions, type StoredFile, assertKey } from "./store.server";

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** A missing file, or a folder where a file was asked for: "no such file" to the caller. */
function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR";
}

export class DiskFileStore implements FileStore {
  readonly kind = "disk";
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file a key names (keys are checked: no "..", so it is always under the root). */
  file(key: string): string {
    assertKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written under a private name, then moved into place in one step: a reader, or another process
    // writing the same file, never sees half of it.
    const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes);
      if (options.exclusive) {
        // link() fails with EEXIST rather than replace, which rename() would do.
        await link(temporary, file).catch((error: unknown) => {
          throw errorCode(error) === "EEXIST" ? new FileExistsError(key) : error;
        });
      } else {
        await rename(temporary, file);
      }
    } finally {
      await unlink(temporary).catch(() => undefined);
    }
  }

  async get(key: string, range?: ByteRange): Promise<Buffer | null> {
    const file = this.file(key);
    try {
      if (!range) return await readFile(file);
      const handle = await open(file, "r");
      try {
        const buffer = Buffer.alloc(range.length);
        const { bytesRead } = await handle.read(buffer, 0, range.length, range.offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string): Promise<{ info: StoredFile; body: ReadableStream<Uint8Array> } | null> {
    const info = await this.head(key);
    if (!info) return null;
    const body = Readable.toWeb(createReadStream(this.file(key))) as unknown as ReadableStream<Uint8Array>;
    return { info, body };
  }

  async head(key: string): Promise<StoredFile | null> {
    try {
      const info = await stat(this.file(key));
      return info.isFile() ? { size: info.size, modifiedMs: info.mtimeMs } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.file(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const slash = prefix.lastIndexOf("/");
    const folder = slash === -1 ? "" : prefix.slice(0, slash);
    const start = prefix.slice(slash + 1);
    if (folder) assertKey(folder);
    let names: string[];
    try {
      names = await readdir(path.join(this.root, folder));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    return names
      .filter((name) => name.startsWith(start) && !name.endsWith(".tmp"))
      .map((name) => (folder ? `${folder}/${name}` : name))
      .sort();
  }
}
