/**
 * Reading draw.csv exactly as draw procedure 2, step 3 describes it, written from the procedure text
 * alone (it must not share code with the draw it checks). One pass over the bytes: 100,000 entries
 * are read in a few tens of milliseconds in a browser.
 */

export const LIST_HEADER = "entry_id,created_ms,referrer_id,weight";
export const DISQUALIFIED_HEADER = "disqualified_entry_id,reason";

/** How many problems of one kind are spelled out; the rest are counted. */
const SHOWN = 5;

/** Problems of one kind: the first few in words, and how many there were. */
export class Problems {
  readonly shown: string[] = [];
  count = 0;
  add(message: string): void {
    this.count += 1;
    if (this.shown.length < SHOWN) this.shown.push(message);
  }
  get ok(): boolean {
    return this.count === 0;
  }
  describe(): string {
    const more = this.count - this.shown.length;
    return this.shown.join(" ") + (more > 0 ? ` (and ${more} more)` : "");
  }
}

export interface DrawList {
  /** Bytes that are not the published format: header, LF endings, final newline, field syntax. */
  format: Problems;
  /** Entry lines out of draw order (created_ms, then entry id in byte order) or repeated. */
  order: Problems;
  /** Entry lines whose weight is not 1 + 3 x the lines naming them as referrer, or named by more lines than the referral cap. */
  weights: Problems;
  /** The disqualified section: order and overlap with the entry lines. */
  disqualifiedProblems: Problems;
  /** Entry lines, in file order. */
  count: number;
  ids: string[];
  weightOf: Float64Array;
  /** Sum of the weights up to and including each line: line i holds tickets cumulative[i-1] .. cumulative[i]-1. */
  cumulative: Float64Array;
  totalWeight: number;
  /** Referrer ids that name no entry line (allowed: e.g. a referrer who was disqualified). */
  outsideReferrers: number;
  indexOf: Map<string, number>;
  disqualified: { id: string; reason: string }[];
}

const LF = 10;
const ZERO = 48;
const NINE = 57;

/** Entry ids: printable ASCII without spaces or commas (Giveawear's are lowercase letters and digits). */
function idProblem(text: string, start: number, end: number): string | null {
  if (end <= start) return "an empty entry id";
  for (let k = start; k < end; k++) {
    const code = text.charCodeAt(k);
    if (code <= 32 || code >= 127) return `a character that cannot be in an entry id (code ${code})`;
  }
  return null;
}

/** A canonical decimal number (no sign, no leading zeros), or -1. Exact below 2^53. */
function decimal(text: string, start: number, end: number): number {
  if (end <= start || end - start > 16) return -1;
  if (text.charCodeAt(start) === ZERO && end - start > 1) return -1;
  let value = 0;
  for (let k = start; k < end; k++) {
    const code = text.charCodeAt(k);
    if (code < ZERO || code > NINE) return -1;
    value = value * 10 + (code - ZERO);
  }
  return Number.isSafeInteger(value) ? value : -1;
}

/**
 * `bonusOf` (procedure 3): each entry's bonuses in actions.csv, added to its weight; every entry
 * there must be an entry line. Without it, procedure 2's weights. `referralCap` (decision 104): the
 * most entry lines that may name one entry as referrer, as the record publishes it (null: no limit).
 */
export function readDrawList(
  bytes: Uint8Array,
  bonusOf: ReadonlyMap<string, number> | null = null,
  referralCap: number | null = null,
): DrawList {
  const format = new Problems();
  const order = new Problems();
  const weights = new Problems();
  const disqualifiedProblems = new Problems();

  // ASCII only, LF endings: checked on the bytes, so that the text below maps one byte to one character.
  let line = 1;
  for (let k = 0; k < bytes.length; k++) {
    const byte = bytes[k]!;
    if (byte === LF) line += 1;
    else if (byte === 13) {
      format.add(`Line ${line} has a carriage return: lines must end with a line feed (LF) alone.`);
      break;
    } else if (byte >= 128) {
      format.add(`Line ${line} has a byte that is not ASCII (${byte}).`);
      break;
    }
  }

  let capacity = Math.max(1024, Math.ceil(bytes.length / 32));
  let ids: string[] = [];
  const referrers: string[] = [];
  let weightOf = new Float64Array(capacity);
  let createdOf = new Float64Array(capacity);
  let count = 0;
  const disqualified: { id: string; reason: string }[] = [];
  const indexOf = new Map<string, number>();

  const empty = (): DrawList => ({
    format,
    order,
    weights,
    disqualifiedProblems,
    count: 0,
    ids: [],
    weightOf: new Float64Array(0),
    cumulative: new Float64Array(0),
    totalWeight: 0,
    outsideReferrers: 0,
    indexOf,
    disqualified,
  });
  if (!format.ok) return empty();

  const text = new TextDecoder("utf-8").decode(bytes);
  if (!text.startsWith(`${LIST_HEADER}\n`)) {
    format.add(`Line 1 must be exactly "${LIST_HEADER}" followed by a line feed.`);
    return empty();
  }
  if (text.charCodeAt(text.length - 1) !== LF) format.add("The file must end with a line feed after its last line.");

  let position = LIST_HEADER.length + 1;
  line = 2;
  let section: "entries" | "disqualified" = "entries";
  let previousCreated = -1;
  let previousId = "";
  let previousDisqualified = "";
  const length = text.length;

  while (position < length) {
    let end = text.indexOf("\n", position);
    if (end === -1) end = length;
    if (end === position) {
      format.add(`Line ${line} is empty.`);
    } else if (section === "entries") {
      if (end - position === DISQUALIFIED_HEADER.length && text.startsWith(DISQUALIFIED_HEADER, position)) {
        section = "disqualified";
      } else {
        const c1 = text.indexOf(",", position);
        const c2 = c1 === -1 || c1 >= end ? -1 : text.indexOf(",", c1 + 1);
        const c3 = c2 === -1 || c2 >= end ? -1 : text.indexOf(",", c2 + 1);
        const c4 = c3 === -1 || c3 >= end ? -1 : text.indexOf(",", c3 + 1);
        if (c3 === -1 || c3 >= end || (c4 !== -1 && c4 < end)) {
          format.add(`Line ${line} does not have the four fields entry_id,created_ms,referrer_id,weight.`);
        } else {
          const idIssue = idProblem(text, position, c1);
          const created = decimal(text, c1 + 1, c2);
          const referrerIssue = c3 === c2 + 1 ? null : idProblem(text, c2 + 1, c3);
          const weight = decimal(text, c3 + 1, end);
          if (idIssue) format.add(`Line ${line} has ${idIssue}.`);
          else if (created < 0) format.add(`Line ${line}: created_ms must be a whole number of milliseconds, written in decimal.`);
          else if (referrerIssue) format.add(`Line ${line}: referrer_id has ${referrerIssue}.`);
          else if (weight < 1) format.add(`Line ${line}: weight must be a whole number of at least 1, written in decimal.`);
          else {
            const id = text.slice(position, c1);
            if (indexOf.has(id)) order.add(`Line ${line} repeats entry ${id}.`);
            else if (created < previousCreated || (created === previousCreated && id <= previousId)) {
              order.add(`Line ${line} (entry ${id}) comes before the line above it in draw order (created_ms, then entry id).`);
            }
            previousCreated = created;
            previousId = id;
            if (count === capacity) {
              capacity *= 2;
              const grownWeights = new Float64Array(capacity);
              grownWeights.set(weightOf);
              weightOf = grownWeights;
              const grownCreated = new Float64Array(capacity);
              grownCreated.set(createdOf);
              createdOf = grownCreated;
            }
            if (!indexOf.has(id)) indexOf.set(id, count);
            ids.push(id);
            referrers.push(c3 === c2 + 1 ? "" : text.slice(c2 + 1, c3));
            weightOf[count] = weight;
            createdOf[count] = created;
            count += 1;
          }
        }
      }
    } else {
      const comma = text.indexOf(",", position);
      const extra = comma === -1 || comma >= end ? -1 : text.indexOf(",", comma + 1);
      if (comma === -1 || comma >= end || (extra !== -1 && extra < end)) {
        format.add(`Line ${line} does not have the two fields disqualified_entry_id,reason.`);
      } else {
        const idIssue = idProblem(text, position, comma);
        const reason = text.slice(comma + 1, end);
        if (idIssue) format.add(`Line ${line} has ${idIssue}.`);
        else if (!/^[a-z][a-z_-]*$/.test(reason))
          format.add(`Line ${line}: the reason must be a word such as duplicate, fake, automated or rules.`);
        else {
          const id = text.slice(position, comma);
          if (previousDisqualified !== "" && id <= previousDisqualified) {
            disqualifiedProblems.add(
              `Disqualified entry ${id} (line ${line}) is not in entry id byte order after ${previousDisqualified}.`,
            );
          }
          if (indexOf.has(id)) disqualifiedProblems.add(`Entry ${id} is both in the draw and disqualified.`);
          previousDisqualified = id;
          disqualified.push({ id, reason });
        }
      }
    }
    if (format.count > 1000) break;
    line += 1;
    position = end + 1;
  }
  if (section === "entries")
    format.add(`The line "${DISQUALIFIED_HEADER}" is missing after the entry lines (it is there even when no entry was disqualified).`);

  // Weights: 1 + 3 x the entry lines naming this entry as referrer.
  const referred = new Uint32Array(count);
  let outsideReferrers = 0;
  for (let i = 0; i < count; i++) {
    const referrer = referrers[i]!;
    if (referrer === "") continue;
    const index = indexOf.get(referrer);
    if (index === undefined) outsideReferrers += 1;
    else referred[index]! += 1;
  }
  const cumulative = new Float64Array(count);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const bonus = bonusOf?.get(ids[i]!) ?? 0;
    const expected = 1 + 3 * referred[i]! + bonus;
    if (weightOf[i] !== expected) {
      weights.add(
        bonusOf
          ? `Entry ${ids[i]} has weight ${weightOf[i]}, but ${referred[i]} line(s) name it as referrer and its bonuses in actions.csv add ${bonus}, so its weight is ${expected}.`
          : `Entry ${ids[i]} has weight ${weightOf[i]}, but ${referred[i]} line(s) name it as referrer, so its weight is ${expected}.`,
      );
    }
    if (referralCap !== null && referred[i]! > referralCap) {
      weights.add(
        `Entry ${ids[i]} is named as referrer by ${referred[i]} lines, but the rules let at most ${referralCap} friends per entrant earn bonus entries (list.referralCap), so its weight is too high.`,
      );
    }
    total += weightOf[i]!;
    cumulative[i] = total;
  }
  if (bonusOf) {
    for (const [id, bonus] of bonusOf) {
      if (!indexOf.has(id)) weights.add(`actions.csv gives entry ${id} ${bonus} bonus entries, but draw.csv has no line for it.`);
    }
  }
  if (!Number.isSafeInteger(total)) format.add("The total weight is too large to check exactly.");
  ids = ids.slice(0, count);

  return {
    format,
    order,
    weights,
    disqualifiedProblems,
    count,
    ids,
    weightOf: weightOf.subarray(0, count),
    cumulative,
    totalWeight: total,
    outsideReferrers,
    indexOf,
    disqualified,
  };
}

// ---------------------------------------------------------------------------------------------
// actions.csv (procedure 3, step 3), read from the procedure text alone
// ---------------------------------------------------------------------------------------------

export const ACTIONS_HEADER = "entry_id,action_id,kind,bonus,completed_ms";
export const ACTIONS_DISQUALIFIED_HEADER = "disqualified_entry_id,action_id,completed_ms,reason";
const KINDS = ["visit", "code", "question", "daily", "follow"];
const CLAIM_REASONS = ["false_claim", "duplicate", "automated", "rules"];

export interface ActionList {
  /** Bytes that are not the published format. */
  format: Problems;
  /** Lines out of order (entry id, completed_ms, action id) or repeated, or completed after the freeze. */
  order: Problems;
  /** The bonuses of each entry id, summed over its completion lines. */
  bonusOf: Map<string, number>;
  completions: number;
  disqualified: number;
}

/** Reads actions.csv; `frozenAtMs`: completions after it never count (the record's freeze time). */
export function readActionList(bytes: Uint8Array, frozenAtMs: number | null): ActionList {
  const format = new Problems();
  const order = new Problems();
  const bonusOf = new Map<string, number>();
  let completions = 0;
  let disqualified = 0;
  const result = () => ({ format, order, bonusOf, completions, disqualified });
  for (let k = 0; k < bytes.length; k++) {
    const byte = bytes[k]!;
    if (byte === 13 || byte >= 128) {
      format.add("actions.csv must be ASCII with lines ending in a line feed (LF) alone.");
      return result();
    }
  }
  const text = new TextDecoder("utf-8").decode(bytes);
  if (!text.startsWith(`${ACTIONS_HEADER}\n`)) {
    format.add(`Line 1 of actions.csv must be exactly "${ACTIONS_HEADER}" followed by a line feed.`);
    return result();
  }
  if (text.charCodeAt(text.length - 1) !== LF) format.add("actions.csv must end with a line feed after its last line.");
  const lines = text.slice(0, text.charCodeAt(text.length - 1) === LF ? -1 : undefined).split("\n");
  let section: "completions" | "disqualified" = "completions";
  let previous: [string, number, string] | null = null;
  const after = (key: [string, number, string]) =>
    previous === null ||
    key[0] > previous[0] ||
    (key[0] === previous[0] && (key[1] > previous[1] || (key[1] === previous[1] && key[2] > previous[2])));
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const number = i + 1;
    if (section === "completions" && line === ACTIONS_DISQUALIFIED_HEADER) {
      section = "disqualified";
      previous = null;
      continue;
    }
    const fields = line.split(",");
    const [entryId = "", actionId = ""] = fields;
    const idsOk = idProblem(entryId, 0, entryId.length) === null && idProblem(actionId, 0, actionId.length) === null;
    let ms: number;
    let bonus = 0;
    if (section === "completions") {
      if (fields.length !== 5 || !idsOk) {
        format.add(`actions.csv line ${number} does not have the five fields entry_id,action_id,kind,bonus,completed_ms.`);
        continue;
      }
      bonus = decimal(fields[3]!, 0, fields[3]!.length);
      ms = decimal(fields[4]!, 0, fields[4]!.length);
      if (!KINDS.includes(fields[2]!)) format.add(`actions.csv line ${number}: the kind must be one of ${KINDS.join(", ")}.`);
      else if (bonus < 1 || bonus > 10) format.add(`actions.csv line ${number}: the bonus must be a whole number from 1 to 10.`);
      else if (ms < 0) format.add(`actions.csv line ${number}: completed_ms must be a whole number of milliseconds, written in decimal.`);
      else {
        completions += 1;
        bonusOf.set(entryId, (bonusOf.get(entryId) ?? 0) + bonus);
      }
    } else {
      if (fields.length !== 4 || !idsOk) {
        format.add(`actions.csv line ${number} does not have the four fields disqualified_entry_id,action_id,completed_ms,reason.`);
        continue;
      }
      ms = decimal(fields[2]!, 0, fields[2]!.length);
      if (ms < 0) format.add(`actions.csv line ${number}: completed_ms must be a whole number of milliseconds, written in decimal.`);
      else if (!CLAIM_REASONS.includes(fields[3]!))
        format.add(`actions.csv line ${number}: the reason must be one of ${CLAIM_REASONS.join(", ")}.`);
      else disqualified += 1;
    }
    if (ms < 0) continue;
    const key: [string, number, string] = [entryId, ms, actionId];
    if (!after(key))
      order.add(`actions.csv line ${number} is not after the line above it (entry_id, completed_ms, action_id), or repeats it.`);
    if (frozenAtMs !== null && ms > frozenAtMs)
      order.add(`actions.csv line ${number} was completed after the list was frozen, and completions after the freeze never count.`);
    previous = key;
  }
  if (section === "completions") format.add(`The line "${ACTIONS_DISQUALIFIED_HEADER}" is missing from actions.csv.`);
  return result();
}
