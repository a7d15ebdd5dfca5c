import { createHash } from "node:crypto";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import sharp, { type OutputInfo, type SharpOptions } from "sharp";
import {
  type ImageFormat as ServedFormat,
  UPLOAD_LIMITS,
  UPLOAD_WIDTHS,
  imageExtension,
  isEmailImageFormat,
  isUploadWidth,
  preferredImageFormat,
} from "../../domain/images";
import { uploadPath } from "../../paths";
import { getConfig } from "../core/config.server";
import { serveCachedImage, storedFileEtag } from "../storage/file-cache.server";
import { prisma } from "../core/db.server";
import { fileStore } from "../storage/file-store.server";

export type UploadKind = keyof typeof UPLOAD_LIMITS;

export type UploadResult = { ok: true; url: string; assetId: string } | { ok: false; title: string; message: string };

export const UPLOAD_KINDS = Object.keys(UPLOAD_LIMITS) as UploadKind[];

export function isUploadKind(value: unknown): value is UploadKind {
  return typeof value === "string" && Object.hasOwn(UPLOAD_LIMITS, value);
}

/**
 * Decoding a 40 MP RGBA image already takes ~160 MB; anything larger is refused from its header
 * alone, which is what stops a small PNG that inflates to gigabytes (a decompression bomb).
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Print files need the resolution; everything else is shown on screen. */
const MAX_SIDE: Record<UploadKind, number> = {
  logo: 2000,
  product_image: 2000,
  custom_design: 4500,
  prize_image: 2000,
  gift_image: 2000,
  slider: 2000,
};

const BYTES_PER_MB = 1024 * 1024;

/**
 * Where stored uploads are served from; the route serves nothing else. ai_design holds generated
 * designs (app/server/ai/designs.server.ts): `<id>.png` for print and `<id>-preview.webp`.
 */
export const UPLOAD_PATH_PATTERN =
  /^(logo|product_image|custom_design|prize_image|gift_image|slider|ai_design)\/[A-Za-z0-9_-]+\.(png|jpe?g|webp)$/;

type ImageFormat = "jpeg" | "png" | "webp" | "gif";

const OUTPUT: Record<ImageFormat, { ext: "jpg" | "png" | "webp"; mimeType: string }> = {
  jpeg: { ext: "jpg", mimeType: "image/jpeg" },
  png: { ext: "png", mimeType: "image/png" },
  webp: { ext: "webp", mimeType: "image/webp" },
  // Only the first frame is kept, and PNG keeps a GIF's transparency without its 256-colour limit.
  gif: { ext: "png", mimeType: "image/png" },
};

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

/** The store's folder of uploads (decision 058): "uploads/<kind>/<file>". */
export const UPLOADS_PREFIX = "uploads";
/** The store's folder of resized copies: "uploads-resized/<width>/<kind>/<file>.<avif|webp|png|jpg>". */
export const RESIZED_UPLOADS_PREFIX = "uploads-resized";

/** The file store's key of a stored upload ("logo/<id>.png" → "uploads/logo/<id>.png"). */
export function uploadKey(relative: string): string {
  return `${UPLOADS_PREFIX}/${relative}`;
}

/** The key of an upload's copy resized to `width` in `format`. */
export function resizedUploadKey(relative: string, width: number, format: ServedFormat): string {
  return `${RESIZED_UPLOADS_PREFIX}/${width}/${relative}.${imageExtension(format)}`;
}

/** The stored bytes of an upload ("<kind>/<file>"), or null when it is not there. */
export function uploadBytes(relative: string): Promise<Buffer | null> {
  return fileStore().get(uploadKey(relative));
}

/** Where uploads are on the local disk store (the default): DATA_DIR/uploads. */
export function uploadsDirectory(): string {
  return path.resolve(getConfig().DATA_DIR, UPLOADS_PREFIX);
}

/**
 * The single file a form field carries. `undefined` means nothing was chosen (field absent, or the
 * empty placeholder browsers send for an untouched file input), so the caller keeps what it had;
 * `null` means the field is not one file (text, or several files), which storeImageUpload refuses.
 */
export function formFile(formData: FormData, name: string): File | null | undefined {
  const values = formData.getAll(name);
  if (values.length === 0) return undefined;
  if (values.length > 1) return null;
  const [value] = values;
  if (!isFile(value)) return null;
  if (value.size === 0 && value.name === "") return undefined;
  return value;
}

/**
 * Checks an uploaded image by its content, re-encodes it without metadata and records it.
 * Bad input never throws: it yields the message to show. Nothing is written unless accepted.
 */
export async function storeImageUpload(file: File | null | undefined, kind: UploadKind, userId: string | null): Promise<UploadResult> {
  const limitMb = UPLOAD_LIMITS[kind];
  // FormData hands back strings for text fields; a caller passing one through must not crash us.
  if (!isFile(file) || file.size === 0) return unsupported(kind);
  // Before reading the body, so an oversized upload costs no decoding.
  if (file.size > limitMb * BYTES_PER_MB) {
    return { ok: false, title: "File too large", message: `Please upload an image smaller than ${limitMb}MB.` };
  }

  let input: Buffer;
  try {
    input = Buffer.from(await file.arrayBuffer());
  } catch {
    return unsupported(kind);
  }
  // The declared name and Content-Type are the client's claim; the bytes are the evidence.
  const sniffed = sniffFormat(input);
  if (!sniffed || (sniffed === "gif" && kind !== "slider")) return unsupported(kind);

  // One file is stored once: the same bytes from the same user for the same kind of image are the
  // upload already made (a form sent again after an error, the same picture as cover and product).
  const sha256 = createHash("sha256").update(input).digest("hex");
  const again = await storedAgain(userId, kind, sha256);
  if (again) return again;

  const options: SharpOptions = {
    limitInputPixels: MAX_INPUT_PIXELS,
    // "error" refuses truncated or corrupt pixel data but tolerates the harmless warnings many
    // real camera JPEGs produce.
    failOn: "error",
  };

  let encoded: { data: Buffer; info: OutputInfo };
  try {
    // Reads only the header; sharp applies limitInputPixels here too, so a bomb stops before decoding.
    const metadata = await sharp(input, options).metadata();
    // Magic bytes and the decoder must agree, so a polyglot cannot pass as one format and decode as another.
    if (metadata.format !== sniffed) return unsupported(kind);
    const width = metadata.width ?? 0;
    const height = metadata.pageHeight ?? metadata.height ?? 0;
    if (width <= 0 || height <= 0) return unsupported(kind);
    if (width * height > MAX_INPUT_PIXELS) return tooManyPixels();

    const max = MAX_SIDE[kind];
    let pipeline = sharp(input, { ...options, pages: 1 })
      // Rotation first: stripping metadata removes the EXIF orientation the image relied on.
      .autoOrient()
      .resize({ width: max, height: max, fit: "inside", withoutEnlargement: true });
    // sharp writes no EXIF, XMP, IPTC or ICC unless asked to (keepMetadata/withMetadata), so none of
    // the uploader's metadata (GPS position, camera serial, comments) survives.
    if (sniffed === "jpeg") pipeline = pipeline.jpeg({ quality: 88, mozjpeg: true });
    else if (sniffed === "webp") pipeline = pipeline.webp({ quality: 88 });
    else pipeline = pipeline.png();
    encoded = await pipeline.toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels();
    return unsupported(kind);
  }

  const { ext, mimeType } = OUTPUT[sniffed];
  const relative = `${kind}/${createId()}.${ext}`;
  // Exclusive: a name collision must fail loudly rather than replace someone else's image.
  await fileStore().put(uploadKey(relative), encoded.data, { contentType: mimeType, exclusive: true });
  try {
    const asset = await prisma.uploadedAsset.create({
      data: {
        userId,
        kind,
        path: relative,
        mimeType,
        width: encoded.info.width,
        height: encoded.info.height,
        bytes: encoded.data.length,
        sha256,
      },
    });
    return { ok: true, url: uploadPath(relative), assetId: asset.id };
  } catch (error) {
    // No row means nobody can find or delete the file later; do not leave it behind.
    await fileStore()
      .delete(uploadKey(relative))
      .catch(() => undefined);
    throw error;
  }
}

/**
 * Kinds whose uploads are shared by every place that names the same bytes. The slider's are not: an
 * admin removing a slide deletes its file (deleteUpload), which another slide must not lose.
 */
const DEDUPLICATED_KINDS: readonly UploadKind[] = ["logo", "product_image", "custom_design", "prize_image", "gift_image"];

/** The user's earlier upload of the same bytes (UploadedAsset.sha256, of the bytes as sent), when its file is still there. */
async function storedAgain(userId: string | null, kind: UploadKind, sha256: string): Promise<UploadResult | null> {
  if (!userId || !DEDUPLICATED_KINDS.includes(kind)) return null;
  const earlier = await prisma.uploadedAsset.findMany({ where: { userId, kind, sha256 }, orderBy: { createdAt: "asc" }, take: 3 });
  for (const asset of earlier) {
    if (await fileStore().exists(uploadKey(asset.path))) return { ok: true, url: uploadPath(asset.path), assetId: asset.id };
  }
  return null;
}

/**
 * The path under the uploads directory that a "/uploads/<path>" URL names, when it is one we could
 * have written (UPLOAD_PATH_PATTERN: a kind folder and a plain file name, so no "..", no other
 * folder, no query); null for anything else.
 */
export function storedUploadPath(url: string): string | null {
  const relative = /^\/uploads\/(.+)$/.exec(url)?.[1];
  return relative && UPLOAD_PATH_PATTERN.test(relative) ? relative : null;
}

/** Removes a stored upload (file and row). URLs that are not ours, or already gone, are ignored. */
export async function deleteUpload(url: string): Promise<void> {
  const relative = storedUploadPath(url);
  if (!relative) return;
  await prisma.uploadedAsset.deleteMany({ where: { path: relative } });
  const resized = UPLOAD_WIDTHS.flatMap((width) =>
    (["avif", "webp", "png", "jpeg"] as const).map((format) => resizedUploadKey(relative, width, format)),
  );
  const store = fileStore();
  await Promise.all([uploadKey(relative), ...resized].map((key) => store.delete(key)));
}

/**
 * The response for GET /uploads/<relative>: the stored file, or 404 for anything that is not a
 * path we could have written. The pattern admits no dots or slashes in the name, so no traversal.
 */
export async function serveUpload(relative: string, request: Request): Promise<Response> {
  const match = UPLOAD_PATH_PATTERN.exec(relative);
  const contentType = match ? CONTENT_TYPES[match[2] ?? ""] : undefined;
  if (!contentType) return notFound();
  const search = new URL(request.url).searchParams;
  const width = search.get("w");
  // ?format=png|jpeg (with ?w=) names the format outright, for emails (decision 081); anything else is not served.
  const format = search.get("format");
  if (format !== null && (width === null || !isEmailImageFormat(format))) return notFound();
  if (width !== null) return serveResizedUpload(relative, Number(width), request, format);
  const store = fileStore();
  const key = uploadKey(relative);
  const headers = (etag: string) =>
    new Headers({
      "Content-Type": contentType,
      // Names are unique per upload and never rewritten, so a copy stays valid forever.
      "Cache-Control": "public, max-age=31536000, immutable",
      // Browsers must not reinterpret a stored image as HTML or script, whatever its bytes look like.
      "X-Content-Type-Options": "nosniff",
      ETag: etag,
    });

  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    // A revalidation costs one look at the file (a HEAD in a bucket), not its bytes.
    const info = await store.head(key);
    if (!info) return notFound();
    const etag = storedFileEtag(info);
    if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: headers(etag) });
  }
  // Design files can be tens of MB; streaming keeps them out of memory.
  const file = await store.stream(key);
  if (!file) return notFound();
  const answer = headers(storedFileEtag(file.info));
  answer.set("Content-Length", String(file.info.size));
  return new Response(file.body, { status: 200, headers: answer });
}

/** Where resized copies of uploads are on the local disk store (made on first request, like mockups). */
export function resizedUploadsDirectory(): string {
  return path.resolve(getConfig().DATA_DIR, RESIZED_UPLOADS_PREFIX);
}

/**
 * GET /uploads/<file>?w=<width>: the upload scaled down to one of UPLOAD_WIDTHS (never up), as
 * AVIF or WebP by Accept, made once and kept. Transparency is kept (logos often have it). With
 * `&format=png` or `&format=jpeg` (emails, decision 081) it is that format whatever the Accept; a
 * JPEG has no transparency, so it is laid on white.
 */
async function serveResizedUpload(relative: string, width: number, request: Request, fixed: ServedFormat | null): Promise<Response> {
  if (!isUploadWidth(width)) return notFound();
  if (!(await fileStore().exists(uploadKey(relative)))) return notFound();

  const format = fixed ?? preferredImageFormat(request.headers.get("Accept"));
  const response = await serveCachedImage(resizedUploadKey(relative, width, format), format, request, async () => {
    const original = await uploadBytes(relative);
    if (!original) throw new Error(`The upload ${relative} disappeared`);
    const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 }).resize({
      width,
      withoutEnlargement: true,
    });
    if (format === "png") return image.png({ compressionLevel: 9 }).toBuffer();
    if (format === "jpeg") return image.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return format === "avif" ? image.avif({ quality: 55, effort: 3 }).toBuffer() : image.webp({ quality: 82, effort: 4 }).toBuffer();
  });
  return response ?? notFound();
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

function isFile(value: unknown): value is File {
  // Duck-typed: a File from another realm (undici, a test runner) fails instanceof but is still a File.
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Blob).arrayBuffer === "function" &&
    typeof (value as Blob).size === "number"
  );
}

function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString("latin1", 0, 6))) return "gif";
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function unsupported(kind: UploadKind): UploadResult {
  return {
    ok: false,
    title: "Upload Failed",
    // The slider also takes GIFs (SPEC section 5), so saying otherwise there would mislead.
    message: kind === "slider" ? "Please upload a JPEG, PNG, GIF or WEBP image." : "Please upload a JPEG, PNG or WEBP image.",
  };
}

function tooManyPixels(): UploadResult {
  return { ok: false, title: "Upload Failed", message: "Please upload an image no larger than 40 megapixels." };
}
