/**
 * Action claims to review (decision 078): patterns in entry action completions that make a claim
 * worth a second look, in words a creator understands with their counts, and the form that rejects
 * (or restores) one claim. Pure: app/server/analytics/claims.server.ts asks the database for the
 * few grouped rows these functions word.
 *
 * Like the entry review (decision 041), a flag is never a verdict: the creator decides. Rejecting a
 * claim takes away only that action's bonus; the entry stays in the draw.
 */
import { z } from "zod";
import type { CsvValue } from "./csv";
import { ACTION_DISQUALIFY_REASONS, type ActionDisqualifyReason, MAX_CODE_TRIES } from "./entry-actions";

export const CLAIM_RULES = {
  /** A follow handle claimed by at least this many entries for one action. */
  sameHandle: 2,
  /** A code that matched after at least this many wrong codes from the same entry. */
  wrongCodesBeforeMatch: 3,
  /** Daily bonuses of one action on one UTC day from one network (IPv4 /24, IPv6 /64). */
  dailyFromNetwork: 5,
  /** At most this many claims of one pattern are listed (the count stays the whole pattern's). */
  listedPerPattern: 200,
  /** At most this many patterns of one kind are looked up (the biggest first). */
  groupsPerKind: 50,
} as const;

export const CLAIMS_PAGE_SIZE = 50;
/** The lists a claim row sits in; a row's anchor is `<section>-<claim id>`, where a post returns to. */
export const CLAIM_ROW_SECTIONS = ["claim", "handle", "rejected"] as const;
export type ClaimRowSection = (typeof CLAIM_ROW_SECTIONS)[number];
/** The most rejected claims listed (newest first) for restoring. */
export const REJECTED_LISTED = 200;

export type ClaimFlagKind = "same-handle" | "code-guessed" | "code-tries-used" | "daily-network";

/** One pattern: what was seen, how many claims (or entries) it covers, and the listed ones. */
export interface ClaimFlagGroup {
  kind: ClaimFlagKind;
  text: string;
  count: number;
  /** Claim keys (ClaimRow.key), at most CLAIM_RULES.listedPerPattern. */
  keys: string[];
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const quoted = (label: string) => `“${label}”`;

const UTC_DAY = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });

/** "3 entries claimed the handle @sam for “Follow us on Instagram”". */
export function sameHandleText(handle: string, actionLabel: string, entries: number): string {
  return `${count(entries, "entry", "entries")} claimed the handle @${handle} for ${quoted(actionLabel)}`;
}

/** "2 entries matched the code for “Enter the code” after 3 or more wrong codes". */
export function codeGuessedText(actionLabel: string, entries: number): string {
  return `${count(entries, "entry", "entries")} matched the code for ${quoted(actionLabel)} after ${CLAIM_RULES.wrongCodesBeforeMatch} or more wrong codes`;
}

/** "2 entries typed 5 wrong codes for “Enter the code” (no bonus counted)". */
export function codeTriesUsedText(actionLabel: string, entries: number): string {
  return `${count(entries, "entry", "entries")} typed ${MAX_CODE_TRIES} wrong codes for ${quoted(actionLabel)} (no bonus counted)`;
}

/** "6 daily bonuses for “Come back daily” on Nov 28, 2026 from network 203.0.113.0/24". */
export function dailyNetworkText(actionLabel: string, day: string, network: string, claims: number): string {
  const date = UTC_DAY.format(new Date(`${day}T00:00:00Z`));
  return `${count(claims, "daily bonus", "daily bonuses")} for ${quoted(actionLabel)} on ${date} from network ${network}`;
}

/** One claim (a completion) as the review lists it; a code's used-up tries have no claim (completionId null). */
export interface ClaimRow {
  /** The completion's id, or `tries:<entryId>:<actionId>` for used-up tries without a match. */
  key: string;
  completionId: string | null;
  entryId: string;
  /** The entrant's address (shown to the campaign's creator, as the entry review shows it); "" once erased. */
  email: string;
  actionLabel: string;
  /** The catalogue's name of the kind and its verification ("Follow or subscribe · Self-reported"). */
  kind: string;
  /** follow: the handle; question: the answer. */
  answer: string | null;
  answerKind: "handle" | "answer" | null;
  bonus: number;
  /** ISO time of the completion (or of the last wrong code). */
  at: string;
  state: "counted" | "rejected" | "no-bonus";
  reason: ActionDisqualifyReason | null;
  /** code: wrong codes this entry typed for the action. */
  wrongCodes: number | null;
  /** The entry itself is disqualified (decision 041): the claim does not count either way. */
  entryDisqualified: boolean;
  reasons: { kind: ClaimFlagKind; text: string }[];
}

export interface ClaimReviewData {
  /** timeZone: the campaign's zone, in which claim times are written (decision 096). */
  campaign: { id: string; title: string; timeZone: string };
  /** Why claims can no longer be rejected or restored (frozen, drawn), or null. */
  locked: string | null;
  hasActions: boolean;
  groups: { kind: ClaimFlagKind; text: string; count: number; listed: number }[];
  flagged: { rows: ClaimRow[]; listed: number; page: number; pages: number };
  /** Every follow claim, newest first, a page of them (null: the campaign has no follow action). */
  handles: { rows: ClaimRow[]; total: number; page: number; pages: number } | null;
  rejected: { rows: ClaimRow[]; total: number };
}

/** Every flagged claim once with all its reasons, newest first; the page asked for (clamped). */
export function flaggedPage(
  groups: readonly ClaimFlagGroup[],
  rows: ReadonlyMap<string, Omit<ClaimRow, "reasons">>,
  page: number,
  pageSize = CLAIMS_PAGE_SIZE,
): {
  groups: ClaimReviewData["groups"];
  keys: { key: string; reasons: ClaimRow["reasons"] }[];
  listed: number;
  page: number;
  pages: number;
} {
  const reasons = new Map<string, ClaimRow["reasons"]>();
  for (const group of groups) {
    for (const key of group.keys) {
      if (!rows.has(key)) continue;
      reasons.set(key, [...(reasons.get(key) ?? []), { kind: group.kind, text: group.text }]);
    }
  }
  const at = (key: string) => rows.get(key)?.at ?? "";
  const all = [...reasons.keys()].sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : a < b ? -1 : 1));
  const pages = Math.max(1, Math.ceil(all.length / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return {
    groups: [...groups]
      .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
      .map((group) => ({ kind: group.kind, text: group.text, count: group.count, listed: group.keys.length })),
    keys: all.slice((current - 1) * pageSize, current * pageSize).map((key) => ({ key, reasons: reasons.get(key) ?? [] })),
    listed: all.length,
    page: current,
    pages,
  };
}

// ---------------------------------------------------------------------------------------------
// Rejecting and restoring one claim
// ---------------------------------------------------------------------------------------------

/** The published reason categories of a rejected claim (actions.csv) and how the creator reads them. */
export const CLAIM_REASONS: Record<ActionDisqualifyReason, string> = {
  false_claim: "False claim: the action was not done (for example, the handle does not follow you)",
  duplicate: "Duplicate: the same person claimed it from several entries",
  automated: "Automated: done by a script or bot",
  rules: "Rules: the claim breaks the giveaway's rules",
};

export const CLAIM_REASON_SHORT: Record<ActionDisqualifyReason, string> = {
  false_claim: "False claim",
  duplicate: "Duplicate",
  automated: "Automated",
  rules: "Broke the rules",
};

export const CLAIM_REASON_KEYS: readonly ActionDisqualifyReason[] = ACTION_DISQUALIFY_REASONS;

export function isClaimReason(value: unknown): value is ActionDisqualifyReason {
  return typeof value === "string" && (ACTION_DISQUALIFY_REASONS as readonly string[]).includes(value);
}

export const CLAIM_MESSAGES = {
  unknownIntent: "Unknown action.",
  noClaim: "Choose a claim.",
  unknownClaim: "That claim is not part of this giveaway.",
  reason: "Choose why the claim is disqualified.",
  frozen: "The entry list is frozen; claims can no longer be disqualified.",
  frozenRestore: "The entry list is frozen; claims can no longer be restored.",
  notFound: "Campaign not found.",
} as const;

const CLAIM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * One row's form: intent "disqualify-claim" (with a reason category) or "restore-claim", and the
 * claim (the completion's id).
 */
export const ClaimActionSchema = z
  .object({
    intent: z.string({ error: CLAIM_MESSAGES.unknownIntent }),
    claimId: z.string({ error: CLAIM_MESSAGES.noClaim }).trim().min(1, CLAIM_MESSAGES.noClaim),
    reason: z.string().optional(),
  })
  .transform((value, ctx) => {
    if (value.intent !== "disqualify-claim" && value.intent !== "restore-claim") {
      ctx.addIssue({ code: "custom", message: CLAIM_MESSAGES.unknownIntent, path: ["intent"] });
      return z.NEVER;
    }
    if (!CLAIM_ID.test(value.claimId)) {
      ctx.addIssue({ code: "custom", message: CLAIM_MESSAGES.unknownClaim, path: ["claimId"] });
      return z.NEVER;
    }
    if (value.intent === "restore-claim") return { action: "restore" as const, claimId: value.claimId };
    if (!isClaimReason(value.reason)) {
      ctx.addIssue({ code: "custom", message: CLAIM_MESSAGES.reason, path: ["reason"] });
      return z.NEVER;
    }
    return { action: "disqualify" as const, claimId: value.claimId, reason: value.reason };
  });
export type ClaimAction = z.output<typeof ClaimActionSchema>;

// ---------------------------------------------------------------------------------------------
// The handles export
// ---------------------------------------------------------------------------------------------

/**
 * The follow claims as CSV, for checking them against the platform. The email is a marketing field
 * (decision 057): only entrants with marketing consent now carry it; the entry id finds the others
 * on the review page.
 */
export const HANDLES_CSV_HEADER = [
  "entry_id",
  "action_id",
  "action",
  "platform",
  "handle",
  "completed_at",
  "status",
  "disqualify_reason",
  "marketing_consent",
  "email",
] as const;

export interface ExportedClaim {
  entryId: string;
  actionId: string;
  actionLabel: string;
  platform: string | null;
  handle: string | null;
  completedAt: Date;
  rejectReason: string | null;
  entryDisqualified: boolean;
  erased: boolean;
  consent: boolean;
  email: string;
}

/** One row in HANDLES_CSV_HEADER's order; status: counted, disqualified (the claim), entry_disqualified or erased. */
export function handleCsvValues(claim: ExportedClaim): CsvValue[] {
  const status = claim.erased ? "erased" : claim.rejectReason ? "disqualified" : claim.entryDisqualified ? "entry_disqualified" : "counted";
  return [
    claim.entryId,
    claim.actionId,
    claim.actionLabel,
    claim.platform,
    claim.erased ? null : claim.handle,
    claim.completedAt,
    status,
    claim.rejectReason,
    claim.consent,
    claim.consent && !claim.erased ? claim.email : null,
  ];
}
