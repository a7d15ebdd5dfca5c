/**
 * The entry cap after launch (decision 049): the notices at 80% and 100% of the plan's entries, and
 * upgrading a live campaign's plan for the difference in price. Pure rules and texts; the server
 * fills them in.
 */
import { formatPrice } from "./plans";

/** The two moments the creator is told about the cap, in percent of Campaign.entryLimit. */
export const CAP_THRESHOLDS = [80, 100] as const;
export type CapThreshold = (typeof CAP_THRESHOLDS)[number];

/** How many counted entries reach `percent` of `limit` (80% of 50 is 40; of 7 it is 6, rounded up). */
export function capThresholdCount(limit: number, percent: CapThreshold): number {
  return Math.max(1, Math.ceil((limit * percent) / 100));
}

/** The highest threshold a campaign has reached, or null (unlimited, or below 80%). */
export function capLevel(entryCount: number, entryLimit: number | null): CapThreshold | null {
  if (entryLimit === null || entryLimit <= 0) return null;
  if (entryCount >= entryLimit) return 100;
  if (entryCount >= capThresholdCount(entryLimit, 80)) return 80;
  return null;
}

/**
 * The outbox key of a threshold's email. The limit is part of it: an upgraded campaign has a new
 * cap, and its creator is told again when that one is near; one cap is announced once.
 */
export function capEmailKey(percent: CapThreshold, campaignId: string, entryLimit: number): string {
  return `cap${percent}:${campaignId}:${entryLimit}`;
}

/** The email templates of the two thresholds (app/domain/email-template-defaults.ts). */
export const CAP_EMAIL_TEMPLATES: Record<CapThreshold, string> = { 80: "entry_cap_near", 100: "entry_cap_reached" };

export interface CapNotice {
  campaignId: string;
  title: string;
  level: CapThreshold;
  entryCount: number;
  entryLimit: number;
  /** The upgrade page, when a plan dearer than the campaign's is on offer. */
  upgradeHref: string | null;
}

const count = (n: number) => n.toLocaleString("en-US");

/** The banner's headline: the same figures as the email. */
export function capNoticeTitle(notice: Pick<CapNotice, "level" | "entryCount" | "entryLimit">): string {
  return notice.level === 100
    ? `Entry limit reached: ${count(notice.entryCount)} of ${count(notice.entryLimit)} entries`
    : `${count(notice.entryCount)} of ${count(notice.entryLimit)} entries: ${Math.floor((notice.entryCount / notice.entryLimit) * 100)}% of the plan's limit`;
}

export function capNoticeText(notice: Pick<CapNotice, "level" | "upgradeHref">): string {
  if (notice.level === 100) {
    return notice.upgradeHref
      ? "New entrants are turned away as full. Upgrade the plan and they can enter again at once."
      : "New entrants are turned away as full.";
  }
  return notice.upgradeHref
    ? "When the limit is reached, new entrants are turned away. Upgrading the plan raises the limit at once."
    : "When the limit is reached, new entrants are turned away.";
}

/** A plan the campaign can move to, with what it costs now. */
export interface UpgradeChoice {
  id: string;
  name: string;
  priceCents: number;
  /** New list price less the current plan's list price: what the creator pays. */
  differenceCents: number;
  entryLimit: number | null;
  aiCredits: number;
  /** Plan credits the campaign gains (the difference of the plans' credits, never negative). */
  extraCredits: number;
}

export const UPGRADE_MESSAGES = {
  notFound: "Campaign not found or you don't have access.",
  notActive: "Only a live campaign can be upgraded. This one is not live.",
  choosePlan: "Choose a plan to upgrade to.",
  notHigher: "Choose a plan that costs more than the campaign's current plan.",
  topPlan: "This campaign is already on the highest plan.",
  upgraded: "Plan upgraded",
  processing: "Your payment is being confirmed. The plan changes as soon as it is.",
} as const;

export function upgradeButtonLabel(choice: UpgradeChoice): string {
  return `Upgrade to ${choice.name} for ${formatPrice(choice.differenceCents)}`;
}
