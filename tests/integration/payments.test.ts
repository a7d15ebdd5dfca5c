import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as success from "~/routes/campaign-success.$campaignId";
import * as testCheckout from "~/routes/checkout.test.$sessionId";
import * as wizard from "~/routes/create-campaign-v2";
import * as webhook from "~/routes/webhooks.stripe";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { configuredChain } from "~/server/draw/beacon.server";
import { plannedBeaconRound } from "~/server/draw/freeze.server";
import { completeCheckout, PAYMENT_PROCESSING, PRICE_MISSING, startCheckout } from "~/server/payments/launch.server";
import { readToast } from "~/server/core/toast.server";
import { signature, startFakeStripeServer, type FakeStripe } from "../fakes/stripe-server";
import { bodyOf, CookieJar, get, location, ORIGIN, post, run, statusOf } from "../helpers/http";
import { draftThroughStep, form, postForm, signedInJar } from "../helpers/wizard";

const SECRET_KEY = "sk_test_fake_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_fake_0123456789abcdef";
const PAYMENT_ENV = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL", "TEST_CHECKOUT"];

let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripeServer({ secretKey: SECRET_KEY });
});

afterAll(async () => {
  for (const name of PAYMENT_ENV) delete process.env[name];
  resetConfigForTests();
  await fake.close();
});

function configure(env: Record<string, string>) {
  for (const name of PAYMENT_ENV) delete process.env[name];
  Object.assign(process.env, env);
  resetConfigForTests();
}

const withStripe = () => configure({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });

async function save10Redemptions(): Promise<number> {
  return (await prisma.coupon.findUniqueOrThrow({ where: { code: "SAVE10" } })).redemptions;
}

/** A Growth Tee campaign with SAVE10, launched from step 5: answers the wizard's redirect. */
async function launchPaid(jar: CookieJar, title?: string): Promise<{ campaignId: string; result: Response }> {
  const campaignId = await draftThroughStep(jar, 4, { planId: "growth_tee", title });
  const url = `/create-campaign-v2?campaignId=${campaignId}&step=5`;
  jar.absorb((await run(wizard.action, postForm(jar, url, form({ step: "5", intent: "apply-coupon", couponCode: "save10" })))) as Response);
  const result = jar.absorb((await run(wizard.action, postForm(jar, url, form({ step: "5", intent: "launch" })))) as Response);
  return { campaignId, result };
}

async function sessionIdOf(campaignId: string): Promise<string> {
  const { stripeCheckoutSessionId } = await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } });
  expect(stripeCheckoutSessionId).toBeTruthy();
  return stripeCheckoutSessionId ?? "";
}

/** Stripe's POST to the webhook endpoint. */
async function deliver(payload: string, header: string | null = signature(payload, WEBHOOK_SECRET)) {
  const request = new Request(new URL("/webhooks/stripe", ORIGIN), {
    method: "POST",
    headers: { "Content-Type": "application/json; charset=utf-8", ...(header ? { "Stripe-Signature": header } : {}) },
    body: payload,
  });
  const response = (await run(webhook.action, request)) as Response;
  return { status: response.status, body: await response.text() };
}

async function campaign(id: string) {
  return prisma.campaign.findUniqueOrThrow({ where: { id } });
}

function successPage(jar: CookieJar, campaignId: string, sessionId: string) {
  return run(success.loader, get(jar, `/campaign-success/${campaignId}?session_id=${sessionId}`), { campaignId });
}

describe("Stripe Checkout", () => {
  beforeEach(withStripe);

  it("opens a checkout for the plan's price less the coupon", async () => {
    const { jar, email } = await signedInJar();
    const { campaignId, result } = await launchPaid(jar);
    const sessionId = await sessionIdOf(campaignId);
    expect(sessionId).toMatch(/^cs_test_/);
    expect(location(result)).toBe(fake.session(sessionId).url);

    const created = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1);
    expect(created?.params).toEqual({
      mode: "payment",
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "usd", unit_amount: "2610", product_data: { name: "Growth Tee – Integration Giveaway" } },
        },
      ],
      success_url: `${ORIGIN}/campaign-success/${campaignId}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/create-campaign-v2?step=5&campaignId=${campaignId}`,
      client_reference_id: campaignId,
      customer_email: email,
      metadata: { campaignId },
    });
    expect(await campaign(campaignId)).toMatchObject({ status: "pending_payment", totalCents: 2610, drawCommitment: null, paidAt: null });
  });

  it("goes live when the signed webhook reports the payment, with a draw commitment and one coupon redemption", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar);
    const sessionId = await sessionIdOf(campaignId);
    const redemptions = await save10Redemptions();

    fake.pay(sessionId);
    expect(await deliver(fake.event("checkout.session.completed", sessionId))).toEqual({ status: 200, body: "Campaign activated." });

    const live = await campaign(campaignId);
    expect(live).toMatchObject({ status: "active" });
    expect(live.paidAt).toBeInstanceOf(Date);
    expect(live.launchedAt).toBeInstanceOf(Date);
    expect(live.drawCommitment).toMatch(/^[0-9a-f]{64}$/);
    // The round published with the launch, and the margin it was planned with (decision 110).
    expect(live.drawBeaconMarginMinutes).toBe(10);
    expect(live.drawBeaconRound).toBe(plannedBeaconRound(configuredChain(), live.endDate!, 10));
    expect(
      createHash("sha256")
        .update(live.drawSeed ?? "")
        .digest("hex"),
    ).toBe(live.drawCommitment);
    expect(await save10Redemptions()).toBe(redemptions + 1);
    // The webhook did not trust the event's snapshot: it asked Stripe.
    expect(fake.requests.some((r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${sessionId}`)).toBe(true);
  });

  it("does not launch on a payment of a price the campaign no longer has", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar);
    const sessionId = await sessionIdOf(campaignId);
    // The creator moved to a dearer plan after opening this checkout (2610 cents), then paid it.
    await prisma.campaign.update({ where: { id: campaignId }, data: { totalCents: 7110 } });
    fake.pay(sessionId);
    expect(await deliver(fake.event("checkout.session.completed", sessionId))).toEqual({
      status: 200,
      body: "Paid less than the campaign's current price; not activated.",
    });
    expect(await campaign(campaignId)).toMatchObject({ status: "pending_payment", paidAt: null, drawCommitment: null });
  });

  it("keeps a cancelled payment waiting, and a new attempt replaces the old session", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar);
    const first = await sessionIdOf(campaignId);

    // Stripe's cancel link brings the creator back to step 5 of the saved campaign.
    const back = bodyOf<{ step: number; status: string }>(
      await run(wizard.loader, get(jar, `/create-campaign-v2?step=5&campaignId=${campaignId}`)),
    );
    expect(back).toMatchObject({ step: 5, status: "pending_payment" });
    expect(await deliver(fake.event("checkout.session.expired", first))).toEqual({ status: 200, body: "Ignored." });
    expect(await campaign(campaignId)).toMatchObject({ status: "pending_payment", paidAt: null });

    const again = jar.absorb(
      (await run(
        wizard.action,
        postForm(jar, `/create-campaign-v2?campaignId=${campaignId}&step=5`, form({ step: "5", intent: "launch" })),
      )) as Response,
    );
    const second = await sessionIdOf(campaignId);
    expect(second).not.toBe(first);
    expect(location(again)).toBe(fake.session(second).url);
    expect(fake.session(first).status).toBe("expired");
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar);
    const sessionId = await sessionIdOf(campaignId);
    fake.pay(sessionId);
    const payload = fake.event("checkout.session.completed", sessionId, "evt_bad_signature");
    const events = await prisma.paymentEvent.count();

    expect((await deliver(payload, signature(payload, "whsec_someone_else"))).status).toBe(400);
    expect((await deliver(payload, null)).status).toBe(400);
    expect((await deliver(payload.replace('"livemode":false', '"livemode":true '), signature(payload, WEBHOOK_SECRET))).status).toBe(400);
    expect((await deliver(payload, "t=1,v1=deadbeef")).status).toBe(400);

    expect(await campaign(campaignId)).toMatchObject({ status: "pending_payment", paidAt: null, drawCommitment: null });
    expect(await prisma.paymentEvent.count()).toBe(events);
  });

  it("handles the same event twice as once", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar);
    const sessionId = await sessionIdOf(campaignId);
    const redemptions = await save10Redemptions();
    fake.pay(sessionId);
    const payload = fake.event("checkout.session.completed", sessionId, `evt_twice_${campaignId}`);

    expect(await deliver(payload)).toEqual({ status: 200, body: "Campaign activated." });
    const first = await campaign(campaignId);
    expect(await deliver(payload)).toEqual({ status: 200, body: "Duplicate event." });
    const second = await campaign(campaignId);

    expect(await prisma.paymentEvent.count({ where: { id: `evt_twice_${campaignId}` } })).toBe(1);
    expect(second).toMatchObject({ status: "active", drawCommitment: first.drawCommitment, paidAt: first.paidAt });
    expect(await save10Redemptions()).toBe(redemptions + 1);
  });

  it("activates once whatever order the events arrive in", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar);
    const sessionId = await sessionIdOf(campaignId);
    const redemptions = await save10Redemptions();

    // A delayed payment method: checkout completes before the money arrives.
    fake.completeUnpaid(sessionId);
    const completed = fake.event("checkout.session.completed", sessionId);
    fake.pay(sessionId);
    const succeeded = fake.event("checkout.session.async_payment_succeeded", sessionId);

    expect(await deliver(succeeded)).toEqual({ status: 200, body: "Campaign activated." });
    const live = await campaign(campaignId);
    expect(await deliver(completed)).toEqual({ status: 200, body: "Already active." });
    expect(await campaign(campaignId)).toMatchObject({ status: "active", drawCommitment: live.drawCommitment });
    expect(await save10Redemptions()).toBe(redemptions + 1);
  });

  it("does nothing for a completed event while the session is unpaid, then activates once it is paid", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar);
    const sessionId = await sessionIdOf(campaignId);

    fake.completeUnpaid(sessionId);
    expect(await deliver(fake.event("checkout.session.completed", sessionId))).toEqual({ status: 200, body: "Not paid yet." });
    // Even an event claiming "paid" is checked against Stripe's session.
    const claimsPaid = fake.event("checkout.session.completed", sessionId).replace('"payment_status":"unpaid"', '"payment_status":"paid"');
    expect(await deliver(claimsPaid)).toEqual({ status: 200, body: "Not paid yet." });
    expect(await campaign(campaignId)).toMatchObject({ status: "pending_payment", paidAt: null });

    fake.pay(sessionId);
    expect(await deliver(fake.event("checkout.session.async_payment_succeeded", sessionId))).toEqual({
      status: 200,
      body: "Campaign activated.",
    });
    expect((await campaign(campaignId)).status).toBe("active");
  });

  it("will not open a second checkout while the first one's delayed payment is on its way", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar);
    const sessionId = await sessionIdOf(campaignId);
    fake.completeUnpaid(sessionId);

    const again = jar.absorb(
      (await run(
        wizard.action,
        postForm(jar, `/create-campaign-v2?campaignId=${campaignId}&step=5`, form({ step: "5", intent: "launch" })),
      )) as Response,
    );
    expect(location(again)).toBe(`/create-campaign-v2?step=5&campaignId=${campaignId}`);
    expect((await readToast(get(jar, "/"))).toast).toMatchObject({ title: "Submission Failed", description: PAYMENT_PROCESSING });
    expect(await sessionIdOf(campaignId)).toBe(sessionId);

    fake.pay(sessionId);
    expect((await deliver(fake.event("checkout.session.async_payment_succeeded", sessionId))).body).toBe("Campaign activated.");
  });

  it("launches a campaign paid through the other of two checkouts opened at once", async () => {
    const { jar, email } = await signedInJar();
    const campaignId = await draftThroughStep(jar, 4, { planId: "growth_tee" });
    // The wizard's launch opens one checkout; two more race after it (it is expired by both).
    await run(wizard.action, postForm(jar, `/create-campaign-v2?campaignId=${campaignId}&step=5`, form({ step: "5", intent: "launch" })));
    const opened = await Promise.all([
      startCheckout({ campaignId, customerEmail: email }),
      startCheckout({ campaignId, customerEmail: email }),
    ]);
    const remembered = await sessionIdOf(campaignId);
    const orphan = [...fake.sessions.values()].find(
      (s) => s.client_reference_id === campaignId && s.status === "open" && s.id !== remembered,
    );
    expect(orphan && opened.map((o) => o.url)).toContain(orphan?.url);

    fake.pay(orphan?.id ?? "");
    expect((await deliver(fake.event("checkout.session.completed", orphan?.id ?? ""))).body).toBe("Campaign activated.");
    expect(await campaign(campaignId)).toMatchObject({ status: "active", stripeCheckoutSessionId: orphan?.id });
  });

  it("shows 'confirming your payment' when the creator is back before the webhook, then the launch", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar, "Paid Before Webhook");
    const sessionId = await sessionIdOf(campaignId);
    fake.pay(sessionId);

    expect(bodyOf(await successPage(jar, campaignId, sessionId))).toEqual({
      ok: false,
      confirming: true,
      campaign: { id: campaignId, title: "Paid Before Webhook" },
    });
    await deliver(fake.event("checkout.session.completed", sessionId));
    expect(bodyOf(await successPage(jar, campaignId, sessionId))).toMatchObject({
      ok: true,
      campaign: { id: campaignId, title: "Paid Before Webhook" },
    });
  });

  it("shows the launch at once when the webhook came before the creator", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar, "Webhook Came First");
    const sessionId = await sessionIdOf(campaignId);
    fake.pay(sessionId);
    await deliver(fake.event("checkout.session.completed", sessionId));

    expect(bodyOf(await successPage(jar, campaignId, sessionId))).toMatchObject({ ok: true, campaign: { title: "Webhook Came First" } });
    // Someone else's link, or a stale session, does not show the creator's campaign or a spinner.
    const other = await signedInJar();
    const foreign = await successPage(other.jar, campaignId, sessionId);
    expect(statusOf(foreign)).toBe(404);
    expect(bodyOf(foreign)).toMatchObject({ ok: false });
    expect(statusOf(await successPage(jar, campaignId, sessionId))).toBe(200);
    const pending = await launchPaid(jar);
    const stale = await successPage(jar, pending.campaignId, "cs_test_stale");
    expect(statusOf(stale)).toBe(404);
    expect(bodyOf(stale)).toEqual({
      ok: false,
      error: "Could not retrieve campaign details after payment. Please check your dashboard or contact support.",
    });
  });

  it("turns a Stripe failure into a 'Submission Failed' toast on step 5", async () => {
    configure({ STRIPE_SECRET_KEY: "sk_test_wrong_key", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
    const { jar } = await signedInJar();
    const { campaignId, result } = await launchPaid(jar);
    expect(location(result)).toBe(`/create-campaign-v2?step=5&campaignId=${campaignId}`);
    expect((await readToast(get(jar, "/"))).toast).toEqual({
      type: "error",
      title: "Submission Failed",
      description: "Could not process your request. Please try again.",
    });
    expect(await campaign(campaignId)).toMatchObject({ status: "pending_payment", stripeCheckoutSessionId: null });
  });

  it("says the price is missing when the campaign has no plan to charge for", async () => {
    const { userId } = await signedInJar();
    const orphan = await prisma.campaign.create({
      data: { creatorId: userId, title: "No plan", status: "pending_payment", totalCents: 1000 },
    });
    await expect(startCheckout({ campaignId: orphan.id, customerEmail: "a@example.com" })).rejects.toThrow(PRICE_MISSING);
  });

  it("keeps the test checkout closed while Stripe is configured", async () => {
    const { jar, userId } = await signedInJar();
    const planted = await prisma.campaign.create({
      data: {
        creatorId: userId,
        title: "Planted",
        status: "pending_payment",
        totalCents: 1000,
        stripeCheckoutSessionId: `test_cs_${userId}`,
      },
    });
    const pay = await run(testCheckout.action, post(jar, `/checkout/test/test_cs_${userId}`, { intent: "pay" }), {
      sessionId: `test_cs_${userId}`,
    });
    expect(statusOf(pay)).toBe(404);
    expect((await campaign(planted.id)).status).toBe("pending_payment");
  });
});

describe("the built-in test checkout", () => {
  beforeEach(() => configure({}));

  it("takes the creator from launch to a TEST MODE page and, on paying, live", async () => {
    const { jar } = await signedInJar();
    const redemptions = await save10Redemptions();
    const { campaignId, result } = await launchPaid(jar, "Test Mode Tee");
    const sessionId = await sessionIdOf(campaignId);
    expect(sessionId).toMatch(/^test_cs_[0-9a-f]{36}$/);
    expect(location(result)).toBe(`/checkout/test/${sessionId}`);

    const page = await run(testCheckout.loader, get(jar, `/checkout/test/${sessionId}`), { sessionId });
    expect(statusOf(page)).toBe(200);
    expect(bodyOf(page)).toMatchObject({
      state: "open",
      summary: { campaignId, title: "Test Mode Tee", planName: "Growth Tee", priceCents: 2900, discountCents: 290, totalCents: 2610 },
    });

    const paid = await run(testCheckout.action, post(jar, `/checkout/test/${sessionId}`, { intent: "pay" }), { sessionId });
    expect(location(paid)).toBe(`/campaign-success/${campaignId}?session_id=${sessionId}`);
    const live = await campaign(campaignId);
    expect(live).toMatchObject({ status: "active" });
    expect(live.drawCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(live.paidAt).toBeInstanceOf(Date);
    expect(bodyOf(await successPage(jar, campaignId, sessionId))).toMatchObject({ ok: true, campaign: { title: "Test Mode Tee" } });

    // A second click (back button, double submit) lands on the same page and launches nothing twice.
    const again = await run(testCheckout.action, post(jar, `/checkout/test/${sessionId}`, { intent: "pay" }), { sessionId });
    expect(location(again)).toBe(`/campaign-success/${campaignId}?session_id=${sessionId}`);
    expect(await save10Redemptions()).toBe(redemptions + 1);
  });

  it("launches once when two payments for the same session race", async () => {
    const { jar } = await signedInJar();
    const redemptions = await save10Redemptions();
    const { campaignId } = await launchPaid(jar);
    const sessionId = await sessionIdOf(campaignId);
    const results = await Promise.all([completeCheckout(sessionId), completeCheckout(sessionId), completeCheckout(sessionId)]);
    expect(results.sort()).toEqual(["activated", "already-active", "already-active"]);
    expect(await save10Redemptions()).toBe(redemptions + 1);
  });

  it("cancels back to the last step with the campaign saved", async () => {
    const { jar } = await signedInJar();
    const { campaignId } = await launchPaid(jar);
    const sessionId = await sessionIdOf(campaignId);
    const cancelled = jar.absorb(
      (await run(testCheckout.action, post(jar, `/checkout/test/${sessionId}`, { intent: "cancel" }), { sessionId })) as Response,
    );
    expect(location(cancelled)).toBe(`/create-campaign-v2?step=5&campaignId=${campaignId}`);
    expect((await readToast(get(jar, "/"))).toast).toEqual({
      type: "info",
      title: "Payment Cancelled",
      description: "Your campaign is saved; you can pay when you're ready.",
    });
    expect(await campaign(campaignId)).toMatchObject({ status: "pending_payment", paidAt: null, drawCommitment: null });
  });

  it("is only for the campaign's creator", async () => {
    const owner = await signedInJar();
    const { campaignId } = await launchPaid(owner.jar);
    const sessionId = await sessionIdOf(campaignId);
    const stranger = await signedInJar("stranger");

    const page = await run(testCheckout.loader, get(stranger.jar, `/checkout/test/${sessionId}`), { sessionId });
    expect(statusOf(page)).toBe(403);
    expect(bodyOf(page)).toEqual({ state: "forbidden" });
    const pay = await run(testCheckout.action, post(stranger.jar, `/checkout/test/${sessionId}`, { intent: "pay" }), { sessionId });
    expect(statusOf(pay)).toBe(403);
    expect((await campaign(campaignId)).status).toBe("pending_payment");

    const visitor = await run(testCheckout.loader, get(new CookieJar(), `/checkout/test/${sessionId}`), { sessionId });
    expect(location(visitor)).toMatch(/^\/login\?redirectTo=/);
  });

  it("answers 404 for an unknown session", async () => {
    const { jar } = await signedInJar();
    const page = await run(testCheckout.loader, get(jar, "/checkout/test/test_cs_unknown"), { sessionId: "test_cs_unknown" });
    expect(statusOf(page)).toBe(404);
    expect(bodyOf(page)).toEqual({ state: "not-found" });
  });

  it("is off when switched off, and launching then says payments are not configured", async () => {
    configure({ TEST_CHECKOUT: "false" });
    const { jar } = await signedInJar();
    const { campaignId, result } = await launchPaid(jar);
    expect(location(result)).toBe(`/create-campaign-v2?step=5&campaignId=${campaignId}`);
    expect((await readToast(get(jar, "/"))).toast).toEqual({
      type: "error",
      title: "Submission Failed",
      description: "Payments are not configured.",
    });
    expect(await campaign(campaignId)).toMatchObject({ status: "pending_payment", stripeCheckoutSessionId: null });
  });

  it("answers 404 on the webhook endpoint, which only Stripe uses", async () => {
    expect((await deliver('{"id":"evt_1","object":"event"}')).status).toBe(404);
  });
});
