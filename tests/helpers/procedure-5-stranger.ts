/**
 * A stranger's verifier for draw procedure 5, written from the procedure text as the draw page
 * publishes it and from nothing else of ours: it imports no module of the app (a test checks), only
 * Node's own modules and the libraries the text names the standards of (@noble/curves for BLS12-381,
 * pkijs and asn1js for CMS). What it relies on in the text is listed in RELIED_ON below: the test
 * asserts that the published text still says each of those things, so that a change of the text
 * fails the test instead of leaving this verifier checking another procedure.
 *
 * Its trust store is its own: the time-stamp roots it trusts, and any beacon chain it was given
 * apart from the two the text pins (the tests' fake drand, whose key the test holds, as the person
 * running a test chain would hand it over).
 */
import { createHash, X509Certificate } from "node:crypto";
import http from "node:http";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

/** Sentences (exact fragments) of procedure 5 that the checks below implement, by step. */
export const RELIED_ON = [
  // Step 1: C and the round R.
  "It published the commitment C = SHA-256 of the secret's 64 ASCII characters, written as 64 lowercase hexadecimal characters",
  "the first round whose time (genesis_time + (R - 1) x period seconds) is at or after the end of the giveaway plus a margin M",
  'M is the number of minutes draw.json states as "beacon": {"marginMinutes": M}, or 10 minutes when it states none (null or absent).',
  // Steps 2 and 3: the lists, their bytes and the weights.
  'up to the referral cap when the giveaway\'s rules set one (at most K friends per entry earn it, the first ones confirmed; draw.json publishes K as "list": {"referralCap": K}, or null when there is no cap)',
  "Each is ASCII text; every line ends with a line feed (LF, byte 10), the last line included; there are no other line breaks and no spaces.",
  "draw.csv. Line 1 is: entry_id,created_ms,referrer_id,weight",
  "in draw order: created_ms ascending, entries with the same created_ms ordered by entry_id compared byte by byte. Each line is: <entry_id>,<created_ms>,<referrer_id>,<weight>",
  "referrer_id: the entry_id of the listed entry whose referral link brought this entry, when that referral earned a bonus; otherwise empty",
  "weight: 1 + 3 x (the number of entry lines whose referrer_id equals this line's entry_id) + (the sum of the bonus fields of the completion lines of actions.csv whose entry_id equals this line's entry_id).",
  "with a referral cap K, no entry_id appears as the referrer_id of more than K entry lines.",
  "Then the line: disqualified_entry_id,reason",
  "sorted by entry_id byte by byte: <entry_id>,<reason>, where reason is one of duplicate, fake, automated, rules.",
  "actions.csv. Line 1 is: entry_id,action_id,kind,bonus,completed_ms",
  "<entry_id>,<action_id>,<kind>,<bonus>,<completed_ms>",
  "kind: one of visit, code, question, daily, follow.",
  "bonus: the bonus entries the completion earned, a whole number from 1 to 10.",
  "never after the freeze.",
  "Then the line: disqualified_entry_id,action_id,completed_ms,reason",
  "<entry_id>,<action_id>,<completed_ms>,<reason>, where reason is one of false_claim, duplicate, automated, rules.",
  "Both sections are sorted by entry_id compared byte by byte, then completed_ms ascending, then action_id compared byte by byte; no line appears twice.",
  "The list hash H = SHA-256 of the whole of draw.csv, and the actions hash A = SHA-256 of the whole of actions.csv, as lowercase hexadecimal.",
  "If the freeze finishes later than 30 seconds before round R's time, the draw uses instead the first round at or after the end of the freeze plus the same margin M",
  // Step 4: the beacon and the chains.
  "domain separation tag BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_) verifies, under the chain's public key, over the message SHA-256(R written as 8 bytes, unsigned big-endian), and its randomness equals SHA-256 of the signature's bytes, in lowercase hexadecimal.",
  "the beacon is checked under this key only, never under a key read from the draw record or from Giveawear's servers",
  "Only a demo campaign (its record says demo: true) uses Giveawear's demo chain instead",
  // Step 5: the seed and the replacement round.
  'S = SHA-256 of the ASCII text "<secret>:<randomness>"',
  "The draw never uses the secret alone.",
  "at a moment D no earlier than round R's time plus 24 hours it may decide to use instead the replacement round R2, the first round whose time is at least 10 minutes after D",
  '"beacon": {"replacement": {"round": R2, "roundTime", "decidedAt": D, "reason"}}; the randomness in S is then that of round R2\'s beacon, valid as step 4 says for round R2, and "beacon"."response" holds it.',
  "A draw record with no beacon, with a replacement decided earlier than round R's time plus 24 hours, with a replacement round other than the first round at least 10 minutes after D, or with a replacement that does not say why, does not follow this procedure.",
  // Steps 6 to 8: tickets and picks.
  "The entries hold the tickets 0 to T-1 in list order",
  'the n-th random number R(n) is the first 8 bytes of SHA-256 of the ASCII text "<S>:<n>" (n in decimal, no padding), read as an unsigned 64-bit big-endian integer. Let L = floor(2^64 / T) x T.',
  "a number R(n) >= L is discarded (so that every ticket is equally likely), otherwise it gives the ticket R(n) mod T.",
  "A ticket held by an entry already picked in this draw is skipped and the next random number is used, so nobody wins twice. Each pick records its ticket and the counter n that produced it.",
  // Step 9: redraws.
  "drawn again by continuing the same sequence after the last pick, skipping every entry picked before, the replaced winner included. The replaced pick stays in the record, marked as replaced",
  'draw.json publishes the claim window W in whole days ("draw": {"claimWindowDays"}), and every pick records its "claimDeadline", at least W days after the pick was made (the draw\'s "drawnAt" for the original picks, the pick\'s "redrawnAt" for a redraw), and its "notifiedAt"',
  "A redraw is valid only when the pick it replaces (the last earlier pick of the same rank) has a notifiedAt no earlier than that pick was made and earlier than its claimDeadline, and a claimDeadline at least W days after that pick was made, and the redraw's redrawnAt is no earlier than that claimDeadline, no earlier than drawnAt and no earlier than the redraw recorded before it.",
  "No time in the record (drawnAt, redrawnAt, notifiedAt) may be later than the moment the record is checked (give or take 5 minutes between clocks).",
  // Step 10: the anchors.
  'draw.json lists every token under "timestamps": its subject ("commitment" or "list"), the authority\'s URL, and the token itself, the DER of a CMS ContentInfo holding a SignedData over a TSTInfo, in base64.',
  "its TSTInfo's messageImprint is SHA-256 (OID 2.16.840.1.101.3.4.2.1) of the 64 ASCII characters of X",
  "which is certified for time-stamping (extended key usage id-kp-timeStamping) and chains to the authority's root certificate as you obtain it from the authority or your own trust store, never from Giveawear",
  "its genTime is, for C, no later than the launch time plus 10 minutes and, for H, earlier than round R's time. At least one token must anchor C and at least one must anchor H, and every token listed must anchor its hash",
  // Step 11: where draw.json puts each fact.
  '"launchedAt" (the launch time), "endsAt" (the end of the giveaway), "commitment" (C)',
  '"beacon": {"chainHash" (the chain), "demo", "plannedRound" (the round published at launch), "marginMinutes" (M), "round" (R), "response", "replacement"}',
  '"list": {"frozenAt" (the end of the freeze), "sha256" (H), "referralCap", "actions": {"sha256" (A)}}',
  '"draw": {"drawnAt" (when the original picks were made, never before the time of the round whose beacon S uses), "secret", "seed" (S), "claimWindowDays", "picks"}',
  'each pick is {"rank", "entryId", "ticket", "counter" (n), "replaced", "redrawnAt" (null for the original picks), "reason", "claimDeadline", "notifiedAt"}, in the order the picks were made',
  '"timestamps": [{"subject", "tsaUrl", "token"}]',
] as const;

/** The sentences of RELIED_ON the text no longer contains. */
export function missingSentences(procedureText: string): string[] {
  const flat = procedureText.replace(/\s+/g, " ");
  return RELIED_ON.filter((sentence) => !flat.includes(sentence));
}

/** The procedure's paragraphs as the draw page shows them (the HTML of /campaign/<id>/draw). */
export function procedureFromDrawPage(html: string): string {
  const start = html.indexOf('data-testid="draw-procedure"');
  if (start === -1) throw new Error("the draw page shows no procedure");
  const end = html.indexOf("</div>", start);
  const paragraphs = [...html.slice(start, end).matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((match) => match[1]!);
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: " " };
  const decode = (text: string) =>
    text
      .replace(/<!-- -->/g, "")
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
        name in entities
          ? entities[name]!
          : name.startsWith("#x")
            ? String.fromCodePoint(parseInt(name.slice(2), 16))
            : name.startsWith("#")
              ? String.fromCodePoint(Number(name.slice(1)))
              : whole,
      );
  return paragraphs.map(decode).join("\n\n");
}

export interface Chain {
  hash: string;
  publicKey: string;
  period: number;
  genesisTime: number;
}

/** The two chains step 4 pins, read from the text itself. */
export function pinnedChainsOf(procedureText: string): { quicknet: Chain; demo: Chain } {
  const flat = procedureText.replace(/\s+/g, " ");
  const read = (after: string): Chain => {
    const at = flat.indexOf(after);
    if (at === -1) throw new Error(`the procedure text has no "${after}"`);
    const match = /chain hash ([0-9a-f]{64}), public key ([0-9a-f]{192}), period (\d+) seconds, genesis_time (\d+)/.exec(flat.slice(at));
    if (!match) throw new Error(`the procedure text gives no chain values after "${after}"`);
    return { hash: match[1]!, publicKey: match[2]!, period: Number(match[3]), genesisTime: Number(match[4]) };
  };
  return { quicknet: read("The chain is drand's quicknet"), demo: read("Giveawear's demo chain instead") };
}

export interface StrangerTrust {
  /** PEM roots of the time-stamp authorities this stranger trusts. */
  tsaRootsPem: string[];
  /** Chains the stranger was given a key for, beside the text's two (a test chain). */
  chains?: Chain[];
}

export interface StrangerInput {
  procedureText: string;
  /** draw.json, parsed. */
  record: unknown;
  drawCsv: Uint8Array;
  actionsCsv: Uint8Array | null;
  /** The moment the record is checked (ms). */
  checkedAt: number;
  trust: StrangerTrust;
}

export interface StrangerResult {
  verdict: "MATCH" | "MISMATCH";
  reasons: string[];
}

type Json = Record<string, unknown>;
const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();
const sha256Hex = (data: string | Uint8Array) => sha256(data).toString("hex");
const HEX64 = /^[0-9a-f]{64}$/;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

class Mismatch extends Error {}

function obj(value: unknown, what: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Mismatch(`${what} is missing`);
  return value as Json;
}
function str(value: unknown, what: string): string {
  if (typeof value !== "string") throw new Mismatch(`${what} is missing`);
  return value;
}
function int(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new Mismatch(`${what} is not a whole number`);
  return value;
}
function time(value: unknown, what: string): number {
  const ms = Date.parse(str(value, what));
  if (!Number.isFinite(ms)) throw new Mismatch(`${what} is not a time`);
  return ms;
}
const roundTime = (chain: Chain, round: number) => (chain.genesisTime + (round - 1) * chain.period) * 1000;
/** The first round whose time is at or after `ms`. */
function firstRoundAtOrAfter(chain: Chain, ms: number): number {
  let round = Math.max(1, Math.ceil((ms / 1000 - chain.genesisTime) / chain.period) + 1);
  while (round > 1 && roundTime(chain, round - 1) >= ms) round -= 1;
  while (roundTime(chain, round) < ms) round += 1;
  return round;
}
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, "latin1"), Buffer.from(b, "latin1"));

/** The lines of a list file, after checking the byte rules of step 3. */
function linesOf(bytes: Uint8Array, name: string): string[] {
  for (const byte of bytes) {
    if (byte > 127) throw new Mismatch(`${name} is not ASCII`);
    if (byte === 13 || byte === 32 || byte === 9) throw new Mismatch(`${name} has a space or another line break`);
  }
  const text = Buffer.from(bytes).toString("latin1");
  if (!text.endsWith("\n")) throw new Mismatch(`${name}'s last line does not end with a line feed`);
  return text.slice(0, -1).split("\n");
}

interface EntryLine {
  id: string;
  createdMs: number;
  referrerId: string;
  weight: number;
}

function readDrawCsv(bytes: Uint8Array): { entries: EntryLine[]; disqualified: string[] } {
  const lines = linesOf(bytes, "draw.csv");
  if (lines[0] !== "entry_id,created_ms,referrer_id,weight") throw new Mismatch("draw.csv's first line is not its header");
  const split = lines.indexOf("disqualified_entry_id,reason");
  if (split === -1) throw new Mismatch("draw.csv has no disqualified_entry_id,reason line");
  const entries = lines.slice(1, split).map((line) => {
    const match = /^([^,]+),(0|[1-9]\d*),([^,]*),([1-9]\d*)$/.exec(line);
    if (!match) throw new Mismatch(`draw.csv line "${line}" is not <entry_id>,<created_ms>,<referrer_id>,<weight>`);
    return { id: match[1]!, createdMs: Number(match[2]), referrerId: match[3]!, weight: Number(match[4]) };
  });
  for (let i = 1; i < entries.length; i += 1) {
    const [a, b] = [entries[i - 1]!, entries[i]!];
    if (a.createdMs > b.createdMs || (a.createdMs === b.createdMs && byteOrder(a.id, b.id) >= 0))
      throw new Mismatch(`draw.csv is not in draw order at "${b.id}"`);
  }
  const disqualified = lines.slice(split + 1).map((line) => {
    const match = /^([^,]+),(duplicate|fake|automated|rules)$/.exec(line);
    if (!match) throw new Mismatch(`draw.csv disqualified line "${line}" is not <entry_id>,<reason>`);
    return match[1]!;
  });
  for (let i = 1; i < disqualified.length; i += 1)
    if (byteOrder(disqualified[i - 1]!, disqualified[i]!) >= 0) throw new Mismatch("draw.csv's disqualified lines are not sorted");
  return { entries, disqualified };
}

/** actions.csv's counted completions (entry id -> bonus sum), after the rules of step 3. */
function readActionsCsv(bytes: Uint8Array, listed: Set<string>, frozenAt: number): Map<string, number> {
  const lines = linesOf(bytes, "actions.csv");
  if (lines[0] !== "entry_id,action_id,kind,bonus,completed_ms") throw new Mismatch("actions.csv's first line is not its header");
  const split = lines.indexOf("disqualified_entry_id,action_id,completed_ms,reason");
  if (split === -1) throw new Mismatch("actions.csv has no disqualified_entry_id,action_id,completed_ms,reason line");
  const bonuses = new Map<string, number>();
  type Key = [string, number, string];
  const sorted = (keys: Key[], what: string) => {
    for (let i = 1; i < keys.length; i += 1) {
      const [a, b] = [keys[i - 1]!, keys[i]!];
      const order = byteOrder(a[0], b[0]) || a[1] - b[1] || byteOrder(a[2], b[2]);
      if (order > 0) throw new Mismatch(`actions.csv's ${what} are not sorted`);
    }
  };
  const completions: Key[] = [];
  const seen = new Set<string>();
  for (const line of lines.slice(1, split)) {
    const match = /^([^,]+),([^,]+),(visit|code|question|daily|follow),([1-9]|10),(0|[1-9]\d*)$/.exec(line);
    if (!match) throw new Mismatch(`actions.csv line "${line}" is not a completion line`);
    if (seen.has(line)) throw new Mismatch(`actions.csv has the line "${line}" twice`);
    seen.add(line);
    const [entryId, actionId, completedMs] = [match[1]!, match[2]!, Number(match[5])];
    if (!listed.has(entryId)) throw new Mismatch(`actions.csv names entry ${entryId}, which draw.csv does not list`);
    if (completedMs > frozenAt) throw new Mismatch(`actions.csv has a completion after the freeze ("${line}")`);
    completions.push([entryId, completedMs, actionId]);
    bonuses.set(entryId, (bonuses.get(entryId) ?? 0) + Number(match[4]));
  }
  sorted(completions, "completion lines");
  const rejected: Key[] = [];
  for (const line of lines.slice(split + 1)) {
    const match = /^([^,]+),([^,]+),(0|[1-9]\d*),(false_claim|duplicate|automated|rules)$/.exec(line);
    if (!match) throw new Mismatch(`actions.csv rejected line "${line}" is not <entry_id>,<action_id>,<completed_ms>,<reason>`);
    if (seen.has(line)) throw new Mismatch(`actions.csv has the line "${line}" twice`);
    seen.add(line);
    rejected.push([match[1]!, Number(match[3]), match[2]!]);
  }
  sorted(rejected, "rejected claims");
  return bonuses;
}

function verifyBeacon(chain: Chain, response: Json, round: number): Buffer {
  if (response.round !== round) throw new Mismatch(`the beacon is round ${String(response.round)}, not round ${round}`);
  const signature = Buffer.from(str(response.signature, "the beacon's signature"), "hex");
  const randomness = str(response.randomness, "the beacon's randomness");
  if (sha256Hex(signature) !== randomness) throw new Mismatch("the beacon's randomness is not SHA-256 of its signature");
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(round));
  const short = bls12_381.shortSignatures;
  let valid = false;
  try {
    valid = short.verify(
      signature,
      short.hash(sha256(message), "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"),
      Buffer.from(chain.publicKey, "hex"),
    );
  } catch {
    valid = false;
  }
  if (!valid) throw new Mismatch(`round ${round}'s BLS signature does not verify under chain ${chain.hash}'s public key`);
  return Buffer.from(randomness, "hex");
}

const OID_SIGNED_DATA = "1.2.840.113549.1.7.2";
const OID_TST_INFO = "1.2.840.113549.1.9.16.1.4";
const OID_SHA256 = "2.16.840.1.101.3.4.2.1";
const OID_TIME_STAMPING = "1.3.6.1.5.5.7.3.8";

/** Step 10 for one token: answers its genTime if it anchors `anchored`, else throws why not. */
async function anchorTime(tokenBase64: string, anchored: string, roots: X509Certificate[]): Promise<number> {
  const der = Buffer.from(tokenBase64, "base64");
  const asn = asn1js.fromBER(new Uint8Array(der).buffer);
  if (asn.offset === -1) throw new Mismatch("a token is not DER");
  const content = new pkijs.ContentInfo({ schema: asn.result });
  if (content.contentType !== OID_SIGNED_DATA) throw new Mismatch("a token is not a CMS SignedData");
  const signed = new pkijs.SignedData({ schema: content.content });
  if (signed.encapContentInfo.eContentType !== OID_TST_INFO || !signed.encapContentInfo.eContent)
    throw new Mismatch("a token holds no TSTInfo");
  const info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent.getValue());
  if (info.messageImprint.hashAlgorithm.algorithmId !== OID_SHA256) throw new Mismatch("a token's messageImprint is not SHA-256");
  const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).toString("hex");
  if (imprint !== sha256Hex(anchored)) throw new Mismatch(`a token's messageImprint is ${imprint}, not SHA-256 of "${anchored}"`);

  // The signature, under the signer's certificate (pkijs checks the signed attributes' digest and the signature).
  // pkijs wants the stamped data itself for a TSTInfo: the 64 ASCII characters of X.
  const data = new Uint8Array(Buffer.from(anchored, "ascii")).buffer;
  const verified = await signed.verify({ signer: 0, data, checkChain: false, extendedMode: true }).catch((error: unknown) => ({
    signatureVerified: false,
    signerCertificate: null,
    message: String((error as { message?: unknown })?.message ?? error),
  }));
  if (!verified.signatureVerified || !verified.signerCertificate)
    throw new Mismatch(`a token's signature does not verify (${String(verified.message)})`);
  const signer = new X509Certificate(Buffer.from(verified.signerCertificate.toSchema().toBER()));
  if (!(signer.keyUsage ?? []).includes(OID_TIME_STAMPING))
    throw new Mismatch(`a token's signer (${signer.subject}) is not certified for time-stamping`);

  // The chain, from the signer up to a root of this stranger's own store (intermediates may come with the token).
  const carried = (signed.certificates ?? [])
    .filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate)
    .map((item) => new X509Certificate(Buffer.from(item.toSchema().toBER())));
  let current = signer;
  for (let depth = 0; depth < 8; depth += 1) {
    const root = roots.find((candidate) => current.checkIssued(candidate) && current.verify(candidate.publicKey));
    if (root) {
      const at = info.genTime.getTime();
      for (const certificate of [signer, root])
        if (at < Date.parse(certificate.validFrom) || at > Date.parse(certificate.validTo))
          throw new Mismatch(`a token was made outside its certificates' validity`);
      return at;
    }
    const issuer = carried.find(
      (candidate) => candidate !== current && current.checkIssued(candidate) && current.verify(candidate.publicKey),
    );
    if (!issuer || issuer.fingerprint256 === current.fingerprint256) break;
    current = issuer;
  }
  throw new Mismatch(`a token's signer (${signer.subject}) does not chain to a time-stamp root this stranger trusts`);
}

/** Procedure 5 over a record and its files: MATCH, or MISMATCH with the reasons. */
export async function strangerVerify(input: StrangerInput): Promise<StrangerResult> {
  const reasons: string[] = [];
  const check = async (what: string, run: () => void | Promise<void>) => {
    try {
      await run();
    } catch (error) {
      if (!(error instanceof Mismatch)) throw error;
      reasons.push(`${what}: ${error.message}`);
    }
  };
  const missing = missingSentences(input.procedureText);
  if (missing.length) return { verdict: "MISMATCH", reasons: missing.map((sentence) => `the procedure text no longer says "${sentence}"`) };
  const pinned = pinnedChainsOf(input.procedureText);

  const record = obj(input.record, "draw.json");
  if (record.procedureVersion !== 5) return { verdict: "MISMATCH", reasons: [`procedure ${String(record.procedureVersion)}, not 5`] };
  const beacon = obj(record.beacon, "beacon");
  const list = obj(record.list, "list");
  const draw = obj(record.draw, "draw");
  const commitment = str(record.commitment, "commitment");
  const secret = str(draw.secret, "draw.secret");
  const H = str(list.sha256, "list.sha256");
  const frozenAt = time(list.frozenAt, "list.frozenAt");

  // Step 4: the chain is the text's quicknet, the text's demo chain for a demo record, or one this stranger holds a key for.
  let chain: Chain | undefined;
  await check("beacon chain (step 4)", () => {
    const hash = str(beacon.chainHash, "beacon.chainHash");
    if (beacon.demo === true) {
      if (hash !== pinned.demo.hash) throw new Mismatch(`a demo record names chain ${hash}, not Giveawear's demo chain`);
      chain = pinned.demo;
    } else if (hash === pinned.quicknet.hash) chain = pinned.quicknet;
    else chain = input.trust.chains?.find((known) => known.hash === hash);
    if (!chain) throw new Mismatch(`chain ${hash} is neither quicknet nor a chain this stranger was given a key for`);
  });

  // Step 1: C.
  await check("commitment (step 1)", () => {
    if (!/^[0-9a-f]{64}$/.test(secret)) throw new Mismatch("the secret is not 64 lowercase hexadecimal characters");
    if (sha256Hex(secret) !== commitment)
      throw new Mismatch(`SHA-256 of the secret is ${sha256Hex(secret)}, not the commitment ${commitment}`);
  });

  // Steps 1 and 3: the planned round and the round R used.
  let R = 0;
  await check("beacon round (steps 1 and 3)", () => {
    if (!chain) throw new Mismatch("no chain to count rounds on");
    R = int(beacon.round, "beacon.round");
    const planned = int(beacon.plannedRound, "beacon.plannedRound");
    // M: the minutes draw.json states, or 10 when it states none.
    const M = beacon.marginMinutes === null || beacon.marginMinutes === undefined ? 10 : int(beacon.marginMinutes, "beacon.marginMinutes");
    if (M < 1) throw new Mismatch(`the margin M is ${M} minutes`);
    const expectedPlanned = firstRoundAtOrAfter(chain, time(record.endsAt, "endsAt") + M * MINUTE);
    if (planned !== expectedPlanned)
      throw new Mismatch(`the planned round is ${planned}, not ${expectedPlanned}, the first round at or after the end plus ${M} minutes`);
    const expected = frozenAt > roundTime(chain, planned) - 30_000 ? firstRoundAtOrAfter(chain, frozenAt + M * MINUTE) : planned;
    if (R !== expected) throw new Mismatch(`the round used is ${R}, not ${expected}`);
  });

  // Step 3: the lists' bytes, hashes and weights (with step 2's referral cap).
  let entries: EntryLine[] = [];
  await check("draw.csv (step 3)", () => {
    if (sha256Hex(input.drawCsv) !== H) throw new Mismatch(`SHA-256 of draw.csv is ${sha256Hex(input.drawCsv)}, not H = ${H}`);
    entries = readDrawCsv(input.drawCsv).entries;
  });
  await check("actions.csv and weights (steps 2 and 3)", () => {
    const actions = obj(list.actions, "list.actions");
    if (!input.actionsCsv) throw new Mismatch("actions.csv was not given");
    const A = str(actions.sha256, "list.actions.sha256");
    if (sha256Hex(input.actionsCsv) !== A) throw new Mismatch(`SHA-256 of actions.csv is ${sha256Hex(input.actionsCsv)}, not A = ${A}`);
    const ids = new Set(entries.map((entry) => entry.id));
    if (ids.size !== entries.length) throw new Mismatch("draw.csv lists an entry twice");
    const bonuses = readActionsCsv(input.actionsCsv, ids, frozenAt);
    const referrals = new Map<string, number>();
    for (const entry of entries) {
      if (!entry.referrerId) continue;
      if (!ids.has(entry.referrerId)) throw new Mismatch(`entry ${entry.id}'s referrer ${entry.referrerId} is not a listed entry`);
      referrals.set(entry.referrerId, (referrals.get(entry.referrerId) ?? 0) + 1);
    }
    const cap = list.referralCap === null ? null : int(list.referralCap, "list.referralCap");
    for (const entry of entries) {
      const friends = referrals.get(entry.id) ?? 0;
      if (cap !== null && friends > cap)
        throw new Mismatch(`entry ${entry.id} is the referrer of ${friends} lines, over the referral cap ${cap}`);
      const weight = 1 + 3 * friends + (bonuses.get(entry.id) ?? 0);
      if (entry.weight !== weight) throw new Mismatch(`entry ${entry.id} has weight ${entry.weight}, not ${weight}`);
    }
  });

  // Steps 4 and 5: the beacon (or its replacement) and S.
  let S = "";
  let beaconRoundTime = 0;
  await check("beacon and seed (steps 4 and 5)", () => {
    if (!chain || R === 0) throw new Mismatch("no round to check the beacon against");
    if (beacon.response === null || beacon.response === undefined) throw new Mismatch("the record has no beacon");
    let used = R;
    if (beacon.replacement !== null && beacon.replacement !== undefined) {
      const replacement = obj(beacon.replacement, "beacon.replacement");
      const D = time(replacement.decidedAt, "beacon.replacement.decidedAt");
      if (D < roundTime(chain, R) + DAY)
        throw new Mismatch(`the replacement was decided at ${new Date(D).toISOString()}, earlier than round ${R}'s time plus 24 hours`);
      used = int(replacement.round, "beacon.replacement.round");
      const R2 = firstRoundAtOrAfter(chain, D + 10 * MINUTE);
      if (used !== R2) throw new Mismatch(`the replacement round is ${used}, not ${R2}, the first round at least 10 minutes after D`);
      if (typeof replacement.reason !== "string" || replacement.reason.trim() === "")
        throw new Mismatch("the replacement does not say why");
      if (time(replacement.roundTime, "beacon.replacement.roundTime") !== roundTime(chain, used))
        throw new Mismatch("the replacement's roundTime is not its round's time");
      if (D > input.checkedAt + 5 * MINUTE) throw new Mismatch("the replacement is dated in the future");
    }
    const randomness = verifyBeacon(chain, obj(beacon.response, "beacon.response"), used);
    beaconRoundTime = roundTime(chain, used);
    S = sha256Hex(`${secret}:${randomness.toString("hex")}`);
    if (draw.seed !== S) throw new Mismatch(`the seed is ${String(draw.seed)}, not S = ${S}`);
  });

  // Steps 6 to 9: tickets, picks, redraws and their timing.
  await check("picks (steps 6 to 8)", () => {
    if (!HEX64.test(S) || entries.length === 0) throw new Mismatch("no seed or no entries to draw from");
    const T = BigInt(entries.reduce((sum, entry) => sum + entry.weight, 0));
    const ends: bigint[] = [];
    let running = 0n;
    for (const entry of entries) ends.push((running += BigInt(entry.weight)));
    const holder = (ticket: bigint) => {
      let low = 0;
      let high = ends.length - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (ends[middle]! > ticket) high = middle;
        else low = middle + 1;
      }
      return entries[low]!.id;
    };
    const L = ((1n << 64n) / T) * T;
    const picked = new Set<string>();
    let n = 0;
    const picks = (Array.isArray(draw.picks) ? draw.picks : []).map((pick, i) => obj(pick, `pick ${i + 1}`));
    const originals = picks.filter((pick) => pick.redrawnAt === null || pick.redrawnAt === undefined);
    // Step 8: rank 1 first, then 2, 3, ..., before any redraw (step 9 continues after the last pick).
    if (picks.slice(0, originals.length).some((pick, i) => pick.rank !== i + 1 || pick.redrawnAt))
      throw new Mismatch("the original picks are not ranks 1, 2, 3, ... in order, before every redraw");
    for (const [i, pick] of picks.entries()) {
      for (;;) {
        const value = sha256(`${S}:${n}`).readBigUInt64BE(0);
        n += 1;
        if (value >= L) continue;
        const ticket = value % T;
        const id = holder(ticket);
        if (picked.has(id)) continue;
        picked.add(id);
        if (pick.entryId !== id || String(pick.ticket) !== String(ticket) || pick.counter !== n - 1)
          throw new Mismatch(
            `pick ${i + 1} is ${String(pick.entryId)} (ticket ${String(pick.ticket)}, n ${String(pick.counter)}), not ${id} (ticket ${ticket}, n ${n - 1})`,
          );
        break;
      }
    }
  });
  await check("redraws (step 9)", () => {
    const drawnAt = time(draw.drawnAt, "draw.drawnAt");
    if (drawnAt < beaconRoundTime) throw new Mismatch("the picks were made before the beacon's round");
    const W = int(draw.claimWindowDays, "draw.claimWindowDays");
    const picks = (Array.isArray(draw.picks) ? draw.picks : []).map((pick, i) => obj(pick, `pick ${i + 1}`));
    const late = (ms: number) => ms > input.checkedAt + 5 * MINUTE;
    if (late(drawnAt)) throw new Mismatch("drawnAt is later than now");
    let lastRedraw = drawnAt;
    for (const [i, pick] of picks.entries()) {
      const made = pick.redrawnAt === null || pick.redrawnAt === undefined ? drawnAt : time(pick.redrawnAt, `pick ${i + 1}'s redrawnAt`);
      const deadline = time(pick.claimDeadline, `pick ${i + 1}'s claimDeadline`);
      if (deadline < made + W * DAY) throw new Mismatch(`pick ${i + 1}'s claim deadline is less than ${W} days after it was made`);
      if (pick.notifiedAt !== null && pick.notifiedAt !== undefined && late(time(pick.notifiedAt, "notifiedAt")))
        throw new Mismatch(`pick ${i + 1}'s notifiedAt is later than now`);
      if (made === drawnAt && (pick.redrawnAt === null || pick.redrawnAt === undefined)) continue;
      if (late(made)) throw new Mismatch(`pick ${i + 1}'s redrawnAt is later than now`);
      const replaced = picks
        .slice(0, i)
        .reverse()
        .find((earlier) => earlier.rank === pick.rank);
      if (!replaced) throw new Mismatch(`pick ${i + 1} is a redraw of rank ${String(pick.rank)}, which had no earlier pick`);
      if (replaced.replaced !== true) throw new Mismatch(`the pick redraw ${i + 1} replaces is not marked replaced`);
      const replacedMade = replaced.redrawnAt ? time(replaced.redrawnAt, "redrawnAt") : drawnAt;
      const replacedDeadline = time(replaced.claimDeadline, "claimDeadline");
      const notified = replaced.notifiedAt ? time(replaced.notifiedAt, "notifiedAt") : NaN;
      if (!(notified >= replacedMade && notified < replacedDeadline))
        throw new Mismatch(`the winner replaced by pick ${i + 1} was not notified between their pick and their claim deadline`);
      if (replacedDeadline < replacedMade + W * DAY)
        throw new Mismatch(`the replaced pick's claim deadline is less than ${W} days after it`);
      if (made < replacedDeadline)
        throw new Mismatch(
          `pick ${i + 1} was redrawn at ${new Date(made).toISOString()}, before the replaced winner's claim deadline ${new Date(replacedDeadline).toISOString()}`,
        );
      if (made < lastRedraw) throw new Mismatch(`pick ${i + 1} was redrawn before the redraw recorded before it`);
      lastRedraw = made;
    }
  });

  // Step 10: the anchors, against this stranger's own roots.
  await check("time-stamps (step 10)", async () => {
    if (!chain || R === 0) throw new Mismatch("no round to date the list's tokens against");
    const roots = input.trust.tsaRootsPem.map((pem) => new X509Certificate(pem));
    const tokens = (Array.isArray(record.timestamps) ? record.timestamps : []).map((token, i) => obj(token, `timestamp ${i + 1}`));
    const launchedAt = time(record.launchedAt, "launchedAt");
    const anchored = { commitment: 0, list: 0 };
    for (const token of tokens) {
      const subject = token.subject;
      if (subject !== "commitment" && subject !== "list") throw new Mismatch(`a token's subject is ${String(subject)}`);
      const at = await anchorTime(str(token.token, "a token"), subject === "commitment" ? commitment : H, roots);
      if (subject === "commitment" && at > launchedAt + 10 * MINUTE)
        throw new Mismatch(`the commitment's token is dated ${new Date(at).toISOString()}, later than the launch plus 10 minutes`);
      if (subject === "list" && !(at < roundTime(chain, R)))
        throw new Mismatch(`the list's token is dated ${new Date(at).toISOString()}, not earlier than round ${R}'s time`);
      anchored[subject] += 1;
    }
    if (anchored.commitment === 0) throw new Mismatch("no token anchors C");
    if (anchored.list === 0) throw new Mismatch("no token anchors H");
  });

  return { verdict: reasons.length ? "MISMATCH" : "MATCH", reasons };
}

/** A GET over a connection of its own (the app may share the test's event loop): its status and body. */
export function getOwnConnection(url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * What a stranger fetches from the server at `origin`: the draw page's procedure, draw.json, and the
 * two lists at the URLs draw.json gives (they name the public host, APP_URL; their paths are asked
 * of the server the stranger is talking to). Throws unless each answers 200.
 */
export async function fetchedByStranger(origin: string, campaignId: string) {
  const fetch200 = async (path: string) => {
    const answer = await getOwnConnection(`${origin}${path}`);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return answer.body;
  };
  const page = await fetch200(`/campaign/${campaignId}/draw`);
  const record = JSON.parse((await fetch200(`/campaign/${campaignId}/draw.json`)).toString("utf8")) as {
    list: { csvUrl: string; actions?: { csvUrl: string } };
    [key: string]: unknown;
  };
  const csv = await fetch200(new URL(record.list.csvUrl).pathname);
  const actions = record.list.actions ? await fetch200(new URL(record.list.actions.csvUrl).pathname) : null;
  return {
    procedureText: procedureFromDrawPage(page.toString("utf8")),
    record: record as Record<string, unknown>,
    drawCsv: new Uint8Array(csv),
    actionsCsv: actions ? new Uint8Array(actions) : null,
  };
}
