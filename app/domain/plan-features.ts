/**
 * What a plan's analytics level and custom branding give a campaign (decision 046). A plan's level
 * and branding are copied to the campaign at launch, like its entry limit, so a later catalogue edit
 * never takes a section away from a running campaign. The analytics page, the entries CSV route,
 * the plan cards and the catalogue's feature lines all read this one table.
 */

export const ANALYTICS_LEVELS = ["basic", "standard", "advanced"] as const;
export type AnalyticsLevel = (typeof ANALYTICS_LEVELS)[number];

export function isAnalyticsLevel(value: unknown): value is AnalyticsLevel {
  return typeof value === "string" && (ANALYTICS_LEVELS as readonly string[]).includes(value);
}

/** A stored level; anything unknown reads as the lowest, so a bad value never unlocks a section. */
export function toAnalyticsLevel(value: unknown): AnalyticsLevel {
  return isAnalyticsLevel(value) ? value : "basic";
}

export const ANALYTICS_LEVEL_LABELS: Record<AnalyticsLevel, string> = {
  basic: "Basic analytics",
  standard: "Standard analytics",
  advanced: "Advanced analytics",
};

/**
 * The analytics page's sections, each with the lowest level that shows it. "Entries to review"
 * (fraud review) is deliberately not here: a fair draw is on every plan, never an upsell.
 */
export const ANALYTICS_SECTIONS = {
  /** Page views, confirmed and pending entries, entry rate, referral entries. */
  counts: "basic",
  dailyChart: "standard",
  csvExport: "standard",
  sources: "advanced",
  topReferrers: "advanced",
  emailDomains: "advanced",
  hourlyChart: "advanced",
} as const satisfies Record<string, AnalyticsLevel>;
export type AnalyticsSection = keyof typeof ANALYTICS_SECTIONS;

const rank = (level: AnalyticsLevel) => ANALYTICS_LEVELS.indexOf(level);

export function levelAtLeast(level: AnalyticsLevel, needed: AnalyticsLevel): boolean {
  return rank(level) >= rank(needed);
}

export function hasAnalytics(level: AnalyticsLevel, section: AnalyticsSection): boolean {
  return levelAtLeast(level, ANALYTICS_SECTIONS[section]);
}

/** What each level adds to the one below it, in the words the plan cards and upgrade panels use. */
export const ANALYTICS_LEVEL_ADDS: Record<AnalyticsLevel, readonly string[]> = {
  basic: ["Page views, confirmed and pending entries, referral entries"],
  standard: ["Daily entries chart", "Entries CSV export"],
  advanced: ["Entry sources and top referrers", "Top email domains", "Hourly entries chart"],
};

/** Everything a level includes, its own additions last. */
export function analyticsIncludes(level: AnalyticsLevel): string[] {
  return ANALYTICS_LEVELS.slice(0, rank(level) + 1).flatMap((l) => ANALYTICS_LEVEL_ADDS[l]);
}

/** The plan catalogue's line for each level (what a plan card lists). */
export const ANALYTICS_FEATURE_LINES: Record<AnalyticsLevel, string> = {
  basic: "Basic analytics: views, entries and referral counts",
  standard: "Standard analytics: daily entries chart and CSV export",
  advanced: "Advanced analytics: entry sources, top referrers, email domains and an hourly chart",
};

export const CUSTOM_BRANDING_LINE = 'Custom branding: remove the "Powered by Giveawear" line';

/** The cheapest plan (then the lower sortOrder) whose level reaches `needed`: where an upgrade panel points. */
export function cheapestPlanWith<T extends { analyticsLevel: AnalyticsLevel; priceCents: number }>(
  plans: readonly T[],
  needed: AnalyticsLevel,
): T | undefined {
  let best: T | undefined;
  for (const plan of plans) {
    if (!levelAtLeast(plan.analyticsLevel, needed)) continue;
    if (!best || plan.priceCents < best.priceCents) best = plan;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// "Most Popular"

/** No badge until this many campaigns have launched: a "most popular" of three launches says nothing. */
export const MOST_POPULAR_MIN_LAUNCHES = 10;

/**
 * The plan chosen by the most launched campaigns, among the plans on offer; null below
 * MOST_POPULAR_MIN_LAUNCHES launches in all, or when two plans share the lead (then neither is
 * "most" popular).
 */
export function mostPopularPlanId(
  launches: readonly { planId: string | null; count: number }[],
  offered: readonly string[],
  minimum = MOST_POPULAR_MIN_LAUNCHES,
): string | null {
  const total = launches.reduce((sum, row) => sum + row.count, 0);
  if (total < minimum) return null;
  const candidates = launches.filter(
    (row): row is { planId: string; count: number } => row.planId !== null && offered.includes(row.planId),
  );
  const top = Math.max(0, ...candidates.map((row) => row.count));
  if (top === 0) return null;
  const leaders = candidates.filter((row) => row.count === top);
  return leaders.length === 1 ? (leaders[0]?.planId ?? null) : null;
}

/**
 * Whether a campaign's pages and its entrants' emails carry "Powered by Giveawear": always, unless the
 * campaign's copy of its plan includes custom branding and the creator chose to drop the line.
 */
export function poweredByGiveawear(campaign: { customBranding: boolean; hideGiveawearBranding: boolean }): boolean {
  return !(campaign.customBranding && campaign.hideGiveawearBranding);
}
