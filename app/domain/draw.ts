/**
 * The provably fair draw (decision 012): a deterministic procedure over the revealed seed and the
 * entries in a fixed order, with exact integer arithmetic and unbiased sampling, so that anyone
 * holding the seed and the ordered entry list gets the same winners. DRAW_PROCEDURE is the same
 * procedure in words; the draw page publishes it and scripts/verify-draw.ts re-runs this code.
 *
 * Pure: SHA-256 comes in through DrawHashing (the server passes node:crypto's).
 */
import { z } from "zod";
import { DEMO_CHAIN } from "./beacon";
import { REFERRAL_BONUS_ENTRIES } from "./entries";
import {
  ACTION_BONUS,
  ACTION_DISQUALIFIED_HEADER,
  ACTION_DISQUALIFY_REASONS,
  ACTION_KINDS,
  ACTION_LIST_HEADER,
  REFERRAL_ACTION_BONUS,
} from "./entry-actions";

/**
 * The procedure every new draw follows (Draw.procedureVersion): 5 since the secret-only fallback
 * gave way to a replacement round (decision 099; 4: time-stamped anchors, decision 090; 3: entry
 * actions, decision 075).
 */
export const DRAW_PROCEDURE_VERSION = 5;

/**
 * Version 2 (decision 039), in words a stranger can implement without our code. Draws made from a
 * list frozen without actions.csv (before decision 075) keep it; their pages publish it.
 */
export const DRAW_PROCEDURE_V2 = `1. Commitment. When the giveaway launched, Giveawear chose a secret: 32 random bytes written as 64 lowercase hexadecimal characters. It published the commitment C = SHA-256 of the secret's 64 ASCII characters, written as 64 lowercase hexadecimal characters, together with the launch time, the drand beacon chain and the round R of that chain the draw will use: the first round whose time (genesis_time + (R - 1) x period seconds) is at or after the end of the giveaway plus a margin (10 minutes unless stated otherwise) that leaves time to freeze the entry list. Giveaways launched before this procedure had no round: theirs is chosen when the list is frozen (step 3). A giveaway that published no commitment uses the empty text as its secret, and its draw record says so.

2. Counted entries. An entry takes part if it was confirmed from the email we sent before the giveaway ended and was not disqualified. Entries never confirmed are not in the draw.

3. The entry list (draw.csv). When the giveaway ends the list is frozen: its exact bytes are written once and never rebuilt. It is ASCII text; every line ends with a line feed (LF, byte 10), the last line included; there are no other line breaks and no spaces.
   Line 1 is: entry_id,created_ms,referrer_id,weight
   Then one line per counted entry, in draw order: created_ms ascending, entries with the same created_ms ordered by entry_id compared byte by byte. Each line is: <entry_id>,<created_ms>,<referrer_id>,<weight>
   - created_ms: when the entry was made, in milliseconds since 1970-01-01T00:00:00Z, in decimal.
   - referrer_id: the entry_id of the listed entry whose referral link brought this entry, when that referral earned a bonus; otherwise empty (the line then has two commas in a row). While referrals earn no bonus, it is empty.
   - weight: 1 + 3 x (the number of entry lines whose referrer_id equals this line's entry_id).
   Then the line: disqualified_entry_id,reason
   Then one line per disqualified entry (entries that had been confirmed, then disqualified), sorted by entry_id byte by byte: <entry_id>,<reason>, where reason is one of duplicate, fake, automated, rules.
   The list hash H = SHA-256 of the whole file, as lowercase hexadecimal. H is published when the list is frozen, before round R exists. If the freeze finishes later than 30 seconds before round R's time, the draw uses instead the first round at or after the end of the freeze plus the margin; both the planned and the used round are published.

4. The beacon. drand (https://drand.love) publishes a random value for every round of its chain. Round R's beacon is {"round", "randomness", "signature"} (hexadecimal). It is valid when its BLS signature (scheme bls-unchained-g1-rfc9380: signature on G1, public key on G2, domain separation tag BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_) verifies, under the chain's public key, over the message SHA-256(R written as 8 bytes, unsigned big-endian), and its randomness equals SHA-256 of the signature's bytes, in lowercase hexadecimal. drand's network of independent operators produces it at round R's time; nobody, Giveawear included, can predict it before then.

5. Final seed. S = SHA-256 of the ASCII text "<secret>:<randomness>" (the secret, a colon, the beacon's randomness in lowercase hexadecimal), written as 64 lowercase hexadecimal characters. If no valid beacon could be had within 24 hours after round R's time, S is the secret itself and the draw record says that the beacon is missing.

6. Tickets. The total weight T is the sum of the weights. The entries hold the tickets 0 to T-1 in list order: the first entry holds tickets 0 to w1-1, the next one the following w2 tickets, and so on.

7. Random numbers. For n = 0, 1, 2, ... the n-th random number R(n) is the first 8 bytes of SHA-256 of the ASCII text "<S>:<n>" (n in decimal, no padding), read as an unsigned 64-bit big-endian integer. Let L = floor(2^64 / T) x T. The random numbers are used in order; a number R(n) >= L is discarded (so that every ticket is equally likely), otherwise it gives the ticket R(n) mod T.

8. Picks. The grand prize (rank 1) is drawn first, then the 2nd prize, then the 3rd, and so on. Each prize goes to the entry holding the next ticket. A ticket held by an entry already picked in this draw is skipped and the next random number is used, so nobody wins twice. Each pick records its ticket and the counter n that produced it. With fewer counted entries than prizes, the remaining prizes get no winner; with no counted entries there are no picks.

9. Redraws. If a prize is not claimed by its deadline it is drawn again by continuing the same sequence after the last pick, skipping every entry picked before, the replaced winner included. The replaced pick stays in the record, marked as replaced; the new pick records when it was made, why, its claim deadline and when its winner was notified.`;

/**
 * Version 3 (decision 075): version 2 with entry actions. Beside draw.csv the freeze publishes
 * actions.csv, the counted action completions, and every weight is 1 + 3 x referrals + the bonuses
 * of its completions. Steps 1 and 4 to 9 are those of version 2, word for word.
 */
export const DRAW_PROCEDURE_V3 = `1. Commitment. When the giveaway launched, Giveawear chose a secret: 32 random bytes written as 64 lowercase hexadecimal characters. It published the commitment C = SHA-256 of the secret's 64 ASCII characters, written as 64 lowercase hexadecimal characters, together with the launch time, the drand beacon chain and the round R of that chain the draw will use: the first round whose time (genesis_time + (R - 1) x period seconds) is at or after the end of the giveaway plus a margin (10 minutes unless stated otherwise) that leaves time to freeze the entry list. Giveaways launched before this procedure had no round: theirs is chosen when the list is frozen (step 3). A giveaway that published no commitment uses the empty text as its secret, and its draw record says so.

2. Counted entries. An entry takes part if it was confirmed from the email we sent before the giveaway ended and was not disqualified. Entries never confirmed are not in the draw. An entry earns bonus entries in two ways only: 3 for every friend who entered through its referral link and whose entry is counted, and the bonus of each entry action (visit a page, enter a code, answer a question, come back daily, follow or subscribe) it completed, as the giveaway's rules list them. Actions close with entries: a completion made after the list is frozen never counts, and a claim the organiser rejected before the freeze earns nothing. Agreeing to marketing emails never earns entries.

3. The entry list (draw.csv) and the actions list (actions.csv). When the giveaway ends both lists are frozen together: their exact bytes are written once and never rebuilt. Each is ASCII text; every line ends with a line feed (LF, byte 10), the last line included; there are no other line breaks and no spaces.
   draw.csv. Line 1 is: entry_id,created_ms,referrer_id,weight
   Then one line per counted entry, in draw order: created_ms ascending, entries with the same created_ms ordered by entry_id compared byte by byte. Each line is: <entry_id>,<created_ms>,<referrer_id>,<weight>
   - created_ms: when the entry was made, in milliseconds since 1970-01-01T00:00:00Z, in decimal.
   - referrer_id: the entry_id of the listed entry whose referral link brought this entry, when that referral earned a bonus; otherwise empty (the line then has two commas in a row). While referrals earn no bonus, it is empty.
   - weight: 1 + 3 x (the number of entry lines whose referrer_id equals this line's entry_id) + (the sum of the bonus fields of the completion lines of actions.csv whose entry_id equals this line's entry_id).
   Then the line: disqualified_entry_id,reason
   Then one line per disqualified entry (entries that had been confirmed, then disqualified), sorted by entry_id byte by byte: <entry_id>,<reason>, where reason is one of duplicate, fake, automated, rules.
   actions.csv. Line 1 is: entry_id,action_id,kind,bonus,completed_ms
   Then one line per counted completion of an entry action by an entry listed in draw.csv: <entry_id>,<action_id>,<kind>,<bonus>,<completed_ms>
   - entry_id: the entry_id of an entry line of draw.csv.
   - action_id: the id of the action, as the giveaway's rules list it.
   - kind: one of visit, code, question, daily, follow.
   - bonus: the bonus entries the completion earned, a whole number from 1 to 10.
   - completed_ms: when the action was completed, in milliseconds since 1970-01-01T00:00:00Z, in decimal; never after the freeze.
   Then the line: disqualified_entry_id,action_id,completed_ms,reason
   Then one line per claim the organiser rejected before the freeze (it earns nothing; the entry itself stays in the draw): <entry_id>,<action_id>,<completed_ms>,<reason>, where reason is one of false_claim, duplicate, automated, rules.
   Both sections are sorted by entry_id compared byte by byte, then completed_ms ascending, then action_id compared byte by byte; no line appears twice. A giveaway without actions has an actions.csv of its two header lines.
   The list hash H = SHA-256 of the whole of draw.csv, and the actions hash A = SHA-256 of the whole of actions.csv, as lowercase hexadecimal. H and A are published when the lists are frozen, before round R exists. If the freeze finishes later than 30 seconds before round R's time, the draw uses instead the first round at or after the end of the freeze plus the margin; both the planned and the used round are published.

4. The beacon. drand (https://drand.love) publishes a random value for every round of its chain. Round R's beacon is {"round", "randomness", "signature"} (hexadecimal). It is valid when its BLS signature (scheme bls-unchained-g1-rfc9380: signature on G1, public key on G2, domain separation tag BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_) verifies, under the chain's public key, over the message SHA-256(R written as 8 bytes, unsigned big-endian), and its randomness equals SHA-256 of the signature's bytes, in lowercase hexadecimal. drand's network of independent operators produces it at round R's time; nobody, Giveawear included, can predict it before then. The chain is drand's quicknet, run by the League of Entropy: chain hash 52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971, public key 83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a, period 3 seconds, genesis_time 1692803367, as drand publishes them at https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/info. These values are fixed here and built into every Giveawear verifier: the beacon is checked under this key only, never under a key read from the draw record or from Giveawear's servers, and the draw of a real giveaway whose record names any other chain, or quicknet's hash with another key, is not a valid draw. Only a demo campaign (its record says demo: true) uses Giveawear's demo chain instead, whose signing key is public so that anyone can make its rounds: a demo draw shows the procedure and proves nothing about fairness.

5. Final seed. S = SHA-256 of the ASCII text "<secret>:<randomness>" (the secret, a colon, the beacon's randomness in lowercase hexadecimal), written as 64 lowercase hexadecimal characters. If no valid beacon could be had within 24 hours after round R's time, S is the secret itself and the draw record says that the beacon is missing.

6. Tickets. The total weight T is the sum of the weights. The entries hold the tickets 0 to T-1 in list order: the first entry holds tickets 0 to w1-1, the next one the following w2 tickets, and so on.

7. Random numbers. For n = 0, 1, 2, ... the n-th random number R(n) is the first 8 bytes of SHA-256 of the ASCII text "<S>:<n>" (n in decimal, no padding), read as an unsigned 64-bit big-endian integer. Let L = floor(2^64 / T) x T. The random numbers are used in order; a number R(n) >= L is discarded (so that every ticket is equally likely), otherwise it gives the ticket R(n) mod T.

8. Picks. The grand prize (rank 1) is drawn first, then the 2nd prize, then the 3rd, and so on. Each prize goes to the entry holding the next ticket. A ticket held by an entry already picked in this draw is skipped and the next random number is used, so nobody wins twice. Each pick records its ticket and the counter n that produced it. With fewer counted entries than prizes, the remaining prizes get no winner; with no counted entries there are no picks.

9. Redraws. If a prize is not claimed by its deadline it is drawn again by continuing the same sequence after the last pick, skipping every entry picked before, the replaced winner included. The replaced pick stays in the record, marked as replaced; the new pick records when it was made, why, its claim deadline and when its winner was notified.`;

/**
 * Procedure version 4 (decision 090): version 3 word for word, and step 10, the RFC 3161 time-stamps
 * that anchor the commitment and the list hash outside Giveawear's pages. Draws recorded with
 * version 4 keep it; their pages publish it.
 */
export const DRAW_PROCEDURE_V4 = `${DRAW_PROCEDURE_V3}

10. Anchors. So that neither the commitment nor the list hash can be rewritten once the beacon is known, each is time-stamped by independent RFC 3161 time-stamp authorities: C after the launch, H after the freeze. draw.json lists every token under "timestamps": its subject ("commitment" or "list"), the authority's URL, and the token itself, the DER of a CMS ContentInfo holding a SignedData over a TSTInfo, in base64. A token anchors a hash X (C, or H) when all of these hold: its TSTInfo's messageImprint is SHA-256 (OID 2.16.840.1.101.3.4.2.1) of the 64 ASCII characters of X; its signature verifies under its signer's certificate, which is certified for time-stamping (extended key usage id-kp-timeStamping) and chains to the authority's root certificate as you obtain it from the authority or your own trust store, never from Giveawear (Giveawear's verifiers ship the roots DigiCert Trusted Root G4 and USERTrust RSA Certification Authority); and its genTime is, for C, no later than the launch time plus 10 minutes and, for H, earlier than round R's time. At least one token must anchor C and at least one must anchor H, and every token listed must anchor its hash; otherwise the draw does not follow this procedure. With OpenSSL: write X, without a line feed, to x.txt and the decoded token to t.der, then run openssl ts -verify -data x.txt -in t.der -token_in -CAfile root.pem, and read genTime with openssl ts -reply -in t.der -token_in -text.`;

const SECRET_ONLY_STEP_5 =
  "If no valid beacon could be had within 24 hours after round R's time, S is the secret itself and the draw record says that the beacon is missing.";

/** Step 5's last sentence in procedure 5 (decision 099): a replacement round instead of the secret alone. */
const REPLACEMENT_STEP_5 = `The draw never uses the secret alone. If no valid beacon for round R can be fetched from any of the mirrors Giveawear uses, Giveawear keeps trying; at a moment D no earlier than round R's time plus 24 hours it may decide to use instead the replacement round R2, the first round whose time is at least 10 minutes after D, so that nobody can know R2's beacon when it is chosen. D, R2 and the reason are recorded at that moment and published on the draw page and in draw.json as "beacon": {"replacement": {"round": R2, "roundTime", "decidedAt": D, "reason"}}; the randomness in S is then that of round R2's beacon, valid as step 4 says for round R2, and "beacon"."response" holds it. A draw record with no beacon, with a replacement decided earlier than round R's time plus 24 hours, with a replacement round other than the first round at least 10 minutes after D, or with a replacement that does not say why, does not follow this procedure.`;

/**
 * Procedure version 5 (decision 099): version 4 with step 5's fallback replaced. Instead of the
 * launch secret alone (which Giveawear knows from the launch), a draw whose round cannot be had for
 * 24 hours uses a later round decided and published before it exists. Step 9 also states the
 * redraws' timing (decision 102), which every verifier checks, steps 2 and 3 the referral cap
 * (decision 104), and steps 1 and 3 the margin before the round as draw.json states it (decision 110).
 */
const REDRAW_STEP_9_END =
  "The replaced pick stays in the record, marked as replaced; the new pick records when it was made, why, its claim deadline and when its winner was notified.";

/** Step 9's end in procedure 5 (decision 102): the redraw's timing, checked against the published deadlines. */
const ACCOUNTABLE_STEP_9_END = `${REDRAW_STEP_9_END} Every winner's claim deadline is fixed when they are drawn: draw.json publishes the claim window W in whole days ("draw": {"claimWindowDays"}), and every pick records its "claimDeadline", at least W days after the pick was made (the draw's "drawnAt" for the original picks, the pick's "redrawnAt" for a redraw), and its "notifiedAt", when its winner's email was queued for sending. A redraw is valid only when the pick it replaces (the last earlier pick of the same rank) has a notifiedAt no earlier than that pick was made and earlier than its claimDeadline, and a claimDeadline at least W days after that pick was made, and the redraw's redrawnAt is no earlier than that claimDeadline, no earlier than drawnAt and no earlier than the redraw recorded before it. No time in the record (drawnAt, redrawnAt, notifiedAt) may be later than the moment the record is checked (give or take 5 minutes between clocks). So a redraw needs W days per replaced winner, in the open: the draw page counts the redraws of each prize.`;

/** Step 2's referral bonus in procedure 4 and before; procedure 5 adds the cap (decision 104). */
const UNCAPPED_REFERRALS = "3 for every friend who entered through its referral link and whose entry is counted,";
const CAPPED_REFERRALS = `3 for every friend who entered through its referral link and whose entry is counted, up to the referral cap when the giveaway's rules set one (at most K friends per entry earn it, the first ones confirmed; draw.json publishes K as "list": {"referralCap": K}, or null when there is no cap),`;

/** Step 3's weight line in procedure 4 and before; procedure 5 states what the cap means for the lines (decision 104). */
const WEIGHT_LINE_END = "(the sum of the bonus fields of the completion lines of actions.csv whose entry_id equals this line's entry_id).";
const CAPPED_WEIGHT_LINE_END = `${WEIGHT_LINE_END} A friend past the cap earned no bonus, so their line's referrer_id is empty: with a referral cap K, no entry_id appears as the referrer_id of more than K entry lines.`;

/** Step 4's demo chain in procedure 4 and before, named without its values. */
const UNNAMED_DEMO_CHAIN = "uses Giveawear's demo chain instead, whose signing key is public";
/**
 * Procedure 5 writes the demo chain's values out, as it does quicknet's: a stranger verifying a demo
 * record had no key to check its beacon under but the record's own, which step 4 forbids.
 */
const NAMED_DEMO_CHAIN = `uses Giveawear's demo chain instead: chain hash ${DEMO_CHAIN.hash}, public key ${DEMO_CHAIN.publicKey}, period ${DEMO_CHAIN.period} seconds, genesis_time ${DEMO_CHAIN.genesisTime}, whose signing key is public`;

/** Step 1's margin in procedure 4 and before; procedure 5 says where it is stated (decision 110). */
const UNSTATED_MARGIN = "plus a margin (10 minutes unless stated otherwise) that leaves time to freeze the entry list.";
const STATED_MARGIN = `plus a margin M that leaves time to freeze the entry list: M is the number of minutes draw.json states as "beacon": {"marginMinutes": M}, or 10 minutes when it states none (null or absent).`;
/** Step 3's late freeze in procedure 4 and before, and in procedure 5 with the same M (decision 110). */
const LATE_FREEZE_MARGIN = "the draw uses instead the first round at or after the end of the freeze plus the margin;";
const LATE_FREEZE_STATED_MARGIN = "the draw uses instead the first round at or after the end of the freeze plus the same margin M;";

/**
 * Step 11 of procedure 5: where draw.json puts each fact the steps name. Without it a stranger had
 * to guess which field is the round R, the end of the freeze or the secret, and whether a draw may
 * be dated before its round.
 */
const RECORD_STEP_11 = `11. The record. draw.json gives the facts above under these names (times in ISO 8601, UTC; big numbers as decimal text): "procedureVersion" (5), "launchedAt" (the launch time), "endsAt" (the end of the giveaway), "commitment" (C); "beacon": {"chainHash" (the chain), "demo", "plannedRound" (the round published at launch), "marginMinutes" (M), "round" (R), "response", "replacement"}; "list": {"frozenAt" (the end of the freeze), "sha256" (H), "referralCap", "actions": {"sha256" (A)}}; "draw": {"drawnAt" (when the original picks were made, never before the time of the round whose beacon S uses), "secret", "seed" (S), "claimWindowDays", "picks"}, where each pick is {"rank", "entryId", "ticket", "counter" (n), "replaced", "redrawnAt" (null for the original picks), "reason", "claimDeadline", "notifiedAt"}, in the order the picks were made; and "timestamps": [{"subject", "tsaUrl", "token"}] (step 10). draw.csv and actions.csv are served at "list": {"csvUrl"} and "list": {"actions": {"csvUrl"}}. The "publicKey", "period" and "genesisTime" that draw.json also shows under "beacon" are for reading only: step 4 says which values a beacon is checked under.`;

export const DRAW_PROCEDURE = `${DRAW_PROCEDURE_V4.replace(SECRET_ONLY_STEP_5, REPLACEMENT_STEP_5)
  .replace(REDRAW_STEP_9_END, ACCOUNTABLE_STEP_9_END)
  .replace(UNCAPPED_REFERRALS, CAPPED_REFERRALS)
  .replace(WEIGHT_LINE_END, CAPPED_WEIGHT_LINE_END)
  .replace(UNNAMED_DEMO_CHAIN, NAMED_DEMO_CHAIN)
  .replace(UNSTATED_MARGIN, STATED_MARGIN)
  .replace(LATE_FREEZE_MARGIN, LATE_FREEZE_STATED_MARGIN)}

${RECORD_STEP_11}`;
if (!DRAW_PROCEDURE.includes(REPLACEMENT_STEP_5)) throw new Error("procedure 5: step 5 of procedure 4 not found");
if (!DRAW_PROCEDURE.includes(ACCOUNTABLE_STEP_9_END)) throw new Error("procedure 5: step 9 of procedure 4 not found");
if (!DRAW_PROCEDURE.includes(CAPPED_REFERRALS)) throw new Error("procedure 5: step 2's referral bonus of procedure 4 not found");
if (!DRAW_PROCEDURE.includes(CAPPED_WEIGHT_LINE_END)) throw new Error("procedure 5: step 3's weight line of procedure 4 not found");
if (!DRAW_PROCEDURE.includes(NAMED_DEMO_CHAIN)) throw new Error("procedure 5: step 4's demo chain of procedure 4 not found");
if (!DRAW_PROCEDURE.includes(STATED_MARGIN)) throw new Error("procedure 5: step 1's margin of procedure 4 not found");
if (!DRAW_PROCEDURE.includes(LATE_FREEZE_STATED_MARGIN)) throw new Error("procedure 5: step 3's late freeze of procedure 4 not found");

/** The procedure of draws made before decision 039 (Draw.procedureVersion 1), kept for their draw pages. */
export const DRAW_PROCEDURE_V1 = `1. Commitment. When the giveaway launched, Giveawear chose a secret seed (64 hexadecimal characters) and published its SHA-256 hash, written in lowercase hexadecimal. When the giveaway ends the seed is revealed: anyone can check that SHA-256(seed) equals the commitment, so the seed cannot have been changed after launch.

2. Entry order. Every entry takes part, ordered by the time it was made (UTC, to the millisecond), oldest first; entries made in the same millisecond are ordered by their entry id (compared character by character, by character code).

3. Weights. Each entry's weight is 1 plus its bonus entries (3 for every friend who entered through its referral link). The total weight T is the sum of all weights. The entries share the tickets 0 to T-1 in order: the first entry holds tickets 0 to w1-1, the next one the following w2 tickets, and so on.

4. Entry list hash. The entry list is the text with one line per entry, in draw order: the entry id, a colon, the weight, and a line feed ("<id>:<weight>\\n"). Its SHA-256 is published as the entry list hash, so the list the draw used cannot be changed afterwards.

5. Random numbers. For n = 0, 1, 2, ... the n-th random number R(n) is the first 8 bytes of SHA-256 of the text "<seed>:<n>" (n in decimal, no padding), read as an unsigned 64-bit big-endian integer.

6. Unbiased tickets. Let L = floor(2^64 / T) x T. The random numbers are used in order; a number R(n) >= L is discarded (so that every ticket is equally likely), otherwise the ticket is R(n) mod T.

7. Picks. The grand prize (rank 1) is drawn first, then the 2nd prize, then the 3rd. Each prize goes to the entry holding the next ticket. A ticket held by an entry that has already been picked in this draw is skipped, and the next random number is used, so nobody wins twice. Each pick records its ticket and the counter n that produced it.

8. Redraws. If a prize is not claimed before its deadline and is drawn again, the draw continues with the random numbers after the last pick and skips every entry picked before, including the winner being replaced. The replaced pick stays in the record, marked as replaced.`;

/** The procedure text of a recorded draw. */
export function drawProcedureText(version: number): string {
  if (version === 1) return DRAW_PROCEDURE_V1;
  if (version === 2) return DRAW_PROCEDURE_V2;
  if (version === 3) return DRAW_PROCEDURE_V3;
  return version === 4 ? DRAW_PROCEDURE_V4 : DRAW_PROCEDURE;
}

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
      indexOfTicket: (ticket) => entryHoldingTicket(cumulative, count, total, ticket),
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

// ---------------------------------------------------------------------------------------------
// The frozen entry list, version 2 (draw.csv, step 3)
// ---------------------------------------------------------------------------------------------

export const ENTRY_LIST_HEADER = "entry_id,created_ms,referrer_id,weight";
export const DISQUALIFIED_HEADER = "disqualified_entry_id,reason";
export const DISQUALIFY_REASONS = ["duplicate", "fake", "automated", "rules"] as const;
/** The published reason category of a disqualified entry (Entry.disqualifyReason, the list's last section). */
export type DisqualifyReason = (typeof DISQUALIFY_REASONS)[number];

export interface EntryListLine {
  id: string;
  createdMs: number;
  /** The listed entry whose referral link earned this entry's referrer a bonus, or "". */
  referrerId: string;
  weight: number;
}

/**
 * The exact text of draw.csv (step 3) for entries already in draw order and disqualified entries
 * sorted by id. The freeze builds the same bytes in the database; this is the reference (demo data, tests).
 */
export function entryListText(entries: readonly EntryListLine[], disqualified: readonly { id: string; reason: string }[]): string {
  const lines = [ENTRY_LIST_HEADER];
  for (const entry of entries) lines.push(`${entry.id},${entry.createdMs},${entry.referrerId},${entry.weight}`);
  lines.push(DISQUALIFIED_HEADER);
  for (const entry of disqualified) lines.push(`${entry.id},${entry.reason}`);
  return `${lines.join("\n")}\n`;
}

/**
 * The list's bytes break a rule of step 3: the draw refuses it rather than draw over it.
 * `unlistedReferrers`: the referrer ids named by entry lines that are not listed with a weight above
 * 1 (set when that is the problem), so the freeze can tell a referrer that is not counted (its
 * referrals then name nobody) from a broken bonus counter.
 */
export class EntryListError extends Error {
  readonly unlistedReferrers: readonly string[];
  /** Version 3: the entry ids of actions.csv that draw.csv does not list (the freeze leaves their completions out). */
  readonly unlistedActionEntries: readonly string[];
  constructor(message: string, unlistedReferrers: readonly string[] = [], unlistedActionEntries: readonly string[] = []) {
    super(message);
    this.name = "EntryListError";
    this.unlistedReferrers = unlistedReferrers;
    this.unlistedActionEntries = unlistedActionEntries;
  }
}

export interface FrozenEntryList {
  /** The counted entries with their tickets; entriesHash is the list hash H given to the parser. */
  pool: DrawPool;
  disqualified: { id: string; reason: string }[];
  /** Entry lines with a referrer_id. */
  referrals: number;
}

const COMMA = 44;
const LINE_FEED = 10;
const COLON = 58;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function asciiText(bytes: Uint8Array, start: number, end: number): string {
  let text = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let k = start; k < end; k += 8192) text += String.fromCharCode.apply(null, Array.from(bytes.subarray(k, Math.min(end, k + 8192))));
  return text;
}

/** Byte-order comparison of two ids, each a range of a byte array (step 3's tie-break and the disqualified order). */
function compareBytes(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): number {
  const length = Math.min(aEnd - aStart, bEnd - bStart);
  for (let k = 0; k < length; k++) {
    const difference = (a[aStart + k] ?? 0) - (b[bStart + k] ?? 0);
    if (difference !== 0) return difference;
  }
  return aEnd - aStart - (bEnd - bStart);
}

/** FNV-1a over an id's bytes: the slot of an id in the referrers' table, and the id hashes of the index. */
function idHash(bytes: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ (bytes[k] ?? 0), FNV_PRIME);
  return hash >>> 0;
}

/** A growable list of numbers in a typed array. */
class NumberList<T extends Uint32Array | Float64Array> {
  values: T;
  length = 0;
  readonly #make: (size: number) => T;
  constructor(make: (size: number) => T, capacity = 1024) {
    this.#make = make;
    this.values = make(capacity);
  }
  push(value: number): void {
    if (this.length === this.values.length) this.values = this.#grown(this.values.length * 2);
    this.values[this.length++] = value;
  }
  /** The values in an array of their own size. */
  done(): T {
    return this.#grown(this.length);
  }
  #grown(size: number): T {
    const grown = this.#make(size);
    grown.set(this.values.subarray(0, Math.min(size, this.length)));
    return grown;
  }
}

const uint32List = (capacity?: number) => new NumberList((size) => new Uint32Array(size), capacity);
const float64List = (capacity?: number) => new NumberList((size) => new Float64Array(size), capacity);

/** Bytes per page of an IdArena. */
const ID_PAGE_BYTES = 1 << 20;

/**
 * Ids copied out of the pieces they arrived in, each a range of a 1 MiB page (an id longer than a
 * page gets a page of its own). Pages, not one array that doubles: a million ids of 24 bytes take
 * 24 MB, where the doubling array took up to 32 MB, and 48 MB while it grew (decision 075).
 * Id `i` is at byte `starts[i] % ID_PAGE_BYTES` of page `floor(starts[i] / ID_PAGE_BYTES)`, with
 * `lengths[i]` bytes; ids are copied byte by byte (a subarray per id cost more than the copy).
 */
class IdArena {
  readonly pages: Uint8Array[] = [];
  #page: Uint8Array = EMPTY;
  #used = 0;
  starts = uint32List();
  lengths = uint32List();
  get size(): number {
    return this.starts.length;
  }
  add(source: Uint8Array, start: number, end: number): void {
    const length = end - start;
    if (this.#used + length > this.#page.length) {
      this.#page = new Uint8Array(Math.max(ID_PAGE_BYTES, length));
      this.pages.push(this.#page);
      this.#used = 0;
    }
    const page = this.#page;
    const used = this.#used;
    for (let k = 0; k < length; k++) page[used + k] = source[start + k]!;
    this.starts.push((this.pages.length - 1) * ID_PAGE_BYTES + used);
    this.lengths.push(length);
    this.#used = used + length;
  }
  /** FNV-1a of id `index` (idHash). */
  hash(index: number): number {
    const start = this.starts.values[index]!;
    const page = this.pages[Math.floor(start / ID_PAGE_BYTES)]!;
    const from = start % ID_PAGE_BYTES;
    return idHash(page, from, from + this.lengths.values[index]!);
  }
  /** Whether id `index` is bytes [start, end) of `bytes`. */
  equals(index: number, bytes: Uint8Array, start: number, end: number): boolean {
    const length = this.lengths.values[index]!;
    if (length !== end - start) return false;
    const at = this.starts.values[index]!;
    const page = this.pages[Math.floor(at / ID_PAGE_BYTES)]!;
    const from = at % ID_PAGE_BYTES;
    for (let k = 0; k < length; k++) if (page[from + k] !== bytes[start + k]) return false;
    return true;
  }
  /** Whether id `index` equals id `other` of `arena`. */
  equalsId(index: number, arena: IdArena, other: number): boolean {
    const at = arena.starts.values[other]!;
    const from = at % ID_PAGE_BYTES;
    return this.equals(index, arena.pages[Math.floor(at / ID_PAGE_BYTES)]!, from, from + arena.lengths.values[other]!);
  }
  text(index: number): string {
    const start = this.starts.values[index]!;
    const from = start % ID_PAGE_BYTES;
    return asciiText(this.pages[Math.floor(start / ID_PAGE_BYTES)]!, from, from + this.lengths.values[index]!);
  }
}

/**
 * The same bytes as a plain Uint8Array (a view, no copy). The line parsers see only this one kind of
 * array: Buffers (Node's subclass, what the database drivers and node:crypto hand over) mixed with
 * plain arrays (a line carried from one piece into the next) made V8 throw away and recompile the
 * optimised parser several times in a list's first pieces, which a freeze or a draw reads only once.
 */
function plainBytes(bytes: Uint8Array): Uint8Array {
  return Object.getPrototypeOf(bytes) === Uint8Array.prototype ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A copy of bytes [start, end) (a Buffer's own slice() would be a view of the same memory). */
function copyOf(bytes: Uint8Array, start: number, end: number): Uint8Array {
  const copy = new Uint8Array(end - start);
  copy.set(bytes.subarray(start, end));
  return copy;
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** SHA-256 over bytes, for the blocks of a list that is read again later (the server passes node:crypto's). */
export interface ListHashing {
  bytes(): { update(bytes: Uint8Array): void; hex(): string };
}

/** Entry lines per block of a list's index: about 43 KB of a list of cuid2 ids, read again when a ticket falls in it. */
export const LIST_BLOCK_LINES = 1024;

export interface EntryListReaderOptions {
  /** Entry lines per block (LIST_BLOCK_LINES); tests use tiny blocks to cross many boundaries. */
  blockLines?: number;
  /**
   * Digests every block on the way, so that a block read again from storage is checked to be the
   * very bytes read the first time. Without it the blocks are taken as given (a list held in memory).
   */
  hashing?: ListHashing;
  /**
   * Procedure version 3 (decision 075): the bonuses of actions.csv (ActionListReader.finish). Every
   * weight must then be 1 + 3 x referrals + the entry's bonuses there, and every entry there listed.
   * Without it the weights are those of version 2.
   */
  actions?: ActionBonuses;
  /**
   * Decision 104: the campaign's referral cap, the most lines that may name one entry as referrer
   * (null or absent: no limit). A list past it breaks the rules.
   */
  referralCap?: number | null;
  /**
   * The draw's own reading of a list the freeze wrote (decision 121): the weights, the referral cap
   * and the bonuses of actions.csv were checked by the freeze, in the transaction that stored these
   * very bytes and their hash, so the reader does not collect the ids that check needs again (about
   * 25 MB and a second of a draw with 2,000,000 completions). Every other rule of step 3 is still
   * checked. Verifiers never set it.
   */
  trustWeights?: boolean;
}

const EMPTY = new Uint8Array(0);
const LINE_SHAPE = "Expected <entry_id>,<created_ms>,<referrer_id>,<weight>";

/**
 * Reads draw.csv (version 2) piece by piece, in any piece sizes, and checks every rule of step 3 on
 * the way: header lines, the shape of each line, the draw order, referrers that name a listed
 * entry, every weight equal to 1 + 3 x its referrals, the disqualified section's reasons and
 * order. `finish` throws EntryListError for the first problem, the one a reader going through the
 * whole list from its first byte meets first (a list that does not end with a line feed is that).
 *
 * It keeps no line of the list: per block of `blockLines` entry lines the byte offset, the first
 * ticket and (with `hashing`) a digest; per entry a 32-bit hash of its id (4 bytes); the ids of
 * entries with a weight above 1 and of referrers, for the weight check. For a million entries that
 * is about 5 MB beside the pieces in flight. After the tickets are chosen, the pool reads again only
 * the blocks they fall in (FrozenListIndex, withListBlocks).
 */
export class EntryListReader {
  readonly #blockLines: number;
  readonly #hashing: ListHashing | undefined;
  readonly #actions: ActionBonuses | undefined;
  readonly #referralCap: number | null;
  readonly #trustWeights: boolean;
  /** Lines that name a referrer (what `#referrers` holds when the weights are checked). */
  #referralLines = 0;
  #length = 0;
  #lastByte = -1;
  /** The unfinished last line of the pieces so far, and where it starts in the list. */
  #carry: Uint8Array | null = null;
  #carryAt = 0;
  #section: "header" | "entries" | "disqualified" | "stopped" = "header";
  /** The first problem met before the disqualified section, and the first one in it. */
  #error: string | null = null;
  #disqualifiedError: string | null = null;
  /** Where the line "disqualified_entry_id,reason" starts: the end of the last block. */
  #entriesEnd = -1;

  #count = 0;
  #total = 0;
  /** No line yet: below every created_ms. Not -1: times are not small integers, and a field that starts as one and then holds a time makes V8 recompile the parser. */
  #previousMs = Number.NEGATIVE_INFINITY;
  #previousBytes: Uint8Array = EMPTY;
  #previousStart = 0;
  #previousEnd = 0;
  /** The 32-bit hash of each entry's id, in list order (the first #count are set). */
  #idHashes = new Uint32Array(1 << 16);
  #weighted = new IdArena();
  #weights = float64List();
  #referrers = new IdArena();
  #blockStarts = float64List();
  #blockFirstTickets = float64List();
  #digests: string[] = [];
  #blockHash: { update(bytes: Uint8Array): void; hex(): string } | null = null;

  #disqualified: { id: string; reason: string }[] = [];
  #previousDisqualifiedBytes: Uint8Array = EMPTY;
  #previousDisqualifiedStart = -1;
  #previousDisqualifiedEnd = -1;

  constructor(options: EntryListReaderOptions = {}) {
    const blockLines = options.blockLines ?? LIST_BLOCK_LINES;
    if (!Number.isSafeInteger(blockLines) || blockLines < 1)
      throw new RangeError(`blockLines must be a whole number of at least 1, got ${blockLines}`);
    this.#blockLines = blockLines;
    this.#hashing = options.hashing;
    this.#actions = options.actions;
    this.#referralCap = options.referralCap ?? null;
    this.#trustWeights = options.trustWeights ?? false;
  }

  /** Bytes read so far. */
  get byteLength(): number {
    return this.#length;
  }

  /** The next piece of the list. Nothing of it is kept once this returns: the caller may reuse it. */
  push(piece: Uint8Array): void {
    this.#push(piece);
    // The last ids read, which the next lines are compared with, copied out of the piece.
    if (this.#previousBytes.length > 0) {
      this.#previousBytes = copyOf(this.#previousBytes, this.#previousStart, this.#previousEnd);
      this.#previousStart = 0;
      this.#previousEnd = this.#previousBytes.length;
    }
    if (this.#previousDisqualifiedStart !== -1) {
      this.#previousDisqualifiedBytes = copyOf(
        this.#previousDisqualifiedBytes,
        this.#previousDisqualifiedStart,
        this.#previousDisqualifiedEnd,
      );
      this.#previousDisqualifiedStart = 0;
      this.#previousDisqualifiedEnd = this.#previousDisqualifiedBytes.length;
    }
  }

  #push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    const piece = plainBytes(bytes);
    const at = this.#length;
    this.#length += piece.length;
    this.#lastByte = piece[piece.length - 1] ?? -1;
    if (this.#section === "stopped") return;
    let from = 0;
    if (this.#carry) {
      const lineFeed = piece.indexOf(LINE_FEED);
      if (lineFeed === -1) {
        this.#carry = concatBytes(this.#carry, piece);
        return;
      }
      // The carried line, completed: parsed on its own, then the rest of the piece in place.
      const line = concatBytes(this.#carry, piece.subarray(0, lineFeed + 1));
      this.#carry = null;
      this.#lines(line, 0, this.#carryAt);
      if (this.#stopped()) return;
      from = lineFeed + 1;
    }
    const done = this.#lines(piece, from, at);
    if (!this.#stopped() && done < piece.length) {
      this.#carry = copyOf(piece, done, piece.length);
      this.#carryAt = at + done;
    }
  }

  /**
   * After the last piece: the list's index and pool (entriesHash = `sha256`, the hash the caller
   * computed over the same bytes), or the first broken rule as an EntryListError. `source`, for a
   * list held in memory, hands the pool any block at once instead of asking for it.
   */
  finish(sha256: string, source?: (start: number, end: number) => Uint8Array): FrozenListIndex {
    const length = this.#length;
    if (length === 0 || this.#lastByte !== LINE_FEED) {
      const last = length === 0 ? "" : String.fromCharCode(this.#lastByte);
      throw new EntryListError(`The list must end with a line feed (at byte ${Math.max(0, length - 1)}: "${last}")`);
    }
    if (this.#error !== null) throw new EntryListError(this.#error);
    if (this.#section !== "disqualified" && this.#section !== "stopped")
      throw new EntryListError(`The list must have the line "${DISQUALIFIED_HEADER}" (at byte ${length}: "")`);
    if (!this.#trustWeights) this.#checkWeights();
    if (this.#disqualifiedError !== null) throw new EntryListError(this.#disqualifiedError);
    return new FrozenListIndex({
      sha256,
      count: this.#count,
      total: this.#total,
      blockLines: this.#blockLines,
      blockStarts: this.#blockStarts.done(),
      blockFirstTickets: this.#blockFirstTickets.done(),
      entriesEnd: this.#entriesEnd,
      digests: this.#hashing ? this.#digests : null,
      hashing: this.#hashing ?? null,
      idHashes: this.#idHashes.slice(0, this.#count),
      disqualified: this.#disqualified,
      referrals: this.#referralLines,
      source: source ?? null,
    });
  }

  /** After a problem nothing more is parsed (the pieces are still counted). */
  #stopped(): boolean {
    return this.#section === "stopped";
  }

  /** The problem, as the message says it: the rule, the byte offset and the start of the line. */
  #fail(message: string, bytes: Uint8Array, lineStart: number, at: number): void {
    let end = bytes.indexOf(LINE_FEED, lineStart);
    if (end === -1 || end - lineStart > 120) end = Math.min(bytes.length, lineStart + 120);
    const text = `${message} (at byte ${at + lineStart}: "${asciiText(bytes, lineStart, end)}")`;
    if (this.#section === "disqualified") this.#disqualifiedError = text;
    else this.#error = text;
    this.#section = "stopped";
  }

  /** Parses the complete lines of `bytes` from `from` (the list's byte `at` is bytes[0]); answers where the unfinished rest starts. */
  #lines(bytes: Uint8Array, from: number, at: number): number {
    const last = bytes.lastIndexOf(LINE_FEED);
    if (last < from) return from;
    let position = from;
    if (this.#section === "header") {
      const end = bytes.indexOf(LINE_FEED, position);
      let ok = end - position === ENTRY_LIST_HEADER.length;
      for (let k = 0; ok && k < ENTRY_LIST_HEADER.length; k++) ok = bytes[position + k] === ENTRY_LIST_HEADER.charCodeAt(k);
      if (!ok) {
        this.#fail(`The first line must be "${ENTRY_LIST_HEADER}"`, bytes, position, at);
        return position;
      }
      position = end + 1;
      this.#section = "entries";
    }
    if (this.#section === "entries") position = this.#entryLines(bytes, position, last, at);
    if (this.#section === "disqualified") position = this.#disqualifiedLines(bytes, position, last, at);
    return position;
  }

  #entryLines(bytes: Uint8Array, from: number, last: number, at: number): number {
    const disqualifiedHeader = DISQUALIFIED_HEADER + "\n";
    const disqualifiedFirst = disqualifiedHeader.charCodeAt(0);
    const blockLines = this.#blockLines;
    let count = this.#count;
    let total = this.#total;
    let previousMs = this.#previousMs;
    let previousBytes = this.#previousBytes;
    let previousStart = this.#previousStart;
    let previousEnd = this.#previousEnd;
    let idHashes = this.#idHashes;
    let hashFrom = from;
    let position = from;
    const fail = (message: string, lineStart: number) => this.#fail(message, bytes, lineStart, at);

    lines: while (position <= last) {
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
          this.#entriesEnd = at + lineStart;
          this.#section = "disqualified";
          position += disqualifiedHeader.length;
          break lines;
        }
      }
      // entry_id: printable ASCII except "," and ":" (cuid2 ids are lowercase letters and digits).
      let idHashValue = FNV_OFFSET;
      let cursor = position;
      let code = bytes[cursor] ?? 0;
      while (code > 32 && code < 127 && code !== COMMA && code !== COLON) {
        idHashValue = Math.imul(idHashValue ^ code, FNV_PRIME);
        code = bytes[++cursor] ?? 0;
      }
      const idEnd = cursor;
      if (idEnd === lineStart || code !== COMMA) {
        fail(LINE_SHAPE, lineStart);
        break;
      }
      // created_ms: decimal, no leading zero, at most 15 digits.
      const msStart = ++cursor;
      let createdMs = 0;
      code = bytes[cursor] ?? 0;
      while (code >= 48 && code <= 57) {
        createdMs = createdMs * 10 + (code - 48);
        code = bytes[++cursor] ?? 0;
      }
      if (code !== COMMA) {
        fail(code === LINE_FEED ? LINE_SHAPE : "created_ms must be a whole number in decimal", lineStart);
        break;
      }
      if (cursor === msStart || cursor - msStart > 15 || (bytes[msStart] === 48 && cursor - msStart > 1)) {
        fail("created_ms must be a whole number in decimal", lineStart);
        break;
      }
      // referrer_id: empty or an id.
      const referrerStart = ++cursor;
      code = bytes[cursor] ?? 0;
      while (code > 32 && code < 127 && code !== COMMA && code !== COLON) code = bytes[++cursor] ?? 0;
      const referrerEnd = cursor;
      if (code !== COMMA) {
        fail(LINE_SHAPE, lineStart);
        break;
      }
      // weight: decimal, at least 1, then the line feed.
      const weightStart = ++cursor;
      let weight = 0;
      code = bytes[cursor] ?? 0;
      while (code >= 48 && code <= 57) {
        weight = weight * 10 + (code - 48);
        code = bytes[++cursor] ?? 0;
      }
      if (code !== LINE_FEED) {
        fail(code === COMMA ? LINE_SHAPE : "weight must be a whole number of at least 1", lineStart);
        break;
      }
      if (cursor === weightStart || cursor - weightStart > 15 || bytes[weightStart] === 48 || weight < 1) {
        fail("weight must be a whole number of at least 1", lineStart);
        break;
      }
      if (
        createdMs < previousMs ||
        (createdMs === previousMs && compareBytes(previousBytes, previousStart, previousEnd, bytes, lineStart, idEnd) >= 0)
      ) {
        fail("The entries are not in draw order (created_ms, then entry_id byte by byte)", lineStart);
        break;
      }
      previousMs = createdMs;
      previousBytes = bytes;
      previousStart = lineStart;
      previousEnd = idEnd;
      if (referrerEnd > referrerStart) {
        this.#referralLines++;
        if (!this.#trustWeights) this.#referrers.add(bytes, referrerStart, referrerEnd);
      }
      if (weight > 1 && !this.#trustWeights) {
        this.#weighted.add(bytes, lineStart, idEnd);
        this.#weights.push(weight);
      }
      if (total + weight > Number.MAX_SAFE_INTEGER) {
        fail("The total weight exceeds 2^53 - 1", lineStart);
        break;
      }
      if (count % blockLines === 0) {
        // A new block starts with this line.
        if (this.#hashing) {
          if (this.#blockHash) {
            this.#blockHash.update(bytes.subarray(hashFrom, lineStart));
            this.#digests.push(this.#blockHash.hex());
          }
          this.#blockHash = this.#hashing.bytes();
          hashFrom = lineStart;
        }
        this.#blockStarts.push(at + lineStart);
        this.#blockFirstTickets.push(total);
      }
      total += weight;
      if (count === idHashes.length) {
        const grown = new Uint32Array(idHashes.length * 2);
        grown.set(idHashes);
        idHashes = grown;
        this.#idHashes = grown;
      }
      idHashes[count] = idHashValue;
      count += 1;
      position = cursor + 1;
    }
    if (this.#blockHash) {
      const end = this.#section === "disqualified" ? this.#entriesEnd - at : position;
      this.#blockHash.update(bytes.subarray(hashFrom, end));
      if (this.#section === "disqualified") {
        this.#digests.push(this.#blockHash.hex());
        this.#blockHash = null;
      }
    }
    this.#count = count;
    this.#total = total;
    this.#previousMs = previousMs;
    this.#previousBytes = previousBytes;
    this.#previousStart = previousStart;
    this.#previousEnd = previousEnd;
    return position;
  }

  #disqualifiedLines(bytes: Uint8Array, from: number, last: number, at: number): number {
    let position = from;
    while (position <= last) {
      const lineStart = position;
      const end = bytes.indexOf(LINE_FEED, position);
      let comma = position;
      let code = bytes[comma] ?? 0;
      while (comma < end && code > 32 && code < 127 && code !== COMMA && code !== COLON) code = bytes[++comma] ?? 0;
      if (comma === position || code !== COMMA) {
        this.#fail("Expected <entry_id>,<reason>", bytes, lineStart, at);
        break;
      }
      const reason = asciiText(bytes, comma + 1, end);
      if (!(DISQUALIFY_REASONS as readonly string[]).includes(reason)) {
        this.#fail(`The reason must be one of ${DISQUALIFY_REASONS.join(", ")}`, bytes, lineStart, at);
        break;
      }
      if (
        this.#previousDisqualifiedStart !== -1 &&
        compareBytes(
          this.#previousDisqualifiedBytes,
          this.#previousDisqualifiedStart,
          this.#previousDisqualifiedEnd,
          bytes,
          lineStart,
          comma,
        ) >= 0
      ) {
        this.#fail("The disqualified entries are not sorted by entry_id", bytes, lineStart, at);
        break;
      }
      this.#previousDisqualifiedBytes = bytes;
      this.#previousDisqualifiedStart = lineStart;
      this.#previousDisqualifiedEnd = comma;
      this.#disqualified.push({ id: asciiText(bytes, lineStart, comma), reason });
      position = end + 1;
    }
    return position;
  }

  /**
   * Weights: 1 + 3 per referral line naming the entry, and every referrer is a listed entry. The
   * entries with a weight above 1 go in an open-addressing table (slot -> position + 1); each
   * referral line finds its referrer there (the first listed with that id) or is reported.
   */
  #checkWeights(): void {
    const weighted = this.#weighted;
    const referrers = this.#referrers;
    const slots = new Uint32Array(Math.max(16, 1 << Math.ceil(Math.log2(weighted.size * 2 + 1))));
    const mask = slots.length - 1;
    for (let w = 0; w < weighted.size; w++) {
      let slot = weighted.hash(w) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = w + 1;
    }
    const referralsOf = new Uint32Array(weighted.size);
    const unlisted = new Map<string, number>();
    for (let r = 0; r < referrers.size; r++) {
      let slot = referrers.hash(r) & mask;
      let found = -1;
      for (let held = slots[slot] ?? 0; held !== 0; slot = (slot + 1) & mask, held = slots[slot] ?? 0) {
        if (weighted.equalsId(held - 1, referrers, r)) {
          found = held - 1;
          break;
        }
      }
      if (found !== -1) referralsOf[found] = (referralsOf[found] ?? 0) + 1;
      else {
        const referrer = referrers.text(r);
        unlisted.set(referrer, (unlisted.get(referrer) ?? 0) + 1);
      }
    }
    // Version 3: each entry's action bonuses (actions.csv names only listed entries, so weights above 1).
    const actions = this.#actions;
    const unlistedActions = new Map<string, number>();
    const bonusOf = actions ? new Float64Array(weighted.size) : null;
    if (actions && bonusOf) {
      for (let a = 0; a < actions.ids.size; a++) {
        let slot = actions.ids.hash(a) & mask;
        let found = -1;
        for (let held = slots[slot] ?? 0; held !== 0; slot = (slot + 1) & mask, held = slots[slot] ?? 0) {
          if (weighted.equalsId(held - 1, actions.ids, a)) {
            found = held - 1;
            break;
          }
        }
        const bonus = actions.bonuses.values[a] ?? 0;
        if (found === -1) unlistedActions.set(actions.ids.text(a), bonus);
        else bonusOf[found] = bonus;
      }
    }
    for (let w = 0; w < weighted.size; w++) {
      const weight = this.#weights.values[w] ?? 0;
      const referrals = referralsOf[w] ?? 0;
      if (this.#referralCap !== null && referrals > this.#referralCap)
        throw new EntryListError(
          `Entry ${weighted.text(w)} is named as referrer by ${referrals} lines, but the rules let at most ${this.#referralCap} friends per entrant earn bonus entries`,
        );
      if (bonusOf) {
        const expected = 1 + REFERRAL_ACTION_BONUS * referrals + (bonusOf[w] ?? 0);
        // An entry without action bonuses is told as version 2 tells it.
        if (weight !== expected)
          throw new EntryListError(
            bonusOf[w]
              ? `Entry ${weighted.text(w)} has weight ${weight}, but its ${referrals} referrals and ${bonusOf[w]} bonus entries in actions.csv give ${expected}`
              : `Entry ${weighted.text(w)} has weight ${weight}, but its referrals give ${expected}`,
          );
      } else {
        const expected = 1 + REFERRAL_BONUS_ENTRIES * referrals;
        if (weight !== expected)
          throw new EntryListError(`Entry ${weighted.text(w)} has weight ${weight}, but its referrals give ${expected}`);
      }
    }
    if (unlisted.size > 0) {
      const [referrer, referrals] = unlisted.entries().next().value as [string, number];
      throw new EntryListError(
        `Entry ${referrer} is named as referrer by ${referrals} lines but is not listed with weight ${1 + REFERRAL_BONUS_ENTRIES * referrals}`,
        [...unlisted.keys()],
        [...unlistedActions.keys()],
      );
    }
    if (unlistedActions.size > 0) {
      const [entry, bonus] = unlistedActions.entries().next().value as [string, number];
      throw new EntryListError(
        `Entry ${entry} has ${bonus} bonus entries in actions.csv but is not listed in draw.csv with a weight of at least ${1 + bonus}`,
        [],
        [...unlistedActions.keys()],
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The frozen action completions, version 3 (actions.csv, step 3; decision 075)
// ---------------------------------------------------------------------------------------------

/** The action bonuses of actions.csv, summed per entry: ids in entry id byte order, one sum each. */
export interface ActionBonuses {
  ids: IdArena;
  bonuses: NumberList<Uint32Array>;
  /** Lines of the completions section (counted completions) and of the rejected claims. */
  completions: number;
  disqualified: number;
  /** The sum of every counted bonus. */
  total: number;
}

export interface ActionListReaderOptions {
  /** Completions must be at or before this time (the freeze): actions close with entries. */
  notAfterMs?: number;
}

/** The kinds as bytes: a line's kind is compared in place (a string per line made reading 2,000,000 lines slower). */
const ACTION_KIND_BYTES: readonly Uint8Array[] = ACTION_KINDS.map((kind) => Uint8Array.from(kind, (character) => character.charCodeAt(0)));

const ACTION_REASON_SET: ReadonlySet<string> = new Set(ACTION_DISQUALIFY_REASONS);
const ACTION_LINE_SHAPE = "Expected <entry_id>,<action_id>,<kind>,<bonus>,<completed_ms>";
const REJECTED_LINE_SHAPE = "Expected <disqualified_entry_id>,<action_id>,<completed_ms>,<reason>";

/** An id field (printable ASCII but "," and ":"): its end, or -1 when empty or not followed by a comma. */
function idField(bytes: Uint8Array, start: number, end: number): number {
  let cursor = start;
  while (cursor < end) {
    const code = bytes[cursor] ?? 0;
    if (code === COMMA) return cursor === start ? -1 : cursor;
    if (code <= 32 || code >= 127 || code === COLON) return -1;
    cursor += 1;
  }
  return -1;
}

/** A canonical decimal (no leading zero, at most 15 digits) filling [start, end), or -1. */
function decimalField(bytes: Uint8Array, start: number, end: number): number {
  if (end <= start || end - start > 15 || (bytes[start] === 48 && end - start > 1)) return -1;
  let value = 0;
  for (let k = start; k < end; k++) {
    const code = bytes[k] ?? 0;
    if (code < 48 || code > 57) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}

/**
 * The last line's ids and time, for the order check: a range of the piece it came in (no copy per
 * line), copied out only when the piece is done (`detach`), for the next piece's first line.
 */
class LastIds {
  bytes: Uint8Array = EMPTY;
  entryStart = 0;
  entryEnd = -1;
  actionStart = 0;
  actionEnd = 0;
  ms = 0;
  get empty(): boolean {
    return this.entryEnd === -1;
  }
  set(bytes: Uint8Array, entryStart: number, entryEnd: number, actionStart: number, actionEnd: number, ms: number): void {
    this.bytes = bytes;
    this.entryStart = entryStart;
    this.entryEnd = entryEnd;
    this.actionStart = actionStart;
    this.actionEnd = actionEnd;
    this.ms = ms;
  }
  /** Negative, 0 or positive as the line (entry, ms, action) sorts before, with or after this one. */
  compare(bytes: Uint8Array, entryStart: number, entryEnd: number, actionStart: number, actionEnd: number, ms: number): number {
    if (this.empty) return 1;
    return (
      compareBytes(bytes, entryStart, entryEnd, this.bytes, this.entryStart, this.entryEnd) ||
      ms - this.ms ||
      compareBytes(bytes, actionStart, actionEnd, this.bytes, this.actionStart, this.actionEnd)
    );
  }
  /** Copies the ids out of the piece they are in (the caller may reuse it). */
  detach(): void {
    if (this.empty) return;
    const entryLength = this.entryEnd - this.entryStart;
    const actionLength = this.actionEnd - this.actionStart;
    const own = new Uint8Array(entryLength + actionLength);
    own.set(this.bytes.subarray(this.entryStart, this.entryEnd));
    own.set(this.bytes.subarray(this.actionStart, this.actionEnd), entryLength);
    this.set(own, 0, entryLength, entryLength, entryLength + actionLength, this.ms);
  }
}

/** Whether bytes [start, end) are one of the action kinds (compared in place, a loop per kind). */
function isActionKind(bytes: Uint8Array, start: number, end: number): boolean {
  const length = end - start;
  kinds: for (const kind of ACTION_KIND_BYTES) {
    if (kind.length !== length) continue;
    for (let k = 0; k < length; k++) if (bytes[start + k] !== kind[k]) continue kinds;
    return true;
  }
  return false;
}

/** Whether `code` may be in an id: printable ASCII but "," and ":". */
function isIdByte(code: number): boolean {
  return code > 32 && code < 127 && code !== COMMA && code !== COLON;
}

/**
 * Reads actions.csv (version 3) piece by piece and checks every rule of step 3: the two header
 * lines, the shape of each line (kind, a bonus of 1 to 10, completed_ms at or before the freeze),
 * the order of both sections, and the reasons of the rejected claims. It keeps the bonuses summed
 * per entry (the ids once each), which EntryListReader's `actions` checks the weights of draw.csv
 * against. `finish` throws EntryListError for the first problem.
 */
export class ActionListReader {
  readonly #notAfterMs: number;
  #length = 0;
  #lastByte = -1;
  #carry: Uint8Array | null = null;
  #carryAt = 0;
  #section: "header" | "completions" | "disqualified" | "stopped" = "header";
  #error: string | null = null;
  #ids = new IdArena();
  #bonuses = uint32List();
  #completions = 0;
  #disqualified = 0;
  #total = 0;
  #last = new LastIds();

  constructor(options: ActionListReaderOptions = {}) {
    this.#notAfterMs = options.notAfterMs ?? Number.MAX_SAFE_INTEGER;
  }

  get byteLength(): number {
    return this.#length;
  }

  /** The next piece of actions.csv; nothing of it is kept once this returns. */
  push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    const piece = plainBytes(bytes);
    const at = this.#length;
    this.#length += piece.length;
    this.#lastByte = piece[piece.length - 1] ?? -1;
    if (this.#section === "stopped") return;
    let from = 0;
    if (this.#carry) {
      const lineFeed = piece.indexOf(LINE_FEED);
      if (lineFeed === -1) {
        this.#carry = concatBytes(this.#carry, piece);
        return;
      }
      const line = concatBytes(this.#carry, piece.subarray(0, lineFeed + 1));
      this.#carry = null;
      this.#line(line, 0, line.length - 1, this.#carryAt);
      from = lineFeed + 1;
    }
    let position = from;
    while (!this.#stopped()) {
      // A well-formed completion in order takes the fast path; anything else (headers, the rejected
      // claims, a broken line, the unfinished end of the piece) is read by #line, which says why.
      if (this.#section === "completions") {
        const end = this.#completion(piece, position);
        if (end !== -1) {
          position = end + 1;
          continue;
        }
      }
      const end = piece.indexOf(LINE_FEED, position);
      if (end === -1) break;
      this.#line(piece, position, end, at);
      position = end + 1;
    }
    if (!this.#stopped() && position < piece.length) {
      this.#carry = copyOf(piece, position, piece.length);
      this.#carryAt = at + position;
    }
    this.#last.detach();
  }

  /**
   * The completion line at `start` when it is whole in `bytes`, follows every rule and sorts after
   * the last line: counted, and the index of its line feed answered. Otherwise -1, nothing counted
   * (#line then reads it and names the first rule it breaks). One pass over the line's bytes, no
   * allocation: 2,000,000 lines are read by every draw and verification (decision 075).
   */
  #completion(bytes: Uint8Array, start: number): number {
    const length = bytes.length;
    const last = this.#last;
    const lastBytes = last.bytes;
    const lastStart = last.entryStart;
    const lastLength = last.entryEnd - lastStart;
    // entry_id, compared with the last line's on the way: order < 0, 0 (so far equal) or > 0.
    let k = start;
    let code = 0;
    let order = last.empty ? 1 : 0;
    while (k < length && isIdByte((code = bytes[k]!))) {
      if (order === 0) {
        const i = k - start;
        order = i < lastLength ? code - lastBytes[lastStart + i]! : 1;
      }
      k++;
    }
    if (k >= length || code !== COMMA || k === start) return -1;
    const entryEnd = k;
    if (order === 0 && entryEnd - start < lastLength) order = -1;
    if (order < 0) return -1;
    // action_id
    const actionStart = ++k;
    while (k < length && isIdByte((code = bytes[k]!))) k++;
    if (k >= length || code !== COMMA || k === actionStart) return -1;
    const actionEnd = k;
    // kind
    const kindStart = ++k;
    while (k < length && (code = bytes[k]!) !== COMMA && code !== LINE_FEED) k++;
    if (k >= length || code !== COMMA || !isActionKind(bytes, kindStart, k)) return -1;
    // bonus: ACTION_BONUS.min to ACTION_BONUS.max, no leading zero
    const bonusStart = ++k;
    let bonus = 0;
    while (k < length && (code = bytes[k]!) >= 48 && code <= 57) {
      bonus = bonus * 10 + (code - 48);
      k++;
    }
    if (k >= length || code !== COMMA || k === bonusStart || k - bonusStart > 15 || bytes[bonusStart] === 48) return -1;
    if (bonus < ACTION_BONUS.min || bonus > ACTION_BONUS.max) return -1;
    // completed_ms: decimal, no leading zero, at most 15 digits, then the line feed
    const msStart = ++k;
    let ms = 0;
    while (k < length && (code = bytes[k]!) >= 48 && code <= 57) {
      ms = ms * 10 + (code - 48);
      k++;
    }
    if (k >= length || code !== LINE_FEED || k === msStart || k - msStart > 15 || (bytes[msStart] === 48 && k - msStart > 1)) return -1;
    if (ms > this.#notAfterMs) return -1;
    const sameEntry = order === 0;
    if (
      sameEntry &&
      (ms < last.ms || (ms === last.ms && compareBytes(bytes, actionStart, actionEnd, lastBytes, last.actionStart, last.actionEnd) <= 0))
    )
      return -1;
    last.set(bytes, start, entryEnd, actionStart, actionEnd, ms);
    this.#count(bytes, start, entryEnd, bonus, sameEntry);
    return k;
  }

  /** A counted completion of entry [start, end) of `bytes` (`sameEntry`: the last line's entry). */
  #count(bytes: Uint8Array, start: number, end: number, bonus: number, sameEntry: boolean): void {
    this.#completions += 1;
    this.#total += bonus;
    if (sameEntry) {
      const values = this.#bonuses.values;
      values[this.#bonuses.length - 1] = (values[this.#bonuses.length - 1] ?? 0) + bonus;
    } else {
      this.#ids.add(bytes, start, end);
      this.#bonuses.push(bonus);
    }
  }

  #stopped(): boolean {
    return this.#section === "stopped";
  }

  /** After the last piece: the bonuses per entry, or the first broken rule as an EntryListError. */
  finish(): ActionBonuses {
    const length = this.#length;
    if (length === 0 || this.#lastByte !== LINE_FEED) {
      const last = length === 0 ? "" : String.fromCharCode(this.#lastByte);
      throw new EntryListError(`actions.csv must end with a line feed (at byte ${Math.max(0, length - 1)}: "${last}")`);
    }
    if (this.#error !== null) throw new EntryListError(this.#error);
    if (this.#section !== "disqualified")
      throw new EntryListError(`actions.csv must have the line "${ACTION_DISQUALIFIED_HEADER}" (at byte ${length}: "")`);
    return { ids: this.#ids, bonuses: this.#bonuses, completions: this.#completions, disqualified: this.#disqualified, total: this.#total };
  }

  #fail(message: string, bytes: Uint8Array, start: number, end: number, at: number): void {
    this.#error = `actions.csv: ${message} (at byte ${at + start}: "${asciiText(bytes, start, Math.min(end, start + 120))}")`;
    this.#section = "stopped";
  }

  #is(bytes: Uint8Array, start: number, end: number, text: string): boolean {
    if (end - start !== text.length) return false;
    for (let k = 0; k < text.length; k++) if (bytes[start + k] !== text.charCodeAt(k)) return false;
    return true;
  }

  /** One line, [start, end) of `bytes` without its line feed; the list's byte `at` is bytes[0]. */
  #line(bytes: Uint8Array, start: number, end: number, at: number): void {
    if (this.#section === "header") {
      if (!this.#is(bytes, start, end, ACTION_LIST_HEADER))
        this.#fail(`The first line must be "${ACTION_LIST_HEADER}"`, bytes, start, end, at);
      else this.#section = "completions";
      return;
    }
    if (this.#section === "completions" && this.#is(bytes, start, end, ACTION_DISQUALIFIED_HEADER)) {
      this.#section = "disqualified";
      this.#last = new LastIds();
      return;
    }
    const completion = this.#section === "completions";
    const shape = completion ? ACTION_LINE_SHAPE : REJECTED_LINE_SHAPE;
    const entryEnd = idField(bytes, start, end);
    const actionEnd = entryEnd === -1 ? -1 : idField(bytes, entryEnd + 1, end);
    if (actionEnd === -1) return this.#fail(shape, bytes, start, end, at);
    let ms: number;
    let bonus = 0;
    if (completion) {
      const kindEnd = bytes.indexOf(COMMA, actionEnd + 1);
      const bonusEnd = kindEnd === -1 || kindEnd >= end ? -1 : bytes.indexOf(COMMA, kindEnd + 1);
      if (bonusEnd === -1 || bonusEnd >= end) return this.#fail(shape, bytes, start, end, at);
      if (!isActionKind(bytes, actionEnd + 1, kindEnd))
        return this.#fail(`The kind must be one of ${ACTION_KINDS.join(", ")}`, bytes, start, end, at);
      bonus = decimalField(bytes, kindEnd + 1, bonusEnd);
      if (bonus < ACTION_BONUS.min || bonus > ACTION_BONUS.max)
        return this.#fail(`The bonus must be a whole number from ${ACTION_BONUS.min} to ${ACTION_BONUS.max}`, bytes, start, end, at);
      ms = decimalField(bytes, bonusEnd + 1, end);
    } else {
      const msEnd = bytes.indexOf(COMMA, actionEnd + 1);
      if (msEnd === -1 || msEnd >= end) return this.#fail(shape, bytes, start, end, at);
      ms = decimalField(bytes, actionEnd + 1, msEnd);
      if (ms >= 0 && !ACTION_REASON_SET.has(asciiText(bytes, msEnd + 1, end)))
        return this.#fail(`The reason must be one of ${ACTION_DISQUALIFY_REASONS.join(", ")}`, bytes, start, end, at);
    }
    if (ms < 0) return this.#fail("completed_ms must be a whole number in decimal", bytes, start, end, at);
    if (ms > this.#notAfterMs)
      return this.#fail(
        "A completion made after the list was frozen never counts (completed_ms is after the freeze)",
        bytes,
        start,
        end,
        at,
      );
    if (this.#last.compare(bytes, start, entryEnd, entryEnd + 1, actionEnd, ms) <= 0)
      return this.#fail("The lines are not sorted by entry_id, completed_ms, action_id (or one repeats)", bytes, start, end, at);
    const last = this.#last;
    const sameEntry = !last.empty && compareBytes(bytes, start, entryEnd, last.bytes, last.entryStart, last.entryEnd) === 0;
    last.set(bytes, start, entryEnd, entryEnd + 1, actionEnd, ms);
    if (!completion) {
      this.#disqualified += 1;
      return;
    }
    this.#count(bytes, start, entryEnd, bonus, sameEntry);
  }
}

/** Reads actions.csv held whole in memory (ActionListReader). */
export function parseActionList(bytes: Uint8Array, options: ActionListReaderOptions = {}): ActionBonuses {
  const reader = new ActionListReader(options);
  reader.push(bytes);
  return reader.finish();
}

/** The pool needs a block of the list that has not been read again yet (withListBlocks reads it and retries). */
export class ListBlockNeeded extends Error {
  readonly list: FrozenListIndex;
  readonly block: number;
  constructor(list: FrozenListIndex, block: number) {
    super(`block ${block} of the entry list is not loaded`);
    this.name = "ListBlockNeeded";
    this.list = list;
    this.block = block;
  }
}

/** A block read again: where its lines start and their ids end, and the running ticket totals. */
interface LoadedBlock {
  bytes: Uint8Array;
  lineStarts: Uint32Array;
  idEnds: Uint32Array;
  /** Running total of weights up to and including each line (from the start of the list). */
  cumulative: Float64Array;
}

interface FrozenListIndexParts {
  sha256: string;
  count: number;
  total: number;
  blockLines: number;
  blockStarts: Float64Array;
  blockFirstTickets: Float64Array;
  entriesEnd: number;
  digests: string[] | null;
  hashing: ListHashing | null;
  idHashes: Uint32Array;
  disqualified: { id: string; reason: string }[];
  referrals: number;
  source: ((start: number, end: number) => Uint8Array) | null;
}

/**
 * A checked list (EntryListReader.finish): its counts and disqualified section, and a pool whose
 * lookups read the block they need. A block not loaded yet makes the lookup throw ListBlockNeeded,
 * unless the list is held in memory (`source`); withListBlocks loads it and runs the computation
 * again, which the draw's functions allow: they are deterministic and have no side effects.
 */
export class FrozenListIndex implements FrozenEntryList {
  readonly pool: DrawPool;
  readonly disqualified: { id: string; reason: string }[];
  readonly referrals: number;
  readonly #parts: FrozenListIndexParts;
  readonly #blocks = new Map<number, LoadedBlock>();
  /** Ids looked up so far, with their index (-1: not listed). */
  readonly #located = new Map<string, number>();

  constructor(parts: FrozenListIndexParts) {
    this.#parts = parts;
    this.disqualified = parts.disqualified;
    this.referrals = parts.referrals;
    const { count, total, blockLines, blockFirstTickets, idHashes } = parts;
    const checkIndex = (index: number) => {
      if (!Number.isInteger(index) || index < 0 || index >= count) throw new RangeError(`no entry at index ${index}`);
    };
    const blockOf = (index: number) => this.#block(Math.floor(index / blockLines));
    const pool: DrawPool = {
      count,
      totalWeight: BigInt(total),
      entriesHash: parts.sha256,
      entryId(index) {
        checkIndex(index);
        const block = blockOf(index);
        const line = index % blockLines;
        return asciiText(block.bytes, block.lineStarts[line] ?? 0, block.idEnds[line] ?? 0);
      },
      weight(index) {
        checkIndex(index);
        const block = blockOf(index);
        const line = index % blockLines;
        const before = line === 0 ? (blockFirstTickets[Math.floor(index / blockLines)] ?? 0) : (block.cumulative[line - 1] ?? 0);
        return (block.cumulative[line] ?? 0) - before;
      },
      indexOfTicket: (ticket) => {
        if (ticket < 0n || ticket >= BigInt(total)) throw new RangeError(`ticket ${ticket} is outside [0, ${total})`);
        const target = Number(ticket);
        // The last block whose first ticket is at most the target, then the first of its lines whose running total passes it.
        let low = 0;
        let high = blockFirstTickets.length - 1;
        while (low < high) {
          const middle = (low + high + 1) >> 1;
          if ((blockFirstTickets[middle] ?? 0) <= target) low = middle;
          else high = middle - 1;
        }
        const blockNumber = low;
        const block = this.#block(blockNumber);
        let first = 0;
        let last = block.cumulative.length - 1;
        while (first < last) {
          const middle = (first + last) >> 1;
          if ((block.cumulative[middle] ?? 0) > target) last = middle;
          else first = middle + 1;
        }
        return blockNumber * blockLines + first;
      },
      indexOfId: (id) => {
        if (!id || id.length > 200) return -1;
        const known = this.#located.get(id);
        if (known !== undefined) return known;
        let hash = FNV_OFFSET;
        for (let k = 0; k < id.length; k++) hash = Math.imul(hash ^ id.charCodeAt(k), FNV_PRIME);
        hash >>>= 0;
        // The first line with this id: its hash among the hashes of all the ids (a few ms for a
        // million), confirmed on the line itself. Only picked entries are looked up, a handful per draw.
        for (let index = 0; index < count; index++) {
          if (idHashes[index] === hash && pool.entryId(index) === id) {
            this.#located.set(id, index);
            return index;
          }
        }
        this.#located.set(id, -1);
        return -1;
      },
    };
    this.pool = pool;
  }

  get blockCount(): number {
    return this.#parts.blockStarts.length;
  }

  /** The bytes of a block: from its first line's start to the next block's (or the disqualified section's header). */
  blockRange(block: number): { start: number; end: number } {
    const { blockStarts, entriesEnd } = this.#parts;
    if (!Number.isInteger(block) || block < 0 || block >= blockStarts.length) throw new RangeError(`no block ${block} in the entry list`);
    return { start: blockStarts[block] ?? 0, end: block + 1 < blockStarts.length ? (blockStarts[block + 1] ?? 0) : entriesEnd };
  }

  /** Takes a block read again (its blockRange's bytes); refuses bytes other than those read the first time. */
  loadBlock(block: number, bytes: Uint8Array): void {
    const { start, end } = this.blockRange(block);
    const { count, total, blockLines, blockFirstTickets, digests, hashing } = this.#parts;
    const fail = (why: string) =>
      new Error(`Block ${block} of the entry list, read again, ${why}: the stored list changed while it was read`);
    if (bytes.length !== end - start) throw fail(`has ${bytes.length} bytes where it had ${end - start}`);
    if (digests && hashing) {
      const digest = hashing.bytes();
      digest.update(bytes);
      if (digest.hex() !== digests[block]) throw fail("differs from the bytes read the first time");
    }
    const lines = Math.min(blockLines, count - block * blockLines);
    const lineStarts = new Uint32Array(lines);
    const idEnds = new Uint32Array(lines);
    const cumulative = new Float64Array(lines);
    let running = blockFirstTickets[block] ?? 0;
    let position = 0;
    for (let line = 0; line < lines; line++) {
      const lineEnd = bytes.indexOf(LINE_FEED, position);
      const idEnd = bytes.indexOf(COMMA, position);
      if (lineEnd === -1 || idEnd === -1 || idEnd > lineEnd) throw fail("is not the lines it held");
      let weight = 0;
      let digit = lineEnd - 1;
      for (let scale = 1; digit > idEnd && bytes[digit] !== COMMA; digit--, scale *= 10) weight += ((bytes[digit] ?? 48) - 48) * scale;
      running += weight;
      lineStarts[line] = position;
      idEnds[line] = idEnd;
      cumulative[line] = running;
      position = lineEnd + 1;
    }
    const next = block + 1 < blockFirstTickets.length ? (blockFirstTickets[block + 1] ?? 0) : total;
    if (position !== bytes.length || running !== next) throw fail("is not the lines it held");
    this.#blocks.set(block, { bytes, lineStarts, idEnds, cumulative });
  }

  #block(block: number): LoadedBlock {
    const loaded = this.#blocks.get(block);
    if (loaded) return loaded;
    const { source } = this.#parts;
    if (!source) throw new ListBlockNeeded(this, block);
    const { start, end } = this.blockRange(block);
    this.loadBlock(block, source(start, end));
    return this.#blocks.get(block)!;
  }
}

/**
 * Runs `compute` (deterministic, without side effects: drawPicks, replayPicks, nextPick) over the
 * list's pool, reading with `read` each block it turns out to need, then running it again: a few
 * blocks per draw instead of the whole list.
 */
export async function withListBlocks<T>(
  list: FrozenListIndex,
  read: (start: number, end: number) => Promise<Uint8Array>,
  compute: (pool: DrawPool) => T,
): Promise<T> {
  for (;;) {
    try {
      return compute(list.pool);
    } catch (error) {
      if (!(error instanceof ListBlockNeeded) || error.list !== list) throw error;
      const { start, end } = list.blockRange(error.block);
      list.loadBlock(error.block, await read(start, end));
    }
  }
}

/**
 * Reads draw.csv (version 2) held whole in memory and checks every rule of step 3 (EntryListReader);
 * throws EntryListError on the first problem. The pool's blocks are views of `bytes`.
 */
export function parseEntryList(
  bytes: Uint8Array,
  sha256: string,
  actions?: ActionBonuses,
  referralCap: number | null = null,
): FrozenListIndex {
  const reader = new EntryListReader({ actions, referralCap });
  reader.push(bytes);
  return reader.finish(sha256, (start, end) => bytes.subarray(start, end));
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
  /** Why this pick was made by a redraw (REDRAW_UNCLAIMED_REASON). */
  reason: z.string().optional(),
  /** The claim deadline this pick's winner was given (ISO 8601). */
  claimDeadline: z.string().optional(),
  /** When this pick's winner email was queued (ISO 8601). */
  notifiedAt: z.string().optional(),
});

/** The published reason of a redraw of an unclaimed prize. */
export const REDRAW_UNCLAIMED_REASON = "The winner did not claim the prize by the deadline.";

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
