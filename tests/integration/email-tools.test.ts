/**
 * Email tools (decision 056) over real HTTP against fakes of Klaviyo's and Mailchimp's APIs on
 * 127.0.0.1: connecting (the key checked with the service before it is saved), picking a list, and
 * the sync: a confirmed consenting entrant is subscribed at both exactly once, a withdrawal or an
 * erasure unsubscribes them, and rate limits, outages, refused keys and refused entrants are each
 * handled without losing anyone.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMAIL_TOOL_MESSAGES } from "~/domain/email-tools";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { subscriberHash } from "~/server/integrations/email-tool-api.server";
import { deliverDueEmailToolSyncs, SYNC_LEASE_MS } from "~/server/integrations/email-tool-sync.server";
import { queueEmailToolUnsubscribe } from "~/server/integrations/email-tools.server";
import { runJobsOnce } from "~/server/jobs/run.server";
import { openSecret } from "~/server/core/secrets.server";
import type { FakeKlaviyo } from "../fakes/klaviyo-server";
import type { FakeMailchimp } from "../fakes/mailchimp-server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import {
  KLAVIYO_KEY,
  KLAVIYO_LIST,
  KLAVIYO_READ_ONLY_KEY,
  MAILCHIMP_KEY,
  MAILCHIMP_LIST,
  MAILCHIMP_SECOND_KEY,
  connectBoth,
  creator,
  enterAndConfirm,
  settledRows,
  startEmailToolFakes,
  tag,
} from "../helpers/email-tools";
import { postForm } from "../helpers/http";

let app: InProcessAppServer;
let klaviyo: FakeKlaviyo;
let mailchimp: FakeMailchimp;
const PAGE = "/dashboard/integrations/email-tools";
const MINUTE = 60_000;

beforeAll(async () => {
  ({ klaviyo, mailchimp } = await startEmailToolFakes());
  Object.assign(process.env, { KLAVIYO_API_URL: klaviyo.url, MAILCHIMP_API_URL: mailchimp.url, ENTRY_LIMIT_PER_IP: "100000" });
  resetConfigForTests();
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
  await klaviyo.close();
  await mailchimp.close();
  delete process.env.KLAVIYO_API_URL;
  delete process.env.MAILCHIMP_API_URL;
  resetConfigForTests();
});

beforeEach(async () => {
  klaviyo.faults.reset();
  mailchimp.faults.reset();
  klaviyo.keys.set(KLAVIYO_KEY, "full");
  mailchimp.keys.add(MAILCHIMP_KEY);
  // Each test sees only its own rows: what earlier tests left waiting is settled.
  await prisma.emailToolSync.updateMany({
    where: { status: { in: ["pending", "sending", "failed"] } },
    data: { status: "cancelled", nextAttemptAt: null },
  });
});

const post = (cookie: string, fields: Record<string, string>) => postForm(app.url, PAGE, fields, { Cookie: cookie });
const page = async (cookie: string, path = PAGE) => {
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, html: (await response.text()).replace(/<!-- -->/g, "") };
};
const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
const address = (name: string) => `${name}-${tag()}@example.com`;

/** Every stored value of the email-tool tables, as one text, for looking for an address. */
async function emailToolTablesText(): Promise<string> {
  const [connections, syncs] = await Promise.all([prisma.emailToolConnection.findMany(), prisma.emailToolSync.findMany()]);
  return JSON.stringify([connections, syncs]).toLowerCase();
}

async function campaignOf(userId: string) {
  return createCampaign({ creatorId: userId, title: `Sync Giveaway ${tag()}` });
}

describe("connecting a tool", () => {
  it("refuses a key of the wrong shape without asking the service, and saves nothing", async () => {
    const { userId, cookie } = await creator();
    const before = klaviyo.requests.length;
    const response = await post(cookie, { intent: "connect", provider: "klaviyo", apiKey: "AbC123" });
    expect(response.status).toBe(400);
    const html = decoded(await response.text());
    expect(html).toContain(EMAIL_TOOL_MESSAGES.klaviyoKeyShape);
    // The key typed is not sent back in the page.
    expect(html).not.toContain("AbC123");
    expect(klaviyo.requests.length).toBe(before);
    expect(await prisma.emailToolConnection.count({ where: { userId } })).toBe(0);
  });

  it("checks the key with the service: a key it refuses is a 400 with a clear message, and nothing is saved", async () => {
    const { userId, cookie } = await creator();
    const badKlaviyo = "pk_wrong0123456789abcdef0123456789abc";
    const refusedKlaviyo = await post(cookie, { intent: "connect", provider: "klaviyo", apiKey: badKlaviyo });
    expect(refusedKlaviyo.status).toBe(400);
    const klaviyoHtml = decoded(await refusedKlaviyo.text());
    expect(klaviyoHtml).toContain("Klaviyo did not accept this API key (401)");
    expect(klaviyoHtml).not.toContain(badKlaviyo);
    expect(klaviyo.requests.at(-1)).toMatchObject({ method: "GET", key: badKlaviyo, revision: "2025-10-15" });

    const badMailchimp = "ffffffffffffffffffffffffffffffff-us21";
    const refusedMailchimp = await post(cookie, { intent: "connect", provider: "mailchimp", apiKey: badMailchimp });
    expect(refusedMailchimp.status).toBe(400);
    expect(decoded(await refusedMailchimp.text())).toContain("Mailchimp did not accept this API key (401)");
    expect(mailchimp.requests.at(-1)).toMatchObject({ method: "GET", key: badMailchimp });

    const readOnly = await post(cookie, { intent: "connect", provider: "klaviyo", apiKey: KLAVIYO_READ_ONLY_KEY });
    // A read-only key can list lists: the check passes; its first write is what marks it (tested below).
    expect(readOnly.status).toBe(303);
    await prisma.emailToolConnection.deleteMany({ where: { userId } });

    klaviyo.faults.setDown("503");
    const down = await post(cookie, { intent: "connect", provider: "klaviyo", apiKey: KLAVIYO_KEY });
    expect(down.status).toBe(502);
    expect(decoded(await down.text())).toContain("Nothing was saved");
    expect(await prisma.emailToolConnection.count({ where: { userId } })).toBe(0);
  });

  it("connects with a good key, then saves the list picked from the service's lists; the key is sealed and never shown again", async () => {
    const { userId, cookie } = await creator();
    const connected = await post(cookie, { intent: "connect", provider: "mailchimp", apiKey: ` ${MAILCHIMP_KEY} ` });
    expect(connected.status).toBe(303);
    expect(connected.headers.get("Location")).toBe(PAGE);
    const connection = await prisma.emailToolConnection.findFirstOrThrow({ where: { userId, provider: "mailchimp" } });
    expect(connection).toMatchObject({ status: "choose-list", listId: null, keyLast4: "us21" });
    expect(connection.apiKeySealed).not.toContain(MAILCHIMP_KEY.slice(0, 32));
    expect(openSecret(connection.apiKeySealed)).toBe(MAILCHIMP_KEY);

    // Step two: the picker lists the audiences the service has for this key.
    const picker = await page(cookie);
    expect(picker.status).toBe(200);
    expect(picker.html).toContain("Choose the Mailchimp audience entrants join");
    for (const list of mailchimp.lists) expect(picker.html).toContain(list.name);
    expect(picker.html).toContain("…us21");
    expect(picker.html).not.toContain(MAILCHIMP_KEY.slice(0, 32));

    const unknown = await post(cookie, { intent: "pick-list", connectionId: connection.id, listId: "nope123" });
    expect(unknown.status).toBe(400);
    expect(decoded(await unknown.text())).toContain(EMAIL_TOOL_MESSAGES.listGone);
    const picked = await post(cookie, { intent: "pick-list", connectionId: connection.id, listId: MAILCHIMP_LIST.id });
    expect(picked.status).toBe(303);
    expect(await prisma.emailToolConnection.findUniqueOrThrow({ where: { id: connection.id } })).toMatchObject({
      status: "active",
      listId: MAILCHIMP_LIST.id,
      listName: MAILCHIMP_LIST.name,
    });
    const after = await page(cookie);
    expect(after.html).not.toContain("Choose the Mailchimp audience");
    expect(after.html).toContain(MAILCHIMP_LIST.name);

    // A second Mailchimp connection is refused; Klaviyo is still offered.
    expect(after.html).toContain('value="klaviyo"');
    expect(after.html).not.toContain('value="mailchimp"');
    const again = await post(cookie, { intent: "connect", provider: "mailchimp", apiKey: MAILCHIMP_KEY });
    expect(again.status).toBe(409);

    // Changing the list: the picker again, with the current one chosen.
    const change = await page(cookie, `${PAGE}?change=${connection.id}`);
    expect(change.html).toContain("Choose the Mailchimp audience entrants join");
    expect(change.html).toMatch(new RegExp(`<input[^>]*checked=""[^>]*value="${MAILCHIMP_LIST.id}"`));

    const disconnected = await post(cookie, { intent: "disconnect", connectionId: connection.id });
    expect(disconnected.status).toBe(303);
    expect(await prisma.emailToolConnection.count({ where: { userId } })).toBe(0);
  });

  it("sends the consenting entrants a brand already had once it picks a list", async () => {
    const { userId, cookie } = await creator();
    const campaign = await campaignOf(userId);
    const earlier = address("earlier");
    const declined = address("declined");
    await enterAndConfirm(app.url, campaign.id, earlier, true);
    await enterAndConfirm(app.url, campaign.id, declined, false);
    // Both completed an entry action before the tool was connected (decision 079).
    const visit = await prisma.entryAction.create({
      data: { campaignId: campaign.id, position: 0, kind: "visit", label: "Visit the shop", bonus: 2, url: "https://shop.example/" },
    });
    for (const entry of await prisma.entry.findMany({ where: { campaignId: campaign.id } })) {
      await prisma.actionCompletion.create({ data: { campaignId: campaign.id, actionId: visit.id, entryId: entry.id, bonus: 2 } });
    }
    expect((await post(cookie, { intent: "connect", provider: "klaviyo", apiKey: KLAVIYO_KEY })).status).toBe(303);
    const connection = await prisma.emailToolConnection.findFirstOrThrow({ where: { userId } });
    const picked = await post(cookie, { intent: "pick-list", connectionId: connection.id, listId: KLAVIYO_LIST.id });
    expect(picked.status).toBe(303);
    const earlierId = (await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id, email: earlier } })).id;
    const rows = async () =>
      (await prisma.emailToolSync.findMany({ where: { connectionId: connection.id } }))
        .map((row) => [row.entryId === earlierId ? earlier : row.entryId, row.action])
        .sort();
    expect(await rows()).toEqual([
      [earlier, "actions"],
      [earlier, "subscribe"],
    ]);
    // Two sends wait: the subscribe and the actions.
    expect((await page(cookie)).html).toMatch(/Waiting<\/dt><dd[^>]*>2</);
    await runJobsOnce(new Date());
    expect(klaviyo.profile(earlier)).toMatchObject({ consent: "SUBSCRIBED", subscribeJobs: 1 });
    expect(klaviyo.profile(declined)).toBeUndefined();
    // The actions follow once the subscribe is done (in this pass or, waiting for it, a later one).
    await expect
      .poll(async () => {
        await runJobsOnce(new Date(Date.now() + 10 * MINUTE));
        return klaviyo.profile(earlier)?.properties;
      })
      .toEqual({ [`Giveawear: ${campaign.title}: Visit the shop`]: true });
    // Picking a list again queues nobody twice.
    expect((await post(cookie, { intent: "pick-list", connectionId: connection.id, listId: KLAVIYO_LIST.id })).status).toBe(303);
    expect(await rows()).toHaveLength(2);
  });

  it("in production without ENCRYPTION_KEY, says that connecting needs it and stores nothing", async () => {
    const { userId, cookie } = await creator();
    const saved = { NODE_ENV: process.env.NODE_ENV, ENCRYPTION_KEY: process.env.ENCRYPTION_KEY };
    Object.assign(process.env, { NODE_ENV: "production" });
    delete process.env.ENCRYPTION_KEY;
    await app.resetConfig();
    try {
      const shown = await page(cookie);
      expect(shown.status).toBe(200);
      expect(decoded(shown.html)).toContain(EMAIL_TOOL_MESSAGES.encryptionKeyMissing);
      expect(shown.html).not.toContain("Check key &amp; connect");
      const refused = await post(cookie, { intent: "connect", provider: "klaviyo", apiKey: KLAVIYO_KEY });
      expect(refused.status).toBe(503);
      expect(await prisma.emailToolConnection.count({ where: { userId } })).toBe(0);
    } finally {
      process.env.NODE_ENV = saved.NODE_ENV;
      if (saved.ENCRYPTION_KEY) process.env.ENCRYPTION_KEY = saved.ENCRYPTION_KEY;
      await app.resetConfig();
    }
  });

  it("lets only its creator act on a connection, and only signed-in creators see the page", async () => {
    const owner = await creator();
    await connectBoth(owner.userId);
    const [connection] = await prisma.emailToolConnection.findMany({ where: { userId: owner.userId } });
    const stranger = await creator();
    for (const intent of ["pick-list", "disconnect", "retry-failed"]) {
      const response = await post(stranger.cookie, { intent, connectionId: connection!.id, listId: KLAVIYO_LIST.id });
      expect(response.status, intent).toBe(404);
    }
    const replace = await post(stranger.cookie, { intent: "replace-key", connectionId: connection!.id, apiKey: MAILCHIMP_SECOND_KEY });
    expect(replace.status).toBe(404);
    expect(await prisma.emailToolConnection.count({ where: { userId: owner.userId } })).toBe(2);
    expect((await page(stranger.cookie)).html).not.toContain(connection!.id);

    const signedOut = await fetch(`${app.url}${PAGE}`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const index = await fetch(`${app.url}/dashboard/integrations`, { redirect: "manual" });
    expect(index.status).toBe(302);
    const signedIn = await page(owner.cookie, "/dashboard/integrations");
    expect(signedIn.html).toContain('href="/dashboard/integrations/email-tools"');
    expect(signedIn.html).toContain('href="/dashboard/integrations/webhooks"');
    expect(signedIn.html).toContain("2 connected");
  });
});

describe("the sync", () => {
  it("subscribes a confirmed consenting entrant at both tools exactly once, with the consent's time and source", async () => {
    const { userId } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    const email = address("Ada.Lovelace");
    const entryId = await enterAndConfirm(app.url, campaign.id, email, true);
    const rows = await settledRows(entryId);
    expect(rows.map((row) => [row.connection.provider, row.action, row.status])).toEqual(
      expect.arrayContaining([
        ["klaviyo", "subscribe", "done"],
        ["mailchimp", "subscribe", "done"],
      ]),
    );
    const entry = await prisma.entry.findUniqueOrThrow({ where: { id: entryId } });
    const consentedAt = (entry.marketingConsentAt ?? entry.createdAt).toISOString();

    const profile = klaviyo.profile(email);
    expect(profile).toMatchObject({ consent: "SUBSCRIBED", consentedAt, source: `Giveawear: ${campaign.title}`, subscribeJobs: 1 });
    expect([...profile!.lists]).toEqual([KLAVIYO_LIST.id]);
    const member = mailchimp.member(MAILCHIMP_LIST.id, email);
    expect(member).toMatchObject({
      status: "subscribed",
      timestamp_opt: consentedAt.replace(/\.\d{3}Z$/, "+00:00"),
      ip_opt: "",
      upserts: 1,
    });
    expect(member!.tags.map((item) => item.name)).toEqual([`Giveawear: ${campaign.title}`]);

    // Later passes find nothing more to send.
    await runJobsOnce(new Date(Date.now() + 10 * MINUTE));
    expect(klaviyo.jobsNaming(email)).toHaveLength(1);
    expect(mailchimp.requests.filter((request) => request.method === "PUT" && request.path.includes(subscriberHash(email)))).toHaveLength(
      1,
    );
    // No plain address in our tables: the subscribe read it from the entry.
    expect(await emailToolTablesText()).not.toContain(email.toLowerCase());
  });

  it("sends nothing about an entrant who did not tick the marketing box", async () => {
    const { userId } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    const email = address("quiet");
    const entryId = await enterAndConfirm(app.url, campaign.id, email, false);
    await runJobsOnce(new Date(Date.now() + 10 * MINUTE));
    expect(await prisma.emailToolSync.count({ where: { entryId } })).toBe(0);
    expect(klaviyo.jobsNaming(email)).toHaveLength(0);
    expect(mailchimp.membersWith(email)).toHaveLength(0);
  });

  it("unsubscribes at both tools an entrant who withdraws consent", async () => {
    const { userId } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    const email = address("withdraws");
    const entryId = await enterAndConfirm(app.url, campaign.id, email, true);
    await settledRows(entryId);

    // What the data-rights code does: the unsubscribe is queued in the withdrawal's transaction.
    await prisma.$transaction(async (tx) => {
      await queueEmailToolUnsubscribe(tx, { id: entryId, campaignId: campaign.id, email }, "withdrawn");
      await tx.entry.update({ where: { id: entryId }, data: { marketingConsent: false, marketingWithdrawnAt: new Date() } });
    });
    const summary = await deliverDueEmailToolSyncs(new Date());
    expect(summary.done).toBe(2);
    expect(klaviyo.profile(email)).toMatchObject({ consent: "UNSUBSCRIBED", unsubscribeJobs: 1 });
    expect(klaviyo.profile(email)!.lists.size).toBe(0);
    expect(mailchimp.member(MAILCHIMP_LIST.id, email)?.status).toBe("unsubscribed");
    const unsubscribes = await prisma.emailToolSync.findMany({ where: { entryId, action: "unsubscribe" } });
    expect(unsubscribes.map((row) => [row.status, row.emailSealed, row.subscriberHash])).toEqual([
      ["done", null, null],
      ["done", null, null],
    ]);
  });

  it("unsubscribes an entrant who erases their data, and keeps no trace of the address in its tables", async () => {
    const { userId } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    const email = address("Erases");
    const entryId = await enterAndConfirm(app.url, campaign.id, email, true);
    await settledRows(entryId);

    await prisma.$transaction(async (tx) => {
      await queueEmailToolUnsubscribe(tx, { id: entryId, campaignId: campaign.id, email }, "erased");
      await tx.entry.update({
        where: { id: entryId },
        data: { email: "", emailNormalized: `erased:${entryId}`, erasedAt: new Date(), marketingConsent: false },
      });
    });
    // Before delivery the unsubscribe holds only what its service needs, never the plain address.
    expect(await emailToolTablesText()).not.toContain(email.toLowerCase());
    await runJobsOnce(new Date());
    expect(klaviyo.profile(email)?.consent).toBe("UNSUBSCRIBED");
    expect(mailchimp.member(MAILCHIMP_LIST.id, email)?.status).toBe("unsubscribed");
    const text = await emailToolTablesText();
    expect(text).not.toContain(email.toLowerCase());
    expect(text).not.toContain(subscriberHash(email));
    const rows = await prisma.emailToolSync.findMany({ where: { entryId } });
    expect(rows.every((row) => row.emailSealed === null && row.subscriberHash === null && row.remoteId === null)).toBe(true);
  });

  it("sends nothing at all for an entrant who erased their data before their subscribe went out", async () => {
    const { userId } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    // Both connections paused (as after a 429): the subscribes wait untried.
    await prisma.emailToolConnection.updateMany({ where: { userId }, data: { pausedUntil: new Date(Date.now() + 5 * MINUTE) } });
    const email = address("early-eraser");
    const entryId = await enterAndConfirm(app.url, campaign.id, email, true);
    expect(await prisma.emailToolSync.count({ where: { entryId, status: "pending", attempts: 0 } })).toBe(2);
    await prisma.$transaction(async (tx) => {
      await queueEmailToolUnsubscribe(tx, { id: entryId, campaignId: campaign.id, email }, "erased");
      await tx.entry.update({
        where: { id: entryId },
        data: { email: "", emailNormalized: `erased:${entryId}`, erasedAt: new Date(), marketingConsent: false },
      });
    });
    await runJobsOnce(new Date(Date.now() + 10 * MINUTE));
    expect(klaviyo.jobsNaming(email)).toHaveLength(0);
    expect(klaviyo.profile(email)).toBeUndefined();
    expect(mailchimp.membersWith(email)).toHaveLength(0);
    const rows = await prisma.emailToolSync.findMany({ where: { entryId } });
    expect(rows.map((row) => [row.action, row.status])).toEqual([
      ["subscribe", "cancelled"],
      ["subscribe", "cancelled"],
    ]);
  });

  it("honours a 429's Retry-After: nothing more is sent on that connection before it, then the entrant goes once", async () => {
    const { userId } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    klaviyo.faults.rateLimit({ count: 1, retryAfterSeconds: 120 });
    const email = address("throttled");
    const before = Date.now();
    const entryId = await enterAndConfirm(app.url, campaign.id, email, true);
    const rows = await settledRows(entryId);
    const waiting = rows.find((row) => row.connection.provider === "klaviyo")!;
    expect(waiting).toMatchObject({ status: "failed", attempts: 0 });
    expect(waiting.lastError).toContain("429");
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    const paused = await prisma.emailToolConnection.findFirstOrThrow({ where: { userId, provider: "klaviyo" } });
    expect(paused.pausedUntil!.getTime()).toBe(waiting.nextAttemptAt!.getTime());
    expect(rows.find((row) => row.connection.provider === "mailchimp")?.status).toBe("done");

    const requests = klaviyo.requests.length;
    await deliverDueEmailToolSyncs(new Date(Date.now() + 60_000));
    expect(klaviyo.requests.length).toBe(requests);
    await deliverDueEmailToolSyncs(new Date(waiting.nextAttemptAt!.getTime() + 1000));
    expect(await prisma.emailToolSync.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: "done", attempts: 1 });
    expect(klaviyo.profile(email)).toMatchObject({ consent: "SUBSCRIBED", subscribeJobs: 1 });
  });

  it("keeps entrants while a service is down and delivers them once it is back", async () => {
    const { userId } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    klaviyo.faults.setDown("reset");
    mailchimp.faults.setDown("503");
    const email = address("patient");
    const entryId = await enterAndConfirm(app.url, campaign.id, email, true);
    const rows = await settledRows(entryId);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "failed", attempts: 1 });
      expect(row.nextAttemptAt).not.toBeNull();
    }
    expect(rows.find((row) => row.connection.provider === "mailchimp")!.lastError).toContain("503");
    expect(rows.find((row) => row.connection.provider === "klaviyo")!.lastError).toContain("Could not reach Klaviyo");

    // Still down at the first retry.
    await deliverDueEmailToolSyncs(new Date(Date.now() + 2 * MINUTE));
    expect(await prisma.emailToolSync.count({ where: { entryId, status: "failed", attempts: 2 } })).toBe(2);
    klaviyo.faults.setDown(false);
    mailchimp.faults.setDown(false);
    await deliverDueEmailToolSyncs(new Date(Date.now() + 10 * MINUTE));
    expect(await prisma.emailToolSync.count({ where: { entryId, status: "done" } })).toBe(2);
    expect(klaviyo.profile(email)?.subscribeJobs).toBe(1);
    expect(mailchimp.membersWith(email).map((member) => [member.status, member.upserts])).toEqual([["subscribed", 1]]);
  });

  it("stops on a key the service refuses, says so on the page, and sends the waiting entrants once a new key is given", async () => {
    const { userId, cookie } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    mailchimp.keys.delete(MAILCHIMP_KEY);
    const email = address("waits-for-key");
    const entryId = await enterAndConfirm(app.url, campaign.id, email, true);
    const rows = await settledRows(entryId);
    const waiting = rows.find((row) => row.connection.provider === "mailchimp")!;
    expect(waiting).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: null });
    const connection = await prisma.emailToolConnection.findFirstOrThrow({ where: { userId, provider: "mailchimp" } });
    expect(connection.status).toBe("needs-attention");
    expect(connection.statusMessage).toContain("API Key Invalid");

    const shown = await page(cookie);
    expect(shown.html).toContain("Needs attention");
    expect(decoded(shown.html)).toContain("Mailchimp refused the API key (401)");
    // Nothing goes out on that connection meanwhile.
    const requests = mailchimp.requests.length;
    await deliverDueEmailToolSyncs(new Date(Date.now() + 10 * MINUTE));
    expect(mailchimp.requests.length).toBe(requests);

    const refused = await post(cookie, { intent: "replace-key", connectionId: connection.id, apiKey: MAILCHIMP_KEY });
    expect(refused.status).toBe(400);
    const replaced = await post(cookie, { intent: "replace-key", connectionId: connection.id, apiKey: MAILCHIMP_SECOND_KEY });
    expect(replaced.status).toBe(303);
    expect(await prisma.emailToolConnection.findUniqueOrThrow({ where: { id: connection.id } })).toMatchObject({
      status: "active",
      keyLast4: "us21",
      listId: MAILCHIMP_LIST.id,
    });
    await deliverDueEmailToolSyncs(new Date());
    expect(await prisma.emailToolSync.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: "done", attempts: 1 });
    expect(mailchimp.member(MAILCHIMP_LIST.id, email)?.status).toBe("subscribed");
  });

  it("asks for another audience when the chosen one was deleted, and sends the waiting entrants there", async () => {
    const { userId, cookie } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    const audiences = [...mailchimp.lists];
    mailchimp.lists.splice(0, mailchimp.lists.length, ...audiences.filter((list) => list.id !== MAILCHIMP_LIST.id));
    try {
      const email = address("moved");
      const entryId = await enterAndConfirm(app.url, campaign.id, email, true);
      await settledRows(entryId);
      const connection = await prisma.emailToolConnection.findFirstOrThrow({ where: { userId, provider: "mailchimp" } });
      expect(connection.status).toBe("needs-attention");
      expect(connection.statusMessage).toContain("choose another");
      const picker = await page(cookie, `${PAGE}?change=${connection.id}`);
      expect(picker.html).toContain("Choose the Mailchimp audience entrants join");
      const other = mailchimp.lists[0]!;
      expect((await post(cookie, { intent: "pick-list", connectionId: connection.id, listId: other.id })).status).toBe(303);
      await deliverDueEmailToolSyncs(new Date());
      expect(mailchimp.member(other.id, email)?.status).toBe("subscribed");
      expect(await prisma.emailToolSync.findFirstOrThrow({ where: { entryId, connectionId: connection.id } })).toMatchObject({
        status: "done",
        listId: other.id,
      });
    } finally {
      mailchimp.lists.splice(0, mailchimp.lists.length, ...audiences);
    }
  });

  it("marks a Klaviyo key without write access at the first subscribe", async () => {
    const { userId } = await creator();
    await connectBoth(userId);
    klaviyo.keys.set(KLAVIYO_KEY, "read-only");
    const campaign = await campaignOf(userId);
    const entryId = await enterAndConfirm(app.url, campaign.id, address("scoped"), true);
    await settledRows(entryId);
    const connection = await prisma.emailToolConnection.findFirstOrThrow({ where: { userId, provider: "klaviyo" } });
    expect(connection.status).toBe("needs-attention");
    expect(connection.statusMessage).toContain("403");
  });

  it("handles a partly refused Klaviyo job honestly: the entrant Klaviyo names fails with its reason, the others are sent", async () => {
    const { userId, cookie } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    await prisma.emailToolConnection.updateMany({ where: { userId }, data: { pausedUntil: new Date(Date.now() + MINUTE) } });
    const emails = [address("one"), address("refused"), address("three")];
    klaviyo.refusedEmails.add(emails[1]!.toLowerCase());
    mailchimp.complianceEmails.add(emails[1]!.toLowerCase());
    const entryIds: string[] = [];
    for (const email of emails) entryIds.push(await enterAndConfirm(app.url, campaign.id, email, true));
    const jobsBefore = klaviyo.requests.filter((request) => request.method === "POST").length;

    await deliverDueEmailToolSyncs(new Date(Date.now() + 2 * MINUTE));
    // One job of three, refused naming the second profile; then one job of the other two.
    const jobs = klaviyo.requests.filter((request) => request.method === "POST").slice(jobsBefore);
    expect(
      jobs.map((job) => (job.body as { data: { attributes: { profiles: { data: unknown[] } } } }).data.attributes.profiles.data.length),
    ).toEqual([3, 2]);
    expect(klaviyo.profile(emails[0]!)?.consent).toBe("SUBSCRIBED");
    expect(klaviyo.profile(emails[2]!)?.consent).toBe("SUBSCRIBED");
    expect(klaviyo.profile(emails[1]!)).toBeUndefined();
    const refusedRows = await prisma.emailToolSync.findMany({ where: { entryId: entryIds[1] }, include: { connection: true } });
    for (const row of refusedRows) {
      expect(row.status).toBe("failed");
      expect(row.nextAttemptAt).toBeNull();
    }
    expect(refusedRows.find((row) => row.connection.provider === "klaviyo")!.lastError).toContain("Invalid email address");
    expect(refusedRows.find((row) => row.connection.provider === "mailchimp")!.lastError).toContain("Member In Compliance State");
    expect(mailchimp.member(MAILCHIMP_LIST.id, emails[2]!)?.status).toBe("subscribed");

    const shown = await page(cookie);
    expect(shown.html).toMatch(/Subscribed<\/dt><dd[^>]*>2</);
    expect(shown.html).toMatch(/Failed<\/dt><dd[^>]*>1</);
    expect(decoded(shown.html)).toContain("Member In Compliance State");
    expect(shown.html).toContain("Try the failed ones again");
  });

  it("never sends a row twice when passes overlap", async () => {
    const { userId } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    await prisma.emailToolConnection.updateMany({ where: { userId }, data: { pausedUntil: new Date(Date.now() + MINUTE) } });
    const emails = [address("overlap-a"), address("overlap-b"), address("overlap-c")];
    for (const email of emails) await enterAndConfirm(app.url, campaign.id, email, true);
    const later = new Date(Date.now() + 2 * MINUTE);
    await Promise.all([deliverDueEmailToolSyncs(later), deliverDueEmailToolSyncs(later), deliverDueEmailToolSyncs(later)]);
    for (const email of emails) {
      expect(klaviyo.jobsNaming(email), email).toHaveLength(1);
      expect(mailchimp.membersWith(email).map((member) => member.upserts)).toEqual([1]);
    }
  });

  it("an unsubscribe queued while its subscribe is being sent waits for that send's lease", async () => {
    const { userId } = await creator();
    await connectBoth(userId);
    const campaign = await campaignOf(userId);
    const held = mailchimp.faults.holdNext({ match: (path) => path.includes("/members/") });
    const email = address("in-flight");
    const entryId = await enterAndConfirm(app.url, campaign.id, email, true);
    await held.arrived;
    const mailchimpRows = { entryId, connection: { provider: "mailchimp" } };
    const sending = await prisma.emailToolSync.findFirstOrThrow({ where: { ...mailchimpRows, status: "sending" } });
    await prisma.$transaction((tx) => queueEmailToolUnsubscribe(tx, { id: entryId, campaignId: campaign.id, email }, "withdrawn"));
    const unsubscribe = await prisma.emailToolSync.findFirstOrThrow({ where: { ...mailchimpRows, action: "unsubscribe" } });
    expect(unsubscribe.nextAttemptAt?.getTime()).toBe(sending.nextAttemptAt!.getTime());
    held.release();
    await expect.poll(() => prisma.emailToolSync.count({ where: { entryId, status: "sending" } })).toBe(0);
    // The subscribe went through (and stays cancelled here), the unsubscribe goes after the lease.
    expect(mailchimp.member(MAILCHIMP_LIST.id, email)?.status).toBe("subscribed");
    await deliverDueEmailToolSyncs(new Date(Date.now() + SYNC_LEASE_MS + 1000));
    expect(mailchimp.member(MAILCHIMP_LIST.id, email)?.status).toBe("unsubscribed");
  });
});
