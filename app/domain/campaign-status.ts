import { DAY_MS } from "./campaign-dates";

// ---------------------------------------------------------------------------------------------
// Campaign.status: the one place its values are spelled out
// ---------------------------------------------------------------------------------------------

/**
 * Campaign.status: a draft in the wizard, launched but waiting for payment, live (taking entries
 * until its end date), and completed (the draw has run). The column is a plain string, so code
 * compares and writes these names, never the bare words.
 */
export const CampaignStatus = {
  draft: "draft",
  pendingPayment: "pending_payment",
  active: "active",
  completed: "completed",
} as const;

export type CampaignStatus = (typeof CampaignStatus)[keyof typeof CampaignStatus];

/** Every status, in lifecycle order. */
export const CAMPAIGN_STATUSES = [
  CampaignStatus.draft,
  CampaignStatus.pendingPayment,
  CampaignStatus.active,
  CampaignStatus.completed,
] as const satisfies readonly CampaignStatus[];

/** What older databases stored for a campaign the end-of-campaign job had closed; read, never written. */
export const LEGACY_ENDED_STATUS = "ended";

/** Closed by the end-of-campaign job: "completed", or the older "ended". */
export function isEndedStatus(status: string): boolean {
  return status === CampaignStatus.completed || status === LEGACY_ENDED_STATUS;
}

/** Statuses whose campaigns have a public page (drafts and unpaid campaigns do not). */
export const PUBLIC_STATUSES = [CampaignStatus.active, CampaignStatus.completed] as const;

export function isPublicStatus(status: string): boolean {
  return (PUBLIC_STATUSES as readonly string[]).includes(status);
}

/**
 * The statuses the wizard may still change. A draft, and a campaign waiting for payment: its
 * creator comes back from a cancelled checkout to the wizard and may change the plan or coupon.
 * That is safe because launching prices the campaign again and freezes the total the checkout
 * charges, and an edit that changes the price takes it back to a draft (server/wizard/persist.server.ts
 * persistStep), so an older checkout can no longer put it live. Once live, the wizard's steps are
 * closed: a live campaign's presentation is edited on its own page, what the rules and the draw depend
 * on stays fixed, and an ended one is a record (decision 048).
 */
export const EDITABLE_STATUSES = [CampaignStatus.draft, CampaignStatus.pendingPayment] as const;

export function isEditableStatus(status: string): boolean {
  return (EDITABLE_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether the creator may open a campaign to edit (the dashboard's Edit): the wizard before launch,
 * and the live campaign's edit page while it runs (decision 048: its presentation, not what the
 * rules and the draw depend on). An ended campaign is a record: copied, not edited.
 */
export function mayEditCampaign(status: string): boolean {
  return isEditableStatus(status) || status === CampaignStatus.active;
}

// ---------------------------------------------------------------------------------------------
// The public's view
// ---------------------------------------------------------------------------------------------

/**
 * What the public sees of a campaign's life: whether it is open for entries, not started yet, or
 * ended. SPEC "Public page": ended when the status says so or the end date has passed.
 */

export interface CampaignTiming {
  status: string;
  startDate: Date | null;
  endDate: Date | null;
}

export type PublicPhase = "upcoming" | "live" | "ended";

export function publicPhase(campaign: CampaignTiming, now: Date): PublicPhase {
  if (isEndedStatus(campaign.status)) return "ended";
  if (campaign.endDate && campaign.endDate.getTime() <= now.getTime()) return "ended";
  if (campaign.startDate && campaign.startDate.getTime() > now.getTime()) return "upcoming";
  return "live";
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds until `end` (all zero once it has passed). */
export function timeLeft(end: Date, now: Date): TimeLeft {
  const ms = Math.max(0, end.getTime() - now.getTime());
  const totalSeconds = Math.floor(ms / 1000);
  return {
    days: Math.floor(ms / DAY_MS),
    hours: Math.floor(totalSeconds / 3600) % 24,
    minutes: Math.floor(totalSeconds / 60) % 60,
    seconds: totalSeconds % 60,
  };
}

/** A card's short summary: "3 days left", "5 hours left", "12 minutes left", "Ended". */
export function timeLeftLabel(end: Date | null, now: Date): string {
  if (!end || end.getTime() <= now.getTime()) return "Ended";
  const left = timeLeft(end, now);
  if (left.days >= 1) return `${left.days} ${left.days === 1 ? "day" : "days"} left`;
  if (left.hours >= 1) return `${left.hours} ${left.hours === 1 ? "hour" : "hours"} left`;
  const minutes = Math.max(1, left.minutes);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"} left`;
}

/** "N entries so far" (SPEC), with the singular for one. */
export function entriesSoFar(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "entry" : "entries"} so far`;
}

// Intl formatters are costly to build; these two are made once.
const UTC_DATE_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const UTC_DATE = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });

/** "Jan 5, 2026, 14:00 UTC": dates on public pages are shown in UTC and say so. */
export function formatUtcDateTime(date: Date): string {
  return `${UTC_DATE_TIME.format(date)} UTC`;
}

export function formatUtcDate(date: Date): string {
  return UTC_DATE.format(date);
}

// ---------------------------------------------------------------------------------------------
// The creator's view: dashboard statuses and the analytics badge
// ---------------------------------------------------------------------------------------------

/** What the creator's dashboard sorts a campaign under (SPEC "Dashboard status rule"). */
export type DashboardStatus = CampaignStatus | "unknown";

export interface CreatorTiming {
  status: string;
  startDate: Date | null;
  durationDays: number;
  endDate: Date | null;
}

/**
 * When a campaign ends: its stored end date, else start date + duration days (the two agree for
 * every campaign the wizard saves; the stored one is what the public page and the jobs use).
 */
export function campaignEndDate(campaign: CreatorTiming): Date | null {
  if (campaign.endDate) return campaign.endDate;
  return campaign.startDate ? new Date(campaign.startDate.getTime() + campaign.durationDays * DAY_MS) : null;
}

/**
 * SPEC: draft stays draft; pending_payment stays pending_payment; start date plus duration days
 * passed gives completed; status active or end in future gives active; else unknown. A campaign
 * the end-of-campaign job has already closed ("completed", or the older "ended") is completed too,
 * whatever its dates say.
 */
export function dashboardStatus(campaign: CreatorTiming, now: Date): DashboardStatus {
  if (campaign.status === CampaignStatus.draft) return CampaignStatus.draft;
  if (campaign.status === CampaignStatus.pendingPayment) return CampaignStatus.pendingPayment;
  if (isEndedStatus(campaign.status)) return CampaignStatus.completed;
  const end = campaignEndDate(campaign);
  if (end && end.getTime() <= now.getTime()) return CampaignStatus.completed;
  if (campaign.status === CampaignStatus.active || (end && end.getTime() > now.getTime())) return CampaignStatus.active;
  return "unknown";
}

export const DASHBOARD_STATUS_LABELS: Record<DashboardStatus, string> = {
  draft: "Draft",
  pending_payment: "Pending Payment",
  active: "Active",
  completed: "Completed",
  unknown: "Unknown",
};

/**
 * The analytics page's status badge (SPEC "Badge logic"): Draft; Pending Payment; else "Ended" once
 * the end has passed; else "Active" when active or the end is in the future; else the raw status
 * (made readable) or "Unknown".
 */
export function analyticsBadge(campaign: CreatorTiming, now: Date): string {
  if (campaign.status === CampaignStatus.draft) return "Draft";
  if (campaign.status === CampaignStatus.pendingPayment) return "Pending Payment";
  const end = campaignEndDate(campaign);
  if (end && end.getTime() <= now.getTime()) return "Ended";
  if (campaign.status === CampaignStatus.active || (end && end.getTime() > now.getTime())) return "Active";
  const raw = campaign.status.replace(/_/g, " ").trim();
  return raw ? raw.charAt(0).toUpperCase() + raw.slice(1) : "Unknown";
}
