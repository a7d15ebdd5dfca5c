import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAIM_MESSAGES, signClaimToken } from "~/domain/claims";
import { prisma } from "~/server/core/db.server";
import { freezeEntryList } from "~/server/draw/freeze.server";
import { roundTimeMs } from "~/domain/beacon";
import { beaconWaitText } from "~/domain/draw-controls";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, endedCampaignOn, passClaimWindow, setUpFakeBeacon } from "../helpers/draw";
import { signedInJar } from "../helpers/wizard";
import { CLAIM, DAY, SECRET, claimPathFromEmail, decode, drawnCampaign, orders, pagesOf } from "../helpers/winners";

let app: InProcessAppServer;
// The real draw waits for its drand round: a fake drand on 127.0.0.1 is the configured chain.
const beacon = setUpFakeBeacon();

beforeAll(async () => {
  app = await startAppServer();
  await app.resetConfig();
});

afterAll(async () => {
  await app.close();
});

const { getPage, postForm } = pagesOf(() => app.url);

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
    expect(decode(await second.text())).toContain("This giveaway has no 2nd-place prize.");
    // A rank that is not a prize's: said as such, not as "only the grand prize".
    for (const rank of ["abc", "NaN", "-1", "0", "4", "1.5"]) {
      const bad = await postForm(path, { intent: "redraw", rank }, jar.header());
      expect(bad.status, rank).toBe(400);
      const html = decode(await bad.text());
      expect(html, rank).toContain("The prize rank must be 1 (the grand prize), 2 or 3.");
      expect(html, rank).not.toContain("This giveaway has no");
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

  /** A campaign of this creator that ended at `end`, committed at launch to the fake chain's round, with confirmed entries. */
  async function endedCampaign(creatorId: string, end: Date, entries: number) {
    const campaign = await endedCampaignOn(beacon, end, { creatorId });
    await addConfirmedEntries(
      campaign.id,
      Array.from({ length: entries }, (_, i) => ({
        email: `manual${i}-${campaign.id}@example.com`,
        createdAt: new Date(end.getTime() - DAY + i * 1000),
      })),
    );
    return campaign;
  }

  it("says when the beacon round the draw waits for is due, and draws nothing before it", async () => {
    const { jar, userId } = await signedInJar("owner");
    const end = new Date(Date.now() - 60_000);
    const campaign = await endedCampaign(userId, end, 3);
    // The job pass froze the list at the end; the round published at launch is 10 minutes after it.
    expect((await freezeEntryList(campaign.id, { now: end })).kind).toBe("frozen");
    const list = await prisma.entryList.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    expect(list.beaconRound).toBe(campaign.drawBeaconRound);
    const dueAt = new Date(roundTimeMs(beacon.fake().chain, list.beaconRound));
    const path = `/dashboard/campaigns/${campaign.id}/draw`;
    const refused = await postForm(path, { intent: "draw" }, jar.header());
    expect(refused.status).toBe(409);
    const page = decode(await refused.text());
    expect(page).toContain(beaconWaitText({ round: list.beaconRound, at: dueAt.toISOString(), demo: false }, "UTC"));
    const row = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id }, include: { draw: true } });
    expect(row).toMatchObject({ status: "active", winnerEntryId: null, draw: null });
  });

  it("draws on the creator's request, mails the winner, and after an unclaimed deadline redraws someone new", async () => {
    const { jar, userId } = await signedInJar("owner");
    const end = new Date(Date.now() - DAY);
    const campaign = await endedCampaign(userId, end, 5);
    // The job pass freezes every ended campaign, also when winners are drawn by hand (decision 039).
    expect((await freezeEntryList(campaign.id, { now: new Date(end.getTime() + 60_000) })).kind).toBe("frozen");
    const path = `/dashboard/campaigns/${campaign.id}/draw`;

    const before = await getPage(path, jar.header());
    expect(before.html).toContain("Draw winner");
    const drawn = await postForm(path, { intent: "draw" }, jar.header());
    expect(drawn.status).toBe(303);
    const first = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(first).toMatchObject({ status: "completed" });
    const draw = await prisma.draw.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    expect(draw).toMatchObject({ procedureVersion: 3, beaconRound: campaign.drawBeaconRound, beaconMissing: false });
    expect(first.winnerEntryId).toBeTruthy();
    expect(first.winnersNotifiedAt).not.toBeNull();
    const firstLink = await claimPathFromEmail(first.winnerEmail ?? "");
    expect((await getPage(firstLink)).status).toBe(200);
    expect((await postForm(path, { intent: "draw" }, jar.header())).status).toBe(409);

    // Decision 102: moving the prize's deadline alone does not allow a redraw; the published deadline decides.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { claimDeadline: new Date(Date.now() - 60_000) } });
    expect((await getPage(firstLink)).status).toBe(410);
    expect((await postForm(path, { intent: "redraw", rank: "1" }, jar.header())).status).toBe(409);
    // The claim window passes.
    await passClaimWindow(campaign.id, 15 * DAY);
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

  it("redraws an unclaimed 2nd prize after its own deadline, and its new winner claims it with their own link (decision 050)", async () => {
    const { jar, userId } = await signedInJar("owner");
    const end = new Date(Date.now() - DAY);
    const campaign = await endedCampaign(userId, end, 6);
    await prisma.additionalPrize.create({ data: { campaignId: campaign.id, rank: 2, title: "Gift card", kind: "gift" } });
    expect((await freezeEntryList(campaign.id, { now: new Date(end.getTime() + 60_000) })).kind).toBe("frozen");
    const path = `/dashboard/campaigns/${campaign.id}/draw`;
    expect((await postForm(path, { intent: "draw" }, jar.header())).status).toBe(303);
    const first = await prisma.additionalPrize.findFirstOrThrow({ where: { campaignId: campaign.id, rank: 2 } });
    expect(first.winnerEntryId).toBeTruthy();
    const tierLink = async (to: string) => {
      const mail = await prisma.outboundEmail.findFirstOrThrow({
        where: { to, template: "additional_prize_winner" },
        orderBy: { createdAt: "desc" },
      });
      return /https?:\/\/[^/\s]+(\/claim\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1] ?? "";
    };
    const firstLink = await tierLink(first.winnerEmail ?? "");
    expect((await getPage(firstLink)).status).toBe(200);

    // Before the tier's deadline: refused.
    expect((await postForm(path, { intent: "redraw", rank: "2" }, jar.header())).status).toBe(409);
    await passClaimWindow(campaign.id, 15 * DAY);
    expect((await getPage(path, jar.header())).html).toContain("Redraw 2nd place");
    const redrawn = await postForm(path, { intent: "redraw", rank: "2" }, jar.header());
    expect(redrawn.status).toBe(303);
    const second = await prisma.additionalPrize.findFirstOrThrow({ where: { campaignId: campaign.id, rank: 2 } });
    expect(second.winnerEntryId).toBeTruthy();
    expect(second.winnerEntryId).not.toBe(first.winnerEntryId);
    expect(second.claimDeadline?.getTime()).toBeGreaterThan(Date.now());
    expect((await getPage(firstLink)).status).toBe(410);
    const secondLink = await tierLink(second.winnerEmail ?? "");
    expect((await getPage(secondLink)).status).toBe(200);
    expect((await postForm(secondLink, {})).status).toBe(303);
    expect(await orders(campaign.id)).toMatchObject([{ prizeRank: 2, kind: "gift", entryId: second.winnerEntryId }]);
  });
});
