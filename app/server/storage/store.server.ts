/**
 * Where the app keeps its files (decision 058): one interface, a local-disk store (the default,
 * under DATA_DIR) and an S3 store (a bucket, when S3_BUCKET and its companions are set). Every
 * file the app writes or reads back goes through `fileStore()`: uploads and AI designs, resized
 * uploads, mockups, share cards, posters and, in a bucket, frozen entry lists.
 *
 * Keys are relative paths ("uploads/logo/<id>.png", "mockups/v2/mug/white/800/<design>.webp"),
 * the same on both stores: on disk a key is the file DATA_DIR/<key>, so a data folder written
 * before this interface existed is read as it is; in a bucket it is the object's key, so copying
 * DATA_DIR/uploads into the bucket under "uploads/" moves a deployment over.
 *
 * This module holds the interface; file-store.server.ts picks the implementation.
 */
/** What a store knows of a file without reading it. */
export interface StoredFile {
  /** Bytes. */
  size: number;
  /** Last write, in ms (a bucket keeps whole seconds); with the size it makes the ETag. */
  modifiedMs: number;
}

export interface PutOptions {
  contentType: string;
  /**
   * Refuse to replace a file already there (FileExistsError): uploads and AI designs, whose names are
   * fresh ids, where a collision must fail loudly rather than swap someone else's image. Caches
   * (resized images, mockups, share files, frozen lists) are written without it: whoever writes
   * them writes the same bytes.
   */
  exclusive?: boolean;
}

/** A byte range: `length` bytes from `offset` (a range past the end is cut short). */
export interface ByteRange {
  offset: number;
  length: number;
}

export interface FileStore {
  readonly kind: "disk" | "s3";
  /** Writes the whole file at once: a reader sees the old file, none, or the new one, never half of it. */
  put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void>;
  /** The file's bytes (or the range of them), or null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<Buffer | null>;
  /** The file as a stream with its size and time, or null when there is no such file. */
  stream(key: string): Promise<{ info: StoredFile; body: ReadableStream<Uint8Array> } | null>;
  head(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a file already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Keys that start with `prefix` (one folder level: "cards/<campaign>-" lists those cards). */
  list(prefix: string): Promise<string[]>;
}

export class FileExistsError extends Error {
  constructor(key: string) {
    super(`A stored file already has the key ${key}`);
    this.name = "FileExistsError";
  }
}

/**
 * A key is a relative path of plain names: letters, digits, "_", "-" and ".", joined by "/", with
 * no empty, "." or ".." part. Callers build keys from checked parts; this is the last guard, so no
 * key can climb out of DATA_DIR or name another prefix of the bucket.
 */
const KEY = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
}
