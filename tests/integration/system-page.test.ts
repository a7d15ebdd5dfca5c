/**
 * The admin's System page (decision 085) over real HTTP, against a real SMTP server on 127.0.0.1:
 * a job pass whose emails the server refuses records the emails step's error and the failed
 * messages, the page shows both (recipients masked), Retry starts a message over and the next pass
 * delivers it once the server accepts; and the leases, the waiting campaigns, the webhook queue and
 * the disk's size as the page reports them.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JOB_STEPS, type JobStep } from "~/domain/system";
import { loadSystemPage } from "~/server/admin/system.server";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { ERASED_NOT_SENT, queueTemplatedEmail } from "~/server/email/outbox.server";
import { closeSmtpConnections } from "~/server/email/delivery.server";
import { createEndpoint } from "~/server/integrations/webhooks.server";
import { onJobStep, runJobsOnce } from "~/server/jobs/run.server";
import { forgetStorageMeasurement } from "~/server/storage/usage.server";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import type { CookieJar } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const PAGE = "/admin/dashboard/system";
const DAY = 24 * 60 * 60 * 1000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

let app: InProcessAppServer;
let admin: CookieJar;
let receiver: WebhookReceiver;
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;

beforeAll(async () => {
  // Refuses every message until a test says otherwise (550: the mailbox is unavailable).
  smtp = await startFakeSmtpServer({ failFirst: Infinity, failCode: 550 });
  process.env.SMTP_URL = smtp.url;
  receiver = await startWebhookReceiver();
  process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1";
  resetConfigForTests();
  app = await startAppServer();
  const signedIn = await signedInJar("system-admin");
  await prisma.user.update({ where: { id: signedIn.userId }, data: { role: "admin" } });
  admin = signedIn.jar;
});

afterEach(async () => {
  smtp.refuseNext(Infinity);
  // Each test starts with an empty outbox, so one test's failures never show in another's page.
  await prisma.outboundEmail.deleteMany();
});

afterAll(async () => {
  closeSmtpConnections();
  await app.close();
  await smtp.close();
  await receiver.close();
  delete process.env.SMTP_URL;
  delete process.env.WEBHOOK_ALLOW_HOSTS;
  resetConfigForTests();
});

async function send(jar: CookieJar | null, target: string, body?: Record<string, string>): Promise<Response> {
  const response = await fetch(`${app.url}${target}`, {
    method: body ? "POST" : "GET",
    redirect: "manual",
    headers: { Cookie: jar?.header() ?? "", "User-Agent": BROWSER },
    body: body ? new URLSearchParams(body) : undefined,
  });
  jar?.absorb(response);
  return response;
}

/** React separates adjacent text with empty comments; the text a reader sees has none. */
const visible = (html: string) => html.replace(/<!-- -->/g, "");

async function page(jar: CookieJar = admin) {
  const response = await send(jar, PAGE);
  return { status: response.status, html: visible(await response.text()) };
}

/** Posts as a browser without JavaScript does: the 303, then the page it leads to. */
async function submit(body: Record<string, string>) {
  const response = await send(admin, PAGE, body);
  if (response.status !== 303) return { status: response.status, html: visible(await response.text()) };
  const next = await send(admin, response.headers.get("Location") ?? "/");
  return { status: response.status, html: visible(await next.text()) };
}

const toastOf = (html: string) => html.match(/data-testid="toast"[\s\S]*?<\/div>/)?.[0] ?? "";

let seq = 0;
function queue(prefix: string) {
  seq += 1;
  const to = `${prefix}-${seq}-${Date.now()}@example.com`;
  return queueTemplatedEmail(prisma, { to, template: "contact_message", tokens: { email: to, message: "System page test" } });
}

const stored = (id: string) => prisma.outboundEmail.findUniqueOrThrow({ where: { id } });
const stepRow = (step: JobStep) => prisma.jobStepStatus.findUniqueOrThrow({ where: { step } });

describe("a job pass with a refusing SMTP server", () => {
  it("records the emails step's error and the failed message; Retry queues it and the next pass delivers it", async () => {
    const message = await queue("refused");
    const heard: [JobStep, boolean][] = [];
    const stop = onJobStep((step, seconds, failed) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      heard.push([step, failed]);
    });
    const before = new Date();
    await runJobsOnce();
    stop();

    // Every step was heard once, in order; the emails step failed.
    expect(heard.map(([step]) => step)).toEqual([...JOB_STEPS]);
    expect(heard.find(([step]) => step === "emails")).toEqual(["emails", true]);
    expect(await stored(message.id)).toMatchObject({ status: "failed", attempts: 1 });
    const emails = await stepRow("emails");
    expect(emails).toMatchObject({ lastOk: false, lastSuccessAt: null });
    expect(emails.lastError).toMatch(/^1 email was not delivered: .*550/);
    expect(emails.lastStartedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(emails.lastInstance).toMatch(/:\d+$/);
    // A step that went well has its success time and no error.
    expect(await stepRow("freeze")).toMatchObject({ lastOk: true, lastError: null });
    expect((await stepRow("freeze")).lastSuccessAt).not.toBeNull();

    // The server module reports both.
    const report = await loadSystemPage();
    expect(report.steps.find((step) => step.step === "emails")).toMatchObject({ lastOk: false, lastError: emails.lastError });
    expect(report.outbox).toMatchObject({ smtp: true, failed: 1, pending: 0 });
    const masked = `r***@example.com`;
    expect(report.outbox.recentFailed).toEqual([
      expect.objectContaining({
        id: message.id,
        to: masked,
        subject: message.subject,
        attempts: 1,
        lastError: expect.stringMatching(/550/),
      }),
    ]);

    // The page shows them, the address masked.
    const shown = await page();
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(emails.lastError!);
    expect(shown.html).toContain(masked);
    expect(shown.html).not.toContain(message.to);
    expect(shown.html).toContain(`Retry the email to ${masked}`);

    // Retry, as a browser without JavaScript sends it.
    const retried = await submit({ intent: "retry-email", emailId: message.id });
    expect(retried.status).toBe(303);
    expect(toastOf(retried.html)).toContain("Queued for Retry");
    expect(toastOf(retried.html)).toContain(`The email to ${masked} goes out with the next job pass.`);
    expect(await stored(message.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(smtp.received).toHaveLength(0);

    // The server accepts again: the next pass delivers it, and the emails step is well again.
    smtp.refuseNext(0);
    await runJobsOnce();
    expect(await stored(message.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(smtp.received.filter((mail) => mail.to.includes(message.to))).toHaveLength(1);
    const after = await stepRow("emails");
    expect(after).toMatchObject({ lastOk: true, lastError: emails.lastError });
    expect(after.lastSuccessAt!.getTime()).toBeGreaterThan(after.lastErrorAt!.getTime());
    expect((await loadSystemPage()).outbox.failed).toBe(0);
  });

  it("retries every failed email at once, but never one to an erased address; old ones too", async () => {
    const old = await queue("old");
    const recent = await queue("recent");
    // Failed for good long ago: the worker's two-day window counts from the retry (decision 085).
    await prisma.outboundEmail.update({
      where: { id: old.id },
      data: { status: "failed", attempts: 6, nextAttemptAt: null, lastError: "550 gone", createdAt: new Date(Date.now() - 9 * DAY) },
    });
    await prisma.outboundEmail.update({
      where: { id: recent.id },
      data: { status: "failed", attempts: 6, nextAttemptAt: null, lastError: "550 gone" },
    });
    const erased = await prisma.outboundEmail.create({
      data: { to: "erased:entry-1", subject: "(not sent)", html: "", status: "failed", lastError: ERASED_NOT_SENT },
    });
    expect((await loadSystemPage()).outbox.failed).toBe(2);

    const retried = await submit({ intent: "retry-all-emails" });
    expect(retried.status).toBe(303);
    expect(toastOf(retried.html)).toContain("2 failed emails go out with the next job pass.");
    expect(await stored(erased.id)).toMatchObject({ status: "failed", lastError: ERASED_NOT_SENT });
    expect((await page()).html).toContain("No failed emails.");

    smtp.refuseNext(0);
    await runJobsOnce();
    expect(await stored(old.id)).toMatchObject({ status: "sent" });
    expect(await stored(recent.id)).toMatchObject({ status: "sent" });
    expect(smtp.received.some((mail) => mail.to.includes("erased:entry-1"))).toBe(false);

    const nothing = await submit({ intent: "retry-all-emails" });
    expect(toastOf(nothing.html)).toContain("Nothing to Retry");
  });

  it("refuses unknown intents and emails that cannot be retried, with a clear message, changing nothing", async () => {
    const sent = await queue("sent");
    await prisma.outboundEmail.update({ where: { id: sent.id }, data: { status: "sent", sentAt: new Date() } });
    for (const [body, status, text] of [
      [{ intent: "reboot" }, 400, "The System page cannot do that"],
      [{}, 400, "The System page cannot do that"],
      [{ intent: "retry-email" }, 400, "Choose an email to retry."],
      [{ intent: "retry-email", emailId: "nope" }, 404, "That email does not exist."],
      [{ intent: "retry-email", emailId: sent.id }, 409, "Only a failed email can be retried; this one is not failed."],
      [{ intent: "retry-webhook" }, 400, "Choose a webhook delivery to retry."],
      [{ intent: "retry-webhook", deliveryId: "nope" }, 404, "That webhook delivery does not exist."],
    ] as const) {
      const answer = await submit(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(toastOf(answer.html), JSON.stringify(body)).toContain(text);
      expect(answer.html).toContain("Job steps");
    }
    expect(await stored(sent.id)).toMatchObject({ status: "sent" });
  });

  it("lets only admins see the page or retry anything", async () => {
    const message = await queue("guarded");
    await prisma.outboundEmail.update({ where: { id: message.id }, data: { status: "failed", attempts: 6, lastError: "550" } });
    const { jar: user } = await signedInJar("not-admin");
    for (const [who, jar, expected] of [
      ["visitor", null, /^\/login\?redirectTo=/],
      ["user", user, /^\/my-campaigns$/],
    ] as const) {
      const shown = await send(jar, PAGE);
      expect(shown.status, who).toBe(302);
      expect(shown.headers.get("Location"), who).toMatch(expected);
      const bodies: Record<string, string>[] = [{ intent: "retry-email", emailId: message.id }, { intent: "retry-all-emails" }];
      for (const body of bodies) {
        const posted = await send(jar, PAGE, body);
        expect(posted.status, `${who} ${body.intent}`).toBe(302);
        expect(posted.headers.get("Location")).toMatch(expected);
      }
    }
    expect(await stored(message.id)).toMatchObject({ status: "failed", attempts: 6 });
  });
});

describe("what else the page reports", () => {
  it("counts leases held and stuck", async () => {
    const now = new Date();
    const stuck = await createCampaign({ reminderLeaseUntil: new Date(now.getTime() - 10 * 60_000) });
    const held = await createCampaign({ reminderLeaseUntil: new Date(now.getTime() + 60_000) });
    // Ran out a moment ago: a pass may take it back at any time, so not stuck yet.
    const justOut = await createCampaign({ reminderLeaseUntil: new Date(now.getTime() - 5_000) });
    const sending = await queue("sending");
    await prisma.outboundEmail.update({
      where: { id: sending.id },
      data: { status: "sending", nextAttemptAt: new Date(now.getTime() - 3_600_000) },
    });

    const { leases } = await loadSystemPage(now);
    expect(leases.find((lease) => lease.key === "reminders")).toMatchObject({
      held: 1,
      stuck: 1,
      oldestStuck: [{ id: stuck.id, expiredAt: new Date(now.getTime() - 10 * 60_000).toISOString() }],
    });
    expect(leases.find((lease) => lease.key === "emails")).toMatchObject({ held: 0, stuck: 1, oldestStuck: [{ id: sending.id }] });
    const shown = (await page()).html;
    expect(shown).toMatch(/data-lease="reminders"[\s\S]*?ran out 10 min ago/);
    await prisma.campaign.deleteMany({ where: { id: { in: [stuck.id, held.id, justOut.id] } } });
  });

  it("lists campaigns waiting to be frozen and for their beacon, with how long", async () => {
    const now = new Date();
    const ended = await createCampaign({ title: "Ended, not frozen", endDate: new Date(now.getTime() - 3 * 60 * 60_000) });
    const frozen = await createCampaign({ title: "Frozen, no draw", endDate: new Date(now.getTime() - 2 * 60 * 60_000) });
    await prisma.entryList.create({
      data: {
        campaignId: frozen.id,
        frozenAt: new Date(now.getTime() - 90 * 60_000),
        sha256: "0".repeat(64),
        byteLength: 0,
        entryCount: 0,
        totalWeight: 0n,
        disqualifiedCount: 0,
        beaconRound: 12,
        beaconChain: "no-such-chain",
      },
    });
    const { campaigns } = await loadSystemPage(now);
    expect(campaigns.toFreeze.campaigns).toContainEqual(
      expect.objectContaining({ id: ended.id, waitingSince: ended.endDate!.toISOString() }),
    );
    expect(campaigns.forBeacon.campaigns).toContainEqual(
      expect.objectContaining({
        id: frozen.id,
        beaconRound: 12,
        beaconRoundAt: null,
        waitingSince: new Date(now.getTime() - 90 * 60_000).toISOString(),
      }),
    );
    const shown = (await page()).html;
    expect(shown).toMatch(/Ended, not frozen[\s\S]*?>3 h</);
    expect(shown).toMatch(/Frozen, no draw[\s\S]*?>1 h 30 min<[\s\S]*?unknown chain/);
    await prisma.campaign.deleteMany({ where: { id: { in: [ended.id, frozen.id] } } });
  });

  it("retries a failed webhook delivery with the next pass, as the brand's Redeliver does", async () => {
    const { userId } = await signedInJar("system-brand");
    const created = await createEndpoint(userId, { url: receiver.url("/system-hooks"), events: ["entry.confirmed"] });
    if (created.kind !== "created") throw new Error(created.message);
    receiver.secrets.push(created.secret);
    const failed = await prisma.webhookDelivery.create({
      data: {
        id: `whd_system_${Date.now()}`,
        endpointId: created.endpointId,
        eventId: "evt_system_page",
        eventType: "entry.confirmed",
        payload: JSON.stringify({ id: "evt_system_page", type: "entry.confirmed", created: 1, data: {} }),
        status: "failed",
        attempts: 8,
        nextAttemptAt: new Date(),
        lastStatusCode: 500,
        lastError: "The endpoint answered 500.",
        lastAttemptAt: new Date(),
      },
    });
    const before = await page();
    expect(before.html).toContain(`Retry the entry.confirmed event to ${new URL(receiver.url()).host}`);

    const retried = await submit({ intent: "retry-webhook", deliveryId: failed.id });
    expect(retried.status).toBe(303);
    expect(toastOf(retried.html)).toContain("The entry.confirmed event is sent again with the next job pass.");
    expect(retried.html).toContain("Queued again");
    const again = await submit({ intent: "retry-webhook", deliveryId: failed.id });
    expect(again.status).toBe(409);
    expect(toastOf(again.html)).toContain("already waiting");

    await runJobsOnce();
    const delivered = receiver.requests.filter((request) => request.path === "/system-hooks");
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ eventId: "evt_system_page", validSignature: true });
    expect((await page()).html).toContain("Redelivered");
  });

  it("measures the data directory on disk", async () => {
    const dataDir = process.env.DATA_DIR!;
    await mkdir(path.join(dataDir, "uploads", "logo"), { recursive: true });
    await writeFile(path.join(dataDir, "uploads", "logo", "system-test.png"), Buffer.alloc(3000));
    forgetStorageMeasurement();
    const { storage } = await loadSystemPage();
    if (storage.kind !== "disk") throw new Error("expected the disk store");
    expect(storage.root).toBe(path.resolve(dataDir));
    expect(storage.folders.find((folder) => folder.name === "uploads/")?.bytes).toBeGreaterThanOrEqual(3000);
    expect(storage.bytes).toBeGreaterThanOrEqual(3000);
    expect(storage.partial).toBe(false);
    expect((await page()).html).toMatch(/data-testid="storage-total"[^>]*>On this instance(&#x27;|')s disk/);
  });
});
