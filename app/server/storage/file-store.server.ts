/** The configured file store (decision 058; the interface is in store.server.ts). */
import { S3ServiceException } from "@aws-sdk/client-s3";
import { ConfigError, getConfig } from "../config.server";
import { DiskFileStore } from "./disk.server";
import { S3FileStore } from "./s3.server";
import type { FileStore } from "./store.server";

export { FileExistsError, type FileStore, type StoredFile } from "./store.server";

let cached: { config: object; store: FileStore } | undefined;

/** The configured store: the bucket when object storage is configured, else DATA_DIR on the local disk. */
export function fileStore(): FileStore {
  const config = getConfig();
  // Rebuilt when the configuration is (tests change it between cases); otherwise one per process.
  if (cached?.config !== config) {
    if (cached?.store instanceof S3FileStore) cached.store.destroy();
    cached = {
      config,
      store: config.objectStorage ? new S3FileStore(config.objectStorage) : new DiskFileStore(config.DATA_DIR),
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
  if (!(store instanceof S3FileStore)) return;
  try {
    await store.checkBucket();
  } catch (error) {
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
