/**
 * Add-ons of one campaign (decision 068): which campaigns are featured now and in what order, what
 * the add-ons page and the success page show, and who may download a campaign's report. Paying for
 * them is in payments/add-ons.server.ts, beside plan upgrades.
 */
import { AddOnKind, AddOnStatus, featuredEnd, isFeaturable, isReportable } from "../../domain/add-ons";
import { CampaignStatus, formatUtcDateTime, LEGACY_ENDED_STATUS } from "../../domain/campaign-status";
import type { ToastInput } from "../../domain/toast";
import { browseCampaignSelect, type BrowseCampaign } from "./browse.server";
import { prisma } from "../core/db.server";
import { log } from "../core/log.server";

export interface FeaturedNow {
  campaignId: string;
  /** The latest payment of a boost still running: the order of the featured band, newest first. */
  paidAt: Date;
  /** When the campaign stops being featured: its last boost's week, or its end if sooner. */
  until: Date;
}

/**
 * The campaigns featured at `now`, the latest payer first (decision 068): each has a paid boost
 * whose week has not run out, and is live (active, not ended). A campaign with two boosts (two
 * checkouts paid at once) is placed by the later payment and featured until the later week ends.
 */
export async function featuredNow(now: Date = new Date()): Promise<FeaturedNow[]> {
  const rows = await prisma.addOnPurchase.findMany({
    where: {
      kind: AddOnKind.featuredBoost,
      status: AddOnStatus.paid,
      featuredUntil: { gt: now },
      campaign: { status: CampaignStatus.active, OR: [{ endDate: null }, { endDate: { gt: now } }] },
    },
    orderBy: [{ paidAt: "desc" }, { id: "asc" }],
    select: { campaignId: true, paidAt: true, featuredUntil: true, campaign: { select: { endDate: true } } },
  });
  const byCampaign = new Map<string, FeaturedNow>();
  for (const row of rows) {
    if (!row.paidAt || !row.featuredUntil) continue;
    const until = featuredEnd(row.featuredUntil, row.campaign.endDate);
    const seen = byCampaign.get(row.campaignId);
    if (!seen) byCampaign.set(row.campaignId, { campaignId: row.campaignId, paidAt: row.paidAt, until });
    else if (until > seen.until) seen.until = until;
  }
  return [...byCampaign.values()];
}

export type FeaturedCampaign = BrowseCampaign & { featuredUntil: Date };

/** The featured campaigns with what their cards show, in the featured band's order (latest payer first). */
export async function featuredCampaigns(now: Date = new Date()): Promise<FeaturedCampaign[]> {
  const featured = await featuredNow(now);
  if (featured.length === 0) return [];
  const campaigns = await prisma.campaign.findMany({
    where: { id: { in: featured.map((row) => row.campaignId) } },
    select: browseCampaignSelect,
  });
  const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  return featured.flatMap((row) => {
    const campaign = byId.get(row.campaignId);
    return campaign ? [{ ...campaign, featuredUntil: row.until }] : [];
  });
}

/**
 * The featured band of a public page. A failure to read it leaves the band out rather than taking
 * the home page or the browse page down.
 */
export async function featuredBand(now: Date = new Date()): Promise<FeaturedCampaign[]> {
  try {
    return await featuredCampaigns(now);
  } catch (error) {
    log.error({ err: error }, "add-ons: reading the featured campaigns failed; leaving the band out");
    return [];
  }
}

/** What the add-ons of one campaign look like now: featured until when, and whether its report is bought. */
export interface CampaignAddOns {
  campaignId: string;
  title: string;
  status: string;
  endDate: Date | null;
  /** A boost can be bought now (live, not featured). */
  featurable: boolean;
  /** Featured now, until then. */
  featuredUntil: Date | null;
  /** A report can be bought (launched, none bought yet). */
  reportable: boolean;
  reportBought: boolean;
}

const addOnCampaignSelect = { id: true, title: true, status: true, endDate: true, createdAt: true } as const;

async function addOnStates(
  campaigns: { id: string; title: string; status: string; endDate: Date | null }[],
  now: Date,
): Promise<CampaignAddOns[]> {
  const ids = campaigns.map((campaign) => campaign.id);
  const [featured, reports] = await Promise.all([
    featuredNow(now),
    ids.length
      ? prisma.addOnPurchase.findMany({
          where: { campaignId: { in: ids }, kind: AddOnKind.analyticsReport, status: AddOnStatus.paid },
          select: { campaignId: true },
        })
      : [],
  ]);
  const featuredUntil = new Map(featured.map((row) => [row.campaignId, row.until]));
  const withReport = new Set(reports.map((row) => row.campaignId));
  return campaigns.map((campaign) => {
    const until = featuredUntil.get(campaign.id) ?? null;
    const reportBought = withReport.has(campaign.id);
    return {
      campaignId: campaign.id,
      title: campaign.title.trim() || "Untitled campaign",
      status: campaign.status,
      endDate: campaign.endDate,
      featurable: isFeaturable(campaign, now) && until === null,
      featuredUntil: until,
      reportable: isReportable(campaign) && !reportBought,
      reportBought,
    };
  });
}

/** One campaign's add-ons (the success page): the creator's own, or null. */
export async function campaignAddOns(userId: string, campaignId: string, now: Date = new Date()): Promise<CampaignAddOns | null> {
  const campaign = await prisma.campaign.findFirst({ where: { id: campaignId, creatorId: userId }, select: addOnCampaignSelect });
  if (!campaign) return null;
  return (await addOnStates([campaign], now))[0] ?? null;
}

/** At most this many campaigns are offered in the add-ons page's lists (the newest). */
const ADD_ON_PAGE_CAMPAIGNS = 200;

export interface AddOnsPage {
  /** The user's launched campaigns (newest first), and an admin's chosen campaign of someone else. */
  campaigns: CampaignAddOns[];
  /** The campaign the page was opened for (`?campaignId=`), when the user may buy for it. */
  selectedId: string | null;
  /** How many campaigns are featured now, and when the soonest place frees up. */
  featuredCount: number;
  nextFreeAt: Date | null;
}

/** The add-ons page: the creator's launched campaigns with their add-ons; an admin may open any campaign by id. */
export async function addOnsPage(
  user: { id: string; isAdmin: boolean },
  selectedId: string | null,
  now: Date = new Date(),
): Promise<AddOnsPage> {
  const launched = { status: { in: [CampaignStatus.active, CampaignStatus.completed, LEGACY_ENDED_STATUS] } };
  const [own, selected, featured] = await Promise.all([
    prisma.campaign.findMany({
      where: { creatorId: user.id, ...launched },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: ADD_ON_PAGE_CAMPAIGNS,
      select: addOnCampaignSelect,
    }),
    selectedId
      ? prisma.campaign.findFirst({
          where: { id: selectedId, ...launched, ...(user.isAdmin ? {} : { creatorId: user.id }) },
          select: addOnCampaignSelect,
        })
      : null,
    featuredNow(now),
  ]);
  const campaigns = selected && !own.some((campaign) => campaign.id === selected.id) ? [selected, ...own] : own;
  const until = featured.map((row) => row.until.getTime());
  return {
    campaigns: await addOnStates(campaigns, now),
    selectedId: selected?.id ?? null,
    featuredCount: featured.length,
    nextFreeAt: until.length ? new Date(Math.min(...until)) : null,
  };
}

export type ReportAccess = { kind: "not-found" } | { kind: "unpaid"; title: string } | { kind: "ok"; campaignId: string };

/**
 * Who may download a campaign's report: its creator and admins, once a report is paid for it.
 * Anyone else's campaign is answered as missing.
 */
export async function reportAccess(user: { id: string; isAdmin: boolean }, campaignId: string): Promise<ReportAccess> {
  const campaign = await prisma.campaign.findFirst({
    where: { id: campaignId, ...(user.isAdmin ? {} : { creatorId: user.id }) },
    select: { id: true, title: true },
  });
  if (!campaign) return { kind: "not-found" };
  const paid = await prisma.addOnPurchase.count({
    where: { campaignId: campaign.id, kind: AddOnKind.analyticsReport, status: AddOnStatus.paid },
  });
  return paid > 0 ? { kind: "ok", campaignId: campaign.id } : { kind: "unpaid", title: campaign.title.trim() || "Untitled campaign" };
}

/**
 * What the buyer is told once an add-on's checkout is paid (the test checkout, or back from
 * Stripe): the boost's week, the report ready to download, or, for money that could not be used,
 * that it will be refunded. Null when the session is not a paid add-on.
 */
export async function paidAddOnNotice(sessionId: string): Promise<{ campaignId: string; toast: ToastInput } | null> {
  const purchase = await prisma.addOnPurchase.findUnique({
    where: { checkoutSessionId: sessionId },
    select: {
      id: true,
      kind: true,
      status: true,
      paidAt: true,
      featuredUntil: true,
      campaignId: true,
      campaign: { select: { title: true, endDate: true } },
    },
  });
  if (!purchase || purchase.status !== AddOnStatus.paid) return null;
  const title = purchase.campaign.title.trim() || "Untitled campaign";
  const { campaignId } = purchase;
  if (purchase.kind === AddOnKind.featuredBoost) {
    if (!purchase.featuredUntil) {
      return {
        campaignId,
        toast: {
          type: "error",
          title: "Boost not applied",
          description: `"${title}" had ended before the payment arrived, so it was not featured. Please contact us for a refund.`,
        },
      };
    }
    const until = featuredEnd(purchase.featuredUntil, purchase.campaign.endDate);
    return {
      campaignId,
      toast: {
        type: "success",
        title: "Featured Listing Boost active",
        description: `"${title}" is featured at the top of the home page and Browse Giveaways until ${formatUtcDateTime(until)}.`,
      },
    };
  }
  const first = await prisma.addOnPurchase.findFirst({
    where: { campaignId, kind: AddOnKind.analyticsReport, status: AddOnStatus.paid },
    orderBy: [{ paidAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  if (first && first.id !== purchase.id) {
    return {
      campaignId,
      toast: {
        type: "error",
        title: "Report already bought",
        description: `"${title}" already had its report, so this payment was not needed. Please contact us for a refund.`,
      },
    };
  }
  return {
    campaignId,
    toast: { type: "success", title: "Report ready", description: `Download the Advanced Analytics Report for "${title}" below.` },
  };
}
