/**
 * The S3 store (decision 058): files are objects in one bucket, through the AWS SDK v3 client, so
 * every instance of the app reads what any other wrote. Amazon S3, or any S3-compatible service
 * at S3_ENDPOINT (addressed by path: endpoint/bucket/key).
 *
 * The bucket stays private: the app reads the objects and serves them itself, with the headers it
 * always sends (decision 058 says why not signed URLs). The credentials need s3:GetObject,
 * s3:PutObject, s3:DeleteObject and s3:ListBucket (without ListBucket, S3 answers 403 instead of
 * 404 for a missing key, and a cache miss would look like an outage).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { ObjectStorageConfig } from "../core/config.server";
import { type ByteRange, FileExistsError, type FileStore, type PutOptions, type StoredFile, assertKey } from "./store.server";

/** "No such key" in its several spellings: GET says NoSuchKey, HEAD has no body and says NotFound. */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "NoSuchKey" || error.name === "NotFound") return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

export function s3Client(config: ObjectStorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    ...(config.endpoint
      ? {
          endpoint: config.endpoint,
          // Virtual-host addressing (bucket.endpoint) needs DNS for every bucket name; S3-compatible
          // services all take the bucket in the path.
          forcePathStyle: true,
          // The SDK adds CRC32 checksums to every upload and checks them on downloads; several
          // S3-compatible services refuse or do not send them, so only operations that require one get it.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        }
      : {}),
    // A bucket that stops answering fails the request instead of holding it (and its visitor) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

function infoOf(size: number | undefined, lastModified: Date | undefined): StoredFile {
  return { size: size ?? 0, modifiedMs: lastModified?.getTime() ?? 0 };
}

export class S3FileStore implements FileStore {
  readonly kind = "s3";
  readonly bucket: string;
  readonly client: S3Client;

  constructor(config: ObjectStorageConfig, client: S3Client = s3Client(config)) {
    this.bucket = config.bucket;
    this.client = client;
  }

  async put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void> {
    assertKey(key);
    // S3's own "If-None-Match: *" is not understood by every S3-compatible service (some ignore it,
    // some refuse the request); keys written exclusively are fresh random ids, so asking first is
    // the guard against the collision that never comes.
    if (options.exclusive && (await this.exists(key))) throw new FileExistsError(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: options.contentType, ContentLength: bytes.length }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<Buffer | null> {
    assertKey(key);
    if (range && range.length <= 0) return Buffer.alloc(0);
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.offset}-${range.offset + range.length - 1}` } : {}),
        }),
      );
      if (!object.Body) return Buffer.alloc(0);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return null;
      // A range that starts past the end (S3: 416) reads nothing, as a file read there would.
      if (range && error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async stream(key: string): Promise<{ info: StoredFile; body: ReadableStream<Uint8Array> } | null> {
    assertKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = object.Body ? object.Body.transformToWebStream() : new Blob([]).stream();
      return { info: infoOf(object.ContentLength, object.LastModified), body };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<StoredFile | null> {
    assertKey(key);
    try {
      const object = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return infoOf(object.ContentLength, object.LastModified);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    // S3 answers 204 whether or not the key was there.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: "/", ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** Whether the bucket answers to these credentials (the server checks it before taking requests). */
  async checkBucket(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  destroy(): void {
    this.client.destroy();
  }
}
