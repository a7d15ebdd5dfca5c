/**
 * An independent check of a Giveawear draw (procedures 2 to 5; 4 adds the RFC 3161 anchors, timestamps.ts; 5 the replacement round, decision 099,
 * and the redraws' timing, redraws.ts, decision 102), written from the published procedure text
 * alone, as a stranger would: it shares no code with the draw it checks (decision 040). Pure: no I/O
 * and no node: imports, so the same code runs in a browser tab, a Web Worker and Node 20. The list
 * hash uses WebCrypto; the many small hashes of the random numbers use @noble/hashes (synchronous).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { type Beacon, beaconProblem, DEMO, QUICKNET, readBeacon, roundTimeMs, SCHEME } from "./drand";
import { type ActionList, type DrawList, readActionList, readDrawList } from "./list";
import { type ComputedPick, PickSequence, ticketRange } from "./picks";
import { type RecordTimestamp, checkAnchors, trustedTsaRoots } from "./timestamps";
import { REPLACEMENT_PROCEDURE_VERSION, replacementProblems } from "./replacement";
import { marginProblems } from "./margin";
import { REDRAW_TIMING_PROCEDURE_VERSION, redrawCounts, redrawTimingProblems } from "./redraws";

export type Verdict = "MATCH" | "MISMATCH" | "INCOMPLETE";

export interface Check {
  name: string;
  /** true: checked and right; false: checked and wrong; null: could not be checked. */
  ok: boolean | null;
  detail: string;
}

export interface VerifyResult {
  verdict: Verdict;
  checks: Check[];
}

export interface FetchedJson {
  json: unknown;
  /** Where it came from, for the report (a URL or a file name). */
  source: string;
}

export interface VerifyInput {
  /** draw.json, parsed. */
  record: unknown;
  /** The exact bytes of draw.csv; null when they could not be had. */
  csvBytes: Uint8Array | null;
  /** Procedure 3: the exact bytes of actions.csv; null or absent when they could not be had. */
  actionsBytes?: Uint8Array | null;
  /** The beacon round as fetched from the chain's public URLs. Without it the record's copy is checked (its signature is what proves it). */
  beacon?: FetchedJson | null;
  /** Why the beacon could not be fetched, reported when the record's copy is checked instead. */
  beaconFetchProblem?: string;
  /**
   * A chain's /info JSON given by the person verifying (a file or text of theirs): the only way a
   * chain other than quicknet or the demo chain, whose keys are built in, is accepted. Never taken
   * from the draw record or from Giveawear's servers: whoever runs a chain can sign any round on it.
   */
  chainInfo?: FetchedJson | null;
  /**
   * Procedure 4: root certificates (PEM) of time-stamp authorities the person verifying trusts in
   * addition to the ones built in (decision 090). Never taken from the record or Giveawear's servers.
   */
  tsaRoots?: readonly string[];
  /** The verifier's clock (ms since 1970), against which no time of the record may be in the future; default: now. */
  now?: number;
}

// ---------------------------------------------------------------------------------------------
// The few fields of draw.json this verifier reads (its own minimal view of the record)
// ---------------------------------------------------------------------------------------------

interface RecordPick {
  rank: number;
  entryId: string;
  ticket: string;
  counter: number;
  replaced: boolean;
  redrawnAt: string | null;
  /** Decision 102: the claim deadline the pick's winner was given and when they were notified. */
  claimDeadline: string | null;
  notifiedAt: string | null;
}

interface RecordView {
  procedureVersion: number;
  launchedAt: string | null;
  endsAt: string | null;
  /** Procedure 4: the RFC 3161 tokens (decision 090). */
  timestamps: RecordTimestamp[];
  commitment: string | null;
  beacon: {
    chainHash: string;
    publicKey: string;
    period: number;
    genesisTime: number;
    scheme: string;
    demo: boolean;
    plannedRound: number | null;
    /** Decision 110: the margin after the end the rounds follow from; null (or absent) when the record states none. */
    marginMinutes: number | null;
    round: number | null;
    response: unknown;
    missing: boolean;
    /** Procedure 5 (decision 099): the later round used instead of `round`, as published (checked field by field). */
    replacement: { round: unknown; decidedAt: unknown; reason: unknown } | null;
  } | null;
  list: {
    frozenAt: string;
    sha256: string;
    bytes: number;
    entries: number;
    totalWeight: string;
    /** Decision 104: the most lines that may name one entry as referrer; null (or absent) for no limit. */
    referralCap: number | null;
    disqualified: { id: string; reason: string }[];
    actions: { sha256: string; bytes: number; completions: number; disqualified: number } | null;
  } | null;
  draw: {
    drawnAt: string | null;
    /** Decision 102: the claim window in whole days; absent from records published before it. */
    claimWindowDays: number | null;
    secret: string | null;
    seed: string;
    entries: number;
    totalWeight: string;
    picks: RecordPick[];
  } | null;
}

class RecordError extends Error {}

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

function field<T>(object: Obj, key: string, path: string, test: (value: unknown) => value is T, what: string): T {
  const value = object[key];
  if (!test(value)) throw new RecordError(`${path}${key} should be ${what}`);
  return value;
}
const isString = (value: unknown): value is string => typeof value === "string";
const isInteger = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isPositiveInteger = (value: unknown): value is number => isInteger(value) && value >= 1;
const orNull =
  <T>(test: (value: unknown) => value is T) =>
  (value: unknown): value is T | null =>
    value === null || value === undefined || test(value);
const isObj = (value: unknown): value is Obj => isObject(value);

function readRecord(input: unknown): RecordView {
  if (!isObject(input)) throw new RecordError("draw.json is not a JSON object");
  const procedureVersion = field(input, "procedureVersion", "", isInteger, "a whole number");
  const beaconIn = field(input, "beacon", "", orNull(isObj), "an object or null");
  const listIn = field(input, "list", "", orNull(isObj), "an object or null");
  const drawIn = field(input, "draw", "", orNull(isObj), "an object or null");
  return {
    procedureVersion,
    launchedAt: field(input, "launchedAt", "", orNull(isString), "a time or null") ?? null,
    endsAt: field(input, "endsAt", "", orNull(isString), "a time or null") ?? null,
    timestamps: (field(input, "timestamps", "", orNull(Array.isArray), "a list") ?? []).map((item: unknown, i: number) => {
      const at = `timestamps[${i}].`;
      if (!isObject(item)) throw new RecordError(`timestamps[${i}] should be an object`);
      return {
        subject: field(item, "subject", at, isString, "a text"),
        tsaUrl: field(item, "tsaUrl", at, isString, "a text"),
        token: field(item, "token", at, isString, "base64 text"),
      };
    }),
    commitment: field(input, "commitment", "", orNull(isString), "a hexadecimal text or null") ?? null,
    beacon: beaconIn
      ? {
          chainHash: field(beaconIn, "chainHash", "beacon.", isString, "a text"),
          publicKey: field(beaconIn, "publicKey", "beacon.", isString, "a text"),
          period: field(beaconIn, "period", "beacon.", isInteger, "a whole number"),
          genesisTime: field(beaconIn, "genesisTime", "beacon.", isInteger, "a whole number"),
          scheme: field(beaconIn, "scheme", "beacon.", isString, "a text"),
          demo: field(beaconIn, "demo", "beacon.", orNull(isBoolean), "true or false") === true,
          plannedRound: field(beaconIn, "plannedRound", "beacon.", orNull(isInteger), "a round or null") ?? null,
          marginMinutes:
            field(beaconIn, "marginMinutes", "beacon.", orNull(isPositiveInteger), "a whole number of minutes of at least 1, or null") ??
            null,
          round: field(beaconIn, "round", "beacon.", orNull(isInteger), "a round or null") ?? null,
          response: beaconIn.response ?? null,
          missing: field(beaconIn, "missing", "beacon.", orNull(isBoolean), "true or false") === true,
          replacement: readReplacement(field(beaconIn, "replacement", "beacon.", orNull(isObj), "an object or null") ?? null),
        }
      : null,
    list: listIn
      ? {
          frozenAt: field(listIn, "frozenAt", "list.", isString, "a time"),
          sha256: field(listIn, "sha256", "list.", isString, "a hexadecimal text"),
          bytes: field(listIn, "bytes", "list.", isInteger, "a whole number"),
          entries: field(listIn, "entries", "list.", isInteger, "a whole number"),
          totalWeight: field(listIn, "totalWeight", "list.", isString, "a decimal text"),
          referralCap: field(listIn, "referralCap", "list.", orNull(isPositiveInteger), "a whole number of at least 1, or null") ?? null,
          disqualified: field(listIn, "disqualified", "list.", Array.isArray, "a list").map((item, i) => {
            if (!isObject(item)) throw new RecordError(`list.disqualified[${i}] should be an object`);
            return {
              id: field(item, "id", `list.disqualified[${i}].`, isString, "a text"),
              reason: field(item, "reason", `list.disqualified[${i}].`, isString, "a text"),
            };
          }),
          actions: readActions(field(listIn, "actions", "list.", orNull(isObj), "an object or null") ?? null),
        }
      : null,
    draw: drawIn
      ? {
          drawnAt: field(drawIn, "drawnAt", "draw.", orNull(isString), "a time or null") ?? null,
          claimWindowDays: field(drawIn, "claimWindowDays", "draw.", orNull(isInteger), "a whole number of days or null") ?? null,
          secret: field(drawIn, "secret", "draw.", orNull(isString), "a text or null") ?? null,
          seed: field(drawIn, "seed", "draw.", isString, "a text"),
          entries: field(drawIn, "entries", "draw.", isInteger, "a whole number"),
          totalWeight: field(drawIn, "totalWeight", "draw.", isString, "a decimal text"),
          picks: field(drawIn, "picks", "draw.", Array.isArray, "a list").map((item, i) => {
            const at = `draw.picks[${i}].`;
            if (!isObject(item)) throw new RecordError(`draw.picks[${i}] should be an object`);
            return {
              rank: field(item, "rank", at, isInteger, "a whole number"),
              entryId: field(item, "entryId", at, isString, "a text"),
              ticket: field(item, "ticket", at, isString, "a decimal text"),
              counter: field(item, "counter", at, isInteger, "a whole number"),
              replaced: field(item, "replaced", at, orNull(isBoolean), "true or false") === true,
              redrawnAt: field(item, "redrawnAt", at, orNull(isString), "a time or null") ?? null,
              claimDeadline: field(item, "claimDeadline", at, orNull(isString), "a time or null") ?? null,
              notifiedAt: field(item, "notifiedAt", at, orNull(isString), "a time or null") ?? null,
            };
          }),
        }
      : null,
  };
}

function readReplacement(replacementIn: Obj | null): NonNullable<RecordView["beacon"]>["replacement"] {
  if (!replacementIn) return null;
  return { round: replacementIn.round, decidedAt: replacementIn.decidedAt, reason: replacementIn.reason };
}

function readActions(actionsIn: Obj | null): NonNullable<RecordView["list"]>["actions"] {
  if (!actionsIn) return null;
  return {
    sha256: field(actionsIn, "sha256", "list.actions.", isString, "a hexadecimal text"),
    bytes: field(actionsIn, "bytes", "list.actions.", isInteger, "a whole number"),
    completions: field(actionsIn, "completions", "list.actions.", isInteger, "a whole number"),
    disqualified: field(actionsIn, "disqualified", "list.actions.", isInteger, "a whole number"),
  };
}

// ---------------------------------------------------------------------------------------------

const encoder = new TextEncoder();
const sha256Text = (text: string) => bytesToHex(sha256(encoder.encode(text)));

async function sha256Bytes(bytes: Uint8Array): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  // WebCrypto is there in browsers (secure contexts) and Node 20; @noble's hash is the fallback.
  if (!subtle) return bytesToHex(sha256(bytes));
  return bytesToHex(new Uint8Array(await subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)));
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

export function verdictOf(checks: readonly Check[]): Verdict {
  if (checks.some((check) => check.ok === false)) return "MISMATCH";
  if (checks.some((check) => check.ok === null)) return "INCOMPLETE";
  return "MATCH";
}

export async function verifyDraw(input: VerifyInput): Promise<VerifyResult> {
  const checks: Check[] = [];
  const add = (name: string, ok: boolean | null, detail: string) => checks.push({ name, ok, detail });
  const done = (): VerifyResult => ({ verdict: verdictOf(checks), checks });

  let record: RecordView;
  try {
    record = readRecord(input.record);
  } catch (error) {
    if (!(error instanceof RecordError)) throw error;
    add("Draw record", false, `draw.json is not a draw record this verifier can read: ${error.message}.`);
    return done();
  }
  const version = record.procedureVersion;
  if (version !== 2 && version !== 3 && version !== 4 && version !== 5) {
    add(
      "Draw record",
      null,
      version === 1
        ? "This draw was made with procedure 1, before entry lists were frozen and a public beacon was mixed in; this verifier checks procedures 2 to 5 only."
        : `Unknown procedure version ${version}; this verifier checks procedures 2 to 5.`,
    );
    return done();
  }
  add("Draw record", true, `draw.json is a procedure ${version} draw record.`);

  // --- The frozen list ------------------------------------------------------------------------
  const { list: listRecord, draw } = record;
  let list: DrawList | null = null;
  if (!listRecord) {
    add("Entry list", null, "The entry list is not frozen yet, so there is nothing to check against.");
  } else if (!input.csvBytes) {
    add("Entry list", null, "draw.csv could not be had, so the list could not be checked.");
  } else {
    const bytes = input.csvBytes;
    const hash = await sha256Bytes(bytes);
    if (hash !== listRecord.sha256) {
      add("List hash", false, `SHA-256 of draw.csv is ${hash}, but the published list hash is ${listRecord.sha256}.`);
    } else if (bytes.length !== listRecord.bytes) {
      add("List hash", false, `draw.csv has ${plural(bytes.length, "byte")}, but the record says ${plural(listRecord.bytes, "byte")}.`);
    } else {
      add(
        "List hash",
        true,
        `SHA-256 of draw.csv (${plural(bytes.length, "byte")}) equals the list hash published at the freeze: ${hash}.`,
      );
    }

    // Procedure 3: actions.csv first; its bonuses are part of every weight.
    let actions: ActionList | null = null;
    let actionsReadable = true;
    if (version >= 3) {
      const published = listRecord.actions;
      if (!published) {
        actionsReadable = false;
        add("Actions list", false, "Procedure 3 publishes actions.csv with draw.csv, but the record has no actions hash.");
      } else if (!input.actionsBytes) {
        actionsReadable = false;
        add("Actions list", null, "actions.csv could not be had, so the weights could not be checked.");
      } else {
        const actionBytes = input.actionsBytes;
        const actionsHash = await sha256Bytes(actionBytes);
        if (actionsHash !== published.sha256)
          add("Actions hash", false, `SHA-256 of actions.csv is ${actionsHash}, but the published actions hash is ${published.sha256}.`);
        else if (actionBytes.length !== published.bytes)
          add(
            "Actions hash",
            false,
            `actions.csv has ${plural(actionBytes.length, "byte")}, but the record says ${plural(published.bytes, "byte")}.`,
          );
        else
          add(
            "Actions hash",
            true,
            `SHA-256 of actions.csv (${plural(actionBytes.length, "byte")}) equals the actions hash published at the freeze: ${actionsHash}.`,
          );
        const frozenAtMs = Date.parse(listRecord.frozenAt);
        actions = readActionList(actionBytes, Number.isNaN(frozenAtMs) ? null : frozenAtMs);
        actionsReadable = actions.format.ok;
        const problems = [actions.format.describe(), actions.order.describe()].filter(Boolean);
        if (actionsReadable && (actions.completions !== published.completions || actions.disqualified !== published.disqualified))
          problems.push(
            `actions.csv has ${plural(actions.completions, "completion")} and ${plural(actions.disqualified, "rejected claim")}, but the record says ${published.completions} and ${published.disqualified}.`,
          );
        add(
          "Actions list",
          problems.length === 0,
          problems.length === 0
            ? `${plural(actions.completions, "counted completion")} and ${plural(actions.disqualified, "rejected claim")}, in the published format and order, none after the freeze.`
            : problems.join(" "),
        );
      }
    }

    list = readDrawList(bytes, version >= 3 && actions && actionsReadable ? actions.bonusOf : null, listRecord.referralCap);
    const readable = list.format.ok;
    add(
      "List format",
      readable,
      readable
        ? "ASCII, one line per entry ending in a line feed, the header lines and fields exactly as the procedure states."
        : list.format.describe(),
    );
    const notReadable = "Not checked: the list is not in the published format.";
    if (!readable) {
      add("Draw order", null, notReadable);
      add("Weights", null, notReadable);
      add("Disqualified entries", null, notReadable);
      add("Counts", null, notReadable);
    } else {
      add(
        "Draw order",
        list.order.ok,
        list.order.ok
          ? `${plural(list.count, "entry line", "entry lines")} in draw order: creation time, then entry id in byte order, no repeats.`
          : list.order.describe(),
      );
      const outside =
        list.outsideReferrers > 0
          ? ` ${plural(list.outsideReferrers, "referrer id")} name no entry line (for example a referrer that was disqualified); they add weight to no one.`
          : "";
      const capped =
        listRecord.referralCap === null
          ? ""
          : ` No entry is named as referrer by more than ${plural(listRecord.referralCap, "line")}, the referral cap the rules state (list.referralCap).`;
      if (version >= 3 && !actionsReadable) add("Weights", null, "Not checked: actions.csv could not be read.");
      else
        add(
          "Weights",
          list.weights.ok,
          list.weights.ok
            ? version >= 3
              ? `Every weight is 1 + 3 x the entry lines naming that entry as referrer + its bonuses in actions.csv.${capped}${outside}`
              : `Every weight is 1 + 3 x the entry lines naming that entry as referrer.${capped}${outside}`
            : list.weights.describe(),
        );
      const disqualifiedProblems = [...list.disqualifiedProblems.shown];
      const published = listRecord.disqualified;
      const same =
        published.length === list.disqualified.length &&
        published.every((item, i) => item.id === list!.disqualified[i]!.id && item.reason === list!.disqualified[i]!.reason);
      if (!same) disqualifiedProblems.push("The disqualified entries in draw.json differ from those in draw.csv.");
      add(
        "Disqualified entries",
        disqualifiedProblems.length === 0,
        disqualifiedProblems.length === 0
          ? list.disqualified.length === 0
            ? "No entry was disqualified."
            : `${plural(list.disqualified.length, "disqualified entry", "disqualified entries")}, sorted by id, none of them in the draw, the same as in draw.json.`
          : disqualifiedProblems.join(" "),
      );
      const counts: string[] = [];
      const total = String(list.totalWeight);
      if (listRecord.entries !== list.count) counts.push(`the record says ${plural(listRecord.entries, "entry", "entries")} in the list`);
      if (listRecord.totalWeight !== total) counts.push(`the record says the list's total weight is ${listRecord.totalWeight}`);
      if (draw && draw.entries !== list.count) counts.push(`the draw says it used ${plural(draw.entries, "entry", "entries")}`);
      if (draw && draw.totalWeight !== total) counts.push(`the draw says its total weight was ${draw.totalWeight}`);
      add(
        "Counts",
        counts.length === 0,
        counts.length === 0
          ? `${plural(list.count, "entry", "entries")} holding ${plural(list.totalWeight, "ticket")}, as the record says.`
          : `draw.csv has ${plural(list.count, "entry", "entries")} holding ${plural(list.totalWeight, "ticket")}, but ${counts.join("; ")}.`,
      );
    }
  }

  // --- The beacon chain and round ---------------------------------------------------------------
  const chainRecord = record.beacon;
  let publicKey: string | null = null;
  let randomness: string | null = null;
  let drawRoundTime: number | null = null;
  if (!chainRecord) {
    add(
      "Beacon chain",
      draw ? false : null,
      draw ? "The record names no beacon chain, which procedure 2 requires." : "No beacon chain is named yet.",
    );
  } else {
    const chain = chainRecord.chainHash === QUICKNET.hash ? QUICKNET : chainRecord.chainHash === DEMO.hash ? DEMO : chainRecord;
    const sameAs = (pinned: { publicKey: string; period: number; genesisTime: number }) =>
      chainRecord.publicKey === pinned.publicKey && chainRecord.period === pinned.period && chainRecord.genesisTime === pinned.genesisTime;
    if (chainRecord.scheme !== SCHEME) {
      add("Beacon chain", false, `The chain's scheme is "${chainRecord.scheme}"; procedure 2 uses ${SCHEME}.`);
    } else if (chainRecord.chainHash === QUICKNET.hash) {
      // quicknet's key is built in: a record (or a server) cannot bring its own key for it.
      const same = sameAs(QUICKNET) && !chainRecord.demo;
      if (same) publicKey = QUICKNET.publicKey;
      add(
        "Beacon chain",
        same,
        same
          ? "drand quicknet of the League of Entropy; its public key is built into this verifier, not taken from the record."
          : "The record names drand quicknet but gives another public key, period or genesis time than quicknet's (built into this verifier): its beacon is checked under quicknet's key only.",
      );
    } else if (chainRecord.chainHash === DEMO.hash || chainRecord.demo) {
      const same = chainRecord.chainHash === DEMO.hash && chainRecord.demo && sameAs(DEMO);
      if (same) publicKey = DEMO.publicKey;
      add(
        "Beacon chain",
        same,
        same
          ? "A demo beacon, not drand: its signing key is published, so anyone (Giveawear included) can make its rounds. Demo draws show the procedure; their randomness is not independent."
          : chainRecord.demo
            ? `The record calls chain ${chainRecord.chainHash} a demo beacon, but it is not Giveawear's demo chain (built into this verifier).`
            : "The record names Giveawear's demo chain for a draw that does not say it is a demo: a real giveaway's draw uses drand quicknet.",
      );
    } else if (input.chainInfo) {
      // Another chain only with a key the person verifying gave: never the record's, never a relay's.
      const info = isObject(input.chainInfo.json) ? input.chainInfo.json : {};
      const same =
        info.public_key === chainRecord.publicKey &&
        info.period === chainRecord.period &&
        info.genesis_time === chainRecord.genesisTime &&
        info.hash === chainRecord.chainHash;
      if (same) publicKey = chainRecord.publicKey;
      add(
        "Beacon chain",
        same,
        same
          ? `Chain ${chainRecord.chainHash}, not drand quicknet: its hash, public key, period and genesis are the ones you gave in ${input.chainInfo.source}. The draw is only as independent as whoever runs that chain.`
          : `Chain ${chainRecord.chainHash} is not the chain you gave in ${input.chainInfo.source} (its hash, public key, period or genesis time differ).`,
      );
    } else {
      add(
        "Beacon chain",
        false,
        `The record names chain ${chainRecord.chainHash}, not drand quicknet: a real giveaway's draw uses quicknet, whose public key is built into this verifier. Another chain's key is accepted only when you give it yourself (the Node script's --chain-info, or "Another beacon chain" in the browser), never from the record or Giveawear's servers, since whoever runs a chain can sign any round on it.`,
      );
    }

    // Round: after the freeze (the list hash was out before the randomness existed).
    const round = chainRecord.round;
    if (round === null || round < 1) {
      add(
        "Beacon round",
        draw ? false : null,
        draw ? "The record names no beacon round for a finished draw." : "The beacon round is not known yet.",
      );
    } else {
      const roundTime = roundTimeMs(chain, round);
      drawRoundTime = roundTime;
      const problems: string[] = [];
      const frozenAt = listRecord ? Date.parse(listRecord.frozenAt) : NaN;
      if (listRecord && !Number.isFinite(frozenAt)) problems.push(`the freeze time "${listRecord.frozenAt}" is not a time`);
      else if (listRecord && !(roundTime > frozenAt)) {
        problems.push(
          `round ${round} was produced at ${new Date(roundTime).toISOString()}, not after the list was frozen (${listRecord.frozenAt})`,
        );
      }
      const planned = chainRecord.plannedRound;
      if (planned !== null) {
        const plannedTime = roundTimeMs(chain, planned);
        const endsAt = record.endsAt ? Date.parse(record.endsAt) : NaN;
        if (Number.isFinite(endsAt) && plannedTime < endsAt)
          problems.push(`the planned round ${planned} comes before the end of the giveaway`);
        if (round !== planned) {
          if (round < planned) problems.push(`the round used (${round}) comes before the round published at launch (${planned})`);
          else if (Number.isFinite(frozenAt) && frozenAt <= plannedTime - 30_000) {
            problems.push(
              `the round published at launch (${planned}) was replaced by ${round} although the list was frozen more than 30 s before it`,
            );
          }
        }
      }
      // Decision 110: with the margin published, the planned round and a late freeze's round are exactly determined.
      const margin = chainRecord.marginMinutes;
      if (margin !== null) {
        const endsAtMs = record.endsAt ? Date.parse(record.endsAt) : NaN;
        problems.push(...marginProblems(chain, { marginMinutes: margin, endsAtMs, plannedRound: planned, round, frozenAtMs: frozenAt }));
      }
      const marginWords =
        margin === null
          ? ""
          : ` (the first at or after ${planned === round ? "the end" : "the end of the freeze"} plus the published margin of ${margin} min)`;
      const detail =
        planned === null
          ? `Round ${round} (chosen at the freeze: the campaign launched before rounds were published), produced at ${new Date(roundTime).toISOString()}, after the list was frozen.`
          : round === planned
            ? `Round ${round}${marginWords}, published at launch, produced at ${new Date(roundTime).toISOString()}, after the list was frozen.`
            : `Round ${round}${marginWords}, produced at ${new Date(roundTime).toISOString()}: it replaced round ${planned} published at launch because the list was frozen later than 30 s before that round's time.`;
      add("Beacon round", problems.length === 0, problems.length === 0 ? detail : `${problems.join("; ")}.`);

      // Procedure 5 (decision 099): a later round decided 24 hours after this one, published with why.
      const replacement = chainRecord.replacement;
      let beaconRound = round;
      if (replacement) {
        const wrong = replacementProblems(chain, round, replacement);
        if (typeof replacement.round === "number") beaconRound = replacement.round;
        add(
          "Replacement round",
          wrong.length === 0,
          wrong.length === 0
            ? `Round ${round} could not be had, so at ${String(replacement.decidedAt)} (at least 24 hours after its time) the draw chose round ${beaconRound}, the first round at least 10 minutes later, which nobody could know then. Reason given: ${String(replacement.reason)}. This verifier cannot check that round ${round} was really unavailable, only that the replacement was chosen as the procedure says.`
            : `${wrong.join("; ").replace(/^./, (c) => c.toUpperCase())}.`,
        );
      }

      // The beacon itself.
      const stored = chainRecord.response;
      if (chainRecord.missing && version >= REPLACEMENT_PROCEDURE_VERSION) {
        add(
          "Beacon",
          false,
          `The record says the draw had no beacon and used the launch secret alone, which procedure ${version} forbids: whoever knew the secret (Giveawear) could compute the winners in advance. Without round ${round} the draw must use a replacement round.`,
        );
      } else if (chainRecord.missing && replacement) {
        add("Beacon", false, "The record says the beacon was missing but also names a replacement round.");
      } else if (chainRecord.missing) {
        add(
          "Beacon",
          stored === null ? true : false,
          stored === null
            ? `No beacon: the record says round ${round} could not be had within 24 hours of its time, so the draw used the launch secret alone. Whoever knew the secret (Giveawear) could compute the winners in advance; this verifier cannot check that the beacon was really unavailable.`
            : "The record says the beacon was missing but also holds one.",
        );
      } else if (!input.beacon && stored === null) {
        add(
          "Beacon",
          draw ? false : null,
          draw
            ? "The draw happened but the record holds no beacon and does not say it was missing."
            : `The draw has not been made yet and the beacon round could not be fetched${input.beaconFetchProblem ? ` (${input.beaconFetchProblem})` : ""}: it may not be out yet.`,
        );
      } else {
        const fetched = input.beacon ? readBeacon(input.beacon.json) : null;
        const copy = stored === null ? null : readBeacon(stored);
        const beacon: Beacon | null = input.beacon ? fetched : copy;
        const from = input.beacon
          ? `fetched from ${input.beacon.source}`
          : `the copy in draw.json${input.beaconFetchProblem ? ` (the chain's public URLs could not be used: ${input.beaconFetchProblem})` : ""}`;
        let problem: string | null = null;
        if (!beacon) problem = `the beacon ${from} is not drand beacon JSON (round, randomness, signature)`;
        else if (beacon.round !== beaconRound) problem = `the beacon ${from} is for round ${beacon.round}, not ${beaconRound}`;
        else if (
          input.beacon &&
          stored !== null &&
          (!copy || copy.signature !== beacon.signature || copy.randomness !== beacon.randomness)
        ) {
          problem = "the beacon fetched from the chain differs from the copy in draw.json";
        } else if (!publicKey) problem = null;
        else problem = beaconProblem(publicKey, beacon);
        if (problem) add("Beacon", false, `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`);
        else if (!publicKey) add("Beacon", null, "Not checked: the chain's public key could not be confirmed.");
        else {
          randomness = beacon!.randomness;
          add(
            "Beacon",
            true,
            `Round ${beaconRound}, ${from}: its BLS signature verifies under the chain's public key and its randomness is SHA-256 of the signature.`,
          );
        }
      }
    }
  }

  // --- Secret, commitment and the final seed ----------------------------------------------------
  // --- Procedure 4: the time-stamps anchoring the commitment and the list hash -----------------
  if (version >= 4) {
    const anchors = await checkAnchors(
      record.timestamps,
      {
        commitment: record.commitment,
        launchedAt: record.launchedAt,
        listSha256: listRecord?.sha256 ?? null,
        roundTimeMs: drawRoundTime,
        drawn: draw !== null,
      },
      trustedTsaRoots(input.tsaRoots),
    );
    for (const anchor of anchors) add(anchor.name, anchor.ok, anchor.detail);
  }

  if (!draw) {
    add("Draw", null, "The draw has not happened yet: the secret, the seed and the picks are not published.");
    return done();
  }
  const secret = draw.secret ?? "";
  if (record.commitment === null) {
    add(
      "Commitment",
      secret === "" ? true : false,
      secret === ""
        ? "No commitment was published at launch; as the procedure says, the draw then uses the empty string as secret, and the beacon alone makes the seed."
        : "A secret is revealed but no commitment to it was published at launch.",
    );
  } else if (!/^[0-9a-f]{64}$/.test(secret)) {
    add("Commitment", false, "The revealed secret is not 64 lowercase hexadecimal characters.");
  } else {
    const hash = sha256Text(secret);
    add(
      "Commitment",
      hash === record.commitment,
      hash === record.commitment
        ? "SHA-256 of the revealed secret equals the commitment published at launch."
        : `SHA-256 of the revealed secret is ${hash}, not the published commitment ${record.commitment}.`,
    );
  }

  let seed: string | null = null;
  if (chainRecord?.missing && version >= REPLACEMENT_PROCEDURE_VERSION) {
    add("Final seed", false, `Procedure ${version} never uses the secret alone as the seed; this draw has no beacon.`);
  } else if (chainRecord?.missing) {
    seed = secret;
    add(
      "Final seed",
      draw.seed === seed,
      draw.seed === seed
        ? "Without a beacon the seed is the secret itself, as the procedure says."
        : "Without a beacon the seed must be the secret, but it is not.",
    );
  } else if (randomness !== null) {
    seed = sha256Text(`${secret}:${randomness}`);
    add(
      "Final seed",
      draw.seed === seed,
      draw.seed === seed
        ? `SHA-256("<secret>:<randomness>") = ${seed}, the seed the draw used.`
        : `SHA-256("<secret>:<randomness>") is ${seed}, but the record's seed is ${draw.seed}.`,
    );
  } else {
    add("Final seed", null, "Not checked: the beacon could not be checked.");
  }

  // --- Picks ----------------------------------------------------------------------------------
  if (!list || !list.format.ok) {
    add("Picks", null, "Not checked: the entry list could not be read.");
  } else {
    add("Picks", ...checkPicks(list, seed ?? draw.seed, draw.picks, seed === null));
  }
  checkRedrawTiming(version, draw, input.now ?? Date.now(), add);
  return done();
}

/**
 * Decision 102: every redraw no earlier than the replaced winner's claim deadline, that deadline no
 * earlier than the replaced pick's time plus the published claim window, the winner notified in
 * between, and no time in the future. For procedures before 5 the deadlines are checked only when
 * the record publishes the claim window (copies saved before decision 102 verify as they did); the
 * future check holds for every record. Reported only when there is a redraw or something is wrong.
 */
function checkRedrawTiming(
  version: number,
  draw: NonNullable<RecordView["draw"]>,
  nowMs: number,
  add: (name: string, ok: boolean | null, detail: string) => void,
): void {
  const redraws = draw.picks.filter((pick) => pick.redrawnAt !== null).length;
  const accountable = version >= REDRAW_TIMING_PROCEDURE_VERSION || draw.claimWindowDays !== null;
  const problems = redrawTimingProblems(
    { drawnAt: draw.drawnAt, claimWindowDays: draw.claimWindowDays, picks: accountable ? draw.picks : draw.picks.map(untimed) },
    nowMs,
  );
  if (accountable && redraws > 0 && draw.claimWindowDays === null)
    problems.unshift(
      `a procedure ${version} record with a redraw publishes the claim window (draw.claimWindowDays), but this one does not`,
    );
  if (problems.length > 0) {
    add(
      "Redraw timing",
      false,
      `${problems.join("; ")}.`.replace(/^./, (c) => c.toUpperCase()),
    );
    return;
  }
  // Older records without the window keep the checks they had (no new line in their report).
  if (redraws === 0 || !accountable) return;
  const perRank = [...redrawCounts(draw.picks)].map(([rank, count]) => `rank ${rank}: ${plural(count, "redraw")}`).join(", ");
  add(
    "Redraw timing",
    true,
    `Every redraw (${perRank}) came no earlier than the replaced winner's claim deadline, each such deadline was at least the ${draw.claimWindowDays}-day claim window after the pick, and each replaced winner was notified between the pick and the deadline.`,
  );
}

/** A pick as a record without the claim window is checked: only its notification time (not in the future). */
function untimed(pick: RecordPick): RecordPick {
  return { ...pick, redrawnAt: null, claimDeadline: null };
}

function checkPicks(list: DrawList, seed: string, picks: RecordPick[], unverifiedSeed: boolean): [boolean | null, string] {
  const problems: string[] = [];
  // Originals first, rank 1 then 2, 3...; redraws after them, each for a rank drawn before.
  let originals = 0;
  let redraws = 0;
  picks.forEach((pick, i) => {
    if (pick.redrawnAt === null) {
      if (redraws > 0) problems.push(`pick ${i + 1} is not a redraw but comes after one`);
      else if (pick.rank !== originals + 1) problems.push(`pick ${i + 1} is for rank ${pick.rank}; the draw goes rank 1, 2, 3...`);
      originals += 1;
    } else {
      redraws += 1;
      if (!picks.slice(0, i).some((earlier) => earlier.rank === pick.rank))
        problems.push(`pick ${i + 1} redraws rank ${pick.rank}, which was not drawn before`);
    }
    const replacedLater = picks.slice(i + 1).some((later) => later.rank === pick.rank);
    if (pick.replaced !== replacedLater) {
      problems.push(
        replacedLater ? `pick ${i + 1} was redrawn but is not marked replaced` : `pick ${i + 1} is marked replaced but was never redrawn`,
      );
    }
  });

  const sequence = new PickSequence(list, seed);
  let mismatches = 0;
  for (let i = 0; i < picks.length; i++) {
    const pick = picks[i]!;
    let computed: ComputedPick | null;
    try {
      computed = sequence.next();
    } catch (error) {
      problems.push(`pick ${i + 1} cannot be recomputed: ${error instanceof Error ? error.message : String(error)}`);
      break;
    }
    if (!computed) {
      problems.push(`pick ${i + 1} (rank ${pick.rank}) should not exist: every entry had already been picked`);
      break;
    }
    if (computed.entryId !== pick.entryId || computed.ticket !== pick.ticket || computed.counter !== pick.counter) {
      mismatches += 1;
      if (mismatches <= 3) {
        problems.push(
          `pick ${i + 1} (rank ${pick.rank}) says entry ${pick.entryId}, ticket ${pick.ticket}, n = ${pick.counter}; the procedure gives entry ${computed.entryId}, ticket ${computed.ticket}, n = ${computed.counter}`,
        );
      }
    }
  }
  if (mismatches > 3) problems.push(`${mismatches - 3} more picks differ`);
  if (problems.length > 0) return [false, `${problems.join("; ")}.`.replace(/^./, (c) => c.toUpperCase())];
  if (picks.length === 0) {
    return list.count === 0
      ? [true, "No entries, so no picks, as the procedure says."]
      : [false, "The list has entries but the draw made no pick."];
  }
  const described = picks
    .map((pick) => {
      const index = list.indexOf.get(pick.entryId)!;
      const [first, last] = ticketRange(list, index);
      const held = first === last ? "its only ticket" : `it holds ${first}-${last}`;
      return `rank ${pick.rank}${pick.redrawnAt ? " (redraw)" : ""}${pick.replaced ? " (replaced)" : ""}: ${pick.entryId}, ticket ${pick.ticket} (${held}), n = ${pick.counter}`;
    })
    .join("; ");
  if (unverifiedSeed) return [null, `The picks follow from the record's seed, which could not be checked: ${described}.`];
  return [true, `Recomputed ${plural(picks.length, "pick")} (${originals} drawn, ${redraws} redrawn), all the same: ${described}.`];
}
