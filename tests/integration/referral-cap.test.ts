/**
 * The referral cap (decision 104): a creator may let at most K friends per entrant earn bonus
 * entries. Over real HTTP, friends past the cap earn nothing, the rules and the emails say so,
 * restoring a disqualified friend never lifts a referrer past it, the published record states it,
 * and a list that breaks it (an operator crediting one friend too many before the freeze) is a
 * MISMATCH for `npm run verify-draw` and for the verifier the browser and the single file run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainInfoJson } from "~/domain/beacon";
import { prisma } from "~/server/core/db.server";
import { disqualifyEntries, restoreEntries } from "~/server/analytics/fraud.server";
import { plannedBeaconRound } from "~/server/draw/freeze.server";
import { verifyDraw as verifyIndependently } from "~/verifier/verify";
import { verifyDraw } from "../../scripts/verify-draw";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { freezeAndDraw, publishedDrawFiles, setUpFakeBeacon } from "../helpers/draw";
import { confirmEntryOf } from "../helpers/entries";
import { postForm } from "../helpers/http";

const BROWSER = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const DAY = 24 * 60 * 60 * 1000;

const beacon = setUpFakeBeacon();
let app: InProcessAppServer;

beforeAll(async () => {
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

let seq = 0;
const address = (name: string) => `${name}-${(seq += 1)}-${Date.now().toString(36)}@cap.test`;

/** Enters through `path` (the sharer's link, or the page) and confirms by the emailed link, as an entrant without JavaScript. */
async function enterAndConfirm(campaignId: string, email: string, ref?: string) {
  const path = `/campaign/${campaignId}${ref ? `?ref=${ref}` : ""}`;
  const entered = await postForm(app.url, path, { email, agreedToTerms: "on" }, { "User-Agent": BROWSER });
  expect(entered.status).toBeLessThan(400);
  expect((await confirmEntryOf(app.url, campaignId, email)).status).toBeLessThan(400);
  return prisma.entry.findFirstOrThrow({ where: { campaignId, email } });
}

const entry = (id: string) => prisma.entry.findUniqueOrThrow({ where: { id } });

/** A sharer and `friends` friends through their link, in a campaign capped at `cap` friends. */
async function sharedCampaign(cap: number | null, friends: number) {
  const campaign = await createCampaign({ referralCap: cap });
  const sharer = await enterAndConfirm(campaign.id, address("sharer"));
  const made = [];
  for (let i = 0; i < friends; i++) made.push(await enterAndConfirm(campaign.id, address(`friend${i}`), sharer.id));
  return { campaign, sharer, friends: made };
}

/** Ends the campaign (its round on the fake chain), freezes, draws: the published files. */
async function drawn(campaignId: string) {
  const chain = beacon.fake().chain;
  const end = new Date(Date.now() - 60 * 60 * 1000);
  await prisma.campaign.update({
    where: { id: campaignId },
    data: { endDate: end, drawBeaconChain: chain.hash, drawBeaconRound: plannedBeaconRound(chain, end, 10) },
  });
  const { outcome } = await freezeAndDraw(campaignId);
  expect(outcome.kind).toBe("drawn");
  return publishedDrawFiles(campaignId);
}

/** The verifiers check as of a day later: the draw is dated at its round, which may be ahead of the clock. */
const checkedAt = () => new Date(Date.now() + DAY);

describe("the referral cap", () => {
  it("credits the first K friends only: the third of a 2-friend cap earns its sharer nothing, and the pages and emails say so", async () => {
    const { campaign, sharer, friends } = await sharedCampaign(2, 3);
    expect((await entry(sharer.id)).bonusEntries).toBe(6);
    expect(await Promise.all(friends.map(async (f) => (await entry(f.id)).referralCredited))).toEqual([true, true, false]);

    const rules = await (await fetch(`${app.url}/campaign/${campaign.id}/rules`)).text();
    expect(rules).toContain("Only the first 2 friends whose entries are confirmed earn you bonus entries: at most 6 bonus entries");
    // The "How it works" list of the public page and each friend's confirmation email.
    const page = await (await fetch(`${app.url}/campaign/${campaign.id}`, { headers: { "User-Agent": BROWSER } })).text();
    expect(page).toContain("Bonus entries count for up to 2 friends.");
    const receipt = await prisma.outboundEmail.findFirstOrThrow({ where: { to: friends[2]!.email, template: "entry_confirmation" } });
    expect(receipt.text).toContain("Bonus entries count for up to 2 friends.");
  });

  it("promises no limit without a cap, and credits every friend", async () => {
    const { campaign, sharer } = await sharedCampaign(null, 3);
    expect((await entry(sharer.id)).bonusEntries).toBe(9);
    const rules = await (await fetch(`${app.url}/campaign/${campaign.id}/rules`)).text();
    expect(rules).not.toContain("Only the first");
    const page = await (await fetch(`${app.url}/campaign/${campaign.id}`, { headers: { "User-Agent": BROWSER } })).text();
    expect(page).not.toContain("Bonus entries count for up to");
  });

  it("lets a restored friend earn the bonus again only within the cap", async () => {
    const { campaign, sharer, friends } = await sharedCampaign(2, 2);
    // A credited friend disqualified: the sharer loses 3, and the next friend through the link earns them.
    expect((await disqualifyEntries(campaign.id, [friends[0]!.id], "fake", null)).ok).toBe(true);
    expect((await entry(sharer.id)).bonusEntries).toBe(3);
    const later = await enterAndConfirm(campaign.id, address("later"), sharer.id);
    expect((await entry(later.id)).referralCredited).toBe(true);
    expect((await entry(sharer.id)).bonusEntries).toBe(6);
    // Restored, the first friend counts again as an entry, but two friends already hold the cap.
    expect((await restoreEntries(campaign.id, [friends[0]!.id])).ok).toBe(true);
    expect((await entry(friends[0]!.id)).disqualifiedAt).toBeNull();
    expect((await entry(friends[0]!.id)).referralCredited).toBe(false);
    expect((await entry(sharer.id)).bonusEntries).toBe(6);

    // The list keeps the cap: it draws, publishes referralCap and every verifier says MATCH.
    const files = await drawn(campaign.id);
    expect((files.record.list as { referralCap: unknown }).referralCap).toBe(2);
    expect(new TextDecoder().decode(files.csvBytes)).toContain(`${sharer.id},${sharer.createdAt.getTime()},,7\n`);
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: checkedAt() })).ok).toBe(true);
  });

  it("is refused by the freeze, and caught by every verifier, when the list breaks it", async () => {
    const { campaign, sharer, friends } = await sharedCampaign(2, 3);
    // An operator's edit: the third friend credited anyway, and the sharer's weight raised to match.
    await prisma.entry.update({ where: { id: friends[2]!.id }, data: { referralCredited: true } });
    await prisma.entry.update({ where: { id: sharer.id }, data: { bonusEntries: { increment: 3 } } });
    // Our own freeze refuses the list: it breaks a rule of the list, and nothing is written.
    await expect(drawn(campaign.id)).rejects.toThrow(/is named as referrer by 3 lines, but the rules let at most 2 friends/);
    expect(await prisma.entryList.count({ where: { campaignId: campaign.id } })).toBe(0);
    // An operator running other code gets a list past the cap frozen (here: the cap lifted for the
    // freeze and put back) and publishes it: every verifier says MISMATCH, with the reason.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { referralCap: null } });
    const frozen = await drawn(campaign.id);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { referralCap: 2 } });
    const files = { ...frozen, record: { ...frozen.record, list: { ...(frozen.record.list as object), referralCap: 2 } } };
    const why = new RegExp(
      `Entry ${sharer.id} is named as referrer by 3 lines, but the rules let at most 2 friends per entrant earn bonus entries`,
    );

    const cli = await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: checkedAt() });
    expect(cli.ok).toBe(false);
    expect(cli.checks.filter((check) => !check.ok).map((check) => check.actual)).toEqual([expect.stringMatching(why)]);
    const independent = await verifyIndependently({
      record: files.record,
      csvBytes: files.csvBytes,
      actionsBytes: files.actionsBytes,
      chainInfo: { json: chainInfoJson(beacon.fake().chain), source: "test relay" },
      now: checkedAt().getTime(),
    });
    const weights = independent.checks.find((check) => check.name === "Weights");
    expect(weights?.ok).toBe(false);
    expect(weights?.detail).toMatch(why);
  });
});
