/**
 * Signed outgoing webhooks (decision 055), against a real receiver on 127.0.0.1: the creator's page
 * (add, secret once, test event, redeliver, roll, disable, delete, other accounts' endpoints), the
 * address rules at save time and at delivery (DNS rebinding), events queued in the transaction of the
 * change they report, signatures, retries with backoff, timeouts, the answer-size limit, redirects,
 * and erasure.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_MESSAGES } from "~/domain/webhooks";
import { action, loader } from "~/routes/dashboard.integrations.webhooks";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { submitEntry } from "~/server/entries/submit.server";
import { confirmEntry } from "~/server/entries/confirm.server";
import { setWebhookResolver, systemResolver } from "~/server/integrations/webhook-http.server";
import {
  createEndpoint,
  deliverDueWebhooks,
  deliverWebhookNow,
  eraseEntrantsFromWebhooks,
  sendTestEvent,
} from "~/server/integrations/webhooks.server";
import { runJobsOnce } from "~/server/jobs/run.server";
import { type ReceivedWebhook, type WebhookReceiver, startWebhookReceiver } from "../fakes/webhook-receiver";
import { createCampaign } from "../helpers/campaigns";
import { type CookieJar, ORIGIN, bodyOf, get, location, run, statusOf } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const PAGE = "/dashboard/integrations/webhooks";
const MINUTE = 60_000;

let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receiver listens on 127.0.0.1: the documented escape for tests and internal receivers.
  process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1";
  resetConfigForTests();
});

afterAll(async () => {
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_HOSTS;
  resetConfigForTests();
});

afterEach(() => {
  setWebhookResolver(systemResolver);
  receiver.answer({ kind: "status", status: 200 });
});

/** A POST of the page's form fields (repeated names allowed, like checkboxes). */
function postFields(jar: CookieJar, fields: [string, string][]): Request {
  return new Request(new URL(PAGE, ORIGIN), {
    method: "POST",
    headers: { Cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

async function newAccount(prefix = "brand") {
  return signedInJar(prefix);
}

/** An endpoint on the receiver, made as the page makes it; the receiver learns its secret. */
async function endpointFor(userId: string, events: Parameters<typeof createEndpoint>[1]["events"], path = `/hooks/${userId}`) {
  const created = await createEndpoint(userId, { url: receiver.url(path), events });
  if (created.kind !== "created") throw new Error(created.message);
  receiver.secrets.push(created.secret);
  return created;
}

const forEndpoint = (endpointId: string) => prisma.webhookDelivery.findMany({ where: { endpointId }, orderBy: { createdAt: "asc" } });
const requestsTo = (path: string) => receiver.requests.filter((request) => request.path === path);

describe("the creator's page", () => {
  it("adds an endpoint, shows its secret once, then only its last four characters", async () => {
    const { jar, userId } = await newAccount();
    const url = receiver.url(`/hooks/page-${userId}`);
    const answer = await run(
      action,
      postFields(jar, [
        ["intent", "create"],
        ["url", url],
        ["events", "entry.confirmed"],
        ["events", "winner.drawn"],
      ]),
    );
    expect(statusOf(answer)).toBe(201);
    const { secret } = bodyOf<{ secret: { secret: string; url: string } }>(answer);
    expect(secret.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(secret.url).toBe(url);

    const stored = await prisma.webhookEndpoint.findFirstOrThrow({ where: { userId } });
    expect(stored.events).toBe("entry.confirmed,winner.drawn");
    expect(stored.secretSealed).not.toContain(secret.secret.slice(6));
    expect(stored.secretHint).toBe(secret.secret.slice(-4));

    const page = bodyOf<{ endpoints: { secret: string; url: string }[] }>(await run(loader, get(jar, PAGE)));
    expect(page.endpoints).toHaveLength(1);
    expect(page.endpoints[0]?.secret).toBe(`whsec_…${secret.secret.slice(-4)}`);
    expect(JSON.stringify(page)).not.toContain(secret.secret);
  });

  it("refuses bad addresses with the reason, and writes nothing", async () => {
    const { jar, userId } = await newAccount();
    setWebhookResolver(async (host) => {
      if (host === "intranet.example") return [{ address: "192.168.1.10", family: 4 }];
      if (host === "split.example")
        return [
          { address: "93.184.216.34", family: 4 },
          { address: "::1", family: 6 },
        ];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    });
    const cases: [string, string][] = [
      ["not a url", WEBHOOK_MESSAGES.notUrl],
      ["ftp://example.com/hook", WEBHOOK_MESSAGES.scheme("ftp")],
      ["https://user:secret@example.com/hook", WEBHOOK_MESSAGES.credentials],
      ["https://10.1.2.3/hook", WEBHOOK_MESSAGES.privateHost("10.1.2.3", "private")],
      ["http://localhost:4000/hook", WEBHOOK_MESSAGES.privateHost("localhost", "loopback")],
      ["https://[fd00::1]/hook", WEBHOOK_MESSAGES.privateHost("[fd00::1]", "unique-local")],
      [
        "https://intranet.example/hook",
        "intranet.example resolves to 192.168.1.10, a private address: webhooks are only sent to public internet addresses.",
      ],
      [
        "https://split.example/hook",
        "split.example resolves to ::1, a loopback address: webhooks are only sent to public internet addresses.",
      ],
      ["https://nowhere.example/hook", WEBHOOK_MESSAGES.unresolvable("nowhere.example")],
    ];
    for (const [url, message] of cases) {
      const answer = await run(
        action,
        postFields(jar, [
          ["intent", "create"],
          ["url", url],
          ["events", "entry.confirmed"],
        ]),
      );
      expect(statusOf(answer), url).toBe(400);
      const { result } = bodyOf<{ result: { error: Record<string, string[]> } }>(answer);
      expect(result.error.url, url).toEqual([message]);
    }
    const noEvents = await run(
      action,
      postFields(jar, [
        ["intent", "create"],
        ["url", "https://example.com/hook"],
      ]),
    );
    expect(statusOf(noEvents)).toBe(400);
    expect(bodyOf<{ result: { error: Record<string, string[]> } }>(noEvents).result.error.events).toEqual([
      WEBHOOK_MESSAGES.eventsRequired,
    ]);
    expect(await prisma.webhookEndpoint.count({ where: { userId } })).toBe(0);
  });

  it("in production, asks for https (unless WEBHOOK_ALLOW_HOSTS names the host) and says when ENCRYPTION_KEY is missing", async () => {
    const { jar, userId } = await newAccount();
    const saved = { NODE_ENV: process.env.NODE_ENV, ENCRYPTION_KEY: process.env.ENCRYPTION_KEY };
    process.env.NODE_ENV = "production";
    process.env.ENCRYPTION_KEY = "c".repeat(64);
    resetConfigForTests();
    setWebhookResolver(async () => [{ address: "93.184.216.34", family: 4 }]);
    try {
      const http = await run(
        action,
        postFields(jar, [
          ["intent", "create"],
          ["url", "http://example.com/hook"],
          ["events", "order.shipped"],
        ]),
      );
      expect(bodyOf<{ result: { error: Record<string, string[]> } }>(http).result.error.url).toEqual([WEBHOOK_MESSAGES.httpsOnly]);
      const listed = await run(
        action,
        postFields(jar, [
          ["intent", "create"],
          ["url", receiver.url("/prod")],
          ["events", "order.shipped"],
        ]),
      );
      expect(statusOf(listed)).toBe(201);

      delete process.env.ENCRYPTION_KEY;
      resetConfigForTests();
      const page = bodyOf<{ secretsAvailable: boolean }>(await run(loader, get(jar, PAGE)));
      expect(page.secretsAvailable).toBe(false);
      const refused = await run(
        action,
        postFields(jar, [
          ["intent", "create"],
          ["url", "https://example.com/hook"],
          ["events", "order.shipped"],
        ]),
      );
      expect(statusOf(refused)).toBe(503);
      expect(bodyOf<{ result: { error: Record<string, string[]> } }>(refused).result.error[""]).toEqual([
        WEBHOOK_MESSAGES.secretsUnavailable,
      ]);
      // The endpoint added before cannot sign without the key: the attempt fails with the reason, and is retried.
      const [listedEndpoint] = await prisma.webhookEndpoint.findMany({ where: { userId } });
      const unsigned = await sendTestEvent(userId, listedEndpoint!.id);
      expect(unsigned.kind === "sent" && unsigned.delivery).toMatchObject({
        status: "pending",
        attempts: 1,
        lastError: "The signing secret cannot be opened: ENCRYPTION_KEY is not set, or is not the key it was stored with.",
      });
      expect(requestsTo("/prod")).toHaveLength(0);
    } finally {
      process.env.NODE_ENV = saved.NODE_ENV;
      if (saved.ENCRYPTION_KEY === undefined) delete process.env.ENCRYPTION_KEY;
      else process.env.ENCRYPTION_KEY = saved.ENCRYPTION_KEY;
      resetConfigForTests();
    }
    expect(await prisma.webhookEndpoint.count({ where: { userId } })).toBe(1);
  });

  it("sends a test event, signed, and logs it", async () => {
    const { jar, userId } = await newAccount();
    const endpoint = await endpointFor(userId, ["campaign.launched"]);
    const answer = await run(
      action,
      postFields(jar, [
        ["intent", "test"],
        ["endpointId", endpoint.endpointId],
      ]),
    );
    expect(statusOf(answer)).toBe(303);
    expect(location(answer)).toBe(PAGE);
    const [request] = requestsTo(`/hooks/${userId}`);
    expect(request?.validSignature).toBe(true);
    expect(request?.event?.type).toBe("webhook.test");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["user-agent"]).toBe("Giveawear-Webhooks/1");
    expect(request?.headers["giveawear-event-id"]).toBe(request?.event?.id);
    expect(request?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const page = bodyOf<{ endpoints: { deliveries: { eventType: string; statusLabel: string; response: string; attempts: number }[] }[] }>(
      await run(loader, get(jar, PAGE)),
    );
    expect(page.endpoints[0]?.deliveries[0]).toMatchObject({
      eventType: "webhook.test",
      statusLabel: "Delivered",
      response: "200",
      attempts: 1,
    });
  });

  it("redelivers the same event (same id and body) as a new delivery, once at a time", async () => {
    const { jar, userId } = await newAccount();
    const endpoint = await endpointFor(userId, ["entry.confirmed"]);
    receiver.next({ kind: "status", status: 500 });
    const sent = await sendTestEvent(userId, endpoint.endpointId);
    expect(sent.kind === "sent" && sent.delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    const [original] = await forEndpoint(endpoint.endpointId);

    // While the first delivery still waits for its retry, a redelivery goes out now.
    const again = await run(
      action,
      postFields(jar, [
        ["intent", "redeliver"],
        ["deliveryId", original!.id],
      ]),
    );
    expect(statusOf(again)).toBe(409);
    expect(bodyOf<{ error: string }>(again).error).toBe(WEBHOOK_MESSAGES.redeliverBusy);

    // Once it has failed for good, "Redeliver" sends it again.
    await prisma.webhookDelivery.update({ where: { id: original!.id }, data: { status: "failed", openKey: null } });
    const redelivered = await run(
      action,
      postFields(jar, [
        ["intent", "redeliver"],
        ["deliveryId", original!.id],
      ]),
    );
    expect(statusOf(redelivered)).toBe(303);
    const rows = await forEndpoint(endpoint.endpointId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      eventId: original!.eventId,
      payload: original!.payload,
      redeliveryOf: original!.id,
      status: "delivered",
    });
    const requests = requestsTo(`/hooks/${userId}`);
    expect(requests.map((request) => request.eventId)).toEqual([original!.eventId, original!.eventId]);
    expect(requests.map((request) => request.body)).toEqual([original!.payload, original!.payload]);
    expect(requests.every((request) => request.validSignature)).toBe(true);
  });

  it("rolls the secret: both secrets sign for a day, the page shows the new one's end", async () => {
    const { jar, userId } = await newAccount();
    const endpoint = await endpointFor(userId, ["entry.confirmed"]);
    const rolled = await run(
      action,
      postFields(jar, [
        ["intent", "roll"],
        ["endpointId", endpoint.endpointId],
      ]),
    );
    expect(statusOf(rolled)).toBe(200);
    const { secret } = bodyOf<{ secret: { secret: string; rolled: boolean } }>(rolled);
    expect(secret.rolled).toBe(true);
    expect(secret.secret).not.toBe(endpoint.secret);
    receiver.secrets.push(secret.secret);
    await sendTestEvent(userId, endpoint.endpointId);
    const [request] = requestsTo(`/hooks/${userId}`);
    const signatures = request!.signature!.split(",").filter((part) => part.startsWith("v1="));
    expect(signatures).toHaveLength(2);
    const { createHmac } = await import("node:crypto");
    const t = /t=(\d+)/.exec(request!.signature!)![1];
    const sign = (key: string) => `v1=${createHmac("sha256", key).update(`${t}.${request!.body}`).digest("hex")}`;
    expect(signatures).toEqual([sign(secret.secret), sign(endpoint.secret)]);
  });

  it("disabling cancels what waits and sends nothing more; deleting removes the endpoint and its log", async () => {
    const { jar, userId } = await newAccount();
    const endpoint = await endpointFor(userId, ["entry.confirmed"]);
    receiver.next({ kind: "status", status: 503 });
    await sendTestEvent(userId, endpoint.endpointId);
    expect(
      statusOf(
        await run(
          action,
          postFields(jar, [
            ["intent", "disable"],
            ["endpointId", endpoint.endpointId],
          ]),
        ),
      ),
    ).toBe(303);
    const [waiting] = await forEndpoint(endpoint.endpointId);
    expect(waiting).toMatchObject({ status: "cancelled", openKey: null, lastError: "Cancelled: the endpoint was disabled." });
    const test = await run(
      action,
      postFields(jar, [
        ["intent", "test"],
        ["endpointId", endpoint.endpointId],
      ]),
    );
    expect(statusOf(test)).toBe(409);
    expect(requestsTo(`/hooks/${userId}`)).toHaveLength(1);

    expect(
      statusOf(
        await run(
          action,
          postFields(jar, [
            ["intent", "delete"],
            ["endpointId", endpoint.endpointId],
          ]),
        ),
      ),
    ).toBe(303);
    expect(await prisma.webhookEndpoint.count({ where: { id: endpoint.endpointId } })).toBe(0);
    expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.endpointId } })).toBe(0);
  });

  it("another account's endpoint or delivery is a 404, and nothing changes", async () => {
    const owner = await newAccount("owner");
    const other = await newAccount("other");
    const endpoint = await endpointFor(owner.userId, ["entry.confirmed"]);
    await sendTestEvent(owner.userId, endpoint.endpointId);
    const [delivery] = await forEndpoint(endpoint.endpointId);
    const before = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.endpointId } });
    const requestsBefore = receiver.requests.length;
    for (const fields of [
      [
        ["intent", "test"],
        ["endpointId", endpoint.endpointId],
      ],
      [
        ["intent", "roll"],
        ["endpointId", endpoint.endpointId],
      ],
      [
        ["intent", "disable"],
        ["endpointId", endpoint.endpointId],
      ],
      [
        ["intent", "delete"],
        ["endpointId", endpoint.endpointId],
      ],
      [
        ["intent", "redeliver"],
        ["deliveryId", delivery!.id],
      ],
    ] as [string, string][][]) {
      const answer = await run(action, postFields(other.jar, fields));
      expect(statusOf(answer), fields[0]![1]).toBe(404);
    }
    expect(await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.endpointId } })).toEqual(before);
    expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.endpointId } })).toBe(1);
    expect(receiver.requests.length).toBe(requestsBefore);
    const page = bodyOf<{ endpoints: unknown[] }>(await run(loader, get(other.jar, PAGE)));
    expect(page.endpoints).toEqual([]);
    // Signed out: sent to sign in, by loader and action alike.
    const { CookieJar } = await import("../helpers/http");
    const visitor = new CookieJar();
    expect(location(await run(loader, get(visitor, PAGE)))).toMatch(/^\/login\?/);
    expect(
      location(
        await run(
          action,
          postFields(visitor, [
            ["intent", "test"],
            ["endpointId", endpoint.endpointId],
          ]),
        ),
      ),
    ).toMatch(/^\/login\?/);
  });
});

describe("entry.confirmed", () => {
  async function enter(campaignId: string, email: string, marketingConsent: boolean) {
    const outcome = await submitEntry({ campaignId, email, agreedToTerms: "on", marketingConsent, origin: ORIGIN } as never);
    if (outcome.kind !== "entered") throw new Error(outcome.kind);
    return outcome.entryId;
  }

  it("is queued with the confirmation and delivered signed; the email only with marketing consent", async () => {
    const { userId } = await newAccount();
    const endpoint = await endpointFor(userId, ["entry.confirmed"]);
    const campaign = await createCampaign({ creatorId: userId });
    const consenting = await enter(campaign.id, "yes-please@example.com", true);
    const declining = await enter(campaign.id, "no-thanks@example.com", false);
    // A pending entry tells the brand nothing yet.
    expect(await forEndpoint(endpoint.endpointId)).toEqual([]);

    expect((await confirmEntry(consenting, ORIGIN)).kind).toBe("confirmed");
    expect((await confirmEntry(declining, ORIGIN)).kind).toBe("confirmed");
    const requests = await receiver.waitForRequests(2, (request) => request.path === `/hooks/${userId}`);
    await expect.poll(async () => (await forEndpoint(endpoint.endpointId)).map((row) => row.status)).toEqual(["delivered", "delivered"]);

    const byEntry = new Map(requests.map((request) => [request.event?.data.id, request]));
    const yes = byEntry.get(consenting)!;
    expect(yes.validSignature).toBe(true);
    expect(yes.event?.type).toBe("entry.confirmed");
    expect(yes.event?.data).toMatchObject({
      object: "entry",
      id: consenting,
      campaign_id: campaign.id,
      email: "yes-please@example.com",
      marketing_consent: { given: true },
      bonus_entries: 0,
    });
    const no = byEntry.get(declining)!;
    expect(no.event?.data).toMatchObject({
      id: declining,
      email: null,
      marketing_consent: { given: false, at: null, wording_version: null },
    });
    expect(no.body).not.toContain("no-thanks@example.com");
    const rows = await forEndpoint(endpoint.endpointId);
    expect(new Set(rows.map((row) => row.entryId))).toEqual(new Set([consenting, declining]));
  });

  it("queues nothing for an owner without a subscribed endpoint, and nothing when the confirmation is refused", async () => {
    const { userId } = await newAccount();
    const endpoint = await endpointFor(userId, ["winner.drawn"]);
    const campaign = await createCampaign({ creatorId: userId });
    const entry = await enter(campaign.id, "fan@example.com", true);
    await confirmEntry(entry, ORIGIN);
    expect(await forEndpoint(endpoint.endpointId)).toEqual([]);

    await prisma.webhookEndpoint.update({ where: { id: endpoint.endpointId }, data: { events: "entry.confirmed" } });
    const late = await enter(campaign.id, "late@example.com", true);
    // The campaign ends before the entrant confirms: the confirmation rolls back, and so does its event.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { endDate: new Date(Date.now() - 1000) } });
    expect((await confirmEntry(late, ORIGIN)).kind).toBe("ended");
    expect(await forEndpoint(endpoint.endpointId)).toEqual([]);
  });
});

describe("delivery", () => {
  async function queuedTest(answer: Parameters<WebhookReceiver["next"]>[0]) {
    const { userId } = await newAccount();
    const endpoint = await endpointFor(userId, ["entry.confirmed"]);
    receiver.next(answer);
    const sent = await sendTestEvent(userId, endpoint.endpointId);
    if (sent.kind !== "sent") throw new Error(sent.kind);
    return { userId, endpoint, delivery: sent.delivery };
  }

  it("retries after a 500 with backoff, with the same event id, until delivered; gives up after the last attempt", async () => {
    const { userId, delivery } = await queuedTest({ kind: "status", status: 500 });
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastError: "The endpoint answered 500." });
    const firstRetry = delivery.nextAttemptAt.getTime() - delivery.lastAttemptAt!.getTime();
    expect(firstRetry).toBeGreaterThanOrEqual(MINUTE);
    expect(firstRetry).toBeLessThan(MINUTE + 5_000);

    // Not due yet: the job leaves it alone.
    await deliverDueWebhooks(new Date(delivery.lastAttemptAt!.getTime() + 30_000));
    expect(requestsTo(`/hooks/${userId}`)).toHaveLength(1);
    // Due: the job (one pass of all jobs) delivers it.
    receiver.next({ kind: "status", status: 500 });
    await runJobsOnce(new Date(delivery.nextAttemptAt.getTime() + 1000));
    const second = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(second).toMatchObject({ status: "pending", attempts: 2 });
    expect(second.nextAttemptAt.getTime() - second.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(5 * MINUTE);
    const summary = await runJobsOnce(new Date(second.nextAttemptAt.getTime() + 1000));
    expect(summary.webhooks?.delivered).toBeGreaterThanOrEqual(1);
    const done = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(done).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null, openKey: null });
    const requests = requestsTo(`/hooks/${userId}`);
    expect(new Set(requests.map((request) => request.eventId))).toEqual(new Set([delivery.eventId]));
    expect(requests.every((request) => request.validSignature)).toBe(true);

    // An endpoint that never answers 2xx: failed for good after the last attempt.
    const failing = await queuedTest({ kind: "status", status: 502 });
    receiver.answer({ kind: "status", status: 502 });
    let row = failing.delivery;
    while (row.status === "pending") {
      await deliverDueWebhooks(new Date(row.nextAttemptAt.getTime() + 1000));
      row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: row.id } });
    }
    expect(row).toMatchObject({ status: "failed", attempts: WEBHOOK_MAX_ATTEMPTS, openKey: null, lastStatusCode: 502 });
    expect(requestsTo(`/hooks/${failing.userId}`)).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
  });

  it("gives up on an answer that takes longer than the timeout", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "1000";
    resetConfigForTests();
    try {
      const { delivery } = await queuedTest({ kind: "slow", ms: 4000 });
      expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null, lastError: "No answer within 1 s." });
      expect(delivery.lastDurationMs).toBeGreaterThanOrEqual(1000);
      expect(delivery.lastDurationMs).toBeLessThan(2500);
    } finally {
      delete process.env.WEBHOOK_TIMEOUT_MS;
      resetConfigForTests();
    }
  });

  it("reads at most 64 KB of the answer, then hangs up (the status decides)", async () => {
    const started = Date.now();
    const { userId, delivery } = await queuedTest({ kind: "large", bytes: 50 * 1024 * 1024 });
    expect(delivery).toMatchObject({ status: "delivered", lastStatusCode: 200 });
    expect(Date.now() - started).toBeLessThan(5000);
    const [request] = requestsTo(`/hooks/${userId}`);
    await expect.poll(() => request?.senderHungUp).toBe(true);
  });

  it("does not follow redirects", async () => {
    const { userId, delivery } = await queuedTest({ kind: "redirect", status: 307, location: receiver.url("/elsewhere") });
    expect(delivery).toMatchObject({ status: "pending", lastStatusCode: 307 });
    expect(delivery.lastError).toContain("redirects are not followed");
    expect(requestsTo(`/hooks/${userId}`)).toHaveLength(1);
    expect(requestsTo("/elsewhere")).toHaveLength(0);
  });

  it("refuses at delivery a host that now resolves to a private address (DNS rebinding), though it was public when saved", async () => {
    const { userId } = await newAccount();
    let answer = "93.184.216.34";
    setWebhookResolver(async () => [{ address: answer, family: 4 }]);
    const port = new URL(receiver.origin).port;
    const created = await createEndpoint(userId, { url: `http://rebind.example:${port}/rebound`, events: ["entry.confirmed"] });
    expect(created.kind).toBe("created");
    answer = "127.0.0.1";
    const sent = await sendTestEvent(userId, created.kind === "created" ? created.endpointId : "");
    expect(sent.kind === "sent" && sent.delivery).toMatchObject({
      status: "pending",
      lastStatusCode: null,
      lastError: "Refused: rebind.example resolves to 127.0.0.1, a loopback address: webhooks are only sent to public internet addresses.",
    });
    expect(requestsTo("/rebound")).toHaveLength(0);
  });

  it("connects to exactly the address it checked, keeping the host name in the Host header", async () => {
    const { userId } = await newAccount();
    process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1,pinned.example";
    resetConfigForTests();
    try {
      const asked: string[] = [];
      setWebhookResolver(async (host) => {
        asked.push(host);
        return [{ address: "127.0.0.1", family: 4 }];
      });
      const port = new URL(receiver.origin).port;
      const created = await createEndpoint(userId, { url: `http://pinned.example:${port}/pinned`, events: ["entry.confirmed"] });
      if (created.kind !== "created") throw new Error(created.message);
      receiver.secrets.push(created.secret);
      const sent = await sendTestEvent(userId, created.endpointId);
      expect(sent.kind === "sent" && sent.delivery.status).toBe("delivered");
      const [request] = requestsTo("/pinned");
      expect(request?.headers.host).toBe(`pinned.example:${port}`);
      expect(request?.validSignature).toBe(true);
      expect(asked).toEqual(["pinned.example"]);
    } finally {
      process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1";
      resetConfigForTests();
    }
  });

  it("two senders at once deliver a delivery once (the claim is one conditional update)", async () => {
    const { userId } = await newAccount();
    const endpoint = await endpointFor(userId, ["entry.confirmed"]);
    receiver.next({ kind: "status", status: 500 });
    const sent = await sendTestEvent(userId, endpoint.endpointId);
    if (sent.kind !== "sent") throw new Error(sent.kind);
    const due = new Date(sent.delivery.nextAttemptAt.getTime() + 1000);
    await Promise.all([deliverDueWebhooks(due), deliverDueWebhooks(due), deliverWebhookNow(sent.delivery.id, due)]);
    expect(requestsTo(`/hooks/${userId}`)).toHaveLength(2);
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: sent.delivery.id } })).toMatchObject({
      status: "delivered",
      attempts: 2,
    });
  });
});

describe("erasure", () => {
  it("blanks the entrant's personal data in every stored delivery and cancels what was not sent", async () => {
    const { userId } = await newAccount();
    const endpoint = await endpointFor(userId, ["entry.confirmed"]);
    const other = await endpointFor(userId, ["entry.confirmed"], `/hooks/${userId}-down`);
    const campaign = await createCampaign({ creatorId: userId });
    const outcome = await submitEntry({
      campaignId: campaign.id,
      email: "erase-me@example.com",
      agreedToTerms: "on",
      marketingConsent: true,
      origin: ORIGIN,
    } as never);
    if (outcome.kind !== "entered") throw new Error(outcome.kind);
    // One endpoint answers, the other is down: one delivery is made, the other waits for its retry.
    receiver.next({ kind: "status", status: 200 }, { kind: "status", status: 500 });
    await confirmEntry(outcome.entryId, ORIGIN);
    const settled = async () => {
      const rows = await prisma.webhookDelivery.findMany({ where: { entryId: outcome.entryId } });
      return rows.map((row) => row.status).sort();
    };
    await expect.poll(settled).toEqual(["delivered", "pending"]);
    await expect
      .poll(async () =>
        (await prisma.webhookDelivery.findMany({ where: { entryId: outcome.entryId } })).every((row) => row.leaseUntil === null),
      )
      .toBe(true);
    const rows = await prisma.webhookDelivery.findMany({ where: { entryId: outcome.entryId } });
    expect(new Set(rows.map((row) => row.endpointId))).toEqual(new Set([endpoint.endpointId, other.endpointId]));
    const delivered = rows.find((row) => row.status === "delivered")!;
    const waiting = rows.find((row) => row.status === "pending")!;
    expect(delivered.payload).toContain("erase-me@example.com");

    await prisma.$transaction((tx) => eraseEntrantsFromWebhooks(tx, [outcome.entryId]));
    const after = await prisma.webhookDelivery.findMany({ where: { entryId: outcome.entryId } });
    expect(after.every((row) => !row.payload.includes("erase-me@example.com") && row.redactedAt !== null)).toBe(true);
    expect(JSON.parse(after.find((row) => row.id === delivered.id)!.payload).data).toMatchObject({
      email: null,
      erased: true,
      id: outcome.entryId,
    });
    expect(after.find((row) => row.id === delivered.id)).toMatchObject({ status: "delivered", lastStatusCode: delivered.lastStatusCode });
    expect(after.find((row) => row.id === waiting.id)).toMatchObject({
      status: "cancelled",
      openKey: null,
      lastError: "Cancelled: the entrant erased their data.",
    });
    // The job sends nothing more about this entrant, and "Redeliver" refuses.
    const sentBefore = receiver.requests.length;
    await deliverDueWebhooks(new Date(Date.now() + 24 * 60 * MINUTE));
    expect(receiver.requests.slice(sentBefore).some((request: ReceivedWebhook) => request.body.includes(outcome.entryId))).toBe(false);
  });
});
