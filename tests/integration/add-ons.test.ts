/**
 * Add-ons (decision 068), over real HTTP against a real database: buying the Featured Listing Boost
 * and the Advanced Analytics Report through the TEST MODE checkout and through Stripe (the fake
 * server and its signed webhook, duplicates included); the featured band on the home page and
 * Browse Giveaways (the latest payer on top, the week's end and the campaign's end taken from the
 * database's time fields); the refusals; the report's PDF (who may download it, that pdf-lib loads
 * it, and that it holds the campaign's figures); and pages that price only what can be bought.
 */
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { signature, startFakeStripeServer, type FakeStripe } from "../fakes/stripe-server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { postForm } from "../helpers/http";
import { pdfText } from "../helpers/pdf";
import { signedInJar } from "../helpers/wizard";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const SECRET_KEY = "sk_test_fake_addons_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_fake_addons_0123456789abcdef";
const PAYMENT_ENV = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL", "TEST_CHECKOUT"];
const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;

let app: InProcessAppServer;
let fake: FakeStripe;

beforeAll(async () => {
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

const withStripe = () => configure({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });

const visible = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

async function page(path: string, cookie = ""): Promise<{ status: number; html: string; response: Response }> {
  const response = await fetch(`${app.url}${path}`, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), "User-Agent": BROWSER },
    redirect: "manual",
  });
  return { status: response.status, html: visible(await response.text()), response };
}

function send(path: string, cookie: string, fields: Record<string, string>): Promise<Response> {
  return postForm(app.url, path, fields, { Cookie: cookie, "User-Agent": BROWSER, Origin: app.url });
}

/** The campaign ids of the featured band of a page, top to bottom, or null when the page has no band. */
async function featuredOn(path: string): Promise<string[] | null> {
  const { status, html } = await page(path);
  expect(status, path).toBe(200);
  const start = html.indexOf('data-testid="featured-giveaways"');
  if (start === -1) return null;
  const band = html.slice(start, html.indexOf("</section>", start));
  const ids = [...band.matchAll(/href="\/campaign\/([a-z0-9]+)"/g)].map((match) => match[1] ?? "");
  // Every card of the band says "Featured" in words.
  expect(band.match(/data-testid="featured-badge"[^>]*>Featured</g)?.length, path).toBe(ids.length);
  return ids;
}

/** The same band on the three pages that show it: the home page, / and Browse Giveaways. */
async function featuredEverywhere(): Promise<string[] | null> {
  const [home, index, browse] = await Promise.all([featuredOn("/home"), featuredOn("/"), featuredOn("/giveaways")]);
  expect(index).toEqual(home);
  expect(browse).toEqual(home);
  return home;
}

/** Starts buying an add-on from the add-ons page's form; answers the checkout's path. */
async function startBuying(cookie: string, addOn: string, campaignId: string): Promise<string> {
  const started = await send("/dashboard/addons", cookie, { addOn, campaignId });
  expect(started.status).toBe(303);
  const location = started.headers.get("Location") ?? "";
  return location;
}

const purchases = (campaignId: string) => prisma.addOnPurchase.findMany({ where: { campaignId }, orderBy: { createdAt: "asc" } });

describe("the Featured Listing Boost through the TEST MODE checkout", () => {
  it("features a paid campaign at the top of the home page and /giveaways, the latest payer first, for 7 days or until it ends", async () => {
    await configure({});
    // Campaigns featured by earlier tests in this file would share the band: none is, this test runs first.
    expect(await featuredEverywhere()).toBeNull();

    const first = await signedInJar("boost-first");
    const second = await signedInJar("boost-second");
    const a = await createCampaign({ creatorId: first.userId, title: "Kestrel Coffee Winter Tee" });
    const b = await createCampaign({ creatorId: second.userId, title: "Harbour Surf Hoodie" });
    const plain = await createCampaign({ creatorId: first.userId, title: "Not Featured Mug" });

    // The add-ons page offers the boost for the creator's live campaigns, with its price.
    const offer = await page(`/dashboard/addons?campaignId=${a.id}`, first.jar.header());
    expect(offer.status).toBe(200);
    expect(offer.html).toContain("Featured Listing Boost");
    expect(offer.html).toContain("$29.00");
    expect(offer.html).toContain(`<option value="${a.id}" selected="">Kestrel Coffee Winter Tee</option>`);

    const checkoutPath = await startBuying(first.jar.header(), "featured_boost", a.id);
    expect(checkoutPath).toMatch(/^\/checkout\/test\/test_cs_[0-9a-f]+$/);
    const checkout = await page(checkoutPath, first.jar.header());
    expect(checkout.status).toBe(200);
    expect(checkout.html).toContain("TEST MODE");
    expect(checkout.html).toContain("Buy Featured Listing Boost");
    expect(checkout.html).toContain("Pay $29.00");
    // Another account cannot see or pay it; nothing is featured before the payment.
    expect((await page(checkoutPath, second.jar.header())).status).toBe(403);
    expect((await send(checkoutPath, second.jar.header(), { intent: "pay" })).status).toBe(403);
    expect(await featuredEverywhere()).toBeNull();

    // Paid twice at once (a double click without JavaScript), then once more: one paid purchase.
    const paid = await Promise.all([1, 2].map(() => send(checkoutPath, first.jar.header(), { intent: "pay" })));
    expect(paid.map((r) => [r.status, r.headers.get("Location")])).toEqual([
      [302, `/dashboard/addons?campaignId=${a.id}`],
      [302, `/dashboard/addons?campaignId=${a.id}`],
    ]);
    expect((await send(checkoutPath, first.jar.header(), { intent: "pay" })).status).toBe(302);
    const [boostA] = await purchases(a.id);
    expect(await purchases(a.id)).toHaveLength(1);
    expect(boostA).toMatchObject({ kind: "featured_boost", status: "paid", amountCents: 2900, buyerId: first.userId });
    expect(boostA?.featuredUntil?.getTime()).toBe((boostA?.paidAt?.getTime() ?? 0) + WEEK);
    expect(await featuredEverywhere()).toEqual([a.id]);

    // The toast the buyer lands with.
    const toastCookie = paid[0]?.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const landed = await page(`/dashboard/addons?campaignId=${a.id}`, `${first.jar.header()}; ${toastCookie}`);
    expect(landed.html).toContain("Featured Listing Boost active");
    expect(landed.html).toContain(`"Kestrel Coffee Winter Tee" is featured at the top of the home page and Browse Giveaways until`);
    expect(landed.html).toContain('data-testid="featured-now"');

    // A second creator pays later for the same band: theirs is on top.
    const checkoutB = await startBuying(second.jar.header(), "featured_boost", b.id);
    expect((await send(checkoutB, second.jar.header(), { intent: "pay" })).status).toBe(302);
    const [boostB] = await purchases(b.id);
    expect(boostB?.paidAt?.getTime()).toBeGreaterThan(boostA?.paidAt?.getTime() ?? Infinity);
    expect(await featuredEverywhere()).toEqual([b.id, a.id]);
    // Placed by payment time, not by when the campaign was made or its title: swapping the payment
    // times in the database swaps the band.
    await prisma.addOnPurchase.update({ where: { id: boostA!.id }, data: { paidAt: new Date(boostB!.paidAt!.getTime() + 1000) } });
    expect(await featuredEverywhere()).toEqual([a.id, b.id]);
    await prisma.addOnPurchase.update({ where: { id: boostA!.id }, data: { paidAt: boostA!.paidAt } });
    // The campaign not featured is listed on /giveaways, not in the band, and its card says nothing of it.
    const browse = await page("/giveaways");
    expect(browse.html).toContain(plain.title);

    // A's week runs out (its payment moved back 7 days and a minute): it leaves the band at once, also for anonymous visitors.
    const weekAgo = new Date(Date.now() - WEEK - 60_000);
    await prisma.addOnPurchase.update({
      where: { id: boostA!.id },
      data: { paidAt: weekAgo, featuredUntil: new Date(weekAgo.getTime() + WEEK) },
    });
    expect(await featuredEverywhere()).toEqual([b.id]);

    // B's campaign ends before its week does: its feature ends with it.
    await prisma.campaign.update({ where: { id: b.id }, data: { endDate: new Date(Date.now() - 1000) } });
    expect(await featuredEverywhere()).toBeNull();
    expect((await prisma.addOnPurchase.findUniqueOrThrow({ where: { id: boostB!.id } })).featuredUntil?.getTime()).toBeGreaterThan(
      Date.now(),
    );
  });

  it("places a campaign bought twice (two checkouts paid at once) by its later payment, until its later week ends", async () => {
    await configure({});
    const { jar, userId } = await signedInJar("boost-twice");
    const other = await signedInJar("boost-twice-other");
    const mine = await createCampaign({ creatorId: userId });
    const theirs = await createCampaign({ creatorId: other.userId });
    const paths = [await startBuying(jar.header(), "featured_boost", mine.id), await startBuying(jar.header(), "featured_boost", mine.id)];
    const theirPath = await startBuying(other.jar.header(), "featured_boost", theirs.id);
    expect((await send(paths[0]!, jar.header(), { intent: "pay" })).status).toBe(302);
    expect((await send(theirPath, other.jar.header(), { intent: "pay" })).status).toBe(302);
    expect(await featuredEverywhere()).toEqual([theirs.id, mine.id]);
    // Its second checkout, paid after theirs, puts it back on top; both payments are kept.
    expect((await send(paths[1]!, jar.header(), { intent: "pay" })).status).toBe(302);
    expect(await featuredEverywhere()).toEqual([mine.id, theirs.id]);
    const rows = await purchases(mine.id);
    expect(rows.map((row) => row.status)).toEqual(["paid", "paid"]);
    // The later week outlasts the first: with the first one's run out, the campaign is still featured.
    await prisma.addOnPurchase.update({ where: { id: rows[0]!.id }, data: { featuredUntil: new Date(Date.now() - 1000) } });
    expect(await featuredEverywhere()).toEqual([mine.id, theirs.id]);
    await prisma.addOnPurchase.updateMany({
      where: { campaignId: { in: [mine.id, theirs.id] } },
      data: { featuredUntil: new Date(Date.now() - 1000) },
    });
    expect(await featuredEverywhere()).toBeNull();
  });

  it("refuses an ended campaign, a draft, another user's campaign, an unknown add-on, a campaign featured already and a full band", async () => {
    await configure({});
    const { jar, userId } = await signedInJar("boost-refused");
    const other = await signedInJar("boost-refused-other");
    const ended = await createCampaign({
      creatorId: userId,
      startDate: new Date(Date.now() - 9 * DAY),
      endDate: new Date(Date.now() - DAY),
    });
    const completed = await createCampaign({ creatorId: userId, status: "completed" });
    const draft = await createCampaign({ creatorId: userId, status: "draft" });
    const live = await createCampaign({ creatorId: userId });
    const cases: [Record<string, string>, number, string][] = [
      [
        { addOn: "featured_boost", campaignId: ended.id },
        409,
        "Only a live giveaway can be featured: this one has ended or has not launched.",
      ],
      [{ addOn: "featured_boost", campaignId: completed.id }, 409, "Only a live giveaway can be featured"],
      [{ addOn: "featured_boost", campaignId: draft.id }, 409, "Only a live giveaway can be featured"],
      [{ addOn: "social_shoutout", campaignId: live.id }, 400, "Choose an add-on."],
      [{ addOn: "featured_boost", campaignId: "" }, 400, "Choose one of your giveaways."],
      [{ addOn: "featured_boost", campaignId: "nosuchcampaign" }, 404, "Campaign not found or you don't have permission to view it."],
    ];
    for (const [fields, status, message] of cases) {
      const response = await send("/dashboard/addons", jar.header(), fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(visible(await response.text())).toContain(message);
    }
    const theirs = await send("/dashboard/addons", other.jar.header(), { addOn: "featured_boost", campaignId: live.id });
    expect(theirs.status).toBe(404);
    expect(await prisma.addOnPurchase.count({ where: { campaignId: { in: [ended.id, completed.id, draft.id, live.id] } } })).toBe(0);

    // Featured already: a second week is sold once this one ends.
    const path = await startBuying(jar.header(), "featured_boost", live.id);
    await send(path, jar.header(), { intent: "pay" });
    const again = await send("/dashboard/addons", jar.header(), { addOn: "featured_boost", campaignId: live.id });
    expect(again.status).toBe(409);
    expect(visible(await again.text())).toMatch(/This giveaway is already featured until \w+ \d+, \d{4}\./);

    // Six featured places, all taken: the next buyer is told when one frees up.
    const fillers = await Promise.all(Array.from({ length: 5 }, () => createCampaign({ creatorId: other.userId })));
    const soonest = new Date(Date.now() + 2 * DAY);
    for (const [index, filler] of fillers.entries()) {
      await prisma.addOnPurchase.create({
        data: {
          campaignId: filler.id,
          buyerId: other.userId,
          kind: "featured_boost",
          amountCents: 2900,
          status: "paid",
          paidAt: new Date(),
          featuredUntil: index === 0 ? soonest : new Date(Date.now() + 5 * DAY),
        },
      });
    }
    const waiting = await createCampaign({ creatorId: userId });
    const full = await send("/dashboard/addons", jar.header(), { addOn: "featured_boost", campaignId: waiting.id });
    expect(full.status).toBe(409);
    const soonestLabel = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" }).format(
      soonest,
    );
    expect(visible(await full.text())).toContain(`All 6 featured places are taken. The next one frees up on ${soonestLabel}.`);
    expect((await page("/dashboard/addons", jar.header())).html).toContain(`The next one frees up on ${soonestLabel}.`);
    expect(await prisma.addOnPurchase.count({ where: { campaignId: waiting.id } })).toBe(0);
    await prisma.addOnPurchase.updateMany({ where: { kind: "featured_boost" }, data: { featuredUntil: new Date(Date.now() - 1000) } });
  });
});

describe("the Featured Listing Boost through Stripe Checkout", () => {
  it("opens a session for $29 and features the campaign once through the signed webhook, duplicates included", async () => {
    await withStripe();
    try {
      const { jar, userId, email } = await signedInJar("boost-stripe");
      const campaign = await createCampaign({ creatorId: userId });
      const started = await send("/dashboard/addons", jar.header(), { addOn: "featured_boost", campaignId: campaign.id });
      expect(started.status).toBe(303);
      const [purchase] = await purchases(campaign.id);
      const sessionId = purchase?.checkoutSessionId ?? "";
      expect(sessionId).toMatch(/^cs_test_/);
      expect(started.headers.get("Location")).toBe(fake.session(sessionId).url);
      const created = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1);
      expect(created?.params).toMatchObject({
        mode: "payment",
        line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "2900" } }],
        success_url: `http://localhost:3000/dashboard/addons?campaignId=${campaign.id}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `http://localhost:3000/dashboard/addons?campaignId=${campaign.id}`,
        customer_email: email,
        metadata: { campaignId: campaign.id, addOnId: purchase?.id, addOn: "featured_boost" },
      });

      const deliver = async (payload: string, secret = WEBHOOK_SECRET) => {
        const response = await fetch(`${app.url}/webhooks/stripe`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature(payload, secret) },
          body: payload,
        });
        return [response.status, await response.text()];
      };
      expect(await deliver(fake.event("checkout.session.completed", sessionId))).toEqual([200, "Not paid yet."]);
      expect((await featuredEverywhere()) ?? []).not.toContain(campaign.id);
      fake.pay(sessionId);
      // A forged event (wrong secret) changes nothing.
      expect(await deliver(fake.event("checkout.session.completed", sessionId), "whsec_forged")).toEqual([400, "Invalid signature."]);
      const event = fake.event("checkout.session.completed", sessionId, `evt_boost_${campaign.id}`);
      expect(await deliver(event)).toEqual([200, "Campaign featured."]);
      expect(await deliver(event)).toEqual([200, "Duplicate event."]);
      expect(await deliver(fake.event("checkout.session.async_payment_succeeded", sessionId))).toEqual([200, "Already paid."]);
      expect((await purchases(campaign.id)).map((row) => row.status)).toEqual(["paid"]);
      expect(await featuredEverywhere()).toEqual([campaign.id]);

      // Back from Stripe: to the add-ons page with the toast.
      const back = await page(`/dashboard/addons?campaignId=${campaign.id}&session_id=${sessionId}`, jar.header());
      expect(back.status).toBe(302);
      expect(back.response.headers.get("Location")).toBe(`/dashboard/addons?campaignId=${campaign.id}`);
      await prisma.addOnPurchase.updateMany({ where: { campaignId: campaign.id }, data: { featuredUntil: new Date(Date.now() - 1000) } });
    } finally {
      await configure({});
    }
  });

  it("completes on the buyer's return when the webhook is late; a boost paid after its campaign ended is recorded, not applied", async () => {
    await withStripe();
    try {
      const { jar, userId } = await signedInJar("boost-return");
      const campaign = await createCampaign({ creatorId: userId });
      await send("/dashboard/addons", jar.header(), { addOn: "featured_boost", campaignId: campaign.id });
      const sessionId = (await purchases(campaign.id))[0]?.checkoutSessionId ?? "";
      const unpaid = await page(`/dashboard/addons?campaignId=${campaign.id}&session_id=${sessionId}`, jar.header());
      expect(unpaid.status).toBe(200);
      expect(unpaid.html).toContain("Your payment is being confirmed.");
      fake.pay(sessionId);
      const back = await page(`/dashboard/addons?campaignId=${campaign.id}&session_id=${sessionId}`, jar.header());
      expect(back.status).toBe(302);
      expect(await featuredEverywhere()).toEqual([campaign.id]);
      const payload = fake.event("checkout.session.completed", sessionId);
      const late = await fetch(`${app.url}/webhooks/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature(payload, WEBHOOK_SECRET) },
        body: payload,
      });
      expect(await late.text()).toBe("Already paid.");

      // Opened while live, paid after the end: the money is recorded (for a refund), nothing is featured.
      const ending = await createCampaign({ creatorId: userId });
      await send("/dashboard/addons", jar.header(), { addOn: "featured_boost", campaignId: ending.id });
      const endingSession = (await purchases(ending.id))[0]?.checkoutSessionId ?? "";
      await prisma.campaign.update({ where: { id: ending.id }, data: { endDate: new Date(Date.now() - 1000) } });
      fake.pay(endingSession);
      const endingEvent = fake.event("checkout.session.completed", endingSession);
      const answer = await fetch(`${app.url}/webhooks/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature(endingEvent, WEBHOOK_SECRET) },
        body: endingEvent,
      });
      expect(await answer.text()).toBe("Paid, but the campaign had ended; not featured.");
      expect(await purchases(ending.id)).toMatchObject([{ status: "paid", featuredUntil: null }]);
      await prisma.addOnPurchase.updateMany({ where: { campaignId: campaign.id }, data: { featuredUntil: new Date(Date.now() - 1000) } });
    } finally {
      await configure({});
    }
  });
});

/** A campaign with entries of every kind the report counts, made straight in the database. */
async function reportCampaign(creatorId: string) {
  // Midnight UTC three days ago: entries two hours into a day stay on that day whatever the time now
  // (from 22:00 UTC on, "start + 2 h" fell on the next day and the first day's bar was empty).
  const start = new Date(Math.floor((Date.now() - 3 * DAY) / DAY) * DAY);
  const campaign = await createCampaign({
    creatorId,
    title: "Kestrel Coffee Winter Tee",
    brandName: "Kestrel Coffee Co.",
    startDate: start,
    endDate: new Date(start.getTime() + 7 * DAY),
    pageViews: 240,
  });
  const day1 = new Date(start.getTime() + 2 * 60 * 60 * 1000);
  const day2 = new Date(start.getTime() + DAY + 2 * 60 * 60 * 1000);
  const entry = (email: string, at: Date, extra: Record<string, unknown> = {}) =>
    prisma.entry.create({
      data: { campaignId: campaign.id, email, emailNormalized: email, agreedToTerms: true, createdAt: at, confirmedAt: at, ...extra },
    });
  const referrer = await entry("ambassador@gmail.com", day1);
  await entry("bob@kestrel.example", day1);
  await entry("cat@gmail.com", day1);
  for (const [i, email] of ["ref1@gmail.com", "ref2@yahoo.com"].entries()) {
    await entry(email, new Date(day2.getTime() + i * 1000), { referrerId: referrer.id, referralCredited: true });
  }
  // Five entries from one network within minutes: a fraud flag.
  for (let i = 0; i < 5; i++) {
    await entry(`office${i}@officenet.example`, new Date(day2.getTime() + 60_000 * (i + 1)), { ipNetwork: "203.0.113.0/24" });
  }
  await entry("pending@gmail.com", day2, { confirmedAt: null });
  await entry("cheat@gmail.com", day2, { disqualifiedAt: day2, disqualifyReason: "fake" });
  await prisma.campaign.update({ where: { id: campaign.id }, data: { entryCount: 10 } });
  return campaign;
}

describe("the Advanced Analytics Report", () => {
  it("is bought through the TEST MODE checkout and downloads as a PDF with the campaign's figures, for its creator and admins only", async () => {
    await configure({});
    const owner = await signedInJar("report-owner");
    const other = await signedInJar("report-other");
    const admin = await signedInJar("report-admin");
    await prisma.user.update({ where: { id: admin.userId }, data: { role: "admin" } });
    const campaign = await reportCampaign(owner.userId);
    const reportPath = `/dashboard/campaigns/${campaign.id}/report.pdf`;

    // Before it is bought: the URL sends the creator to buy it, with a message; others get a 404.
    const unpaid = await page(reportPath, owner.jar.header());
    expect(unpaid.status).toBe(303);
    expect(unpaid.response.headers.get("Location")).toBe(`/dashboard/addons?campaignId=${campaign.id}`);
    const toast = unpaid.response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const told = await page(`/dashboard/addons?campaignId=${campaign.id}`, `${owner.jar.header()}; ${toast}`);
    expect(told.html).toContain(
      `The Advanced Analytics Report for "Kestrel Coffee Winter Tee" has not been bought yet. Buy it here, then download it.`,
    );
    expect(told.html).toContain("$19.00");
    expect((await page(reportPath, other.jar.header())).status).toBe(404);
    expect((await page(reportPath)).response.headers.get("Location")).toMatch(/^\/login\?/);

    const checkoutPath = await startBuying(owner.jar.header(), "analytics_report", campaign.id);
    const checkout = await page(checkoutPath, owner.jar.header());
    expect(checkout.html).toContain("Buy Advanced Analytics Report");
    expect(checkout.html).toContain("Pay $19.00");
    const paid = await send(checkoutPath, owner.jar.header(), { intent: "pay" });
    expect([paid.status, paid.headers.get("Location")]).toEqual([302, `/dashboard/addons?campaignId=${campaign.id}`]);
    expect(await purchases(campaign.id)).toMatchObject([
      { kind: "analytics_report", status: "paid", amountCents: 1900, featuredUntil: null },
    ]);
    const listed = await page(`/dashboard/addons?campaignId=${campaign.id}`, owner.jar.header());
    expect(listed.html).toContain(`href="${reportPath}"`);
    // A report is bought once per campaign.
    const again = await send("/dashboard/addons", owner.jar.header(), { addOn: "analytics_report", campaignId: campaign.id });
    expect(again.status).toBe(409);
    expect(visible(await again.text())).toContain("You already have this giveaway's report: download it from Add-ons.");

    const download = await page(reportPath, owner.jar.header());
    expect(download.status).toBe(200);
    expect(download.response.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="kestrel-coffee-winter-tee-analytics-report.pdf"',
    );
    expect(download.response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await (await fetch(`${app.url}${reportPath}`, { headers: { Cookie: owner.jar.header() } })).arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBeGreaterThanOrEqual(2);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Kestrel Coffee Winter Tee - Advanced Analytics Report");
    // The cover: title, brand and the key figures (10 counted = 8 direct + 2 referral; 1 pending; 240 views; 1 disqualified).
    for (const line of [
      "ADVANCED ANALYTICS REPORT",
      "Kestrel Coffee Winter Tee",
      "by Kestrel Coffee Co.",
      "Counted entries",
      "Page views",
    ]) {
      expect(text).toContain(line);
    }
    const cover = text.slice(0, text.indexOf("Entries over time"));
    expect(cover).toMatch(
      /\n10\nCounted entries\n8\nDirect entries\n2\nReferral entries\n1\nAwaiting confirmation\n240\nPage views\n1\nDisqualified/,
    );
    // Entries over time: 3 on the first day, 7 on the second, a running total of 10.
    const day = (offset: number) =>
      new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" }).format(
        new Date((campaign.startDate?.getTime() ?? 0) + offset * DAY),
      );
    expect(text).toContain(`${day(0)}\n3\n3`);
    expect(text).toContain(`${day(1)}\n7\n10`);
    // Sources, referrals (masked), domains and the flag.
    expect(text).toContain("Direct\n8\n80%");
    expect(text).toContain("Referral\n2\n20%");
    expect(text).toContain("1\namb***@gmail.com\n2");
    expect(text).not.toContain("ambassador@gmail.com");
    expect(text).toContain("1\nofficenet.example\n5\n50%");
    expect(text).toContain("2\ngmail.com\n3\n30%");
    expect(text).toMatch(/5 entries from network 203\.0\.113\.0\/24 within \d+ minutes\n5/);
    expect(text).toContain("Disqualified entries: 1.");

    // An admin may download it too; another creator may not.
    expect((await page(reportPath, admin.jar.header())).status).toBe(200);
    expect((await page(reportPath, other.jar.header())).status).toBe(404);
  });

  it("is bought through Stripe Checkout and its webhook; a title the standard font cannot write is drawn as a picture", async () => {
    await withStripe();
    try {
      const { jar, userId } = await signedInJar("report-stripe");
      const campaign = await createCampaign({ creatorId: userId, title: "Зимняя футболка ☕", brandName: "Кофейня" });
      await send("/dashboard/addons", jar.header(), { addOn: "analytics_report", campaignId: campaign.id });
      const sessionId = (await purchases(campaign.id))[0]?.checkoutSessionId ?? "";
      expect(fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)?.params).toMatchObject({
        line_items: [{ price_data: { unit_amount: "1900" } }],
        metadata: { addOn: "analytics_report" },
      });
      const reportPath = `/dashboard/campaigns/${campaign.id}/report.pdf`;
      expect((await page(reportPath, jar.header())).status).toBe(303);
      fake.pay(sessionId);
      const payload = fake.event("checkout.session.completed", sessionId);
      const answer = await fetch(`${app.url}/webhooks/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature(payload, WEBHOOK_SECRET) },
        body: payload,
      });
      expect(await answer.text()).toBe("Report bought.");
      const download = await fetch(`${app.url}${reportPath}`, { headers: { Cookie: jar.header() } });
      expect(download.status).toBe(200);
      expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="giveaway-analytics-report.pdf"');
      const bytes = new Uint8Array(await download.arrayBuffer());
      const doc = await PDFDocument.load(bytes);
      expect(doc.getTitle()).toBe("Зимняя футболка ☕ - Advanced Analytics Report");
      const { text } = await pdfText(bytes);
      expect(text).toContain("No counted entries yet.");
      // The title is a picture on the cover, never question marks.
      expect(text).not.toMatch(/\?{3}/);
      expect(doc.getPages()[0]?.node.Resources()?.toString()).toContain("/XObject");
    } finally {
      await configure({});
    }
  });
});

describe("pages that price only what can be bought", () => {
  it("the success page offers the two add-ons for the campaign, the shoutout pack without a price, and shows what was bought", async () => {
    await configure({});
    const { jar, userId } = await signedInJar("success-addons");
    const campaign = await createCampaign({ creatorId: userId });
    const success = await page(`/campaign-success/${campaign.id}?free_campaign=true`, jar.header());
    expect(success.status).toBe(200);
    expect(success.html).toContain("Feature it for $29.00");
    expect(success.html).toContain("Buy report for $19.00");
    expect(success.html).toContain("Social Media Shoutout Pack");
    expect(success.html).not.toContain("$49");
    expect(success.html).not.toContain("conceptual");
    for (const addOn of ["featured_boost", "analytics_report"]) {
      expect(success.html).toMatch(
        new RegExp(
          `<form[^>]*action="/dashboard/addons" method="post"[^>]*><input type="hidden" name="addOn" value="${addOn}"/><input type="hidden" name="campaignId" value="${campaign.id}"/>`,
        ),
      );
    }

    // The success page's button is a plain form to the add-ons page, which opens the checkout.
    const boost = await startBuying(jar.header(), "featured_boost", campaign.id);
    await send(boost, jar.header(), { intent: "pay" });
    const report = await startBuying(jar.header(), "analytics_report", campaign.id);
    await send(report, jar.header(), { intent: "pay" });
    const after = await page(`/campaign-success/${campaign.id}?free_campaign=true`, jar.header());
    expect(after.html).toMatch(/Featured until \w{3} \d+, \d{4}, \d\d:\d\d UTC/);
    expect(after.html).toContain(`href="/dashboard/campaigns/${campaign.id}/report.pdf"`);
    expect(after.html).not.toContain("Feature it for $29.00");
    await prisma.addOnPurchase.updateMany({ where: { campaignId: campaign.id }, data: { featuredUntil: new Date(Date.now() - 1000) } });
  });

  it("the add-ons page and the dashboard price the two add-ons and never the shoutout pack", async () => {
    await configure({});
    const { jar, userId } = await signedInJar("addons-page");
    await createCampaign({ creatorId: userId });
    const addOns = await page("/dashboard/addons", jar.header());
    expect(addOns.status).toBe(200);
    expect(addOns.html).toContain("Feature for $29.00");
    expect(addOns.html).toContain("Buy report for $19.00");
    const soon = addOns.html.slice(addOns.html.indexOf('data-testid="addon-coming-soon"'));
    expect(soon.slice(0, soon.indexOf("</li>"))).toContain("Coming soon");
    expect(addOns.html).not.toContain("$49");
    expect(addOns.html).not.toContain("Coming Soon</h1>");
    const dashboard = await page("/my-campaigns", jar.header());
    expect(dashboard.status).toBe(200);
    expect(dashboard.html).not.toContain("$49");
    expect(dashboard.html).not.toContain("Shoutout");
  });
});
