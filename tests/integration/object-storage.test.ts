/**
 * Object storage (decision 058) against an S3-compatible server on 127.0.0.1 (s3rver,
 * tests/fakes/s3-server.ts): the two stores keep the same contract; with S3_* set, uploads, resized
 * images, mockups, share cards, posters, AI designs and frozen entry lists are objects in the bucket,
 * served by the app over HTTP with the headers the disk gave them, and nothing lands in DATA_DIR.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, getConfig, resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { generateDesign } from "~/server/ai/designs.server";
import { writeDemoDesigns } from "~/server/startup/demo-designs.server";
import { entryListBytes, freezeEntryList, plannedBeaconRound } from "~/server/draw/freeze.server";
import { checkEntry, drawRecord } from "~/server/draw/record.server";
import { DiskFileStore } from "~/server/storage/disk.server";
import { checkFileStore, fileStore } from "~/server/storage/file-store.server";
import { S3FileStore } from "~/server/storage/s3.server";
import { FileExistsError, type FileStore } from "~/server/storage/store.server";
import { serveMockup } from "~/server/media/mockups.server";
import { deleteUpload, serveUpload, storeImageUpload } from "~/server/media/uploads.server";
import { verifyDraw } from "../../scripts/verify-draw";
import { type FakeS3, startFakeS3 } from "../fakes/s3-server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, freezeAndDraw, setUpFakeBeacon } from "../helpers/draw";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const beacon = setUpFakeBeacon();

let s3: FakeS3;
let app: InProcessAppServer;
const dataDir = process.env.DATA_DIR ?? "";

beforeAll(async () => {
  s3 = await startFakeS3();
  Object.assign(process.env, s3.env);
  resetConfigForTests();
  app = await startAppServer();
});

afterAll(async () => {
  await app?.close();
  for (const name of Object.keys(s3?.env ?? {})) delete process.env[name];
  resetConfigForTests();
  await s3?.close();
});

async function png(width: number, height: number, colour = "#7c3aed"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

function get(pathname: string, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${pathname}`, { redirect: "manual", headers });
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe.each([
  ["disk", async () => new DiskFileStore(await mkdtemp(path.join(os.tmpdir(), "giveawear-store-")))],
  ["s3", async () => new S3FileStore(getConfig().objectStorage!)],
] as const)("the %s store", (kind, make) => {
  let store: FileStore;
  const key = (name: string) => `contract-${kind}/${name}`;
  beforeAll(async () => {
    store = await make();
    expect(store.kind).toBe(kind);
  });
  afterAll(async () => {
    if (store instanceof DiskFileStore) await rm(store.root, { recursive: true, force: true });
  });

  it("puts, heads, gets (whole or a range), lists and deletes a file", async () => {
    const bytes = Buffer.from("0123456789abcdef");
    await store.put(key("a/one.txt"), bytes, { contentType: "text/plain" });
    await store.put(key("a/two.txt"), Buffer.from("2"), { contentType: "text/plain" });
    const info = await store.head(key("a/one.txt"));
    expect(info?.size).toBe(16);
    expect(Math.abs((info?.modifiedMs ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(await store.exists(key("a/one.txt"))).toBe(true);
    expect(await store.get(key("a/one.txt"))).toEqual(bytes);
    expect((await store.get(key("a/one.txt"), { offset: 10, length: 4 }))?.toString()).toBe("abcd");
    expect((await store.get(key("a/one.txt"), { offset: 14, length: 10 }))?.toString()).toBe("ef");
    const streamed = await store.stream(key("a/one.txt"));
    expect(streamed?.info.size).toBe(16);
    expect(Buffer.from(await new Response(streamed?.body).arrayBuffer())).toEqual(bytes);
    expect(await store.list(key("a/"))).toEqual([key("a/one.txt"), key("a/two.txt")]);
    expect(await store.list(key("a/o"))).toEqual([key("a/one.txt")]);

    await store.delete(key("a/one.txt"));
    expect(await store.exists(key("a/one.txt"))).toBe(false);
    expect(await store.list(key("a/"))).toEqual([key("a/two.txt")]);
  });

  it("answers null, false or nothing for a missing key, and deleting it twice is no error", async () => {
    expect(await store.head(key("missing.png"))).toBeNull();
    expect(await store.get(key("missing.png"))).toBeNull();
    expect(await store.get(key("missing.png"), { offset: 0, length: 4 })).toBeNull();
    expect(await store.stream(key("missing.png"))).toBeNull();
    expect(await store.exists(key("missing.png"))).toBe(false);
    expect(await store.list(key("nothing-here/"))).toEqual([]);
    await store.delete(key("missing.png"));
    await store.delete(key("missing.png"));
  });

  it("replaces a cache file, but refuses an exclusive write over an existing file", async () => {
    await store.put(key("cache.bin"), Buffer.from("old"), { contentType: "application/octet-stream" });
    await store.put(key("cache.bin"), Buffer.from("new"), { contentType: "application/octet-stream" });
    expect((await store.get(key("cache.bin")))?.toString()).toBe("new");
    await store.put(key("upload.png"), Buffer.from("first"), { contentType: "image/png", exclusive: true });
    await expect(store.put(key("upload.png"), Buffer.from("second"), { contentType: "image/png", exclusive: true })).rejects.toThrow(
      FileExistsError,
    );
    expect((await store.get(key("upload.png")))?.toString()).toBe("first");
  });

  it("refuses keys that could climb out of its folder or prefix", async () => {
    for (const bad of ["../escape.png", "/absolute.png", "a//b.png", "a/../b.png", "a/./b.png", "", "a b.png", "a\\b.png"]) {
      await expect(store.put(bad, Buffer.from("x"), { contentType: "text/plain" }), bad).rejects.toThrow("Not a storage key");
      await expect(store.get(bad), bad).rejects.toThrow("Not a storage key");
    }
  });
});

describe("the configuration", () => {
  it("is the disk without S3_* and the bucket with them", () => {
    expect(getConfig().objectStorage).toEqual({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: s3.endpoint,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
    expect(fileStore().kind).toBe("s3");
  });

  it("lets the server start only when the bucket answers to the credentials, with one line saying why not", async () => {
    await checkFileStore();
    const saved = { ...process.env };
    try {
      for (const [name, value, why] of [
        // s3rver checks the access key id, not the V4 signature (tests/fakes/s3-server.ts).
        ["S3_ACCESS_KEY_ID", "NOT-A-KEY", /HTTP 403/],
        ["S3_BUCKET", "no-such-bucket", /HTTP 404/],
      ] as const) {
        Object.assign(process.env, s3.env, { [name]: value });
        resetConfigForTests();
        const error = await checkFileStore().then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error, name).toBeInstanceOf(ConfigError);
        expect((error as Error).message).toMatch(/^Object storage: checking the bucket "[^"]+" failed \(/);
        expect((error as Error).message).toMatch(why);
        expect((error as Error).message).not.toContain("\n");
      }
    } finally {
      process.env = saved;
      resetConfigForTests();
    }
  });
});

describe("uploads in the bucket", () => {
  it("are objects with their content type, served over HTTP with a year of immutable caching, 304 on a match, and deleted with their resized copies", async () => {
    const original = await png(900, 600);
    const stored = await storeImageUpload(new File([new Uint8Array(original)], "logo.png", { type: "image/png" }), "logo", null);
    if (!stored.ok) throw new Error(stored.message);
    const relative = stored.url.replace("/uploads/", "");
    const object = await s3.object(`uploads/${relative}`);
    expect(object?.contentType).toBe("image/png");
    expect(existsSync(path.join(dataDir, "uploads"))).toBe(false);

    const first = await get(stored.url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("x-content-type-options")).toContain("nosniff");
    expect(first.headers.get("content-length")).toBe(String(object?.bytes.length));
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(await bytesOf(first)).toEqual(object?.bytes);
    const again = await get(stored.url, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    // Resized on first request, kept in the bucket, then served from it with the same ETag.
    const resized = await get(`${stored.url}?w=400`, { Accept: "image/avif,image/webp,*/*" });
    expect(resized.status).toBe(200);
    expect(resized.headers.get("content-type")).toBe("image/avif");
    expect(resized.headers.get("vary")).toMatch(/\bAccept\b/);
    expect(resized.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(await bytesOf(resized)).metadata()).width).toBe(400);
    expect(await s3.objectKeys(`uploads-resized/400/${relative}`)).toEqual([`uploads-resized/400/${relative}.avif`]);
    const resizedAgain = await get(`${stored.url}?w=400`, { Accept: "image/avif,image/webp,*/*" });
    expect(resizedAgain.headers.get("etag")).toBe(resized.headers.get("etag"));
    expect((await get(`${stored.url}?w=400`, { Accept: "image/avif", "If-None-Match": resized.headers.get("etag") ?? "" })).status).toBe(
      304,
    );
    expect(existsSync(path.join(dataDir, "uploads-resized"))).toBe(false);

    await deleteUpload(stored.url);
    expect(await s3.objectKeys(`uploads/${relative}`)).toEqual([]);
    expect(await s3.objectKeys(`uploads-resized/400/${relative}`)).toEqual([]);
    const gone = await get(stored.url);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("cache-control")).toBe("no-store");
  });

  it("answer with exactly the headers the disk store gives (the ETag aside), for the original, a resized copy and a mockup", async () => {
    const bytes = new Uint8Array(await png(500, 500, "#be123c"));
    /** Stores the image and answers the three responses' headers, under the current configuration. */
    const headersNow = async () => {
      const stored = await storeImageUpload(new File([bytes], "same.png", { type: "image/png" }), "custom_design", null);
      if (!stored.ok) throw new Error(stored.message);
      const relative = stored.url.replace("/uploads/", "");
      const request = (url: string) => new Request(`http://localhost:3000${url}`, { headers: { Accept: "image/webp" } });
      const responses = [
        await serveUpload(relative, request(stored.url)),
        await serveUpload(relative, request(`${stored.url}?w=400`)),
        await serveMockup(`mug/white/400/${relative}.webp`, request(`/mockups/mug/white/400/${relative}.webp`)),
      ];
      return responses.map((response) => {
        expect(response.status).toBe(200);
        return Object.fromEntries([...response.headers].filter(([name]) => name !== "etag"));
      });
    };
    const fromBucket = await headersNow();
    const saved = { ...process.env };
    for (const name of Object.keys(s3.env)) delete process.env[name];
    resetConfigForTests();
    let fromDisk;
    try {
      expect(fileStore().kind).toBe("disk");
      fromDisk = await headersNow();
    } finally {
      process.env = saved;
      resetConfigForTests();
      await rm(path.join(dataDir, "uploads"), { recursive: true, force: true });
      await rm(path.join(dataDir, "uploads-resized"), { recursive: true, force: true });
      await rm(path.join(dataDir, "mockups"), { recursive: true, force: true });
    }
    expect(fromBucket).toEqual(fromDisk);
    expect(fromBucket[0]).toMatchObject({ "cache-control": "public, max-age=31536000, immutable", "content-type": "image/png" });
  });

  it("answers 404 for a key that is not in the bucket, and for a width it does not make", async () => {
    expect((await get("/uploads/logo/doesnotexist123.png")).status).toBe(404);
    expect((await get("/uploads/logo/doesnotexist123.png?w=400")).status).toBe(404);
    const stored = await storeImageUpload(new File([new Uint8Array(await png(64, 64))], "x.png", { type: "image/png" }), "logo", null);
    if (!stored.ok) throw new Error(stored.message);
    expect((await get(`${stored.url}?w=333`)).status).toBe(404);
  });

  it("hand the same upload back for the same bytes from the same user while its object is there", async () => {
    const user = await prisma.user.create({ data: { email: `dedupe-${Date.now()}@example.com` } });
    const bytes = new Uint8Array(await png(80, 80, "#22c55e"));
    const first = await storeImageUpload(new File([bytes], "a.png", { type: "image/png" }), "logo", user.id);
    const second = await storeImageUpload(new File([bytes], "b.png", { type: "image/png" }), "logo", user.id);
    expect(first.ok && second.ok && second.url === first.url).toBe(true);
  });
});

describe("images the app makes, kept in the bucket", () => {
  it("mockups are rendered once into the bucket and served with a year of immutable caching", async () => {
    const stored = await storeImageUpload(
      new File([new Uint8Array(await png(600, 600, "#ea580c"))], "d.png", { type: "image/png" }),
      "custom_design",
      null,
    );
    if (!stored.ok) throw new Error(stored.message);
    const url = `/mockups/t-shirt/white/400/${stored.url.replace("/uploads/", "")}.webp`;
    const first = await get(url, { Accept: "image/webp" });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("vary")).toMatch(/\bAccept\b/);
    const keys = await s3.objectKeys("mockups/");
    expect(keys).toContain(`mockups/v3/t-shirt/white/400/${stored.url.replace("/uploads/", "")}.webp`);
    expect((await get(url, { Accept: "image/webp", "If-None-Match": first.headers.get("etag") ?? "" })).status).toBe(304);
    expect(existsSync(path.join(dataDir, "mockups"))).toBe(false);
  });

  it("share cards and posters are drawn once into the bucket, with the same cache headers, and an older card goes", async () => {
    const design = await storeImageUpload(
      new File([new Uint8Array(await png(600, 600, "#0e7490"))], "d.png", { type: "image/png" }),
      "custom_design",
      null,
    );
    if (!design.ok) throw new Error(design.message);
    const campaign = await createCampaign({ finalDesignUrl: design.url, title: "Bucket Card Giveaway" });
    const version = campaign.updatedAt.getTime();
    const card = await get(`/campaign/${campaign.id}/card.png?v=${version}`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/png");
    expect(card.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    const [cardKey] = await s3.objectKeys(`cards/${campaign.id}-`);
    expect(cardKey).toMatch(new RegExp(`^cards/${campaign.id}-[0-9a-f]{16}\\.png$`));
    expect((await s3.object(cardKey ?? ""))?.bytes).toEqual(await bytesOf(card));
    expect((await get(`/campaign/${campaign.id}/card.png?v=${version}`, { "If-None-Match": card.headers.get("etag") ?? "" })).status).toBe(
      304,
    );

    const poster = await get(`/campaign/${campaign.id}/poster.pdf`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("application/pdf");
    expect(poster.headers.get("cache-control")).toBe("public, max-age=300");
    expect((await s3.objectKeys(`posters/${campaign.id}-a4-`)).map((key) => path.extname(key))).toEqual([".pdf", ".png"]);

    const updated = await prisma.campaign.update({ where: { id: campaign.id }, data: { title: "A New Title For The Card" } });
    expect((await get(`/campaign/${campaign.id}/card.png?v=${updated.updatedAt.getTime()}`)).status).toBe(200);
    await expect.poll(async () => (await s3.objectKeys(`cards/${campaign.id}-`)).includes(cardKey ?? "")).toBe(false);
    expect(await s3.objectKeys(`cards/${campaign.id}-`)).toHaveLength(1);
    expect(existsSync(path.join(dataDir, "cards"))).toBe(false);
    expect(existsSync(path.join(dataDir, "posters"))).toBe(false);
  });

  it("AI designs and the demo designs are written to the bucket", async () => {
    const design = await generateDesign({ prompt: "a mountain at dawn", style: "modern minimalist" });
    const id = design.id;
    expect(await s3.objectKeys(`uploads/ai_design/${id}`)).toEqual([`uploads/ai_design/${id}-preview.webp`, `uploads/ai_design/${id}.png`]);
    expect((await s3.object(`uploads/ai_design/${id}.png`))?.contentType).toBe("image/png");
    expect((await get(design.imageUrl)).status).toBe(200);

    await writeDemoDesigns();
    expect(await s3.objectKeys("uploads/custom_design/demo-northwind-mug")).toEqual(["uploads/custom_design/demo-northwind-mug-photo.png"]);
  });
});

describe("frozen entry lists in the bucket", () => {
  async function endedCampaignWithEntries() {
    const end = new Date(Date.now() - 60 * MINUTE);
    const chain = beacon.fake().chain;
    const campaign = await createCampaign({
      startDate: new Date(end.getTime() - 7 * DAY),
      endDate: end,
      drawBeaconChain: chain.hash,
      drawBeaconRound: plannedBeaconRound(chain, end, 10),
    });
    const t = Date.now().toString(36);
    await addConfirmedEntries(campaign.id, [
      ...Array.from({ length: 12 }, (_, i) => ({
        id: `bkt${i}x${t}`,
        email: `bucket${i}-${t}@list.test`,
        createdAt: new Date(end.getTime() - DAY + i * 1000),
      })),
      { id: `bktdq${t}`, email: `dq-${t}@list.test`, createdAt: new Date(end.getTime() - DAY), disqualifyReason: "fake" as const },
    ]);
    return { campaign, end, firstId: `bkt0x${t}`, disqualifiedId: `bktdq${t}` };
  }

  it("are one object named by their hash, no chunk rows; the draw, draw.csv, the record and the verifier read it and check it", async () => {
    const { campaign, end, firstId, disqualifiedId } = await endedCampaignWithEntries();
    const { outcome } = await freezeAndDraw(campaign.id, { now: new Date(end.getTime() + MINUTE) });
    expect(outcome.kind).toBe("drawn");
    const row = await prisma.entryList.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    expect(row.storageKey).toBe(`entry-lists/${campaign.id}-${row.sha256}.csv`);
    expect(await prisma.entryListChunk.count({ where: { campaignId: campaign.id } })).toBe(0);
    const object = await s3.object(row.storageKey ?? "");
    expect(object?.contentType).toBe("text/csv; charset=utf-8");
    expect(object?.bytes.length).toBe(row.byteLength);
    expect(createHash("sha256").update(object!.bytes).digest("hex")).toBe(row.sha256);
    expect(await entryListBytes(row)).toEqual(object?.bytes);

    // draw.csv over HTTP: the object's bytes, immutable, its hash as the ETag.
    const csv = await get(`/campaign/${campaign.id}/draw.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("etag")).toBe(`"${row.sha256}"`);
    expect(csv.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await bytesOf(csv)).toEqual(object?.bytes);

    // The record's disqualified section is read from the object's end; "Check my entry" scans it.
    const record = await drawRecord(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } }));
    expect(record.list?.disqualified).toEqual([{ id: disqualifiedId, reason: "fake" }]);
    expect(await checkEntry(campaign.id, [firstId])).toMatchObject({ kind: "found" });
    const failures = async () =>
      (await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo() })).checks.filter((check) => !check.ok).map((check) => check.name);
    expect(await failures()).toEqual([]);

    // Bytes changed in the bucket are caught against the row's hash.
    const tampered = Buffer.from(object!.bytes.toString("latin1").replace(firstId, firstId.replace("bkt0", "bkt9")), "latin1");
    const client = new S3Client({
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: row.storageKey ?? "", Body: tampered }));
    await expect(entryListBytes(row)).rejects.toThrow("does not match its published hash");
    expect(await failures()).toEqual(["stored entry list"]);
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: row.storageKey ?? "", Body: object!.bytes }));
    expect(await failures()).toEqual([]);
    client.destroy();
  });

  it("frozen in the database before the bucket was configured stay readable from their chunk rows", async () => {
    const { campaign, end, firstId } = await endedCampaignWithEntries();
    // Frozen while the files were on disk (no S3_*): chunk rows, no storage key.
    const saved = { ...process.env };
    for (const name of Object.keys(s3.env)) delete process.env[name];
    resetConfigForTests();
    try {
      expect((await freezeEntryList(campaign.id, { now: new Date(end.getTime() + MINUTE) })).kind).toBe("frozen");
    } finally {
      process.env = saved;
      resetConfigForTests();
    }
    const row = await prisma.entryList.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    expect(row.storageKey).toBeNull();
    expect(await prisma.entryListChunk.count({ where: { campaignId: campaign.id } })).toBe(1);
    expect(await s3.objectKeys(`entry-lists/${campaign.id}-`)).toEqual([]);

    // Now with the bucket: read, drawn and served from the rows.
    expect(
      createHash("sha256")
        .update(await entryListBytes(row))
        .digest("hex"),
    ).toBe(row.sha256);
    const { outcome } = await freezeAndDraw(campaign.id, { now: new Date(end.getTime() + MINUTE) });
    expect(outcome.kind).toBe("drawn");
    const csv = await get(`/campaign/${campaign.id}/draw.csv`);
    expect(
      createHash("sha256")
        .update(await bytesOf(csv))
        .digest("hex"),
    ).toBe(row.sha256);
    expect(await checkEntry(campaign.id, [firstId])).toMatchObject({ kind: "found" });
  });
});
