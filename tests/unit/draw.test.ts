import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  DrawEntryList,
  RANDOM_RANGE,
  acceptanceLimit,
  drawPicks,
  drawPoolOf,
  drawStateAfter,
  nextPick,
  randomValue,
  replayPicks,
  ticketFromValue,
} from "~/domain/draw";
import { fixtureHashing } from "../helpers/draw-fixture";

const hashing = fixtureHashing;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

// The known-answer vector was computed by a separate Python implementation of DRAW_PROCEDURE
// (hashlib, int.from_bytes, a linear scan over the tickets), not by this code.
const VECTOR = {
  seed: "b06ca6faf0e6d168764c37b909ec1c65c490c56d06ce1889605597085648b33b",
  commitment: "00f0cef6e9aade78bccb49177f79442b4fba6bb996129c521c22f5bcfb2063d3",
  entries: [
    { id: "alpha01", weight: 1 },
    { id: "bravo02", weight: 4 },
    { id: "charlie03", weight: 1 },
    { id: "delta04", weight: 7 },
    { id: "echo05", weight: 1 },
    { id: "foxtrot06", weight: 10 },
    { id: "golf07", weight: 1 },
    { id: "hotel08", weight: 4 },
  ],
  entriesHash: "1814ac6fe8d37cbb1d5ee2fbf0d9bd1ff9c5b6d7b6e9aa5e2ddc56db9ed3e573",
  totalWeight: 29n,
  firstRandomValue: 3171381256843083370n,
  // Ranks 1, 2, 3, then two redraws of rank 1; counter 2 lands on an entry already picked and is skipped.
  picks: [
    { rank: 1, entryId: "foxtrot06", ticket: "16", counter: 0 },
    { rank: 2, entryId: "bravo02", ticket: "4", counter: 1 },
    { rank: 3, entryId: "hotel08", ticket: "28", counter: 3 },
    { rank: 1, entryId: "echo05", ticket: "13", counter: 5 },
    { rank: 1, entryId: "delta04", ticket: "8", counter: 7 },
  ],
};

/** Pearson's chi-square statistic of observed counts against expected probabilities. */
function chiSquare(observed: number[], probabilities: number[]): number {
  const n = observed.reduce((sum, count) => sum + count, 0);
  return observed.reduce((sum, count, i) => {
    const expected = n * (probabilities[i] ?? 0);
    return sum + (count - expected) ** 2 / expected;
  }, 0);
}

// Upper 0.1% points of the chi-square distribution: a fair draw exceeds them once in a thousand seed sets.
const CHI_SQUARE_999 = { 2: 13.816, 3: 16.266 } as const;

describe("the draw procedure", () => {
  it("matches the independently computed known-answer vector", () => {
    expect(sha256(VECTOR.seed)).toBe(VECTOR.commitment);
    const pool = drawPoolOf(hashing, VECTOR.entries);
    expect(pool.entriesHash).toBe(VECTOR.entriesHash);
    expect(pool.totalWeight).toBe(VECTOR.totalWeight);
    expect(randomValue(hashing, VECTOR.seed, 0)).toBe(VECTOR.firstRandomValue);

    const drawn = drawPicks(hashing, pool, VECTOR.seed, [1, 2, 3]);
    expect(drawn.picks).toEqual(VECTOR.picks.slice(0, 3));
    expect(replayPicks(hashing, pool, VECTOR.seed, [1, 2, 3, 1, 1])).toEqual(VECTOR.picks);
  });

  it("gives the same picks for the same seed and entries, and different ones for another seed", () => {
    const entries = Array.from({ length: 500 }, (_, i) => ({ id: `entry${i}`, weight: 1 + (i % 7 === 0 ? 3 * (i % 4) : 0) }));
    const first = drawPicks(hashing, drawPoolOf(hashing, entries), "seed-a", [1, 2, 3]);
    const again = drawPicks(hashing, drawPoolOf(hashing, entries), "seed-a", [1, 2, 3]);
    expect(again).toEqual(first);
    expect(first.picks).toHaveLength(3);
    const other = drawPicks(hashing, drawPoolOf(hashing, entries), "seed-b", [1, 2, 3]);
    expect(other.picks.map((pick) => pick.entryId)).not.toEqual(first.picks.map((pick) => pick.entryId));
  });

  it("maps tickets onto entries by their cumulative weights", () => {
    const pool = drawPoolOf(hashing, [
      { id: "a", weight: 1 },
      { id: "b", weight: 4 },
      { id: "c", weight: 10 },
    ]);
    const holders = Array.from({ length: 15 }, (_, ticket) => pool.entryId(pool.indexOfTicket(BigInt(ticket))));
    expect(holders).toEqual(["a", ..."bbbb", ..."cccccccccc"]);
    expect(() => pool.indexOfTicket(15n)).toThrow(RangeError);
    expect(() => pool.indexOfTicket(-1n)).toThrow(RangeError);
  });

  it("respects the weights: 20,000 seeded draws over weights 1, 4 and 10 pass a chi-square test", () => {
    const pool = drawPoolOf(hashing, [
      { id: "one", weight: 1 },
      { id: "four", weight: 4 },
      { id: "ten", weight: 10 },
    ]);
    const ids = ["one", "four", "ten"];
    const first = [0, 0, 0];
    const second = [0, 0, 0];
    for (let i = 0; i < 20_000; i++) {
      const { picks } = drawPicks(hashing, pool, `weights-${i}`, [1, 2]);
      first[ids.indexOf(picks[0]?.entryId ?? "")]! += 1;
      second[ids.indexOf(picks[1]?.entryId ?? "")]! += 1;
    }
    expect(first.reduce((a, b) => a + b)).toBe(20_000);
    expect(chiSquare(first, [1 / 15, 4 / 15, 10 / 15])).toBeLessThan(CHI_SQUARE_999[2]);
    // Second place is drawn among the others: P(j second) = sum over i != j of P(i first) * w_j / (15 - w_i).
    const weights = [1, 4, 10];
    const secondExpected = weights.map((wj, j) => weights.reduce((sum, wi, i) => (i === j ? sum : sum + (wi / 15) * (wj / (15 - wi))), 0));
    expect(secondExpected.reduce((a, b) => a + b)).toBeCloseTo(1, 12);
    expect(chiSquare(second, secondExpected)).toBeLessThan(CHI_SQUARE_999[2]);
  });

  it("a single entry with most of the weight wins once; the other tiers go to other entries", () => {
    const pool = drawPoolOf(hashing, [
      { id: "whale", weight: 5_000 },
      { id: "minnow1", weight: 1 },
      { id: "minnow2", weight: 1 },
      { id: "minnow3", weight: 1 },
    ]);
    let whaleFirst = 0;
    for (let i = 0; i < 100; i++) {
      const { picks } = drawPicks(hashing, pool, `whale-${i}`, [1, 2, 3]);
      const ids = picks.map((pick) => pick.entryId);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(3);
      if (ids[0] === "whale") whaleFirst += 1;
      // Counters strictly increase along the sequence.
      expect(picks.map((pick) => pick.counter)).toEqual([...picks.map((pick) => pick.counter)].sort((a, b) => a - b));
    }
    expect(whaleFirst).toBeGreaterThan(95);
  });

  it("stops when every entry has been picked instead of repeating one", () => {
    const pool = drawPoolOf(hashing, [
      { id: "a", weight: 3 },
      { id: "b", weight: 1 },
    ]);
    const { picks, state } = drawPicks(hashing, pool, "few", [1, 2, 3]);
    expect(picks.map((pick) => pick.rank)).toEqual([1, 2]);
    expect(new Set(picks.map((pick) => pick.entryId))).toEqual(new Set(["a", "b"]));
    expect(nextPick(hashing, pool, "few", 1, state)).toBeNull();
    expect(drawPicks(hashing, drawPoolOf(hashing, []), "none", [1, 2, 3]).picks).toEqual([]);
  });

  it("a redraw is the next pick of the same sequence, excluding every earlier winner", () => {
    const entries = Array.from({ length: 50 }, (_, i) => ({ id: `e${i}`, weight: 1 + (i % 3) * 3 }));
    const pool = drawPoolOf(hashing, entries);
    const { picks, state } = drawPicks(hashing, pool, "redraw-seed", [1, 2, 3]);
    expect(drawStateAfter(picks)).toEqual(state);

    const redraw = nextPick(hashing, pool, "redraw-seed", 1, drawStateAfter(picks));
    expect(redraw).not.toBeNull();
    expect(redraw!.pick.counter).toBeGreaterThan(Math.max(...picks.map((pick) => pick.counter)));
    expect(picks.map((pick) => pick.entryId)).not.toContain(redraw!.pick.entryId);
    // The same as running the whole sequence with a fourth rank-1 pick.
    expect(replayPicks(hashing, pool, "redraw-seed", [1, 2, 3, 1])[3]).toEqual(redraw!.pick);

    // A second redraw also skips the replaced winner of the first.
    const again = nextPick(hashing, pool, "redraw-seed", 1, redraw!.state);
    expect([...picks.map((pick) => pick.entryId), redraw!.pick.entryId]).not.toContain(again!.pick.entryId);
  });
});

describe("unbiased sampling", () => {
  it("accepts exactly a multiple of the total, losing fewer values than the total", () => {
    for (const total of [1n, 2n, 3n, 7n, 10n, 29n, 1000n, 999_983n, (1n << 53n) - 1n, (1n << 63n) + 1n, RANDOM_RANGE]) {
      const limit = acceptanceLimit(total);
      expect(limit % total).toBe(0n);
      expect(limit).toBeLessThanOrEqual(RANDOM_RANGE);
      expect(RANDOM_RANGE - limit).toBeLessThan(total);
    }
    expect(acceptanceLimit(3n)).toBe(RANDOM_RANGE - 1n);
    expect(ticketFromValue(RANDOM_RANGE - 2n, 3n)).toBe((RANDOM_RANGE - 2n) % 3n);
    expect(ticketFromValue(RANDOM_RANGE - 1n, 3n)).toBeNull();
    expect(ticketFromValue(1n << 63n, (1n << 63n) + 1n)).toBe(1n << 63n);
    expect(ticketFromValue((1n << 63n) + 1n, (1n << 63n) + 1n)).toBeNull();
    expect(() => acceptanceLimit(0n)).toThrow(RangeError);
  });

  it("gives every ticket the same number of accepted values (exhaustively, with 6-bit numbers)", () => {
    const range = 64n;
    for (let total = 1n; total <= range; total++) {
      const hits = new Map<bigint, number>();
      for (let value = 0n; value < range; value++) {
        const ticket = ticketFromValue(value, total, range);
        if (ticket !== null) hits.set(ticket, (hits.get(ticket) ?? 0) + 1);
      }
      expect(hits.size).toBe(Number(total));
      expect(new Set(hits.values())).toEqual(new Set([Number(range / total)]));
    }
  });
});

describe("the entry list hash", () => {
  const base = [
    { id: "a1", weight: 1 },
    { id: "b2", weight: 4 },
    { id: "c3", weight: 1 },
  ];
  const hashOf = (entries: { id: string; weight: number }[]) => drawPoolOf(hashing, entries).entriesHash;

  it("is SHA-256 of one '<id>:<weight>' line per entry, in order", () => {
    expect(hashOf(base)).toBe(sha256("a1:1\nb2:4\nc3:1\n"));
    expect(hashOf([])).toBe(sha256(""));
  });

  it("changes when an entry is added, removed, reweighted or moved", () => {
    const original = hashOf(base);
    expect(hashOf([...base, { id: "d4", weight: 1 }])).not.toBe(original);
    expect(hashOf(base.slice(1))).not.toBe(original);
    expect(hashOf([base[0]!, { id: "b2", weight: 7 }, base[2]!])).not.toBe(original);
    expect(hashOf([base[1]!, base[0]!, base[2]!])).not.toBe(original);
  });

  it("is the same whether the entries come one by one or as blocks of lines from the database", () => {
    const entries = Array.from({ length: 70_000 }, (_, i) => ({ id: `id${i.toString(36)}`, weight: 1 + (i % 11 === 0 ? 3 : 0) }));
    const single = drawPoolOf(hashing, entries);
    const blocks = new DrawEntryList(hashing);
    const lines = entries.map((entry) => `${entry.id}:${entry.weight}`);
    blocks.addLines(lines.slice(0, 30_000).join("\n"));
    blocks.addLines(`${lines.slice(30_000, 60_000).join("\n")}\n`);
    for (const entry of entries.slice(60_000)) blocks.add(entry.id, entry.weight);
    const pool = blocks.finish();
    expect(pool.entriesHash).toBe(single.entriesHash);
    expect(pool.totalWeight).toBe(single.totalWeight);
    expect(pool.count).toBe(70_000);
    for (const index of [0, 29_999, 30_000, 59_999, 60_000, 69_999]) {
      expect(pool.entryId(index)).toBe(entries[index]!.id);
      expect(pool.indexOfId(entries[index]!.id)).toBe(index);
    }
    expect(pool.indexOfId("d")).toBe(-1);
    expect(drawPicks(hashing, pool, "blocks", [1, 2, 3])).toEqual(drawPicks(hashing, single, "blocks", [1, 2, 3]));
  });

  it("refuses lines that would make the list ambiguous", () => {
    for (const bad of ["a:0", "a:01", "a:", ":3", "a", "a:3x", "a:b:3", "a:1\n\nb:1"]) {
      expect(() => new DrawEntryList(hashing).addLines(bad), bad).toThrow();
    }
    expect(() => new DrawEntryList(hashing).add("a:b", 1)).toThrow();
    expect(() => new DrawEntryList(hashing).add("a", 0)).toThrow();
    expect(() => new DrawEntryList(hashing).add("a", 1.5)).toThrow();
  });
});
