import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAIM_MESSAGES, signClaimToken, sizeNotInStyleMessage } from "~/domain/claims";
import { campaignsAwaitingNotification, notifyWinners } from "~/server/draw/notify.server";
import { prisma } from "~/server/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { signedInJar } from "../helpers/wizard";
import { postForm as postFormTo } from "../helpers/http";

const DAY = 24 * 60 * 60 * 1000;
const SECRET = () => process.env.SESSION_SECRET ?? "";

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

let seq = 0;
function uniqueEmail(prefix: string): string {
  seq += 1;
  return `${prefix}-${seq}-${Date.now()}@example.com`;
}

async function addEntry(campaignId: string, email = uniqueEmail("fan")) {
  return prisma.entry.create({ data: { campaignId, email, emailNormalized: email.toLowerCase(), agreedToTerms: true } });
}

/** A campaign that ended and was drawn, written directly (independent of the draw implementation). */
async function drawnCampaign(
  options: {
    creatorId?: string;
    deadline?: Date;
    productType?: string;
    selectedSizes?: string;
    prizes?: { rank: number; title: string; code?: string }[];
  } = {},
) {
  const campaign = await createCampaign({
    status: "completed",
    creatorId: options.creatorId ?? null,
    startDate: new Date(Date.now() - 9 * DAY),
    endDate: new Date(Date.now() - 2 * DAY),
    productType: options.productType ?? "t-shirt",
    selectedSizes: options.selectedSizes ?? "S,M,L",
    selectedColors: "white,black",
    giveBonusGiftToWinner: true,
    winnerBonusGiftName: "Studio gift card",
    winnerBonusGiftCode: "GIFT-4242",
    winnerBonusGiftInstructions: "Redeem at checkout.",
  });
  const winner = await addEntry(campaign.id, uniqueEmail("winner"));
  await addEntry(campaign.id);
  const prizeWinners = [];
  for (const prize of options.prizes ?? []) {
    const entry = await addEntry(campaign.id, uniqueEmail(`prize${prize.rank}`));
    prizeWinners.push(entry);
    await prisma.additionalPrize.create({
      data: {
        campaignId: campaign.id,
        rank: prize.rank,
        title: prize.title,
        code: prize.code ?? null,
        winnerEntryId: entry.id,
        winnerEmail: entry.email,
        redeemByDate: new Date(Date.now() + 30 * DAY),
      },
    });
  }
  const deadline = options.deadline ?? new Date(Date.now() + 14 * DAY);
  await prisma.campaign.update({
    where: { id: campaign.id },
    data: { winnerEntryId: winner.id, winnerEmail: winner.email, claimDeadline: deadline },
  });
  return { campaign, winner, prizeWinners, deadline };
}

/** The /claim/... path of the newest winner email to `to`. */
async function claimPathFromEmail(to: string): Promise<string> {
  const email = await prisma.outboundEmail.findFirstOrThrow({
    where: { to, template: "winner_notification" },
    orderBy: { createdAt: "desc" },
  });
  const path = /https?:\/\/[^/\s]+(\/claim\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(email.text ?? "")?.[1];
  expect(path, "the winner email carries a claim link").toBeTruthy();
  return path ?? "";
}

function decode(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

async function getPage(path: string, cookie = ""): Promise<{ status: number; html: string; response: Response }> {
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, html: decode(await response.text()), response };
}

/** What a browser without JavaScript sends. */
function postForm(path: string, fields: Record<string, string>, cookie = ""): Promise<Response> {
  return postFormTo(app.url, path, fields, { Cookie: cookie });
}

const CLAIM = {
  size: "M",
  style: "Women's fit",
  color: "black",
  shipName: "Grace Hopper",
  shipLine1: "1 Compiler Court",
  shipLine2: "Apt 7",
  shipCity: "Arlington",
  shipRegion: "VA",
  shipPostalCode: "22201",
  shipCountry: "US",
  shipPhone: "+1 555 0100",
};

const orders = (campaignId: string) => prisma.order.findMany({ where: { campaignId } });

describe("notifying winners", () => {
  it("queues one winner email with a working claim link and the bonus gift, the prize emails, and never twice", async () => {
    const { campaign, winner, prizeWinners, deadline } = await drawnCampaign({
      prizes: [
        { rank: 2, title: "$25 store credit", code: "CREDIT-777" },
        { rank: 3, title: "Sticker pack" },
      ],
    });
    expect(await campaignsAwaitingNotification(1000)).toContain(campaign.id);

    expect(await notifyWinners(campaign.id)).toBe(3);
    const mail = await prisma.outboundEmail.findMany({
      where: { dedupeKey: { startsWith: `winner:${campaign.id}:` } },
      orderBy: { dedupeKey: "asc" },
    });
    expect(mail.map((m) => [m.dedupeKey, m.to, m.template])).toEqual([
      [`winner:${campaign.id}:1:${winner.id}`, winner.email, "winner_notification"],
      [`winner:${campaign.id}:2:${prizeWinners[0]?.id}`, prizeWinners[0]?.email, "additional_prize_winner"],
      [`winner:${campaign.id}:3:${prizeWinners[1]?.id}`, prizeWinners[1]?.email, "additional_prize_winner"],
    ]);
    const [grand, second, third] = mail;
    expect(grand?.subject).toBe(`You won the ${campaign.title} giveaway!`);
    expect(grand?.text).toContain("http://localhost:3000/claim/");
    expect(grand?.text).toContain("Claim your prize by choosing your size, style and colour");
    expect(grand?.text).toContain("Bonus gift: Studio gift card");
    expect(grand?.text).toContain("Gift code: GIFT-4242");
    expect(grand?.text).toContain("How to redeem: Redeem at checkout.");
    const deadlineText = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(
      deadline,
    );
    expect(grand?.text).toContain(deadlineText);
    expect(second?.text).toContain("$25 store credit");
    expect(second?.text).toContain("Your code: CREDIT-777");
    expect(second?.text).toContain("2nd prize");
    expect(third?.text).toContain("Test Brand will contact you");
    expect(third?.text).not.toContain("/claim/");

    const row = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.winnersNotifiedAt).not.toBeNull();
    expect(await campaignsAwaitingNotification(1000)).not.toContain(campaign.id);

    // A rerun (a crash before winnersNotifiedAt, or a second instance) mails no one again.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { winnersNotifiedAt: null } });
    expect(await notifyWinners(campaign.id)).toBe(0);
    expect(await prisma.outboundEmail.count({ where: { dedupeKey: { startsWith: `winner:${campaign.id}:` } } })).toBe(3);

    const { status, html } = await getPage(await claimPathFromEmail(winner.email));
    expect(status).toBe(200);
    expect(html).toContain("Claim your prize");
    expect(html).toContain("Studio gift card");
  });

  it("skips campaigns without a winner", async () => {
    const campaign = await createCampaign({ status: "completed" });
    expect(await campaignsAwaitingNotification(1000)).not.toContain(campaign.id);
    expect(await notifyWinners(campaign.id)).toBe(0);
  });
});

describe("claiming a prize", () => {
  it("without JavaScript: shows the form, answers errors with 400, then creates one order and shows Claim received", async () => {
    const { campaign, winner } = await drawnCampaign();
    await notifyWinners(campaign.id);
    const path = await claimPathFromEmail(winner.email);

    const form = await getPage(path);
    expect(form.status).toBe(200);
    expect(form.response.headers.get("Cache-Control")).toContain("no-store");
    for (const text of [
      'value="S"',
      'value="M"',
      'value="L"',
      "Women's fit",
      'value="black"',
      'value="US"',
      'name="referrer" content="same-origin"',
    ]) {
      expect(form.html).toContain(text);
    }
    expect(form.html).not.toContain('value="XL"');

    const bad = await postForm(path, { ...CLAIM, size: "XL", shipName: "", shipRegion: "" });
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain(CLAIM_MESSAGES.sizeRequired);
    expect(badHtml).toContain(CLAIM_MESSAGES.nameRequired);
    expect(badHtml).toContain(CLAIM_MESSAGES.regionRequired);
    expect(badHtml).toContain('value="1 Compiler Court"'); // what was typed stays
    expect(await orders(campaign.id)).toHaveLength(0);

    const ok = await postForm(path, CLAIM);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(path);
    const cookie = ok.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");

    const [order] = await orders(campaign.id);
    expect(order).toMatchObject({
      prizeRank: 1,
      status: "pending",
      entryId: winner.id,
      winnerEmail: winner.email,
      size: "M",
      style: "Women's fit",
      color: "black",
      shipName: "Grace Hopper",
      shipLine1: "1 Compiler Court",
      shipLine2: "Apt 7",
      shipCity: "Arlington",
      shipRegion: "VA",
      shipPostalCode: "22201",
      shipCountry: "US",
      shipPhone: "+1 555 0100",
      submittedAt: null,
    });

    const received = await getPage(path, cookie);
    expect(received.status).toBe(200);
    expect(received.html).toContain("Claim received");
    expect(received.html).toContain("Arlington, United States");
    expect(received.html).toContain("Women's fit");
    expect(received.html).not.toContain("1 Compiler Court");
    expect(received.html).not.toContain("22201");
    expect(received.html).not.toContain("+1 555 0100");

    // Submitting again (back button, a second tab) changes nothing.
    const again = await postForm(path, { ...CLAIM, size: "S" });
    expect(again.status).toBe(409);
    expect(decode(await again.text())).toContain("Claim received");
    expect(await orders(campaign.id)).toHaveLength(1);
    expect((await orders(campaign.id))[0]?.size).toBe("M");
  });

  it("makes one order when the same claim is sent twice at once", async () => {
    const { campaign, winner, deadline } = await drawnCampaign();
    const token = await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline });
    const statuses = (await Promise.all([postForm(`/claim/${token}`, CLAIM), postForm(`/claim/${token}`, CLAIM)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([303, 409]);
    expect(await orders(campaign.id)).toHaveLength(1);
  });

  it("stores the winner's display name and asks a mug winner for a colour only", async () => {
    // A mug stores no sizes (the wizard asks for none).
    const { campaign, winner, deadline } = await drawnCampaign({ productType: "mug", selectedSizes: "" });
    // The winner's email asks for a colour too.
    expect(await notifyWinners(campaign.id)).toBe(1);
    const winnerMail = await prisma.outboundEmail.findFirstOrThrow({ where: { to: winner.email, template: "winner_notification" } });
    expect(winnerMail.text).toContain("Claim your prize by choosing your colour and telling us where to ship it");
    const path = `/claim/${await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline })}`;
    const form = await getPage(path);
    expect(form.status).toBe(200);
    // React separates adjacent text with empty comments; the text a reader sees has none.
    const visible = (html: string) => html.replace(/<!-- -->/g, "");
    expect(visible(form.html)).toContain("Congratulations! Choose your colour and tell us where to ship it.");
    expect(form.html).not.toContain('name="size"');
    expect(form.html).not.toContain('name="style"');
    // The giveaway page and its official rules promise the mug in a colour, never a size.
    const campaignPage = await getPage(`/campaign/${campaign.id}`);
    expect(campaignPage.status).toBe(200);
    expect(visible(campaignPage.html)).toContain("Grand prize: this mug");
    expect(visible(campaignPage.html)).toContain("In White, Black.");
    const rules = await getPage(`/campaign/${campaign.id}/rules`);
    expect(rules.status).toBe(200);
    expect(visible(rules.html)).toContain(
      "Grand prize: one mug with the giveaway's design, in the winner's choice of White, Black, printed and shipped",
    );
    expect(rules.html).not.toMatch(/\bsizes?\b/i);
    const { size: _size, style: _style, ...mugClaim } = CLAIM;
    expect((await postForm(path, { ...mugClaim, publicName: "Grace H." })).status).toBe(303);
    const [order] = await orders(campaign.id);
    expect(order).toMatchObject({ size: null, style: null, color: "black" });
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).winnerPublicName).toBe("Grace H.");
  });
});

describe("offering only what can be made", () => {
  it("offers a hoodie in its one cut and the sizes it is made in, and refuses the rest", async () => {
    const { campaign, winner, deadline } = await drawnCampaign({ productType: "hoodie", selectedSizes: "XS,M,L" });
    const path = `/claim/${await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline })}`;
    const form = await getPage(path);
    expect(form.status).toBe(200);
    expect(form.html).toContain('value="M"');
    expect(form.html).toContain('value="Unisex"');
    expect(form.html).not.toContain('value="XS"');
    expect(form.html).not.toContain("Women's fit");

    for (const refused of [
      { size: "XS", style: "Unisex", message: CLAIM_MESSAGES.sizeRequired },
      { size: "M", style: "Women's fit", message: CLAIM_MESSAGES.styleRequired },
    ]) {
      const response = await postForm(path, { ...CLAIM, size: refused.size, style: refused.style });
      expect(response.status).toBe(400);
      expect(decode(await response.text())).toContain(refused.message);
    }
    expect(await orders(campaign.id)).toHaveLength(0);

    expect((await postForm(path, { ...CLAIM, size: "M", style: "Unisex" })).status).toBe(303);
    expect((await orders(campaign.id))[0]).toMatchObject({ size: "M", style: "Unisex" });
  });

  it("says without JavaScript that Women's fit stops at 2XL, and refuses a Women's fit 3XL with that message", async () => {
    const { campaign, winner, deadline } = await drawnCampaign({ selectedSizes: "M,3XL" });
    const path = `/claim/${await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline })}`;
    const form = await getPage(path);
    expect(form.html).toContain('value="3XL"');
    expect(form.html).toContain("Women's fit is not available in 3XL.");

    const refused = await postForm(path, { ...CLAIM, size: "3XL", style: "Women's fit" });
    expect(refused.status).toBe(400);
    expect(decode(await refused.text())).toContain(sizeNotInStyleMessage("Women's fit", "3XL"));
    expect(await orders(campaign.id)).toHaveLength(0);

    expect((await postForm(path, { ...CLAIM, size: "3XL", style: "Unisex" })).status).toBe(303);
    expect((await orders(campaign.id))[0]).toMatchObject({ size: "3XL", style: "Unisex" });
  });
});

describe("after the claim", () => {
  it("tells the winner honestly when the order was cancelled, and the usual status once it is pending again", async () => {
    const { campaign, winner, deadline } = await drawnCampaign();
    const path = `/claim/${await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline })}`;
    expect((await postForm(path, CLAIM)).status).toBe(303);
    await prisma.order.updateMany({ where: { campaignId: campaign.id }, data: { status: "cancelled" } });

    const cancelled = await getPage(path);
    expect(cancelled.status).toBe(200);
    expect(cancelled.html).toContain("There is a problem with your order; our team will contact you.");
    expect(cancelled.html).not.toContain("being prepared");

    await prisma.order.updateMany({ where: { campaignId: campaign.id }, data: { status: "pending" } });
    const requeued = await getPage(path);
    expect(requeued.html).toContain("Pending: being prepared for printing");
    expect(requeued.html).not.toContain("There is a problem with your order");
  });
});

describe("claim links that do not work", () => {
  it("refuses an expired link with 410, says when the deadline was, and makes no order", async () => {
    const deadline = new Date(Date.now() - DAY);
    const { campaign, winner } = await drawnCampaign({ deadline });
    const path = `/claim/${await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline })}`;
    const page = await getPage(path);
    expect(page.status).toBe(410);
    expect(page.html).toContain("This claim link has expired.");
    expect(page.html).toContain(
      new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(deadline),
    );
    expect((await postForm(path, CLAIM)).status).toBe(410);
    expect(await orders(campaign.id)).toHaveLength(0);
  });

  it("goes by the stored deadline when it is earlier than the link's", async () => {
    const { campaign, winner } = await drawnCampaign({ deadline: new Date(Date.now() - 60_000) });
    const path = `/claim/${await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline: new Date(Date.now() + DAY) })}`;
    expect((await getPage(path)).status).toBe(410);
    expect((await postForm(path, CLAIM)).status).toBe(410);
    expect(await orders(campaign.id)).toHaveLength(0);
  });

  it("answers forged, altered and foreign links with 404 This claim link is not valid.", async () => {
    const { campaign, winner, deadline } = await drawnCampaign();
    const genuine = await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline });
    const [payload = "", mac = ""] = genuine.split(".");
    const tampered = `${payload}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    const otherKey = await signClaimToken("someone-elses-secret", { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline });
    const noCampaign = await signClaimToken(SECRET(), { campaignId: "nosuchcampaign0000000000", rank: 1, entryId: winner.id, deadline });
    const secondPrize = await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 2, entryId: winner.id, deadline });
    for (const token of [tampered, otherKey, noCampaign, secondPrize, "garbage", `${payload}.`]) {
      const page = await getPage(`/claim/${token}`);
      expect(page.status, token).toBe(404);
      expect(page.html).toContain(CLAIM_MESSAGES.invalid);
      expect((await postForm(`/claim/${token}`, CLAIM)).status).toBe(404);
    }
    expect(await orders(campaign.id)).toHaveLength(0);
  });

  it("refuses the old winner's link once the prize went to someone else", async () => {
    const { campaign, winner, deadline } = await drawnCampaign();
    const path = `/claim/${await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline })}`;
    const next = await addEntry(campaign.id);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { winnerEntryId: next.id, winnerEmail: next.email } });
    const page = await getPage(path);
    expect(page.status).toBe(410);
    expect(page.html).toContain(CLAIM_MESSAGES.superseded);
    expect((await postForm(path, CLAIM)).status).toBe(410);
    expect(await orders(campaign.id)).toHaveLength(0);
  });
});

describe("the creator's draw controls", () => {
  it("are the creator's only: anonymous visitors go to /login, other users get 404", async () => {
    const { userId } = await signedInJar("owner");
    const other = await signedInJar("other");
    const { campaign } = await drawnCampaign({ creatorId: userId });
    const path = `/dashboard/campaigns/${campaign.id}/draw`;

    for (const response of [(await getPage(path)).response, await postForm(path, { intent: "winner-public", winnerPublic: "false" })]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const foreign = await getPage(path, other.jar.header());
    expect(foreign.status).toBe(404);
    expect(foreign.html).toContain("Campaign not found or you don't have access.");
    const foreignPost = await postForm(path, { intent: "winner-public", winnerPublic: "false" }, other.jar.header());
    expect(foreignPost.status).toBe(404);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).winnerPublic).toBe(true);
  });

  it("let the creator hide the winner, or show them under a chosen name", async () => {
    const { jar, userId } = await signedInJar("owner");
    const { campaign } = await drawnCampaign({ creatorId: userId });
    const path = `/dashboard/campaigns/${campaign.id}/draw`;
    const page = await getPage(path, jar.header());
    expect(page.status).toBe(200);
    expect(page.html).toContain("Winner draw");
    expect(page.html).toContain("Waiting for the winner to claim");

    const hide = await postForm(path, { intent: "winner-public", winnerPublic: "false", winnerPublicName: "" }, jar.header());
    expect(hide.status).toBe(303);
    expect(hide.headers.get("Location")).toBe(path);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toMatchObject({
      winnerPublic: false,
      winnerPublicName: null,
    });

    // The checkbox form sends the hidden "false" and the ticked "true"; returnTo brings the creator back to analytics.
    const analytics = `/dashboard/campaigns/${campaign.id}/analytics`;
    const show = await fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
      body: `intent=winner-public&winnerPublic=false&winnerPublic=true&winnerPublicName=${encodeURIComponent(" Lucky Grace ")}&returnTo=${encodeURIComponent(analytics)}`,
    });
    expect(show.status).toBe(303);
    expect(show.headers.get("Location")).toBe(analytics);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toMatchObject({
      winnerPublic: true,
      winnerPublicName: "Lucky Grace",
    });

    const offsite = await postForm(
      path,
      { intent: "winner-public", winnerPublic: "true", returnTo: "https://evil.example/" },
      jar.header(),
    );
    expect(offsite.headers.get("Location")).toBe(path);
    expect(
      (await postForm(path, { intent: "winner-public", winnerPublic: "true", winnerPublicName: "x".repeat(51) }, jar.header())).status,
    ).toBe(400);
    expect((await postForm(path, { intent: "nonsense" }, jar.header())).status).toBe(400);
  });

  it("refuse a redraw before the deadline or after a claim, and a draw while winners are picked automatically", async () => {
    const { jar, userId } = await signedInJar("owner");
    const { campaign, winner, deadline } = await drawnCampaign({ creatorId: userId });
    const path = `/dashboard/campaigns/${campaign.id}/draw`;

    const early = await postForm(path, { intent: "redraw", rank: "1" }, jar.header());
    expect(early.status).toBe(409);
    expect(decode(await early.text())).toContain("only after its claim deadline has passed");
    const second = await postForm(path, { intent: "redraw", rank: "2" }, jar.header());
    expect(second.status).toBe(400);
    expect(decode(await second.text())).toContain("Only the grand prize can be redrawn");
    // A rank that is not a prize's: said as such, not as "only the grand prize".
    for (const rank of ["abc", "NaN", "-1", "0", "4", "1.5"]) {
      const bad = await postForm(path, { intent: "redraw", rank }, jar.header());
      expect(bad.status, rank).toBe(400);
      const html = decode(await bad.text());
      expect(html, rank).toContain("The prize rank must be 1 (the grand prize), 2 or 3.");
      expect(html, rank).not.toContain("Only the grand prize can be redrawn");
    }
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toMatchObject({ winnerEntryId: winner.id });

    const token = await signClaimToken(SECRET(), { campaignId: campaign.id, rank: 1, entryId: winner.id, deadline });
    expect((await postForm(`/claim/${token}`, CLAIM)).status).toBe(303);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { claimDeadline: new Date(Date.now() - DAY) } });
    const claimed = await postForm(path, { intent: "redraw", rank: "1" }, jar.header());
    expect(claimed.status).toBe(409);
    expect(decode(await claimed.text())).toContain("has claimed the prize");
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).winnerEntryId).toBe(winner.id);

    const ended = await createCampaign({
      creatorId: userId,
      startDate: new Date(Date.now() - 9 * DAY),
      endDate: new Date(Date.now() - DAY),
    });
    const auto = await postForm(`/dashboard/campaigns/${ended.id}/draw`, { intent: "draw" }, jar.header());
    expect(auto.status).toBe(409);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: ended.id } })).toMatchObject({ status: "active", winnerEntryId: null });
  });
});

describe("manual draw and redraw (with the real draw)", () => {
  beforeAll(async () => {
    await prisma.platformSetting.update({ where: { key: "autoPickWinnerEnabled" }, data: { value: "false" } });
  });
  afterAll(async () => {
    await prisma.platformSetting.update({ where: { key: "autoPickWinnerEnabled" }, data: { value: "true" } });
  });

  it("draws on the creator's request, mails the winner, and after an unclaimed deadline redraws someone new", async () => {
    const { jar, userId } = await signedInJar("owner");
    const campaign = await createCampaign({
      creatorId: userId,
      startDate: new Date(Date.now() - 9 * DAY),
      endDate: new Date(Date.now() - DAY),
    });
    for (let i = 0; i < 5; i += 1) await addEntry(campaign.id);
    const path = `/dashboard/campaigns/${campaign.id}/draw`;

    const before = await getPage(path, jar.header());
    expect(before.html).toContain("Draw winner");
    const drawn = await postForm(path, { intent: "draw" }, jar.header());
    expect(drawn.status).toBe(303);
    const first = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(first).toMatchObject({ status: "completed" });
    expect(first.winnerEntryId).toBeTruthy();
    expect(first.winnersNotifiedAt).not.toBeNull();
    const firstLink = await claimPathFromEmail(first.winnerEmail ?? "");
    expect((await getPage(firstLink)).status).toBe(200);
    expect((await postForm(path, { intent: "draw" }, jar.header())).status).toBe(409);

    await prisma.campaign.update({ where: { id: campaign.id }, data: { claimDeadline: new Date(Date.now() - 60_000) } });
    expect((await getPage(firstLink)).status).toBe(410);
    const redrawn = await postForm(path, { intent: "redraw", rank: "1" }, jar.header());
    expect(redrawn.status).toBe(303);
    const second = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(second.winnerEntryId).toBeTruthy();
    expect(second.winnerEntryId).not.toBe(first.winnerEntryId);
    expect(second.claimDeadline?.getTime()).toBeGreaterThan(Date.now());

    // The new winner has a working link; the old one is superseded.
    const secondLink = await claimPathFromEmail(second.winnerEmail ?? "");
    expect((await getPage(secondLink)).status).toBe(200);
    const old = await getPage(firstLink);
    expect(old.status).toBe(410);
    expect(old.html).toContain(CLAIM_MESSAGES.superseded);
    // createCampaign offers white only.
    expect((await postForm(secondLink, { ...CLAIM, color: "white" })).status).toBe(303);
    expect(await orders(campaign.id)).toMatchObject([{ entryId: second.winnerEntryId }]);
  });
});
