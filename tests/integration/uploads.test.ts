import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as uploadsRoute from "~/routes/uploads.$";
import { prisma } from "~/server/core/db.server";
import {
  type UploadKind,
  deleteUpload,
  formFile,
  resizedUploadsDirectory,
  storeImageUpload,
  uploadsDirectory,
} from "~/server/media/uploads.server";
import { CookieJar, get, run } from "../helpers/http";

// Every image is generated here: no binary fixtures in the repository.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A complete, valid 30000×30000 1-bit greyscale PNG of ~110 KB that would inflate to 900 MP:
 * decoding it is exactly what the upload must not do.
 */
function decompressionBomb(): Buffer {
  const side = 30_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + side / 8; // filter byte + packed pixels
  const pixels = zlib.deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header), pngChunk("IDAT", pixels), pngChunk("IEND", Buffer.alloc(0))]);
}

/** Random pixels do not compress, so the PNG is about as large as its raw pixels. */
async function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function solid(width: number, height: number, channels: 3 | 4 = 3) {
  const background = channels === 4 ? { r: 200, g: 30, b: 60, alpha: 0.5 } : { r: 20, g: 120, b: 220 };
  return sharp({ create: { width, height, channels, background } });
}

function fileOf(bytes: Buffer | string, name: string, type: string): File {
  return new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
}

async function storedFiles(): Promise<string[]> {
  const root = uploadsDirectory();
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function storedBytes(url: string): Promise<Buffer> {
  return readFile(path.join(uploadsDirectory(), url.replace(/^\/uploads\//, "")));
}

async function accepted(file: File, kind: UploadKind, userId: string | null = null) {
  const result = await storeImageUpload(file, kind, userId);
  if (!result.ok) throw new Error(`refused: ${result.title} / ${result.message}`);
  return result;
}

let userId: string;

beforeAll(async () => {
  userId = (await prisma.user.create({ data: { email: `uploader-${Date.now()}@example.com` } })).id;
});

describe("accepted images", () => {
  it("keeps a PNG as PNG with its transparency, and records who uploaded what", async () => {
    const source = await solid(64, 48, 4).png().toBuffer();
    const result = await accepted(fileOf(source, "design.png", "image/png"), "logo", userId);
    expect(result.url).toMatch(/^\/uploads\/logo\/[a-z0-9]{24}\.png$/);

    const stored = await storedBytes(result.url);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 64, height: 48, hasAlpha: true });
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBeGreaterThan(120);
    expect(data[3]).toBeLessThan(135);

    const row = await prisma.uploadedAsset.findUniqueOrThrow({ where: { id: result.assetId } });
    expect(row).toMatchObject({
      userId,
      kind: "logo",
      path: result.url.replace("/uploads/", ""),
      mimeType: "image/png",
      width: 64,
      height: 48,
      bytes: stored.length,
    });
  });

  it("turns a JPEG upright by its EXIF orientation, then strips every piece of metadata", async () => {
    const source = await solid(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: "Someone", Artist: "Camera owner" } })
      .toBuffer();
    const before = await sharp(source).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const result = await accepted(fileOf(source, "photo.jpg", "image/jpeg"), "product_image");
    expect(result.url).toMatch(/^\/uploads\/product_image\/[a-z0-9]+\.jpg$/);
    const after = await sharp(await storedBytes(result.url)).metadata();
    expect(after).toMatchObject({ format: "jpeg", width: 20, height: 40 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
  });

  it("keeps a WEBP as WEBP", async () => {
    const source = await solid(30, 30).webp().toBuffer();
    const result = await accepted(fileOf(source, "prize.webp", "image/webp"), "prize_image");
    expect(result.url).toMatch(/\.webp$/);
    expect((await sharp(await storedBytes(result.url)).metadata()).format).toBe("webp");
    expect((await prisma.uploadedAsset.findUniqueOrThrow({ where: { id: result.assetId } })).mimeType).toBe("image/webp");
  });

  it("judges by content: JPEG bytes named .png with type image/png are stored as a JPEG", async () => {
    const source = await solid(10, 10).jpeg().toBuffer();
    const result = await accepted(fileOf(source, "logo.png", "image/png"), "logo");
    expect(result.url).toMatch(/\.jpg$/);
  });

  it("scales the longest side down to 2000 px, or 4500 px for a custom design, and never up", async () => {
    const wide = await solid(2600, 100).png().toBuffer();
    const logo = await accepted(fileOf(wide, "wide.png", "image/png"), "logo");
    expect(await sharp(await storedBytes(logo.url)).metadata()).toMatchObject({ width: 2000, height: 77 });

    const tall = await solid(100, 5000).png().toBuffer();
    const design = await accepted(fileOf(tall, "tall.png", "image/png"), "custom_design");
    expect(await sharp(await storedBytes(design.url)).metadata()).toMatchObject({ width: 90, height: 4500 });

    const small = await solid(12, 8).png().toBuffer();
    const gift = await accepted(fileOf(small, "small.png", "image/png"), "gift_image");
    expect(await sharp(await storedBytes(gift.url)).metadata()).toMatchObject({ width: 12, height: 8 });
  });

  it("takes a GIF for the slider only, keeping its first frame as a PNG", async () => {
    const red = await sharp({ create: { width: 16, height: 10, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const blue = await sharp({ create: { width: 16, height: 10, channels: 3, background: "#0000ff" } })
      .png()
      .toBuffer();
    const gif = await sharp([red, blue], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);

    const slide = await accepted(fileOf(gif, "slide.gif", "image/gif"), "slider");
    expect(slide.url).toMatch(/^\/uploads\/slider\/[a-z0-9]+\.png$/);
    const stored = await storedBytes(slide.url);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 16, height: 10 });
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);

    expect(await storeImageUpload(fileOf(gif, "logo.gif", "image/gif"), "logo", null)).toEqual({
      ok: false,
      title: "Upload Failed",
      message: "Please upload a JPEG, PNG or WEBP image.",
    });
  });
});

describe("refused uploads write nothing", () => {
  const unsupported = { ok: false, title: "Upload Failed", message: "Please upload a JPEG, PNG or WEBP image." };

  async function expectRefused(file: File | null | undefined | string, kind: UploadKind, expected: Record<string, unknown>) {
    const rows = await prisma.uploadedAsset.count();
    const files = await storedFiles();
    const started = Date.now();
    const result = await storeImageUpload(file as File | null, kind, userId);
    expect(result).toEqual(expected);
    expect(await prisma.uploadedAsset.count()).toBe(rows);
    expect(await storedFiles()).toEqual(files);
    return Date.now() - started;
  }

  it("an executable renamed logo.png with type image/png", async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(4096)]);
    await expectRefused(fileOf(elf, "logo.png", "image/png"), "logo", unsupported);
  });

  it("an executable that starts with PNG magic bytes but is no image", async () => {
    const fake = Buffer.concat([PNG_SIGNATURE, randomBytes(2048)]);
    await expectRefused(fileOf(fake, "logo.png", "image/png"), "logo", unsupported);
  });

  it("a 6 MB image as a logo", async () => {
    const big = await noisePng(1500, 1400);
    expect(big.length).toBeGreaterThan(6_000_000);
    await expectRefused(fileOf(big, "logo.png", "image/png"), "logo", {
      ok: false,
      title: "File too large",
      message: "Please upload an image smaller than 5MB.",
    });
  });

  it("a 2.5 MB prize image", async () => {
    const big = await noisePng(1000, 875);
    expect(big.length).toBeGreaterThan(2_500_000);
    await expectRefused(fileOf(big, "prize.png", "image/png"), "prize_image", {
      ok: false,
      title: "File too large",
      message: "Please upload an image smaller than 2MB.",
    });
  });

  it("an SVG, even one named .png", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expectRefused(fileOf(svg, "logo.svg", "image/svg+xml"), "logo", unsupported);
    await expectRefused(fileOf(svg, "logo.png", "image/png"), "logo", unsupported);
  });

  it("an empty file, no file, and a text field passed as a file", async () => {
    await expectRefused(fileOf(Buffer.alloc(0), "logo.png", "image/png"), "logo", unsupported);
    await expectRefused(null, "logo", unsupported);
    await expectRefused(undefined, "logo", unsupported);
    await expectRefused("logo.png", "logo", unsupported);
  });

  it("a corrupt (truncated) JPEG", async () => {
    const whole = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expectRefused(fileOf(truncated, "photo.jpg", "image/jpeg"), "product_image", unsupported);
  });

  it("a 30000×30000 PNG (decompression bomb), from its header without decoding it", async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const elapsed = await expectRefused(fileOf(bomb, "bomb.png", "image/png"), "custom_design", {
      ok: false,
      title: "Upload Failed",
      message: "Please upload an image no larger than 40 megapixels.",
    });
    // Decoding 900 MP would take seconds and most of a gigabyte.
    expect(elapsed).toBeLessThan(1000);
  });

  it("the slider's message mentions GIF, which it accepts", async () => {
    await expectRefused(fileOf("not an image", "slide.gif", "image/gif"), "slider", {
      ok: false,
      title: "Upload Failed",
      message: "Please upload a JPEG, PNG, GIF or WEBP image.",
    });
  });
});

describe("formFile", () => {
  it("tells nothing chosen from one file from anything else", () => {
    const form = new FormData();
    form.append("untouched", new File([], "", { type: "application/octet-stream" }));
    form.append("one", fileOf("x", "a.png", "image/png"));
    form.append("two", fileOf("x", "a.png", "image/png"));
    form.append("two", fileOf("y", "b.png", "image/png"));
    form.append("text", "hello");
    form.append("empty", fileOf(Buffer.alloc(0), "empty.png", "image/png"));

    expect(formFile(form, "absent")).toBeUndefined();
    expect(formFile(form, "untouched")).toBeUndefined();
    expect(formFile(form, "one")?.name).toBe("a.png");
    expect(formFile(form, "two")).toBeNull();
    expect(formFile(form, "text")).toBeNull();
    // A chosen file that happens to be empty is the upload's to refuse, not a "nothing chosen".
    expect(formFile(form, "empty")?.name).toBe("empty.png");
  });
});

describe("deleteUpload", () => {
  it("removes the file and its row, and ignores what is not ours or already gone", async () => {
    const result = await accepted(fileOf(await solid(8, 8).png().toBuffer(), "a.png", "image/png"), "logo");
    const file = path.join(uploadsDirectory(), result.url.replace("/uploads/", ""));
    expect(existsSync(file)).toBe(true);

    await deleteUpload(result.url);
    expect(existsSync(file)).toBe(false);
    expect(await prisma.uploadedAsset.findUnique({ where: { id: result.assetId } })).toBeNull();

    await expect(deleteUpload(result.url)).resolves.toBeUndefined();
    await expect(deleteUpload("/uploads/../app.db")).resolves.toBeUndefined();
    await expect(deleteUpload("https://example.com/x.png")).resolves.toBeUndefined();
  });
});

describe("GET /uploads/*", () => {
  /** GET /uploads/<splat>, where splat may end in a query ("slider/x.png?w=400"), as the router would route it. */
  async function serve(splat: string, headers: Record<string, string> = {}) {
    const [routed = ""] = splat.split("?");
    return (await run(uploadsRoute.loader, get(new CookieJar(), `/uploads/${splat}`, headers), { "*": routed })) as Response;
  }

  it("serves a stored file with its type and a long, immutable cache lifetime", async () => {
    const source = await solid(20, 10, 4).png().toBuffer();
    const result = await accepted(fileOf(source, "logo.png", "image/png"), "logo");
    const splat = result.url.replace("/uploads/", "");

    const response = await serve(splat);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(await storedBytes(result.url))).toBe(true);
    expect(response.headers.get("Content-Length")).toBe(String(body.length));

    const etag = response.headers.get("ETag");
    expect(etag).toBeTruthy();
    const revalidated = await serve(splat, { "If-None-Match": etag ?? "" });
    expect(revalidated.status).toBe(304);
  });

  it("serves JPEG and WEBP with their own types", async () => {
    const jpeg = await accepted(fileOf(await solid(5, 5).jpeg().toBuffer(), "a.jpg", "image/jpeg"), "gift_image");
    const webp = await accepted(fileOf(await solid(5, 5).webp().toBuffer(), "a.webp", "image/webp"), "slider");
    expect((await serve(jpeg.url.replace("/uploads/", ""))).headers.get("Content-Type")).toBe("image/jpeg");
    expect((await serve(webp.url.replace("/uploads/", ""))).headers.get("Content-Type")).toBe("image/webp");
  });

  it.each([
    "../app.db",
    "../session-secret",
    "logo/../../app.db",
    "logo/..%2F..%2Fapp.db",
    "/etc/passwd",
    "logo//x.png",
    "avatars/x.png",
    "uploads/logo/x.png",
    "logo/x.svg",
    "logo/x.png.html",
    "logo/does-not-exist.png",
    "logo",
    "",
  ])("answers 404 for %j", async (splat) => {
    const response = await serve(splat);
    expect(response.status).toBe(404);
  });

  it("serves a smaller AVIF or WebP copy at ?w=, made once, never enlarged, and removed with the upload", async () => {
    const result = await accepted(fileOf(await solid(1600, 800, 4).png().toBuffer(), "slide.png", "image/png"), "slider");
    const splat = result.url.replace("/uploads/", "");
    const avifAccept = { Accept: "image/avif,image/webp,image/*,*/*;q=0.8" };

    const avif = await serve(`${splat}?w=400`, avifAccept);
    expect(avif.status).toBe(200);
    expect(avif.headers.get("Content-Type")).toBe("image/avif");
    expect(avif.headers.get("Vary")).toBe("Accept");
    expect(avif.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const small = await sharp(Buffer.from(await avif.arrayBuffer())).metadata();
    expect([small.width, small.height, small.hasAlpha]).toEqual([400, 200, true]);

    const again = await serve(`${splat}?w=400`, { ...avifAccept, "If-None-Match": avif.headers.get("ETag") ?? "" });
    expect(again.status).toBe(304);

    const webp = await serve(`${splat}?w=1200`, { Accept: "image/webp,*/*" });
    expect(webp.headers.get("Content-Type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(1200);

    const tiny = await accepted(fileOf(await solid(50, 50).png().toBuffer(), "logo.png", "image/png"), "logo");
    const notEnlarged = await serve(`${tiny.url.replace("/uploads/", "")}?w=192`);
    expect((await sharp(Buffer.from(await notEnlarged.arrayBuffer())).metadata()).width).toBe(50);

    for (const width of ["123", "0", "-400", "abc", "400.5", ""]) {
      expect((await serve(`${splat}?w=${width}`)).status).toBe(404);
    }
    expect((await serve("slider/does-not-exist.png?w=400")).status).toBe(404);

    const resized = path.join(resizedUploadsDirectory(), "400", `${splat}.avif`);
    expect(existsSync(resized)).toBe(true);
    await deleteUpload(result.url);
    expect(existsSync(resized)).toBe(false);
    expect(existsSync(path.join(resizedUploadsDirectory(), "1200", `${splat}.webp`))).toBe(false);
  });

  it("answers 404 for a directory that matches the pattern", async () => {
    await mkdir(path.join(uploadsDirectory(), "logo", "folder.png"), { recursive: true });
    expect((await serve("logo/folder.png")).status).toBe(404);
  });
});
