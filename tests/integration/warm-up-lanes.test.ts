/**
 * A worker warms the way a request takes before it listens (decision 113): a real
 * `node server/index.js` in production, started with a live campaign, has sent its own request
 * listener the campaign's page and a bot's entry form (honeypot filled) over HTTP before its
 * "listening" line; those requests' access lines are at debug, nothing of them is stored (no entry,
 * no email), and the request and entry series it serves on /metrics do not count them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type LogLine, type SpawnedServer, freePort, spawnAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";

const TOKEN = "warm-up-scrape-token-0123456789abcdef";
const DAY = 24 * 60 * 60 * 1000;
let server: SpawnedServer;
let campaignId: string;

beforeAll(async () => {
  // The newest live campaign is the one a worker warms.
  const start = new Date(Date.now() - 60_000);
  campaignId = (await createCampaign({ startDate: start, launchedAt: start, endDate: new Date(start.getTime() + 7 * DAY) })).id;
  server = await spawnAppServer(await freePort(), { NODE_ENV: "production", LOG_LEVEL: "debug", METRICS_TOKEN: TOKEN });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** The server's lines up to its "listening" line: what it wrote before any visitor could reach it. */
function linesBeforeListening(): LogLine[] {
  const lines = server.logLines();
  const listening = lines.findIndex((line) => line.msg.startsWith("Giveawear listening on"));
  expect(listening, server.output()).toBeGreaterThan(0);
  return lines.slice(0, listening);
}

describe("the warm-up over HTTP", () => {
  it("sends the campaign's page and a bot's entry form through the worker's listener before it listens, logged at debug", () => {
    const before = linesBeforeListening();
    const accessLines = before.filter((line) => line.req && line.res);
    const page = `/campaign/${campaignId}`;
    const pages = accessLines.filter((line) => line.req!.method === "GET" && line.req!.url === page);
    const forms = accessLines.filter((line) => line.req!.method === "POST" && line.req!.url === page);
    // The page cache answers the page (a miss once, then hits); the bot's form is answered as if it had worked.
    expect(pages.length).toBeGreaterThanOrEqual(100);
    expect(pages.filter((line) => line.res!.statusCode === 200 && line.res!.pageCache === "hit").length).toBeGreaterThanOrEqual(99);
    expect(forms.length).toBeGreaterThanOrEqual(100);
    expect(forms.every((line) => line.res!.statusCode === 303)).toBe(true);
    expect(accessLines.every((line) => line.level === "debug")).toBe(true);
    expect(before.some((line) => line.level === "debug" && /^warmed up in \d+ ms$/.test(line.msg))).toBe(true);
    expect(before.filter((line) => line.level === "warn" || line.level === "error")).toEqual([]);
  });

  it("stores nothing and leaves the served series at zero", async () => {
    expect(await prisma.entry.count({ where: { campaignId } })).toBe(0);
    expect(await prisma.outboundEmail.count({ where: { to: "warm-up@giveawear.invalid" } })).toBe(0);
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    expect(metrics).toContain('giveawear_entries_refused_total{reason="honeypot"} 0');
    expect(metrics).toContain("giveawear_entries_accepted_total 0");
    // The scrape is this test's first request, and is counted once it has been answered.
    expect(metrics).not.toMatch(
      /giveawear_http_request_duration_seconds_count\{[^}]*route="(?:page-cache|entry-lane|\/campaign\/:campaignId)"/,
    );
  });
});
