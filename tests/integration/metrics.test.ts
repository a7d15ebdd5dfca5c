/**
 * Prometheus's /metrics and the readiness probe /readyz (decision 084), over real HTTP:
 *
 * - in this process's app: /metrics is not served without METRICS_TOKEN, refuses a missing or wrong
 *   token with 401 and no series, and /readyz turns 503 when the bucket stops answering;
 * - in a spawned `node server/index.js` with two worker processes: every scrape, whichever worker
 *   answers it, holds both workers' series summed (entries accepted and refused by reason, the
 *   requests by route), the database's series once, and /readyz turns 503 when a migration this
 *   build ships is marked rolled back in the database.
 *
 * Each request goes on a connection of its own, so the primary hands them to the workers in turn.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { freezeEntryList } from "~/server/draw/freeze.server";
import { runJobsOnce } from "~/server/jobs/run.server";
import { type FakeS3, startFakeS3 } from "../fakes/s3-server";
import { type InProcessAppServer, type SpawnedServer, freePort, spawnAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";

const TOKEN = "scrape-token-0123456789abcdef";
const BEARER = { Authorization: `Bearer ${TOKEN}` };
const DAY = 24 * 60 * 60 * 1000;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a new connection (no keep-alive): under the cluster, the next worker's turn. */
function send(
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method: init.method ?? "GET", headers: init.headers, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

function postEntry(origin: string, campaignId: string, fields: Record<string, string>): Promise<Answer> {
  const body = new URLSearchParams(fields).toString();
  return send(origin, `/campaign/${campaignId}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(body)),
      "User-Agent": "Mozilla/5.0 (test) Chrome/124.0",
    },
    body,
  });
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of an exposition-format text. */
function samples(text: string): Sample[] {
  return text.split("\n").flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) return [];
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

/** The value of the one series `name` with these labels (among others), or 0 when it has none yet. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} series`);
  return found[0]?.value ?? 0;
}

async function scrape(origin: string): Promise<string> {
  const answer = await send(origin, "/metrics", { headers: BEARER });
  expect(answer.status, answer.body).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

describe("one process", () => {
  let server: InProcessAppServer;
  let s3: FakeS3 | undefined;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    delete process.env.METRICS_TOKEN;
    await server?.resetConfig();
    await server?.close();
    await s3?.close();
  });

  it("does not serve /metrics without METRICS_TOKEN", async () => {
    delete process.env.METRICS_TOKEN;
    await server.resetConfig();
    const answer = await send(server.url, "/metrics");
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain("giveawear_");
    expect((await send(server.url, "/metrics", { headers: BEARER })).status).toBe(404);
  });

  it("refuses a missing or wrong token with 401 and no series, and answers the right one", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    await server.resetConfig();
    const refused: Record<string, string>[] = [
      {},
      { Authorization: "Bearer wrong-token" },
      { Authorization: `Basic ${TOKEN}` },
      { Authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of refused) {
      const answer = await send(server.url, "/metrics", { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(answer.body).not.toMatch(/giveawear_|# TYPE/);
    }
    const text = await scrape(server.url);
    expect(value(text, "giveawear_entries_accepted_total")).toBeGreaterThanOrEqual(0);
    expect(text).toContain("# TYPE giveawear_outbox_pending gauge");
  });

  it("times every job step of a pass and counts a step that failed", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    await server.resetConfig();
    // An ended campaign whose counter disagrees with its entries: the freeze refuses it, and says so.
    const broken = await createCampaign({ startDate: new Date(Date.now() - 8 * DAY), endDate: new Date(Date.now() - DAY), entryCount: 5 });
    const before = await scrape(server.url);
    const summary = await runJobsOnce();
    expect(summary.errors.map((error) => error.step)).toContain("freeze");
    const after = await scrape(server.url);
    const passes = (step: string) =>
      value(after, "giveawear_job_step_duration_seconds_count", { step }) -
      value(before, "giveawear_job_step_duration_seconds_count", { step });
    const failures = (step: string) =>
      value(after, "giveawear_job_step_failures_total", { step }) - value(before, "giveawear_job_step_failures_total", { step });
    for (const step of ["freeze", "draws", "emails", "webhooks", "retention"]) expect(passes(step), step).toBe(1);
    expect(failures("freeze")).toBe(1);
    expect(failures("emails")).toBe(0);
    // Put right, the next pass freezes it.
    await prisma.campaign.update({ where: { id: broken.id }, data: { entryCount: 0 } });
    expect((await runJobsOnce()).errors).toEqual([]);
  });

  it("answers /readyz 200 while the bucket answers, and 503 naming storage once it does not", async () => {
    s3 = await startFakeS3();
    Object.assign(process.env, s3.env);
    try {
      await server.resetConfig();
      const ready = await send(server.url, "/readyz");
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.body)).toEqual({ status: "ok", workers: "ok", database: "ok", migrations: "ok", storage: "ok" });

      await s3.close();
      s3 = undefined;
      const unready = await send(server.url, "/readyz");
      expect(unready.status).toBe(503);
      expect(unready.headers["cache-control"]).toBe("no-store");
      expect(JSON.parse(unready.body)).toEqual({
        status: "error",
        workers: "ok",
        database: "ok",
        migrations: "ok",
        storage: "unreachable",
      });
    } finally {
      for (const name of ["S3_BUCKET", "S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) delete process.env[name];
      await server.resetConfig();
    }
    expect((await send(server.url, "/readyz")).status).toBe(200);
  });
});

describe("two worker processes", () => {
  let server: SpawnedServer;

  beforeAll(async () => {
    server = await spawnAppServer(await freePort(), { WEB_CONCURRENCY: "2", METRICS_TOKEN: TOKEN, DEMO_DATA: "false" });
    // The second worker starts once the first listens; each scrape below must reach both.
    const deadline = Date.now() + 60_000;
    while (!server.output().includes("2 workers listening")) {
      if (Date.now() > deadline) throw new Error(`the second worker did not start:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Ready once the primary has told them that both listen (decision 109's readiness).
    while ((await send(server.url, "/readyz")).status !== 200) {
      if (Date.now() > deadline) throw new Error(`not ready:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("serves every listed series, both workers' summed, with the token only", async () => {
    expect((await send(server.url, "/metrics")).status).toBe(401);
    const text = await scrape(server.url);
    expect(value(text, "giveawear_processes")).toBe(2);
    for (const name of [
      "giveawear_http_request_duration_seconds",
      "giveawear_entries_accepted_total",
      "giveawear_entries_refused_total",
      "giveawear_emails_sent_total",
      "giveawear_emails_failed_total",
      "giveawear_webhook_deliveries_total",
      "giveawear_outbox_pending",
      "giveawear_outbox_oldest_pending_age_seconds",
      "giveawear_draws_waiting_for_beacon",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
    }
    // The database's series are read once per scrape, not summed over the workers.
    expect(text.match(/^# TYPE giveawear_outbox_pending /gm)).toHaveLength(1);
  });

  it("counts entries accepted and refused, and requests by route, across both workers", async () => {
    const campaign = await createCampaign();
    const before = await scrape(server.url);
    const accepted = value(before, "giveawear_entries_accepted_total");
    const refused = (reason: string, text: string) => value(text, "giveawear_entries_refused_total", { reason });
    const requests = (text: string, labels: Record<string, string>) => value(text, "giveawear_http_request_duration_seconds_count", labels);

    // Three new entries (the entry lane answers them), each on its own connection: the workers take turns.
    for (const email of ["first@example.com", "second@example.com", "third@example.com"]) {
      const answer = await postEntry(server.url, campaign.id, { email, agreedToTerms: "on" });
      expect(answer.status).toBe(303);
    }
    // Refused: a throwaway inbox and a form without the terms (handed by the lane to the page's
    // action, counted once), and a repeat.
    expect((await postEntry(server.url, campaign.id, { email: "someone@mailinator.com", agreedToTerms: "on" })).status).toBe(400);
    expect((await postEntry(server.url, campaign.id, { email: "no.terms@example.com" })).status).toBe(400);
    expect((await postEntry(server.url, campaign.id, { email: "first@example.com", agreedToTerms: "on" })).status).toBe(303);
    // The anonymous campaign page, from the page cache.
    expect((await send(server.url, `/campaign/${campaign.id}`)).status).toBe(200);

    // Two scrapes on two connections, so two different workers answer: both hold the sums.
    const after = [await scrape(server.url), await scrape(server.url)];
    for (const text of after) {
      expect(value(text, "giveawear_entries_accepted_total") - accepted).toBe(3);
      expect(refused("disposable-email", text) - refused("disposable-email", before)).toBe(1);
      expect(refused("invalid", text) - refused("invalid", before)).toBe(1);
      expect(refused("already-entered", text) - refused("already-entered", before)).toBe(1);
      expect(refused("honeypot", text) - refused("honeypot", before)).toBe(0);
      expect(
        requests(text, { route: "entry-lane", method: "POST", status: "303" }) -
          requests(before, { route: "entry-lane", method: "POST", status: "303" }),
      ).toBe(3);
      expect(
        requests(text, { route: "/campaign/:campaignId", method: "POST", status: "400" }) -
          requests(before, { route: "/campaign/:campaignId", method: "POST", status: "400" }),
      ).toBe(2);
      expect(requests(text, { route: "page-cache", method: "GET", status: "200" })).toBeGreaterThanOrEqual(1);
      expect(requests(text, { route: "metrics", method: "GET", status: "200" })).toBeGreaterThanOrEqual(1);
    }

    // The outbox's backlog is the database's: without SMTP every confirm-link email waits there.
    const backlog = await prisma.outboundEmail.findMany({ where: { status: "pending" }, select: { createdAt: true } });
    expect(backlog.length).toBeGreaterThanOrEqual(3);
    expect(value(after[1]!, "giveawear_outbox_pending")).toBe(backlog.length);
    expect(value(after[1]!, "giveawear_outbox_oldest_pending_age_seconds")).toBeGreaterThan(0);
  });

  it("counts an ended campaign whose list is frozen as a draw waiting for its beacon", async () => {
    const before = value(await scrape(server.url), "giveawear_draws_waiting_for_beacon");
    const ended = await createCampaign({ startDate: new Date(Date.now() - 8 * DAY), endDate: new Date(Date.now() - DAY) });
    expect((await freezeEntryList(ended.id)).kind).toBe("frozen");
    expect(value(await scrape(server.url), "giveawear_draws_waiting_for_beacon")).toBe(before + 1);
  });

  it("answers /readyz 503 naming the migrations while one is marked rolled back, 200 again once it is not", async () => {
    const ready = await send(server.url, "/readyz");
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: "ok", workers: "ok", database: "ok", migrations: "ok", storage: "ok" });

    const [latest] = await prisma.$queryRawUnsafe<{ migration_name: string }[]>(
      "SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1",
    );
    // What `prisma migrate resolve --rolled-back` records: the migration is no longer applied.
    const name = latest!.migration_name;
    await prisma.$executeRaw`UPDATE _prisma_migrations SET rolled_back_at = CURRENT_TIMESTAMP WHERE migration_name = ${name}`;
    try {
      for (const answer of [await send(server.url, "/readyz"), await send(server.url, "/readyz")]) {
        expect(answer.status).toBe(503);
        expect(JSON.parse(answer.body)).toEqual({ status: "error", workers: "ok", database: "ok", migrations: "pending", storage: "ok" });
      }
    } finally {
      await prisma.$executeRaw`UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE migration_name = ${name}`;
    }
    expect((await send(server.url, "/readyz")).status).toBe(200);
  });
});
