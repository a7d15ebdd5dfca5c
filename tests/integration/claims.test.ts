import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatZonedDate } from "~/domain/campaign-time-zone";
import { CLAIM_MESSAGES, regionRequiredMessage, signClaimToken, sizeNotInStyleMessage } from "~/domain/claims";
import { prisma } from "~/server/core/db.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { CLAIM, DAY, SECRET, addEntry, claimPathFromEmail, decode, drawnCampaign, orders, pagesOf } from "../helpers/winners";

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

const { getPage, postForm } = pagesOf(() => app.url);

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
    expect(badHtml).toContain(regionRequiredMessage("State"));
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
    expect(received.html).toContain("Arlington, United States of America");
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

  it("asks a mug winner for a colour only", async () => {
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
    // A mug is made in White only, so a Black saved on an older campaign is not promised (decision 048).
    expect(visible(campaignPage.html)).toContain("In White.");
    const rules = await getPage(`/campaign/${campaign.id}/rules`);
    expect(rules.status).toBe(200);
    expect(visible(rules.html)).toContain(
      "Grand prize: one mug with the giveaway's design, in the winner's choice of White, printed and shipped",
    );
    expect(rules.html).not.toMatch(/\bsizes?\b/i);
    const { size: _size, style: _style, ...mugClaim } = CLAIM;
    expect((await postForm(path, { ...mugClaim, color: "white" })).status).toBe(303);
    const [order] = await orders(campaign.id);
    expect(order).toMatchObject({ size: null, style: null, color: "white" });
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
    expect(requeued.html).toContain("Being prepared for printing");
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
    expect(page.html).toContain(formatZonedDate(deadline, "UTC"));
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
