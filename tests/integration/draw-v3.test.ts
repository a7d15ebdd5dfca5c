/**
 * Draw procedure version 3 (decision 075) against a real database and a fake drand on 127.0.0.1: the
 * freeze writes actions.csv beside draw.csv (counted completions of listed entries up to the freeze,
 * then the rejected claims), every weight is 1 + 3 x referrals + the entry's bonuses there, the draw
 * records version 3, and a draw re-computed from the published files alone says MATCH, while one
 * changed or dropped completion line makes every verifier say MISMATCH.
 */
import { describe, expect, it } from "vitest";
import { chainInfoJson } from "~/domain/beacon";
import { ACTION_DISQUALIFIED_HEADER, ACTION_LIST_HEADER } from "~/domain/entry-actions";
import { prisma } from "~/server/core/db.server";
import { overStoredList, plannedBeaconRound } from "~/server/draw/freeze.server";
import { type VerifyInput, verifyDraw as verifyIndependently } from "~/verifier/verify";
import { verifyDraw } from "../../scripts/verify-draw";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, freezeAndDraw, publishedDrawFiles, setUpFakeBeacon } from "../helpers/draw";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const beacon = setUpFakeBeacon();
let seq = 0;
const tag = () => `v${(seq += 1)}x${Date.now().toString(36)}`;

async function endedCampaign(end = new Date(Date.now() - 60 * MINUTE)) {
  const chain = beacon.fake().chain;
  return createCampaign({
    startDate: new Date(end.getTime() - 7 * DAY),
    endDate: end,
    drawBeaconChain: chain.hash,
    drawBeaconRound: plannedBeaconRound(chain, end, 10),
  });
}

/** A drawn v3 campaign: referrals, four kinds of action, a rejected claim, a disqualified entry's completion and one after the freeze. */
async function drawnCampaign() {
  const campaign = await endedCampaign();
  const t = tag();
  const id = (name: string) => `${name}${t}`;
  const t0 = Date.UTC(2026, 0, 5, 12, 0, 0, 7);
  const action = (name: string, kind: string, bonus: number) =>
    prisma.entryAction.create({ data: { id: id(name), campaignId: campaign.id, kind, label: `${kind} for ${bonus}`, bonus } });
  const visit = await action("av", "visit", 2);
  const code = await action("ac", "code", 3);
  const daily = await action("ad", "daily", 1);
  const follow = await action("af", "follow", 4);
  await addConfirmedEntries(campaign.id, [
    // a1: one confirmed referral (+3), a visit (+2) and two daily returns (+1 each); its follow claim was rejected.
    { id: id("a1"), email: `a1${t}@v3.test`, createdAt: new Date(t0), bonusEntries: 3 + 2 + 1 + 1 },
    {
      id: id("b2"),
      email: `b2${t}@v3.test`,
      createdAt: new Date(t0 + 1000),
      referrerId: id("a1"),
      referralCredited: true,
      bonusEntries: 3,
    },
    { id: id("c3"), email: `c3${t}@v3.test`, createdAt: new Date(t0 + 2000) },
    { id: id("d4"), email: `d4${t}@v3.test`, createdAt: new Date(t0 + 3000), bonusEntries: 4, disqualifyReason: "fake" },
  ]);
  await prisma.entry.updateMany({ where: { id: { in: [id("a1")] } }, data: { actionBonus: 4 } });
  await prisma.entry.updateMany({ where: { id: { in: [id("b2"), id("d4")] } }, data: { actionBonus: 3 } });
  const done = (entry: string, act: { id: string; bonus: number }, at: number, extra: Record<string, unknown> = {}) => ({
    campaignId: campaign.id,
    actionId: act.id,
    entryId: id(entry),
    bonus: act.bonus,
    completedAt: new Date(at),
    ...extra,
  });
  await prisma.actionCompletion.createMany({
    data: [
      done("a1", visit, t0 + 10_000),
      done("a1", daily, t0 + 20_000, { day: "2026-01-05" }),
      done("a1", daily, t0 + DAY, { day: "2026-01-06" }),
      done("a1", follow, t0 + 30_000, { answer: "notreally", disqualifiedAt: new Date(t0 + 40_000), disqualifyReason: "false_claim" }),
      done("b2", code, t0 + 50_000),
      done("d4", code, t0 + 60_000),
      // After the freeze: never counts (and the entry's bonus does not include it).
      done("c3", visit, Date.now() + 10 * MINUTE),
    ],
  });
  const { outcome } = await freezeAndDraw(campaign.id);
  if (outcome.kind !== "drawn") throw new Error(outcome.kind);
  return { campaign, id, t0 };
}

/**
 * The draws here are dated at their beacon round, up to an hour ahead of the clock: the verifiers
 * check them as of a day later (no time of a record may be in the future, decision 102).
 */
const checkedAt = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

const independentInput = (files: Awaited<ReturnType<typeof publishedDrawFiles>>, actionsText?: string): VerifyInput => ({
  record: files.record,
  csvBytes: files.csvBytes,
  actionsBytes: actionsText === undefined ? files.actionsBytes : new TextEncoder().encode(actionsText),
  chainInfo: { json: chainInfoJson(beacon.fake().chain), source: "test relay" },
  now: checkedAt().getTime(),
});

describe("draw procedure version 3", () => {
  it("freezes actions.csv with draw.csv, draws version 3, and every verifier says MATCH from the published files", async () => {
    const { campaign, id, t0 } = await drawnCampaign();
    const draw = await prisma.draw.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    expect(draw.procedureVersion).toBe(3);
    const files = await publishedDrawFiles(campaign.id);
    const actionsText = new TextDecoder().decode(files.actionsBytes);
    expect(actionsText).toBe(
      `${ACTION_LIST_HEADER}\n` +
        `${id("a1")},${id("av")},visit,2,${t0 + 10_000}\n` +
        `${id("a1")},${id("ad")},daily,1,${t0 + 20_000}\n` +
        `${id("a1")},${id("ad")},daily,1,${t0 + DAY}\n` +
        `${id("b2")},${id("ac")},code,3,${t0 + 50_000}\n` +
        `${ACTION_DISQUALIFIED_HEADER}\n` +
        `${id("a1")},${id("af")},${t0 + 30_000},false_claim\n`,
    );
    expect(new TextDecoder().decode(files.csvBytes)).toContain(
      `${id("a1")},${t0},,8\n${id("b2")},${t0 + 1000},${id("a1")},4\n${id("c3")},${t0 + 2000},,1\n`,
    );
    const list = files.record.list as {
      actions: { sha256: string; bytes: number; completions: number; disqualified: number; csvUrl: string };
    };
    expect(list.actions).toMatchObject({ bytes: files.actionsBytes.length, completions: 4, disqualified: 1 });
    expect(list.actions.csvUrl).toMatch(new RegExp(`/campaign/${campaign.id}/actions\\.csv$`));
    expect(files.record.procedureVersion).toBe(3);

    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: checkedAt() })).ok).toBe(true);
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), actionsCsv: actionsText, now: checkedAt() })).ok).toBe(true);
    const result = await verifyIndependently(independentInput(files));
    expect(result.checks.filter((check) => check.ok !== true)).toEqual([]);
    expect(result.verdict).toBe("MATCH");
  });

  it("makes every verifier say MISMATCH when one completion line is changed or dropped", async () => {
    const { campaign, id } = await drawnCampaign();
    const files = await publishedDrawFiles(campaign.id);
    const text = new TextDecoder().decode(files.actionsBytes);
    const line = text.split("\n").find((each) => each.startsWith(`${id("b2")},`))!;
    const tampered = [
      // One bonus changed.
      text.replace(line, line.replace(",code,3,", ",code,2,")),
      // The entry id changed to another listed entry.
      text.replace(line, line.replace(id("b2"), id("c3"))),
      // One line dropped.
      text.replace(`${line}\n`, ""),
    ];
    for (const actionsCsv of tampered) {
      expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), actionsCsv, now: checkedAt() })).ok).toBe(false);
      expect((await verifyIndependently(independentInput(files, actionsCsv))).verdict).toBe("MISMATCH");
    }
    // The stored bytes changed in the database: the stored-list check says MISMATCH too.
    const [chunk] = await prisma.actionListChunk.findMany({ where: { campaignId: campaign.id } });
    await prisma.actionListChunk.update({
      where: { campaignId_index: { campaignId: campaign.id, index: chunk!.index } },
      data: { bytes: Buffer.from(tampered[0]!, "latin1") },
    });
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: checkedAt() })).ok).toBe(false);
    // The server's own reading of the list (a redraw's) takes the weights as the freeze checked them
    // (decision 121) but still refuses actions.csv bytes that are not the frozen ones.
    const listRow = await prisma.entryList.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    await expect(overStoredList(listRow, (pool) => pool.count)).rejects.toThrow(
      /the stored actions\.csv does not match its published hash/,
    );
  });

  it("gives a campaign without actions an actions.csv of its two header lines, and still draws version 3", async () => {
    const campaign = await endedCampaign();
    const t = tag();
    await addConfirmedEntries(campaign.id, [{ id: `solo${t}`, email: `solo${t}@v3.test`, createdAt: new Date(Date.now() - DAY) }]);
    const { outcome } = await freezeAndDraw(campaign.id);
    expect(outcome.kind).toBe("drawn");
    const files = await publishedDrawFiles(campaign.id);
    expect(new TextDecoder().decode(files.actionsBytes)).toBe(`${ACTION_LIST_HEADER}\n${ACTION_DISQUALIFIED_HEADER}\n`);
    expect((await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), now: checkedAt() })).ok).toBe(true);
    expect((await verifyIndependently(independentInput(files))).verdict).toBe("MATCH");
  });
});
