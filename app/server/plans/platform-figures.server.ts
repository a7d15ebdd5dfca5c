/**
 * Live platform figures for the marketing pages (decision 046), in place of invented testimonials:
 * campaigns run, confirmed entries and prizes shipped, and how many launches chose each plan (the
 * "Most Popular" badge). Counted by the database, kept in memory for a minute so a busy home page
 * costs four counts a minute, not four a visit.
 *
 * Only real campaigns count: the demo campaigns the seeder adds on a fresh install
 * (DEMO_CREATOR_EMAIL) are sample content, and quoting them as platform figures would be the same
 * invention the testimonials were.
 */
import { isShipped, ORDER_STATUSES } from "../../domain/orders";
import { CampaignStatus, LEGACY_ENDED_STATUS } from "../../domain/campaign-status";
import { prisma, type Prisma } from "../core/db.server";
import { DEMO_CREATOR_EMAIL } from "../../domain/demo";

export interface PlatformFigures {
  /** Launched campaigns: live, completed or ended. */
  campaignsRun: number;
  /** Confirmed, not disqualified entries in those campaigns (decision 038). */
  entries: number;
  /** Prize orders fulfilled or shipped (SPEC: "Shipped is true when status is fulfilled or shipped"). */
  prizesShipped: number;
  /** Launched campaigns per plan. */
  launchesByPlan: { planId: string | null; count: number }[];
}

export const PLATFORM_FIGURES_TTL_MS = 60_000;

/** A launched campaign that is not the seeder's demo content. */
export const REAL_LAUNCHED_CAMPAIGN = {
  launchedAt: { not: null },
  status: { in: [CampaignStatus.active, CampaignStatus.completed, LEGACY_ENDED_STATUS] },
  NOT: { creator: { is: { email: DEMO_CREATOR_EMAIL } } },
} satisfies Prisma.CampaignWhereInput;

const SHIPPED_STATUSES = ORDER_STATUSES.filter((status) => isShipped(status));

async function countFigures(): Promise<PlatformFigures> {
  const [campaignsRun, entries, prizesShipped, launches] = await Promise.all([
    prisma.campaign.count({ where: REAL_LAUNCHED_CAMPAIGN }),
    prisma.entry.count({ where: { confirmedAt: { not: null }, disqualifiedAt: null, campaign: REAL_LAUNCHED_CAMPAIGN } }),
    prisma.order.count({ where: { status: { in: SHIPPED_STATUSES }, campaign: REAL_LAUNCHED_CAMPAIGN } }),
    prisma.campaign.groupBy({ by: ["planId"], where: REAL_LAUNCHED_CAMPAIGN, _count: { _all: true } }),
  ]);
  return {
    campaignsRun,
    entries,
    prizesShipped,
    launchesByPlan: launches.map((row) => ({ planId: row.planId, count: row._count._all })),
  };
}

let cache: { until: number; figures: Promise<PlatformFigures> } | null = null;

/** The figures, at most PLATFORM_FIGURES_TTL_MS old; one count at a time however many visitors ask. */
export function platformFigures(now = Date.now()): Promise<PlatformFigures> {
  if (cache && cache.until > now) return cache.figures;
  const figures = countFigures();
  cache = { until: now + PLATFORM_FIGURES_TTL_MS, figures };
  // A failed count is not kept: the next visitor tries again.
  figures.catch(() => {
    if (cache?.figures === figures) cache = null;
  });
  return figures;
}

/** Tests: forget the cached figures. */
export function forgetPlatformFigures(): void {
  cache = null;
}
