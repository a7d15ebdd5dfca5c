/**
 * Draw v2 (decision 039) against a real database and a fake drand on 127.0.0.1 with real BLS
 * signatures: the frozen list's exact bytes, nothing after the freeze reaches the draw, waiting for
 * the round, mirrors, backoff, the replacement round after 24 hours (decision 099), redraws over the frozen list, and the grind
 * test of the audit that led to it.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseBeacon, roundAt, roundTimeMs } from "~/domain/beacon";
import { finalSeed } from "~/domain/beacon-verify";
import { drawPicks, entryListText, parseDrawPicks, parseEntryList, REDRAW_UNCLAIMED_REASON } from "~/domain/draw";
import { prisma } from "~/server/core/db.server";
import { entryListBytes, freezeEntryList, plannedBeaconRound } from "~/server/draw/freeze.server";
import { markPicksNotified } from "~/server/draw/notify.server";
import { redrawPrize } from "~/server/draw/redraw.server";
import { BEACON_GIVE_UP_MS, drawCampaign, dueCampaignIds, nodeDrawHashing } from "~/server/draw/run.server";
import { drawRecord, recordChecks } from "~/server/draw/record.server";
import { BEACON_REPLACEMENT_MARGIN_MS } from "~/domain/beacon-replacement";
import { runJobsOnce } from "~/server/jobs/run.server";
import { drawPage } from "~/server/campaigns/draw-page.server";
import { formatZonedDateTimeWithUtc } from "~/domain/campaign-time-zone";
import { verifyDraw } from "../../scripts/verify-draw";
import { createCampaign } from "../helpers/campaigns";
import { testProvider } from "../helpers/database";
import { addConfirmedEntries, freezeAndDraw, TEST_GENESIS_SEC, setUpFakeBeacon } from "../helpers/draw";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const beacon = setUpFakeBeacon();

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
let seq = 0;
const tag = () => `t${(seq += 1)}x${Date.now().toString(36)}`;

/** A campaign that ended at `end` (default an hour ago), committed at launch to the fake chain's round. */
async function endedCampaign(end = new Date(Date.now() - 60 * MINUTE), extra: Parameters<typeof createCampaign>[0] = {}) {
  const chain = beacon.fake().chain;
  return createCampaign({
    startDate: new Date(end.getTime() - 7 * DAY),
    endDate: end,
    drawBeaconChain: chain.hash,
    drawBeaconRound: plannedBeaconRound(chain, end, 10),
    ...extra,
  });
}

const list = (campaignId: string) => prisma.entryList.findUniqueOrThrow({ where: { campaignId } });
const storedBytes = async (campaignId: string) => Buffer.from(await entryListBytes(await list(campaignId))).toString("latin1");

describe("freezing the entry list", () => {
  it("writes the exact bytes of draw.csv: counted entries in draw order with referrers and weights, then the disqualified", async () => {
    const end = new Date(Date.now() - 60 * MINUTE);
    const campaign = await endedCampaign(end);
    const t = tag();
    const t0 = Date.UTC(2026, 0, 5, 12, 0, 0, 7);
    const id = (name: string) => `${name}${t}`;
    await addConfirmedEntries(campaign.id, [
      // Two friends confirmed through a1's link (+3 each); a third is still pending and earns nothing.
      { id: id("a1"), email: `a1${t}@freeze.test`, createdAt: new Date(t0), bonusEntries: 6 },
      { id: id("c3"), email: `c3${t}@freeze.test`, createdAt: new Date(t0 + 1000), referrerId: id("a1"), referralCredited: true },
      { id: id("b2"), email: `b2${t}@freeze.test`, createdAt: new Date(t0 + 1000), referrerId: id("a1"), referralCredited: true },
      { id: id("p4"), email: `p4${t}@freeze.test`, createdAt: new Date(t0 + 1500), referrerId: id("a1"), confirmed: false },
      // d5 was disqualified: its referral of e6 adds nothing to the list, and e6 names no referrer.
      { id: id("d5"), email: `d5${t}@freeze.test`, createdAt: new Date(t0 + 1800), bonusEntries: 3, disqualifyReason: "duplicate" },
      { id: id("e6"), email: `e6${t}@freeze.test`, createdAt: new Date(t0 + 2000), referrerId: id("d5"), referralCredited: true },
      { id: id("0f"), email: `0f${t}@freeze.test`, createdAt: new Date(t0 + 2500), disqualifyReason: "fake" },
    ]);
    // Frozen a minute after the end: in time for the round published at launch.
    const now = new Date(end.getTime() + MINUTE);
    const outcome = await freezeEntryList(campaign.id, { now });
    expect(outcome.kind).toBe("frozen");

    const expected =
      "entry_id,created_ms,referrer_id,weight\n" +
      `a1${t},${t0},,7\n` +
      `b2${t},${t0 + 1000},a1${t},1\n` +
      `c3${t},${t0 + 1000},a1${t},1\n` +
      `e6${t},${t0 + 2000},,1\n` +
      "disqualified_entry_id,reason\n" +
      `0f${t},fake\n` +
      `d5${t},duplicate\n`;
    expect(await storedBytes(campaign.id)).toBe(expected);
    const row = await list(campaign.id);
    expect(row).toMatchObject({
      sha256: sha256(expected),
      byteLength: expected.length,
      entryCount: 4,
      totalWeight: 10n,
      disqualifiedCount: 2,
      beaconRound: campaign.drawBeaconRound,
      beaconChain: beacon.fake().chain.hash,
    });
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).listFrozenAt).toEqual(now);
    // The reference text builder of the procedure gives the same bytes.
    expect(
      entryListText(
        [
          { id: id("a1"), createdMs: t0, referrerId: "", weight: 7 },
          { id: id("b2"), createdMs: t0 + 1000, referrerId: id("a1"), weight: 1 },
          { id: id("c3"), createdMs: t0 + 1000, referrerId: id("a1"), weight: 1 },
          { id: id("e6"), createdMs: t0 + 2000, referrerId: "", weight: 1 },
        ],
        [
          { id: id("0f"), reason: "fake" },
          { id: id("d5"), reason: "duplicate" },
        ],
      ),
    ).toBe(expected);

    // Idempotent: a second freeze answers the same list and writes nothing.
    const again = await freezeEntryList(campaign.id, { now: new Date() });
    expect(again).toMatchObject({ kind: "already-frozen", list: { sha256: row.sha256, frozenAt: row.frozenAt } });
  });

  it("spreads a long list over 1 MiB chunks and reads the same bytes back, whatever the block size", async () => {
    const campaign = await endedCampaign();
    const t = tag();
    const base = Date.UTC(2026, 1, 1);
    // Runs of entries share a millisecond so that block boundaries fall inside ties.
    await addConfirmedEntries(
      campaign.id,
      Array.from({ length: 23 }, (_, i) => ({
        id: `${String.fromCharCode(97 + ((i * 7) % 26))}${t}${i}`,
        email: `blk${i}${t}@freeze.test`,
        createdAt: new Date(base + Math.floor(i / 5)),
      })),
    );
    const { buildEntryListBytes } = await import("~/server/draw/freeze.server");
    const whole = (await buildEntryListBytes(campaign.id, prisma, 100_000)).toString("latin1");
    for (const blockSize of [1, 2, 5, 22, 23, 24]) {
      expect((await buildEntryListBytes(campaign.id, prisma, blockSize)).toString("latin1"), `block size ${blockSize}`).toBe(whole);
    }
    expect(() => parseEntryList(Buffer.from(whole, "latin1"), "")).not.toThrow();
    await freezeEntryList(campaign.id, { blockSize: 4 });
    expect(await storedBytes(campaign.id)).toBe(whole);
  });

  it("writes a list longer than a chunk as full 1 MiB chunks and a last shorter one, the bytes the list builder gives", async () => {
    const campaign = await endedCampaign();
    const t = tag();
    const base = Date.UTC(2026, 2, 1);
    // 4,600 entries with 240-character ids: 1.1 MiB of draw.csv, with one referral and a disqualified entry.
    const specs = Array.from({ length: 4600 }, (_, i) => ({
      id: `${t}${String(i).padStart(240 - t.length, "0")}`,
      email: `big${i}${t}@freeze.test`,
      createdAt: new Date(base + Math.floor(i / 3)),
    }));
    specs[1] = { ...specs[1]!, referrerId: specs[0]!.id, referralCredited: true } as (typeof specs)[number];
    specs[2] = { ...specs[2]!, disqualifyReason: "fake" } as (typeof specs)[number];
    await addConfirmedEntries(campaign.id, specs);
    await prisma.entry.update({ where: { id: specs[0]!.id }, data: { bonusEntries: 3 } });
    const { buildEntryListBytes } = await import("~/server/draw/freeze.server");
    const whole = await buildEntryListBytes(campaign.id);
    expect(whole.length).toBeGreaterThan(1 << 20);

    expect((await freezeEntryList(campaign.id)).kind).toBe("frozen");
    const chunks = await prisma.entryListChunk.findMany({ where: { campaignId: campaign.id }, orderBy: { index: "asc" } });
    expect(chunks.map((chunk) => chunk.bytes.length)).toEqual([1 << 20, whole.length - (1 << 20)]);
    expect(Buffer.compare(Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.bytes))), whole)).toBe(0);
    expect(await list(campaign.id)).toMatchObject({
      sha256: sha256(whole),
      byteLength: whole.length,
      entryCount: 4599,
      disqualifiedCount: 1,
    });
    expect(whole.toString("latin1")).toContain(`\n${specs[0]!.id},${base},,4\n${specs[1]!.id},${base},${specs[0]!.id},1\n`);
  });

  it("stores an id as it is where PostgreSQL's COPY would escape it (a backslash): both files are then read block by block (decision 116)", async () => {
    const campaign = await endedCampaign();
    const t = tag();
    const base = Date.UTC(2026, 2, 3);
    const referrer = `a${t}`;
    const odd = `b\\${t}`;
    // The referrer: one confirmed referral (+3) and a visit (+2); the entry with the backslash: a visit (+2).
    await addConfirmedEntries(campaign.id, [
      { id: referrer, email: `a${t}@copy.test`, createdAt: new Date(base), bonusEntries: 5 },
      { id: odd, email: `b${t}@copy.test`, createdAt: new Date(base + 1), referrerId: referrer, referralCredited: true, bonusEntries: 2 },
    ]);
    await prisma.entry.updateMany({ where: { id: { in: [referrer, odd] } }, data: { actionBonus: 2 } });
    const visit = await prisma.entryAction.create({
      data: { id: `v${t}`, campaignId: campaign.id, kind: "visit", label: "Visit", bonus: 2 },
    });
    await prisma.actionCompletion.createMany({
      data: [referrer, odd].map((entryId, i) => ({
        campaignId: campaign.id,
        actionId: visit.id,
        entryId,
        bonus: 2,
        completedAt: new Date(base + 10_000 + i),
      })),
    });

    expect((await freezeEntryList(campaign.id)).kind).toBe("frozen");
    const { buildEntryListBytes, buildActionListBytes, frozenActionList, actionListBytes } = await import("~/server/draw/freeze.server");
    const entries = (await buildEntryListBytes(campaign.id)).toString("latin1");
    expect(entries).toContain(`\n${referrer},${base},,6\n${odd},${base + 1},${referrer},3\n`);
    expect(await storedBytes(campaign.id)).toBe(entries);
    const { listFrozenAt } = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    const actions = (await buildActionListBytes(campaign.id, listFrozenAt!)).toString("latin1");
    expect(actions).toContain(`\n${odd},${visit.id},visit,2,${base + 10_001}\n`);
    const frozenActions = await frozenActionList(campaign.id);
    expect(Buffer.from(await actionListBytes(frozenActions!)).toString("latin1")).toBe(actions);
  });

  it("rolls the whole freeze back when a chunk cannot be written, and a later pass writes the same bytes", async () => {
    const campaign = await endedCampaign();
    const t = tag();
    const base = Date.UTC(2026, 2, 2);
    // 2.2 MiB of draw.csv: three chunks, the second refused by the database.
    await addConfirmedEntries(
      campaign.id,
      Array.from({ length: 9000 }, (_, i) => ({
        id: `${t}${String(i).padStart(240 - t.length, "0")}`,
        email: `roll${i}${t}@freeze.test`,
        createdAt: new Date(base + i),
      })),
    );
    const { buildEntryListBytes } = await import("~/server/draw/freeze.server");
    const whole = await buildEntryListBytes(campaign.id);
    expect(whole.length).toBeGreaterThan(2 << 20);
    const postgres = testProvider() === "postgresql";
    const refuse = postgres
      ? [
          `CREATE FUNCTION refuse_chunk() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'chunk write refused'; END $$ LANGUAGE plpgsql`,
          `CREATE TRIGGER refuse_chunk BEFORE INSERT ON "EntryListChunk" FOR EACH ROW WHEN (NEW."index" = 1) EXECUTE FUNCTION refuse_chunk()`,
        ]
      : [
          `CREATE TRIGGER refuse_chunk BEFORE INSERT ON "EntryListChunk" WHEN NEW."index" = 1 BEGIN SELECT RAISE(ABORT, 'chunk write refused'); END`,
        ];
    for (const sql of refuse) await prisma.$executeRawUnsafe(sql);
    try {
      await expect(freezeEntryList(campaign.id, { blockSize: 500 })).rejects.toThrow(/chunk write refused/);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER refuse_chunk${postgres ? ` ON "EntryListChunk"` : ""}`);
      if (postgres) await prisma.$executeRawUnsafe(`DROP FUNCTION refuse_chunk()`);
    }
    // Nothing of it stays: no list, no actions.csv, no chunk.
    expect(await prisma.entryList.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect(await prisma.actionList.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect(await prisma.entryListChunk.count({ where: { campaignId: campaign.id } })).toBe(0);

    expect((await freezeEntryList(campaign.id, { blockSize: 500 })).kind).toBe("frozen");
    expect(await storedBytes(campaign.id)).toBe(whole.toString("latin1"));
    expect((await list(campaign.id)).sha256).toBe(sha256(whole));
  });

  it("reads back exactly the stored bytes, backslashes, NUL and bytes above 127 included, and refuses altered ones", async () => {
    const campaign = await endedCampaign();
    const first = Buffer.from("entry_id,created_ms,referrer_id,weight\nplain ascii only\n", "latin1");
    const second = Buffer.from([0x61, 0x5c, 0x5c, 0x30, 0x00, 0x0a, 0xc8, 0xff, 0x5c, 0x78, 0x30, 0x30, 0x0a]);
    const whole = Buffer.concat([first, second]);
    await prisma.entryList.create({
      data: {
        campaignId: campaign.id,
        frozenAt: new Date(),
        sha256: sha256(whole),
        byteLength: whole.length,
        entryCount: 0,
        totalWeight: 0n,
        disqualifiedCount: 0,
        beaconRound: 1,
        beaconChain: beacon.fake().chain.hash,
      },
    });
    await prisma.entryListChunk.createMany({
      data: [
        { campaignId: campaign.id, index: 0, bytes: new Uint8Array(first) },
        { campaignId: campaign.id, index: 1, bytes: new Uint8Array(second) },
      ],
    });
    expect(Buffer.compare(await entryListBytes(await list(campaign.id)), whole)).toBe(0);
    await prisma.entryListChunk.update({
      where: { campaignId_index: { campaignId: campaign.id, index: 1 } },
      data: { bytes: new Uint8Array(Buffer.from(second).fill(0x41, 0, 1)) },
    });
    await expect(entryListBytes(await list(campaign.id))).rejects.toThrow(/does not match its published hash/);
    // Not a campaign the job pass should find: its list was written by hand.
    await prisma.campaign.delete({ where: { id: campaign.id } });
  });

  it("refuses loudly when the counter or a weight disagrees with the list, and writes nothing", async () => {
    const campaign = await endedCampaign();
    const t = tag();
    await addConfirmedEntries(campaign.id, [
      { id: `r${t}`, email: `r${t}@freeze.test`, createdAt: new Date(Date.now() - 2 * DAY), bonusEntries: 3 },
      { id: `s${t}`, email: `s${t}@freeze.test`, createdAt: new Date(Date.now() - DAY) },
    ]);
    await expect(freezeEntryList(campaign.id)).rejects.toThrow(/has weight 4, but its referrals give 1/);
    expect(await prisma.entryList.count({ where: { campaignId: campaign.id } })).toBe(0);
    await prisma.entry.update({ where: { id: `r${t}` }, data: { bonusEntries: 0 } });
    await prisma.campaign.update({ where: { id: campaign.id }, data: { entryCount: 3 } });
    await expect(freezeEntryList(campaign.id)).rejects.toThrow(/2 counted entries but the campaign counts 3/);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { entryCount: 2 } });
    expect((await freezeEntryList(campaign.id)).kind).toBe("frozen");
  });

  it("moves to a later round when the freeze finishes less than 30 s before the planned one", async () => {
    const end = new Date(Date.now() - 60 * MINUTE);
    const campaign = await endedCampaign(end);
    const chain = beacon.fake().chain;
    const planned = campaign.drawBeaconRound!;
    // The freeze runs 20 s before the planned round's time: too late for it.
    const late = new Date(roundTimeMs(chain, planned) - 20_000);
    const outcome = await freezeEntryList(campaign.id, { now: late });
    if (outcome.kind !== "frozen") throw new Error(outcome.kind);
    expect(outcome.list.beaconRound).toBeGreaterThan(planned);
    expect(roundTimeMs(chain, outcome.list.beaconRound)).toBeGreaterThanOrEqual(outcome.list.frozenAt.getTime() + 10 * MINUTE);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).drawBeaconRound).toBe(planned);
  });
});

describe("drawing on the beacon", () => {
  it("draws with SHA-256(secret:randomness) over the frozen list; nothing added or changed after the freeze reaches it", async () => {
    const campaign = await endedCampaign(undefined, { additionalPrizes: { create: [{ rank: 2, title: "Cap" }] } });
    const t = tag();
    const base = Date.now() - 3 * DAY;
    await addConfirmedEntries(
      campaign.id,
      Array.from({ length: 30 }, (_, i) => ({ id: `f${i}${t}`, email: `f${i}${t}@beacon.test`, createdAt: new Date(base + i * 1000) })),
    );
    const frozen = await freezeEntryList(campaign.id);
    if (frozen.kind !== "frozen") throw new Error(frozen.kind);
    const before = await storedBytes(campaign.id);

    // Someone with the database after the freeze: a late confirmed entry, a pending one confirmed, a weight raised.
    await addConfirmedEntries(campaign.id, [{ id: `late${t}`, email: `late${t}@beacon.test`, createdAt: new Date() }]);
    await prisma.entry.update({ where: { id: `f3${t}` }, data: { bonusEntries: 300 } });

    const chain = beacon.fake().chain;
    const dueAt = roundTimeMs(chain, frozen.list.beaconRound);
    const outcome = await drawCampaign(campaign.id, { now: new Date(dueAt + 1000) });
    expect(outcome.kind).toBe("drawn");
    const draw = await prisma.draw.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    const round = beacon.fake().signRound(frozen.list.beaconRound);
    expect(draw).toMatchObject({
      procedureVersion: 3, // not launched with time-stamped anchors (decision 090)
      secret: campaign.drawSeed,
      commitment: campaign.drawCommitment,
      seed: finalSeed(campaign.drawSeed!, round.randomness),
      entriesHash: sha256(before),
      entryCount: 30,
      totalWeight: 30n,
      beaconRound: frozen.list.beaconRound,
      beaconChain: chain.hash,
      beaconMissing: false,
    });
    expect(JSON.parse(draw.beaconJson!)).toEqual(round);
    const picks = parseDrawPicks(draw.picks);
    expect(picks.map((pick) => pick.entryId)).not.toContain(`late${t}`);
    expect(picks.every((pick) => pick.claimDeadline)).toBe(true);
    // The same picks as the procedure over the frozen bytes.
    const pool = parseEntryList(Buffer.from(before, "latin1"), sha256(before)).pool;
    expect(picks.map(({ rank, entryId, ticket, counter }) => ({ rank, entryId, ticket, counter }))).toEqual(
      drawPicks(nodeDrawHashing, pool, draw.seed, [1, 2]).picks,
    );
    expect(await storedBytes(campaign.id)).toBe(before);
    // Checked as of the draw (dated at its round, ahead of the clock: decision 102 rejects a draw in the future).
    const verification = await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: draw.createdAt });
    expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
  });

  it("does not draw, nor ask drand, before the round's time; then draws once the round is out", async () => {
    const end = new Date(Date.now() - 2 * MINUTE);
    const campaign = await endedCampaign(end);
    await addConfirmedEntries(campaign.id, [{ email: `${tag()}@beacon.test`, createdAt: new Date(Date.now() - DAY) }]);
    expect((await freezeEntryList(campaign.id, { now: new Date(end.getTime() + 1000) })).kind).toBe("frozen");
    const chain = beacon.fake().chain;
    const dueAt = roundTimeMs(chain, campaign.drawBeaconRound!);
    const asked = beacon.fake().requests.length;
    const early = await drawCampaign(campaign.id, { now: new Date(dueAt - 1000) });
    expect(early).toMatchObject({ kind: "waiting-for-beacon", reason: "not-yet", round: campaign.drawBeaconRound });
    expect(beacon.fake().requests.length).toBe(asked);
    expect(await dueCampaignIds(new Date(dueAt - 1000), 1000)).not.toContain(campaign.id);

    // The server's clock says the round is due but drand has not published it yet: still no draw.
    beacon.setClock(dueAt - 500);
    try {
      expect(await drawCampaign(campaign.id, { now: new Date(dueAt) })).toMatchObject({ kind: "waiting-for-beacon", reason: "not-yet" });
      expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(0);
    } finally {
      beacon.setClock(null);
    }
    expect(await dueCampaignIds(new Date(dueAt + 15_000), 1000)).toContain(campaign.id);
    expect((await drawCampaign(campaign.id, { now: new Date(dueAt + 15_000) })).kind).toBe("drawn");
  });

  it("asks the next mirror when one is down", async () => {
    const campaign = await endedCampaign();
    await addConfirmedEntries(campaign.id, [{ email: `${tag()}@beacon.test`, createdAt: new Date(Date.now() - DAY) }]);
    const frozen = await freezeEntryList(campaign.id);
    if (frozen.kind !== "frozen") throw new Error(frozen.kind);
    const dueAt = roundTimeMs(beacon.fake().chain, frozen.list.beaconRound);
    const outcome = await drawCampaign(campaign.id, {
      now: new Date(dueAt + 1000),
      beacon: { urls: ["http://127.0.0.1:9", beacon.fake().url], timeoutMs: 2000 },
    });
    expect(outcome.kind).toBe("drawn");
  });

  it("backs off after failed fetches and alerts the admins; after 24 hours decides on a later round, waits for it and draws with it (decision 099)", async () => {
    const campaign = await endedCampaign();
    await addConfirmedEntries(campaign.id, [
      { email: `${tag()}@beacon.test`, createdAt: new Date(Date.now() - DAY) },
      { email: `${tag()}@beacon.test`, createdAt: new Date(Date.now() - DAY + 5) },
    ]);
    const frozen = await freezeEntryList(campaign.id);
    if (frozen.kind !== "frozen") throw new Error(frozen.kind);
    const chain = beacon.fake().chain;
    const named = frozen.list.beaconRound;
    const dueAt = roundTimeMs(chain, named);
    const row = () => prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    const giveUp = new Date(dueAt + BEACON_GIVE_UP_MS);
    const later = roundAt(chain, giveUp.getTime() + BEACON_REPLACEMENT_MARGIN_MS);
    beacon.fake().setFailure("500");
    try {
      const first = new Date(dueAt + 1000);
      expect(await drawCampaign(campaign.id, { now: first })).toMatchObject({ kind: "waiting-for-beacon", reason: "unavailable" });
      expect(await row()).toMatchObject({
        beaconAttempts: 1,
        nextBeaconAttemptAt: new Date(first.getTime() + 15_000),
        drawStartedAt: null,
      });
      expect(await dueCampaignIds(new Date(first.getTime() + 14_000), 1000)).not.toContain(campaign.id);
      expect(await dueCampaignIds(new Date(first.getTime() + 15_000), 1000)).toContain(campaign.id);
      const second = new Date(first.getTime() + 15_000);
      await drawCampaign(campaign.id, { now: second });
      expect(await row()).toMatchObject({ beaconAttempts: 2, nextBeaconAttemptAt: new Date(second.getTime() + 30_000) });
      // Under an hour late: no alert yet.
      expect(await prisma.outboundEmail.count({ where: { dedupeKey: { startsWith: `draw-beacon-late:${campaign.id}:` } } })).toBe(0);

      // A mirror answering rounds that do not verify is no better than none; an hour late, the admins hear of it.
      beacon.fake().setFailure("bad-signature");
      const lastDay = new Date(dueAt + BEACON_GIVE_UP_MS - 1000);
      expect(await drawCampaign(campaign.id, { now: lastDay })).toMatchObject({ kind: "waiting-for-beacon", reason: "invalid" });
      expect((await row()).beaconAttempts).toBe(3);
      expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(0);
      const late = await prisma.outboundEmail.findUniqueOrThrow({
        where: { dedupeKey: `draw-beacon-late:${campaign.id}:${named}:admin@int.test` },
      });
      expect(late.text).toContain(`round ${named}`);

      // 24 hours after the round's time: no draw on the secret alone, but a later round, recorded with when and why.
      beacon.fake().setFailure("500");
      expect(await drawCampaign(campaign.id, { now: giveUp })).toMatchObject({
        kind: "waiting-for-beacon",
        round: later,
        replaces: named,
        reason: "not-yet",
      });
      expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(0);
      const decided = await row();
      expect(decided).toMatchObject({ beaconReplacementRound: later, beaconReplacementDecidedAt: giveUp, drawStartedAt: null });
      expect(decided.beaconReplacementReason).toContain(`round ${named} could not be fetched`);
      expect(roundTimeMs(chain, later)).toBeGreaterThanOrEqual(giveUp.getTime() + BEACON_REPLACEMENT_MARGIN_MS);
      expect(roundTimeMs(chain, later - 1)).toBeLessThan(giveUp.getTime() + BEACON_REPLACEMENT_MARGIN_MS);
      const replaced = await prisma.outboundEmail.findUniqueOrThrow({
        where: { dedupeKey: `draw-beacon-replaced:${campaign.id}:admin@int.test` },
      });
      expect(replaced.text).toContain(`round ${later}`);

      // The record says so before the round exists; the draw waits for it like any round.
      const before = await drawRecord(campaign);
      expect(before.procedureVersion).toBe(3);
      expect(before.beacon).toMatchObject({
        round: named,
        missing: false,
        replacement: { round: later, decidedAt: giveUp.toISOString(), reason: decided.beaconReplacementReason },
      });
      expect(before.beacon?.urls[0]).toMatch(new RegExp(`/public/${later}$`));
      expect(await dueCampaignIds(new Date(roundTimeMs(chain, later) - 1000), 1000)).not.toContain(campaign.id);
      expect(await drawCampaign(campaign.id, { now: new Date(roundTimeMs(chain, later) - 1000) })).toMatchObject({
        kind: "waiting-for-beacon",
        reason: "not-yet",
        round: later,
      });
      // Still unreachable when the new round is due: the draw keeps waiting, never falls back.
      const afterLater = new Date(roundTimeMs(chain, later) + 1000);
      expect(await drawCampaign(campaign.id, { now: afterLater })).toMatchObject({ kind: "waiting-for-beacon", round: later });
      expect(await drawCampaign(campaign.id, { now: new Date(afterLater.getTime() + 2 * DAY) })).toMatchObject({
        kind: "waiting-for-beacon",
        round: later,
      });
      expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(0);
    } finally {
      beacon.fake().setFailure("none");
    }
    // The mirror serves again, the named round included: the draw still uses the round decided on.
    beacon.setClock(roundTimeMs(chain, later) + 3 * DAY);
    try {
      const outcome = await drawCampaign(campaign.id, { now: new Date(roundTimeMs(chain, later) + 3 * DAY) });
      expect(outcome).toMatchObject({ kind: "drawn", replacedRound: named });
    } finally {
      beacon.setClock(null);
    }
    const draw = await prisma.draw.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    const used = parseBeacon(draw.beaconJson!);
    expect(used.round).toBe(later);
    expect(draw).toMatchObject({ beaconMissing: false, beaconRound: named, secret: campaign.drawSeed });
    expect(draw.seed).toBe(finalSeed(campaign.drawSeed!, used.randomness));
    const record = await drawRecord(campaign);
    expect(record.beacon).toMatchObject({ round: named, missing: false, replacement: { round: later } });
    expect(recordChecks(record)).toMatchObject({ beaconValid: true, finalSeedMatches: true });
    // Checked as of the draw, three days ahead of the clock (decision 102 rejects a draw in the future).
    const drawnAt = draw.createdAt;
    const verification = await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: drawnAt });
    expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
    expect(verification.checks.map((check) => check.name)).toContain("replacement round (procedure 5, step 5)");
    // The draw page says when the replacement was chosen and its round's time, in words (decisions 096, 099).
    const page = await drawPage(campaign.id, null, null);
    expect(page.kind === "page" && page.page.times).toMatchObject({
      replacementDecided: formatZonedDateTimeWithUtc(giveUp, campaign.timeZone),
      replacementRound: formatZonedDateTimeWithUtc(new Date(roundTimeMs(chain, later)), campaign.timeZone),
    });

    // npm run verify-draw rejects a replacement that breaks step 5, and a secret-only seed under procedure 5.
    const failing = async () =>
      (await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: drawnAt })).checks
        .filter((check) => !check.ok)
        .map((check) => check.actual);
    const tamper = (data: Parameters<typeof prisma.campaign.update>[0]["data"]) =>
      prisma.campaign.update({ where: { id: campaign.id }, data });
    const { beaconReplacementReason: reason } = await row();
    await tamper({ beaconReplacementDecidedAt: new Date(dueAt + BEACON_GIVE_UP_MS - 60 * MINUTE) });
    expect((await failing()).join(" ")).toMatch(/before round \d+'s time \+ 24 hours/);
    await tamper({ beaconReplacementDecidedAt: new Date(roundTimeMs(chain, later) - MINUTE) });
    expect((await failing()).join(" ")).toMatch(/less than 10 minutes after the decision/);
    await tamper({ beaconReplacementDecidedAt: giveUp, beaconReplacementReason: null });
    expect((await failing()).join(" ")).toMatch(/does not say why/);
    await tamper({ beaconReplacementReason: reason });
    expect(await failing()).toEqual([]);
    await tamper({ beaconReplacementRound: null, beaconReplacementDecidedAt: null, beaconReplacementReason: null });
    await prisma.draw.update({
      where: { campaignId: campaign.id },
      data: { procedureVersion: 5, beaconMissing: true, beaconJson: null, seed: campaign.drawSeed! },
    });
    expect(await failing()).toContain("beacon missing: the seed is the secret alone");
  });

  it("draws a campaign that published no commitment with the empty secret, and says so", async () => {
    const campaign = await endedCampaign(undefined, { drawSeed: null, drawCommitment: null });
    await addConfirmedEntries(campaign.id, [{ email: `${tag()}@beacon.test`, createdAt: new Date(Date.now() - DAY) }]);
    const { outcome } = await freezeAndDraw(campaign.id);
    expect(outcome.kind).toBe("drawn");
    const draw = await prisma.draw.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    const round = beacon.fake().signRound(draw.beaconRound!);
    expect(draw).toMatchObject({ secret: "", commitment: null, seed: finalSeed("", round.randomness) });
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).drawCommitment).toBeNull();
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: draw.createdAt })).ok).toBe(true);
  });

  it("the job pass freezes every ended campaign even when winners are drawn by hand, and draws only in auto mode", async () => {
    const campaign = await endedCampaign(new Date(Date.now() - 5 * MINUTE));
    await addConfirmedEntries(campaign.id, [{ email: `${tag()}@beacon.test`, createdAt: new Date(Date.now() - DAY) }]);
    await prisma.platformSetting.update({ where: { key: "autoPickWinnerEnabled" }, data: { value: "false" } });
    try {
      const summary = await runJobsOnce(new Date());
      expect(summary.draws).toBe("disabled");
      expect(await prisma.entryList.count({ where: { campaignId: campaign.id } })).toBe(1);
    } finally {
      await prisma.platformSetting.update({ where: { key: "autoPickWinnerEnabled" }, data: { value: "true" } });
    }
    const dueAt = roundTimeMs(beacon.fake().chain, (await list(campaign.id)).beaconRound);
    const summary = await runJobsOnce(new Date(dueAt + 1000));
    expect(summary.errors).toEqual([]);
    expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(1);
  });
});

describe("redrawing over the frozen list", () => {
  it("continues the sequence from the final seed over the frozen bytes, and records reason, deadline and notification", async () => {
    const campaign = await endedCampaign();
    const t = tag();
    const base = Date.now() - 3 * DAY;
    await addConfirmedEntries(
      campaign.id,
      Array.from({ length: 12 }, (_, i) => ({ id: `rd${i}${t}`, email: `rd${i}${t}@beacon.test`, createdAt: new Date(base + i * 1000) })),
    );
    // Frozen in time for the round published at launch, so the draw is in the past and its winners are told after it.
    const { outcome, drawnAt } = await freezeAndDraw(campaign.id, { now: new Date(campaign.endDate!.getTime() + MINUTE) });
    if (outcome.kind !== "drawn") throw new Error(outcome.kind);
    const { notifyWinners } = await import("~/server/draw/notify.server");
    await notifyWinners(campaign.id, drawnAt);
    const notified = parseDrawPicks((await prisma.draw.findUniqueOrThrow({ where: { campaignId: campaign.id } })).picks);
    expect(notified[0]?.notifiedAt).toBeTruthy();

    // Entries written after the freeze are in the live table but never in the redraw.
    await addConfirmedEntries(
      campaign.id,
      Array.from({ length: 50 }, (_, i) => ({ id: `zz${i}${t}`, email: `zz${i}${t}@beacon.test`, createdAt: new Date() })),
    );
    const afterDeadline = new Date(drawnAt.getTime() + 15 * DAY);
    const redrawn = await redrawPrize(campaign.id, 1, { now: afterDeadline });
    if (redrawn.kind !== "redrawn") throw new Error(redrawn.kind);
    expect(redrawn.entryId.startsWith("rd")).toBe(true);
    await notifyWinners(campaign.id, afterDeadline);
    await markPicksNotified(campaign.id);
    const picks = parseDrawPicks((await prisma.draw.findUniqueOrThrow({ where: { campaignId: campaign.id } })).picks);
    expect(picks[0]).toMatchObject({ replaced: true });
    expect(picks.at(-1)).toMatchObject({
      rank: 1,
      entryId: redrawn.entryId,
      redrawnAt: afterDeadline.toISOString(),
      reason: REDRAW_UNCLAIMED_REASON,
      claimDeadline: new Date(afterDeadline.getTime() + 14 * DAY).toISOString(),
    });
    expect(picks.at(-1)?.notifiedAt).toBeTruthy();
    // Checked as of the redraw's day (it is dated 15 days ahead of the clock, decision 102).
    const verification = await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: afterDeadline });
    expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
  });
});

/**
 * The audit's attack (decision 039's context): with the database in hand before the beacon round
 * (so knowing the secret), add fake entries through a chosen entrant's referral link, trying 0, 1,
 * 2, ... of them and keeping the count that makes that entrant win. Against procedure v1 (seed =
 * secret) this succeeds whenever some count works, which the control shows. Against v2 the attacker
 * must guess the beacon; the best public guess is the newest round already out, which is what it
 * uses. Every trial is deterministic (fixed ids, times and secrets, a fake drand signing with a
 * fixed key, a different round per trial), so the test cannot flake: its outcome is the same on
 * every run, and the bound below is what a fair draw keeps with overwhelming probability.
 */
describe("the grind test", () => {
  const TRIALS = 60;
  const ENTRANTS = 20;
  const MAX_FAKES = 12;
  const TARGET = 7;

  it("adding entries before the round cannot make a chosen entrant win more often than chance allows", async () => {
    const chain = beacon.fake().chain;
    const run = tag();
    let v1Found = 0;
    let v1Wins = 0;
    let v2Wins = 0;
    let expectedWins = 0;
    let variance = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      // Each trial ends an hour later than the previous one, so it uses another beacon round.
      const end = new Date((TEST_GENESIS_SEC + 90 * 24 * 3600 + trial * 3600) * 1000);
      const secret = sha256(`grind secret ${trial}`);
      const campaign = await createCampaign({
        startDate: new Date(end.getTime() - 7 * DAY),
        endDate: end,
        drawSeed: secret,
        drawCommitment: sha256(secret),
        drawBeaconChain: chain.hash,
        drawBeaconRound: plannedBeaconRound(chain, end, 10),
      });
      const id = (i: number) => `g${trial}e${String(i).padStart(2, "0")}${run}`;
      const entrants = Array.from({ length: ENTRANTS }, (_, i) => ({
        id: id(i),
        email: `${id(i)}@grind.test`,
        createdAt: new Date(end.getTime() - DAY + i * 60_000),
      }));
      const target = id(TARGET);
      const fakes = (k: number) =>
        Array.from({ length: k }, (_, j) => ({
          id: `g${trial}f${String(j).padStart(2, "0")}${run}`,
          email: `g${trial}f${j}${run}@grind.test`,
          createdAt: new Date(end.getTime() - 30 * MINUTE + j * 1000),
          referrerId: target,
          referralCredited: true,
        }));
      // The list the freeze will publish with k fakes, as the attacker computes it offline.
      const listWith = (k: number) => {
        const text = entryListText(
          [
            ...entrants.map((e) => ({
              id: e.id,
              createdMs: e.createdAt.getTime(),
              referrerId: "",
              weight: e.id === target ? 1 + 3 * k : 1,
            })),
            ...fakes(k).map((f) => ({ id: f.id, createdMs: f.createdAt.getTime(), referrerId: target, weight: 1 })),
          ],
          [],
        );
        return parseEntryList(Buffer.from(text, "latin1"), sha256(text)).pool;
      };
      const winsWith = (k: number, seed: string) => drawPicks(nodeDrawHashing, listWith(k), seed, [1]).picks[0]?.entryId === target;

      // Control, procedure v1 (the seed is the secret): the grind finds a count that wins.
      const v1k = Array.from({ length: MAX_FAKES + 1 }, (_, k) => k).find((k) => winsWith(k, secret));
      if (v1k !== undefined) {
        v1Found += 1;
        if (winsWith(v1k, secret)) v1Wins += 1;
      }

      // Procedure v2: the attacker grinds against its best guess of the beacon, the newest round out now.
      const guess = beacon.fake().signRound(roundAt(chain, end.getTime()) - 1).randomness;
      const k = Array.from({ length: MAX_FAKES + 1 }, (_, n) => n).find((n) => winsWith(n, finalSeed(secret, guess))) ?? MAX_FAKES;
      await addConfirmedEntries(campaign.id, [...entrants.map((e) => (e.id === target ? { ...e, bonusEntries: 3 * k } : e)), ...fakes(k)]);
      const { outcome } = await freezeAndDraw(campaign.id, { now: new Date(end.getTime() + MINUTE) });
      if (outcome.kind !== "drawn") throw new Error(`trial ${trial}: ${outcome.kind}`);
      if (outcome.winners[0]?.entryId === target) v2Wins += 1;
      // The chance the frozen list gives the target: its share of the tickets.
      const p = (1 + 3 * k) / (ENTRANTS + k + 3 * k);
      expectedWins += p;
      variance += p * (1 - p);
    }
    const bound = expectedWins + 4 * Math.sqrt(variance);
    console.info(
      `grind: v1 control won ${v1Wins}/${v1Found} grinds (a winning count existed in ${v1Found}/${TRIALS} trials); ` +
        `v2 won ${v2Wins}/${TRIALS}, chance allows ${expectedWins.toFixed(1)} expected, bound ${bound.toFixed(1)}`,
    );
    // Control: with the secret as the seed, every grind that found a count wins, and one was found almost always.
    expect(v1Wins).toBe(v1Found);
    expect(v1Found).toBeGreaterThanOrEqual(TRIALS * 0.9);
    // v2: no better than the tickets the fakes bought (4 standard deviations above the mean), far from certainty.
    expect(v2Wins).toBeLessThanOrEqual(bound);
    expect(v2Wins).toBeLessThan(TRIALS * 0.6);
  }, 120_000);
});
