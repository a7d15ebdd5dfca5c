import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mockupsRoute from "~/routes/mockups.$";
import * as uploadsRoute from "~/routes/uploads.$";
import { generateDesign, latestAiDesigns, userDesigns } from "~/server/ai/designs.server";
import { AI_GENERATION_FAILED } from "~/server/ai/ideogram.server";
import { DESIGN_STYLES, renderLocalDesign } from "~/server/ai/local-generator.server";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { mockupBlend, mockupUrl, mockupsDirectory } from "~/server/media/mockups.server";
import { storeImageUpload, uploadsDirectory } from "~/server/media/uploads.server";
import { FAKE_IDEOGRAM_COLOR, startFakeIdeogramServer } from "../fakes/ideogram-server";
import { CookieJar, get, run } from "../helpers/http";

const PRODUCTS = ["t-shirt", "hoodie", "mug"] as const;
const COLORS = ["white", "black", "heather_gray"] as const;

let userId: string;
let campaignId: string;

beforeAll(async () => {
  const user = await prisma.user.create({ data: { email: `designer-${Date.now()}@example.com` } });
  userId = user.id;
  campaignId = (await prisma.campaign.create({ data: { creatorId: user.id, title: "Design Test" } })).id;
});

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A small opaque thumbnail (transparency shown as mid grey), for comparing what designs look like. */
async function thumbnail(png: Buffer): Promise<Buffer> {
  return sharp(png).flatten({ background: "#808080" }).resize(64, 64).removeAlpha().raw().toBuffer();
}

function meanAbsoluteDifference(a: Buffer, b: Buffer): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return total / a.length;
}

/** Share of RGB pixels whose colour differs clearly (by more than 48 in some channel). */
function visiblyDifferentShare(a: Buffer, b: Buffer): number {
  let different = 0;
  for (let i = 0; i < a.length; i += 3) {
    const delta = Math.max(...[0, 1, 2].map((c) => Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0))));
    if (delta > 48) different += 1;
  }
  return different / (a.length / 3);
}

async function uploadsFile(url: string): Promise<Buffer> {
  return readFile(path.join(uploadsDirectory(), url.replace(/^\/uploads\//, "")));
}

async function filesUnder(directory: string): Promise<string[]> {
  if (!existsSync(directory)) return [];
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the built-in generator", () => {
  it("gives six different designs for three styles × two prompts, each a 3000 px PNG with alpha and an 800 px WebP", async () => {
    const prompts = ["Summer Splash Giveaway for Acme", "Midnight robot jazz band"];
    const designs: { label: string; print: Buffer; preview: Buffer }[] = [];
    for (const prompt of prompts) {
      for (const style of DESIGN_STYLES) designs.push({ label: `${style} / ${prompt}`, ...(await renderLocalDesign({ prompt, style })) });
    }

    for (const { label, print, preview } of designs) {
      expect(await sharp(print).metadata(), label).toMatchObject({ format: "png", width: 3000, height: 3000, hasAlpha: true, channels: 4 });
      expect(await sharp(preview).metadata(), label).toMatchObject({ format: "webp", width: 800, height: 800, hasAlpha: true });
      // A print on a transparent sheet: clear corners, and a real amount of artwork.
      const alpha = await sharp(print).extractChannel(3).resize(300, 300).raw().toBuffer();
      expect(alpha[0], label).toBe(0);
      const covered = alpha.filter((value) => value > 128).length / alpha.length;
      expect(covered, label).toBeGreaterThan(0.03);
    }

    expect(new Set(designs.map((design) => sha256(design.print))).size).toBe(6);
    expect(new Set(designs.map((design) => sha256(design.preview))).size).toBe(6);
    // Different to the eye, not just in the bytes: in every pair a real part of the picture changes
    // colour clearly (the sparsest pair, two minimalist designs, measured about 8%).
    const thumbnails = await Promise.all(designs.map((design) => thumbnail(design.print)));
    for (let i = 0; i < thumbnails.length; i++) {
      for (let j = i + 1; j < thumbnails.length; j++) {
        const share = visiblyDifferentShare(thumbnails[i] ?? Buffer.alloc(0), thumbnails[j] ?? Buffer.alloc(0));
        expect(share, `${designs[i]?.label} vs ${designs[j]?.label}`).toBeGreaterThan(0.05);
      }
    }
  });

  it("gives the same design for the same prompt and style", async () => {
    const first = await renderLocalDesign({ prompt: "Neon fox", style: "abstract geometric" });
    const second = await renderLocalDesign({ prompt: "  neon FOX ", style: "abstract geometric" });
    expect(sha256(first.print)).toBe(sha256(second.print));
  });
});

describe("generateDesign", () => {
  it("stores the files, an asset row and a design record, served by the uploads route", async () => {
    const design = await generateDesign({ prompt: "Retro surf club for Acme", style: "vintage graphic", userId, campaignId });
    expect(design).toMatchObject({
      userId,
      campaignId,
      promptText: "Retro surf club for Acme",
      style: "vintage graphic",
      imageUrl: `/uploads/ai_design/${design.id}-preview.webp`,
      printUrl: `/uploads/ai_design/${design.id}.png`,
    });

    const print = await uploadsFile(design.printUrl ?? "");
    const preview = await uploadsFile(design.imageUrl);
    expect(await sharp(print).metadata()).toMatchObject({ format: "png", width: 3000, height: 3000, hasAlpha: true });
    expect(await sharp(preview).metadata()).toMatchObject({ format: "webp", width: 800, height: 800 });
    const asset = await prisma.uploadedAsset.findFirstOrThrow({ where: { path: `ai_design/${design.id}.png` } });
    expect(asset).toMatchObject({ userId, kind: "ai_design", mimeType: "image/png", width: 3000, height: 3000, bytes: print.length });

    for (const [url, type, bytes] of [
      [design.printUrl ?? "", "image/png", print],
      [design.imageUrl, "image/webp", preview],
    ] as const) {
      const splat = url.replace("/uploads/", "");
      const response = (await run(uploadsRoute.loader, get(new CookieJar(), url), { "*": splat })) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it("lists the latest designs (at most 50 unless asked) and a user's own", async () => {
    const other = await prisma.user.create({ data: { email: `other-designer-${Date.now()}@example.com` } });
    const mine = await generateDesign({ prompt: "Mine", style: "modern minimalist", userId });
    const theirs = await generateDesign({ prompt: "Theirs", style: "modern minimalist", userId: other.id });

    const latest = await latestAiDesigns();
    expect(latest.length).toBeLessThanOrEqual(50);
    expect(
      latest
        .map((design) => design.id)
        .slice(0, 2)
        .sort(),
    ).toEqual([mine.id, theirs.id].sort());
    expect(await latestAiDesigns(1)).toHaveLength(1);

    const own = await userDesigns(userId);
    expect(own.map((design) => design.id)).toContain(mine.id);
    expect(own.every((design) => design.userId === userId)).toBe(true);
    expect((await userDesigns(other.id)).map((design) => design.id)).toEqual([theirs.id]);
  });

  it("refuses an empty prompt and writes nothing", async () => {
    const before = await filesUnder(uploadsDirectory());
    const rows = await prisma.aiDesign.count();
    await expect(generateDesign({ prompt: "   ", style: "modern minimalist", userId })).rejects.toThrow("AI prompt is required.");
    expect(await filesUnder(uploadsDirectory())).toEqual(before);
    expect(await prisma.aiDesign.count()).toBe(rows);
  });
});

describe("generateDesign with Ideogram", () => {
  let fake: Awaited<ReturnType<typeof startFakeIdeogramServer>>;

  beforeAll(async () => {
    fake = await startFakeIdeogramServer({ apiKey: "ideo-key-1" });
    Object.assign(process.env, { IDEOGRAM_API_KEY: "ideo-key-1", IDEOGRAM_API_URL: fake.url });
    resetConfigForTests();
  });

  afterAll(async () => {
    delete process.env.IDEOGRAM_API_KEY;
    delete process.env.IDEOGRAM_API_URL;
    resetConfigForTests();
    await fake.close();
  });

  it("makes one call per prompt with the key, and stores the image it returns at print size", async () => {
    fake.setMode("ok");
    const calls = fake.requests.length;
    const design = await generateDesign({ prompt: "Pink flamingo on roller skates", style: "abstract geometric", userId, campaignId });

    const made = fake.requests.slice(calls);
    expect(made.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /v1/ideogram-v3/generate-transparent",
      expect.stringMatching(/^GET \/api\/images\/ephemeral\/[a-f0-9]+\.png$/),
    ]);
    expect(made[0]).toMatchObject({ apiKey: "ideo-key-1", fields: { aspect_ratio: "1x1", num_images: "1" } });
    expect(made[0]?.fields.prompt).toContain("Pink flamingo on roller skates");

    const print = await uploadsFile(design.printUrl ?? "");
    expect(await sharp(print).metadata()).toMatchObject({ format: "png", width: 3000, height: 3000, hasAlpha: true });
    const { data } = await sharp(print).extract({ left: 1490, top: 1490, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data]).toEqual([FAKE_IDEOGRAM_COLOR.r, FAKE_IDEOGRAM_COLOR.g, FAKE_IDEOGRAM_COLOR.b, 255]);
    const corner = await sharp(print).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0);
    expect(await sharp(await uploadsFile(design.imageUrl)).metadata()).toMatchObject({ format: "webp", width: 800, height: 800 });
  });

  it.each(["no-url", "empty", "not-an-image", "expired", "error"] as const)(
    "fails with the spec's message when the answer holds no image (%s), leaving nothing behind",
    async (mode) => {
      fake.setMode(mode);
      const rows = await prisma.aiDesign.count();
      const assets = await prisma.uploadedAsset.count();
      const files = await filesUnder(uploadsDirectory());
      await expect(generateDesign({ prompt: "Anything", style: "vintage graphic", userId })).rejects.toThrow(AI_GENERATION_FAILED);
      expect(await prisma.aiDesign.count()).toBe(rows);
      expect(await prisma.uploadedAsset.count()).toBe(assets);
      expect(await filesUnder(uploadsDirectory())).toEqual(files);
    },
  );

  it("fails the same way when the key is refused", async () => {
    fake.setMode("ok");
    process.env.IDEOGRAM_API_KEY = "wrong-key";
    resetConfigForTests();
    try {
      await expect(generateDesign({ prompt: "Anything", style: "vintage graphic", userId })).rejects.toThrow(AI_GENERATION_FAILED);
    } finally {
      process.env.IDEOGRAM_API_KEY = "ideo-key-1";
      resetConfigForTests();
    }
  });
});

describe("mockups", () => {
  let designUrl: string;

  beforeAll(async () => {
    designUrl = (await generateDesign({ prompt: "Mockup test badge", style: "vintage graphic", userId })).printUrl ?? "";
  });

  async function serve(url: string, headers: Record<string, string> = {}) {
    const splat = url.replace(/^\/mockups\//, "");
    return (await run(mockupsRoute.loader, get(new CookieJar(), url, headers), { "*": splat })) as Response;
  }

  async function uploadedDesign(background: { r: number; g: number; b: number; alpha: number }): Promise<string> {
    const png = await sharp({ create: { width: 600, height: 600, channels: 4, background } })
      .png()
      .toBuffer();
    const result = await storeImageUpload(new File([new Uint8Array(png)], "design.png", { type: "image/png" }), "custom_design", userId);
    if (!result.ok) throw new Error(result.message);
    return result.url;
  }

  /** Mean of each colour channel in a box of the rendered mockup. */
  async function meanColor(url: string, box: { left: number; top: number; width: number; height: number }) {
    const response = await serve(url);
    const pixels = await sharp(Buffer.from(await response.arrayBuffer()))
      .extract(box)
      .removeAlpha()
      .raw()
      .toBuffer();
    const sums = [0, 0, 0];
    pixels.forEach((value, index) => {
      sums[index % 3] = (sums[index % 3] ?? 0) + value;
    });
    return { mean: sums.map((sum) => sum / (pixels.length / 3)), min: Math.min(...pixels), pixels };
  }

  it("builds URLs for our stored designs only", () => {
    expect(mockupUrl("/uploads/ai_design/abc123.png", "t-shirt", "white")).toBe("/mockups/t-shirt/white/800/ai_design/abc123.png.webp");
    expect(mockupUrl("/uploads/custom_design/x-1.jpg", "mug", "heather_gray", 400)).toBe(
      "/mockups/mug/heather_gray/400/custom_design/x-1.jpg.webp",
    );
    for (const url of [
      "https://example.com/design.png",
      "/uploads/logo/abc.png",
      "/uploads/ai_design/../app.db",
      "/uploads/ai_design/abc.svg",
      "javascript:alert(1)",
      "",
      null,
    ]) {
      expect(mockupUrl(url, "t-shirt", "white")).toBeNull();
    }
    expect(mockupUrl("/uploads/ai_design/abc.png", "sweater" as "mug", "white")).toBeNull();
    expect(mockupUrl("/uploads/ai_design/abc.png", "mug", "red" as "white")).toBeNull();
  });

  it("renders every product in every colour as an immutable WebP that varies on Accept", async () => {
    for (const product of PRODUCTS) {
      for (const color of COLORS) {
        const url = mockupUrl(designUrl, product, color) ?? "";
        const response = await serve(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get("Content-Type")).toBe("image/webp");
        expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("Vary")).toBe("Accept");
        const body = Buffer.from(await response.arrayBuffer());
        expect(response.headers.get("Content-Length")).toBe(String(body.length));
        expect(await sharp(body).metadata(), url).toMatchObject({ format: "webp", width: 800, height: 800 });
      }
    }
    const small = await serve(mockupUrl(designUrl, "hoodie", "black", 400) ?? "");
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 400 });
  });

  it("answers AVIF to browsers that accept it", async () => {
    const url = mockupUrl(designUrl, "t-shirt", "black", 400) ?? "";
    const response = await serve(url, { Accept: "image/avif,image/webp,*/*" });
    expect(response.headers.get("Content-Type")).toBe("image/avif");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe("heif");
    expect((await serve(url, { Accept: "image/avif;q=0,image/webp" })).headers.get("Content-Type")).toBe("image/webp");
  });

  it("renders once: later requests read the cached file, and simultaneous first requests agree", async () => {
    const url = mockupUrl(designUrl, "mug", "white") ?? "";
    const first = Buffer.from(await (await serve(url)).arrayBuffer());
    const cached = path.join(mockupsDirectory(), "mug", "white", "800", `${designUrl.replace("/uploads/", "")}.webp`);
    const before = await stat(cached);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = Buffer.from(await (await serve(url)).arrayBuffer());
    expect(second.equals(first)).toBe(true);
    expect((await stat(cached)).mtimeMs).toBe(before.mtimeMs);
    expect((await readFile(cached)).equals(first)).toBe(true);

    const fresh = mockupUrl(designUrl, "hoodie", "heather_gray", 400) ?? "";
    const bodies = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const response = await serve(fresh);
        expect(response.status).toBe(200);
        return sha256(Buffer.from(await response.arrayBuffer()));
      }),
    );
    expect(new Set(bodies).size).toBe(1);
    expect((await filesUnder(mockupsDirectory())).filter((file) => file.endsWith(".tmp"))).toEqual([]);

    const etag = (await serve(url)).headers.get("ETag") ?? "";
    expect((await serve(url, { "If-None-Match": etag })).status).toBe(304);
  });

  it("multiplies the design into white fabric but lays it over black", async () => {
    const whiteInk = await uploadedDesign({ r: 255, g: 255, b: 255, alpha: 1 });
    const nothing = await uploadedDesign({ r: 0, g: 0, b: 0, alpha: 0 });
    // Inside the print area of an 800 px t-shirt (chest, below the collar).
    const chest = { left: 320, top: 210, width: 160, height: 160 };

    const blankWhite = await meanColor(mockupUrl(nothing, "t-shirt", "white") ?? "", chest);
    const inkOnWhite = await meanColor(mockupUrl(whiteInk, "t-shirt", "white") ?? "", chest);
    // The fabric there is shaded (folds), so white ink laid over it would show as a flat patch…
    expect(blankWhite.min).toBeLessThan(245);
    // …but multiplied, white ink leaves the fabric exactly as it was.
    expect(meanAbsoluteDifference(inkOnWhite.pixels, blankWhite.pixels)).toBeLessThan(0.5);

    const blankBlack = await meanColor(mockupUrl(nothing, "t-shirt", "black") ?? "", chest);
    const inkOnBlack = await meanColor(mockupUrl(whiteInk, "t-shirt", "black") ?? "", chest);
    expect(Math.max(...blankBlack.mean)).toBeLessThan(40);
    expect(Math.min(...inkOnBlack.mean)).toBeGreaterThan(220);

    expect(mockupBlend("white")).toBe("multiply");
    expect(mockupBlend("black")).toBe("over");
    expect(mockupBlend("heather_gray")).toBe("over");
  });

  it.each([
    "",
    "../app.db",
    "t-shirt/white/800/../../app.db",
    "t-shirt/white/800/ai_design/..%2F..%2Fapp.db.webp",
    "t-shirt/white/800/ai_design/x.png",
    "t-shirt/red/800/ai_design/x.png.webp",
    "sweater/white/800/ai_design/x.png.webp",
    "t-shirt/white/1200/ai_design/x.png.webp",
    "t-shirt/white/800/logo/x.png.webp",
    "t-shirt/white/800/ai_design/x.svg.webp",
    "t-shirt/white/800/ai_design/does-not-exist.png.webp",
    "t-shirt/white/800//ai_design/x.png.webp",
    "/etc/passwd",
  ])("answers 404 for %j", async (splat) => {
    const response = (await run(mockupsRoute.loader, get(new CookieJar(), `/mockups/${splat}`), { "*": splat })) as Response;
    expect(response.status).toBe(404);
  });

  it("answers 404 for a stored file that is not an image, and caches nothing", async () => {
    await mkdir(path.join(uploadsDirectory(), "custom_design"), { recursive: true });
    await writeFile(path.join(uploadsDirectory(), "custom_design", "broken.png"), "not a png");
    const response = await serve("/mockups/t-shirt/white/800/custom_design/broken.png.webp");
    expect(response.status).toBe(404);
    expect(existsSync(path.join(mockupsDirectory(), "t-shirt", "white", "800", "custom_design", "broken.png.webp"))).toBe(false);
  });
});
