/**
 * Request bodies are counted as they stream, whatever their Content-Type and with or without a
 * Content-Length, against their route's limit (BODY_LIMITS): past it the server answers 413 at once
 * and stops reading, so a huge upload costs it no memory. Over real HTTP against a server process
 * of its own, whose resident memory is read from /proc.
 */
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { BODY_LIMITS, bodyTooLargeMessage } from "~/server/core/forms.server";
import { WIZARD_UPLOAD_LIMITS } from "~/server/core/multipart.server";
import { type SpawnedServer, spawnAppServer, freePort } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";

const MB = 1024 * 1024;
const BOUNDARY = "----body-limits-boundary";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

let server: SpawnedServer;
let campaignId = "";

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

function fields(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
}

const FILE_PART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Body bytes written before the answer came. */
  sent: number;
}

/**
 * POSTs `head`, then `fileBytes` of file content in 1 MB chunks, then the closing delimiter, as a
 * client would stream an upload (chunked, unless `declare` sends a Content-Length). Writing stops
 * as soon as an answer arrives.
 */
function upload(
  path: string,
  options: { head?: string; fileBytes: number; declare?: number; headers?: Record<string, string> },
): Promise<Answer> {
  const head = options.head ?? "";
  const tail = `\r\n--${BOUNDARY}--\r\n`;
  const headers: Record<string, string> = { "Content-Type": MULTIPART, Origin: server.url, ...options.headers };
  if (options.declare !== undefined) headers["Content-Length"] = String(options.declare);
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, { method: "POST", headers });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, sent });
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(MB, "a");
    const write = (data: string | Buffer) => {
      sent += Buffer.byteLength(data);
      return request.write(data);
    };
    write(head + FILE_PART);
    let file = 0;
    const pump = () => {
      while (!answered && file < options.fileBytes) {
        const piece = options.fileBytes - file >= MB ? chunk : chunk.subarray(0, options.fileBytes - file);
        file += piece.length;
        if (!write(piece)) return void request.once("drain", pump);
      }
      if (!answered) {
        sent += tail.length;
        request.end(tail);
      }
    };
    pump();
  });
}

/** A declared length and only the headers: the answer must come without the body. */
function declaredOnly(path: string, length: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": MULTIPART, "Content-Length": String(length), Origin: server.url },
    });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, sent: 0 });
        request.destroy();
      });
    });
    request.on("error", reject);
    request.flushHeaders();
  });
}

function expectRefused(answer: Answer, limit: number) {
  expect(answer.status).toBe(413);
  expect(answer.body).toBe(bodyTooLargeMessage(limit));
  expect(answer.headers.connection).toBe("close");
}

beforeAll(async () => {
  campaignId = (await createCampaign()).id;
  // Development mode, so React Router would log any fault an aborted read caused (test mode logs nothing).
  server = await spawnAppServer(await freePort(), { NODE_ENV: "development" });
  // Warm up: the dev server compiles each route on its first request, which costs memory once.
  expect((await fetch(`${server.url}/login`)).status).toBe(200);
  expect((await fetch(`${server.url}/campaign/${campaignId}`)).status).toBe(200);
  const warm = await upload("/login", { head: fields({ email: "not-an-address" }), fileBytes: 64 * 1024 });
  expect(warm.status).toBe(400);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("a body over its limit", () => {
  it("a 200 MB chunked multipart upload to /login is refused with 413 as it streams, costing under 50 MB, and the next request is answered", async () => {
    const codesBefore = await prisma.loginCode.count();
    const before = memory("VmRSS");
    resetPeak();
    const answer = await upload("/login", { head: fields({ email: "big@example.com" }), fileBytes: 200 * MB });
    const growth = memory("VmHWM") - before;

    expectRefused(answer, BODY_LIMITS.default);
    // Answered once the limit was passed, not after the whole body had been read.
    expect(answer.sent).toBeLessThan(50 * MB);
    expect(growth).toBeLessThan(50);
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    expect(await prisma.loginCode.count()).toBe(codesBefore);
  });

  it("a 500 MB chunked body to a campaign page is refused as it streams, costing under 50 MB", async () => {
    const entriesBefore = await prisma.entry.count();
    const before = memory("VmRSS");
    resetPeak();
    const answer = await upload(`/campaign/${campaignId}`, {
      head: fields({ email: "fan@example.com", agreedToTerms: "on" }),
      fileBytes: 500 * MB,
    });
    expect(memory("VmHWM") - before).toBeLessThan(50);
    expectRefused(answer, BODY_LIMITS.default);
    expect(answer.sent).toBeLessThan(50 * MB);
    expect(await prisma.entry.count()).toBe(entriesBefore);
    expect((await fetch(`${server.url}/campaign/${campaignId}`)).status).toBe(200);
  });

  it("a 50 MB chunked body to the wizard from a visitor is refused at a visitor's limit, though it declares no length for the wizard to check", async () => {
    const campaignsBefore = await prisma.campaign.count();
    const answer = await upload("/create-campaign-v2", { head: fields({ step: "1" }), fileBytes: 50 * MB });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(bodyTooLargeMessage(WIZARD_UPLOAD_LIMITS.visitor.maxBodyBytes));
    // Answered once the visitor's limit was passed, not at the route's.
    expect(answer.sent).toBeLessThan(BODY_LIMITS.uploads);
    expect(await prisma.campaign.count()).toBe(campaignsBefore);
  });

  it("a declared Content-Length over the limit is refused before any of the body is sent", async () => {
    expectRefused(await declaredOnly(`/campaign/${campaignId}`, 500 * MB), BODY_LIMITS.default);
    expectRefused(await declaredOnly("/create-campaign-v2", BODY_LIMITS.uploads + 1), BODY_LIMITS.uploads);
    expectRefused(await declaredOnly("/admin/dashboard/settings/slider.data", 200 * MB), BODY_LIMITS.uploads);
  });

  it.each(["/webhooks/stripe", "/webhooks/printify"])("%s takes at most 1 MB, chunked or declared", async (path) => {
    const body = "x".repeat(BODY_LIMITS.webhooks + 1);
    const chunked = await upload(path, { fileBytes: 2 * MB, headers: { "Content-Type": "application/json" } });
    expectRefused(chunked, BODY_LIMITS.webhooks);
    const declared = await fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe(bodyTooLargeMessage(BODY_LIMITS.webhooks));
  });

  it("nothing was logged as a server fault", () => {
    expect(server.output()).not.toMatch(/BodyTooLarge|ERR_HTTP_HEADERS_SENT|ERR_STREAM|Unhandled|\s+at \S+ \(/);
  });
});

describe("a body under its limit", () => {
  it("streams through whole: a chunked contact form with a 1.5 MB file part is read and sent", async () => {
    const sentBefore = await prisma.outboundEmail.count({ where: { template: "contact_message" } });
    const answer = await upload("/contact", {
      head: fields({
        name: "Ada",
        email: "ada-limits@example.com",
        subject: "Streaming question",
        message: "Does a long body arrive whole?",
      }),
      fileBytes: 1.5 * MB,
    });
    expect([302, 303]).toContain(answer.status);
    expect(answer.headers.location).toBe("/contact");
    expect(await prisma.outboundEmail.count({ where: { template: "contact_message" } })).toBe(sentBefore + 1);
  });
});
