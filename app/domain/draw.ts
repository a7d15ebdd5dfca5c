/**
 * The provably fair draw (decision 012): a deterministic procedure over the revealed seed and the
 * entries in a fixed order, with exact integer arithmetic and unbiased sampling, so that anyone
 * holding the seed and the ordered entry list gets the same winners. DRAW_PROCEDURE is the same
 * procedure in words; the draw page publishes it and scripts/verify-draw.ts re-runs this code.
 *
 * Pure: SHA-256 comes in through DrawHashing (the server passes node:crypto's).
 */
import { z } from "zod";

export const DRAW_PROCEDURE = `1. Commitment. When the giveaway launched, Giveawear chose a secret seed (64 hexadecimal characters) and published its SHA-256 hash, written in lowercase hexadecimal. When the giveaway ends the seed is revealed: anyone can check that SHA-256(seed) equals the commitment, so the seed cannot have been changed after launch.

2. Entry order. Every entry takes part, ordered by the time it was made (UTC, to the millisecond), oldest first; entries made in the same millisecond are ordered by their entry id (compared character by character, by character code).

3. Weights. Each entry's weight is 1 plus its bonus entries (3 for every friend who entered through its referral link). The total weight T is the sum of all weights. The entries share the tickets 0 to T-1 in order: the first entry holds tickets 0 to w1-1, the next one the following w2 tickets, and so on.

4. Entry list hash. The entry list is the text with one line per entry, in draw order: the entry id, a colon, the weight, and a line feed ("<id>:<weight>\\n"). Its SHA-256 is published as the entry list hash, so the list the draw used cannot be changed afterwards.

5. Random numbers. For n = 0, 1, 2, ... the n-th random number R(n) is the first 8 bytes of SHA-256 of the text "<seed>:<n>" (n in decimal, no padding), read as an unsigned 64-bit big-endian integer.

6. Unbiased tickets. Let L = floor(2^64 / T) x T. The random numbers are used in order; a number R(n) >= L is discarded (so that every ticket is equally likely), otherwise the ticket is R(n) mod T.

7. Picks. The grand prize (rank 1) is drawn first, then the 2nd prize, then the 3rd. Each prize goes to the entry holding the next ticket. A ticket held by an entry that has already been picked in this draw is skipped, and the next random number is used, so nobody wins twice. Each pick records its ticket and the counter n that produced it.

8. Redraws. If a prize is not claimed before its deadline and is drawn again, the draw continues with the random numbers after the last pick and skips every entry picked before, including the winner being replaced. The replaced pick stays in the record, marked as replaced.`;

/** SHA-256 as the draw needs it, supplied by the caller so this module stays free of I/O. */
export interface DrawHashing {
  /** SHA-256 of the UTF-8 text (32 bytes). */
  digest(text: string): Uint8Array;
  /** Incremental SHA-256 over UTF-8 text, finished as lowercase hex. */
  stream(): { update(text: string): void; hex(): string };
}

/** Random numbers are 64-bit: 2^64 possible values. */
export const RANDOM_RANGE = 1n << 64n;

/**
 * L = floor(range / total) * total: values below L map onto [0, total) exactly
 * floor(range / total) times each, so `value % total` is uniform on them.
 */
export function acceptanceLimit(total: bigint, range: bigint = RANDOM_RANGE): bigint {
  if (total <= 0n || total > range) throw new RangeError(`total weight must be between 1 and ${range}, got ${total}`);
  return (range / total) * total;
}

/** The ticket a random value gives, or null when the value is discarded (rejection sampling). */
export function ticketFromValue(value: bigint, total: bigint, range: bigint = RANDOM_RANGE): bigint | null {
  return value < acceptanceLimit(total, range) ? value % total : null;
}

/** R(n): the first 8 bytes of SHA-256("<seed>:<n>"), big-endian. */
export function randomValue(hashing: DrawHashing, seed: string, counter: number): bigint {
  const bytes = hashing.digest(`${seed}:${counter}`);
  if (bytes.length < 8) throw new Error("SHA-256 digest too short");
  return new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, false);
}

// ---------------------------------------------------------------------------------------------
// The ordered entry list
// ---------------------------------------------------------------------------------------------

/** The entries of a draw, in draw order, with their tickets. Compact: a million entries fit in a few tens of MB. */
export interface DrawPool {
  readonly count: number;
  readonly totalWeight: bigint;
  /** SHA-256 hex of the canonical "<id>:<weight>\n" lines. */
  readonly entriesHash: string;
  entryId(index: number): string;
  weight(index: number): number;
  /** The entry holding a ticket in [0, totalWeight). */
  indexOfTicket(ticket: bigint): number;
  /** Position of an entry id in the list, or -1. */
  indexOfId(id: string): number;
}

const PENDING_FLUSH = 65_536;
const MAX_WEIGHT_DIGITS = 15;
const CHAR_0 = 48;
const CHAR_9 = 57;

function invalidLine(text: string, at: number): Error {
  const end = text.indexOf("\n", at);
  const line = text.slice(at, end === -1 ? Math.min(text.length, at + 80) : Math.min(end, at + 80));
  return new Error(`Invalid entry line "${line}": expected "<id>:<weight>" with a weight of at least 1`);
}

/**
 * Builds a DrawPool from entries appended in draw order, either one at a time (`add`) or as blocks
 * of canonical lines straight from the database (`addLines`), which keeps a million entries to a
 * handful of strings instead of a million objects.
 */
export class DrawEntryList {
  #hash: ReturnType<DrawHashing["stream"]>;
  #blocks: string[] = [];
  /** Index of the first entry of each block. */
  #blockFirst: number[] = [];
  /** Where each entry's line starts inside its block. */
  #offsets: Uint32Array;
  /** Running total of weights up to and including each entry (exact below 2^53). */
  #cumulative: Float64Array;
  #count = 0;
  #total = 0;
  #pending: string[] = [];
  #finished = false;

  /** `expectedCount` sizes the arrays up front (growing them copies); the list still grows past it. */
  constructor(hashing: DrawHashing, expectedCount = 1024) {
    this.#hash = hashing.stream();
    const capacity = Math.max(1024, Math.min(Math.floor(expectedCount), 1 << 26));
    this.#offsets = new Uint32Array(capacity);
    this.#cumulative = new Float64Array(capacity);
  }

  add(id: string, weight: number | bigint): void {
    if (!id || /[:,\s]/.test(id)) throw new Error(`Invalid entry id "${id}"`);
    const value = typeof weight === "bigint" ? weight : Number.isSafeInteger(weight) ? BigInt(weight) : -1n;
    if (value < 1n) throw new Error(`Invalid weight ${String(weight)} for entry ${id}: weights are whole numbers of at least 1`);
    this.#pending.push(`${id}:${value}\n`);
    if (this.#pending.length >= PENDING_FLUSH) this.#flush();
  }

  /** Appends canonical lines "<id>:<weight>" separated (and optionally ended) by "\n". */
  addLines(text: string): void {
    this.#flush();
    this.#ingest(text);
  }

  finish(): DrawPool {
    this.#flush();
    if (this.#finished) throw new Error("DrawEntryList.finish() called twice");
    this.#finished = true;
    const blocks = this.#blocks;
    const blockFirst = this.#blockFirst;
    const offsets = this.#offsets;
    const cumulative = this.#cumulative;
    const count = this.#count;
    const total = this.#total;

    const blockOf = (index: number): number => {
      let low = 0;
      let high = blockFirst.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((blockFirst[middle] ?? 0) <= index) low = middle;
        else high = middle - 1;
      }
      return low;
    };
    const checkIndex = (index: number) => {
      if (!Number.isInteger(index) || index < 0 || index >= count) throw new RangeError(`no entry at index ${index}`);
    };

    return {
      count,
      totalWeight: BigInt(total),
      entriesHash: this.#hash.hex(),
      entryId(index) {
        checkIndex(index);
        const block = blocks[blockOf(index)] ?? "";
        const start = offsets[index] ?? 0;
        return block.slice(start, block.indexOf(":", start));
      },
      weight(index) {
        checkIndex(index);
        return (cumulative[index] ?? 0) - (index === 0 ? 0 : (cumulative[index - 1] ?? 0));
      },
      indexOfTicket(ticket) {
        if (ticket < 0n || ticket >= BigInt(total)) throw new RangeError(`ticket ${ticket} is outside [0, ${total})`);
        // Exact: tickets and running totals are integers below 2^53.
        const target = Number(ticket);
        let low = 0;
        let high = count - 1;
        while (low < high) {
          const middle = (low + high) >> 1;
          if ((cumulative[middle] ?? 0) > target) high = middle;
          else low = middle + 1;
        }
        return low;
      },
      indexOfId(id) {
        if (!id || /[:\n]/.test(id)) return -1;
        const needle = `${id}:`;
        for (let b = 0; b < blocks.length; b++) {
          const block = blocks[b] ?? "";
          let at = block.indexOf(needle);
          while (at !== -1 && at > 0 && block.charCodeAt(at - 1) !== 10) at = block.indexOf(needle, at + 1);
          if (at === -1) continue;
          // The entry whose line starts at `at`, among this block's entries.
          let low = blockFirst[b] ?? 0;
          let high = (b + 1 < blockFirst.length ? (blockFirst[b + 1] ?? count) : count) - 1;
          while (low < high) {
            const middle = (low + high + 1) >> 1;
            if ((offsets[middle] ?? 0) <= at) low = middle;
            else high = middle - 1;
          }
          return low;
        }
        return -1;
      },
    };
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    const text = this.#pending.join("");
    this.#pending = [];
    this.#ingest(text);
  }

  #grow(): void {
    const offsets = new Uint32Array(this.#offsets.length * 2);
    offsets.set(this.#offsets);
    this.#offsets = offsets;
    const cumulative = new Float64Array(this.#cumulative.length * 2);
    cumulative.set(this.#cumulative);
    this.#cumulative = cumulative;
  }

  #ingest(text: string): void {
    if (this.#finished) throw new Error("DrawEntryList is finished");
    if (text.length === 0) return;
    const first = this.#count;
    const length = text.length;
    let count = this.#count;
    let total = this.#total;
    let position = 0;
    while (position < length) {
      const colon = text.indexOf(":", position);
      let end = text.indexOf("\n", position);
      if (end === -1) end = length;
      const digits = end - colon - 1;
      if (colon <= position || colon >= end || digits < 1 || digits > MAX_WEIGHT_DIGITS || text.charCodeAt(colon + 1) === CHAR_0) {
        throw invalidLine(text, position);
      }
      let weight = 0;
      for (let k = colon + 1; k < end; k++) {
        const code = text.charCodeAt(k);
        if (code < CHAR_0 || code > CHAR_9) throw invalidLine(text, position);
        weight = weight * 10 + (code - CHAR_0);
      }
      total += weight;
      if (total > Number.MAX_SAFE_INTEGER) throw new RangeError("total weight exceeds 2^53 - 1");
      if (count === this.#offsets.length) this.#grow();
      this.#offsets[count] = position;
      this.#cumulative[count] = total;
      count += 1;
      position = end + 1;
    }
    this.#blocks.push(text);
    this.#blockFirst.push(first);
    this.#count = count;
    this.#total = total;
    this.#hash.update(text);
    if (text.charCodeAt(length - 1) !== 10) this.#hash.update("\n");
  }
}

/** A pool from a plain list (tests, small exports). */
export function drawPoolOf(hashing: DrawHashing, entries: Iterable<{ id: string; weight: number | bigint }>): DrawPool {
  const list = new DrawEntryList(hashing);
  for (const entry of entries) list.add(entry.id, entry.weight);
  return list.finish();
}

/** Draw order (step 2): oldest first, then by id in character-code order. */
export function compareDrawOrder(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  const time = a.createdAt.getTime() - b.createdAt.getTime();
  if (time !== 0) return time;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Picks
// ---------------------------------------------------------------------------------------------

export const DrawPickSchema = z.object({
  rank: z.number().int().min(1),
  entryId: z.string().min(1),
  /** Decimal: tickets can exceed 2^53 in principle, so they travel as text. */
  ticket: z.string().regex(/^(0|[1-9][0-9]*)$/),
  /** The random-number counter n that produced the ticket. */
  counter: z.number().int().min(0),
  /** Set on a pick whose prize was redrawn. */
  replaced: z.literal(true).optional(),
  /** When a redraw made this pick (ISO 8601); absent on the original draw's picks. */
  redrawnAt: z.string().optional(),
});

export type DrawPick = z.infer<typeof DrawPickSchema>;

export function parseDrawPicks(json: string): DrawPick[] {
  return z.array(DrawPickSchema).parse(JSON.parse(json));
}

/** Where the sequence stands: the next counter to read and every entry picked so far. */
export interface DrawState {
  nextCounter: number;
  picked: readonly string[];
}

export const INITIAL_DRAW_STATE: DrawState = { nextCounter: 0, picked: [] };

/** The state after a recorded sequence of picks, so a redraw is "the next pick". */
export function drawStateAfter(picks: readonly Pick<DrawPick, "entryId" | "counter">[]): DrawState {
  return {
    nextCounter: picks.reduce((next, pick) => Math.max(next, pick.counter + 1), 0),
    picked: picks.map((pick) => pick.entryId),
  };
}

/**
 * A skip-and-redraw loop only ends if the entries not yet picked hold a fair share of the tickets.
 * Real giveaways are nowhere near this (one entry can hold at most about 3/4 of the weight), so
 * refusing loudly beats spinning for hours.
 */
const MAX_EXPECTED_ATTEMPTS = 1 << 24;

/** The next pick of the sequence for `rank`, or null when every entry has already been picked. */
export function nextPick(
  hashing: DrawHashing,
  pool: DrawPool,
  seed: string,
  rank: number,
  state: DrawState,
): { pick: DrawPick; state: DrawState } | null {
  if (pool.count === 0) return null;
  const picked = new Set(state.picked);
  let pickedWeight = 0;
  let pickedInPool = 0;
  for (const id of picked) {
    const index = pool.indexOfId(id);
    if (index === -1) continue;
    pickedInPool += 1;
    pickedWeight += pool.weight(index);
  }
  if (pickedInPool >= pool.count) return null;
  const total = pool.totalWeight;
  const remaining = total - BigInt(pickedWeight);
  if (total > remaining * BigInt(MAX_EXPECTED_ATTEMPTS)) {
    throw new RangeError("the entries not yet picked hold too small a share of the tickets to draw by skipping");
  }

  const limit = acceptanceLimit(total);
  let counter = state.nextCounter;
  for (;;) {
    const used = counter;
    const value = randomValue(hashing, seed, used);
    counter += 1;
    if (value >= limit) continue;
    const ticket = value % total;
    const entryId = pool.entryId(pool.indexOfTicket(ticket));
    if (picked.has(entryId)) continue;
    return {
      pick: { rank, entryId, ticket: ticket.toString(), counter: used },
      state: { nextCounter: counter, picked: [...state.picked, entryId] },
    };
  }
}

export interface DrawResult {
  /** One per rank, in the order drawn; fewer than ranks when there are fewer entries than prizes. */
  picks: DrawPick[];
  /** Where a later redraw continues. */
  state: DrawState;
}

/** Draws each rank in turn (rank 1 first), without repeats (steps 5 to 7). */
export function drawPicks(hashing: DrawHashing, pool: DrawPool, seed: string, ranks: readonly number[]): DrawResult {
  const picks: DrawPick[] = [];
  let state = INITIAL_DRAW_STATE;
  for (const rank of [...ranks].sort((a, b) => a - b)) {
    const next = nextPick(hashing, pool, seed, rank, state);
    if (!next) break;
    picks.push(next.pick);
    state = next.state;
  }
  return { picks, state };
}

/**
 * Re-runs a recorded sequence (original picks then redraws, in the order they were made): the
 * i-th result is what the procedure gives for the i-th recorded rank, or null once exhausted.
 */
export function replayPicks(hashing: DrawHashing, pool: DrawPool, seed: string, ranks: readonly number[]): (DrawPick | null)[] {
  let state = INITIAL_DRAW_STATE;
  return ranks.map((rank) => {
    const next = nextPick(hashing, pool, seed, rank, state);
    if (!next) return null;
    state = next.state;
    return next.pick;
  });
}

/** The current (not replaced) pick of each rank. */
export function currentPicks(picks: readonly DrawPick[]): Map<number, DrawPick> {
  const current = new Map<number, DrawPick>();
  for (const pick of picks) if (!pick.replaced) current.set(pick.rank, pick);
  return current;
}
