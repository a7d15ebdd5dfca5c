import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signClaimToken } from "~/domain/claims";
import { PRINTIFY_PRODUCTS } from "~/domain/printify";
import { resetConfigForTests } from "~/server/core/config.server";
import { type Prisma, prisma } from "~/server/core/db.server";
import { LEASE_MS, POLL_AFTER_MS, RETRY_AFTER_MS, runFulfilmentJobs } from "~/server/fulfilment/index.server";
import { authSessionStorage } from "~/server/auth/session.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { type FakePrintify, startFakePrintifyServer } from "../fakes/printify-server";
import { postForm } from "../helpers/http";

const TOKEN = "pfy_test_token_0123456789abcdef";
const SHOP_ID = "815256";
const WEBHOOK_SECRET = "printify-webhook-secret-0123456789";
const PRINTIFY_ENV = ["PRINTIFY_API_TOKEN", "PRINTIFY_SHOP_ID", "PRINTIFY_API_URL", "PRINTIFY_WEBHOOK_SECRET"];
/** APP_URL of the integration setup: the origin Printify downloads our designs from. */
const APP_URL = "http://localhost:3000";
const MINUTE = 60_000;

let fake: FakePrintify;
let app: InProcessAppServer;

/** Both copies of the config (this process's and the app server's Vite-loaded one) re-read the environment. */
async function configure(env: Record<string, string>) {
  for (const name of PRINTIFY_ENV) delete process.env[name];
  Object.assign(process.env, env);
  resetConfigForTests();
  await app?.resetConfig();
}

const printifyEnv = () => ({
  PRINTIFY_API_TOKEN: TOKEN,
  PRINTIFY_SHOP_ID: SHOP_ID,
  PRINTIFY_API_URL: fake.url,
  PRINTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET,
});
const manualEnv = () => ({ PRINTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET });

beforeAll(async () => {
  fake = await startFakePrintifyServer({ token: TOKEN, shopId: SHOP_ID });
  await configure(printifyEnv());
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
  await fake.close();
  for (const name of PRINTIFY_ENV) delete process.env[name];
  resetConfigForTests();
});

beforeEach(async () => {
  await configure(printifyEnv());
  // Jobs work on every order in the database: earlier tests' unfinished orders are settled so each test sees only its own.
  await prisma.order.updateMany({ where: { status: { in: ["pending", "submitted", "fulfilled"] } }, data: { status: "cancelled" } });
  await prisma.order.updateMany({ where: { status: "shipped" }, data: { status: "delivered" } });
});

// ---------------------------------------------------------------------------------------------
// Data

const tag = () => randomBytes(4).toString("hex");

/** A campaign with an AI design (preview + print file) and its winner's claimed order, as the claim page leaves it. */
async function claimedOrder(
  overrides: Partial<Prisma.OrderUncheckedCreateInput> = {},
  campaignOverrides: Partial<Prisma.CampaignUncheckedCreateInput> = {},
) {
  const id = tag();
  const design = await prisma.aiDesign.create({
    data: { imageUrl: `/uploads/ai/${id}-preview.webp`, printUrl: `/uploads/ai/${id}-print.png`, promptText: "a bold mountain sunrise" },
  });
  const campaign = await createCampaign({
    status: "completed",
    title: `Fulfilment Giveaway ${id}`,
    brandName: "Peak Supply",
    productType: "t-shirt",
    finalDesignUrl: design.imageUrl,
    selectedAiDesignId: design.id,
    ...campaignOverrides,
  });
  const order = await prisma.order.create({
    data: {
      campaignId: campaign.id,
      prizeRank: 1,
      winnerEmail: `winner-${id}@example.com`,
      status: "pending",
      entryId: `entry${id}`,
      size: "L",
      style: "Unisex",
      color: "black",
      shipName: "Ada King Lovelace",
      shipLine1: "12 St James's Square",
      shipLine2: "Flat 2",
      shipCity: "London",
      shipRegion: null,
      shipPostalCode: "SW1Y 4JH",
      shipCountry: "GB",
      shipPhone: "+44 20 7946 0000",
      ...overrides,
    },
  });
  return { order, campaign, design };
}

/** The raw cells of one CSV line (quotes kept, as written), split on the commas outside quotes. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

const orderRow = (id: string) => prisma.order.findUniqueOrThrow({ where: { id } });
const shippedEmails = (orderId: string) => prisma.outboundEmail.findMany({ where: { dedupeKey: `shipped:${orderId}` } });
const creationsFor = (orderId: string) =>
  fake.creations().filter((r) => (r.body as { external_id?: string } | null)?.external_id === orderId);

/** Sends the order through a pass and answers Printify's id for it. */
async function submitted(orderId: string, now = new Date()): Promise<string> {
  await runFulfilmentJobs(now);
  const row = await orderRow(orderId);
  expect(row.status).toBe("submitted");
  return row.printifyOrderId ?? "";
}

function webhook(body: string, signature: string | null = fake.sign(body, WEBHOOK_SECRET)) {
  return fake.deliver(`${app.url}/webhooks/printify`, body, signature);
}

// ---------------------------------------------------------------------------------------------
// Sending

describe("sending claimed orders to Printify", () => {
  it("sends the order once, with the variant for the size and colour, the print file as an absolute URL and the winner's address, even when two passes run at once", async () => {
    const { order, campaign, design } = await claimedOrder();
    const now = new Date();

    const [first, second] = await Promise.all([runFulfilmentJobs(now), runFulfilmentJobs(now)]);

    expect(first.sent + second.sent).toBe(1);
    const creations = creationsFor(order.id);
    expect(creations).toHaveLength(1);
    expect(creations[0]?.authorized).toBe(true);
    expect(creations[0]?.body).toEqual({
      external_id: order.id,
      label: `Giveawear: ${campaign.title}`,
      line_items: [
        {
          print_provider_id: 29,
          blueprint_id: 12,
          variant_id: PRINTIFY_PRODUCTS["t-shirt"].variants.black.L,
          // The full-resolution print file, not the preview the campaign page shows.
          print_areas: { front: `${APP_URL}${design.printUrl}` },
          quantity: 1,
        },
      ],
      shipping_method: 1,
      send_shipping_notification: false,
      address_to: {
        first_name: "Ada King",
        last_name: "Lovelace",
        email: order.winnerEmail,
        phone: "+44 20 7946 0000",
        country: "GB",
        region: "",
        address1: "12 St James's Square",
        address2: "Flat 2",
        city: "London",
        zip: "SW1Y 4JH",
      },
    });

    const [printifyOrder] = fake.withExternalId(order.id);
    expect(printifyOrder).toBeDefined();
    expect(await orderRow(order.id)).toMatchObject({
      status: "submitted",
      printifyOrderId: printifyOrder?.id,
      submittedAt: now,
      syncLeaseUntil: null,
      lastError: null,
    });

    // Later passes leave it alone.
    await runFulfilmentJobs(new Date(now.getTime() + LEASE_MS + MINUTE));
    expect(creationsFor(order.id)).toHaveLength(1);
  });

  it("sends an uploaded design's file when the campaign has no AI design", async () => {
    const { order } = await claimedOrder(
      { color: "white", size: "S" },
      { selectedAiDesignId: null, finalDesignUrl: "/uploads/designs/upload.png" },
    );
    await runFulfilmentJobs(new Date());
    const body = creationsFor(order.id)[0]?.body as { line_items: { variant_id: number; print_areas: { front: string } }[] };
    expect(body.line_items[0]).toMatchObject({
      variant_id: PRINTIFY_PRODUCTS["t-shirt"].variants.white.S,
      print_areas: { front: `${APP_URL}/uploads/designs/upload.png` },
    });
  });

  it("after a crash, adopts the order Printify already has for our external_id instead of ordering twice", async () => {
    const { order, campaign } = await claimedOrder();
    // The crashed pass reached Printify, then died before writing its answer down: its lease has expired.
    const earlier = fake.addOrder({
      external_id: order.id,
      label: `Giveawear: ${campaign.title}`,
      line_items: [
        { print_provider_id: 29, blueprint_id: 12, variant_id: 18054, print_areas: { front: `${APP_URL}/uploads/x.png` }, quantity: 1 },
      ],
      shipping_method: 1,
      address_to: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: order.winnerEmail,
        country: "GB",
        address1: "12 St James's Square",
        city: "London",
        zip: "SW1Y 4JH",
      },
    });
    fake.setStatus(earlier.id, "in-production");
    const now = new Date();
    await prisma.order.update({ where: { id: order.id }, data: { syncLeaseUntil: new Date(now.getTime() - MINUTE) } });

    const summary = await runFulfilmentJobs(now);

    expect(summary).toMatchObject({ adopted: 1, sent: 0 });
    expect(creationsFor(order.id)).toHaveLength(0);
    expect(fake.withExternalId(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({
      status: "submitted",
      printifyOrderId: earlier.id,
      providerStatus: "in-production",
      syncLeaseUntil: null,
    });
  });

  it("adopts the existing order when Printify refuses a duplicate external_id", async () => {
    const { order } = await claimedOrder();
    const earlier = fake.addOrder({
      external_id: order.id,
      line_items: [
        { print_provider_id: 29, blueprint_id: 12, variant_id: 18054, print_areas: { front: `${APP_URL}/uploads/x.png` }, quantity: 1 },
      ],
      shipping_method: 1,
      address_to: { first_name: "Ada", email: order.winnerEmail, country: "GB", address1: "1 Road", city: "London" },
    });

    const summary = await runFulfilmentJobs(new Date());

    expect(summary).toMatchObject({ adopted: 1 });
    // It tried, was refused, and looked the order up.
    expect(creationsFor(order.id)).toHaveLength(1);
    expect(fake.withExternalId(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "submitted", printifyOrderId: earlier.id });
  });

  it("keeps a failed order pending with the error, and sends it on a later pass", async () => {
    const { order } = await claimedOrder();
    const now = new Date();
    fake.failNext(1, 503);

    expect(await runFulfilmentJobs(now)).toMatchObject({ failed: 1, sent: 0 });
    const failed = await orderRow(order.id);
    expect(failed).toMatchObject({ status: "pending", printifyOrderId: null });
    expect(failed.lastError).toContain("503");
    expect(failed.syncLeaseUntil).toEqual(new Date(now.getTime() + RETRY_AFTER_MS));
    expect(fake.withExternalId(order.id)).toHaveLength(0);

    // Not before its retry time.
    expect(await runFulfilmentJobs(new Date(now.getTime() + MINUTE))).toMatchObject({ sent: 0, failed: 0 });

    const later = new Date(now.getTime() + RETRY_AFTER_MS + MINUTE);
    expect(await runFulfilmentJobs(later)).toMatchObject({ sent: 1 });
    expect(fake.withExternalId(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "submitted", lastError: null, submittedAt: later });
  });

  it("records why an order cannot be mapped to a catalogue item, and sends nothing", async () => {
    const { order } = await claimedOrder({ size: "XS" }, { productType: "hoodie" });
    expect(await runFulfilmentJobs(new Date())).toMatchObject({ failed: 1 });
    expect((await orderRow(order.id)).lastError).toMatch(/size "XS"/);
    expect(creationsFor(order.id)).toHaveLength(0);
  });

  it("does nothing without Printify credentials: the order waits in the manual queue", async () => {
    await configure(manualEnv());
    const { order } = await claimedOrder();
    const calls = fake.requests.length;

    expect(await runFulfilmentJobs(new Date())).toMatchObject({ mode: "manual", sent: 0 });
    expect(fake.requests.length).toBe(calls);
    expect(await orderRow(order.id)).toMatchObject({ status: "pending", syncLeaseUntil: null, printifyOrderId: null });
  });
});

// ---------------------------------------------------------------------------------------------
// Following the order

describe("Printify's webhooks", () => {
  it("move the order to shipped with its tracking and queue one email to the winner", async () => {
    const { order, campaign } = await claimedOrder();
    const printifyId = await submitted(order.id);
    const tracking = {
      code: "usps",
      tracking_number: "9400110200828911663274",
      tracking_url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400110200828911663274",
    };
    fake.ship(printifyId, { carrier: tracking.code, number: tracking.tracking_number, url: tracking.tracking_url });

    const answer = await webhook(
      fake.event("order:shipment:created", printifyId, { shipped_at: "2024-05-17 15:00:00+00:00", carrier: tracking }),
    );

    expect(answer).toEqual({ status: 200, text: "Order shipped." });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      status: "shipped",
      trackingNumber: tracking.tracking_number,
      trackingUrl: tracking.tracking_url,
      carrier: "usps",
      providerStatus: "shipped",
    });
    expect(row.shippedAt).toBeInstanceOf(Date);
    const emails = await shippedEmails(order.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: order.winnerEmail, template: "order_shipped", status: "pending" });
    expect(emails[0]?.subject).toBe(`Your ${campaign.title} prize is on its way`);
    expect(emails[0]?.html).toContain(tracking.tracking_number);
    expect(emails[0]?.html).toContain("usps");
    expect(emails[0]?.html).toContain("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400110200828911663274");
  });

  it("move the winner's claim page along: in production, shipped with the carrier's link, delivered; on hold is a problem", async () => {
    const { order, campaign } = await claimedOrder();
    const deadline = new Date(Date.now() + 14 * 86_400_000);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { winnerEntryId: order.entryId, claimDeadline: deadline } });
    const token = await signClaimToken(process.env.SESSION_SECRET ?? "", {
      campaignId: campaign.id,
      rank: 1,
      entryId: order.entryId ?? "",
      deadline,
    });
    const claimPage = async () => {
      const response = await fetch(`${app.url}/claim/${token}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      return { html, step: /data-testid="claim-order-status" data-step="([a-z]+)"/.exec(html)?.[1] };
    };
    expect((await claimPage()).step).toBe("prepared");
    const printifyId = await submitted(order.id);
    expect((await claimPage()).step).toBe("prepared");

    await webhook(fake.event("order:updated", printifyId, { status: "on-hold" }));
    const onHold = await claimPage();
    expect(onHold.step).toBe("problem");
    expect(onHold.html).toContain("There is a problem with your order; our team will contact you.");

    await webhook(fake.event("order:sent-to-production", printifyId, { status: "in-production" }));
    const making = await claimPage();
    expect(making.step).toBe("production");
    expect(making.html).toContain("In production");
    expect(making.html).not.toContain("being prepared");

    const carrier = { code: "fedex", tracking_number: "7712 3456 7890", tracking_url: "" };
    expect(await webhook(fake.event("order:shipment:created", printifyId, { status: "fulfilled", carrier }))).toEqual({
      status: 200,
      text: "Order shipped.",
    });
    const shipped = await claimPage();
    expect(shipped.step).toBe("shipped");
    expect(shipped.html).toContain("FedEx");
    expect(shipped.html).toContain("7712 3456 7890");
    expect(shipped.html).toContain('href="https://www.fedex.com/fedextrack/?trknbr=771234567890"');
    expect(shipped.html).not.toContain("being prepared");

    expect(await webhook(fake.event("order:shipment:delivered", printifyId, { carrier }))).toEqual({
      status: 200,
      text: "Order delivered.",
    });
    const delivered = await claimPage();
    expect(delivered.step).toBe("delivered");
    expect(delivered.html).toContain("Your prize has been delivered.");
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "delivered", carrier: "fedex", trackingNumber: "7712 3456 7890" });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(await shippedEmails(order.id)).toHaveLength(1);
  });

  it("refuse a bad signature with 401 and change nothing", async () => {
    const { order } = await claimedOrder();
    const printifyId = await submitted(order.id);
    const eventId = `evt-bad-${tag()}`;
    const body = fake.event("order:updated", printifyId, { status: "canceled" }, eventId);
    const before = await orderRow(order.id);
    const events = await prisma.fulfilmentEvent.count();

    expect((await webhook(body, fake.sign(body, "someone-elses-secret"))).status).toBe(401);
    expect((await webhook(body, null)).status).toBe(401);
    expect((await webhook(body, "sha256=deadbeef")).status).toBe(401);
    expect((await webhook(body.replace("canceled", "fulfilled"), fake.sign(body, WEBHOOK_SECRET))).status).toBe(401);

    expect(await orderRow(order.id)).toEqual(before);
    expect(await prisma.fulfilmentEvent.count()).toBe(events);
    expect(await prisma.fulfilmentEvent.findUnique({ where: { id: eventId } })).toBeNull();
  });

  it("treat a replayed event as done: it changes nothing and sends no second email", async () => {
    const { order } = await claimedOrder();
    const printifyId = await submitted(order.id);
    const body = fake.event("order:shipment:created", printifyId, {
      carrier: { code: "ups", tracking_number: "1Z999AA10123456784", tracking_url: "https://ups.example/track/1Z999AA10123456784" },
    });

    expect(await webhook(body)).toEqual({ status: 200, text: "Order shipped." });
    const after = await orderRow(order.id);
    expect(await webhook(body)).toEqual({ status: 200, text: "Duplicate event." });
    expect(await webhook(body)).toEqual({ status: 200, text: "Duplicate event." });

    expect(await orderRow(order.id)).toEqual(after);
    expect(await shippedEmails(order.id)).toHaveLength(1);
  });

  it("read the order from Printify when an event lacks the details", async () => {
    const { order } = await claimedOrder();
    const printifyId = await submitted(order.id);
    fake.ship(printifyId, { carrier: "dhl", number: "JD014600006281230704", url: "https://dhl.example/track?n=JD014600006281230704" });
    const reads = () =>
      fake.requests.filter((r) => r.method === "GET" && r.path === `/v1/shops/${SHOP_ID}/orders/${printifyId}.json`).length;
    const readsBefore = reads();

    expect(await webhook(fake.event("order:shipment:created", printifyId, {}))).toEqual({ status: 200, text: "Order shipped." });

    expect(reads()).toBe(readsBefore + 1);
    expect(await orderRow(order.id)).toMatchObject({
      status: "shipped",
      trackingNumber: "JD014600006281230704",
      carrier: "dhl",
      providerStatus: "fulfilled",
    });
    expect(await shippedEmails(order.id)).toHaveLength(1);
  });

  it("never move an order backwards when events arrive out of order", async () => {
    const { order } = await claimedOrder();
    const printifyId = await submitted(order.id);
    await webhook(
      fake.event("order:shipment:created", printifyId, {
        carrier: { code: "usps", tracking_number: "1", tracking_url: "https://t.example/1" },
      }),
    );
    expect(await webhook(fake.event("order:updated", printifyId, { status: "in-production" }))).toEqual({
      status: 200,
      text: "Order shipped.",
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", providerStatus: "in-production" });
  });

  it("acknowledge events about orders that are not ours", async () => {
    expect(await webhook(fake.event("order:updated", "000000000000000000000000", { status: "fulfilled" }))).toEqual({
      status: 200,
      text: "Unknown order.",
    });
  });
});

describe("polling, when webhooks do not come", () => {
  it("reads overdue orders from Printify and follows them to shipped, then delivered", async () => {
    const { order } = await claimedOrder();
    const now = new Date();
    const printifyId = await submitted(order.id, now);
    const parcel = fake.ship(printifyId, {
      carrier: "usps",
      number: "9205590164917312751089",
      url: "https://tools.usps.com/t/9205590164917312751089",
    });

    // Not overdue yet.
    expect(await runFulfilmentJobs(new Date(now.getTime() + MINUTE))).toMatchObject({ polled: 0 });
    expect((await orderRow(order.id)).status).toBe("submitted");

    const later = new Date(now.getTime() + POLL_AFTER_MS + MINUTE);
    expect(await runFulfilmentJobs(later)).toMatchObject({ polled: 1 });
    expect(await orderRow(order.id)).toMatchObject({
      status: "shipped",
      trackingNumber: "9205590164917312751089",
      lastSyncedAt: later,
      syncLeaseUntil: null,
    });
    expect(await shippedEmails(order.id)).toHaveLength(1);

    // A shipped order is followed until Printify dates its delivery (decision 052).
    parcel.delivered_at = "2026-05-20 10:00:00+00:00";
    const evenLater = new Date(later.getTime() + POLL_AFTER_MS + MINUTE);
    expect(await runFulfilmentJobs(evenLater)).toMatchObject({ polled: 1 });
    expect(await orderRow(order.id)).toMatchObject({ status: "delivered", deliveredAt: evenLater });
    expect(await runFulfilmentJobs(new Date(evenLater.getTime() + POLL_AFTER_MS + MINUTE))).toMatchObject({ polled: 0 });
    expect(await shippedEmails(order.id)).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// The admin's queue, over HTTP

async function cookieFor(email: string): Promise<string> {
  const user = await prisma.user.upsert({ where: { email }, update: {}, create: { email, firstName: "Quinn" } });
  const session = await prisma.session.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) } });
  const storage = authSessionStorage();
  const cookieSession = await storage.getSession();
  cookieSession.set("sessionId", session.id);
  return (await storage.commitSession(cookieSession)).split(";")[0] ?? "";
}

const adminCookie = () => cookieFor("admin@int.test");

function postQueue(cookie: string, fields: Record<string, string>, path = "/admin/orders") {
  return postForm(app.url, path, fields, { Cookie: cookie });
}

describe("the admin's manual queue", () => {
  beforeEach(() => configure(manualEnv()));

  it("lists orders with campaign, winner, choices and address", async () => {
    const { order, campaign } = await claimedOrder();
    const response = await fetch(`${app.url}/admin/orders?status=pending`, { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of [
      campaign.title,
      order.winnerEmail,
      "Grand prize",
      "T-Shirt · L · Unisex · Black",
      "12 St James&#x27;s Square",
      "United Kingdom",
      "Mark shipped",
      "Mark fulfilled",
      "Manual fulfilment",
    ]) {
      expect(html).toContain(text);
    }
  });

  it("marks an order fulfilled, then shipped with a tracking number: the winner is emailed once", async () => {
    const { order } = await claimedOrder();
    const cookie = await adminCookie();

    const fulfilled = await postQueue(cookie, { intent: "fulfil", orderId: order.id }, "/admin/orders?status=pending");
    expect(fulfilled.status).toBe(303);
    expect(fulfilled.headers.get("Location")).toBe("/admin/orders?status=pending");
    expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled" });
    expect(await shippedEmails(order.id)).toHaveLength(0);

    const shipped = await postQueue(cookie, {
      intent: "ship",
      orderId: order.id,
      trackingNumber: " 1Z999AA10123456784 ",
      carrier: "UPS",
    });
    expect(shipped.status).toBe(303);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      status: "shipped",
      trackingNumber: "1Z999AA10123456784",
      carrier: "UPS",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
    expect(row.fulfilledAt).toBeInstanceOf(Date);
    expect(row.shippedAt).toBeInstanceOf(Date);
    const emails = await shippedEmails(order.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: order.winnerEmail, template: "order_shipped" });
    expect(emails[0]?.html).toContain("1Z999AA10123456784");

    // A second submit (a double click, a reload) changes nothing and mails nobody.
    const again = await postQueue(cookie, {
      intent: "ship",
      orderId: order.id,
      carrier: "USPS",
      trackingNumber: "9400 1000 0000 0000 0000 00",
    });
    expect(again.status).toBe(409);
    expect(await orderRow(order.id)).toMatchObject({ trackingNumber: "1Z999AA10123456784" });
    expect(await shippedEmails(order.id)).toHaveLength(1);
  });

  it("asks for a carrier and a tracking number, keeping what was typed", async () => {
    const { order } = await claimedOrder();
    const cookie = await adminCookie();

    const missing = await postQueue(cookie, { intent: "ship", orderId: order.id, trackingNumber: "", carrier: "Royal Mail" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Tracking number is required.");
    expect(html).toMatch(/<option value="Royal Mail" selected="">/);

    const noCarrier = await postQueue(cookie, { intent: "ship", orderId: order.id, trackingNumber: "AB123" });
    expect(noCarrier.status).toBe(400);
    expect(await noCarrier.text()).toContain("Choose the carrier.");

    expect(await orderRow(order.id)).toMatchObject({ status: "pending", trackingNumber: null });
    expect(await shippedEmails(order.id)).toHaveLength(0);
  });

  it("shows Printify's order id and status read-only in Printify mode, and still allows marking shipped", async () => {
    await configure(printifyEnv());
    const { order } = await claimedOrder();
    const printifyId = await submitted(order.id);
    const cookie = await adminCookie();

    const html = await (await fetch(`${app.url}/admin/orders?status=submitted`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain(printifyId);
    expect(html).toContain("Printify is connected");
    expect(html).toContain("Mark shipped");
    // Printify makes it: no manual "fulfilled" for an order it has.
    expect(html).not.toContain("Mark fulfilled");

    expect((await postQueue(cookie, { intent: "fulfil", orderId: order.id })).status).toBe(409);
    expect((await postQueue(cookie, { intent: "ship", orderId: order.id, carrier: "DHL", trackingNumber: "JJD0099999999" })).status).toBe(
      303,
    );
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", trackingNumber: "JJD0099999999", printifyOrderId: printifyId });
    expect(await shippedEmails(order.id)).toHaveLength(1);
  });

  it("re-queues an order Printify cancelled for fulfilment by hand: pending again, never sent to Printify twice", async () => {
    await configure(printifyEnv());
    const { order, campaign } = await claimedOrder();
    const printifyId = await submitted(order.id);
    expect(await webhook(fake.event("order:updated", printifyId, { status: "canceled" }))).toEqual({
      status: 200,
      text: "Order cancelled.",
    });
    const cookie = await adminCookie();

    const html = await (await fetch(`${app.url}/admin/orders?status=cancelled`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain(campaign.title);
    expect(html).toContain("Printify cancelled this order and will not make it.");
    expect(html).toContain("Re-queue order");
    expect(html).toContain("Mark shipped");

    const requeued = await postQueue(cookie, { intent: "requeue", orderId: order.id }, "/admin/orders?status=cancelled");
    expect(requeued.status).toBe(303);
    expect(requeued.headers.get("Location")).toBe("/admin/orders?status=cancelled");
    expect(await orderRow(order.id)).toMatchObject({ status: "pending", printifyOrderId: printifyId, syncLeaseUntil: null });
    // A second click finds it pending: refused, nothing changes.
    expect((await postQueue(cookie, { intent: "requeue", orderId: order.id })).status).toBe(409);

    // Printify would refuse a second order with our external_id: the jobs leave it to the admin.
    expect(await runFulfilmentJobs(new Date(Date.now() + POLL_AFTER_MS + LEASE_MS))).toMatchObject({ sent: 0, adopted: 0, failed: 0 });
    expect(creationsFor(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe("pending");

    const pendingHtml = await (await fetch(`${app.url}/admin/orders?status=pending`, { headers: { Cookie: cookie } })).text();
    expect(pendingHtml).toContain("Printify cancelled its order for this prize, so it is fulfilled by hand");
    expect(pendingHtml).toContain("Mark fulfilled");

    expect((await postQueue(cookie, { intent: "fulfil", orderId: order.id })).status).toBe(303);
    expect(
      (await postQueue(cookie, { intent: "ship", orderId: order.id, carrier: "USPS", trackingNumber: "9205 5000 0000 0000 0000 42" }))
        .status,
    ).toBe(303);
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", trackingNumber: "9205 5000 0000 0000 0000 42" });
    expect(await shippedEmails(order.id)).toHaveLength(1);
  });

  it("re-queues a cancelled order that never reached Printify, and the next pass sends it", async () => {
    await configure(printifyEnv());
    const { order } = await claimedOrder({ status: "cancelled" });
    expect(await runFulfilmentJobs(new Date())).toMatchObject({ sent: 0 });

    expect((await postQueue(await adminCookie(), { intent: "requeue", orderId: order.id })).status).toBe(303);
    expect(await runFulfilmentJobs(new Date())).toMatchObject({ sent: 1 });
    expect(creationsFor(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe("submitted");
  });

  it("marks a cancelled order shipped when its prize went out another way, and re-queues only cancelled orders", async () => {
    const { order } = await claimedOrder({ status: "cancelled" });
    const cookie = await adminCookie();
    const other = { carrier: "Other", carrierOther: "Courier Co", trackingNumber: "OTHER-WAY-7" };
    expect((await postQueue(cookie, { intent: "ship", orderId: order.id, ...other })).status).toBe(303);
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", trackingNumber: "OTHER-WAY-7" });
    expect(await shippedEmails(order.id)).toHaveLength(1);

    expect((await postQueue(cookie, { intent: "requeue", orderId: order.id })).status).toBe(409);
    expect((await postQueue(cookie, { intent: "requeue", orderId: "no-such-order" })).status).toBe(404);
    expect((await orderRow(order.id)).status).toBe("shipped");
  });

  it("answers 404 with the reason for an order that does not exist, writing nothing", async () => {
    const cookie = await adminCookie();
    const orders = () => prisma.order.findMany({ orderBy: { id: "asc" } });
    const before = await orders();
    const emails = await prisma.outboundEmail.count();
    const attempts: Record<string, string>[] = [
      { intent: "fulfil", orderId: "no-such-order" },
      { intent: "ship", orderId: "no-such-order", carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
      { intent: "requeue", orderId: "no-such-order" },
    ];
    for (const fields of attempts) {
      const response = await postQueue(cookie, fields);
      expect(response.status, fields.intent).toBe(404);
      expect(await response.text(), fields.intent).toContain("This order does not exist any more.");
    }
    expect(await orders()).toEqual(before);
    expect(await prisma.outboundEmail.count()).toBe(emails);
  });

  it("refuses anyone but an admin, in the loader and the action", async () => {
    const { order } = await claimedOrder();
    const user = await cookieFor(`someone-${tag()}@example.com`);

    const post = await postQueue(user, { intent: "ship", orderId: order.id, trackingNumber: "SNEAKY" });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/my-campaigns");
    const page = await fetch(`${app.url}/admin/orders`, { redirect: "manual", headers: { Cookie: user } });
    expect(page.headers.get("Location")).toBe("/my-campaigns");
    const csv = await fetch(`${app.url}/admin/orders.csv`, { redirect: "manual", headers: { Cookie: user } });
    expect(csv.status).toBe(302);

    expect((await postQueue(user, { intent: "requeue", orderId: order.id })).status).toBe(302);
    const anonymous = await postQueue("", { intent: "fulfil", orderId: order.id });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    expect(await orderRow(order.id)).toMatchObject({ status: "pending", trackingNumber: null });
    expect(await shippedEmails(order.id)).toHaveLength(0);
  });

  it("exports the queue as CSV, quoted properly and safe from spreadsheet formulas", async () => {
    const { order, campaign, design } = await claimedOrder(
      {
        shipName: '=HYPERLINK("http://evil.example","click")',
        shipLine1: '12 "Quoted" Street, Apt 4',
        shipLine2: "Back door\nsecond bell",
        shipCity: "@SUM(A1)",
        shipPhone: "+1 555 0100",
        shipCountry: "US",
        shipRegion: "-CA",
      },
      { title: `-Minus, Campaign ${tag()}` },
    );

    const response = await fetch(`${app.url}/admin/orders.csv?status=pending`, { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="giveawear-orders-pending-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await response.text();
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Order ID,Campaign,Prize,Winner email,Status,Product,Printify variant ID,Print file,Mockup,Size,Style,Colour,Name,Address line 1,Address line 2,City,State / region,Postal code,Country,Phone,Printify order ID,Printify status,Carrier,Tracking number,Tracking link,Claimed at,Submitted at,Fulfilled at,Shipped at,Delivered at",
    );
    const row = lines.find((line) => line.startsWith(order.id));
    // Split on the commas between cells (the quoted cells above hold commas of their own).
    expect(csvCells(row ?? "")).toEqual([
      order.id,
      `"'${campaign.title}"`,
      "Grand prize",
      order.winnerEmail,
      "Pending",
      "t-shirt",
      String(PRINTIFY_PRODUCTS["t-shirt"].variants.black.L),
      `${APP_URL}${design.printUrl}`,
      expect.stringMatching(/^http:\/\/localhost:3000\/(mockups|uploads)\//),
      "L",
      "Unisex",
      "Black",
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
      `"12 ""Quoted"" Street, Apt 4"`,
      `"Back door\nsecond bell"`,
      "'@SUM(A1)",
      "'-CA",
      "SW1Y 4JH",
      "United States of America (US)",
      "'+1 555 0100",
      "",
      "",
      "",
      "",
      "",
      order.createdAt.toISOString(),
      "",
      "",
      "",
      "",
    ]);
    expect(csv.endsWith("\r\n")).toBe(true);

    const shippedOnly = await (
      await fetch(`${app.url}/admin/orders.csv?status=shipped`, { headers: { Cookie: await adminCookie() } })
    ).text();
    expect(shippedOnly).not.toContain(order.id);
  });
});
