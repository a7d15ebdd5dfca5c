/**
 * The configured file store (decision 058; the interface is in store.server.ts). The S3 store's
 * module, and with it the AWS SDK (about 15 MB of memory once imported), is loaded at the first
 * use of the bucket (decision 061): a process that never touches it, a draw on the local disk
 * among them, never pays for it.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ObjectStorageConfig } from "../core/config.server";
import { ConfigError, getConfig } from "../core/config.server";
import { DiskFileStore } from "./disk.server";
import type { S3FileStore } from "./s3.server";
import type { ByteRange, FileStore, PutOptions, StoredFile } from "./store.server";

export { FileExistsError, type FileStore, type StoredFile } from "./store.server";

/** The S3 store, its module imported when a first call needs it. */
export class LazyS3FileStore implements FileStore {
  readonly kind = "s3";
  readonly bucket: string;
  readonly #config: ObjectStorageConfig;
  #store: Promise<S3FileStore> | undefined;

  constructor(config: ObjectStorageConfig) {
    this.#config = config;
    this.bucket = config.bucket;
  }

  /** The S3 store itself (the module imported and the client made on the first call). */
  store(): Promise<S3FileStore> {
    this.#store ??= import("./s3.server").then(({ S3FileStore }) => new S3FileStore(this.#config));
    return this.#store;
  }

  async put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void> {
    return (await this.store()).put(key, bytes, options);
  }
  async get(key: string, range?: ByteRange): Promise<Buffer | null> {
    return (await this.store()).get(key, range);
  }
  async stream(key: string): Promise<{ info: StoredFile; body: ReadableStream<Uint8Array> } | null> {
    return (await this.store()).stream(key);
  }
  async head(key: string): Promise<StoredFile | null> {
    return (await this.store()).head(key);
  }
  async exists(key: string): Promise<boolean> {
    return (await this.store()).exists(key);
  }
  async delete(key: string): Promise<void> {
    return (await this.store()).delete(key);
  }
  async list(prefix: string): Promise<string[]> {
    return (await this.store()).list(prefix);
  }
  async checkBucket(): Promise<void> {
    return (await this.store()).checkBucket();
  }
  /** Closes the client's connections, if it was ever made. */
  destroy(): void {
    void this.#store?.then((store) => store.destroy()).catch(() => undefined);
  }
}

let cached: { config: object; store: FileStore } | undefined;

/** The configured store: the bucket when object storage is configured, else DATA_DIR on the local disk. */
export function fileStore(): FileStore {
  const config = getConfig();
  // Rebuilt when the configuration is (tests change it between cases); otherwise one per process.
  if (cached?.config !== config) {
    if (cached?.store instanceof LazyS3FileStore) cached.store.destroy();
    cached = {
      config,
      store: config.objectStorage ? new LazyS3FileStore(config.objectStorage) : new DiskFileStore(config.DATA_DIR),
    };
  }
  return cached.store;
}

/**
 * Before the server takes requests: the bucket must answer to the configured credentials, or the
 * server stops with a one-line ConfigError (an upload that fails at the first visitor would be worse).
 */
export async function checkFileStore(): Promise<void> {
  const store = fileStore();
  if (!(store instanceof LazyS3FileStore)) return;
  try {
    await store.checkBucket();
  } catch (error) {
    const { S3ServiceException } = await import("@aws-sdk/client-s3");
    const status = error instanceof S3ServiceException ? `, HTTP ${error.$metadata.httpStatusCode ?? "?"}` : "";
    const name = error instanceof Error ? error.name : "Error";
    // HEAD answers carry no body, so S3's message is often just "UnknownError": the name and status say more.
    const message = error instanceof Error && error.message && !/^(UnknownError|\s*)$/.test(error.message) ? `: ${error.message}` : "";
    throw new ConfigError(
      `Object storage: checking the bucket "${store.bucket}" failed (${name}${status}${message}). Check S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`.replace(
        /\s+/g,
        " ",
      ),
    );
  }
}

/**
 * Throws unless the store takes files now (/readyz, decision 084): the bucket answers HeadBucket
 * to our key, or a file can be written to and removed from the folder under DATA_DIR (a volume
 * gone read-only or full fails here, root or not).
 */
export async function probeFileStore(): Promise<void> {
  const store = fileStore();
  if (store instanceof LazyS3FileStore) return store.checkBucket();
  if (!(store instanceof DiskFileStore)) return;
  await mkdir(store.root, { recursive: true });
  const probe = path.join(store.root, `.readyz-${process.pid}`);
  await writeFile(probe, "");
  await rm(probe, { force: true });
}
