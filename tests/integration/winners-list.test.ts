/**
 * Decision 057: the public winners list of a campaign over real HTTP, after a real draw (fake
 * beacon), and the winner's choices for it from the claim page, posted as a browser without
 * JavaScript posts them: a display name, an objection and its withdrawal, before and after claiming.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signClaimToken } from "~/domain/claims";
import { WINNER_LISTING_MESSAGES } from "~/domain/winners-list";
import { prisma } from "~/server/core/db.server";
import { plannedBeaconRound } from "~/server/draw/freeze.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { redrawPrize } from "~/server/draw/redraw.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, freezeAndDraw, setUpFakeBeacon } from "../helpers/draw";
import { CLAIM, DAY, SECRET, decode, orders, pagesOf } from "../helpers/winners";

const MINUTE = 60 * 1000;
const beacon = setUpFakeBeacon();
let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

const { getPage, postForm } = pagesOf(() => app.url);
/** React separates adjacent text with empty comments; the text a reader sees has none. */
const visible = (html: string) => decode(html.replace(/<!-- -->/g, ""));

let seq = 0;
/** A campaign that ended an hour ago with `entries` confirmed entries, drawn for real: grand prize and a gift 2nd prize. */
async function drawn(options: { entries?: number; rulesVersion?: number; winnerPublic?: boolean } = {}) {
  seq += 1;
  const end = new Date(Date.now() - 60 * MINUTE);
  const chain = beacon.fake().chain;
  const campaign = await createCampaign({
    startDate: new Date(end.getTime() - 7 * DAY),
    endDate: end,
    drawBeaconChain: chain.hash,
    drawBeaconRound: plannedBeaconRound(chain, end, 10),
    rulesVersion: options.rulesVersion ?? 2,
    winnerPublic: options.winnerPublic ?? true,
    selectedColors: "white,black",
    selectedSizes: "S,M,L",
    additionalPrizes: { create: [{ rank: 2, title: "$50 gift card", kind: "gift", needsAddress: false }] },
  });
  const start = Date.now() - 3 * DAY;
  await addConfirmedEntries(
    campaign.id,
    Array.from({ length: options.entries ?? 6 }, (_, i) => ({
      // Distinct first letters, so each masked address ("a0x***@winners.test") names one entrant.
      email: `${String.fromCharCode(97 + i)}${i}x.fan-${seq}@winners.test`,
      createdAt: new Date(start + i * 1000),
    })),
  );
  const { outcome, drawnAt } = await freezeAndDraw(campaign.id, { now: new Date(end.getTime() + MINUTE) });
  const row = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id }, include: { additionalPrizes: true } });
  // Told already, so nothing else sends the winners' emails meanwhile; a redraw needs the notification on record (decision 102).
  await notifyWinners(campaign.id);
  return { campaign: row, outcome, drawnAt };
}

async function claimPath(campaignId: string, rank: number) {
  const row = await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId }, include: { additionalPrizes: true } });
  const tier = rank === 1 ? row : row.additionalPrizes.find((prize) => prize.rank === rank);
  if (!tier?.winnerEntryId || !tier.claimDeadline) throw new Error(`no winner for rank ${rank}`);
  const token = await signClaimToken(SECRET(), { campaignId, rank, entryId: tier.winnerEntryId, deadline: tier.claimDeadline });
  return { path: `/claim/${token}`, entryId: tier.winnerEntryId, email: tier.winnerEmail ?? "" };
}

/** The winners page's tier: what it shows for the winner and the region. */
async function tier(campaignId: string, rank: number) {
  const page = await getPage(`/campaign/${campaignId}/winners`);
  expect(page.status).toBe(200);
  const html = visible(page.html);
  const start = html.indexOf(`data-testid="winner-tier-${rank}"`);
  expect(start, `tier ${rank} is listed`).toBeGreaterThan(-1);
  const item = html.slice(start, html.indexOf("</li>", start));
  const shown = /data-testid="winner-shown"[^>]*>([^<]*)</.exec(item)?.[1] ?? null;
  const region = /data-testid="winner-region"[^>]*>([^<]*)</.exec(item)?.[1] ?? null;
  return { shown, region, item, html };
}

const masked = (email: string) => `${email.slice(0, 3)}***@${email.split("@")[1]}`;

describe("the winners list before the draw", () => {
  it("says when the winners will be listed, and the rules, the draw page and the campaign page link to it", async () => {
    const campaign = await createCampaign({ rulesVersion: 2 });
    const page = await getPage(`/campaign/${campaign.id}/winners`);
    expect(page.status).toBe(200);
    const html = visible(page.html);
    expect(html).toContain('data-testid="winners-pending"');
    expect(html).toMatch(/The giveaway ends on .+ UTC\. The winners are drawn .+ and listed here as soon as they are drawn\./);
    expect(html).not.toContain('data-testid="winner-tier-1"');
    // A page without the client runtime (decision 035).
    expect(html).not.toMatch(/<script[^>]+src=/);
    const link = `href="/campaign/${campaign.id}/winners"`;
    expect((await getPage(`/campaign/${campaign.id}/rules`)).html).toContain(link);
    expect((await getPage(`/campaign/${campaign.id}/draw`)).html).toContain(link);
  });

  it("is a 404 for a campaign that does not exist or is a draft", async () => {
    expect((await getPage("/campaign/nosuchcampaign123/winners")).status).toBe(404);
    const draft = await createCampaign({ status: "draft", launchedAt: null });
    expect((await getPage(`/campaign/${draft.id}/winners`)).status).toBe(404);
  });
});

describe("the winners list after the draw, and the winner's choices from the claim page (no JavaScript)", () => {
  it("shows masked emails, then the chosen name, the objection, the region once claimed, everywhere the winner is named", async () => {
    const { campaign } = await drawn();
    const grand = await claimPath(campaign.id, 1);
    const second = await claimPath(campaign.id, 2);

    let first = await tier(campaign.id, 1);
    expect(first.shown).toBe(masked(grand.email));
    expect(first.region).toBeNull();
    expect(first.html).toContain("Grand prize");
    expect(first.html).not.toContain(grand.email);
    expect((await tier(campaign.id, 2)).shown).toBe(masked(second.email));
    expect((await tier(campaign.id, 2)).item).toContain("2nd prize: $50 gift card");
    // The ended campaign page links to the list.
    expect((await getPage(`/campaign/${campaign.id}`)).html).toContain(`href="/campaign/${campaign.id}/winners"`);

    // The claim page, before claiming, shows how the winner is listed and the two forms.
    const claim = visible((await getPage(grand.path)).html);
    expect(claim).toContain("The winners list");
    expect(claim).toContain(
      `You are shown as: <strong class="[overflow-wrap:anywhere]" data-testid="listing-shown-as">${masked(grand.email)}`,
    );
    expect(claim).toContain('value="listing-name"');
    expect(claim).toContain('value="listing-object"');

    // A display name: trimmed, on the list, the draw page and the campaign page.
    const named = await postForm(grand.path, { intent: "listing-name", displayName: "  Grace   H. " });
    expect(named.status).toBe(303);
    expect(named.headers.get("Location")).toBe(grand.path);
    expect(await prisma.winnerListing.findUnique({ where: { entryId: grand.entryId } })).toMatchObject({
      displayName: "Grace H.",
      objectedAt: null,
    });
    expect((await tier(campaign.id, 1)).shown).toBe("Grace H.");
    expect(visible((await getPage(`/campaign/${campaign.id}/draw`)).html)).toContain("Grace H.");
    expect(visible((await getPage(`/campaign/${campaign.id}`)).html)).toContain("Grace H.");

    // A bad name is refused with its message; nothing changes.
    const bad = await postForm(grand.path, { intent: "listing-name", displayName: "grace@example.com" });
    expect(bad.status).toBe(400);
    expect(visible(await bad.text())).toContain(WINNER_LISTING_MESSAGES.nameInvalid);
    const long = await postForm(grand.path, { intent: "listing-name", displayName: "x".repeat(41) });
    expect(long.status).toBe(400);
    expect(visible(await long.text())).toContain(WINNER_LISTING_MESSAGES.nameMax);
    expect((await tier(campaign.id, 1)).shown).toBe("Grace H.");

    // The objection: nobody named anywhere, not the name, not the masked email.
    expect((await postForm(grand.path, { intent: "listing-object" })).status).toBe(303);
    first = await tier(campaign.id, 1);
    expect(first.shown).toBe("Winner chose not to be listed");
    for (const path of [`/campaign/${campaign.id}/winners`, `/campaign/${campaign.id}/draw`, `/campaign/${campaign.id}`]) {
      const html = visible((await getPage(path)).html);
      expect(html, path).toContain("Winner chose not to be listed");
      expect(html, path).not.toContain("Grace H.");
      expect(html, path).not.toContain(masked(grand.email));
    }

    // Claiming with an address: still not listed, so no region either.
    expect((await postForm(grand.path, CLAIM)).status).toBe(303);
    expect(await orders(campaign.id)).toHaveLength(1);
    first = await tier(campaign.id, 1);
    expect(first.shown).toBe("Winner chose not to be listed");
    expect(first.region).toBeNull();
    expect(first.item).not.toContain("VA");

    // After claiming, from the same page: listed again, with the region of the claim's address.
    const claimed = visible((await getPage(grand.path)).html);
    expect(claimed).toContain("Claim received");
    expect(claimed).toContain('value="listing-unobject"');
    expect((await postForm(grand.path, { intent: "listing-unobject" })).status).toBe(303);
    first = await tier(campaign.id, 1);
    expect(first.shown).toBe("Grace H.");
    expect(first.region).toBe("VA, United States of America");
    // Clearing the name shows the masked email again.
    const cleared = await postForm(grand.path, { intent: "listing-name", displayName: "" });
    expect(cleared.status).toBe(303);
    expect((await tier(campaign.id, 1)).shown).toBe(masked(grand.email));

    // A gift claimed without an address has no region.
    expect((await postForm(second.path, {})).status).toBe(303);
    expect((await tier(campaign.id, 2)).region).toBeNull();
  });

  it("shows an erased winner only as Winner, everywhere, and stores nothing more for them", async () => {
    const { campaign } = await drawn();
    const grand = await claimPath(campaign.id, 1);
    expect((await postForm(grand.path, { intent: "listing-name", displayName: "Ada L." })).status).toBe(303);
    expect((await postForm(grand.path, CLAIM)).status).toBe(303);
    // What the data-rights work leaves (decision 054): the entry kept with erasedAt; its listing row is deleted with it.
    await prisma.entry.update({ where: { id: grand.entryId }, data: { erasedAt: new Date() } });
    await prisma.winnerListing.deleteMany({ where: { entryId: grand.entryId } });

    const first = await tier(campaign.id, 1);
    expect(first.shown).toBe("Winner");
    expect(first.region).toBeNull();
    for (const path of [`/campaign/${campaign.id}/winners`, `/campaign/${campaign.id}/draw`, `/campaign/${campaign.id}`]) {
      const html = visible((await getPage(path)).html);
      expect(html, path).not.toContain(masked(grand.email));
      expect(html, path).not.toContain("Ada L.");
    }
    // Even a listing row left behind by mistake names nobody.
    await prisma.winnerListing.create({ data: { entryId: grand.entryId, displayName: "Ada L." } });
    expect((await tier(campaign.id, 1)).shown).toBe("Winner");
    await prisma.winnerListing.deleteMany({ where: { entryId: grand.entryId } });

    const claim = visible((await getPage(grand.path)).html);
    expect(claim).toContain("Your data was erased");
    expect(claim).not.toContain('value="listing-name"');
    const refused = await postForm(grand.path, { intent: "listing-name", displayName: "Ada L." });
    expect(refused.status).toBe(409);
    expect(await prisma.winnerListing.findUnique({ where: { entryId: grand.entryId } })).toBeNull();
  });

  it("shows a redrawn tier's current winner; the replaced winner's link can no longer change the list", async () => {
    const { campaign, drawnAt } = await drawn({ entries: 8 });
    const old = await claimPath(campaign.id, 1);
    expect((await postForm(old.path, { intent: "listing-name", displayName: "First Winner" })).status).toBe(303);
    const afterDeadline = new Date(drawnAt.getTime() + 30 * DAY);
    const redrawn = await redrawPrize(campaign.id, 1, { now: afterDeadline });
    if (redrawn.kind !== "redrawn") throw new Error(`expected a redraw, got ${redrawn.kind}`);

    const first = await tier(campaign.id, 1);
    expect(first.shown).toBe(masked(redrawn.email));
    expect(first.item).toMatch(/Drawn again on .+: the first winner did not claim the prize by the deadline\./);
    expect(first.html).not.toContain("First Winner");

    const refused = await postForm(old.path, { intent: "listing-object" });
    expect(refused.status).toBe(410);
    expect(await prisma.winnerListing.findUnique({ where: { entryId: old.entryId } })).toMatchObject({ objectedAt: null });
    // The new winner's own link works.
    const current = await claimPath(campaign.id, 1);
    expect(current.entryId).toBe(redrawn.entryId);
    expect((await postForm(current.path, { intent: "listing-object" })).status).toBe(303);
    expect((await tier(campaign.id, 1)).shown).toBe("Winner chose not to be listed");
  });

  it("lets a winner object after the claim deadline too; a forged link changes nothing", async () => {
    const { campaign } = await drawn();
    const grand = await claimPath(campaign.id, 1);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { claimDeadline: new Date(Date.now() - MINUTE) } });
    const expired = await getPage(grand.path);
    expect(expired.status).toBe(410);
    expect(visible(expired.html)).toContain("The winners list");
    expect((await postForm(grand.path, { intent: "listing-object" })).status).toBe(303);
    expect((await tier(campaign.id, 1)).shown).toBe("Winner chose not to be listed");

    const forged = await postForm(`/claim/${grand.path.split("/").pop()?.slice(0, -2)}xx`, { intent: "listing-unobject" });
    expect(forged.status).toBe(404);
    expect((await tier(campaign.id, 1)).shown).toBe("Winner chose not to be listed");
  });

  it("names nobody when the creator hides the winners, and shows no region for rules launched before version 2", async () => {
    const hidden = await drawn({ winnerPublic: false });
    expect((await tier(hidden.campaign.id, 1)).shown).toBe("Hidden by the organiser");

    const v1 = await drawn({ rulesVersion: 1 });
    const grand = await claimPath(v1.campaign.id, 1);
    expect((await postForm(grand.path, CLAIM)).status).toBe(303);
    const first = await tier(v1.campaign.id, 1);
    expect(first.shown).toBe(masked(grand.email));
    expect(first.region).toBeNull();
  });

  it("lists a tier without a winner when there were fewer entries than prizes", async () => {
    const { campaign } = await drawn({ entries: 1 });
    expect((await tier(campaign.id, 1)).shown).not.toBeNull();
    const second = await tier(campaign.id, 2);
    expect(second.shown).toBeNull();
    expect(second.item).toContain("No winner: there were fewer confirmed entries than prizes.");
  });
});
