import type { CampaignImage } from "./mockups";
import { ADD_ON_OFFERS } from "./add-ons";
import { DAY_MS } from "./campaign-dates";
import { DEFAULT_TIME_ZONE, zonedDateInput } from "./campaign-time-zone";
import { CampaignStatus, type DashboardStatus } from "./campaign-status";
import { formatPrice } from "./plans";
import { addOnsPath, href } from "../paths";

/**
 * The creator dashboard (/my-campaigns) and campaign analytics: tabs, views, deletion policy,
 * figures and the arithmetic behind the server-drawn charts. Pure, so it is unit-tested directly.
 */

// ---------------------------------------------------------------------------------------------
// Messages (SPEC error catalogue, Dashboard and Analytics rows)
// ---------------------------------------------------------------------------------------------

export const DASHBOARD_MESSAGES = {
  loadFailed: "Error: Could not load your dashboard data.",
  deletionFailed: "Deletion Failed",
  cannotDeleteLaunched: "Live and ended giveaways can't be deleted: entrants and winners rely on their page.",
  deleted: "Campaign Deleted",
  campaignNotFound: "Campaign Not Found",
  analyticsErrorTitle: "Error",
  noAccess: "Campaign not found or you don't have access.",
  campaignLoadFailed: "Could not load campaign data.",
  fulfilmentUnavailable: "Fulfilment data not available yet.",
} as const;

// ---------------------------------------------------------------------------------------------
// Tabs and views, kept in the URL (?tab=&view=) so they work without JavaScript
// ---------------------------------------------------------------------------------------------

export const DASHBOARD_TABS = [
  { key: CampaignStatus.active, label: "Active" },
  { key: CampaignStatus.draft, label: "Draft" },
  { key: CampaignStatus.completed, label: "Completed" },
  { key: "all", label: "All" },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]["key"];

export const DASHBOARD_VIEWS = ["grid", "list"] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/** Everything at first: a creator with only a draft sees it rather than an empty Active tab. */
export const DEFAULT_TAB: DashboardTab = "all";
export const DEFAULT_VIEW: DashboardView = "grid";

export function isDashboardTab(value: unknown): value is DashboardTab {
  return DASHBOARD_TABS.some((tab) => tab.key === value);
}

export function isDashboardView(value: unknown): value is DashboardView {
  return (DASHBOARD_VIEWS as readonly unknown[]).includes(value);
}

export interface DashboardQuery {
  tab: DashboardTab;
  view: DashboardView;
}

/** The URL's tab and view; a missing or unknown view falls back to the remembered one. */
export function parseDashboardQuery(params: URLSearchParams, rememberedView: unknown): DashboardQuery {
  const tab = params.get("tab");
  const view = params.get("view");
  return {
    tab: isDashboardTab(tab) ? tab : DEFAULT_TAB,
    view: isDashboardView(view) ? view : isDashboardView(rememberedView) ? rememberedView : DEFAULT_VIEW,
  };
}

export function dashboardSearch(query: DashboardQuery, changes: Partial<DashboardQuery> = {}): string {
  const next = { ...query, ...changes };
  return `?${new URLSearchParams({ tab: next.tab, view: next.view })}`;
}

/** Unpaid campaigns sit with the drafts: neither has been launched. */
export function inTab(status: DashboardStatus, tab: DashboardTab): boolean {
  switch (tab) {
    case "all":
      return true;
    case CampaignStatus.draft:
      return status === CampaignStatus.draft || status === CampaignStatus.pendingPayment;
    default:
      return status === tab;
  }
}

export interface DashboardStats {
  campaigns: number;
  active: number;
  totalEntries: number;
}

export function dashboardStats(campaigns: readonly { status: DashboardStatus; entryCount: number }[]): DashboardStats {
  return {
    campaigns: campaigns.length,
    active: campaigns.filter((c) => c.status === CampaignStatus.active).length,
    totalEntries: campaigns.reduce((sum, c) => sum + c.entryCount, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Deleting
// ---------------------------------------------------------------------------------------------

/**
 * Only campaigns that were never launched can be deleted. A live or ended campaign has entrants
 * (with referral links and confirmation emails pointing at its page), possibly winners with claim
 * links and orders, and a published draw commitment; deleting it would break all of those.
 */
export const DELETABLE_STATUSES = [CampaignStatus.draft, CampaignStatus.pendingPayment] as const;

export function isDeletable(status: string): boolean {
  return (DELETABLE_STATUSES as readonly string[]).includes(status);
}

// ---------------------------------------------------------------------------------------------
// Tips and promotions (SPEC: tips rotate every 7 s, promo every 9 s)
// ---------------------------------------------------------------------------------------------

export const TIP_ROTATION_MS = 7000;
export const PROMO_ROTATION_MS = 9000;

export const DASHBOARD_TIPS = [
  "Share your link in the first hour: early entrants bring their friends while the giveaway is fresh.",
  "Every friend who enters through an entrant's link and confirms earns that entrant 3 bonus entries. Say so in your posts.",
  "An entrant coupon turns everyone who doesn't win into a potential customer.",
  "Post a reminder 48 hours before the end: many people enter at the last minute.",
  "Open Stats to see which days brought entries and how many came through shared links.",
  "Pick the shirt colour that makes your design pop: the mockup is the first thing entrants see.",
] as const;

export interface Promo {
  title: string;
  text: string;
  href: string;
  cta: string;
}

/**
 * The add-ons that can be bought (decision 068), each with its price, from the add-ons catalogue.
 * The Social Media Shoutout Pack is not for sale, so it is not promoted.
 */
export const DASHBOARD_PROMOS: readonly Promo[] = [
  {
    title: `${ADD_ON_OFFERS.featured_boost.name} · ${formatPrice(ADD_ON_OFFERS.featured_boost.priceCents)}`,
    text: ADD_ON_OFFERS.featured_boost.summary,
    href: addOnsPath(),
    cta: "See add-ons",
  },
  {
    title: `${ADD_ON_OFFERS.analytics_report.name} · ${formatPrice(ADD_ON_OFFERS.analytics_report.priceCents)}`,
    text: ADD_ON_OFFERS.analytics_report.summary,
    href: addOnsPath(),
    cta: "See add-ons",
  },
  { title: "More AI designs", text: "Top up your AI design credits for your next shirt.", href: href("/buy-credits"), cta: "Buy credits" },
];

/** Without JavaScript nothing rotates: the server shows the item of the day (UTC). */
export function itemOfTheDay(length: number, now: Date): number {
  if (length <= 0) return 0;
  return Math.floor(now.getTime() / DAY_MS) % length;
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/**
 * The Email Entry Rate (decisions 018, 067): counted entries as a share of counted page views
 * ("12.5%", "100%"), never more than 100%. Views are counted by the beacon image of the campaign page
 * and of its embedded card, so an entry can come without one (a browser that loads no images, a form
 * posted from elsewhere). When entries outnumber views the share is not known: "N/A", which
 * entryRateNote explains, rather than a figure above 100%. "—" before anything is counted.
 */
export function formatEntryRate(entries: number, pageViews: number): string {
  if (entries > pageViews) return "N/A";
  if (pageViews <= 0) return "—";
  return `${(Math.round((entries / pageViews) * 1000) / 10).toLocaleString("en-US")}%`;
}

/** What the Email Entry Rate is measured against, or why it is not shown (formatEntryRate). */
export function entryRateNote(entries: number, pageViews: number): string {
  return entries > pageViews ? "More entries than counted page views" : "Vs. page views";
}

/** A whole-number share of a total (0 when the total is 0). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

// ---------------------------------------------------------------------------------------------
// Chart arithmetic
// ---------------------------------------------------------------------------------------------

export interface AxisScale {
  /** The top of the axis: a "nice" number at or above the largest value (at least 1). */
  max: number;
  step: number;
  /** 0, step, 2·step … max. */
  ticks: number[];
}

/** An axis for whole-number counts with about `targetTicks` intervals of 1, 2 or 5 × 10ⁿ. */
export function niceScale(largest: number, targetTicks = 4): AxisScale {
  const top = Math.max(1, Math.ceil(largest));
  const raw = top / targetTicks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const nice = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10;
  const step = Math.max(1, nice * magnitude);
  const max = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max; tick += step) ticks.push(tick);
  return { max, step, ticks };
}

/** A value's height as a percentage of the axis (0 to 100). */
export function scaled(value: number, axisMax: number): number {
  if (axisMax <= 0 || value <= 0) return 0;
  return Math.min(100, (value / axisMax) * 100);
}

export interface DayCount {
  /** yyyy-mm-dd, a calendar day in the campaign's zone (or the key of another bucket: an hour, a quarter hour). */
  day: string;
  count: number;
}

/** Longest daily series drawn; the newest days are kept. */
export const MAX_CHART_DAYS = 366;

/**
 * Counts per UTC quarter hour ("yyyy-mm-ddThh:mm", the buckets both databases group by) added up
 * per calendar day on `zone`'s clocks (decision 096). Every zone's offset from UTC is a whole number
 * of quarter hours (New York -5:00, India +5:30, Nepal +5:45), so each bucket lies in one day.
 */
export function zonedDayCounts(quarters: readonly DayCount[], zone: string): DayCount[] {
  const byDay = new Map<string, number>();
  for (const { day: quarter, count } of quarters) {
    const day = zonedDateInput(new Date(`${quarter}:00Z`), zone);
    byDay.set(day, (byDay.get(day) ?? 0) + count);
  }
  return [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, count]) => ({ day, count }));
}

/**
 * One point per day of `zone` from `from` to `to` (both included), days without entries as 0. Days
 * with entries outside that window (a start date moved after entries came in) widen it, so no entry
 * is left out of the chart.
 */
export function dailySeries(counts: readonly DayCount[], from: Date | null, to: Date | null, zone: string = DEFAULT_TIME_ZONE): DayCount[] {
  const byDay = new Map<string, number>();
  for (const { day, count } of counts) byDay.set(day, (byDay.get(day) ?? 0) + count);
  const days = [...byDay.keys()].sort();
  const first = [from ? zonedDateInput(from, zone) : undefined, days[0]].filter((d): d is string => Boolean(d)).sort()[0];
  const last = [to ? zonedDateInput(to, zone) : undefined, days.at(-1)]
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  if (!first || !last || first > last) return [];
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  const total = Math.round((end - start) / DAY_MS) + 1;
  const skip = Math.max(0, total - MAX_CHART_DAYS);
  const series: DayCount[] = [];
  for (let i = skip; i < total; i += 1) {
    // The labels are calendar days: stepping their UTC midnights walks the zone's days too.
    const day = new Date(start + i * DAY_MS).toISOString().slice(0, 10);
    series.push({ day, count: byDay.get(day) ?? 0 });
  }
  return series;
}

/** The days the Entries Over Time chart covers: start to the end or today, whichever is first. */
export function chartWindow(startDate: Date | null, endDate: Date | null, now: Date): { from: Date | null; to: Date | null } {
  if (!startDate) return { from: null, to: null };
  // The end instant belongs to the day before it when it falls on midnight (start + N whole days).
  const lastInstant = endDate ? new Date(Math.min(endDate.getTime() - 1, now.getTime())) : now;
  return { from: startDate, to: lastInstant.getTime() < startDate.getTime() ? null : lastInstant };
}

const SHORT_DAY = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });

/** "2026-03-05" -> "Mar 5". */
export function dayLabel(day: string): string {
  return SHORT_DAY.format(new Date(`${day}T00:00:00Z`));
}

/** Up to three evenly spread labels for the x axis: first, middle and last day. */
export function axisDayIndexes(length: number): number[] {
  if (length <= 0) return [];
  if (length <= 2) return Array.from({ length }, (_, i) => i);
  return [...new Set([0, Math.floor((length - 1) / 2), length - 1])];
}

/** A creator's campaign as the dashboard shows it; every label is worked out on the server. */
export interface DashboardCampaign {
  id: string;
  title: string;
  status: DashboardStatus;
  statusLabel: string;
  productLabel: string;
  image: CampaignImage | null;
  dateLabel: string;
  entriesLabel: string;
  viewsLabel: string;
  /** Has a public page (launched); before that, View is the creator's preview. */
  isPublic: boolean;
  deletable: boolean;
  /** The absolute address of the campaign's embeddable entry card (publicUrl(campaignEmbedPath(id))), for the embed snippet. */
  embedUrl?: string;
}

/** A saved design as the dashboard's strip shows it. */
export interface SavedDesignCard {
  id: string;
  /** The title part of its name ("Win the Kestrel Winter…") and its kind and number ("AI design 2"). */
  title: string;
  label: string;
  previewUrl: string;
  source: "AI" | "Uploaded";
  usedLabel: string;
  /** Starts a new campaign in the wizard's design step with this design chosen. */
  reuseHref: string;
}
