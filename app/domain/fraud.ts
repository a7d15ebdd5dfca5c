/**
 * Fraud review (decision 041): patterns that make entries worth a second look, found from facts the
 * database already holds, each told in words a creator understands with its counts. Pure: the
 * server (server/analytics/fraud.server.ts) asks the database for the few grouped rows these functions need.
 *
 * A flag is never a verdict. The creator decides, and may disqualify entries (with one of the
 * published reason categories) until the entry list is frozen.
 */
import { z } from "zod";
import { DISQUALIFY_REASONS as LISTED_REASONS, type DisqualifyReason } from "./draw";
import { isPublicEmailProvider } from "./email-address";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const FRAUD_RULES = {
  /** Entries from one IPv4 /24 or IPv6 /64 network within `networkWindowMs`. Offices, campuses
   * and mobile carriers share networks, so a few are normal; this many in an hour is not. */
  networkEntries: 5,
  networkWindowMs: HOUR,
  /** Entries from one browser (its long-lived cookie) within a day: one device, several people is rare. */
  browserEntries: 3,
  browserWindowMs: 24 * HOUR,
  /** A minute with at least this many entries, and at least `burstFactor` times the usual rate. */
  burstMinEntries: 10,
  burstFactor: 10,
  /** A referrer with at least this many referred entries from its own network. */
  referralSameNetwork: 2,
  /** A referrer with at least this many confirmed, credited referrals at one domain that is not a public provider. */
  referralDomain: 3,
  /** A referrer with at least this many referred entries, none of them confirmed. */
  unconfirmedReferees: 3,
  /** At least this many addresses at one domain that differ only in digits, dots and separators. */
  lookAlikes: 3,
  /** At most this many entries of one pattern are listed (the count stays the whole pattern's). */
  listedPerPattern: 200,
} as const;

export const REVIEW_PAGE_SIZE = 50;
/** The most entries one post may disqualify or restore (a page of the review has fewer). */
export const MAX_REVIEW_BATCH = 200;
export const DISQUALIFY_NOTE_MAX = 500;

export type FlagKind = "network" | "browser" | "burst" | "referral-network" | "referral-domain" | "unconfirmed-referees" | "look-alike";

export interface FlagPoint {
  id: string;
  /** Creation time, ms since the epoch. */
  at: number;
}

/** One pattern: what was seen (a sentence), how many entries it covers, and some of them. */
export interface FlagGroup {
  kind: FlagKind;
  text: string;
  count: number;
  /** The pattern's entries, oldest first, at most FRAUD_RULES.listedPerPattern. */
  entries: FlagPoint[];
}

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "within 40 minutes": the smallest whole unit that is still at least the span, so it stays true. */
export function withinSpan(spanMs: number): string {
  if (spanMs < MINUTE) return "within a minute";
  if (spanMs <= 90 * MINUTE) return `within ${count(Math.ceil(spanMs / MINUTE), "minute", "minutes")}`;
  if (spanMs <= 48 * HOUR) return `within ${count(Math.ceil(spanMs / HOUR), "hour", "hours")}`;
  return `within ${count(Math.ceil(spanMs / (24 * HOUR)), "day", "days")}`;
}

/** "about 2 per hour": a rate in a unit where it reads as a plain number. */
export function usualRate(perMinute: number): string {
  if (perMinute >= 1) return `about ${count(Math.round(perMinute), "entry", "entries")} a minute`;
  const perHour = perMinute * 60;
  if (perHour >= 1) return `about ${count(Math.round(perHour), "entry", "entries")} an hour`;
  const perDay = perHour * 24;
  if (perDay >= 1) return `about ${count(Math.round(perDay), "entry", "entries")} a day`;
  return "less than 1 entry a day";
}

const UTC_MINUTE = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const firstListed = (points: FlagPoint[]) => [...points].sort(byTime).slice(0, FRAUD_RULES.listedPerPattern);

function byTime(a: FlagPoint, b: FlagPoint): number {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// Patterns
// ---------------------------------------------------------------------------------------------

/**
 * Runs of at least `min` entries with no more than `windowMs` between the first and the last, merged
 * when they overlap: every entry of a run is flagged, and a run's span is its first to last entry.
 */
export function timeClusters(points: FlagPoint[], min: number, windowMs: number): FlagPoint[][] {
  const sorted = [...points].sort(byTime);
  const clusters: FlagPoint[][] = [];
  let start = -1;
  let end = -1;
  let left = 0;
  for (let right = 0; right < sorted.length; right++) {
    const at = sorted[right]!.at;
    while (at - sorted[left]!.at > windowMs) left++;
    if (right - left + 1 < min) continue;
    if (start >= 0 && left <= end) end = right;
    else {
      if (start >= 0) clusters.push(sorted.slice(start, end + 1));
      start = left;
      end = right;
    }
  }
  if (start >= 0) clusters.push(sorted.slice(start, end + 1));
  return clusters;
}

const span = (cluster: FlagPoint[]) => cluster[cluster.length - 1]!.at - cluster[0]!.at;

/** Many entries from one network in a short time. `points` are one network's entries. */
export function networkGroups(network: string, points: FlagPoint[]): FlagGroup[] {
  return timeClusters(points, FRAUD_RULES.networkEntries, FRAUD_RULES.networkWindowMs).map((cluster) => ({
    kind: "network",
    text: `${count(cluster.length, "entry", "entries")} from network ${network} ${withinSpan(span(cluster))}`,
    count: cluster.length,
    entries: firstListed(cluster),
  }));
}

/** Many entries from one browser. `points` are one browser's entries. */
export function browserGroups(points: FlagPoint[]): FlagGroup[] {
  return timeClusters(points, FRAUD_RULES.browserEntries, FRAUD_RULES.browserWindowMs).map((cluster) => ({
    kind: "browser",
    text: `${count(cluster.length, "entry", "entries")} from one browser ${withinSpan(span(cluster))}`,
    count: cluster.length,
    entries: firstListed(cluster),
  }));
}

export interface MinuteCount {
  /** Start of the minute, ms since the epoch. */
  minute: number;
  count: number;
}

export interface Burst {
  from: number;
  /** End of its last minute (exclusive). */
  to: number;
  count: number;
  /** The campaign's usual entries per minute outside the burst. */
  usualPerMinute: number;
}

/**
 * Minutes with far more entries than the campaign usually gets, adjacent ones joined. The usual rate
 * is the campaign's entries outside that minute over its running time (start to now or the end), so
 * one burst does not raise the bar it is measured against.
 */
export function findBursts(minutes: MinuteCount[], runningMs: number): Burst[] {
  const total = minutes.reduce((sum, m) => sum + m.count, 0);
  const runningMinutes = Math.max(1, Math.ceil(runningMs / MINUTE));
  const bursts: Burst[] = [];
  for (const m of [...minutes].sort((a, b) => a.minute - b.minute)) {
    const usual = (total - m.count) / Math.max(1, runningMinutes - 1);
    if (m.count < FRAUD_RULES.burstMinEntries || m.count < FRAUD_RULES.burstFactor * usual) continue;
    const last = bursts[bursts.length - 1];
    if (last && last.to === m.minute) {
      last.to = m.minute + MINUTE;
      last.count += m.count;
      last.usualPerMinute = (total - last.count) / Math.max(1, runningMinutes - (last.to - last.from) / MINUTE);
    } else bursts.push({ from: m.minute, to: m.minute + MINUTE, count: m.count, usualPerMinute: usual });
  }
  return bursts;
}

export function burstGroup(burst: Burst, points: FlagPoint[]): FlagGroup {
  const minutes = (burst.to - burst.from) / MINUTE;
  const when = `${UTC_MINUTE.format(new Date(burst.from))} UTC`;
  return {
    kind: "burst",
    text:
      `${count(burst.count, "entry", "entries")} in ${minutes === 1 ? "the minute" : `the ${minutes} minutes`} from ${when}; ` +
      `the giveaway usually gets ${usualRate(burst.usualPerMinute)}`,
    count: burst.count,
    entries: firstListed(points),
  };
}

export interface ReferralRow {
  id: string;
  at: number;
  referrerId: string;
  referrerAt: number;
  network: string;
}

/** A referrer whose referred entries came from the referrer's own network: one person, many "friends"? */
export function referralNetworkGroups(rows: ReferralRow[]): FlagGroup[] {
  const byReferrer = new Map<string, ReferralRow[]>();
  for (const row of rows) byReferrer.set(row.referrerId, [...(byReferrer.get(row.referrerId) ?? []), row]);
  const groups: FlagGroup[] = [];
  for (const [referrerId, referees] of byReferrer) {
    if (referees.length < FRAUD_RULES.referralSameNetwork) continue;
    const first = referees[0]!;
    groups.push({
      kind: "referral-network",
      text: `A referrer and ${count(referees.length, "entry", "entries")} through its link, all from network ${first.network}`,
      count: referees.length + 1,
      entries: firstListed([{ id: referrerId, at: first.referrerAt }, ...referees.map((r) => ({ id: r.id, at: r.at }))]),
    });
  }
  return groups;
}

export interface RefereeDomainSet {
  referrer: FlagPoint;
  domain: string;
  /** How many confirmed, credited referrals of this referrer are at the domain (all of them, not only those listed). */
  referred: number;
  referees: FlagPoint[];
}

/**
 * A referrer whose confirmed referrals are at one domain that is not a public email provider: a
 * catch-all domain gives its owner as many confirmable addresses as they like, so each one's bonus
 * may be farmed (decision 103). Referrals at gmail.com and the like are ordinary.
 */
export function referralDomainGroups(sets: RefereeDomainSet[]): FlagGroup[] {
  return sets
    .filter((set) => set.referred >= FRAUD_RULES.referralDomain && !isPublicEmailProvider(set.domain))
    .map((set) => ({
      kind: "referral-domain",
      text: `A referrer and ${count(set.referred, "confirmed entry", "confirmed entries")} through its link, all at ${set.domain}, which is not a public email provider`,
      count: set.referred + 1,
      entries: firstListed([set.referrer, ...set.referees]),
    }));
}

export interface RefereeTally {
  referrerId: string;
  referrerAt: number;
  referred: number;
  confirmed: number;
}

/** A referrer whose referred entries never confirm: addresses made up to earn the bonus? */
export function unconfirmedRefereeGroups(tallies: RefereeTally[]): FlagGroup[] {
  return tallies
    .filter((t) => t.referred >= FRAUD_RULES.unconfirmedReferees && t.confirmed === 0)
    .map((t) => ({
      kind: "unconfirmed-referees",
      text: `${count(t.referred, "entry", "entries")} came through this entry's link and none of them has been confirmed`,
      count: t.referred,
      entries: [{ id: t.referrerId, at: t.referrerAt }],
    }));
}

/**
 * The look-alike key of an address: its domain, and its local part without digits, dots, "_", "-"
 * and "+" (john.smith1@, johnsmith2@ and john_smith3@ share "johnsmith"). null for no "@".
 */
export function lookAlikeKey(email: string): { local: string; domain: string } | null {
  // The first "@", as the database's grouping (instr / strpos) splits it.
  const at = email.indexOf("@");
  if (at < 0) return null;
  return {
    local: email
      .slice(0, at)
      .toLowerCase()
      .replace(/[0-9._+-]/g, ""),
    domain: email.slice(at + 1).toLowerCase(),
  };
}

/** The characters lookAlikeKey removes: the server's SQL pre-grouping removes the same ones. */
export const LOOK_ALIKE_STRIPPED = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "_", "-", "+"] as const;

export interface EmailPoint extends FlagPoint {
  email: string;
}

/** One set of look-alike addresses: `count` of them at `domain`, some of them listed. */
export function lookAlikeGroup(domain: string, total: number, points: FlagPoint[]): FlagGroup {
  return {
    kind: "look-alike",
    text: `${count(total, "look-alike address", "look-alike addresses")} at ${domain}`,
    count: total,
    entries: firstListed(points),
  };
}

/** Addresses at one domain that differ only in digits and separators. */
export function lookAlikeGroups(points: EmailPoint[]): FlagGroup[] {
  const byKey = new Map<string, { domain: string; points: EmailPoint[] }>();
  for (const point of points) {
    const key = lookAlikeKey(point.email);
    if (!key) continue;
    const k = `${key.local}@${key.domain}`;
    const group = byKey.get(k) ?? { domain: key.domain, points: [] };
    group.points.push(point);
    byKey.set(k, group);
  }
  return [...byKey.values()]
    .filter((g) => g.points.length >= FRAUD_RULES.lookAlikes)
    .map((g) => lookAlikeGroup(g.domain, g.points.length, g.points));
}

// ---------------------------------------------------------------------------------------------
// The review list
// ---------------------------------------------------------------------------------------------

export interface FlaggedRow {
  id: string;
  at: number;
  reasons: { kind: FlagKind; text: string }[];
}

export interface ReviewPage {
  /** Patterns, most entries first. */
  groups: { kind: FlagKind; text: string; count: number; listed: number }[];
  /** Listed entries (the union of every pattern's listed entries). */
  listed: number;
  page: number;
  pages: number;
  rows: FlaggedRow[];
}

/** Every flagged entry once, with all its reasons, newest first, one page of them. */
export function reviewPage(groups: FlagGroup[], page: number, pageSize = REVIEW_PAGE_SIZE): ReviewPage {
  const rows = new Map<string, FlaggedRow>();
  for (const group of groups) {
    for (const entry of group.entries) {
      const row = rows.get(entry.id) ?? { id: entry.id, at: entry.at, reasons: [] };
      row.reasons.push({ kind: group.kind, text: group.text });
      rows.set(entry.id, row);
    }
  }
  const all = [...rows.values()].sort((a, b) => -byTime(a, b));
  const pages = Math.max(1, Math.ceil(all.length / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return {
    groups: [...groups]
      .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
      .map((g) => ({ kind: g.kind, text: g.text, count: g.count, listed: g.entries.length })),
    listed: all.length,
    page: current,
    pages,
    rows: all.slice((current - 1) * pageSize, current * pageSize),
  };
}

/** One entry as the review lists it (the creator owns the leads: the address is shown in full, as in the export). */
export interface ReviewEntry {
  id: string;
  email: string;
  createdAt: string;
  state: "pending" | "counted" | "disqualified";
  disqualifyReason: DisqualifyReason | null;
  disqualifyNote: string | null;
  reasons: { kind: string; text: string }[];
}

export interface FraudReviewData {
  /** The campaign's zone: entry times are written in it (decision 096). */
  timeZone: string;
  /** Whether entries can still be disqualified and restored, and if not, why. */
  locked: string | null;
  groups: ReviewPage["groups"];
  listed: number;
  page: number;
  pages: number;
  entries: ReviewEntry[];
  disqualified: { total: number; entries: ReviewEntry[] };
}

// ---------------------------------------------------------------------------------------------
// Disqualify and restore: the form
// ---------------------------------------------------------------------------------------------

/** The published reason categories (stored in Entry.disqualifyReason) and how the creator reads them. */
export const DISQUALIFY_REASONS: Record<DisqualifyReason, string> = {
  duplicate: "Duplicate: the same person entered more than once",
  fake: "Fake: a made-up or throwaway identity",
  automated: "Automated: entered by a script or bot",
  rules: "Rules: broke the giveaway's rules",
};
export type { DisqualifyReason };
/** The categories the procedure publishes (domain/draw.ts), in its order. */
export const DISQUALIFY_REASON_KEYS: readonly [DisqualifyReason, ...DisqualifyReason[]] = LISTED_REASONS;

/** Short labels, for lists of entries already disqualified. */
export const DISQUALIFY_REASON_SHORT: Record<DisqualifyReason, string> = {
  duplicate: "Duplicate",
  fake: "Fake",
  automated: "Automated",
  rules: "Broke the rules",
};

export function isDisqualifyReason(value: string | null | undefined): value is DisqualifyReason {
  return typeof value === "string" && Object.hasOwn(DISQUALIFY_REASONS, value);
}

export const REVIEW_MESSAGES = {
  noEntries: "Select at least one entry.",
  tooMany: `Select at most ${MAX_REVIEW_BATCH} entries at a time.`,
  badEntry: "That is not an entry of this giveaway.",
  reason: "Choose why the entries are disqualified.",
  noteTooLong: `The note can be at most ${DISQUALIFY_NOTE_MAX} characters.`,
  unknownAction: "Unknown action.",
  frozen: "The entry list is frozen; entries can no longer be disqualified.",
  frozenRestore: "The entry list is frozen; entries can no longer be restored.",
  drawn: "The winner has been drawn; entries can no longer be changed.",
  notEntries: "Some of the selected entries are not entries of this giveaway.",
} as const;

/** Entry ids are cuid2 (lower-case letters and digits); tests' fixed ids may add "-" and "_". */
const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const ONE = /^(disqualify|restore):(.+)$/;

/**
 * The review form: "Disqualify selected" (intent=disqualify, the checked entryId boxes) or a row's
 * own button (intent=disqualify:<id> or restore:<id>), with a reason category for disqualifying and
 * an optional private note.
 */
export const ReviewActionSchema = z
  .object({
    intent: z.string({ error: REVIEW_MESSAGES.unknownAction }),
    entryId: z.array(z.string()).optional(),
    reason: z.string().optional(),
    note: z.string().trim().max(DISQUALIFY_NOTE_MAX, REVIEW_MESSAGES.noteTooLong).optional(),
  })
  .transform((value, ctx) => {
    const one = ONE.exec(value.intent);
    const verb = one ? one[1] : value.intent;
    if (verb !== "disqualify" && verb !== "restore") {
      ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.unknownAction, path: ["intent"] });
      return z.NEVER;
    }
    const ids = one ? [one[2]!] : [...new Set(value.entryId ?? [])];
    if (ids.length === 0) {
      ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.noEntries, path: ["entryId"] });
      return z.NEVER;
    }
    if (ids.length > MAX_REVIEW_BATCH) {
      ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.tooMany, path: ["entryId"] });
      return z.NEVER;
    }
    if (!ids.every((id) => ENTRY_ID.test(id))) {
      ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.badEntry, path: ["entryId"] });
      return z.NEVER;
    }
    if (verb === "restore") return { action: "restore" as const, ids };
    if (!isDisqualifyReason(value.reason)) {
      ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.reason, path: ["reason"] });
      return z.NEVER;
    }
    return { action: "disqualify" as const, ids, reason: value.reason, note: value.note || null };
  });
export type ReviewAction = z.output<typeof ReviewActionSchema>;
