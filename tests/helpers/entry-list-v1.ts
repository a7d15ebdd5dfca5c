/**
 * The frozen list's parser as it was before decision 061 (one pass over the whole list in memory),
 * kept verbatim as the reference the streaming EntryListReader is compared with: the same lists
 * must give the same pool (count, weights, tickets, ids), the same picks and the same errors.
 * Not used by the app.
 */
import {
  DISQUALIFIED_HEADER,
  DISQUALIFY_REASONS,
  type DrawPool,
  ENTRY_LIST_HEADER,
  EntryListError,
  type FrozenEntryList,
} from "~/domain/draw";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";

/**
 * The index of the entry holding `ticket`, by binary search over the running totals of the weights
 * (cumulative[i] = w0 + ... + wi). Exact: tickets and running totals are integers below 2^53.
 */
function entryHoldingTicket(cumulative: Float64Array, count: number, total: number, ticket: bigint): number {
  if (ticket < 0n || ticket >= BigInt(total)) throw new RangeError(`ticket ${ticket} is outside [0, ${total})`);
  const target = Number(ticket);
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((cumulative[middle] ?? 0) > target) high = middle;
    else low = middle + 1;
  }
  return low;
}

const COMMA = 44;
const LINE_FEED = 10;
const COLON = 58;

function asciiText(bytes: Uint8Array, start: number, end: number): string {
  let text = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let k = start; k < end; k += 8192) text += String.fromCharCode.apply(null, Array.from(bytes.subarray(k, Math.min(end, k + 8192))));
  return text;
}

/** Byte-order comparison of two ids inside `bytes` (step 3's tie-break and the disqualified order). */
function compareBytes(bytes: Uint8Array, a: number, aEnd: number, b: number, bEnd: number): number {
  const length = Math.min(aEnd - a, bEnd - b);
  for (let k = 0; k < length; k++) {
    const difference = (bytes[a + k] ?? 0) - (bytes[b + k] ?? 0);
    if (difference !== 0) return difference;
  }
  return aEnd - a - (bEnd - b);
}

/** FNV-1a over an id's bytes: the slot of an id in the referrers' table. */
function idHash(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ (bytes[k] ?? 0), 0x01000193);
  return hash >>> 0;
}

/** A growable list of small whole numbers in a typed array. */
class Uint32List {
  values = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/**
 * Reads draw.csv (version 2) and checks every rule of step 3 on the way: header lines, the shape of
 * each line, the draw order, referrers that name a listed entry, every weight equal to 1 + 3 x its
 * referrals, the disqualified section's reasons and order. Throws EntryListError on the first
 * problem. One pass over the bytes; the pool keeps them and two typed arrays (about 12 bytes per
 * entry beside them), so a million entries cost the file's size plus about 12 MB. Only referral
 * lines and entries with a weight above 1 are looked at a second time, through a hash table of
 * line numbers (no string per entry).
 */
export function parseEntryListV1(bytes: Uint8Array, sha256: string): FrozenEntryList {
  const length = bytes.length;
  const fail = (message: string, at: number): never => {
    let end = bytes.indexOf(LINE_FEED, at);
    if (end === -1 || end - at > 120) end = Math.min(length, at + 120);
    throw new EntryListError(`${message} (at byte ${at}: "${asciiText(bytes, at, end)}")`);
  };
  if (length === 0 || bytes[length - 1] !== LINE_FEED) fail("The list must end with a line feed", Math.max(0, length - 1));
  const header = ENTRY_LIST_HEADER + "\n";
  for (let k = 0; k < header.length; k++) if (bytes[k] !== header.charCodeAt(k)) fail(`The first line must be "${ENTRY_LIST_HEADER}"`, 0);
  const disqualifiedHeader = DISQUALIFIED_HEADER + "\n";
  const disqualifiedFirst = disqualifiedHeader.charCodeAt(0);
  const lineShape = "Expected <entry_id>,<created_ms>,<referrer_id>,<weight>";

  // About 40 bytes per entry line: size the arrays once and grow if the guess was short.
  let capacity = Math.max(1024, Math.ceil(length / 40));
  let starts = new Uint32Array(capacity);
  let cumulative = new Float64Array(capacity);
  /** Entries with a weight above 1 (line numbers), and the referrer_id fields (byte ranges). */
  const weighted = new Uint32List();
  const referrerStarts = new Uint32List();
  const referrerEnds = new Uint32List();
  let count = 0;
  let total = 0;
  let previousMs = -1;
  let previousStart = 0;
  let previousEnd = 0;
  let position = header.length;

  for (;;) {
    if (position >= length) fail(`The list must have the line "${DISQUALIFIED_HEADER}"`, position);
    const lineStart = position;
    if (bytes[position] === disqualifiedFirst && bytes[position + disqualifiedHeader.length - 1] === LINE_FEED) {
      let isHeader = true;
      for (let k = 1; k < disqualifiedHeader.length; k++) {
        if (bytes[position + k] !== disqualifiedHeader.charCodeAt(k)) {
          isHeader = false;
          break;
        }
      }
      if (isHeader) {
        position += disqualifiedHeader.length;
        break;
      }
    }
    // entry_id: printable ASCII except "," and ":" (cuid2 ids are lowercase letters and digits).
    let at = position;
    let code = bytes[at] ?? 0;
    while (code > 32 && code < 127 && code !== COMMA && code !== COLON) code = bytes[++at] ?? 0;
    const idEnd = at;
    if (idEnd === lineStart || code !== COMMA) fail(lineShape, lineStart);
    // created_ms: decimal, no leading zero, at most 15 digits.
    const msStart = ++at;
    let createdMs = 0;
    code = bytes[at] ?? 0;
    while (code >= 48 && code <= 57) {
      createdMs = createdMs * 10 + (code - 48);
      code = bytes[++at] ?? 0;
    }
    if (code !== COMMA) fail(code === LINE_FEED || at >= length ? lineShape : "created_ms must be a whole number in decimal", lineStart);
    if (at === msStart || at - msStart > 15 || (bytes[msStart] === 48 && at - msStart > 1))
      fail("created_ms must be a whole number in decimal", lineStart);
    // referrer_id: empty or an id.
    const referrerStart = ++at;
    code = bytes[at] ?? 0;
    while (code > 32 && code < 127 && code !== COMMA && code !== COLON) code = bytes[++at] ?? 0;
    const referrerEnd = at;
    if (code !== COMMA) fail(lineShape, lineStart);
    // weight: decimal, at least 1, then the line feed.
    const weightStart = ++at;
    let weight = 0;
    code = bytes[at] ?? 0;
    while (code >= 48 && code <= 57) {
      weight = weight * 10 + (code - 48);
      code = bytes[++at] ?? 0;
    }
    if (code !== LINE_FEED) fail(at >= length || code === COMMA ? lineShape : "weight must be a whole number of at least 1", lineStart);
    if (at === weightStart || at - weightStart > 15 || bytes[weightStart] === 48 || weight < 1)
      fail("weight must be a whole number of at least 1", lineStart);
    if (createdMs < previousMs || (createdMs === previousMs && compareBytes(bytes, previousStart, previousEnd, lineStart, idEnd) >= 0)) {
      fail("The entries are not in draw order (created_ms, then entry_id byte by byte)", lineStart);
    }
    previousMs = createdMs;
    previousStart = lineStart;
    previousEnd = idEnd;
    if (referrerEnd > referrerStart) {
      referrerStarts.push(referrerStart);
      referrerEnds.push(referrerEnd);
    }
    if (weight > 1) weighted.push(count);
    total += weight;
    if (total > Number.MAX_SAFE_INTEGER) fail("The total weight exceeds 2^53 - 1", lineStart);
    if (count === capacity) {
      capacity *= 2;
      const grownStarts = new Uint32Array(capacity);
      grownStarts.set(starts);
      starts = grownStarts;
      const grownCumulative = new Float64Array(capacity);
      grownCumulative.set(cumulative);
      cumulative = grownCumulative;
    }
    starts[count] = lineStart;
    cumulative[count] = total;
    count += 1;
    position = at + 1;
  }

  const idEndOf = (index: number) => bytes.indexOf(COMMA, starts[index] ?? 0);
  const weightOf = (index: number) => (cumulative[index] ?? 0) - (index === 0 ? 0 : (cumulative[index - 1] ?? 0));

  // Weights: 1 + 3 per referral line naming the entry, and every referrer is a listed entry. The
  // entries with a weight above 1 go in an open-addressing table (slot -> position in `weighted`
  // + 1); each referral line finds its referrer there or is reported.
  const slots = new Uint32Array(Math.max(16, 1 << Math.ceil(Math.log2(weighted.length * 2 + 1))));
  const mask = slots.length - 1;
  for (let w = 0; w < weighted.length; w++) {
    const start = starts[weighted.values[w] ?? 0] ?? 0;
    let slot = idHash(bytes, start, idEndOf(weighted.values[w] ?? 0)) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = w + 1;
  }
  const referralsOf = new Uint32Array(weighted.length);
  const unlisted = new Map<string, number>();
  for (let r = 0; r < referrerStarts.length; r++) {
    const start = referrerStarts.values[r] ?? 0;
    const end = referrerEnds.values[r] ?? 0;
    let slot = idHash(bytes, start, end) & mask;
    let found = -1;
    for (let held = slots[slot] ?? 0; held !== 0; slot = (slot + 1) & mask, held = slots[slot] ?? 0) {
      const line = weighted.values[held - 1] ?? 0;
      const lineStart = starts[line] ?? 0;
      if (compareBytes(bytes, lineStart, idEndOf(line), start, end) === 0) {
        found = held - 1;
        break;
      }
    }
    if (found !== -1) referralsOf[found] = (referralsOf[found] ?? 0) + 1;
    else {
      const referrer = asciiText(bytes, start, end);
      unlisted.set(referrer, (unlisted.get(referrer) ?? 0) + 1);
    }
  }
  for (let w = 0; w < weighted.length; w++) {
    const line = weighted.values[w] ?? 0;
    const weight = weightOf(line);
    const expected = 1 + REFERRAL_BONUS_ENTRIES * (referralsOf[w] ?? 0);
    if (weight !== expected) {
      const id = asciiText(bytes, starts[line] ?? 0, idEndOf(line));
      throw new EntryListError(`Entry ${id} has weight ${weight}, but its referrals give ${expected}`);
    }
  }
  if (unlisted.size > 0) {
    const [referrer, referrals] = unlisted.entries().next().value as [string, number];
    throw new EntryListError(
      `Entry ${referrer} is named as referrer by ${referrals} lines but is not listed with weight ${1 + REFERRAL_BONUS_ENTRIES * referrals}`,
      [...unlisted.keys()],
    );
  }

  const disqualified: { id: string; reason: string }[] = [];
  let previousId = -1;
  let previousIdEnd = -1;
  while (position < length) {
    const lineStart = position;
    const end = bytes.indexOf(LINE_FEED, position);
    let comma = position;
    let code = bytes[comma] ?? 0;
    while (comma < end && code > 32 && code < 127 && code !== COMMA && code !== COLON) code = bytes[++comma] ?? 0;
    if (comma === position || code !== COMMA) fail("Expected <entry_id>,<reason>", lineStart);
    const reason = asciiText(bytes, comma + 1, end);
    if (!(DISQUALIFY_REASONS as readonly string[]).includes(reason))
      fail(`The reason must be one of ${DISQUALIFY_REASONS.join(", ")}`, lineStart);
    if (previousId !== -1 && compareBytes(bytes, previousId, previousIdEnd, lineStart, comma) >= 0) {
      fail("The disqualified entries are not sorted by entry_id", lineStart);
    }
    previousId = lineStart;
    previousIdEnd = comma;
    disqualified.push({ id: asciiText(bytes, lineStart, comma), reason });
    position = end + 1;
  }

  const checkIndex = (index: number) => {
    if (!Number.isInteger(index) || index < 0 || index >= count) throw new RangeError(`no entry at index ${index}`);
  };
  const pool: DrawPool = {
    count,
    totalWeight: BigInt(total),
    entriesHash: sha256,
    entryId(index) {
      checkIndex(index);
      return asciiText(bytes, starts[index] ?? 0, idEndOf(index));
    },
    weight(index) {
      checkIndex(index);
      return weightOf(index);
    },
    indexOfTicket: (ticket) => entryHoldingTicket(cumulative, count, total, ticket),
    indexOfId(id) {
      if (!id || id.length > 200) return -1;
      const first = id.charCodeAt(0);
      // A scan over the line starts (a few ms for a million): only picked entries are looked up, a
      // handful per draw.
      outer: for (let index = 0; index < count; index++) {
        const start = starts[index] ?? 0;
        if (bytes[start] !== first) continue;
        for (let k = 1; k < id.length; k++) if (bytes[start + k] !== id.charCodeAt(k)) continue outer;
        if (bytes[start + id.length] === COMMA) return index;
      }
      return -1;
    },
  };
  return { pool, disqualified, referrals: referrerStarts.length };
}
