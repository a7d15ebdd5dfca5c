import { PRODUCT_TYPES } from "./campaign-schemas";

/**
 * How winner emails name a prize and when claim reminders are due (decision 051). Pure, so the
 * rules are unit-tested and the job and the emails agree.
 */

/** Words that already say what the printed product is ("Night Owl Club Tee" needs no "T-Shirt"). */
const PRODUCT_WORDS = /\b(t-?shirts?|tees?|shirts?|hoodies?|sweatshirts?|sweaters?|mugs?|cups?)\b/i;

/** "Win the …", "Win a …", "Win: …" at the start and "… giveaway" at the end of a title; trailing "!" is dropped too (the subject ends with its own). */
const WIN_PREFIX = /^\s*win\s*(?:[:\-–—]\s*)?(?:(?:the|a|an|our|this|your)\s+)?(?:own\s+)?/i;
const GIVEAWAY_SUFFIX = /\s*[:\-–—]?\s*giveaway!?\s*$/i;

/** A campaign title without "Win the" in front or "giveaway" behind it; "" when nothing is left. */
export function grandPrizeTitle(title: string): string {
  return title
    .replace(WIN_PREFIX, "")
    .replace(GIVEAWAY_SUFFIX, "")
    .replace(/[\s!?.]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The grand prize's name for "You won {prize} from {brand}!": the campaign title without a "Win
 * the" in front or a "giveaway" behind it ("Win the Northwind Morning Mug" → "Northwind Morning
 * Mug"), followed by the product ("Summer Launch" → "Summer Launch T-Shirt") unless the title
 * already names it, or just the product ("a T-Shirt") when nothing is left of the title.
 */
export function grandPrizeName(title: string, productType: string): string {
  const product = PRODUCT_TYPES.find((candidate) => candidate.key === productType)?.label ?? "T-Shirt";
  const name = grandPrizeTitle(title);
  if (!name) return `a ${product}`;
  return PRODUCT_WORDS.test(name) ? name : `${name} ${product}`;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The reminders before a claim deadline, farthest first: the key names the dedupe key's prefix. */
export const CLAIM_REMINDERS = [
  { key: "claim-reminder-3d", leadMs: 3 * DAY_MS, timeLeft: "3 days" },
  { key: "claim-reminder-1d", leadMs: 1 * DAY_MS, timeLeft: "1 day" },
] as const;

export type ClaimReminder = (typeof CLAIM_REMINDERS)[number];

/** How long after a deadline the creator may still be told of an unclaimed prize (older ones are history). */
export const UNCLAIMED_NOTICE_MAX_AGE_MS = 7 * DAY_MS;

export type ClaimFollowUp = { kind: "reminder"; reminder: ClaimReminder } | { kind: "unclaimed" } | null;

/**
 * What an unclaimed prize calls for at `now`: the nearest reminder whose window has opened (only
 * that one, so a server that was down never sends the 3-day and 1-day reminders together), the
 * creator's notice once the deadline has passed (up to UNCLAIMED_NOTICE_MAX_AGE_MS later), or
 * nothing. A reminder whose window opened before the winner's email went out is not due: that
 * email already gave the deadline.
 */
export function claimFollowUp(deadline: Date, now: Date, winnerEmailedAt: Date | null): ClaimFollowUp {
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return -left <= UNCLAIMED_NOTICE_MAX_AGE_MS ? { kind: "unclaimed" } : null;
  const nearest = [...CLAIM_REMINDERS].reverse().find((reminder) => left <= reminder.leadMs);
  if (!nearest || !winnerEmailedAt) return null;
  const opened = deadline.getTime() - nearest.leadMs;
  return winnerEmailedAt.getTime() < opened ? { kind: "reminder", reminder: nearest } : null;
}

export function claimReminderDedupeKey(reminder: ClaimReminder, campaignId: string, rank: number, entryId: string): string {
  return `${reminder.key}:${campaignId}:${rank}:${entryId}`;
}

export function unclaimedNoticeDedupeKey(campaignId: string, rank: number, entryId: string): string {
  return `prize-unclaimed:${campaignId}:${rank}:${entryId}`;
}

/** The winner's email of one prize: one per campaign, rank and winning entry, so a redraw's new winner gets their own. */
export function winnerDedupeKey(campaignId: string, rank: number, entryId: string): string {
  return `winner:${campaignId}:${rank}:${entryId}`;
}

/** The winner's order_shipped email of one order. */
export function shippedDedupeKey(orderId: string): string {
  return `shipped:${orderId}`;
}

/** The gift winner's gift_delivered email, once (decision 050). */
export function giftDeliveredDedupeKey(orderId: string): string {
  return `gift-delivered:${orderId}`;
}
