/**
 * The server's log (decision 083), read from a real `node server/index.js` in production: every
 * line on stdout is JSON; each request has an id (the client's X-Request-Id when it is a sane
 * token, a fresh one otherwise), sent back in X-Request-Id and written on every line the request
 * caused, the access line and the lines the app logs while serving it; a job pass's lines carry
 * the pass's id; and entrants' addresses, sign-in codes, magic links and claim tokens never reach it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/core/db.server";
import { claimToken } from "~/server/claims/claim.server";
import { type LogLine, type SpawnedServer, freePort, spawnAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";

let server: SpawnedServer;

beforeAll(async () => {
  server = await spawnAppServer(await freePort(), { NODE_ENV: "production", JOBS_INTERVAL_MS: "500", LOG_LEVEL: "info" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** Waits (polling the output, no fixed pause) until a line matches; lines are written asynchronously. */
async function lineWhere(matches: (line: LogLine) => boolean): Promise<LogLine> {
  let found: LogLine | undefined;
  await vi.waitFor(
    () => {
      found = server.logLines().find(matches);
      expect(found, server.output()).toBeDefined();
    },
    { timeout: 15_000, interval: 50 },
  );
  return found!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const ENTRANT = "zelda.logtest@example.com";

/** A form posted as a browser posts it, with no JavaScript. */
function postForm(path: string, fields: Record<string, string>, headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("the request id", () => {
  it("echoes a sane X-Request-Id, and writes it on the request's access line", async () => {
    const response = await fetch(`${server.url}/pricing`, { headers: { "X-Request-Id": "edge-7f3a.2:pricing_1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Request-Id")).toBe("edge-7f3a.2:pricing_1");
    const access = await lineWhere((line) => line.reqId === "edge-7f3a.2:pricing_1" && line.req !== undefined);
    expect(access).toMatchObject({
      level: "info",
      msg: "request completed",
      req: { method: "GET", url: "/pricing" },
      res: { statusCode: 200 },
    });
    expect(typeof access.responseTime).toBe("number");
  });

  it.each([
    ["too long", "x".repeat(129)],
    ["with characters a log reader could be fooled by", 'a"b {level:error}'],
  ])("replaces one %s with a fresh UUID", async (_what, sent) => {
    const response = await fetch(`${server.url}/pricing`, { headers: { "X-Request-Id": sent } });
    const id = response.headers.get("X-Request-Id");
    expect(id).toMatch(UUID);
    await lineWhere((line) => line.reqId === id && line.req?.url === "/pricing");
    expect(server.output()).not.toContain(sent);
  });

  it("is given to a request with none, and to the pages the page cache answers before React Router", async () => {
    const campaign = await createCampaign();
    // The first visitor's request renders the page; the next is answered from memory.
    await (await fetch(`${server.url}/campaign/${campaign.id}`)).arrayBuffer();
    // A job pass that changed something (other files' campaigns share the database) clears the cache,
    // and may land between two requests: the next one then renders and keeps the page again.
    const cached = await vi.waitFor(
      async () => {
        const answer = await fetch(`${server.url}/campaign/${campaign.id}`);
        await answer.arrayBuffer();
        expect(answer.headers.get("X-Page-Cache")).toBe("hit");
        return answer;
      },
      { timeout: 15_000, interval: 50 },
    );
    const id = cached.headers.get("X-Request-Id");
    expect(id).toMatch(UUID);
    const access = await lineWhere((line) => line.reqId === id && line.req !== undefined);
    expect(access.res).toEqual({ statusCode: 200, pageCache: "hit" });
  });
});

describe("a job pass", () => {
  it("writes its lines with an id of its own, job-<uuid>, and no request's", async () => {
    // The server's timer makes a pass every 500 ms; the first says once that there is no SMTP.
    const notice = await lineWhere((line) => line.msg.startsWith("[email] SMTP_URL is not set"));
    expect(notice.jobId).toMatch(/^job-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(notice.reqId).toBeUndefined();
    expect(server.logLines().filter((line) => line.jobId !== undefined && line.reqId !== undefined)).toEqual([]);
  });
});

describe("an entry, a sign-in and a claim link", () => {
  it("log every line they cause with their request's id, and never the address, the code, the magic link or the token", async () => {
    const campaign = await createCampaign();

    // The entry lane answers the entry; the app logs its confirm-request email from deep inside it.
    const entered = await postForm(`/campaign/${campaign.id}`, { email: ENTRANT, agreedToTerms: "on" }, { "X-Request-Id": "entry-req-1" });
    expect(entered.status).toBe(303);
    expect(entered.headers.get("X-Request-Id")).toBe("entry-req-1");
    const outbox = await lineWhere((line) => line.msg.startsWith("[outbox] entry_confirm_request"));
    expect(outbox.reqId).toBe("entry-req-1");
    expect(outbox.msg).toContain("to z***@example.com");
    const entryAccess = await lineWhere((line) => line.reqId === "entry-req-1" && line.req !== undefined);
    expect(entryAccess).toMatchObject({ req: { method: "POST", url: `/campaign/${campaign.id}` }, res: { statusCode: 303 } });
    // Every line the entry caused carries its id; no line of another request or job mentions it.
    const entryLines = server.logLines().filter((line) => line.reqId === "entry-req-1");
    expect(entryLines.map((line) => line.msg).sort()).toEqual([outbox.msg, "request completed"].sort());
    expect(server.logLines().filter((line) => line.msg.includes("entry_confirm_request") && line.reqId !== "entry-req-1")).toEqual([]);

    // A sign-in code, and the magic link that carries it.
    const signInAddress = "yusuf.logtest@example.com";
    const signIn = await postForm("/login", { email: signInAddress }, { Origin: server.url, "X-Request-Id": "sign-in-req-1" });
    expect(signIn.status).toBe(302);
    const codeLine = await lineWhere((line) => line.msg.startsWith("[outbox] login_code"));
    expect(codeLine.reqId).toBe("sign-in-req-1");
    expect(codeLine.msg).toContain("to y***@example.com");
    const codeEmail = await prisma.outboundEmail.findFirstOrThrow({ where: { to: signInAddress, template: "login_code" } });
    const code = /\b(\d{6})\b/.exec(codeEmail.text ?? "")?.[1];
    const magicLink = /https?:\/\/\S+\/login\/otp\?t=[^\s"<]+/.exec(codeEmail.text ?? "")?.[0];
    expect(code).toBeDefined();
    expect(magicLink).toBeDefined();
    const magicToken = new URL(magicLink!).searchParams.get("t")!;
    const opened = await fetch(`${server.url}/login/otp?t=${encodeURIComponent(magicToken)}`, {
      redirect: "manual",
      headers: { "User-Agent": BROWSER, "X-Request-Id": "magic-req-1" },
    });
    expect(opened.headers.get("X-Request-Id")).toBe("magic-req-1");
    const magicAccess = await lineWhere((line) => line.reqId === "magic-req-1" && line.req !== undefined);
    expect(magicAccess.req!.url).toBe("/login/otp?t=[redacted]");

    // A winner's claim link, signed as the winners' emails sign it.
    const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id, email: ENTRANT } });
    const token = await claimToken({ campaignId: campaign.id, entryId: entry.id, deadline: new Date(Date.now() + 86_400_000) });
    const claim = await fetch(`${server.url}/claim/${token}`, { headers: { "User-Agent": BROWSER, "X-Request-Id": "claim-req-1" } });
    await claim.arrayBuffer();
    expect(claim.headers.get("X-Request-Id")).toBe("claim-req-1");
    const claimAccess = await lineWhere((line) => line.reqId === "claim-req-1" && line.req !== undefined);
    expect(claimAccess.req!.url).toBe("/claim/[redacted]");

    // Everything written until the server exits (what was still buffered is written at exit).
    await server.close();
    const output = server.output();
    expect(output).not.toContain(ENTRANT);
    expect(output).not.toContain(signInAddress);
    expect(output).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(output).not.toContain(magicToken);
    expect(output).not.toContain(encodeURIComponent(magicToken));
    expect(output).not.toContain(token);
    // Every line is JSON, to the last.
    expect(server.logLines().at(-1)!.msg).toMatch(/^SIGTERM received/);
  });
});

describe("the build's log chunk", () => {
  it("imports pino and Node's modules only: the cluster's primary loads it without the app", () => {
    const chunk = readFileSync(path.resolve(process.env.BUILD_DIR || "build", "server/log.js"), "utf8");
    const imports = [...chunk.matchAll(/^import\s[^;]*?from\s+"([^"]+)"/gm)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((source) => source !== "pino" && !source!.startsWith("node:"))).toEqual([]);
    expect(chunk).toMatch(/export\s*\{[^}]*\brootLog\b/);
  });
});
