/**
 * Accountable redraws (decision 102) in the independent verifier (app/verifier): a redraw before the
 * replaced winner's claim deadline, a deadline moved earlier than the pick plus the claim window, a
 * winner "notified" before the draw and a draw dated in the future are each a MISMATCH with the
 * reason; an honest draw with a redraw still says MATCH, and records published before the claim
 * window was (no draw.claimWindowDays) verify as they did.
 */
import { describe, expect, it } from "vitest";
import { chainInfoJson } from "~/domain/beacon";
import { redrawCounts, redrawTimingProblems } from "~/verifier/redraws";
import { type VerifyInput, verifyDraw } from "~/verifier/verify";
import { buildDrawFixture, type Fixture } from "../helpers/draw-fixture";

const DAY = 86_400_000;
const WINDOW_DAYS = 7;
const base = buildDrawFixture({ entries: 40, prizes: 3, redraws: 1 });

type TimedRecord = Fixture["record"] & { draw: Fixture["record"]["draw"] & { claimWindowDays?: number | null } };

/** The fixture's draw with the accounting an honest Giveawear draw publishes: a 7-day window, deadlines, notifications. */
function honest(): TimedRecord {
  const record = structuredClone(base.record) as TimedRecord;
  const drawnAt = Date.parse(record.draw.drawnAt);
  record.draw.claimWindowDays = WINDOW_DAYS;
  for (const pick of record.draw.picks) {
    const madeAt = pick.redrawnAt ? Date.parse(pick.redrawnAt) : drawnAt;
    pick.claimDeadline = new Date(madeAt + WINDOW_DAYS * DAY).toISOString();
    pick.notifiedAt = new Date(madeAt + 60_000).toISOString();
  }
  return record;
}

function inputOf(record: TimedRecord, now?: number): VerifyInput {
  return {
    record,
    csvBytes: base.csvBytes.slice(),
    chainInfo: { json: chainInfoJson(base.chain), source: "test-chain.json" },
    ...(now === undefined ? {} : { now }),
  };
}

async function timing(record: TimedRecord, now?: number) {
  const result = await verifyDraw(inputOf(record, now));
  return { verdict: result.verdict, check: result.checks.find((check) => check.name === "Redraw timing") };
}

describe("the verifier checks redraw timing (decision 102)", () => {
  it("says MATCH for an honest draw with a redraw after the replaced winner's deadline", async () => {
    const record = honest();
    // The fixture's redraw of rank 1 is 8 days after the round: after the 7-day deadline.
    expect(record.draw.picks[3]!.redrawnAt).not.toBeNull();
    const { verdict, check } = await timing(record);
    expect(verdict).toBe("MATCH");
    expect(check).toMatchObject({ ok: true });
    expect(check!.detail).toMatch(/rank 1: 1 redraw\b/);
    expect(redrawCounts(record.draw.picks)).toEqual(new Map([[1, 1]]));
  });

  it("says MISMATCH for a redraw dated before the replaced winner's claim deadline", async () => {
    const record = honest();
    const deadline = Date.parse(record.draw.picks[0]!.claimDeadline!);
    record.draw.picks[3]!.redrawnAt = new Date(deadline - 3_600_000).toISOString();
    const { verdict, check } = await timing(record);
    expect(verdict).toBe("MISMATCH");
    expect(check!.ok).toBe(false);
    expect(check!.detail).toContain("before the replaced winner's claim deadline");
  });

  it("says MISMATCH for a deadline moved earlier than the pick plus the claim window, even with the redraw after it", async () => {
    const record = honest();
    const drawnAt = Date.parse(record.draw.drawnAt);
    // The operator's edit: the winner's deadline two days after the draw, and a redraw just after it.
    record.draw.picks[0]!.claimDeadline = new Date(drawnAt + 2 * DAY).toISOString();
    record.draw.picks[3]!.redrawnAt = new Date(drawnAt + 2 * DAY + 1000).toISOString();
    record.draw.picks[3]!.claimDeadline = new Date(drawnAt + 9 * DAY + 1000).toISOString();
    record.draw.picks[3]!.notifiedAt = new Date(drawnAt + 2 * DAY + 61_000).toISOString();
    const { verdict, check } = await timing(record);
    expect(verdict).toBe("MISMATCH");
    expect(check!.detail).toMatch(/earlier than the pick's time \(.+\) plus the claim window of 7 days/);
  });

  it("says MISMATCH when the replaced winner was notified before the draw, after the deadline, or never", async () => {
    const before = honest();
    before.draw.picks[0]!.notifiedAt = new Date(Date.parse(before.draw.drawnAt) - 60_000).toISOString();
    const early = await timing(before);
    expect(early.verdict).toBe("MISMATCH");
    expect(early.check!.detail).toMatch(/notified at .+, before the pick was made/);

    const late = honest();
    late.draw.picks[0]!.notifiedAt = late.draw.picks[0]!.claimDeadline;
    expect((await timing(late)).check!.detail).toMatch(/not before the claim deadline/);

    const never = honest();
    never.draw.picks[0]!.notifiedAt = null;
    expect((await timing(never)).check!.detail).toContain("has no notification time");
  });

  it("says MISMATCH for a draw or a redraw dated in the future", async () => {
    const record = honest();
    const drawnAt = Date.parse(record.draw.drawnAt);
    const future = await timing(record, drawnAt - 3_600_000);
    expect(future.verdict).toBe("MISMATCH");
    expect(future.check!.detail).toMatch(/the draw time \(.+\) is in the future/i);
    // Five minutes of clock difference are allowed.
    expect((await timing(record, Date.parse(record.draw.picks[3]!.redrawnAt!) + 61_000 - 4 * 60_000)).verdict).toBe("MATCH");
    const redrawnAt = Date.parse(record.draw.picks[3]!.redrawnAt!);
    expect((await timing(record, redrawnAt - 3_600_000)).check!.detail).toMatch(/its redraw time \(.+\) is in the future/);
  });

  it("verifies records published before the claim window as before; procedure 5 records with a redraw must publish it", async () => {
    // The fixture as it is: no claimWindowDays, no deadlines, the redraw 8 days after the round.
    const old = structuredClone(base.record) as TimedRecord;
    const result = await verifyDraw(inputOf(old));
    expect(result.verdict).toBe("MATCH");
    expect(result.checks.map((check) => check.name)).not.toContain("Redraw timing");
    // The same rules apply in procedure 5 whether or not the window is there.
    const v5 = redrawTimingProblems(
      { drawnAt: old.draw.drawnAt, claimWindowDays: null, picks: old.draw.picks },
      Date.parse(old.draw.drawnAt) + 30 * DAY,
    );
    expect(v5.join("; ")).toContain("has no claim deadline");
  });
});
