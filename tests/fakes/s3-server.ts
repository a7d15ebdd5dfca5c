/**
 * An S3-compatible server on 127.0.0.1 for the object-storage tests (decision 058): s3rver, which
 * implements S3's REST API (PutObject, GetObject with ranges, HeadObject, DeleteObject,
 * ListObjectsV2, HeadBucket) over a temporary folder. It reads every request's SigV4 Authorization
 * header and refuses an unknown access key id (403 InvalidAccessKeyId), but does not recompute V4
 * signatures, so a wrong secret goes unnoticed here. The app reaches it through the AWS SDK with
 * path-style addressing (S3_ENDPOINT), exactly as it would reach MinIO or R2.
 */
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** s3rver's one account (fixed in s3rver); any other access key id is refused with 403. */
export const FAKE_S3_ACCESS_KEY_ID = "S3RVER";
export const FAKE_S3_SECRET_ACCESS_KEY = "S3RVER";

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** S3_* variables that point the app at this bucket. */
  env: Record<"S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY", string>;
  /** Keys of the objects in the bucket under `prefix`, sorted (asked of the server with a client of the test's own). */
  objectKeys(prefix?: string): Promise<string[]>;
  /** An object's bytes and stored Content-Type, or null (the same independent client). */
  object(key: string): Promise<{ bytes: Buffer; contentType: string | undefined } | null>;
  close(): Promise<void>;
}

export async function startFakeS3(options: { bucket?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? "giveawear-test";
  const directory = await mkdtemp(path.join(os.tmpdir(), "giveawear-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  finishWritesBeforeAnswering(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: FAKE_S3_ACCESS_KEY_ID, secretAccessKey: FAKE_S3_SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: FAKE_S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: FAKE_S3_SECRET_ACCESS_KEY,
    },
    async objectKeys(prefix = "") {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async object(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { bytes: Buffer.from((await object.Body?.transformToByteArray()) ?? []), contentType: object.ContentType };
      } catch (error) {
        if ((error as Error).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async close() {
      client.destroy();
      // The SDK keeps connections alive; close() would wait for them.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** What s3rver's filesystem store offers that its typings leave out. */
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: "object"): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: { bucket: string; key: string; content: Buffer | NodeJS.ReadableStream; metadata: unknown }): Promise<{
    size: number;
    md5: string;
  }>;
}

/**
 * s3rver's PutObject answers before the object's file is written: it `end()`s a write stream and
 * resolves at once, so a GET or HEAD right after the 200 can find no file (404) or part of it, which a
 * busy machine shows. Real S3 is read-after-write consistent; so is this fake once every PUT writes
 * the whole file, then its metadata, before it answers.
 */
function finishWritesBeforeAnswering(server: S3rver) {
  const store = (server as unknown as { store: S3rverStore }).store;
  store.putObject = async (object) => {
    const chunks: Buffer[] = [];
    if (Buffer.isBuffer(object.content)) chunks.push(object.content);
    else for await (const chunk of object.content) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    const content = Buffer.concat(chunks);
    const md5 = createHash("md5").update(content).digest("hex");
    const objectPath = store.getResourcePath(object.bucket, object.key, "object");
    await mkdir(path.dirname(objectPath), { recursive: true });
    await writeFile(objectPath, content);
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: content.length, md5 };
  };
}
