import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { RESPONSIVE_CONTENT_TYPES, type ResponsiveFormat } from "../domain/images";

/** Files being produced in this process, so simultaneous first requests share one piece of work. */
const producing = new Map<string, Promise<void>>();

/**
 * Produces `file` once: concurrent callers in this process wait for the same work, and the bytes
 * are written under a private name and renamed into place (atomic), so a reader, or another
 * process producing the same file, never sees a half-written one.
 */
export function produceFileOnce(file: string, produce: () => Promise<Buffer>): Promise<void> {
  const pending = producing.get(file);
  if (pending) return pending;
  const job = (async () => {
    const bytes = await produce();
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  })().finally(() => producing.delete(file));
  producing.set(file, job);
  return job;
}

/**
 * Answers GET for an image kept in a file cache (mockups, resized uploads): produced on its first
 * request, then served with a year-long immutable lifetime and an ETag. The same URL answers AVIF
 * or WebP by Accept, so it varies on Accept. Null when the image cannot be produced (logged).
 */
export async function serveCachedImage(
  file: string,
  format: ResponsiveFormat,
  request: Request,
  produce: () => Promise<Buffer>,
): Promise<Response | null> {
  let info = await fileInfo(file);
  if (!info) {
    try {
      await produceFileOnce(file, produce);
    } catch (error) {
      console.error("image cache: could not produce", file, error);
      return null;
    }
    info = await fileInfo(file);
    if (!info) return null;
  }
  const etag = `"${format}-${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    "Content-Type": RESPONSIVE_CONTENT_TYPES[format],
    // Cache paths name what never changes (an upload or design file, a template version, a width).
    "Cache-Control": "public, max-age=31536000, immutable",
    Vary: "Accept",
    "X-Content-Type-Options": "nosniff",
    ETag: etag,
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const body = await readFile(file);
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), { status: 200, headers });
}

/** Size and modification time of a regular file, or null when there is none. */
export async function fileInfo(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}
