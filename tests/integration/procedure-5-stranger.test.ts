/**
 * Issue 30's "a stranger can write a verifier from the text alone": tests/helpers/procedure-5-stranger.ts
 * is such a verifier (it imports nothing of the app), reading procedure 5 from the draw page as
 * anyone gets it over HTTP, and draw.json, draw.csv and actions.csv from the same server. Draws made
 * by the product on the demo chain (whose key the text publishes) with RFC 3161 tokens from fake
 * authorities of a test CA, which the stranger trusts on its own: a normal draw (referrals, actions,
 * a disqualified entry), one with a redraw after the claim deadline, one under a referral cap; each
 * says MATCH, and the product's own verifiers agree. Then what an operator could change: a line of
 * draw.csv, the commitment, a token over another hash, a redraw before the deadline; each MISMATCH,
 * with the reason. A deployment with a 2-minute margin (decision 110) publishes it in draw.json, and
 * every verifier (the stranger's, app/verifier, the single-file verifier, verify-draw) reads it: MATCH
 * on time and after a late freeze, MISMATCH with the reason for an altered margin or planned round.
 * The replacement round's draw is in draw-missing-round.test.ts (it needs a drand
 * that skips a round, which the demo chain never does).
 *
 * Every time is the test's: the draws run a day or two in the past, and the fake authorities date
 * their tokens by the same clock.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHAIN, roundTimeMs } from "~/domain/beacon";
import { DRAW_PROCEDURE } from "~/domain/draw";
import { prisma } from "~/server/core/db.server";
import { resetConfigForTests } from "~/server/core/config.server";
import { launchDrawFields, newDrawSeed } from "~/server/draw/commitment.server";
import { freezeEntryList, plannedBeaconRound } from "~/server/draw/freeze.server";
import { markPicksNotified, notifyWinners } from "~/server/draw/notify.server";
import { redrawPrize } from "~/server/draw/redraw.server";
import { drawCampaign } from "~/server/draw/run.server";
import { requestTimestamp, timestampDraws } from "~/server/draw/timestamps.server";
import { verifyDraw as verifyIndependently } from "~/verifier/verify";
import { verifyDraw } from "../../scripts/verify-draw";
import { VERIFIER_SCRIPT } from "../../scripts/build-verifier";
import { type FakeTsaPair, startFakeTsaPair } from "../fakes/tsa-server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { type ConfirmedEntrySpec, addConfirmedEntries } from "../helpers/draw";
import {
  type StrangerInput,
  type StrangerResult,
  RELIED_ON,
  fetchedByStranger,
  getOwnConnection,
  missingSentences,
  pinnedChainsOf,
  strangerVerify,
} from "../helpers/procedure-5-stranger";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let app: InProcessAppServer;
let tsas: FakeTsaPair;
/** The test's clock for the fake authorities (each pass below sets it to the pass's time). */
let clock = Date.now();

beforeAll(async () => {
  tsas = await startFakeTsaPair("Stranger", () => clock);
  app = await startAppServer();
});
afterAll(async () => {
  await app?.close();
  await tsas?.close();
});

/** A GET of `path` from the app, over a connection of its own. */
const get = (path: string) => getOwnConnection(`${app.url}${path}`);

/** What the stranger fetches from the app (fetchedByStranger). */
const fetchedFromApp = (campaignId: string) => fetchedByStranger(app.url, campaignId);

type Fetched = Awaited<ReturnType<typeof fetchedFromApp>>;

/** The committed single-file verifier, run with plain node on the saved files and the test CA's root: its exit code and output. */
async function singleFile(fetched: Fetched): Promise<{ code: number; stdout: string }> {
  const directory = await mkdtemp(join(tmpdir(), "giveawear-stranger-"));
  try {
    await writeFile(join(directory, "draw.json"), JSON.stringify(fetched.record));
    await writeFile(join(directory, "draw.csv"), fetched.drawCsv);
    await writeFile(join(directory, "actions.csv"), fetched.actionsCsv ?? new Uint8Array());
    await writeFile(join(directory, "root.pem"), tsas.ca.rootPem);
    const args = ["--record", "draw.json", "--list", "draw.csv", "--actions", "actions.csv", "--tsa-root", "root.pem"];
    return await promisify(execFile)(process.execPath, [join(process.cwd(), VERIFIER_SCRIPT), ...args], { cwd: directory }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? "" }),
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
const stranger = (fetched: Fetched, checkedAt = Date.now()): Promise<StrangerResult> =>
  strangerVerify({ ...fetched, checkedAt, trust: { tsaRootsPem: [tsas.ca.rootPem] } } satisfies StrangerInput);

let slot = 0;
/**
 * A campaign launched at `launch` on the demo chain, stamped at its launch, with `entries` and
 * optional action completions, frozen a second after its end (2 hours later), its list stamped,
 * and drawn a second after its round: what the job passes would do at those times.
 */
async function drawnOnDemoChain(options: {
  entries: (t: string, created: (k: number) => Date) => ConfirmedEntrySpec[];
  referralCap?: number;
  actions?: (t: string, campaignId: string, created: (k: number) => Date) => Promise<void>;
  /** When the freeze runs, given the planned round (default: a second after the end). */
  freezeAt?: (plannedRound: number, end: Date) => Date;
}) {
  // Each draw its own two hours, two days back: the passes below then concern it alone.
  const launch = new Date(Date.now() - 2 * DAY - (slot += 1) * 3 * HOUR);
  const end = new Date(launch.getTime() + 2 * HOUR);
  const t = `s${slot}x${Date.now().toString(36)}`;
  const campaign = await createCampaign({
    startDate: launch,
    endDate: end,
    launchedAt: launch,
    ...launchDrawFields(end),
    drawBeaconChain: DEMO_CHAIN.hash,
    // The deployment's margin, as launchDrawFields recorded it (decision 110), on the demo chain.
    drawBeaconRound: plannedBeaconRound(DEMO_CHAIN, end),
    referralCap: options.referralCap ?? null,
  });
  clock = launch.getTime() + 1000;
  expect((await timestampDraws(new Date(clock), tsas.urls)).problems).toEqual([]);
  const created = (k: number) => new Date(launch.getTime() + 10 * MINUTE + k * 1000);
  await addConfirmedEntries(campaign.id, options.entries(t, created));
  await options.actions?.(t, campaign.id, created);
  const freezeAt = options.freezeAt?.(campaign.drawBeaconRound!, end) ?? new Date(end.getTime() + 1000);
  const frozen = await freezeEntryList(campaign.id, { now: freezeAt });
  if (frozen.kind !== "frozen") throw new Error(frozen.kind);
  clock = freezeAt.getTime() + 1000;
  expect((await timestampDraws(new Date(clock), tsas.urls)).problems).toEqual([]);
  const drawnAt = new Date(roundTimeMs(DEMO_CHAIN, frozen.list.beaconRound) + 1000);
  expect(await drawCampaign(campaign.id, { now: drawnAt })).toMatchObject({ kind: "drawn" });
  return { campaign, drawnAt, t };
}

/** Referrals, a disqualified entry, ties in created_ms, and actions (one completion rejected). */
async function normalDraw() {
  return drawnOnDemoChain({
    entries: (t, created) => [
      { id: `a1${t}`, email: `a1${t}@stranger.test`, createdAt: created(0), bonusEntries: 3 + 2 + 1 },
      { id: `c3${t}`, email: `c3${t}@stranger.test`, createdAt: created(1), referrerId: `a1${t}`, referralCredited: true },
      { id: `b2${t}`, email: `b2${t}@stranger.test`, createdAt: created(1), bonusEntries: 2 },
      { id: `d4${t}`, email: `d4${t}@stranger.test`, createdAt: created(2), disqualifyReason: "fake" },
      ...Array.from({ length: 12 }, (_, k) => ({ id: `e${k}${t}`, email: `e${k}${t}@stranger.test`, createdAt: created(3 + k) })),
    ],
    actions: async (t, campaignId, created) => {
      const action = (name: string, kind: string, bonus: number) =>
        prisma.entryAction.create({ data: { id: `${name}${t}`, campaignId, kind, label: `${kind} for ${bonus}`, bonus } });
      const visit = await action("av", "visit", 2);
      const daily = await action("ad", "daily", 1);
      const follow = await action("af", "follow", 4);
      const done = (entry: string, act: { id: string; bonus: number }, k: number, extra: Record<string, unknown> = {}) => ({
        campaignId,
        actionId: act.id,
        entryId: `${entry}${t}`,
        bonus: act.bonus,
        completedAt: new Date(created(k).getTime() + 500),
        ...extra,
      });
      await prisma.actionCompletion.createMany({
        data: [
          done("a1", visit, 5),
          done("a1", daily, 6, { day: "d1" }),
          done("b2", visit, 7),
          done("b2", follow, 8, { answer: "no", disqualifiedAt: created(9), disqualifyReason: "false_claim" }),
        ],
      });
      await prisma.entry.update({ where: { id: `a1${t}` }, data: { actionBonus: 3 } });
      await prisma.entry.update({ where: { id: `b2${t}` }, data: { actionBonus: 2 } });
    },
  });
}

const reasons = (result: StrangerResult) => result.reasons.join(" | ");

describe("a stranger's verifier written from procedure 5's text", () => {
  it("imports nothing of the app: Node's modules (crypto, and http to fetch) and the BLS and CMS libraries only", async () => {
    const source = await readFile(new URL("../helpers/procedure-5-stranger.ts", import.meta.url), "utf8");
    const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports.sort()).toEqual(["@noble/curves/bls12-381.js", "asn1js", "node:crypto", "node:http", "pkijs"]);
  });

  it("finds every sentence it relies on, and both chains' values, in the procedure the draw page publishes", async () => {
    const { campaign } = await normalDraw();
    const { procedureText } = await fetchedFromApp(campaign.id);
    expect(missingSentences(procedureText)).toEqual([]);
    expect(RELIED_ON.length).toBeGreaterThan(40);
    // The page shows the text the code holds, paragraph for paragraph.
    expect(procedureText).toBe(DRAW_PROCEDURE);
    const chains = pinnedChainsOf(procedureText);
    expect(chains.demo).toEqual({
      hash: DEMO_CHAIN.hash,
      publicKey: DEMO_CHAIN.publicKey,
      period: DEMO_CHAIN.period,
      genesisTime: DEMO_CHAIN.genesisTime,
    });
    expect(chains.quicknet.hash).toBe("52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971");
    // A text without one of them is not the procedure this verifier implements: it says so rather than guess.
    const changed = procedureText.replace("no padding", "zero-padded to 8 digits");
    expect(missingSentences(changed)).toHaveLength(1);
  });

  it("says MATCH on a normal draw, with the product's verifiers; MISMATCH for a changed line of draw.csv, a token over another hash, a swapped commitment", async () => {
    const { campaign } = await normalDraw();
    const fetched = await fetchedFromApp(campaign.id);
    expect((fetched.record.procedureVersion as number) === 5 && (fetched.record.beacon as { demo: boolean }).demo).toBe(true);
    expect(new TextDecoder().decode(fetched.actionsCsv!).split("\n").length).toBeGreaterThan(4);
    const honest = await stranger(fetched);
    expect(honest.reasons).toEqual([]);
    expect(honest.verdict).toBe("MATCH");
    expect((await verifyDraw(campaign.id, { tsaRoots: [tsas.ca.rootPem] })).ok).toBe(true);
    expect(
      (await verifyIndependently({ ...fetched, csvBytes: fetched.drawCsv, actionsBytes: fetched.actionsCsv, tsaRoots: [tsas.ca.rootPem] }))
        .verdict,
    ).toBe("MATCH");

    // One line of draw.csv changed (an entry's weight), everything else as published.
    const text = new TextDecoder().decode(fetched.drawCsv);
    const line = text.split("\n").find((candidate) => candidate.startsWith("e3"))!;
    const edited = new TextEncoder().encode(text.replace(line, line.replace(/,1$/, ",2")));
    const csvChanged = await stranger({ ...fetched, drawCsv: edited });
    expect(csvChanged.verdict).toBe("MISMATCH");
    expect(reasons(csvChanged)).toMatch(/draw\.csv \(step 3\): SHA-256 of draw\.csv is [0-9a-f]{64}, not H = /);

    // A list token from a real authority of the trusted CA, but over another hash.
    const other = await requestTimestamp(tsas.a.url, "e".repeat(64));
    const timestamps = structuredClone(fetched.record.timestamps) as { subject: string; token: string }[];
    timestamps.find((token) => token.subject === "list")!.token = other.token;
    const otherHash = await stranger({ ...fetched, record: { ...fetched.record, timestamps } });
    expect(otherHash.verdict).toBe("MISMATCH");
    expect(reasons(otherHash)).toContain(`time-stamps (step 10): a token's messageImprint is`);
    expect(reasons(otherHash)).toContain(`not SHA-256 of "${(fetched.record.list as unknown as { sha256: string }).sha256}"`);

    // The operator swaps the secret and its commitment after the beacon (the database rewritten, then served).
    const { seed, commitment } = newDrawSeed();
    await prisma.campaign.update({ where: { id: campaign.id }, data: { drawSeed: seed, drawCommitment: commitment } });
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { secret: seed } });
    const swapped = await stranger(await fetchedFromApp(campaign.id));
    expect(swapped.verdict).toBe("MISMATCH");
    expect(reasons(swapped)).toContain(`time-stamps (step 10): a token's messageImprint is`);
    expect(reasons(swapped)).toContain(`not SHA-256 of "${commitment}"`);
    expect(reasons(swapped)).toContain("beacon and seed (steps 4 and 5): the seed is");
  });

  it("says MATCH on a draw with a redraw after the claim deadline, and MISMATCH when the redraw is dated before it", async () => {
    const { campaign, drawnAt } = await normalDraw();
    // The winner is told at once (the outbox's clock: now, within the claim window).
    await notifyWinners(campaign.id, drawnAt);
    await markPicksNotified(campaign.id);
    const first = (await fetchedFromApp(campaign.id)).record.draw as { picks: { claimDeadline: string }[]; claimWindowDays: number };
    expect(first.picks).toHaveLength(1);
    const afterDeadline = new Date(Date.parse(first.picks[0]!.claimDeadline) + MINUTE);
    expect(await redrawPrize(campaign.id, 1, { now: afterDeadline })).toMatchObject({ kind: "redrawn" });
    await notifyWinners(campaign.id, afterDeadline);
    await markPicksNotified(campaign.id);
    const fetched = await fetchedFromApp(campaign.id);
    const picks = (fetched.record.draw as { picks: { replaced: boolean; redrawnAt: string | null }[] }).picks;
    expect(picks.map((pick) => [pick.replaced, pick.redrawnAt])).toEqual([
      [true, null],
      [false, afterDeadline.toISOString()],
    ]);
    // Checked as of an hour after the redraw (it is dated after the claim window, ahead of the clock).
    const checkedAt = afterDeadline.getTime() + HOUR;
    const honest = await stranger(fetched, checkedAt);
    expect(honest.reasons).toEqual([]);
    expect(honest.verdict).toBe("MATCH");
    // The same record checked today: a redraw dated in the future is not one.
    expect(reasons(await stranger(fetched))).toContain("redraws (step 9): pick 2's redrawnAt is later than now");

    // The operator dates the redraw an hour before the replaced winner's deadline.
    const draw = await prisma.draw.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    const early = new Date(afterDeadline.getTime() - MINUTE - HOUR).toISOString();
    const rewritten = (JSON.parse(draw.picks) as { redrawnAt?: string }[]).map((pick) =>
      pick.redrawnAt ? { ...pick, redrawnAt: early } : pick,
    );
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { picks: JSON.stringify(rewritten) } });
    const tampered = await stranger(await fetchedFromApp(campaign.id), checkedAt);
    expect(tampered.verdict).toBe("MISMATCH");
    expect(reasons(tampered)).toContain(`redraws (step 9): pick 2 was redrawn at ${early}, before the replaced winner's claim deadline`);
  });

  it("says MATCH on a draw under a referral cap, and MISMATCH for a record whose cap the list breaks", async () => {
    const { campaign, t } = await drawnOnDemoChain({
      referralCap: 1,
      entries: (t, created) => [
        { id: `sh${t}`, email: `sh${t}@stranger.test`, createdAt: created(0), bonusEntries: 3 },
        // Both friends came through the sharer's link; only the first is credited under a cap of 1.
        { id: `f1${t}`, email: `f1${t}@stranger.test`, createdAt: created(1), referrerId: `sh${t}`, referralCredited: true },
        { id: `f2${t}`, email: `f2${t}@stranger.test`, createdAt: created(2), referrerId: `sh${t}`, referralCredited: false },
        ...Array.from({ length: 5 }, (_, k) => ({ id: `g${k}${t}`, email: `g${k}${t}@stranger.test`, createdAt: created(3 + k) })),
      ],
    });
    const fetched = await fetchedFromApp(campaign.id);
    expect((fetched.record.list as { referralCap: number }).referralCap).toBe(1);
    const text = new TextDecoder().decode(fetched.drawCsv);
    expect(text).toContain(`\nsh${t},`);
    expect(text).toMatch(new RegExp(`\\nsh${t},\\d+,,4\\n`));
    expect(text).toMatch(new RegExp(`\\nf2${t},\\d+,,1\\n`));
    const honest = await stranger(fetched);
    expect(honest.reasons).toEqual([]);
    expect(honest.verdict).toBe("MATCH");

    const capped = await stranger({
      ...fetched,
      record: { ...fetched.record, list: { ...(fetched.record.list as object), referralCap: 0 } },
    });
    expect(capped.verdict).toBe("MISMATCH");
    expect(reasons(capped)).toContain(`entry sh${t} is the referrer of 1 lines, over the referral cap 0`);
  });

  it("publishes a short margin (DRAW_BEACON_MARGIN_MINUTES=2) in draw.json: every verifier reads it and says MATCH, after a late freeze too; MISMATCH with the reason when the margin or the planned round is altered", async () => {
    const before = process.env.DRAW_BEACON_MARGIN_MINUTES;
    const deployWith = async (margin: string | undefined) => {
      if (margin === undefined) delete process.env.DRAW_BEACON_MARGIN_MINUTES;
      else process.env.DRAW_BEACON_MARGIN_MINUTES = margin;
      resetConfigForTests();
      await app.resetConfig();
    };
    const few = (t: string, created: (k: number) => Date) =>
      Array.from({ length: 6 }, (_, k) => ({ id: `m${k}${t}`, email: `m${k}${t}@stranger.test`, createdAt: created(k) }));
    await deployWith("2");
    let onTime: Awaited<ReturnType<typeof drawnOnDemoChain>>;
    let late: Awaited<ReturnType<typeof drawnOnDemoChain>>;
    try {
      onTime = await drawnOnDemoChain({ entries: few });
      // Frozen 10 s before the planned round's time: later than 30 s before it, so the round moves.
      late = await drawnOnDemoChain({ entries: few, freezeAt: (planned) => new Date(roundTimeMs(DEMO_CHAIN, planned) - 10_000) });
    } finally {
      await deployWith(before);
    }
    const firstAtOrAfter = (ms: number) => Math.ceil((ms - DEMO_CHAIN.genesisTime * 1000) / (DEMO_CHAIN.period * 1000)) + 1;
    type Beacon = { marginMinutes: number | null; plannedRound: number; round: number };
    const check = async (campaignId: string) => {
      const fetched = await fetchedFromApp(campaignId);
      const honest = await stranger(fetched);
      expect(honest.reasons).toEqual([]);
      expect(honest.verdict).toBe("MATCH");
      const product = await verifyDraw(campaignId, { tsaRoots: [tsas.ca.rootPem] });
      expect(product.checks.filter((item) => !item.ok)).toEqual([]);
      expect(product.checks.find((item) => item.name === "beacon rounds and the margin (steps 1 and 3)")?.ok).toBe(true);
      const independent = await verifyIndependently({
        ...fetched,
        csvBytes: fetched.drawCsv,
        actionsBytes: fetched.actionsCsv,
        tsaRoots: [tsas.ca.rootPem],
      });
      expect(independent.checks.find((item) => item.name === "Beacon round")?.detail).toContain("plus the published margin of 2 min");
      expect(independent.verdict).toBe("MATCH");
      return fetched;
    };

    const published = await check(onTime.campaign.id);
    const saved = await singleFile(published);
    expect(saved.stdout).toContain("plus the published margin of 2 min");
    expect(saved).toMatchObject({ code: 0, stdout: expect.stringMatching(/\nMATCH: every check passed/) });
    const beacon = published.record.beacon as Beacon;
    const endsAt = Date.parse(published.record.endsAt as string);
    expect(beacon.marginMinutes).toBe(2);
    expect(beacon.plannedRound).toBe(firstAtOrAfter(endsAt + 2 * MINUTE));
    expect(beacon.round).toBe(beacon.plannedRound);
    const page = (await get(`/campaign/${onTime.campaign.id}/draw`)).body.toString("utf8").replaceAll("<!-- -->", "");
    expect(page).toContain("published at launch, the first round at or after the end plus 2 minutes");

    const moved = await check(late.campaign.id);
    const movedBeacon = moved.record.beacon as Beacon;
    const frozenAt = Date.parse((moved.record.list as { frozenAt: string }).frozenAt);
    expect(movedBeacon.round).not.toBe(movedBeacon.plannedRound);
    expect(movedBeacon.round).toBe(firstAtOrAfter(frozenAt + 2 * MINUTE));
    const movedPage = (await get(`/campaign/${late.campaign.id}/draw`)).body.toString("utf8").replaceAll("<!-- -->", "");
    expect(movedPage).toContain("the first one at or after the freeze plus the 2-minute margin");

    // draw.json altered to state the default margin, or none: the planned round no longer follows from it.
    for (const marginMinutes of [10, null]) {
      const altered = { ...published, record: { ...published.record, beacon: { ...beacon, marginMinutes } } };
      const strangers = await stranger(altered);
      expect(strangers.verdict).toBe("MISMATCH");
      expect(reasons(strangers)).toContain(
        `beacon round (steps 1 and 3): the planned round is ${beacon.plannedRound}, not ${firstAtOrAfter(endsAt + 10 * MINUTE)}, the first round at or after the end plus 10 minutes`,
      );
    }
    const independent = await verifyIndependently({
      ...published,
      record: { ...published.record, beacon: { ...beacon, marginMinutes: 10 } },
      csvBytes: published.drawCsv,
      actionsBytes: published.actionsCsv,
      tsaRoots: [tsas.ca.rootPem],
    });
    expect(independent.verdict).toBe("MISMATCH");
    const marginReason = `the round published at launch is ${beacon.plannedRound}, but the first round at or after the end of the giveaway (${new Date(endsAt).toISOString()}) plus the published margin of 10 minutes is ${firstAtOrAfter(endsAt + 10 * MINUTE)}`;
    expect(independent.checks.find((item) => item.name === "Beacon round")?.detail).toContain(marginReason);
    const savedAltered = await singleFile({ ...published, record: { ...published.record, beacon: { ...beacon, marginMinutes: 10 } } });
    expect(savedAltered.code).toBe(1);
    expect(savedAltered.stdout).toContain(`Beacon round: ${marginReason}`);

    // The late freeze's round altered in the record: one round later than the margin gives.
    const shifted = { ...moved, record: { ...moved.record, beacon: { ...movedBeacon, round: movedBeacon.round + 1 } } };
    expect(reasons(await stranger(shifted))).toContain(`the round used is ${movedBeacon.round + 1}, not ${movedBeacon.round}`);
    const shiftedIndependent = await verifyIndependently({
      ...shifted,
      csvBytes: moved.drawCsv,
      actionsBytes: moved.actionsCsv,
      tsaRoots: [tsas.ca.rootPem],
    });
    expect(shiftedIndependent.verdict).toBe("MISMATCH");
    expect(shiftedIndependent.checks.find((item) => item.name === "Beacon round")?.detail).toContain(
      `so the draw must use the first round at or after the end of the freeze plus the published margin of 2 minutes, ${movedBeacon.round}, not ${movedBeacon.round + 1}`,
    );

    // The operator rewrites the stored margin (verify-draw reads the database), then the planned round.
    await prisma.campaign.update({ where: { id: late.campaign.id }, data: { drawBeaconMarginMinutes: 3 } });
    const rewritten = await verifyDraw(late.campaign.id, { tsaRoots: [tsas.ca.rootPem] });
    expect(rewritten.ok).toBe(false);
    const marginCheck = rewritten.checks.find((item) => item.name === "beacon rounds and the margin (steps 1 and 3)")!;
    expect(marginCheck.ok).toBe(false);
    expect(marginCheck.actual).toContain("plus the published margin of 3 minutes is");
    expect(reasons(await stranger(await fetchedFromApp(late.campaign.id)))).toContain("the first round at or after the end plus 3 minutes");
    await prisma.campaign.update({
      where: { id: onTime.campaign.id },
      data: { drawBeaconRound: beacon.plannedRound + 1 },
    });
    const replanned = await verifyDraw(onTime.campaign.id, { tsaRoots: [tsas.ca.rootPem] });
    expect(replanned.checks.find((item) => item.name === "beacon rounds and the margin (steps 1 and 3)")?.actual).toContain(
      `the round published at launch is ${beacon.plannedRound + 1}, but the first round at or after the end of the giveaway`,
    );
    expect(replanned.ok).toBe(false);
  });
});
