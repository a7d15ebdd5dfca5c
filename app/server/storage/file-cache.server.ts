import { IMAGE_CONTENT_TYPES, type ImageFormat } from "../../domain/images";
import { type StoredFile, fileStore } from "./file-store.server";
import { log } from "../core/log.server";

/** Files being produced in this process, so simultaneous first requests share one piece of work. */
const producing = new Map<string, Promise<Buffer>>();

/**
 * Produces the file at `key` in the file store once (decision 058): concurrent callers in this
 * process wait for the same work and get its bytes. The store writes the whole file at once, so a
 * reader, or another process or instance producing the same file, never sees half of it; two
 * instances that both produce it write the same bytes.
 */
export function produceFileOnce(key: string, contentType: string, produce: () => Promise<Buffer>): Promise<Buffer> {
  const pending = producing.get(key);
  if (pending) return pending;
  const job = (async () => {
    const bytes = await produce();
    await fileStore().put(key, bytes, { contentType });
    return bytes;
  })().finally(() => producing.delete(key));
  producing.set(key, job);
  return job;
}

/** The cached file's bytes, produced and stored on first use. */
export async function cachedFileBytes(key: string, contentType: string, produce: () => Promise<Buffer>): Promise<Buffer> {
  return (await fileStore().get(key)) ?? produceFileOnce(key, contentType, produce);
}

/** The ETag of a stored file: its size and time, the same from every instance reading the same object. */
export function storedFileEtag(info: StoredFile, prefix = ""): string {
  return `"${prefix}${info.size.toString(16)}-${Math.trunc(info.modifiedMs).toString(16)}"`;
}

/**
 * Answers GET for an image kept in a file cache (mockups, resized uploads): produced on its first
 * request, then served with a year-long immutable lifetime and an ETag. A URL that answers AVIF or
 * WebP by Accept varies on Accept; one that names its format (PNG or JPEG for emails, decision 081)
 * does not. Null when the image cannot be produced (logged).
 */
export async function serveCachedImage(
  key: string,
  format: ImageFormat,
  request: Request,
  produce: () => Promise<Buffer>,
): Promise<Response | null> {
  const store = fileStore();
  let info = await store.head(key);
  let body: Buffer | null = null;
  if (!info) {
    try {
      body = await produceFileOnce(key, IMAGE_CONTENT_TYPES[format], produce);
    } catch (error) {
      log.error({ err: error }, `image cache: could not produce ${key}`);
      return null;
    }
    // The stored file's own size and time make the ETag, so every instance answers the same one.
    info = await store.head(key);
    if (!info) return null;
  }
  const etag = storedFileEtag(info, `${format}-`);
  const headers = new Headers({
    "Content-Type": IMAGE_CONTENT_TYPES[format],
    // Cache paths name what never changes (an upload or design file, a template version, a width).
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    ETag: etag,
  });
  if (format === "avif" || format === "webp") headers.set("Vary", "Accept");
  // A PNG or JPEG rendition is an email's picture (decision 081): webmail shows it from its own site.
  else headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  body ??= await store.get(key);
  if (!body) return null;
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), { status: 200, headers });
}
