/**
 * The entry cap after launch (decision 049), over real HTTP against a real database: the creator's
 * emails at 80% and 100% (once each, also when confirmations race), the dashboard banners, upgrading
 * a live campaign's plan for the difference through the TEST MODE checkout and through Stripe (the
 * fake server, duplicate webhooks included), the refusals, and one AI-credit figure on every page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { completeUpgrade } from "~/server/payments/upgrades.server";
import { signature, startFakeStripeServer, type FakeStripe } from "../fakes/stripe-server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { confirmEntryOf } from "../helpers/entries";
import { postForm } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const SECRET_KEY = "sk_test_fake_cap_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_fake_cap_0123456789abcdef";
const PAYMENT_ENV = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL", "TEST_CHECKOUT"];
const DAY = 24 * 60 * 60 * 1000;

let app: InProcessAppServer;
let fake: FakeStripe;

beforeAll(async () => {
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  fake = await startFakeStripeServer({ secretKey: SECRET_KEY });
  app = await startAppServer();
});

afterAll(async () => {
  for (const name of PAYMENT_ENV) delete process.env[name];
  await app.resetConfig();
  await app.close();
  await fake.close();
});

async function configure(env: Record<string, string>) {
  for (const name of PAYMENT_ENV) delete process.env[name];
  Object.assign(process.env, env);
  await app.resetConfig();
}

const visible = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

async function page(path: string, cookie: string): Promise<{ status: number; html: string; response: Response }> {
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie, "User-Agent": BROWSER }, redirect: "manual" });
  return { status: response.status, html: visible(await response.text()), response };
}

function send(path: string, cookie: string, fields: Record<string, string>): Promise<Response> {
  return postForm(app.url, path, fields, { Cookie: cookie, "User-Agent": BROWSER, Origin: app.url });
}

async function enter(campaignId: string, email: string): Promise<void> {
  const response = await postForm(app.url, `/campaign/${campaignId}`, { email, agreedToTerms: "on" }, { "User-Agent": BROWSER });
  expect(response.status).toBe(303);
}

const capEmails = (campaignId: string) =>
  prisma.outboundEmail.findMany({
    where: { dedupeKey: { startsWith: "cap" }, html: { contains: campaignId } },
    orderBy: { createdAt: "asc" },
  });

const capEmailsByKey = async (campaignId: string) =>
  (await prisma.outboundEmail.findMany({ where: { dedupeKey: { contains: `:${campaignId}:` } } })).map((email) => ({
    key: email.dedupeKey,
    to: email.to,
    template: email.template,
    subject: email.subject,
  }));

/** The text of the element with this test id (its own closing tag, so nested elements are read through). */
const testId = (html: string, id: string) =>
  new RegExp(`<(\\w+)[^>]*data-testid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html)?.[2]?.replace(/<[^>]+>/g, "") ?? null;

async function liveStarter(creatorId: string, overrides: Parameters<typeof createCampaign>[0] = {}) {
  return createCampaign({
    creatorId,
    planId: "starter_tee",
    entryLimit: 10,
    analyticsLevel: "basic",
    customBranding: false,
    remainingGenerations: 1,
    ...overrides,
  });
}

describe("the cap notices", () => {
  it("email the creator once at 80% and once at 100%, also when confirmations race, and show the banners", async () => {
    const { jar, userId, email: creatorEmail } = await signedInJar("cap");
    const campaign = await liveStarter(userId);
    const fans = Array.from({ length: 13 }, (_, i) => `fan${i}@cap-${campaign.id}.test`);
    for (const fan of fans) await enter(campaign.id, fan);

    for (const fan of fans.slice(0, 7)) expect((await confirmEntryOf(app.url, campaign.id, fan)).status).toBe(303);
    expect(await capEmailsByKey(campaign.id)).toEqual([]);
    expect((await page("/my-campaigns", jar.header())).html).not.toContain("cap-banner-");

    // The 8th and 9th confirmations at once: 80% of 10 is reached by one of them, and mailed once.
    const racing80 = await Promise.all(fans.slice(7, 9).map((fan) => confirmEntryOf(app.url, campaign.id, fan)));
    expect(racing80.map((r) => r.status)).toEqual([303, 303]);
    expect(await capEmailsByKey(campaign.id)).toEqual([
      {
        key: `cap80:${campaign.id}:10`,
        to: creatorEmail,
        template: "entry_cap_near",
        subject: `${campaign.title} has 8 of 10 entries`,
      },
    ]);
    const near = (await capEmails(campaign.id))[0];
    expect(near?.text).toContain("has 8 confirmed entries of the 10 its plan allows (80%)");
    expect(near?.text).toContain(`Upgrade to Growth Tee for $29.00 and the limit rises at once: `);
    expect(near?.text).toContain(`/dashboard/campaigns/${campaign.id}/upgrade`);

    const dashboard80 = await page("/my-campaigns", jar.header());
    expect(dashboard80.html).toContain('data-testid="cap-banner-80"');
    expect(dashboard80.html).toContain("9 of 10 entries: 90% of the plan's limit");
    expect(dashboard80.html).toContain(`href="/dashboard/campaigns/${campaign.id}/upgrade"`);

    // Four confirmations race for the last place: one gets it, one email says the campaign is full.
    const racing100 = await Promise.all(fans.slice(9, 13).map((fan) => confirmEntryOf(app.url, campaign.id, fan)));
    expect(racing100.filter((r) => r.status === 303)).toHaveLength(1);
    expect(racing100.filter((r) => r.status === 409)).toHaveLength(3);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).entryCount).toBe(10);
    const keys = (await capEmailsByKey(campaign.id)).map((email) => [email.key, email.template, email.subject]);
    expect(keys).toEqual([
      [`cap80:${campaign.id}:10`, "entry_cap_near", `${campaign.title} has 8 of 10 entries`],
      [`cap100:${campaign.id}:10`, "entry_cap_reached", `${campaign.title} is full: 10 of 10 entries`],
    ]);

    const dashboard100 = await page("/my-campaigns", jar.header());
    expect(dashboard100.html).toContain('data-testid="cap-banner-100"');
    expect(dashboard100.html).toContain("Entry limit reached: 10 of 10 entries");
    const analytics = await page(`/dashboard/campaigns/${campaign.id}/analytics`, jar.header());
    expect(analytics.html).toContain('data-testid="cap-banner-100"');
    expect(analytics.html).toContain(`href="/dashboard/campaigns/${campaign.id}/upgrade"`);

    // The entrant side (decision 043): a new entrant is told the giveaway is full.
    const refused = await postForm(
      app.url,
      `/campaign/${campaign.id}`,
      { email: "late@cap.test", agreedToTerms: "on" },
      { "User-Agent": BROWSER },
    );
    expect(visible(await refused.text())).toContain("This giveaway is full: it has reached its entry limit.");
  });

  it("are not sent for an unlimited campaign", async () => {
    const { userId } = await signedInJar("cap-unlimited");
    const campaign = await createCampaign({ creatorId: userId });
    for (const fan of ["a@unl.test", "b@unl.test"]) {
      await enter(campaign.id, fan);
      expect((await confirmEntryOf(app.url, campaign.id, fan)).status).toBe(303);
    }
    expect(await capEmailsByKey(campaign.id)).toEqual([]);
  });
});

describe("upgrading a live campaign through the TEST MODE checkout", () => {
  it("charges the difference, raises the cap at once, and completes once however often it is paid", async () => {
    await configure({});
    const { jar, userId } = await signedInJar("upgrade");
    const campaign = await liveStarter(userId, { entryLimit: 2 });
    const fans = ["one@up.test", "two@up.test", "three@up.test"];
    for (const fan of fans) await enter(campaign.id, fan);
    for (const fan of fans) await confirmEntryOf(app.url, campaign.id, fan);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).entryCount).toBe(2);

    const offer = await page(`/dashboard/campaigns/${campaign.id}/upgrade`, jar.header());
    expect(offer.status).toBe(200);
    expect(offer.html).toContain("Upgrade to Growth Tee for $29.00");
    expect(offer.html).toContain("Upgrade to Pro Tee for $79.00");
    expect(offer.html).toContain("2 of 2 entries.");

    const started = await send(`/dashboard/campaigns/${campaign.id}/upgrade`, jar.header(), { planId: "growth_tee" });
    expect(started.status).toBe(303);
    const checkoutPath = started.headers.get("Location") ?? "";
    expect(checkoutPath).toMatch(/^\/checkout\/test\/test_cs_[0-9a-f]+$/);
    const checkout = await page(checkoutPath, jar.header());
    expect(checkout.html).toContain("TEST MODE");
    expect(checkout.html).toContain("Starter Tee → Growth Tee");
    expect(checkout.html).toContain("Pay $29.00");
    // Nothing changes before the payment.
    expect(await prisma.planUpgrade.findMany({ where: { campaignId: campaign.id }, select: { status: true, amountCents: true } })).toEqual([
      { status: "pending", amountCents: 2900 },
    ]);

    // Paid twice at once (a double click without JavaScript), then once more.
    const paid = await Promise.all([1, 2].map(() => send(checkoutPath, jar.header(), { intent: "pay" })));
    expect(paid.map((r) => [r.status, r.headers.get("Location")])).toEqual([
      [302, "/my-campaigns"],
      [302, "/my-campaigns"],
    ]);
    expect((await send(checkoutPath, jar.header(), { intent: "pay" })).status).toBe(302);
    const sessionId = checkoutPath.split("/").at(-1) ?? "";
    expect(await completeUpgrade(sessionId)).toBe("already-paid");

    const upgraded = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(upgraded).toMatchObject({
      planId: "growth_tee",
      entryLimit: 500,
      analyticsLevel: "standard",
      remainingGenerations: 1 + (5 - 1),
      entryCount: 2,
    });
    const rows = await prisma.planUpgrade.findMany({ where: { campaignId: campaign.id } });
    expect(rows.map((row) => [row.fromPlanId, row.toPlanId, row.status, row.amountCents])).toEqual([
      ["starter_tee", "growth_tee", "paid", 2900],
    ]);
    expect(rows[0]?.paidAt).toBeInstanceOf(Date);

    // The dashboard's toast, and no banner any more.
    const toastCookie =
      paid[0]?.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ") ?? "";
    const dashboard = await page("/my-campaigns", `${jar.header()}; ${toastCookie}`);
    expect(dashboard.html).toContain("Plan upgraded");
    expect(dashboard.html).toContain(`is now on Growth Tee: up to 500 entries.`);
    expect(dashboard.html).not.toContain("cap-banner-");

    // The entrant who was refused as full can now be counted.
    expect((await confirmEntryOf(app.url, campaign.id, "three@up.test")).status).toBe(303);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).entryCount).toBe(3);

    // Now on Growth: only Pro is offered, for the difference.
    const again = await page(`/dashboard/campaigns/${campaign.id}/upgrade`, jar.header());
    expect(again.html).toContain("Upgrade to Pro Tee for $50.00");
    expect(again.html).not.toContain("Upgrade to Growth Tee");
  });

  it("refuses a lower or the same plan (400), another user's campaign (404) and a campaign that is not live (409)", async () => {
    await configure({});
    const { jar, userId } = await signedInJar("upgrade-refused");
    const growth = await liveStarter(userId, { planId: "growth_tee", entryLimit: 500, analyticsLevel: "standard" });
    for (const planId of ["growth_tee", "starter_tee", "no_such_plan", ""]) {
      const response = await send(`/dashboard/campaigns/${growth.id}/upgrade`, jar.header(), { planId });
      expect(response.status, planId).toBe(400);
      const html = visible(await response.text());
      expect(html).toContain(planId ? "Choose a plan that costs more than the campaign's current plan." : "Choose a plan to upgrade to.");
    }

    const other = await signedInJar("upgrade-other");
    const theirs = await send(`/dashboard/campaigns/${growth.id}/upgrade`, other.jar.header(), { planId: "pro_tee" });
    expect(theirs.status).toBe(404);
    expect((await page(`/dashboard/campaigns/${growth.id}/upgrade`, other.jar.header())).status).toBe(404);

    const endedAt = new Date(Date.now() - DAY);
    const ended = await liveStarter(userId, { startDate: new Date(endedAt.getTime() - 7 * DAY), endDate: endedAt });
    const draft = await liveStarter(userId, { status: "draft" });
    for (const id of [ended.id, draft.id]) {
      const response = await send(`/dashboard/campaigns/${id}/upgrade`, jar.header(), { planId: "pro_tee" });
      expect(response.status).toBe(409);
      expect(visible(await response.text())).toContain("Only a live campaign can be upgraded.");
      expect((await page(`/dashboard/campaigns/${id}/upgrade`, jar.header())).status).toBe(409);
    }
    expect(await prisma.planUpgrade.count({ where: { campaignId: { in: [growth.id, ended.id, draft.id] } } })).toBe(0);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: growth.id } })).toMatchObject({ planId: "growth_tee", entryLimit: 500 });
  });

  it("changes nothing when the campaign has moved on from the plan the upgrade was priced from", async () => {
    await configure({});
    const { jar, userId } = await signedInJar("upgrade-twice");
    const campaign = await liveStarter(userId);
    const paths = [];
    for (const planId of ["growth_tee", "pro_tee"]) {
      paths.push((await send(`/dashboard/campaigns/${campaign.id}/upgrade`, jar.header(), { planId })).headers.get("Location") ?? "");
    }
    expect((await send(paths[1] ?? "", jar.header(), { intent: "pay" })).status).toBe(302);
    const second = await send(paths[0] ?? "", jar.header(), { intent: "pay" });
    expect(second.status).toBe(302);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toMatchObject({ planId: "pro_tee", entryLimit: null });
  });
});

describe("upgrading through Stripe Checkout", () => {
  it("opens a session for the difference and completes once through the signed webhook, duplicates included", async () => {
    await configure({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
    try {
      const { jar, userId, email } = await signedInJar("upgrade-stripe");
      const campaign = await liveStarter(userId, {
        planId: "growth_tee",
        entryLimit: 500,
        analyticsLevel: "standard",
        remainingGenerations: 2,
      });
      const started = await send(`/dashboard/campaigns/${campaign.id}/upgrade`, jar.header(), { planId: "pro_tee" });
      expect(started.status).toBe(303);
      const upgrade = await prisma.planUpgrade.findFirstOrThrow({ where: { campaignId: campaign.id } });
      const sessionId = upgrade.checkoutSessionId ?? "";
      expect(sessionId).toMatch(/^cs_test_/);
      expect(started.headers.get("Location")).toBe(fake.session(sessionId).url);
      const created = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1);
      expect(created?.params).toMatchObject({
        line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "5000" } }],
        success_url: `http://localhost:3000/dashboard/campaigns/${campaign.id}/upgrade?session_id={CHECKOUT_SESSION_ID}`,
        customer_email: email,
        metadata: { campaignId: campaign.id, upgradeId: upgrade.id },
      });

      const deliver = async (payload: string) => {
        const response = await fetch(`${app.url}/webhooks/stripe`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature(payload, WEBHOOK_SECRET) },
          body: payload,
        });
        return [response.status, await response.text()];
      };
      // Before the money arrives, nothing changes.
      expect(await deliver(fake.event("checkout.session.completed", sessionId))).toEqual([200, "Not paid yet."]);
      fake.pay(sessionId);
      const event = fake.event("checkout.session.completed", sessionId, "evt_upgrade_once");
      expect(await deliver(event)).toEqual([200, "Plan upgraded."]);
      expect(await deliver(event)).toEqual([200, "Duplicate event."]);
      expect(await deliver(fake.event("checkout.session.async_payment_succeeded", sessionId))).toEqual([200, "Already upgraded."]);

      expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toMatchObject({
        planId: "pro_tee",
        entryLimit: null,
        analyticsLevel: "advanced",
        customBranding: true,
        remainingGenerations: 2 + (15 - 5),
      });
      expect(await prisma.planUpgrade.findMany({ where: { campaignId: campaign.id }, select: { status: true } })).toEqual([
        { status: "paid" },
      ]);

      // Back from Stripe: to the dashboard with the toast.
      const back = await page(`/dashboard/campaigns/${campaign.id}/upgrade?session_id=${sessionId}`, jar.header());
      expect(back.status).toBe(302);
      expect(back.response.headers.get("Location")).toBe("/my-campaigns");
    } finally {
      await configure({});
    }
  });

  it("completes on the creator's return when the webhook is late, and the webhook then finds it done", async () => {
    await configure({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
    try {
      const { jar, userId } = await signedInJar("upgrade-return");
      const campaign = await liveStarter(userId);
      await send(`/dashboard/campaigns/${campaign.id}/upgrade`, jar.header(), { planId: "growth_tee" });
      const sessionId = (await prisma.planUpgrade.findFirstOrThrow({ where: { campaignId: campaign.id } })).checkoutSessionId ?? "";
      const unpaid = await page(`/dashboard/campaigns/${campaign.id}/upgrade?session_id=${sessionId}`, jar.header());
      expect(unpaid.status).toBe(200);
      expect(unpaid.html).toContain("Your payment is being confirmed.");
      fake.pay(sessionId);
      const back = await page(`/dashboard/campaigns/${campaign.id}/upgrade?session_id=${sessionId}`, jar.header());
      expect(back.status).toBe(302);
      expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toMatchObject({
        planId: "growth_tee",
        entryLimit: 500,
      });
      const payload = fake.event("checkout.session.completed", sessionId);
      const late = await fetch(`${app.url}/webhooks/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature(payload, WEBHOOK_SECRET) },
        body: payload,
      });
      expect(await late.text()).toBe("Already upgraded.");
      expect(await prisma.planUpgrade.count({ where: { campaignId: campaign.id, status: "paid" } })).toBe(1);
    } finally {
      await configure({});
    }
  });
});

describe("one AI-credit figure", () => {
  it("reads the same on the wizard's step 3, My Campaigns and the analytics page", async () => {
    const { jar, userId } = await signedInJar("credits");
    await prisma.user.update({ where: { id: userId }, data: { aiDesignCredits: 4 } });
    // Growth Tee (5 plan credits), 3 generations had: 2 left.
    const fields = {
      creatorId: userId,
      planId: "growth_tee",
      entryLimit: 500,
      analyticsLevel: "standard",
      aiGenerationsUsed: 3,
      remainingGenerations: 2,
    };
    const live = await createCampaign(fields);
    const draft = await createCampaign({ ...fields, status: "draft", launchedAt: null, drawCommitment: null, drawSeed: null });

    const detail = "2 of 5 Growth Tee plan credits left (3/5 used) · 4 of your own";
    const wizard = await page(`/create-campaign-v2?campaignId=${draft.id}&step=3&mode=ai`, jar.header());
    expect(wizard.status).toBe(200);
    expect(testId(wizard.html, "ai-credits-available")).toBe("6");
    expect(testId(wizard.html, "ai-credits-detail")).toBe(detail);

    const analytics = await page(`/dashboard/campaigns/${live.id}/analytics`, jar.header());
    expect(testId(analytics.html, "ai-credits-available")).toBe("6");
    expect(testId(analytics.html, "ai-credits-detail")).toBe(detail);

    const dashboard = await page("/my-campaigns", jar.header());
    expect(testId(dashboard.html, "ai-credits-available")).toBe("4");
    expect(testId(dashboard.html, "ai-credits-detail")).toBe("4 of your own");
  });
});
