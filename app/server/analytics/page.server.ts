import { productLabel } from "../../domain/browse";
import { analyticsBadge, campaignEndDate, isPublicStatus } from "../../domain/campaign-status";
import { formatZonedDateTime, timeZoneLabel } from "../../domain/campaign-time-zone";
import { chartWindow, dailySeries, entryRateNote, formatEntryRate } from "../../domain/dashboard";
import type { DrawControlsData } from "../../domain/draw-controls";
import type { FraudReviewData } from "../../domain/fraud";
import { HOURLY_CHART_HOURS, hourlySeries, hourlyWindowStart } from "../../domain/hourly-series";
import { campaignImage } from "../../domain/mockups";
import { ANALYTICS_LEVEL_ADDS, cheapestPlanWith, hasAnalytics, toAnalyticsLevel, type AnalyticsLevel } from "../../domain/plan-features";
import { isShipped, orderStatusLabel } from "../../domain/orders";
import { creditFigures } from "../ai/credits.server";
import { drawControlsData } from "../draw/controls.server";
import { activePlans } from "../plans/active-plans.server";
import { capNotices, upgradeLink } from "../plans/cap-notices.server";
import {
  entriesPerDay,
  entriesPerHour,
  entryFigures,
  ownCampaignForAnalytics,
  topEmailDomains,
  topReferrers,
  type AnalyticsCampaign,
} from "./figures.server";
import { actionFigures } from "./actions.server";
import { fraudReview } from "./fraud.server";
import { log } from "../core/log.server";

/** What an upgrade panel names: the cheapest plan on offer with the level, and what the level adds. */
interface UpgradeOffer {
  planName: string | null;
  adds: readonly string[];
}

/**
 * Each section is read only when the campaign's analytics level (frozen at launch from its plan,
 * decision 046) includes it: a locked section is null in the page's data, not merely hidden.
 * "Entries to review" is on every level.
 */
async function loadAnalytics(userId: string, campaignId: string, now: Date, reviewPage: number) {
  const campaign = await ownCampaignForAnalytics(userId, campaignId);
  if (!campaign) return null;
  const level = toAnalyticsLevel(campaign.analyticsLevel);
  const window = chartWindow(campaign.startDate, campaign.endDate, now);
  const hourFrom = window.to ? hourlyWindowStart(window.to, window.from) : null;
  const [figures, perDay, perHour, domains, referrers, draw, review, offers, notices, upgradeHref, credits] = await Promise.all([
    entryFigures(campaign.id),
    hasAnalytics(level, "dailyChart") ? entriesPerDay(campaign.id, campaign.timeZone) : null,
    hasAnalytics(level, "hourlyChart") ? (hourFrom ? entriesPerHour(campaign.id, hourFrom) : []) : null,
    hasAnalytics(level, "emailDomains") ? topEmailDomains(campaign.id) : null,
    hasAnalytics(level, "topReferrers") ? topReferrers(campaign.id) : null,
    drawPanel(campaign, now),
    reviewPanel(campaign, reviewPage, now),
    upgradeOffers(level),
    capNotices([campaign], now),
    upgradeLink(campaign, now),
    creditFigures(userId, campaign.id),
  ]);
  return {
    campaign,
    level,
    figures,
    series: perDay ? dailySeries(perDay, window.from, window.to, campaign.timeZone) : null,
    hourly: perHour ? (hourFrom && window.to ? hourlySeries(perHour, hourFrom, window.to) : []) : null,
    domains,
    referrers,
    draw,
    review,
    offers,
    capNotice: notices[0] ?? null,
    upgradeHref,
    credits,
  };
}

/** For each level above the campaign's: the cheapest plan on offer that has it (the upgrade panels' text). */
async function upgradeOffers(level: AnalyticsLevel): Promise<{ standard: UpgradeOffer | null; advanced: UpgradeOffer | null }> {
  if (level === "advanced") return { standard: null, advanced: null };
  let plans: Awaited<ReturnType<typeof activePlans>> = [];
  try {
    plans = await activePlans();
  } catch (error) {
    log.error({ err: error }, "[analytics] could not read the plans on offer; the upgrade panels name none");
  }
  const offer = (needed: AnalyticsLevel): UpgradeOffer => ({
    planName: cheapestPlanWith(plans, needed)?.name ?? null,
    adds: ANALYTICS_LEVEL_ADDS[needed],
  });
  return { standard: level === "basic" ? offer("standard") : null, advanced: offer("advanced") };
}

/** "Entries to review" (decision 041); if it cannot be read, the rest of the page still shows. */
async function reviewPanel(campaign: AnalyticsCampaign, page: number, now: Date): Promise<FraudReviewData | null> {
  try {
    return await fraudReview(campaign, page, now);
  } catch (error) {
    log.error({ err: error }, `[analytics] could not load the fraud review of ${campaign.id}`);
    return null;
  }
}

/** The draw panel's data; if it cannot be read, the page still shows, with a link to the draw page. */
async function drawPanel(campaign: AnalyticsCampaign, now: Date): Promise<DrawControlsData | null> {
  try {
    return await drawControlsData(campaign, now);
  } catch (error) {
    log.error({ err: error }, `[analytics] could not load the draw panel of ${campaign.id}`);
    return null;
  }
}

/** The review list's page (?review=N), 1 when absent or not a whole number. */
export function reviewPageParam(value: FormDataEntryValue | null): number {
  const page = typeof value === "string" ? Number(value) : NaN;
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The campaign analytics page of its creator (decision 046): null when the campaign is not theirs
 * (or does not exist). Throws when the campaign cannot be read; a section that cannot be read is
 * null in the page, which still shows.
 */
export async function analyticsPage(userId: string, campaignId: string, reviewPage: number, now = new Date()) {
  const loaded = await loadAnalytics(userId, campaignId, now, reviewPage);
  if (!loaded) return null;
  const { campaign, level, figures, series, hourly, domains, referrers, draw, review, offers, capNotice, upgradeHref, credits } = loaded;
  const actions = await actionFigures(campaign.id);
  const end = campaignEndDate(campaign);
  const ended = end !== null && end.getTime() <= now.getTime();
  const order = campaign.orders[0] ?? null;
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title.trim() || "Untitled campaign",
      isPublic: isPublicStatus(campaign.status),
      badge: analyticsBadge(campaign, now),
      endLabel: end ? `${ended ? "Ended" : "Ends"} ${formatZonedDateTime(end, campaign.timeZone)}` : "No end date yet",
      /** The zone the charts' days and hours are on (decision 096). */
      timeZone: campaign.timeZone,
      timeZoneLabel: timeZoneLabel(campaign.timeZone),
      analyticsLevel: level,
      csvExport: hasAnalytics(level, "csvExport"),
      upgradeHref,
    },
    capNotice,
    actions,
    figures: {
      total: figures.total,
      referral: figures.referral,
      direct: figures.direct,
      pending: figures.pending,
      pageViews: campaign.pageViews,
      entryRate: formatEntryRate(figures.total, campaign.pageViews),
      entryRateNote: entryRateNote(figures.total, campaign.pageViews),
    },
    series,
    hourly,
    hourlyHours: HOURLY_CHART_HOURS,
    referrers,
    offers,
    seriesEmptyText: campaign.startDate
      ? `Entries will show here from ${formatZonedDateTime(campaign.startDate, campaign.timeZone)}.`
      : "Entries will show here once the campaign launches.",
    domains,
    design: {
      image: campaignImage(campaign),
      alt: `${productLabel(campaign.productType)} design for ${campaign.title || "this campaign"}`,
      generationsUsed: campaign.aiGenerationsUsed,
      credits,
    },
    fulfilment: {
      winner: order?.winnerEmail ?? campaign.winnerEmail ?? "Pending Selection",
      status: orderStatusLabel(order?.status),
      printifyOrderId: order?.printifyOrderId ?? null,
      shipping: isShipped(order?.status) ? "Shipped" : "Not Yet Shipped",
      trackingNumber: order?.trackingNumber ?? null,
      hasOrder: order !== null,
    },
    draw,
    review,
  };
}
