/**
 * The public draw record (decision 042): what /campaign/<id>/draw.json serves and the draw page
 * shows, filled from the database by app/server/draw/record.server.ts. Every part that does not
 * exist yet is null, and the launch secret is never in it before the draw: the record only ever
 * grows (launch -> freeze -> beacon and draw -> redraws), so a copy taken earlier stays a true
 * prefix of a later one.
 *
 * Times are ISO 8601 (UTC); big numbers (total weight, tickets) are decimal strings.
 */
import type { DisqualifyReason } from "./draw";
import type { EntryListScan } from "./entry-list";
import type { ListHashCheck } from "./draw-copies";
import type { BeaconReplacement } from "./beacon-replacement";

/** Bumped when a field changes meaning (adding fields does not bump it). */
export const DRAW_RECORD_FORMAT = 1;

export interface DrawRecordBeacon {
  /** drand chain hash (hex). */
  chainHash: string;
  /** The chain's BLS public key (hex): every beacon of the chain verifies against it. */
  publicKey: string;
  /** Seconds between rounds. */
  period: number;
  /** Unix time (seconds) of round 1. */
  genesisTime: number;
  /** drand scheme id, e.g. "bls-unchained-g1-rfc9380". */
  scheme: string;
  /** A local demo chain, not drand: demo campaigns only. */
  demo: boolean;
  /** The round published at launch; null for campaigns launched before beacons (chosen at the freeze). */
  plannedRound: number | null;
  /** When the planned round is produced (round time = genesis + (round - 1) x period). */
  plannedRoundTime: string | null;
  /**
   * Decision 110: the margin in minutes after the end that the planned round was chosen with (the
   * first round at or after endsAt + margin), which a late freeze also adds to the end of the freeze;
   * null for campaigns launched before it was recorded (procedure text: 10 minutes then).
   */
  marginMinutes: number | null;
  /** The round the draw uses (the planned one, or a later one when the freeze came late); null until the list is frozen. */
  round: number | null;
  roundTime: string | null;
  /** Where the round can be fetched (drand's HTTP API on each configured mirror); empty for a demo chain. */
  urls: string[];
  /** The beacon exactly as fetched and verified (drand's JSON: round, randomness, signature); null before the draw or when missing. */
  response: Record<string, unknown> | null;
  /**
   * Procedures 2 to 4 only: no valid beacon could be had within 24 hours of the round, so the draw
   * used the secret alone. Always false from procedure 5 (decision 099), which uses `replacement`.
   */
  missing: boolean;
  /**
   * Procedure 5 (decision 099): `round` could not be fetched from any mirror for 24 hours after its
   * time, so the draw uses this later round, decided (and published) before it existed; null otherwise.
   * `response` is then this round's beacon.
   */
  replacement?: BeaconReplacement | null;
  /** Procedure 5: the wait before a replacement may be decided, and the replacement's margin after the decision. */
  replacementAfterHours?: number;
  replacementMarginMinutes?: number;
}

export type { DisqualifyReason };

export interface DrawRecordList {
  frozenAt: string;
  /** SHA-256 (lowercase hex) of the exact bytes of draw.csv. */
  sha256: string;
  bytes: number;
  /** Counted entries (lines of the entries section). */
  entries: number;
  totalWeight: string;
  /** Decision 104: the most friends whose referrals earn one entrant bonus entries, as the rules state; null for no limit. */
  referralCap: number | null;
  /** Absolute URL of the frozen draw.csv. */
  csvUrl: string;
  /** Read from the frozen bytes, in their order (entry id byte order). */
  disqualified: { id: string; reason: string }[];
  /** Procedure version 3 (decision 075): actions.csv, frozen with draw.csv; absent for lists frozen before. */
  actions?: DrawRecordActions;
}

/** The frozen action completions (actions.csv): their hash, published with the list hash. */
export interface DrawRecordActions {
  /** SHA-256 (lowercase hex) of the exact bytes of actions.csv. */
  sha256: string;
  bytes: number;
  /** Lines of the counted completions and of the rejected claims. */
  completions: number;
  disqualified: number;
  /** Absolute URL of the frozen actions.csv. */
  csvUrl: string;
}

export interface DrawRecordPick {
  rank: number;
  entryId: string;
  ticket: string;
  counter: number;
  replaced: boolean;
  /** Set on picks made by a redraw. */
  redrawnAt: string | null;
  /** Why the redraw was made (for redraw picks), when recorded. */
  reason: string | null;
  claimDeadline: string | null;
  notifiedAt: string | null;
}

export interface DrawRecordDraw {
  drawnAt: string;
  /** The revealed launch secret (procedure 2; the empty string when none was committed); null for procedure 1, whose seed is the secret. */
  secret: string | null;
  /** The seed the picks were drawn with (procedure 2: the final seed). */
  seed: string;
  /** Procedure 1 only: the list hash of "<id>:<weight>" lines the draw used. */
  entriesHash: string;
  entries: number;
  totalWeight: string;
  /**
   * Decision 102: the claim window in whole days, fixed at the draw (the grand prize's deadline minus
   * drawnAt); every replaced winner's deadline is at least their pick's time plus it, and a redraw
   * comes no earlier than that deadline. null when the draw's picks have no deadlines (older draws).
   */
  claimWindowDays: number | null;
  picks: DrawRecordPick[];
  /**
   * Decision 105: replaced winners who say they did claim, by prize rank and time (ISO), oldest
   * first; informational (no verifier checks it). Absent when there are none.
   */
  objections?: { rank: number; at: string }[];
}

/** Procedure 4 (decision 090): an RFC 3161 token anchoring the commitment or the list hash. */
export interface DrawRecordTimestamp {
  subject: "commitment" | "list" | string;
  /** The time-stamp authority asked. */
  tsaUrl: string;
  /** The token's TSTInfo.genTime, as the server read it (verifiers read it from the token). */
  genTime: string;
  /** DER of the token (CMS ContentInfo, SignedData over TSTInfo), base64. */
  token: string;
}

export interface DrawRecord {
  format: typeof DRAW_RECORD_FORMAT;
  /**
   * 5 for campaigns launched with time-stamped anchors and drawn without the secret-only fallback (decision 099),
   * 4 for such campaigns drawn before it with time-stamped anchors (decision 090), 3 for lists frozen with actions.csv (decision 075), 2 for draws made from a frozen list and a
   * beacon before that, 1 for draws made before frozen lists (decision 012).
   */
  procedureVersion: 1 | 2 | 3 | 4 | 5;
  campaignId: string;
  /** Absolute URLs of the human-readable draw page and of this record. */
  pageUrl: string;
  jsonUrl: string;
  launchedAt: string | null;
  endsAt: string | null;
  /** SHA-256 of the launch secret as the campaign publishes it; null when none was published. */
  commitment: string | null;
  beacon: DrawRecordBeacon | null;
  list: DrawRecordList | null;
  draw: DrawRecordDraw | null;
  /** Procedure 4: the time-stamp tokens stored so far (absent before procedure 4). */
  timestamps?: DrawRecordTimestamp[];
}

/** Reason categories as the draw page words them. */
export const DISQUALIFY_REASON_TEXT: Record<DisqualifyReason, string> = {
  duplicate: "Duplicate of another entry",
  fake: "Fake entry",
  automated: "Automated entry",
  rules: "Broke the giveaway's rules",
};

export function disqualifyReasonText(reason: string): string {
  return reason in DISQUALIFY_REASON_TEXT ? DISQUALIFY_REASON_TEXT[reason as DisqualifyReason] : reason;
}

/** What the record's checks found (app/server/draw/record.server.ts computes them). */
export interface RecordChecks {
  /**
   * SHA-256 of the revealed secret (procedure 1: of the seed) against the commitment the page
   * displays, i.e. the campaign's published one, not the draw row's own copy. null before the draw
   * or when no commitment was published.
   */
  secretMatchesCommitment: boolean | null;
  /** The beacon's BLS signature and randomness verify under the chain's public key; null without a beacon. */
  beaconValid: boolean | null;
  /** seed = SHA-256("<secret>:<randomness>"), or = the secret when the beacon is missing; null before the draw or for procedure 1. */
  finalSeedMatches: boolean | null;
  /** The list's hash existed before the beacon round: frozenAt is earlier than the round's time. */
  frozenBeforeRound: boolean | null;
}

/** "Check my entry": where an entrant's pasted id or link stands in the frozen list. */
export type EntryCheck =
  | { kind: "not-frozen" }
  | { kind: "no-id" }
  | { kind: "found"; scan: EntryListScan }
  /** In the campaign but not confirmed before the list was frozen. */
  | { kind: "pending"; id: string }
  /** In the campaign, confirmed, yet not in the frozen list (should not happen: the page says so plainly). */
  | { kind: "not-listed"; id: string }
  | { kind: "unknown" };

/** A pick as the draw page shows it: its prize named, its winner's public name, its times in words. */
export interface DrawPagePick extends Omit<DrawRecordPick, "redrawnAt" | "claimDeadline" | "notifiedAt"> {
  prize: string;
  winner: string | null;
  redrawnAt: string | null;
  claimDeadline: string | null;
  notifiedAt: string | null;
}

/** Everything the public draw page shows (app/server/campaigns/draw-page.server.ts fills it, decision 072). */
export interface DrawPageView {
  campaign: { id: string; title: string; end: string | null; ended: boolean; completed: boolean; freezing: boolean };
  record: DrawRecord;
  checks: RecordChecks;
  /** Each time in words, in the campaign's zone with the UTC instant beside it (decision 096), or null while it has not happened. */
  times: {
    launched: string | null;
    plannedRound: string | null;
    round: string | null;
    frozen: string | null;
    drawn: string | null;
    /** A replacement round's decision and its round's time (decision 099). */
    replacementDecided: string | null;
    replacementRound: string | null;
  };
  chainLabel: string | null;
  picks: DrawPagePick[];
  /** Decision 105: each replaced winner's objection, its time in words (the message stays private). */
  objections: { rank: number; at: string }[];
  /**
   * "Check my entry": the pasted id or link and where it stands (null when only a hash was given), and
   * the list hash the entrant was sent compared with the published one (decision 093; null when none).
   */
  check: { input: string; hashInput: string; result: EntryCheck | null; hash: ListHashCheck | null } | null;
  procedure: string[];
}
