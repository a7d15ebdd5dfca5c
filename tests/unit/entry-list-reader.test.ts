/**
 * The streaming EntryListReader (decision 061) against the parser it replaced (kept verbatim in
 * tests/helpers/entry-list-v1.ts): on the same bytes, whatever the piece and block sizes, the same
 * verdict (the same EntryListError message and unlisted referrers), the same pool (count, total
 * weight, ids, weights, tickets, id lookups) and the same picks, redraws included.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type DrawPool,
  EntryListError,
  EntryListReader,
  type FrozenListIndex,
  type ListHashing,
  drawPicks,
  drawStateAfter,
  entryListText,
  nextPick,
  parseEntryList,
  replayPicks,
  withListBlocks,
} from "~/domain/draw";
import { fixtureHashing } from "../helpers/draw-fixture";
import { parseEntryListV1 } from "../helpers/entry-list-v1";

const hashing = fixtureHashing;

const listHashing: ListHashing = {
  bytes() {
    const hash = createHash("sha256");
    return { update: (bytes) => void hash.update(bytes), hex: () => hash.digest("hex") };
  },
};

const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A small deterministic generator (mulberry32), so a failing case can be re-run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Reads the list in pieces of the given sizes (cycled), as storage hands it over. */
function readInPieces(bytes: Uint8Array, sizes: number[], options: ConstructorParameters<typeof EntryListReader>[0] = {}): FrozenListIndex {
  const reader = new EntryListReader(options);
  // One Buffer for every piece (whose slice() is a view, not a copy), scribbled over after each push:
  // the reader must keep nothing of a piece.
  const reused = Buffer.alloc(Math.max(...sizes, 1));
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const size = Math.max(1, sizes[k % sizes.length] ?? 1);
    const piece = bytes.subarray(at, at + size);
    reused.set(piece);
    reader.push(reused.subarray(0, piece.length));
    reused.fill(0x2c);
    at += size;
  }
  return reader.finish(sha256(bytes));
}

function errorOf(run: () => unknown): { message: string; unlisted: readonly string[] } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof EntryListError)) throw error;
    return { message: error.message, unlisted: error.unlistedReferrers };
  }
}

/** Every fact of a pool a draw can ask, read through withListBlocks (blocks read again on demand). */
async function poolFacts(list: FrozenListIndex, bytes: Uint8Array, unknownIds: string[]) {
  const read = (start: number, end: number) => Promise.resolve(bytes.slice(start, end));
  return withListBlocks(list, read, (pool) => facts(pool, unknownIds));
}

function facts(pool: DrawPool, unknownIds: string[]) {
  const ids: string[] = [];
  const weights: number[] = [];
  for (let index = 0; index < pool.count; index++) {
    ids.push(pool.entryId(index));
    weights.push(pool.weight(index));
  }
  const holders: number[] = [];
  if (pool.totalWeight <= 2000n) for (let ticket = 0n; ticket < pool.totalWeight; ticket++) holders.push(pool.indexOfTicket(ticket));
  const lookups = [...ids, ...unknownIds].map((id) => pool.indexOfId(id));
  return { count: pool.count, total: pool.totalWeight, hash: pool.entriesHash, ids, weights, holders, lookups };
}

/** The picks for ranks 1..5, then two redraws of rank 1 and one of rank 3, as run.server and redraw.server make them. */
function picksOf(pool: DrawPool, seed: string) {
  const first = drawPicks(hashing, pool, seed, [1, 2, 3, 4, 5]);
  const picks = [...first.picks];
  let state = first.state;
  for (const rank of [1, 1, 3]) {
    const next = nextPick(hashing, pool, seed, rank, drawStateAfter(picks));
    if (!next) break;
    picks.push(next.pick);
    state = next.state;
  }
  const replayed = replayPicks(
    hashing,
    pool,
    seed,
    picks.map((pick) => pick.rank),
  );
  return { picks, state, replayed };
}

/** The same verdict, pool and picks from the old parser and from the reader, over many piece and block sizes. */
async function expectSameAsV1(text: string, seeds: string[] = ["s1", "s2"]) {
  const bytes = bytesOf(text);
  const hash = sha256(bytes);
  const oldError = errorOf(() => parseEntryListV1(bytes, hash));
  const layouts: { sizes: number[]; blockLines?: number; hashing?: ListHashing }[] = [
    { sizes: [bytes.length || 1] },
    { sizes: [1], blockLines: 1 },
    { sizes: [2, 3, 5], blockLines: 2, hashing: listHashing },
    { sizes: [7, 1, 64], blockLines: 3 },
    { sizes: [40, 41], blockLines: 5, hashing: listHashing },
    { sizes: [65_536], hashing: listHashing },
  ];
  for (const layout of layouts) {
    const newError = errorOf(() => readInPieces(bytes, layout.sizes, { blockLines: layout.blockLines, hashing: layout.hashing }));
    expect(newError, `pieces ${layout.sizes.join(",")}`).toEqual(oldError);
  }
  expect(errorOf(() => parseEntryList(bytes, hash))).toEqual(oldError);
  if (oldError) return oldError;

  const old = parseEntryListV1(bytes, hash);
  const unknown = ["nobody", "", old.pool.count > 0 ? `${old.pool.entryId(0)}x` : "zz"];
  const expected = facts(old.pool, unknown);
  const expectedPicks = seeds.map((seed) => picksOf(old.pool, seed));
  for (const layout of layouts) {
    const list = readInPieces(bytes, layout.sizes, { blockLines: layout.blockLines, hashing: layout.hashing });
    expect(list.disqualified).toEqual(old.disqualified);
    expect(list.referrals).toBe(old.referrals);
    expect(await poolFacts(list, bytes, unknown)).toEqual(expected);
    // Picks on a fresh read (only the blocks the tickets fall in are read again).
    const fresh = readInPieces(bytes, layout.sizes, { blockLines: layout.blockLines, hashing: layout.hashing });
    for (const [k, seed] of seeds.entries()) {
      const read = (start: number, end: number) => Promise.resolve(bytes.slice(start, end));
      expect(await withListBlocks(fresh, read, (pool) => picksOf(pool, seed))).toEqual(expectedPicks[k]);
    }
  }
  const inMemory = parseEntryList(bytes, hash);
  expect(facts(inMemory.pool, unknown)).toEqual(expected);
  expect(seeds.map((seed) => picksOf(inMemory.pool, seed))).toEqual(expectedPicks);
  return null;
}

const H = "entry_id,created_ms,referrer_id,weight\n";
const D = "disqualified_entry_id,reason\n";

describe("EntryListReader: the same lists, the same verdicts and picks as the parser it replaced", () => {
  it("reads valid hand-made lists alike: one entry, bonus entries, ties, none, disqualified entries", async () => {
    const valid = [
      `${H}solo,1700000000000,,1\n${D}`,
      `${H}${D}`,
      `${H}${D}gone,fake\n`,
      `${H}a1,100,,4\nb2,100,a1,1\nc3,101,,1\nd4,102,,7\ne5,103,d4,1\nf6,103,d4,1\n${D}x9,duplicate\ny8,rules\n`.replace(
        "y8,rules\n",
        "z8,rules\n",
      ),
      // Ties in created_ms broken by the id, byte by byte (uppercase before lowercase, shorter first).
      `${H}A,5,,1\nAa,5,,1\na,5,,1\naa,5,,1\nb,6,,1\n${D}`,
      // The same id twice (different times): lookups find the first, both lines count as picked.
      // (Enough other ids for every pick: with none left, nextPick would skip forever, old and new alike.)
      `${H}dup,1,,1\nother,2,,1\ndup,3,,1\nlast,4,,1\n${Array.from({ length: 8 }, (_, k) => `m${k},${5 + k},,1\n`).join("")}${D}`,
      // A referrer listed after the entries it brought; a self-referral.
      `${H}p,1,q,1\nself,2,self,4\nq,3,,4\n${D}automated,automated\n`,
      // Heavy weights: one entry holding most tickets.
      `${H}big,1,,${1 + 3 * 300}\n${Array.from({ length: 300 }, (_, k) => `r${String(k).padStart(3, "0")},${2 + k},big,1\n`).join("")}${D}`,
    ];
    for (const text of valid) expect(await expectSameAsV1(text, ["seed-a", "seed-b", ""])).toBeNull();
  });

  it("refuses malformed lists with the same messages", async () => {
    const malformed: [string, RegExp][] = [
      ["", /must end with a line feed/],
      [`${H}${D}`.slice(0, -1), /must end with a line feed/],
      [`${H}a,1,,1\n${D}b,fake`, /must end with a line feed/],
      // The missing final line feed is reported before an earlier problem.
      [`${H}a,x,,1\n${D}b,fake`, /must end with a line feed/],
      ["\n", /The first line must be/],
      [`entry_id,created_ms,referrer_id,weight,extra\n${D}`, /The first line must be/],
      [`${H.toUpperCase()}${D}`, /The first line must be/],
      [H, /must have the line "disqualified_entry_id,reason"/],
      [`${H}a,1,,1\n`, /must have the line/],
      [`${H}a,1,,1\n${D.slice(0, -1)}x\n`, /created_ms must be/],
      [`${H},1,,1\n${D}`, /Expected <entry_id>/],
      [`${H}a b,1,,1\n${D}`, /Expected <entry_id>/],
      [`${H}a:b,1,,1\n${D}`, /Expected <entry_id>/],
      [`${H}a\n${D}`, /Expected <entry_id>/],
      [`${H}a,1\n${D}`, /Expected <entry_id>/],
      [`${H}a,1,\n${D}`, /Expected <entry_id>/],
      [`${H}a,1,,1,\n${D}`, /Expected <entry_id>/],
      [`${H}a,01,,1\n${D}`, /created_ms must be/],
      [`${H}a,,,1\n${D}`, /created_ms must be/],
      [`${H}a,-1,,1\n${D}`, /created_ms must be/],
      [`${H}a,1x,,1\n${D}`, /created_ms must be/],
      [`${H}a,1234567890123456,,1\n${D}`, /created_ms must be/],
      [`${H}a,1,,0\n${D}`, /weight must be/],
      [`${H}a,1,,01\n${D}`, /weight must be/],
      [`${H}a,1,,\n${D}`, /weight must be/],
      [`${H}a,1,,1x\n${D}`, /weight must be/],
      [`${H}a,1,,1234567890123456\n${D}`, /weight must be/],
      [`${H}a,1,,1\r\n${D}`, /weight must be/],
      [`${H}b,1,,1\na,1,,1\n${D}`, /not in draw order/],
      [`${H}a,2,,1\nb,1,,1\n${D}`, /not in draw order/],
      [`${H}a,1,,1\na,1,,1\n${D}`, /not in draw order/],
      [
        `${H}a,1,,999999999999999\nb,2,,999999999999999\nc,3,,999999999999999\nd,4,,999999999999999\ne,5,,999999999999999\nf,6,,999999999999999\ng,7,,999999999999999\nh,8,,999999999999999\ni,9,,999999999999999\nj,10,,999999999999999\n${D}`,
        /total weight exceeds/,
      ],
      [`${H}a,1,,4\n${D}`, /Entry a has weight 4, but its referrals give 1/],
      [`${H}a,1,,1\nb,2,a,1\n${D}`, /Entry a is named as referrer by 1 lines but is not listed with weight 4/],
      [`${H}a,1,,4\nb,2,a,1\nc,3,a,1\n${D}`, /Entry a has weight 4, but its referrals give 7/],
      [`${H}b,2,zz,1\nc,3,yy,1\nd,4,zz,1\n${D}`, /Entry zz is named as referrer by 2 lines/],
      // The weights are checked before the disqualified section, whatever comes first in the file.
      [`${H}a,1,,4\n${D}b,nope\n`, /Entry a has weight 4/],
      [`${H}a,1,,1\n${D}b,nope\n`, /The reason must be one of/],
      [`${H}a,1,,1\n${D}b\n`, /Expected <entry_id>,<reason>/],
      [`${H}a,1,,1\n${D},fake\n`, /Expected <entry_id>,<reason>/],
      [`${H}a,1,,1\n${D}c,fake\nb,fake\n`, /not sorted by entry_id/],
      [`${H}a,1,,1\n${D}b,fake\nb,fake\n`, /not sorted by entry_id/],
      [`${H}${"x".repeat(300)},1,,1\n${D}`.replace(",1,,1", ",1,,0"), /weight must be/],
    ];
    for (const [text, pattern] of malformed) {
      const error = await expectSameAsV1(text);
      expect(error?.message, JSON.stringify(text.slice(0, 200))).toMatch(pattern);
    }
  });

  it("agrees on randomized lists, valid and broken", async () => {
    const next = random(20250617);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const alphabet = "abcdefghijklmnopqrstuvwxyzABC0123456789";
    const verdicts = { valid: 0, refused: 0 };
    for (let round = 0; round < 60; round++) {
      const size = Math.floor(next() ** 2 * 120);
      const entries: { id: string; createdMs: number; referrerId: string; weight: number }[] = [];
      let ms = 1_700_000_000_000;
      const used = new Set<string>();
      for (let k = 0; k < size; k++) {
        if (next() < 0.6) ms += Math.floor(next() * 3);
        let id = "";
        do id = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick([...alphabet])).join("");
        while (used.has(id));
        used.add(id);
        entries.push({ id, createdMs: ms, referrerId: "", weight: 1 });
      }
      entries.sort((a, b) => a.createdMs - b.createdMs || Buffer.compare(Buffer.from(a.id), Buffer.from(b.id)));
      for (const entry of entries) {
        if (entries.length > 1 && next() < 0.2) {
          const referrer = pick(entries);
          entry.referrerId = referrer.id;
          referrer.weight += 3;
        }
      }
      const disqualified = [...new Set(Array.from({ length: Math.floor(next() * 4) }, () => `q${Math.floor(next() * 50)}`))]
        .sort()
        .map((id) => ({ id, reason: pick(["duplicate", "fake", "automated", "rules"]) }));
      let text = entryListText(entries, disqualified);
      // One time in two, a broken list: a byte changed, removed or doubled somewhere.
      if (next() < 0.5) {
        const at = Math.floor(next() * text.length);
        const kind = next();
        const stray = pick([",", "\n", "0", "9", "x", ":", " ", "d"]);
        text =
          kind < 0.4
            ? text.slice(0, at) + stray + text.slice(at + 1)
            : kind < 0.7
              ? text.slice(0, at) + text.slice(at + 1)
              : text.slice(0, at) + stray + text.slice(at);
      }
      if (await expectSameAsV1(text, [`round-${round}`])) verdicts.refused += 1;
      else verdicts.valid += 1;
    }
    // Both kinds were compared, not only one.
    expect(verdicts.valid).toBeGreaterThan(15);
    expect(verdicts.refused).toBeGreaterThan(15);
  });

  it("draws the same winners over a large list read in 64 KiB pieces, reading again only a few blocks", async () => {
    const next = random(42);
    const count = 200_000;
    const entries: { id: string; createdMs: number; referrerId: string; weight: number }[] = [];
    for (let k = 0; k < count; k++) {
      const id = `c${Math.floor(next() * 36 ** 8)
        .toString(36)
        .padStart(8, "0")}${k.toString(36).padStart(4, "0")}`;
      entries.push({ id, createdMs: 1_700_000_000_000 + Math.floor(k / 3), referrerId: "", weight: 1 });
    }
    entries.sort((a, b) => a.createdMs - b.createdMs || (a.id < b.id ? -1 : 1));
    for (let k = 1; k < count; k++) {
      if (next() >= 0.1) continue;
      const referrer = entries[Math.floor(next() ** 2 * k)]!;
      entries[k]!.referrerId = referrer.id;
      referrer.weight += 3;
    }
    const bytes = bytesOf(entryListText(entries, [{ id: "zzz", reason: "fake" }]));
    const hash = sha256(bytes);
    const old = parseEntryListV1(bytes, hash).pool;
    for (const seed of ["large-1", "large-2", "large-3"]) {
      const list = readInPieces(bytes, [65_536], { hashing: listHashing });
      const reads: number[] = [];
      const read = (start: number, end: number) => {
        reads.push(end - start);
        return Promise.resolve(bytes.slice(start, end));
      };
      const picks = await withListBlocks(list, read, (pool) => drawPicks(hashing, pool, seed, [1, 2, 3]).picks);
      expect(picks).toEqual(drawPicks(hashing, old, seed, [1, 2, 3]).picks);
      expect(list.pool.count).toBe(count);
      expect(list.pool.totalWeight).toBe(old.totalWeight);
      // At most one block per pick (and per id looked up), each a small part of the list.
      expect(reads.length).toBeGreaterThanOrEqual(1);
      expect(reads.length).toBeLessThanOrEqual(6);
      expect(reads.reduce((sum, n) => sum + n, 0)).toBeLessThan(bytes.length / 20);
    }
  });

  it("refuses a block read again that is not the bytes read the first time", async () => {
    const text = `${H}${Array.from({ length: 50 }, (_, k) => `e${String(k).padStart(2, "0")},${k},,1\n`).join("")}${D}`;
    const bytes = bytesOf(text);
    const changed = bytesOf(text.replace("e07,", "f07,"));
    const list = readInPieces(bytes, [16], { blockLines: 4, hashing: listHashing });
    await expect(
      withListBlocks(
        list,
        (start, end) => Promise.resolve(changed.slice(start, end)),
        (pool) => facts(pool, []),
      ),
    ).rejects.toThrow(/read again, differs from the bytes read the first time/);
    await expect(
      withListBlocks(
        list,
        (start, end) => Promise.resolve(bytes.slice(start, end + 1)),
        (pool) => facts(pool, []),
      ),
    ).rejects.toThrow(/read again, has \d+ bytes where it had/);
  });

  it("takes the weights as the freeze checked them when told to (the draw, decision 121), and checks every other rule", async () => {
    const trusted = (text: string, sizes = [5, 9]) => readInPieces(bytesOf(text), sizes, { blockLines: 2, trustWeights: true });
    // A valid list: the same pool, referrals and picks as the full check gives.
    const valid = `${H}a1,100,,4\nb2,100,a1,1\nc3,101,,1\nd4,102,,7\ne5,103,d4,1\nf6,103,d4,1\n${D}x9,duplicate\n`;
    const checked = readInPieces(bytesOf(valid), [5, 9], { blockLines: 2 });
    const list = trusted(valid);
    expect(list.referrals).toBe(3);
    expect(list.disqualified).toEqual(checked.disqualified);
    expect(await poolFacts(list, bytesOf(valid), ["nobody"])).toEqual(await poolFacts(checked, bytesOf(valid), ["nobody"]));
    const read = (start: number, end: number) => Promise.resolve(bytesOf(valid).slice(start, end));
    expect(await withListBlocks(trusted(valid), read, (pool) => picksOf(pool, "s"))).toEqual(
      await withListBlocks(readInPieces(bytesOf(valid), [5, 9], { blockLines: 2 }), read, (pool) => picksOf(pool, "s")),
    );
    // Weights that break the rules are the full check's to refuse; trusted, the list is read as written.
    const wrongWeight = `${H}a1,100,,5\nb2,100,a1,1\n${D}`;
    expect(errorOf(() => readInPieces(bytesOf(wrongWeight), [64]))?.message).toMatch(/Entry a1 has weight 5, but its referrals give 4/);
    expect((await poolFacts(trusted(wrongWeight), bytesOf(wrongWeight), [])).weights).toEqual([5, 1]);
    const unlistedReferrer = `${H}b2,100,zz,1\n${D}`;
    expect(errorOf(() => readInPieces(bytesOf(unlistedReferrer), [64]))?.message).toMatch(/Entry zz is named as referrer/);
    expect(trusted(unlistedReferrer).referrals).toBe(1);
    // Every other rule still holds.
    expect(errorOf(() => trusted(`${H}b,2,,1\na,1,,1\n${D}`))?.message).toMatch(/not in draw order/);
    expect(errorOf(() => trusted(`${H}a,1,,0\n${D}`))?.message).toMatch(/weight must be a whole number of at least 1/);
    expect(errorOf(() => trusted(`${H}a,1,,1\n`))?.message).toMatch(/must have the line/);
    expect(errorOf(() => trusted(`${H}a,1,,1\n${D}b,fake`))?.message).toMatch(/must end with a line feed/);
  });
});
