import { z } from "zod";
import { CampaignStatus } from "./campaign-status";
import { EMAIL_MESSAGES, checkEmailAddress } from "./email-address";
import { OrderStatus } from "./orders";

/**
 * Entrants' data rights (decision 054): the words of the data pages, the erased-address placeholder,
 * the campaign's fulfilment (from which the retention period runs), and the data page's view types.
 */

/** How long an emailed link to the data page works. */
export const DATA_LINK_DAYS = 7;

/** Default of the platform setting entrantDataRetentionDays. */
export const DEFAULT_RETENTION_DAYS = 90;
export const RETENTION_DAYS_LIMITS = { min: 1, max: 3650 } as const;

/**
 * What an erased entry's (or order's, or winner's) address becomes: "erased:<id>", unique per row
 * (the (campaign, address) unique index), never an address anyone can mail.
 */
export const ERASED_PREFIX = "erased:";

export function erasedPlaceholder(id: string): string {
  return `${ERASED_PREFIX}${id}`;
}

export function isErasedAddress(address: string | null | undefined): boolean {
  return typeof address === "string" && address.startsWith(ERASED_PREFIX);
}

/** How the creator's draw panel names a winner who erased their data (their prize can no longer be claimed). */
export const ERASED_WINNER_LABEL = "A winner who erased their data";

/** A winner's masked address for the creator, or the erased label. */
export function creatorWinnerLabel(address: string | null | undefined, mask: (address: string | null | undefined) => string): string {
  return isErasedAddress(address) ? ERASED_WINNER_LABEL : mask(address);
}

export const DATA_MESSAGES = {
  /** The same answer whatever the address: whether we hold data for it is told only to its inbox. */
  requestSent: "If we have data for that address, we've emailed a link to it. The link works for 7 days.",
  rateLimited: "Too many requests from your network. Please try again in an hour.",
  emailRequired: EMAIL_MESSAGES.required,
  emailInvalid: EMAIL_MESSAGES.invalid,
  invalidLink: "This link is not valid. Please use the link from the latest email we sent you, or ask for a new one below.",
  expiredLink: "This link has expired: links to your data work for 7 days.",
  newLinkSent: "We've emailed a new link to the address this link was for.",
  withdrawn: "Done: you will get no more news and offers from the brands you withdrew consent from.",
  nothingToWithdraw: "There was no marketing consent left to withdraw.",
  erased: "Your data has been erased.",
  confirmRequired: 'Please tick "I understand" to erase your data.',
} as const;

/** What the data page says after an action (post/redirect/get: `?done=<key>`). */
export const DONE_MESSAGES = {
  withdrawn: DATA_MESSAGES.withdrawn,
  nothing: DATA_MESSAGES.nothingToWithdraw,
  erased: DATA_MESSAGES.erased,
  "new-link": DATA_MESSAGES.newLinkSent,
} as const;

export type DoneKey = keyof typeof DONE_MESSAGES;

export function doneMessage(value: string | null): string | null {
  return value && value in DONE_MESSAGES ? DONE_MESSAGES[value as DoneKey] : null;
}

export const DataRequestSchema = z.object({
  email: z
    .string({ error: DATA_MESSAGES.emailRequired })
    .trim()
    .min(1, { message: DATA_MESSAGES.emailRequired, abort: true })
    // The spec's pattern, no invisible characters, no look-alikes (decision 066).
    .superRefine(checkEmailAddress),
});

// ---------------------------------------------------------------------------------------------
// Fulfilment: when the retention period starts

/** Order statuses after which nothing more happens to a prize (shipped counts: delivery may never be reported). */
export const FINAL_ORDER_STATUSES = [OrderStatus.shipped, OrderStatus.delivered, OrderStatus.cancelled] as const;

export function isFinalOrderStatus(status: string): boolean {
  return (FINAL_ORDER_STATUSES as readonly string[]).includes(status);
}

export interface FulfilmentTier {
  /** The tier's current winner, or null when nobody holds it (nobody was drawn). */
  winnerEntryId: string | null;
  claimDeadline: Date | null;
  order: { status: string; shippedAt: Date | null; deliveredAt: Date | null; updatedAt: Date } | null;
}

/**
 * When a campaign was fulfilled, or null while it is not. A drawn campaign is fulfilled once every
 * prize tier with a winner is settled: its order shipped, delivered or cancelled, or, unclaimed, its
 * claim deadline passed. The time is the latest of the draw and each tier's settling (the order's
 * delivery, shipment or last change; the lapsed deadline). A redraw gives a tier a new winner and
 * deadline, so the campaign is unfulfilled again until that one settles.
 */
export function campaignFulfilledAt(
  campaign: { status: string; drawnAt: Date | null; endDate: Date | null },
  tiers: readonly FulfilmentTier[],
  now: Date,
): Date | null {
  if (campaign.status !== CampaignStatus.completed) return null;
  let at = campaign.drawnAt ?? campaign.endDate;
  if (!at) return null;
  for (const tier of tiers) {
    if (!tier.winnerEntryId) continue;
    let settled: Date | null;
    if (tier.order) {
      if (!isFinalOrderStatus(tier.order.status)) return null;
      settled =
        tier.order.status === OrderStatus.delivered
          ? (tier.order.deliveredAt ?? tier.order.shippedAt ?? tier.order.updatedAt)
          : tier.order.status === OrderStatus.shipped
            ? (tier.order.shippedAt ?? tier.order.updatedAt)
            : tier.order.updatedAt;
    } else {
      if (!tier.claimDeadline || tier.claimDeadline.getTime() > now.getTime()) return null;
      settled = tier.claimDeadline;
    }
    if (settled.getTime() > at.getTime()) at = settled;
  }
  return at;
}

/** When the retention job erases a fulfilled campaign's non-consenting entrants. */
export function retentionDueAt(fulfilledAt: Date, retentionDays: number): Date {
  return new Date(fulfilledAt.getTime() + retentionDays * 24 * 60 * 60 * 1000);
}

// ---------------------------------------------------------------------------------------------
// The data page

export type EntryStatus = "pending" | "confirmed" | "disqualified";

export type PrizeClaimState =
  /** Won, not yet claimed, the deadline still ahead. */
  | { kind: "open"; deadline: string }
  /** The deadline passed without a claim (the brand may have drawn someone else). */
  | { kind: "lapsed"; deadline: string }
  /** Claimed: the order's status word. */
  | { kind: "claimed"; orderStatus: string; finished: boolean };

export interface DataPagePrize {
  rank: number;
  title: string;
  claim: PrizeClaimState;
}

export interface DataPageConsent {
  wordingId: string | null;
  version: number | null;
  /** The words as shown (placeholders filled), or null when the entry predates consent records. */
  text: string | null;
  givenAt: string | null;
  withdrawnAt: string | null;
}

export interface DataPageEntry {
  id: string;
  campaign: { id: string; title: string; brandName: string; url: string; ended: boolean };
  email: string;
  phoneNumber: string | null;
  enteredAt: string;
  confirmedAt: string | null;
  status: EntryStatus;
  bonusEntries: number;
  /** The part of bonusEntries earned by entry actions (decision 074); the rest by referrals. */
  actionBonus: number;
  weight: number;
  /** Entry actions done, oldest first: a question's answer or a follow's handle as given (null once erased). */
  actions: { label: string; kind: string; bonus: number; completedAt: string; answer: string | null; rejected: boolean }[];
  terms: DataPageConsent;
  marketing: DataPageConsent & { current: boolean };
  prize: DataPagePrize | null;
}

export interface DataPageData {
  /** The address the link is for, as its entries were typed (the first one). */
  address: string;
  entries: DataPageEntry[];
  /** Messages we sent to the address (kept in the outbox). */
  emailCount: number;
  /** A Giveawear account with this address exists (erasure does not delete it). */
  hasAccount: boolean;
  /** Prizes that erasing would forfeit (unclaimed, deadline ahead) or whose delivery is under way. */
  openClaims: { campaignTitle: string; prizeTitle: string; kind: "unclaimed" | "in-progress" | "finished" }[];
  linkExpiresAt: string;
}

/** "Grand prize" for rank 1, else the tier's own title. */
export function prizeLabel(rank: number, title: string): string {
  return rank === 1 ? "Grand prize" : title || `Prize ${rank}`;
}

/** "1 + 3 from friends you referred + 4 from entry actions" (the draw weight's parts), or "" without a bonus. */
export function bonusBreakdown(bonusEntries: number, actionBonus: number): string {
  if (bonusEntries <= 0) return "";
  const referrals = bonusEntries - actionBonus;
  const parts = [
    ...(referrals > 0 ? [`${referrals} bonus ${referrals === 1 ? "entry" : "entries"} from friends you referred`] : []),
    ...(actionBonus > 0 ? [`${actionBonus} from entry actions`] : []),
  ];
  return ` (1 + ${parts.join(" + ")})`;
}
