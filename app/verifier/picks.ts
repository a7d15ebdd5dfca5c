/**
 * Draw procedure 2, steps 6 to 8, from the procedure text: tickets, the random numbers R(n), unbiased
 * sampling, picks by rank without repeats, and redraws continuing the same sequence.
 */
import { sha256 } from "@noble/hashes/sha2.js";

export interface Tickets {
  count: number;
  ids: string[];
  /** Running total of weights: entry i holds tickets cumulative[i-1] (0 for the first) to cumulative[i] - 1. */
  cumulative: Float64Array;
  totalWeight: number;
  indexOf: Map<string, number>;
}

export interface ComputedPick {
  entryId: string;
  ticket: string;
  counter: number;
}

/** Entry line holding a ticket (binary search over the running totals; exact below 2^53). */
export function holderOf(tickets: Tickets, ticket: number): number {
  let low = 0;
  let high = tickets.count - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (tickets.cumulative[middle]! > ticket) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The ticket range [first, last] of entry line `index`. */
export function ticketRange(tickets: Tickets, index: number): [number, number] {
  const first = index === 0 ? 0 : tickets.cumulative[index - 1]!;
  return [first, tickets.cumulative[index]! - 1];
}

const encoder = new TextEncoder();

/**
 * The sequence of picks for seed S: R(n) = first 8 bytes of SHA-256("<S>:<n>") big-endian,
 * L = floor(2^64 / T) x T, R(n) >= L discarded, else ticket R(n) mod T; a ticket of an entry picked
 * before is skipped.
 */
export class PickSequence {
  readonly #tickets: Tickets;
  readonly #prefix: string;
  readonly #total: bigint;
  readonly #limit: bigint;
  #next = 0;
  readonly #picked = new Set<number>();
  #pickedWeight = 0;

  constructor(tickets: Tickets, seed: string) {
    this.#tickets = tickets;
    this.#prefix = `${seed}:`;
    this.#total = BigInt(tickets.totalWeight);
    this.#limit = tickets.totalWeight > 0 ? ((1n << 64n) / this.#total) * this.#total : 0n;
  }

  /** R(n) as the procedure defines it. */
  random(n: number): bigint {
    const digest = sha256(encoder.encode(`${this.#prefix}${n}`));
    return new DataView(digest.buffer, digest.byteOffset, 8).getBigUint64(0, false);
  }

  /**
   * The next pick, or null when every entry has been picked (no winner for the remaining prizes).
   * Throws when the entries left hold too small a share of the tickets to find one by skipping.
   */
  next(): ComputedPick | null {
    const tickets = this.#tickets;
    if (this.#picked.size >= tickets.count) return null;
    const left = tickets.totalWeight - this.#pickedWeight;
    if (tickets.totalWeight / left > 2 ** 24) throw new Error("the entries not yet picked hold too few tickets to continue by skipping");
    for (;;) {
      const n = this.#next;
      this.#next += 1;
      const value = this.random(n);
      if (value >= this.#limit) continue;
      const ticket = value % this.#total;
      const index = holderOf(tickets, Number(ticket));
      if (this.#picked.has(index)) continue;
      this.#picked.add(index);
      this.#pickedWeight += tickets.cumulative[index]! - (index === 0 ? 0 : tickets.cumulative[index - 1]!);
      return { entryId: tickets.ids[index]!, ticket: ticket.toString(), counter: n };
    }
  }
}
