/**
 * Action claims to review (decision 078) over real HTTP against a real database: the patterns (one
 * handle claimed by several entries, codes guessed, daily bonuses from one network), disqualifying and
 * restoring one claim (only that bonus moves), every refusal changing nothing, the handles CSV, and a
 * disqualified claim frozen into actions.csv's disqualified section with draw.csv's weight without it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTION_DISQUALIFIED_HEADER, ACTION_LIST_HEADER, MAX_CODE_TRIES } from "~/domain/entry-actions";
import { prisma } from "~/server/core/db.server";
import { actionListBytes, entryListBytes, frozenActionList, plannedBeaconRound } from "~/server/draw/freeze.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { freezeAndDraw, setUpFakeBeacon } from "../helpers/draw";
import { CookieJar } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const beacon = setUpFakeBeacon();
let app: InProcessAppServer;
let owner: { jar: CookieJar; userId: string };
let other: { jar: CookieJar; userId: string };

beforeAll(async () => {
  app = await startAppServer();
  owner = await signedInJar("claims-owner");
  other = await signedInJar("claims-other");
});

afterAll(async () => {
  await app.close();
});

const claimsPath = (campaignId: string) => `/dashboard/campaigns/${campaignId}/claims`;

function get(jar: CookieJar, path: string): Promise<Response> {
  return fetch(`${app.url}${path}`, { redirect: "manual", headers: { Cookie: jar.header() } }).then((r) => jar.absorb(r));
}

function post(jar: CookieJar, path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: app.url },
    body: new URLSearchParams(fields),
  }).then((r) => jar.absorb(r));
}

const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/\( /g, "(")
    .replace(/ \)/g, ")");

let seq = 0;

/** An entry confirmed at `at`, counted (entryCount), with `bonus` action bonus already earned. */
async function entry(campaignId: string, name: string, at: Date, extra: { bonus?: number; consent?: boolean; ipNetwork?: string } = {}) {
  seq += 1;
  const email = `${name}${seq}@claims.test`;
  const row = await prisma.entry.create({
    data: {
      campaignId,
      email,
      emailNormalized: email,
      agreedToTerms: true,
      createdAt: at,
      confirmedAt: at,
      bonusEntries: extra.bonus ?? 0,
      actionBonus: extra.bonus ?? 0,
      marketingConsent: extra.consent ?? false,
      ipNetwork: extra.ipNetwork ?? null,
    },
  });
  await prisma.campaign.update({ where: { id: campaignId }, data: { entryCount: { increment: 1 } } });
  return row;
}

async function action(campaignId: string, kind: string, label: string, bonus: number, extra: Record<string, unknown> = {}) {
  return prisma.entryAction.create({ data: { campaignId, kind, label, bonus, ...extra } });
}

/** A completion as the entrant's post leaves it (the entry's bonus is given by `entry`). */
function complete(
  campaignId: string,
  act: { id: string; bonus: number },
  entryId: string,
  at: Date,
  extra: { answer?: string; day?: string; ipNetwork?: string } = {},
) {
  return prisma.actionCompletion.create({
    data: { campaignId, actionId: act.id, entryId, bonus: act.bonus, completedAt: at, ...extra },
  });
}

const bonusOf = (entryId: string) =>
  prisma.entry.findUniqueOrThrow({ where: { id: entryId }, select: { bonusEntries: true, actionBonus: true } });

/** A live campaign of the owner's with a follow action (+4) and two entries that claimed it. */
async function followCampaign(overrides: Parameters<typeof createCampaign>[0] = {}) {
  const campaign = await createCampaign({ creatorId: owner.userId, ...overrides });
  const follow = await action(campaign.id, "follow", "Follow us on Instagram", 4, {
    platform: "instagram",
    url: "https://instagram.com/brand",
  });
  const t0 = (overrides.startDate as Date | undefined)?.getTime() ?? Date.now() - HOUR;
  const sam = await entry(campaign.id, "sam", new Date(t0 + MINUTE), { bonus: 4, consent: true });
  const kim = await entry(campaign.id, "kim", new Date(t0 + 2 * MINUTE), { bonus: 4 });
  const samClaim = await complete(campaign.id, follow, sam.id, new Date(t0 + 3 * MINUTE), { answer: "sam.tees" });
  const kimClaim = await complete(campaign.id, follow, kim.id, new Date(t0 + 4 * MINUTE), { answer: "kim" });
  return { campaign, follow, sam, kim, samClaim, kimClaim };
}

describe("action claims: patterns", () => {
  it("flags one handle claimed by several entries, codes guessed, and daily bonuses from one network, with counts", async () => {
    const start = new Date(Date.now() - 3 * DAY);
    const campaign = await createCampaign({ creatorId: owner.userId, startDate: start, endDate: new Date(start.getTime() + 7 * DAY) });
    const c = campaign.id;
    const t0 = start.getTime() + HOUR;
    const follow = await action(c, "follow", "Follow us on X", 2, { platform: "x", url: "https://x.com/brand" });
    const code = await action(c, "code", "Enter the live code", 3, { code: "SPRING24" });
    const daily = await action(c, "daily", "Come back daily", 1);

    // Three entries claim @same.one; one claims its own handle.
    const same = [];
    for (let i = 0; i < 3; i++) {
      const e = await entry(c, `same${i}`, new Date(t0 + i * MINUTE), { bonus: 2 });
      same.push(await complete(c, follow, e.id, new Date(t0 + i * MINUTE + 1000), { answer: "same.one" }));
    }
    const own = await entry(c, "own", new Date(t0 + 5 * MINUTE), { bonus: 2 });
    await complete(c, follow, own.id, new Date(t0 + 5 * MINUTE + 1000), { answer: "own.handle" });

    // One entry matched after 4 wrong codes; one used all its tries; one matched after 1 wrong code (not flagged).
    const guesser = await entry(c, "guesser", new Date(t0 + 10 * MINUTE), { bonus: 3 });
    const exhausted = await entry(c, "exhausted", new Date(t0 + 11 * MINUTE));
    const typo = await entry(c, "typo", new Date(t0 + 12 * MINUTE), { bonus: 3 });
    const wrong = (entryId: string, n: number) =>
      prisma.actionCodeAttempt.createMany({
        data: Array.from({ length: n }, (_, i) => ({ actionId: code.id, entryId, createdAt: new Date(t0 + 13 * MINUTE + i * 1000) })),
      });
    await wrong(guesser.id, 4);
    await wrong(exhausted.id, MAX_CODE_TRIES);
    await wrong(typo.id, 1);
    const guessed = await complete(c, code, guesser.id, new Date(t0 + 14 * MINUTE));
    await complete(c, code, typo.id, new Date(t0 + 14 * MINUTE));

    // Five daily bonuses on one day from 198.51.100.0/24; four from another network (not flagged).
    const dailyDay = new Date(start.getTime() + DAY + HOUR);
    const dayKey = dailyDay.toISOString().slice(0, 10);
    const daily5 = [];
    for (let i = 0; i < 5; i++) {
      const e = await entry(c, `daily${i}`, new Date(t0 + (20 + i) * MINUTE), { bonus: 1 });
      daily5.push(await complete(c, daily, e.id, new Date(dailyDay.getTime() + i * MINUTE), { day: dayKey, ipNetwork: "198.51.100.0/24" }));
    }
    for (let i = 0; i < 4; i++) {
      const e = await entry(c, `elsewhere${i}`, new Date(t0 + (30 + i) * MINUTE), { bonus: 1 });
      await complete(c, daily, e.id, new Date(dailyDay.getTime() + i * MINUTE), { day: dayKey, ipNetwork: "192.0.2.0/24" });
    }

    const response = await get(owner.jar, claimsPath(c));
    expect(response.status).toBe(200);
    const html = await response.text();
    const page = text(html);
    const date = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(dailyDay);
    expect(page).toContain("3 entries claimed the handle @same.one for “Follow us on X”");
    expect(page).toContain("1 entry matched the code for “Enter the live code” after 3 or more wrong codes");
    expect(page).toContain(`1 entry typed ${MAX_CODE_TRIES} wrong codes for “Enter the live code” (no bonus counted)`);
    expect(page).toContain(`5 daily bonuses for “Come back daily” on ${date} from network 198.51.100.0/24`);
    expect(page).not.toContain("192.0.2.0/24");
    expect(page).not.toContain("@own.handle for");

    // The flagged list: each flagged claim, with a form; the used-up tries without one; not the typo.
    const flagged = html.slice(html.indexOf('data-testid="flagged-claims"'), html.indexOf('data-testid="handle-claims"'));
    for (const claim of [...same, guessed, ...daily5]) expect(flagged).toContain(`data-claim-id="${claim.id}"`);
    expect(flagged).toContain(`data-entry-id="${exhausted.id}"`);
    expect(flagged).not.toContain(`data-entry-id="${typo.id}"`);
    expect(flagged).not.toContain(`data-entry-id="${own.id}"`);
    // Every handle is listed, with the export.
    expect(page).toContain("Follow handles (4)");
    expect(html).toContain(`/dashboard/campaigns/${c}/handles.csv`);
  });

  it("says nothing is suspicious in a clean campaign", async () => {
    const { campaign } = await followCampaign();
    const page = text(await (await get(owner.jar, claimsPath(campaign.id))).text());
    expect(page).toContain("Nothing suspicious found so far.");
    expect(page).toContain("Follow handles (2)");
    expect(page).toContain("@sam.tees");
  });
});

describe("action claims: disqualify and restore", () => {
  it("disqualifies one claim with a reason, removing only that bonus, and restores it", async () => {
    const { campaign, sam, kim, samClaim } = await followCampaign();
    // Sam also has a referral bonus (+3) that must stay.
    await prisma.entry.update({ where: { id: sam.id }, data: { bonusEntries: { increment: 3 } } });
    const response = await post(owner.jar, claimsPath(campaign.id), {
      intent: "disqualify-claim",
      claimId: samClaim.id,
      reason: "false_claim",
      back: "handle",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${claimsPath(campaign.id)}#handle-${samClaim.id}`);
    expect(await prisma.actionCompletion.findUniqueOrThrow({ where: { id: samClaim.id } })).toMatchObject({
      disqualifyReason: "false_claim",
      disqualifiedAt: expect.any(Date) as unknown as Date,
    });
    expect(await bonusOf(sam.id)).toEqual({ bonusEntries: 3, actionBonus: 0 });
    expect(await bonusOf(kim.id)).toEqual({ bonusEntries: 4, actionBonus: 4 });
    // The entry still counts.
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).entryCount).toBe(2);
    const page = text(await (await get(owner.jar, claimsPath(campaign.id))).text());
    expect(page).toContain("Disqualified claims (1)");
    expect(page).toContain("Disqualified: False claim");

    // Posting again (another reason) changes the reason only.
    expect(
      (await post(owner.jar, claimsPath(campaign.id), { intent: "disqualify-claim", claimId: samClaim.id, reason: "duplicate" })).status,
    ).toBe(303);
    expect((await prisma.actionCompletion.findUniqueOrThrow({ where: { id: samClaim.id } })).disqualifyReason).toBe("duplicate");
    expect(await bonusOf(sam.id)).toEqual({ bonusEntries: 3, actionBonus: 0 });

    // Restore gives the bonus back, once.
    for (let i = 0; i < 2; i++) {
      expect((await post(owner.jar, claimsPath(campaign.id), { intent: "restore-claim", claimId: samClaim.id })).status).toBe(303);
    }
    expect(await prisma.actionCompletion.findUniqueOrThrow({ where: { id: samClaim.id } })).toMatchObject({
      disqualifiedAt: null,
      disqualifyReason: null,
    });
    expect(await bonusOf(sam.id)).toEqual({ bonusEntries: 7, actionBonus: 4 });
  });

  it("refuses a bad reason, an unknown claim, another campaign's claim and an unknown intent, changing nothing", async () => {
    const { campaign, sam, samClaim } = await followCampaign();
    const elsewhere = await followCampaign();
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "disqualify-claim", claimId: samClaim.id }, 400, "Choose why the claim is disqualified."],
      [{ intent: "disqualify-claim", claimId: samClaim.id, reason: "fake" }, 400, "Choose why the claim is disqualified."],
      [{ intent: "disqualify-claim", claimId: "nosuchclaim", reason: "false_claim" }, 404, "That claim is not part of this giveaway."],
      [
        { intent: "disqualify-claim", claimId: elsewhere.samClaim.id, reason: "false_claim" },
        404,
        "That claim is not part of this giveaway.",
      ],
      [{ intent: "restore-claim", claimId: elsewhere.samClaim.id }, 404, "That claim is not part of this giveaway."],
      [{ intent: "disqualify-claim", claimId: "<script>", reason: "false_claim" }, 400, "That claim is not part of this giveaway."],
      [{ intent: "delete-claim", claimId: samClaim.id, reason: "false_claim" }, 400, "Unknown action."],
      [{ intent: "disqualify-claim", reason: "false_claim" }, 400, "Choose a claim."],
    ];
    for (const [fields, status, message] of cases) {
      const response = await post(owner.jar, claimsPath(campaign.id), fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(text(await response.text()), JSON.stringify(fields)).toContain(message);
    }
    for (const claim of [samClaim, elsewhere.samClaim]) {
      expect((await prisma.actionCompletion.findUniqueOrThrow({ where: { id: claim.id } })).disqualifiedAt).toBeNull();
    }
    expect(await bonusOf(sam.id)).toEqual({ bonusEntries: 4, actionBonus: 4 });
    expect(await bonusOf(elsewhere.sam.id)).toEqual({ bonusEntries: 4, actionBonus: 4 });
  });

  it("answers another creator's campaign with 404 and a visitor with sign-in, changing nothing", async () => {
    const { campaign, sam, samClaim } = await followCampaign();
    const crafted = { intent: "disqualify-claim", claimId: samClaim.id, reason: "false_claim" };
    expect((await post(other.jar, claimsPath(campaign.id), crafted)).status).toBe(404);
    expect((await get(other.jar, claimsPath(campaign.id))).status).toBe(404);
    expect((await get(other.jar, `/dashboard/campaigns/${campaign.id}/handles.csv`)).status).toBe(404);
    const visitor = await post(new CookieJar(), claimsPath(campaign.id), crafted);
    expect(visitor.status).toBeGreaterThanOrEqual(300);
    expect(visitor.status).toBeLessThan(400);
    expect(new URL(visitor.headers.get("Location") ?? "", app.url).pathname).toBe("/login");
    expect((await prisma.actionCompletion.findUniqueOrThrow({ where: { id: samClaim.id } })).disqualifiedAt).toBeNull();
    expect(await bonusOf(sam.id)).toEqual({ bonusEntries: 4, actionBonus: 4 });
  });

  it("refuses to disqualify or restore once the entry list is frozen (409), and says so on the page", async () => {
    const { campaign, sam, samClaim, kimClaim } = await followCampaign();
    await prisma.actionCompletion.update({
      where: { id: kimClaim.id },
      data: { disqualifiedAt: new Date(), disqualifyReason: "false_claim" },
    });
    await prisma.campaign.update({ where: { id: campaign.id }, data: { listFrozenAt: new Date() } });
    const disqualify = await post(owner.jar, claimsPath(campaign.id), {
      intent: "disqualify-claim",
      claimId: samClaim.id,
      reason: "false_claim",
    });
    expect(disqualify.status).toBe(409);
    expect(text(await disqualify.text())).toContain("The entry list is frozen; claims can no longer be disqualified.");
    const restore = await post(owner.jar, claimsPath(campaign.id), { intent: "restore-claim", claimId: kimClaim.id });
    expect(restore.status).toBe(409);
    expect(text(await restore.text())).toContain("The entry list is frozen; claims can no longer be restored.");
    expect((await prisma.actionCompletion.findUniqueOrThrow({ where: { id: samClaim.id } })).disqualifiedAt).toBeNull();
    expect((await prisma.actionCompletion.findUniqueOrThrow({ where: { id: kimClaim.id } })).disqualifiedAt).not.toBeNull();
    expect(await bonusOf(sam.id)).toEqual({ bonusEntries: 4, actionBonus: 4 });
    // The page shows no form any more.
    const html = await (await get(owner.jar, claimsPath(campaign.id))).text();
    expect(html).not.toContain('value="disqualify-claim"');
    expect(text(html)).toContain("The entry list is frozen; claims can no longer be disqualified.");
  });
});

describe("action claims: the handles export", () => {
  it("lists every follow claim with its status; the email only with marketing consent", async () => {
    const { campaign, sam, kim, kimClaim } = await followCampaign();
    await post(owner.jar, claimsPath(campaign.id), { intent: "disqualify-claim", claimId: kimClaim.id, reason: "false_claim" });
    const response = await get(owner.jar, `/dashboard/campaigns/${campaign.id}/handles.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("entry_id,action_id,action,platform,handle,completed_at,status,disqualify_reason,marketing_consent,email");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^${sam.id},[^,]+,Follow us on Instagram,Instagram,sam\\.tees,[^,]+,counted,,yes,${sam.email}$`));
    expect(lines[2]).toMatch(new RegExp(`^${kim.id},[^,]+,Follow us on Instagram,Instagram,kim,[^,]+,disqualified,false_claim,no,$`));
  });
});

describe("action claims in the frozen lists", () => {
  it("puts a disqualified claim in actions.csv's disqualified section and leaves its bonus out of draw.csv's weight", async () => {
    const end = new Date(Date.now() - HOUR);
    const chain = beacon.fake().chain;
    const { campaign, sam, kim, follow, samClaim, kimClaim } = await followCampaign({
      startDate: new Date(end.getTime() - 7 * DAY),
      endDate: end,
      drawBeaconChain: chain.hash,
      drawBeaconRound: plannedBeaconRound(chain, end, 10),
    });
    // Ended, not yet frozen: the creator may still disqualify.
    const response = await post(owner.jar, claimsPath(campaign.id), {
      intent: "disqualify-claim",
      claimId: kimClaim.id,
      reason: "false_claim",
    });
    expect(response.status).toBe(303);
    const { outcome } = await freezeAndDraw(campaign.id);
    expect(outcome.kind).toBe("drawn");

    const actionsText = new TextDecoder().decode(await actionListBytes((await frozenActionList(campaign.id))!));
    const ms = (date: Date) => date.getTime();
    expect(actionsText).toBe(
      `${ACTION_LIST_HEADER}\n` +
        `${sam.id},${follow.id},follow,4,${ms(samClaim.completedAt)}\n` +
        `${ACTION_DISQUALIFIED_HEADER}\n` +
        `${kim.id},${follow.id},${ms(kimClaim.completedAt)},false_claim\n`,
    );
    const list = await prisma.entryList.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    const drawCsv = new TextDecoder().decode(await entryListBytes(list));
    expect(drawCsv).toContain(`${sam.id},${ms(sam.createdAt)},,5\n`);
    expect(drawCsv).toContain(`${kim.id},${ms(kim.createdAt)},,1\n`);
    // And once frozen, nothing changes.
    const late = await post(owner.jar, claimsPath(campaign.id), { intent: "restore-claim", claimId: kimClaim.id });
    expect(late.status).toBe(409);
  });
});
