/**
 * Manual fulfilment an operator can work from, tracking the winner can follow, and the public
 * prize timeline (decision 052). Real HTTP against a real database; Printify is not
 * configured here (the manual queue), its webhooks are covered in fulfilment.test.ts.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatZonedDay } from "~/domain/campaign-time-zone";
import { signClaimToken } from "~/domain/claims";
import { PRINTIFY_PRODUCTS } from "~/domain/printify";
import { prisma } from "~/server/core/db.server";
import { authSessionStorage } from "~/server/auth/session.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { CLAIM, DAY, SECRET, drawnCampaign, pagesOf } from "../helpers/winners";

let app: InProcessAppServer;

beforeAll(async () => {
  for (const name of ["PRINTIFY_API_TOKEN", "PRINTIFY_SHOP_ID"]) delete process.env[name];
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

const { getPage, postForm } = pagesOf(() => app.url);
const APP_URL = "http://localhost:3000";
const tag = () => randomBytes(4).toString("hex");

async function adminCookie(): Promise<string> {
  const email = "admin@int.test";
  const user = await prisma.user.upsert({ where: { email }, update: {}, create: { email, firstName: "Quinn" } });
  const session = await prisma.session.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + DAY) } });
  const storage = authSessionStorage();
  const cookieSession = await storage.getSession();
  cookieSession.set("sessionId", session.id);
  return (await storage.commitSession(cookieSession)).split(";")[0] ?? "";
}

/** A drawn campaign with an AI design, its winner's claim (made through the claim page) and the claim link. */
async function claimedPrize() {
  const { campaign, winner, deadline } = await drawnCampaign();
  const id = tag();
  const design = await prisma.aiDesign.create({
    data: { imageUrl: `/uploads/ai/${id}-preview.webp`, printUrl: `/uploads/ai/${id}-print.png`, promptText: "a lighthouse at dusk" },
  });
  await prisma.campaign.update({
    where: { id: campaign.id },
    data: { selectedAiDesignId: design.id, finalDesignUrl: design.imageUrl, title: `Tracking Giveaway ${id}` },
  });
  const path = `/claim/${await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline })}`;
  expect((await postForm(path, CLAIM)).status).toBe(303);
  const order = await prisma.order.findUniqueOrThrow({ where: { campaignId_prizeRank: { campaignId: campaign.id, prizeRank: 1 } } });
  return { campaign, winner, design, path, order };
}

const ship = (cookie: string, orderId: string, fields: Record<string, string>) =>
  postForm("/admin/orders", { intent: "ship", orderId, ...fields }, cookie);

describe("the manual queue an operator works from", () => {
  it("links the full-size print file and the mockup, with product, Printify variant, colour, size and the full address; gift orders stay out", async () => {
    const { campaign, design, order } = await claimedPrize();
    const gift = await prisma.order.create({
      data: { campaignId: campaign.id, prizeRank: 2, kind: "gift", winnerEmail: `gift-${tag()}@example.com`, claimNote: "Send the card" },
    });
    const cookie = await adminCookie();

    const page = await getPage("/admin/orders?status=pending", cookie);
    expect(page.status).toBe(200);
    const card = page.html.slice(page.html.indexOf(`data-order-id="${order.id}"`));
    expect(card).toContain(`href="${APP_URL}${design.printUrl}"`);
    expect(card).toContain("Print file (full size)");
    expect(card).toMatch(/href="http:\/\/localhost:3000\/(mockups|uploads)\/[^"]+"[^>]*>Mockup</);
    const variant = PRINTIFY_PRODUCTS["t-shirt:womens"].variants.black.M;
    expect(card.replace(/<!-- -->/g, "")).toContain(`Printify variant ${variant}`);
    for (const text of [
      "T-Shirt · M · Women's fit · Black",
      "Grace Hopper",
      "1 Compiler Court",
      "Apt 7",
      "Arlington, VA, 22201",
      "United States",
    ])
      expect(card).toContain(text);
    expect(page.html).not.toContain(gift.id);

    // The print file is an upload, served publicly (Printify downloads it from the same address).
    const served = await fetch(`${app.url}${design.printUrl}`);
    expect(served.status).toBe(404); // the test wrote no bytes; the route is public, not admin-only: no redirect to sign in
    expect(served.redirected).toBe(false);

    const csv = await (await fetch(`${app.url}/admin/orders.csv`, { headers: { Cookie: cookie } })).text();
    const line = csv.split("\r\n").find((row) => row.startsWith(order.id)) ?? "";
    expect(line).toContain(`,t-shirt,${variant},${APP_URL}${design.printUrl},http://localhost:3000/`);
    expect(line).toContain("Grace Hopper,1 Compiler Court,Apt 7,Arlington,VA,22201,United States of America (US)");
    expect(csv).not.toContain(gift.id);

    // Nor can an admin ship or re-queue a gift through the print queue.
    expect((await ship(cookie, gift.id, { carrier: "UPS", trackingNumber: "1Z999AA10123456784" })).status).toBe(409);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: gift.id } })).status).toBe("pending");
  });
});

describe("marking an order shipped", () => {
  it("requires a known carrier and a valid tracking number: bad input is 400 with the field's message, and nothing changes", async () => {
    const { order } = await claimedPrize();
    const cookie = await adminCookie();
    const cases: [Record<string, string>, string][] = [
      [{ carrier: "", trackingNumber: "1Z999AA10123456784" }, "Choose the carrier."],
      [{ carrier: "Pigeon Post", trackingNumber: "1Z999AA10123456784" }, "Choose the carrier."],
      [{ carrier: "UPS", trackingNumber: "" }, "Tracking number is required."],
      [{ carrier: "UPS", trackingNumber: "1Z" }, "A tracking number is 4 to 40 letters, digits, spaces and dashes."],
      [{ carrier: "UPS", trackingNumber: "9".repeat(41) }, "A tracking number is 4 to 40 letters, digits, spaces and dashes."],
      [{ carrier: "Other", carrierOther: "", trackingNumber: "RR123456789IT" }, "Name the carrier."],
      // A UPS number marked as USPS, and numbers of no carrier's shape (decision 069).
      [
        { carrier: "USPS", trackingNumber: "1Z999AA10123456784" },
        "This does not look like a tracking number from USPS. USPS tracking numbers are 20 or 22 digits (e.g. 9400 1000 0000 0000 0000 00)",
      ],
      [
        { carrier: "UPS", trackingNumber: "1Z999AA1" },
        "This does not look like a tracking number from UPS. UPS tracking numbers are 1Z and 16",
      ],
      [{ carrier: "Royal Mail", trackingNumber: "AB 1234 5678 GB" }, "Royal Mail tracking numbers are 2 letters, 9 digits and GB"],
    ];
    for (const [fields, message] of cases) {
      const response = await ship(cookie, order.id, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(message);
    }

    // Markup typed into the form comes back escaped, never as markup.
    const script = await ship(cookie, order.id, {
      carrier: "Other",
      carrierOther: '<img src=x onerror="alert(1)">',
      trackingNumber: "<script>alert(1)</script>",
    });
    expect(script.status).toBe(400);
    const html = await script.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain('<img src=x onerror="alert(1)">');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("The carrier&#x27;s name can be 2 to 60 letters");

    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "pending",
      trackingNumber: null,
      carrier: null,
    });
    expect(await prisma.outboundEmail.count({ where: { dedupeKey: `shipped:${order.id}` } })).toBe(0);
  });

  it("emails the winner the carrier, the number and the carrier's tracking link, and the claim page shows them instead of 'being prepared'", async () => {
    const { order, path, winner } = await claimedPrize();
    const cookie = await adminCookie();
    expect((await getPage(path)).html).toContain("Being prepared for printing");

    const shipped = await ship(cookie, order.id, { carrier: "USPS", trackingNumber: "9400 1112 0200 8291 1663 74" });
    expect(shipped.status).toBe(303);
    const link = "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111202008291166374";

    const email = await prisma.outboundEmail.findFirstOrThrow({ where: { dedupeKey: `shipped:${order.id}` } });
    expect(email.to).toBe(winner.email);
    expect(email.html).toContain("Carrier: USPS<br>Tracking number: 9400 1112 0200 8291 1663 74");
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain("Track your parcel on USPS");
    expect(email.text).toContain(`Track your parcel on USPS (${link})`);
    // The winner's own order page is linked too.
    expect(email.html).toContain(`${APP_URL}${path}`);

    const claim = await getPage(path);
    expect(claim.status).toBe(200);
    expect(claim.html).toContain('data-step="shipped"');
    expect(claim.html).toContain("Your prize is on its way.");
    expect(claim.html).toContain("9400 1112 0200 8291 1663 74");
    expect(claim.html).toContain(`href="${link}"`);
    expect(claim.html).not.toContain("being prepared");

    // Delivered, marked by the admin: the claim page follows; a second mark is refused.
    expect((await postForm("/admin/orders", { intent: "deliver", orderId: order.id }, cookie)).status).toBe(303);
    expect((await postForm("/admin/orders", { intent: "deliver", orderId: order.id }, cookie)).status).toBe(409);
    const delivered = await getPage(path);
    expect(delivered.html).toContain('data-step="delivered"');
    expect(delivered.html).toContain("Your prize has been delivered.");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).deliveredAt).toBeInstanceOf(Date);
  });

  it("an 'Other' carrier is shown but never linked; the email points to the winner's order page instead", async () => {
    const { order, path } = await claimedPrize();
    const shipped = await ship(await adminCookie(), order.id, {
      carrier: "Other",
      carrierOther: "Poste Italiane",
      trackingNumber: "RR123456789IT",
    });
    expect(shipped.status).toBe(303);
    const email = await prisma.outboundEmail.findFirstOrThrow({ where: { dedupeKey: `shipped:${order.id}` } });
    expect(email.html).toContain("Carrier: Poste Italiane");
    expect(email.html).toContain(`href="${APP_URL}${path}"`);
    expect(email.html).toContain("See your order");
    const claim = await getPage(path);
    expect(claim.html).toContain("Poste Italiane");
    expect(claim.html).toContain("RR123456789IT");
    expect(claim.html).not.toContain('data-testid="claim-tracking-link"');
  });
});

describe("the public prize timeline", () => {
  it("shows each tier's steps with dates and the draw's link, and no winner's email, name or address", async () => {
    const { campaign, order, winner } = await claimedPrize();
    const drawnAt = new Date(Date.now() - 2 * DAY);
    const redrawnAt = new Date(Date.now() - DAY);
    await prisma.additionalPrize.create({ data: { campaignId: campaign.id, rank: 2, title: "Studio gift card", kind: "gift" } });
    await prisma.additionalPrize.create({
      data: { campaignId: campaign.id, rank: 3, title: "Sticker pack", kind: "gift", claimDeadline: new Date(Date.now() - 1000) },
    });
    const picks = [
      { rank: 1, entryId: winner.id, ticket: "1", counter: 0 },
      { rank: 2, entryId: "entry-old", ticket: "2", counter: 1, replaced: true },
      { rank: 3, entryId: "entry-three", ticket: "3", counter: 2 },
      { rank: 2, entryId: "entry-new", ticket: "4", counter: 3, redrawnAt: redrawnAt.toISOString() },
    ];
    await prisma.draw.create({
      data: {
        campaignId: campaign.id,
        seed: "s".repeat(64),
        entriesHash: "h".repeat(64),
        totalWeight: 3n,
        picks: JSON.stringify(picks),
        createdAt: drawnAt,
      },
    });
    const submittedAt = new Date(Date.now() - 20 * 3600_000);
    const shippedAt = new Date(Date.now() - 10 * 3600_000);
    await prisma.order.update({
      where: { id: order.id },
      data: { status: "shipped", submittedAt, shippedAt, carrier: "UPS", trackingNumber: "1Z999AA1" },
    });
    await prisma.order.create({
      data: {
        campaignId: campaign.id,
        prizeRank: 2,
        kind: "gift",
        status: "delivered",
        winnerEmail: `second-${tag()}@example.com`,
        claimNote: "Email me the card",
        deliveredAt: new Date(),
      },
    });

    const page = await getPage(`/campaign/${campaign.id}`);
    expect(page.status).toBe(200);
    const start = page.html.indexOf('data-testid="prize-timeline"');
    expect(start).toBeGreaterThan(0);
    const timeline = page.html.slice(start, page.html.indexOf("</section>", start));
    expect(timeline).toContain("Prize delivery");
    expect(timeline).toContain(`href="/campaign/${campaign.id}/draw"`);
    expect(timeline).toContain("<ol");
    for (const [step, done] of [
      ["drawn", true],
      ["claimed", true],
      ["production", true],
      ["shipped", true],
      ["delivered", false],
    ] as const)
      expect(timeline).toContain(`data-step="${step}" data-done="${done}"`);
    for (const date of [drawnAt, order.createdAt, submittedAt, shippedAt]) expect(timeline).toContain(`dateTime="${date.toISOString()}"`);
    const words = timeline.replace(/<[^>]+>/g, "");
    expect(words).toContain("Delivered: not yet");
    expect(timeline).toContain("2nd prize: Studio gift card");
    expect(timeline).toContain(
      `The first winner did not claim the prize by the deadline, so it was drawn again on ${formatZonedDay(redrawnAt, "UTC")}.`,
    );
    expect(timeline).toContain("Delivered by the brand");
    expect(timeline).toContain("3rd prize: Sticker pack");
    expect(timeline).toMatch(/Not claimed by the deadline \(\d+ \w+ \d{4}\); the prize can be drawn again\./);

    for (const personal of [
      winner.email,
      "Grace Hopper",
      "1 Compiler Court",
      "Arlington",
      "22201",
      "1Z999AA1",
      "Email me the card",
      "second-",
    ])
      expect(page.html).not.toContain(personal);
  });

  it("is not shown before the draw", async () => {
    const { campaign } = await drawnCampaign();
    const page = await getPage(`/campaign/${campaign.id}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('data-testid="prize-timeline"');
  });
});
