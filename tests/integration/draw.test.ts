import { spawn } from "node:child_process";
import { once } from "node:events";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as entryListLoader } from "~/routes/campaign.$campaignId.draw.csv";
import { chainInfoJson, parseBeacon, QUICKNET, roundTimeMs } from "~/domain/beacon";
import { verifyDraw as verifyIndependently } from "~/verifier/verify";
import { finalSeed, verifyBeacon } from "~/domain/beacon-verify";
import {
  type DrawPick,
  REDRAW_UNCLAIMED_REASON,
  compareDrawOrder,
  drawPicks,
  drawPoolOf,
  drawStateAfter,
  entryListText,
  nextPick,
  parseDrawPicks,
  parseEntryList,
} from "~/domain/draw";
import { prisma } from "~/server/core/db.server";
import { DEMO_CHAIN } from "~/server/draw/beacon.server";
import {
  actionListBytes,
  buildActionListBytes,
  campaignsToFreeze,
  entryListBytes,
  freezeEntryList,
  frozenActionList,
  plannedBeaconRound,
} from "~/server/draw/freeze.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { redrawPrize } from "~/server/draw/redraw.server";
import { drawCampaign, drawEntryBlocks, dueCampaignIds, loadDrawPool, nodeDrawHashing } from "~/server/draw/run.server";
import { seed } from "~/server/startup/seed.server";
import { verifyDraw } from "../../scripts/verify-draw";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { createTestDatabase } from "../helpers/database";
import { addConfirmedEntries, freezeAndDraw, publishedDrawFiles, setUpFakeBeacon } from "../helpers/draw";
import { CookieJar, get, run } from "../helpers/http";
import { decode } from "../helpers/winners";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
// Draws wait for their drand round (decision 039): a fake drand on 127.0.0.1 with real BLS signatures.
const beacon = setUpFakeBeacon();

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
let seq = 0;
const tag = () => `d${(seq += 1)}x${Date.now().toString(36)}`;

/** A campaign that ran for a week and ended an hour ago, committed at launch to the fake chain's round 10 minutes after its end. */
function endedCampaign(overrides: Parameters<typeof createCampaign>[0] = {}) {
  const end = new Date(Date.now() - 60 * MINUTE);
  const chain = beacon.fake().chain;
  return createCampaign({
    startDate: new Date(end.getTime() - 7 * DAY),
    endDate: end,
    drawBeaconChain: chain.hash,
    drawBeaconRound: plannedBeaconRound(chain, end, 10),
    ...overrides,
  });
}

/** Just after the campaign's end: when the job pass freezes its list, in time for the round published at launch. */
const atEnd = (campaign: { endDate: Date | null }) => new Date(campaign.endDate!.getTime() + MINUTE);

/**
 * `n` confirmed fans, a second apart, three days ago. Fan i came through the referral link of fan
 * `referrerOf(i)` (an earlier fan) when that gives a number: the referral was credited and the
 * referrer holds 3 bonus entries per friend, as the confirm step leaves them.
 */
function fans(n: number, referrerOf: (i: number) => number | null = () => null) {
  const t = tag();
  const start = Date.now() - 3 * DAY;
  const specs = Array.from({ length: n }, (_, i) => ({
    id: `fan${i}${t}`,
    email: `fan${i}@draw.test`,
    createdAt: new Date(start + i * 1000),
    bonusEntries: 0,
    referrerId: null as string | null,
    referralCredited: false,
  }));
  specs.forEach((spec, i) => {
    const referrer = referrerOf(i);
    if (referrer === null) return;
    spec.referrerId = specs[referrer]!.id;
    spec.referralCredited = true;
    specs[referrer]!.bonusEntries += 3;
  });
  return specs;
}

const campaignRow = (id: string) => prisma.campaign.findUniqueOrThrow({ where: { id }, include: { draw: true, additionalPrizes: true } });
const storedList = async (campaignId: string) =>
  Buffer.from(await entryListBytes(await prisma.entryList.findUniqueOrThrow({ where: { campaignId } })));

async function entryListCsv(campaignId: string): Promise<{ status: number; body: string; type: string | null }> {
  const response = (await run(entryListLoader, get(new CookieJar(), `/campaign/${campaignId}/draw.csv`), { campaignId })) as Response;
  return { status: response.status, body: await response.text(), type: response.headers.get("Content-Type") };
}

/** draw.csv as the procedure text builds it from the counted entries in the database. */
async function expectedListText(campaignId: string): Promise<string> {
  const entries = await prisma.entry.findMany({ where: { campaignId } });
  const counted = entries.filter((entry) => entry.confirmedAt && !entry.disqualifiedAt).sort(compareDrawOrder);
  const listed = new Set(counted.map((entry) => entry.id));
  const disqualified = entries
    .filter((entry) => entry.confirmedAt && entry.disqualifiedAt)
    .map((entry) => ({ id: entry.id, reason: entry.disqualifyReason ?? "" }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return entryListText(
    counted.map((entry) => ({
      id: entry.id,
      createdMs: entry.createdAt.getTime(),
      referrerId: entry.referralCredited && entry.referrerId && listed.has(entry.referrerId) ? entry.referrerId : "",
      weight: 1 + entry.bonusEntries,
    })),
    disqualified,
  );
}

describe("drawing a campaign", () => {
  it("writes the draw record and the winners of every prize from the frozen list and the beacon, and completes the campaign", async () => {
    const campaign = await endedCampaign({
      additionalPrizes: {
        create: [
          { rank: 2, title: "Store credit" },
          { rank: 3, title: "Sticker pack" },
        ],
      },
    });
    // Fans 0, 5, 10, ... each brought one friend (+3 each).
    await addConfirmedEntries(
      campaign.id,
      fans(40, (i) => (i % 5 === 1 ? i - 1 : null)),
    );
    // Neither a pending entry nor a disqualified one is in the draw.
    const t = tag();
    await addConfirmedEntries(campaign.id, [
      { id: `pending${t}`, email: `pending${t}@draw.test`, createdAt: new Date(Date.now() - 2 * DAY), confirmed: false },
      { id: `dq${t}`, email: `dq${t}@draw.test`, createdAt: new Date(Date.now() - 2 * DAY), disqualifyReason: "duplicate" },
    ]);

    const { outcome, drawnAt } = await freezeAndDraw(campaign.id, { now: atEnd(campaign) });
    expect(outcome.kind).toBe("drawn");
    if (outcome.kind !== "drawn") return;
    expect(outcome.replacedRound).toBeUndefined();
    expect(outcome.winners.map((winner) => winner.rank)).toEqual([1, 2, 3]);
    expect(new Set(outcome.winners.map((winner) => winner.entryId)).size).toBe(3);
    expect(outcome.winners.map((winner) => winner.entryId)).not.toContain(`pending${t}`);
    expect(outcome.winners.map((winner) => winner.entryId)).not.toContain(`dq${t}`);

    const row = await campaignRow(campaign.id);
    const entries = await prisma.entry.findMany({ where: { campaignId: campaign.id } });
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    for (const winner of outcome.winners) expect(winner.email).toBe(byId.get(winner.entryId)?.email);

    const deadline = new Date(drawnAt.getTime() + 14 * DAY);
    expect(row).toMatchObject({
      status: "completed",
      drawStartedAt: null,
      winnerEntryId: outcome.winners[0]?.entryId,
      winnerEmail: outcome.winners[0]?.email,
      claimDeadline: deadline,
    });
    for (const prize of row.additionalPrizes) {
      const winner = outcome.winners.find((w) => w.rank === prize.rank);
      expect(prize).toMatchObject({ winnerEntryId: winner?.entryId, winnerEmail: winner?.email, claimDeadline: deadline });
    }

    // The record: the secret behind the launch commitment, the beacon round published at launch, the final seed.
    const draw = row.draw!;
    const chain = beacon.fake().chain;
    expect(draw).toMatchObject({
      // Not launched with time-stamped anchors (decision 090): procedure 3.
      procedureVersion: 3,
      secret: campaign.drawSeed,
      commitment: campaign.drawCommitment,
      beaconRound: campaign.drawBeaconRound,
      beaconChain: chain.hash,
      beaconMissing: false,
      createdAt: drawnAt,
    });
    expect(sha256(draw.secret!)).toBe(draw.commitment);
    const drawBeacon = parseBeacon(draw.beaconJson!);
    expect(drawBeacon.round).toBe(campaign.drawBeaconRound);
    expect(verifyBeacon(chain, drawBeacon)).toBe(true);
    expect(draw.seed).toBe(finalSeed(draw.secret!, drawBeacon.randomness));
    expect(draw.seed).not.toBe(draw.secret);

    // The list: the counted entries' exact bytes, as the procedure text builds them.
    expect(draw.totalWeight).toBe(BigInt(40 + 8 * 3));
    expect(draw.entryCount).toBe(40);
    const bytes = await storedList(campaign.id);
    expect(bytes.toString("latin1")).toBe(await expectedListText(campaign.id));
    expect(bytes.toString("latin1")).toContain(`\ndisqualified_entry_id,reason\ndq${t},duplicate\n`);
    expect(bytes.toString("latin1")).not.toContain(`pending${t}`);
    expect(draw.entriesHash).toBe(sha256(bytes));

    // The picks: the published pick rules over the frozen list with the final seed.
    const picks = parseDrawPicks(draw.picks);
    const replayed = drawPicks(nodeDrawHashing, parseEntryList(bytes, draw.entriesHash).pool, draw.seed, [1, 2, 3]).picks;
    expect(picks).toEqual(replayed.map((pick) => ({ ...pick, claimDeadline: deadline.toISOString() })));
    expect(picks.map(({ rank, entryId }) => ({ rank, entryId }))).toEqual(outcome.winners.map(({ rank, entryId }) => ({ rank, entryId })));
    expect(picks.every((pick) => BigInt(pick.ticket) < draw.totalWeight && pick.replaced === undefined)).toBe(true);

    expect(await drawCampaign(campaign.id, { now: drawnAt })).toEqual({ kind: "already-drawn" });
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo() })).ok).toBe(true);
  });

  it("two freezes at once write one list, and two draws at once make one draw record and one set of winners", async () => {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Tote bag" }] } });
    // Fans 0, 3, 6, ... each brought two friends (+6 each).
    await addConfirmedEntries(
      campaign.id,
      fans(30, (i) => (i % 3 === 0 ? null : i - (i % 3))),
    );
    const freezes = await Promise.all([0, 1, 2].map(() => freezeEntryList(campaign.id, { now: atEnd(campaign) })));
    expect(freezes.filter((freeze) => freeze.kind === "frozen")).toHaveLength(1);
    expect(freezes.filter((freeze) => freeze.kind === "already-frozen")).toHaveLength(2);
    expect(await prisma.entryList.count({ where: { campaignId: campaign.id } })).toBe(1);

    const now = new Date(roundTimeMs(beacon.fake().chain, campaign.drawBeaconRound!) + 1000);
    const outcomes = await Promise.all([0, 1, 2].map(() => drawCampaign(campaign.id, { now })));
    expect(outcomes.filter((outcome) => outcome.kind === "drawn")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind !== "drawn").every((o) => o.kind === "busy" || o.kind === "already-drawn")).toBe(true);
    expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(1);
    const drawn = outcomes.find((outcome) => outcome.kind === "drawn");
    const row = await campaignRow(campaign.id);
    expect(drawn?.kind === "drawn" && drawn.winners[0]?.entryId).toBe(row.winnerEntryId);
    expect(parseDrawPicks(row.draw!.picks)).toHaveLength(2);
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo() })).ok).toBe(true);
  });

  it("two app instances drawing at once make one draw record", async () => {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Beanie" }] } });
    await addConfirmedEntries(
      campaign.id,
      fans(5000, (i) => (i % 10 === 1 ? i - 1 : null)),
    );
    // The job pass froze the list at the end; both instances draw now, long after the round came out.
    expect((await freezeEntryList(campaign.id, { now: atEnd(campaign) })).kind).toBe("frozen");
    // Each instance loads the app and connects, says "ready", then draws when told "go", so both draws overlap.
    const script = `
      const { drawCampaign } = await import("./app/server/draw/run.server.ts");
      const { prisma } = await import("./app/server/core/db.server.ts");
      await prisma.$queryRaw\`SELECT 1\`;
      process.stdout.write("ready\\n");
      process.stdin.once("data", async () => {
        const outcome = await drawCampaign(${JSON.stringify(campaign.id)});
        process.stdout.write(JSON.stringify(outcome) + "\\n");
        await prisma.$disconnect();
        process.stdin.destroy();
      });`;
    const instances = [0, 1].map(() => {
      // The environment names the fake drand (DRAND_URLS, DRAND_CHAIN_INFO) and the test database.
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        env: { ...process.env },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let output = "";
      let errors = "";
      const ready = new Promise<void>((resolve) =>
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("ready\n")) resolve();
        }),
      );
      child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      const exited = once(child, "exit").then(() => ({ output, errors }));
      return { child, ready, exited };
    });
    await Promise.all(instances.map((instance) => instance.ready));
    for (const instance of instances) instance.child.stdin.write("go\n");
    const results = await Promise.all(instances.map((instance) => instance.exited));
    const outcomes = results.map(({ output, errors }) => {
      const line = output.split("\n").find((text) => text.startsWith("{"));
      if (!line) throw new Error(`no outcome from an instance:\n${output}\n${errors}`);
      return JSON.parse(line) as { kind: string };
    });
    expect(outcomes.filter((outcome) => outcome.kind === "drawn")).toHaveLength(1);
    expect(["busy", "already-drawn"]).toContain(outcomes.find((outcome) => outcome.kind !== "drawn")?.kind);
    expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(1);
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo() })).ok).toBe(true);
    // Two processes each load the app's TypeScript sources through tsx: 10-30 s on 2 busy cores.
  }, 90_000);

  it("draws nothing before the end, for unknown or unlaunched campaigns, before the beacon round, or while another draw holds the lease", async () => {
    const live = await createCampaign();
    await addConfirmedEntries(live.id, fans(3));
    expect(await drawCampaign(live.id)).toEqual({ kind: "not-due" });
    expect(await drawCampaign("nosuchcampaign00000000")).toEqual({ kind: "not-found" });
    const draft = await endedCampaign({ status: "draft" });
    expect(await drawCampaign(draft.id)).toEqual({ kind: "not-due" });
    expect(await prisma.draw.count({ where: { campaignId: { in: [live.id, draft.id] } } })).toBe(0);
    expect(await prisma.entryList.count({ where: { campaignId: { in: [live.id, draft.id] } } })).toBe(0);

    // Frozen at the end; before the round's time the draw waits and takes no lease.
    const leased = await endedCampaign();
    await addConfirmedEntries(leased.id, fans(2));
    const dueAt = new Date(roundTimeMs(beacon.fake().chain, leased.drawBeaconRound!));
    expect(await drawCampaign(leased.id, { now: atEnd(leased) })).toMatchObject({
      kind: "waiting-for-beacon",
      round: leased.drawBeaconRound,
      dueAt,
      reason: "not-yet",
    });
    expect((await campaignRow(leased.id)).drawStartedAt).toBeNull();

    // A lease taken 5 minutes ago is someone else's draw in progress; one 11 minutes old is a crashed one.
    const now = new Date();
    await prisma.campaign.update({ where: { id: leased.id }, data: { drawStartedAt: new Date(now.getTime() - 5 * MINUTE) } });
    expect(await drawCampaign(leased.id, { now })).toEqual({ kind: "busy" });
    await prisma.campaign.update({ where: { id: leased.id }, data: { drawStartedAt: new Date(now.getTime() - 11 * MINUTE) } });
    expect((await drawCampaign(leased.id, { now })).kind).toBe("drawn");
    expect((await campaignRow(leased.id)).drawStartedAt).toBeNull();
  });

  it("completes a campaign without entries with an empty draw record", async () => {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Mug" }] } });
    expect((await freezeAndDraw(campaign.id, { now: atEnd(campaign) })).outcome).toEqual({ kind: "no-entries" });
    const row = await campaignRow(campaign.id);
    expect(row).toMatchObject({ status: "completed", winnerEntryId: null, winnerEmail: null, claimDeadline: null, drawStartedAt: null });
    expect(row.draw).toMatchObject({
      // Not launched with time-stamped anchors (decision 090): procedure 3.
      procedureVersion: 3,
      totalWeight: 0n,
      entryCount: 0,
      picks: "[]",
      entriesHash: sha256("entry_id,created_ms,referrer_id,weight\ndisqualified_entry_id,reason\n"),
    });
    expect(row.additionalPrizes[0]?.winnerEntryId).toBeNull();
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo() })).ok).toBe(true);
  });

  it("lists the campaigns to freeze, then those due for a draw once their round is out, oldest end first", async () => {
    const now = new Date(Date.now() + 365 * DAY);
    const older = await createCampaign({ endDate: new Date(now.getTime() - 2 * DAY) });
    const newer = await createCampaign({ endDate: new Date(now.getTime() - DAY) });
    const future = await createCampaign({ endDate: new Date(now.getTime() + DAY) });
    const draft = await createCampaign({ status: "draft", endDate: new Date(now.getTime() - DAY) });
    const toFreeze = await campaignsToFreeze(now, 1000);
    expect(toFreeze.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(toFreeze.indexOf(older.id)).toBeLessThan(toFreeze.indexOf(newer.id));
    expect(toFreeze).not.toContain(future.id);
    expect(toFreeze).not.toContain(draft.id);
    // Not frozen yet: nothing to draw.
    expect(await dueCampaignIds(now, 1000)).not.toContain(older.id);

    // These published no round at launch: theirs is the first one 10 minutes after the freeze.
    for (const campaign of [older, newer]) expect((await freezeEntryList(campaign.id, { now })).kind).toBe("frozen");
    expect(await campaignsToFreeze(now, 1000)).not.toContain(older.id);
    expect(await dueCampaignIds(now, 1000)).not.toContain(older.id);
    const later = new Date(now.getTime() + 11 * MINUTE);
    const due = await dueCampaignIds(later, 1000);
    expect(due.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(due.indexOf(older.id)).toBeLessThan(due.indexOf(newer.id));
    expect(due).not.toContain(future.id);
    expect(due).not.toContain(draft.id);

    // The fake drand has published that round by then.
    beacon.setClock(later.getTime());
    try {
      expect((await drawCampaign(older.id, { now: later })).kind).toBe("no-entries");
    } finally {
      beacon.setClock(null);
    }
    expect(await dueCampaignIds(later, 1000)).not.toContain(older.id);
  });

  it("orders the entries by entry time, then by id in byte order, with referrers and weights", async () => {
    const campaign = await endedCampaign();
    const same = Date.now() - 2 * DAY;
    await addConfirmedEntries(campaign.id, [
      { id: "zz0later", email: "later@draw.test", createdAt: new Date(same + 1), referrerId: "b0same", referralCredited: true },
      { id: "b0same", email: "b@draw.test", createdAt: new Date(same), bonusEntries: 3 },
      { id: "Z0same", email: "z@draw.test", createdAt: new Date(same) },
      { id: "a0same", email: "a@draw.test", createdAt: new Date(same) },
      { id: "yy0earlier", email: "earlier@draw.test", createdAt: new Date(same - 1) },
    ]);
    await freezeAndDraw(campaign.id, { now: atEnd(campaign) });
    const csv = await entryListCsv(campaign.id);
    expect(csv.body).toBe(
      "entry_id,created_ms,referrer_id,weight\n" +
        `yy0earlier,${same - 1},,1\n` +
        `Z0same,${same},,1\n` +
        `a0same,${same},,1\n` +
        `b0same,${same},,4\n` +
        `zz0later,${same + 1},b0same,1\n` +
        "disqualified_entry_id,reason\n",
    );
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo() })).ok).toBe(true);
  });
});

// Procedure 1 (draws before decision 039) reads the live entries block by block; its redraws and checks still do.
describe("the ordered entry list of version 1 draws, read in blocks", () => {
  it("gives the same list, hash, weight and picks as the whole-list computation, whatever the block size", async () => {
    const campaign = await endedCampaign();
    const base = Date.now() - 2 * DAY;
    // Runs of five entries share a millisecond, and their ids sort differently by character code
    // than by insertion or case-insensitively, so block boundaries fall inside ties.
    const prefixes = ["b", "A", "a", "Z", "0", "z", "B"];
    await addConfirmedEntries(
      campaign.id,
      Array.from({ length: 23 }, (_, i) => ({
        id: `${prefixes[(i * 3) % prefixes.length]}${String(23 - i).padStart(2, "0")}blk`,
        email: `block${i}@draw.test`,
        createdAt: new Date(base + Math.floor(i / 5)),
        bonusEntries: i % 4 === 0 ? 3 : 0,
      })),
    );
    const rows = await prisma.entry.findMany({ where: { campaignId: campaign.id } });
    const lines = [...rows].sort(compareDrawOrder).map((entry) => `${entry.id}:${1 + entry.bonusEntries}`);
    const whole = drawPoolOf(
      nodeDrawHashing,
      lines.map((line) => ({ id: line.split(":")[0]!, weight: Number(line.split(":")[1]) })),
    );
    const wholePicks = drawPicks(nodeDrawHashing, whole, campaign.drawSeed!, [1, 2, 3]).picks;
    expect(whole.count).toBe(23);

    for (const blockSize of [1, 2, 4, 5, 22, 23, 24, 100_000]) {
      const blocks: string[] = [];
      for await (const block of drawEntryBlocks(campaign.id, prisma, { blockSize })) blocks.push(block);
      const sizes = blocks.map((block) => block.split("\n").length);
      expect(
        sizes.slice(0, -1).every((size) => size === blockSize),
        `block size ${blockSize}`,
      ).toBe(true);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(23);
      expect(blocks.join("\n"), `block size ${blockSize}`).toBe(lines.join("\n"));

      const pool = await loadDrawPool(campaign.id, prisma, undefined, { blockSize });
      expect({ count: pool.count, hash: pool.entriesHash, total: pool.totalWeight }).toEqual({
        count: whole.count,
        hash: whole.entriesHash,
        total: whole.totalWeight,
      });
      expect(drawPicks(nodeDrawHashing, pool, campaign.drawSeed!, [1, 2, 3]).picks).toEqual(wholePicks);
    }
    await expect(drawEntryBlocks(campaign.id, prisma, { blockSize: 0 }).next()).rejects.toThrow(RangeError);
  });
});

describe("the demo data", () => {
  it("gives every past demo campaign a frozen list, actions.csv and a version 3 draw on the demo beacon that verifies, with its winners already notified", async () => {
    const db = await createTestDatabase();
    try {
      await seed(db.prisma, { demo: true });
      const past = await db.prisma.campaign.findMany({
        where: { status: "completed" },
        include: { draw: true, entryList: true, additionalPrizes: true, entries: { select: { confirmedAt: true, disqualifiedAt: true } } },
      });
      expect(past.length).toBeGreaterThan(0);
      for (const campaign of past) {
        const counted = campaign.entries.filter((entry) => entry.confirmedAt && !entry.disqualifiedAt).length;
        const disqualified = campaign.entries.filter((entry) => entry.confirmedAt && entry.disqualifiedAt).length;
        expect(campaign.draw, campaign.title).not.toBeNull();
        expect(campaign.draw).toMatchObject({
          // Not launched with time-stamped anchors (decision 090): procedure 3.
          procedureVersion: 3,
          beaconChain: DEMO_CHAIN.hash,
          beaconMissing: false,
        });
        expect(campaign.draw!.entryCount).toBe(counted);
        expect(campaign.entryList).toMatchObject({
          entryCount: counted,
          disqualifiedCount: disqualified,
          sha256: campaign.draw!.entriesHash,
        });
        expect(campaign.listFrozenAt).not.toBeNull();
        expect(campaign.winnersNotifiedAt).not.toBeNull();
        const verification = await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), client: db.prisma });
        expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
        expect(verification.ok).toBe(true);
        // actions.csv (decision 075) holds exactly what the freeze would build from the demo's completions.
        const actionRow = await frozenActionList(campaign.id, db.prisma);
        expect(actionRow, campaign.title).not.toBeNull();
        expect(Buffer.from(await actionListBytes(actionRow!, db.prisma)).toString("latin1")).toBe(
          (await buildActionListBytes(campaign.id, campaign.listFrozenAt!, db.prisma)).toString("latin1"),
        );
      }
      // Some demo entries were disqualified, and their ids are in the published lists.
      expect(past.reduce((sum, campaign) => sum + (campaign.entryList?.disqualifiedCount ?? 0), 0)).toBeGreaterThan(0);
      // Most past demo draws count action completions, and some claims were rejected.
      const actionLists = await db.prisma.actionList.findMany({ where: { campaignId: { in: past.map((campaign) => campaign.id) } } });
      expect(actionLists.filter((list) => list.completionCount > 0).length).toBeGreaterThan(past.length / 2);
      expect(actionLists.reduce((sum, list) => sum + list.disqualifiedCount, 0)).toBeGreaterThan(0);
      const live = await db.prisma.campaign.findMany({ where: { status: "active" }, include: { draw: true, entryList: true } });
      expect(live.length).toBeGreaterThan(0);
      expect(live.every((campaign) => campaign.draw === null && campaign.entryList === null && campaign.winnersNotifiedAt === null)).toBe(
        true,
      );
    } finally {
      await db.cleanup();
    }
  });
});

describe("redrawing an unclaimed prize", () => {
  async function drawnCampaign(entries = 20) {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Cap" }] } });
    await addConfirmedEntries(
      campaign.id,
      fans(entries, (i) => (i % 4 === 1 ? i - 1 : null)),
    );
    const { outcome, drawnAt } = await freezeAndDraw(campaign.id, { now: atEnd(campaign) });
    if (outcome.kind !== "drawn") throw new Error(`expected a draw, got ${outcome.kind}`);
    // The winners are told (their notification times go on record): a redraw needs them (decision 102).
    await notifyWinners(campaign.id);
    return { campaign, outcome, drawnAt, afterDeadline: new Date(drawnAt.getTime() + 15 * DAY) };
  }

  it("is refused before the claim deadline and once the prize has been claimed", async () => {
    const { campaign, drawnAt, afterDeadline } = await drawnCampaign();
    expect(await redrawPrize(campaign.id, 1, { now: new Date(drawnAt.getTime() + 13 * DAY) })).toMatchObject({ kind: "not-allowed" });
    await prisma.order.create({ data: { campaignId: campaign.id, prizeRank: 1, winnerEmail: "w@draw.test" } });
    expect(await redrawPrize(campaign.id, 1, { now: afterDeadline })).toMatchObject({ kind: "not-allowed" });
    expect(await redrawPrize(campaign.id, 7, { now: afterDeadline })).toMatchObject({ kind: "not-allowed" });
    const live = await createCampaign();
    expect(await redrawPrize(live.id, 1, { now: afterDeadline })).toMatchObject({ kind: "not-allowed" });
    expect(parseDrawPicks((await campaignRow(campaign.id)).draw!.picks)).toHaveLength(2);
  });

  it("after the deadline takes the next pick of the same sequence over the frozen list and keeps the record verifiable", async () => {
    const { campaign, outcome, afterDeadline } = await drawnCampaign();
    await prisma.campaign.update({ where: { id: campaign.id }, data: { winnerPublicName: "Old Winner" } });
    const { draw } = await campaignRow(campaign.id);
    const before = parseDrawPicks(draw!.picks);
    // The next pick of the published sequence, computed here from the stored list and the final seed.
    const pool = parseEntryList(await storedList(campaign.id), draw!.entriesHash).pool;
    const expected = nextPick(nodeDrawHashing, pool, draw!.seed, 1, drawStateAfter(before));
    // Entries confirmed after the freeze take no part.
    await addConfirmedEntries(campaign.id, [{ email: "late@draw.test", createdAt: new Date() }]);

    const redrawn = await redrawPrize(campaign.id, 1, { now: afterDeadline });
    expect(redrawn.kind).toBe("redrawn");
    if (redrawn.kind !== "redrawn") return;
    expect(redrawn.entryId).toBe(expected?.pick.entryId);
    expect(outcome.winners.map((winner) => winner.entryId)).not.toContain(redrawn.entryId);

    const row = await campaignRow(campaign.id);
    const deadline = new Date(afterDeadline.getTime() + 14 * DAY);
    expect(row).toMatchObject({
      winnerEntryId: redrawn.entryId,
      winnerEmail: redrawn.email,
      winnerPublicName: null,
      winnersNotifiedAt: null,
      claimDeadline: deadline,
    });
    const picks = parseDrawPicks(row.draw!.picks);
    expect(picks).toHaveLength(3);
    expect(picks[0]).toEqual({ ...before[0], replaced: true });
    expect(picks[1]).toEqual(before[1]);
    expect(picks[2]).toEqual({
      ...expected!.pick,
      redrawnAt: afterDeadline.toISOString(),
      reason: REDRAW_UNCLAIMED_REASON,
      claimDeadline: deadline.toISOString(),
    });
    expect(picks[2]!.counter).toBeGreaterThan(Math.max(before[0]!.counter, before[1]!.counter));

    // Checked as of the redraw's day (the test's redraw is dated 15 days ahead of the clock).
    const verification = await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: afterDeadline });
    expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
    expect(verification.ok).toBe(true);
    expect(verification.checks.find((check) => check.name.startsWith("redraw timing"))).toMatchObject({ ok: true });
    // Today the redraw is still in the future: that is a MISMATCH.
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo() })).checks.filter((check) => !check.ok)).toEqual([
      expect.objectContaining({ name: "redraw timing (1 redraw)", actual: expect.stringContaining("is in the future") }),
    ]);

    // The new winner's own deadline has to pass before another redraw.
    expect(await redrawPrize(campaign.id, 1, { now: new Date(afterDeadline.getTime() + DAY) })).toMatchObject({ kind: "not-allowed" });
  });

  it("verify-draw says MISMATCH, with the reason, for a redraw before the deadline, a moved deadline or a notification before the draw (decision 102)", async () => {
    const { campaign, drawnAt, afterDeadline } = await drawnCampaign();
    expect(await redrawPrize(campaign.id, 2, { now: afterDeadline })).toMatchObject({ kind: "redrawn" });
    const honest = (await campaignRow(campaign.id)).draw!.picks;
    const verify = () => verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: afterDeadline });
    expect((await verify()).ok).toBe(true);
    const timing = async (change: (picks: DrawPick[]) => void) => {
      const picks = parseDrawPicks(honest);
      change(picks);
      await prisma.draw.update({ where: { campaignId: campaign.id }, data: { picks: JSON.stringify(picks) } });
      const result = await verify();
      expect(result.ok).toBe(false);
      return result.checks.filter((check) => !check.ok).map((check) => `${check.name}: ${check.actual}`);
    };
    const at = (ms: number) => new Date(ms).toISOString();
    // The 2nd prize's redraw dated an hour before its winner's deadline.
    const deadline = Date.parse(parseDrawPicks(honest)[1]!.claimDeadline!);
    expect(await timing((picks) => (picks[2]!.redrawnAt = at(deadline - 3_600_000)))).toEqual([
      expect.stringMatching(/^redraw timing \(1 redraw\): .*redrawn at .*, before the replaced winner's claim deadline/),
    ]);
    // The 2nd prize's deadline moved to two days after the draw (the redraw after it): earlier than the draw + 14 days.
    expect(
      await timing((picks) => {
        picks[1]!.claimDeadline = at(drawnAt.getTime() + 2 * DAY);
        picks[2]!.redrawnAt = at(drawnAt.getTime() + 3 * DAY);
      }),
    ).toEqual([expect.stringMatching(/earlier than the pick's time \(.+\) plus the claim window of 14 days/)]);
    // The replaced winner "notified" before the draw.
    expect(await timing((picks) => (picks[1]!.notifiedAt = at(drawnAt.getTime() - 60_000)))).toEqual([
      expect.stringMatching(/notified at .+, before the pick was made/),
    ]);
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { picks: honest } });
    expect((await verify()).ok).toBe(true);
  });

  it("is refused until the published deadline has passed and the winner's notification is on record (decision 102)", async () => {
    const campaign = await endedCampaign();
    await addConfirmedEntries(
      campaign.id,
      fans(10, () => null),
    );
    const { drawnAt } = await freezeAndDraw(campaign.id, { now: atEnd(campaign) });
    const afterDeadline = new Date(drawnAt.getTime() + 15 * DAY);
    // Not notified yet: no redraw, whatever the deadline.
    expect(await redrawPrize(campaign.id, 1, { now: afterDeadline })).toEqual({
      kind: "not-allowed",
      reason: "The winner has not been notified yet, so the prize cannot be redrawn.",
    });
    await notifyWinners(campaign.id);
    // The prize row's deadline moved to the past (an edit of the database, or an erasure closing the claim): the published one still decides.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { claimDeadline: new Date(drawnAt.getTime() + DAY) } });
    expect(await redrawPrize(campaign.id, 1, { now: new Date(drawnAt.getTime() + 2 * DAY) })).toEqual({
      kind: "not-allowed",
      reason: "The claim deadline has not passed yet.",
    });
    const redrawn = await redrawPrize(campaign.id, 1, { now: afterDeadline });
    expect(redrawn.kind).toBe("redrawn");
    // The new winner's deadline is the redraw plus the draw's own window (14 days).
    const picks = parseDrawPicks((await campaignRow(campaign.id)).draw!.picks);
    expect(picks.at(-1)!.claimDeadline).toBe(new Date(afterDeadline.getTime() + 14 * DAY).toISOString());
    expect(picks[0]!.notifiedAt).toBeDefined();
  });

  it("two redraws at once append one pick", async () => {
    const { campaign, afterDeadline } = await drawnCampaign();
    const outcomes = await Promise.all([
      redrawPrize(campaign.id, 1, { now: afterDeadline }),
      redrawPrize(campaign.id, 1, { now: afterDeadline }),
    ]);
    expect(outcomes.filter((outcome) => outcome.kind === "redrawn")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "not-allowed")).toHaveLength(1);
    expect(parseDrawPicks((await campaignRow(campaign.id)).draw!.picks)).toHaveLength(3);
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: afterDeadline })).ok).toBe(true);
  });

  it("redraws an additional prize and says when nobody is left", async () => {
    const { campaign, afterDeadline } = await drawnCampaign(3);
    const second = await redrawPrize(campaign.id, 2, { now: afterDeadline });
    expect(second.kind).toBe("redrawn");
    const row = await campaignRow(campaign.id);
    expect(row.additionalPrizes[0]).toMatchObject({
      winnerEntryId: second.kind === "redrawn" ? second.entryId : "",
      winnerEmail: second.kind === "redrawn" ? second.email : "",
    });
    // All three entrants have now been picked.
    expect(await redrawPrize(campaign.id, 1, { now: afterDeadline })).toEqual({ kind: "exhausted" });
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: afterDeadline })).ok).toBe(true);
  });
});

describe("verify-draw", () => {
  async function verifiedCampaign() {
    const campaign = await endedCampaign({
      additionalPrizes: {
        create: [
          { rank: 2, title: "Hat" },
          { rank: 3, title: "Pin" },
        ],
      },
    });
    // Groups of six: the first fan of group g brought 1 + (g mod 4) of the others.
    await addConfirmedEntries(
      campaign.id,
      fans(60, (i) => (i % 6 !== 0 && i % 6 <= 1 + (Math.floor(i / 6) % 4) ? i - (i % 6) : null)),
    );
    const t = tag();
    await addConfirmedEntries(campaign.id, [
      { id: `dq${t}`, email: `dq${t}@draw.test`, createdAt: new Date(Date.now() - DAY), disqualifyReason: "fake" },
    ]);
    const { outcome } = await freezeAndDraw(campaign.id, { now: atEnd(campaign) });
    if (outcome.kind !== "drawn") throw new Error(outcome.kind);
    return campaign;
  }
  const failures = async (campaignId: string, options: { entriesCsv?: string; chainInfo?: string } = {}) =>
    (await verifyDraw(campaignId, { chainInfo: beacon.chainInfo(), ...options })).checks
      .filter((check) => !check.ok)
      .map((check) => check.name);

  it("agrees with the published draw, from the stored list and from the downloaded draw.csv", async () => {
    const campaign = await verifiedCampaign();
    const result = await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo() });
    expect(result.checks.map((check) => check.name)).toEqual([
      "commitment = SHA-256(secret)",
      "commitment published at launch",
      "entry list hash",
      "entry list hash published at the freeze",
      "entry list rules (order, weights, referrers)",
      "entries in the list",
      "total weight",
      "beacon round used by the list",
      "beacon round",
      `beacon signature (chain ${beacon.fake().chain.hash.slice(0, 12)}…)`,
      'final seed = SHA-256("<secret>:<randomness>")',
      "pick 1 (grand prize)",
      "pick 2 (prize 2)",
      "pick 3 (prize 3)",
      "grand prize winner on record",
      "prize 2 winner on record",
      "prize 3 winner on record",
    ]);
    expect(result.ok).toBe(true);
    expect(result.entries).toBe(60);

    const csv = await entryListCsv(campaign.id);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain("text/csv");
    // Header, 60 entries, the disqualified header and one disqualified entry, each ending with a line feed.
    expect(csv.body.split("\n")).toHaveLength(64);
    const draw = (await campaignRow(campaign.id)).draw!;
    expect(sha256(csv.body)).toBe(draw.entriesHash);
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), entriesCsv: csv.body })).ok).toBe(true);
  });

  it("is not moved by entries changed after the freeze, and disagrees once the list, the secret, the seed or the beacon is changed", async () => {
    const campaign = await verifiedCampaign();
    const entries = await prisma.entry.findMany({
      where: { campaignId: campaign.id, disqualifiedAt: null },
      orderBy: { createdAt: "asc" },
    });
    const csv = (await entryListCsv(campaign.id)).body;

    // The draw used the frozen bytes: the live table no longer matters.
    await addConfirmedEntries(campaign.id, [{ email: "late@draw.test", createdAt: new Date() }]);
    await prisma.entry.update({ where: { id: entries[20]!.id }, data: { bonusEntries: { increment: 3 } } });
    await prisma.entry.delete({ where: { id: entries[10]!.id } });
    expect(await failures(campaign.id)).toEqual([]);

    // An edited draw.csv is caught: an entry removed, reweighted or added.
    const line = (entry: (typeof entries)[number]) => `${entry.id},${entry.createdAt.getTime()},,1\n`;
    expect(csv).toContain(line(entries[5]!));
    expect(await failures(campaign.id, { entriesCsv: csv.replace(line(entries[5]!), "") })).toEqual(
      expect.arrayContaining(["entry list hash", "entries in the list", "total weight"]),
    );
    expect(await failures(campaign.id, { entriesCsv: csv.replace(line(entries[5]!), line(entries[5]!).replace(",1\n", ",4\n")) })).toEqual(
      expect.arrayContaining(["entry list hash", "entry list rules (order, weights, referrers)"]),
    );
    const extra = `${line(entries[59]!)}zzlate,${Date.now()},,1\n`;
    expect(await failures(campaign.id, { entriesCsv: csv.replace(line(entries[59]!), extra) })).toEqual(
      expect.arrayContaining(["entry list hash", "entries in the list", "total weight"]),
    );

    // So is a stored list changed in the database.
    const chunk = await prisma.entryListChunk.findFirstOrThrow({ where: { campaignId: campaign.id, index: 0 } });
    const tampered = Buffer.from(
      Buffer.from(chunk.bytes).toString("latin1").replace(line(entries[5]!), line(entries[6]!).replace(entries[6]!.id, entries[5]!.id)),
      "latin1",
    );
    await prisma.entryListChunk.update({ where: { campaignId_index: { campaignId: campaign.id, index: 0 } }, data: { bytes: tampered } });
    expect(await failures(campaign.id)).toEqual(["stored entry list"]);
    await prisma.entryListChunk.update({
      where: { campaignId_index: { campaignId: campaign.id, index: 0 } },
      data: { bytes: chunk.bytes },
    });
    expect(await failures(campaign.id)).toEqual([]);

    // The secret, the final seed, the beacon.
    const draw = (await campaignRow(campaign.id)).draw!;
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { secret: "0".repeat(64) } });
    expect(await failures(campaign.id)).toEqual(expect.arrayContaining(["commitment = SHA-256(secret)"]));
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { secret: draw.secret, seed: sha256("another seed") } });
    expect(await failures(campaign.id)).toEqual(expect.arrayContaining(['final seed = SHA-256("<secret>:<randomness>")']));
    const forged = JSON.parse(draw.beaconJson!) as { signature: string };
    forged.signature = `${forged.signature.slice(0, -2)}${forged.signature.endsWith("00") ? "01" : "00"}`;
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { seed: draw.seed, beaconJson: JSON.stringify(forged) } });
    expect((await failures(campaign.id)).some((name) => name.startsWith("beacon"))).toBe(true);
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { beaconJson: draw.beaconJson } });
    expect(await failures(campaign.id)).toEqual([]);
  });

  it("checks quicknet's beacon under quicknet's pinned key and another chain only under a key the person verifying gives (decision 082)", async () => {
    const campaign = await verifiedCampaign();
    // Without the test chain given, the draw names a chain that is not quicknet.
    const alone = await verifyDraw(campaign.id);
    expect(alone.ok).toBe(false);
    expect(alone.checks.filter((check) => !check.ok)).toEqual([
      expect.objectContaining({ name: "beacon chain", actual: expect.stringContaining("not drand quicknet") }),
      expect.objectContaining({ name: "beacon", actual: "missing from the record" }),
    ]);
    // Given another chain than the record's, still no.
    const other = JSON.stringify({ ...JSON.parse(beacon.chainInfo()), hash: "ab".repeat(32) });
    expect((await verifyDraw(campaign.id, { chainInfo: other })).ok).toBe(false);

    // The operator's own key under quicknet's hash: the round, signed by that key, does not verify
    // under quicknet's pinned key, whatever chain information anyone gives.
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { beaconChain: QUICKNET.hash } });
    const forged = await verifyDraw(campaign.id, { chainInfo: JSON.stringify({ ...JSON.parse(beacon.chainInfo()), hash: QUICKNET.hash }) });
    expect(forged.ok).toBe(false);
    expect(forged.checks.filter((check) => !check.ok)).toEqual([
      expect.objectContaining({ name: `beacon signature (chain ${QUICKNET.hash.slice(0, 12)}…)`, actual: "invalid" }),
    ]);
  });

  it("runs as `npm run verify-draw -- <id>` with exit code 0 on a match and 1 on a mismatch", async () => {
    const campaign = await verifiedCampaign();
    // The test chain is accepted only when the person verifying gives it (decision 082).
    const chainFile = join(mkdtempSync(join(tmpdir(), "giveawear-chain-")), "info.json");
    writeFileSync(chainFile, beacon.chainInfo());
    const cli = async (args: string[] = ["--chain-info", chainFile]) => {
      // The environment names the test database (and the fake drand's chain, which verify-draw does not take from it).
      const child = spawn("node_modules/.bin/tsx", ["scripts/verify-draw.ts", campaign.id, ...args], {
        env: { ...process.env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, "exit")) as [number];
      return { code, output };
    };
    const unknownChain = await cli([]);
    expect(unknownChain.output).toContain(
      "MISMATCH  beacon chain: published drand quicknet (its key pinned in the code), recomputed chain ",
    );
    expect(unknownChain.code).toBe(1);

    const match = await cli();
    expect(match.output).toContain("MATCH     entry list hash");
    expect(match.output).toContain("MATCH     beacon signature");
    expect(match.output).toContain("MATCH: the published draw is reproduced exactly.");
    expect(match.code).toBe(0);

    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { entriesHash: sha256("another list") } });
    const mismatch = await cli();
    expect(mismatch.output).toContain("MISMATCH  entry list hash");
    expect(mismatch.code).toBe(1);
  });
});

describe("version 1 draws (made before decision 039)", () => {
  /** A campaign drawn by procedure 1, its Draw row written as that procedure wrote it: the live entries' "<id>:<weight>" list and the launch seed. */
  async function v1Campaign() {
    const end = new Date(Date.now() - 30 * DAY);
    const campaign = await createCampaign({
      status: "completed",
      startDate: new Date(end.getTime() - 7 * DAY),
      endDate: end,
      additionalPrizes: { create: [{ rank: 2, title: "Cap" }] },
    });
    const t = tag();
    await addConfirmedEntries(
      campaign.id,
      Array.from({ length: 12 }, (_, i) => ({
        id: `old${i}${t}`,
        email: `old${i}@draw.test`,
        createdAt: new Date(end.getTime() - DAY + i * 1000),
        bonusEntries: i % 3 === 0 ? 3 : 0,
      })),
    );
    const pool = await loadDrawPool(campaign.id);
    const picks = drawPicks(nodeDrawHashing, pool, campaign.drawSeed!, [1, 2]).picks;
    const drawnAt = new Date(end.getTime() + MINUTE);
    const deadline = new Date(drawnAt.getTime() + 14 * DAY);
    await prisma.draw.create({
      data: {
        campaignId: campaign.id,
        procedureVersion: 1,
        seed: campaign.drawSeed!,
        commitment: campaign.drawCommitment,
        entriesHash: pool.entriesHash,
        totalWeight: pool.totalWeight,
        entryCount: pool.count,
        picks: JSON.stringify(picks),
        createdAt: drawnAt,
      },
    });
    const entries = await prisma.entry.findMany({ where: { campaignId: campaign.id } });
    const email = (id: string | undefined) => entries.find((entry) => entry.id === id)?.email;
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: { winnerEntryId: picks[0]!.entryId, winnerEmail: email(picks[0]!.entryId), claimDeadline: deadline },
    });
    await prisma.additionalPrize.update({
      where: { campaignId_rank: { campaignId: campaign.id, rank: 2 } },
      data: { winnerEntryId: picks[1]!.entryId, winnerEmail: email(picks[1]!.entryId), claimDeadline: deadline },
    });
    return { campaign, entries, deadline };
  }

  it("still verify against the live entries and the exported id,weight list, and catch a changed entry", async () => {
    const { campaign, entries } = await v1Campaign();
    const result = await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo() });
    expect(result.checks.map((check) => check.name)).toEqual([
      "commitment = SHA-256(seed)",
      "commitment published at launch",
      "entry list hash",
      "total weight",
      "pick 1 (grand prize)",
      "pick 2 (prize 2)",
      "grand prize winner on record",
      "prize 2 winner on record",
    ]);
    expect(result.ok).toBe(true);
    expect(result.entries).toBe(12);

    const csv = await entryListCsv(campaign.id);
    expect(csv.status).toBe(200);
    const ordered = [...entries].sort(compareDrawOrder);
    expect(csv.body).toBe(`id,weight\n${ordered.map((entry) => `${entry.id},${1 + entry.bonusEntries}\n`).join("")}`);
    expect(sha256(ordered.map((entry) => `${entry.id}:${1 + entry.bonusEntries}\n`).join(""))).toBe(
      (await campaignRow(campaign.id)).draw!.entriesHash,
    );
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), entriesCsv: csv.body })).ok).toBe(true);
    const tampered = csv.body.replace(`${ordered[5]!.id},${1 + ordered[5]!.bonusEntries}\n`, "");
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), entriesCsv: tampered })).ok).toBe(false);

    const failed = async () =>
      (await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo() })).checks.filter((check) => !check.ok).map((check) => check.name);
    await prisma.entry.update({ where: { id: ordered[4]!.id }, data: { bonusEntries: { increment: 3 } } });
    expect(await failed()).toEqual(expect.arrayContaining(["entry list hash", "total weight"]));
    await prisma.entry.update({ where: { id: ordered[4]!.id }, data: { bonusEntries: { decrement: 3 } } });
    expect(await failed()).toEqual([]);
  });

  it("redraw an unclaimed prize by continuing the version 1 sequence over the live entries", async () => {
    const { campaign, deadline } = await v1Campaign();
    const before = parseDrawPicks((await campaignRow(campaign.id)).draw!.picks);
    const expected = nextPick(nodeDrawHashing, await loadDrawPool(campaign.id), campaign.drawSeed!, 1, drawStateAfter(before));
    const now = new Date(deadline.getTime() + DAY);
    const redrawn = await redrawPrize(campaign.id, 1, { now });
    expect(redrawn).toMatchObject({ kind: "redrawn", entryId: expected?.pick.entryId });
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now })).ok).toBe(true);
  });
});

describe("the public draw page", () => {
  let app: InProcessAppServer;
  beforeAll(async () => {
    app = await startAppServer();
    await app.resetConfig();
  });
  afterAll(async () => {
    await app.close();
  });

  const page = async (path: string) => {
    const response = await fetch(`${app.url}${path}`, { redirect: "manual" });
    return { status: response.status, html: await response.text(), location: response.headers.get("Location") };
  };

  /** The page's text as it reads: React's text separators dropped, entities decoded. */
  const visibleText = (html: string) => decode(html.replaceAll("<!-- -->", ""));

  it("counts each prize's redraws, and the shared verifier checks the served record's redraw against the deadline (decision 102)", async () => {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Poster" }] } });
    await addConfirmedEntries(campaign.id, fans(12));
    const { outcome, drawnAt } = await freezeAndDraw(campaign.id, { now: atEnd(campaign) });
    if (outcome.kind !== "drawn") throw new Error(outcome.kind);
    await notifyWinners(campaign.id);
    const never = visibleText((await page(`/campaign/${campaign.id}/draw`)).html);
    expect(never).toContain("Grand prize: never redrawn");
    expect(never).toContain("Each winner's claim deadline is fixed when they are drawn, 14 days later.");

    const afterDeadline = new Date(drawnAt.getTime() + 15 * DAY);
    expect(await redrawPrize(campaign.id, 1, { now: afterDeadline })).toMatchObject({ kind: "redrawn" });
    const after = visibleText((await page(`/campaign/${campaign.id}/draw`)).html);
    expect(after).toContain("Grand prize: redrawn once");
    expect(after).toContain("2nd prize: Poster: never redrawn");

    const files = await publishedDrawFiles(campaign.id);
    expect((files.record.draw as { claimWindowDays: number }).claimWindowDays).toBe(14);
    const independent = (record: unknown, now = afterDeadline.getTime()) =>
      verifyIndependently({
        record,
        csvBytes: files.csvBytes,
        actionsBytes: files.actionsBytes,
        chainInfo: { json: chainInfoJson(beacon.fake().chain), source: "test relay" },
        now,
      });
    const honest = await independent(files.record);
    expect(honest.checks.filter((check) => check.ok !== true)).toEqual([]);
    expect(honest.verdict).toBe("MATCH");
    expect(honest.checks.find((check) => check.name === "Redraw timing")?.detail).toContain("rank 1: 1 redraw");

    type Picks = { claimDeadline: string; notifiedAt: string; redrawnAt: string | null }[];
    const tampered = async (change: (picks: Picks) => void) => {
      const record = structuredClone(files.record) as { draw: { picks: Picks } };
      change(record.draw.picks);
      const result = await independent(record);
      expect(result.verdict).toBe("MISMATCH");
      return result.checks.filter((check) => check.ok === false).map((check) => `${check.name}: ${check.detail}`);
    };
    const at = (ms: number) => new Date(ms).toISOString();
    const deadline = Date.parse((files.record.draw as { picks: Picks }).picks[0]!.claimDeadline);
    expect(await tampered((picks) => (picks[2]!.redrawnAt = at(deadline - 3_600_000)))).toEqual([
      expect.stringMatching(/^Redraw timing: .*before the replaced winner's claim deadline/),
    ]);
    expect(
      await tampered((picks) => {
        picks[0]!.claimDeadline = at(drawnAt.getTime() + 2 * DAY);
        picks[2]!.redrawnAt = at(drawnAt.getTime() + 3 * DAY);
      }),
    ).toEqual([expect.stringMatching(/^Redraw timing: .*plus the claim window of 14 days/)]);
    expect(await tampered((picks) => (picks[0]!.notifiedAt = at(drawnAt.getTime() - 60_000)))).toEqual([
      expect.stringMatching(/^Redraw timing: .*before the pick was made/),
    ]);
    // Today the redraw (15 days ahead of the clock) is in the future.
    expect((await independent(files.record, Date.now())).verdict).toBe("MISMATCH");
  });

  it("shows the commitment before the draw, and the secret, beacon, final seed, list hash, weights and picks only after it", async () => {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Poster" }] } });
    // winner.one brought two friends: weight 7; the total is 7 + 4 = 11.
    const t = tag();
    await addConfirmedEntries(campaign.id, [
      { id: `one${t}`, email: "winner.one@draw.test", createdAt: new Date(Date.now() - 3 * DAY), bonusEntries: 6 },
      {
        id: `two${t}`,
        email: "second.fan@draw.test",
        createdAt: new Date(Date.now() - 2 * DAY),
        referrerId: `one${t}`,
        referralCredited: true,
      },
      {
        id: `three${t}`,
        email: "third@draw.test",
        createdAt: new Date(Date.now() - 2 * DAY + 1),
        referrerId: `one${t}`,
        referralCredited: true,
      },
      { id: `four${t}`, email: "fourth@draw.test", createdAt: new Date(Date.now() - DAY) },
      { id: `five${t}`, email: "fifth@draw.test", createdAt: new Date(Date.now() - DAY + 1) },
    ]);

    const before = await page(`/campaign/${campaign.id}/draw`);
    expect(before.status).toBe(200);
    expect(before.html).toContain(campaign.drawCommitment!);
    expect(before.html).toContain(`drand chain ${beacon.fake().chain.hash}`);
    expect(before.html.replaceAll("<!-- -->", "")).toContain(`Round ${campaign.drawBeaconRound}, produced at`);
    expect(before.html).toContain("The giveaway has ended; the winners are drawn once the beacon round is out.");
    expect(before.html).toContain(`npm run verify-draw -- ${campaign.id}`);
    expect(before.html).not.toContain(campaign.drawSeed!);
    const campaignPage = await page(`/campaign/${campaign.id}`);
    expect(campaignPage.html).toContain(`href="/campaign/${campaign.id}/draw"`);
    expect(campaignPage.html).not.toContain(campaign.drawSeed!);
    expect((await entryListCsv(campaign.id)).status).toBe(404);

    // Frozen: the list and its hash are public, the secret is not.
    await freezeEntryList(campaign.id, { now: atEnd(campaign) });
    const frozen = await page(`/campaign/${campaign.id}/draw`);
    const list = await prisma.entryList.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    expect(frozen.html).toContain(list.sha256);
    expect(frozen.html).not.toContain(campaign.drawSeed!);
    expect((await entryListCsv(campaign.id)).status).toBe(200);

    const { outcome } = await freezeAndDraw(campaign.id, { now: atEnd(campaign) });
    if (outcome.kind !== "drawn") throw new Error(outcome.kind);
    const draw = (await campaignRow(campaign.id)).draw!;
    const drawBeacon = parseBeacon(draw.beaconJson!);
    const after = await page(`/campaign/${campaign.id}/draw`);
    expect(after.status).toBe(200);
    expect(after.html).toContain(draw.secret!);
    expect(after.html).toContain(drawBeacon.randomness);
    expect(after.html).toContain(draw.seed);
    expect(after.html).toContain(draw.commitment!);
    expect(after.html).toContain(draw.entriesHash);
    expect(after.html).toContain("SHA-256 of the secret equals the commitment shown above.");
    expect(after.html).toMatch(/data-testid="draw-total-weight">11</);
    expect(after.html).toMatch(/data-testid="draw-entry-count">5</);
    // The page shows the entries the draw used, not the campaign's live counter.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { entryCount: 6 } });
    expect((await page(`/campaign/${campaign.id}/draw`)).html).toMatch(/data-testid="draw-entry-count">5</);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { entryCount: 5 } });
    expect(after.html).toContain(`href="/campaign/${campaign.id}/draw.csv"`);
    for (const pick of parseDrawPicks(draw.picks)) {
      expect(after.html).toContain(pick.entryId);
      expect(after.html).toContain(`>${pick.ticket}<`);
    }
    const winner = outcome.winners[0]!;
    const masked = `${winner.email.slice(0, 3)}***@draw.test`;
    expect(after.html).toContain(masked);
    expect(after.html).not.toContain(winner.email);
    // No client runtime on this page.
    expect(after.html).not.toMatch(/<script[^>]+type="module"/);

    const rules = await page(`/campaign/${campaign.id}/rules`);
    expect(rules.html).toContain("See how the winner was drawn");
    expect(rules.html).toContain(`href="/campaign/${campaign.id}/draw"`);

    // The creator may hide the winners: the draw stays verifiable without their names.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { winnerPublic: false } });
    const hidden = await page(`/campaign/${campaign.id}/draw`);
    expect(hidden.html).not.toContain(masked);
    expect(hidden.html).toContain("Hidden by the organiser");

    expect(await page(`/campaign/${campaign.id}/draw?format=csv`)).toMatchObject({
      status: 302,
      location: `/campaign/${campaign.id}/draw.csv`,
    });
  });

  it("answers 404 Campaign Not Found for unknown and unpublished campaigns", async () => {
    const draft = await endedCampaign({ status: "draft" });
    for (const id of ["nosuchcampaign00000000", draft.id]) {
      const response = await page(`/campaign/${id}/draw`);
      expect(response.status).toBe(404);
      expect(response.html).toContain("Campaign Not Found");
      expect((await entryListCsv(id)).status).toBe(404);
    }
  });
});
