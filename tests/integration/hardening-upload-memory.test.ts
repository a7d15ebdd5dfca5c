/**
 * Uploads stream to disk (decision 064), over real HTTP against a server process of its own whose
 * resident memory is read from /proc: many large anonymous uploads at once cost the server little
 * memory, and each gets a clear 413 or 503; a visitor's post is small; the process receives at
 * most UPLOADS_IN_FLIGHT_MB of upload bodies at once (503 with Retry-After past it); a signed-in
 * creator's upload, with or without a Content-Length, is still stored, and no temporary file
 * outlives its request.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getConfig } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { bodyTooLargeMessage } from "~/server/core/forms.server";
import { UPLOADS_BUSY, WIZARD_UPLOAD_LIMITS } from "~/server/core/multipart.server";
import { type SpawnedServer, spawnAppServer, freePort } from "../helpers/app-server";
import { signedInJar, STEP1 } from "../helpers/wizard";

const MB = 1024 * 1024;
const BOUNDARY = "----upload-memory-boundary";
const VISITOR_TOO_LARGE = "Please sign in to upload images this large: until then a step can carry at most 10 MB of them.";

let server: SpawnedServer;
/** The spawned server's TMPDIR, where its uploads' temporary files go. */
let temporary = "";
let creatorCookie = "";

/** A /proc/<pid>/status figure in MB: VmRSS now, VmHWM the peak since the last resetPeak(). */
function memory(field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync(`/proc/${server.process.pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+) kB/.exec(line ?? "")?.[1]) / 1024;
}

function resetPeak() {
  // Linux: writing 5 resets the peak resident set size (VmHWM) to the current one.
  writeFileSync(`/proc/${server.process.pid}/clear_refs`, "5");
}

/** The upload folders the server has left in its TMPDIR. */
function leftoverUploads(): string[] {
  return readdirSync(temporary).filter((name) => name.startsWith("giveawear-upload-"));
}

/**
 * No upload's temporary files stay on disk. An upload cut off by its sender is cleaned up when the
 * server notices the closed connection, which a busy machine may do after the next answer: wait a
 * bounded while for it, so a leak still fails.
 */
async function expectNoLeftoverUploads() {
  await vi.waitFor(() => expect(leftoverUploads()).toEqual([]), { timeout: 15_000, interval: 50 });
}

function fields(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
}

function filePart(name: string, filename: string, type: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
}

const TAIL = `\r\n--${BOUNDARY}--\r\n`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Upload {
  /** Text fields before the file. */
  head: Record<string, string>;
  /** The file's first bytes (a real image), then `fileBytes` in all, padded with zeros. */
  file?: Buffer;
  fileBytes: number;
  /** Sends a Content-Length (the body's exact length) instead of a chunked body. */
  declare: boolean;
  cookie?: string;
  /** Sends the head and the first megabyte, then waits for release() before the rest. */
  hold?: boolean;
}

/**
 * POSTs a step-1 wizard form with a logo of `fileBytes` bytes, written 1 MB at a time as a client
 * streams an upload; writing stops as soon as an answer arrives.
 */
function upload(options: Upload): { answer: Promise<Answer>; release(): void; abort(): void } {
  const head = fields(options.head) + filePart("logoFile", "logo.png", "image/png");
  const file = Buffer.alloc(options.fileBytes);
  options.file?.copy(file);
  const headers: Record<string, string> = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, Origin: server.url };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.declare) headers["Content-Length"] = String(Buffer.byteLength(head) + file.length + TAIL.length);
  const request = http.request(`${server.url}/create-campaign-v2`, { method: "POST", headers, agent: false });
  let answered = false;
  let held = Boolean(options.hold);
  let pumpOn: () => void = () => undefined;
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
  });
  request.write(head);
  let sent = 0;
  const pump = () => {
    while (!answered && sent < file.length) {
      if (held && sent >= MB) return;
      const piece = file.subarray(sent, Math.min(sent + MB, file.length));
      sent += piece.length;
      if (!request.write(piece)) return void request.once("drain", pump);
      // One piece per turn of the event loop, as a browser's upload goes: an answer that arrives
      // meanwhile is read before the next piece, instead of after the whole body was pushed out.
      return void setImmediate(pump);
    }
    if (!answered && sent >= file.length) request.end(TAIL);
  };
  pumpOn = pump;
  pump();
  return {
    answer,
    release() {
      held = false;
      pumpOn();
    },
    abort() {
      request.destroy();
    },
  };
}

/**
 * 24 anonymous step-1 posts of a 39 MB logo at once: how far the server's resident memory rose at
 * its peak and where it is once they are answered (in MB above where it was), and the answers.
 * Before decision 064 the peak was +235 MB with Content-Lengths and +1,040 MB chunked, and the
 * chunked bodies were still held after (+1,000 MB); now the memory that a burst of page renders
 * takes in the dev server (a few tens of MB) is all it costs.
 */
async function burst(declare: boolean): Promise<{ peak: number; after: number; answers: Answer[] }> {
  const before = memory("VmRSS");
  resetPeak();
  const answers = await Promise.all(
    Array.from({ length: 24 }, (_, index) => upload({ head: { ...STEP1, title: `Burst ${index}` }, fileBytes: 39 * MB, declare }).answer),
  );
  const peak = memory("VmHWM") - before;
  // Let the server finish with the last connections (a request to answer after them), then read.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  return { peak, after: memory("VmRSS") - before, answers };
}

function expectRefusedClearly(answers: Answer[], tooLarge: string) {
  for (const answer of answers) {
    expect([413, 503]).toContain(answer.status);
    if (answer.status === 503) {
      expect(answer.headers["retry-after"]).toBe(String(UPLOADS_BUSY.retryAfterSeconds));
      expect(answer.body).toBe(UPLOADS_BUSY.message);
    } else {
      expect(answer.body).toContain(tooLarge);
    }
  }
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 4, background: "#0f766e" } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  temporary = mkdtempSync(path.join(os.tmpdir(), "giveawear-upload-memory-"));
  // Development mode, so React Router would log any fault (test mode logs nothing).
  server = await spawnAppServer(await freePort(), { NODE_ENV: "development", TMPDIR: temporary });
  creatorCookie = (await signedInJar("uploads")).jar.header();
  // Warm up: the dev server compiles each route on its first request, which costs memory once.
  expect((await fetch(`${server.url}/create-campaign-v2`)).status).toBe(200);
  await upload({ head: { step: "1" }, fileBytes: 64 * 1024, declare: true }).answer;
  await upload({ head: { step: "1" }, fileBytes: 12 * MB, declare: false }).answer;
  // And the heap: V8 sizes it to the first bursts of work it sees (here the dev server's pages), then keeps it.
  await burst(false);
}, 180_000);

afterAll(async () => {
  await server?.close();
  if (temporary) rmSync(temporary, { recursive: true, force: true });
});

describe("24 anonymous 39 MB uploads at once", () => {
  it("with a Content-Length: each gets 413 or 503, memory grows by under 100 MB and comes back, no draft is made", async () => {
    const campaigns = await prisma.campaign.count();
    const { peak, after, answers } = await burst(true);
    expect(peak).toBeLessThan(100);
    expect(after).toBeLessThan(60);
    expectRefusedClearly(answers, VISITOR_TOO_LARGE);
    expect(await prisma.campaign.count()).toBe(campaigns);
  });

  it("chunked, without a Content-Length: each is refused as it streams, at a visitor's limit or the upload gate", async () => {
    const campaigns = await prisma.campaign.count();
    const { peak, after, answers } = await burst(false);
    expect(peak).toBeLessThan(100);
    expect(after).toBeLessThan(60);
    expectRefusedClearly(answers, bodyTooLargeMessage(WIZARD_UPLOAD_LIMITS.visitor.maxBodyBytes));
    expect(await prisma.campaign.count()).toBe(campaigns);
    await expectNoLeftoverUploads();
  });
});

describe("the upload gate", () => {
  it(`refuses an upload that would pass UPLOADS_IN_FLIGHT_MB with 503 and Retry-After, and takes uploads again once the others end`, async () => {
    const capacity = getConfig().UPLOADS_IN_FLIGHT_MB * MB;
    const size = 39 * MB;
    // Signed-in creators' uploads within their limit, held open: each holds its Content-Length.
    const held = Array.from({ length: Math.floor(capacity / size) }, () =>
      upload({ head: STEP1, fileBytes: size, declare: true, cookie: creatorCookie, hold: true }),
    );
    // A request answered after the held ones arrived: the server has admitted them by now.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const refused = await upload({ head: STEP1, fileBytes: size, declare: true, cookie: creatorCookie }).answer;
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe(String(UPLOADS_BUSY.retryAfterSeconds));
    expect(refused.body).toBe(UPLOADS_BUSY.message);

    for (const one of held) {
      one.answer.catch(() => undefined);
      one.abort();
    }
    const assets = await prisma.uploadedAsset.count();
    const stored = await upload({ head: STEP1, file: await png(), fileBytes: (await png()).length, declare: true, cookie: creatorCookie })
      .answer;
    expect(stored.status).toBe(302);
    expect(await prisma.uploadedAsset.count()).toBe(assets + 1);
    await expectNoLeftoverUploads();
  });
});

describe("a signed-in creator's upload", () => {
  it("sent chunked is stored, and its temporary file is gone once answered", async () => {
    const image = await png();
    const answer = await upload({
      head: { ...STEP1, title: "Chunked logo" },
      file: image,
      fileBytes: image.length,
      declare: false,
      cookie: creatorCookie,
    }).answer;
    expect(answer.status).toBe(302);
    const campaignId = new URL(answer.headers.location ?? "", server.url).searchParams.get("campaignId") ?? "";
    const campaign = await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } });
    expect(campaign.title).toBe("Chunked logo");
    expect(campaign.logoUrl).toMatch(/^\/uploads\/logo\/[A-Za-z0-9_-]+\.png$/);
    const asset = await prisma.uploadedAsset.findFirstOrThrow({ where: { path: campaign.logoUrl!.replace("/uploads/", "") } });
    expect(asset).toMatchObject({ kind: "logo", width: 64, height: 64 });
    const stored = await fetch(`${server.url}${campaign.logoUrl}`);
    expect(stored.status).toBe(200);
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).width).toBe(64);
    await expectNoLeftoverUploads();
  });

  it("with a 12 MB logo is told the logo's limit, and nothing is stored", async () => {
    const assets = await prisma.uploadedAsset.count();
    const image = await png();
    const answer = await upload({ head: STEP1, file: image, fileBytes: 12 * MB, declare: false, cookie: creatorCookie }).answer;
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Please upload an image smaller than 5MB.");
    expect(await prisma.uploadedAsset.count()).toBe(assets);
    await expectNoLeftoverUploads();
  });

  it("sent chunked past 40 MB is refused with 413 as it streams, and leaves no temporary file", async () => {
    const answer = await upload({ head: STEP1, fileBytes: 44 * MB, declare: false, cookie: creatorCookie }).answer;
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(bodyTooLargeMessage(WIZARD_UPLOAD_LIMITS.signedIn.maxBodyBytes));
    await expectNoLeftoverUploads();
  });
});

describe("the server's log", () => {
  it("shows no fault for any of these", () => {
    expect(server.output()).not.toMatch(/Error:|Unhandled|\s+at \S+ \(/);
  });
});
