import { DAY_MS } from "./campaign-dates";
import { CampaignStatus, isEndedStatus } from "./campaign-status";

/**
 * The add-ons a creator can buy for one campaign (decision 068), paid through the same checkout as
 * plans. SPEC lists three; two exist: the Featured Listing Boost and the Advanced Analytics Report.
 * The Social Media Shoutout Pack is shown as coming soon, without a price, until someone does it.
 */

export const AddOnKind = {
  featuredBoost: "featured_boost",
  analyticsReport: "analytics_report",
} as const;

export type AddOnKind = (typeof AddOnKind)[keyof typeof AddOnKind];

export function isAddOnKind(value: unknown): value is AddOnKind {
  return value === AddOnKind.featuredBoost || value === AddOnKind.analyticsReport;
}

/** AddOnPurchase.status. */
export const AddOnStatus = { pending: "pending", paid: "paid", cancelled: "cancelled" } as const;

/** How long a boost keeps a campaign featured, from the moment it is paid. */
export const FEATURED_DAYS = 7;
export const FEATURED_MS = FEATURED_DAYS * DAY_MS;

/**
 * How many campaigns may be featured at once. A boost is sold only while fewer are; checkouts that
 * open at the same moment are all honoured, so the pages show every featured campaign, never fewer.
 */
export const FEATURED_PLACES = 6;

export interface AddOnOffer {
  kind: AddOnKind;
  name: string;
  priceCents: number;
  /** One line for cards. */
  summary: string;
  /** What the buyer gets, line by line (the add-ons page). */
  details: readonly string[];
}

export const ADD_ON_OFFERS: Record<AddOnKind, AddOnOffer> = {
  [AddOnKind.featuredBoost]: {
    kind: AddOnKind.featuredBoost,
    name: "Featured Listing Boost",
    priceCents: 2900,
    summary: `Your live giveaway at the top of the home page and Browse Giveaways for ${FEATURED_DAYS} days, labelled "Featured".`,
    details: [
      `The ${FEATURED_DAYS} days start the moment you pay.`,
      "The most recent purchase is shown first; a giveaway featured after yours appears above it.",
      "It ends early if your giveaway ends first. Only a live giveaway can be featured.",
    ],
  },
  [AddOnKind.analyticsReport]: {
    kind: AddOnKind.analyticsReport,
    name: "Advanced Analytics Report",
    priceCents: 1900,
    summary: "A PDF of your giveaway's analytics, ready to share with your team or partners.",
    details: [
      "Entries over time, entry sources, top referrers, top email domains and the entries flagged for review.",
      "Referrers' addresses are masked, so the report can be shared.",
      "Download it as often as you like: each download has the figures of that moment.",
    ],
  },
};

/** Shown, but not for sale: no price and no button. */
export const COMING_SOON_ADD_ONS = [
  { name: "Social Media Shoutout Pack", summary: "We share your giveaway with our followers. Not available yet." },
] as const;

export const ADD_ON_MESSAGES = {
  chooseAddOn: "Choose an add-on.",
  chooseCampaign: "Choose one of your giveaways.",
  notFound: "Campaign not found or you don't have permission to view it.",
  notLive: "Only a live giveaway can be featured: this one has ended or has not launched.",
  notLaunched: "A report needs a launched giveaway: this one is a draft or waiting for payment.",
  reportOwned: "You already have this giveaway's report: download it from Add-ons.",
  reportNotBought: (title: string) =>
    `The Advanced Analytics Report for "${title}" has not been bought yet. Buy it here, then download it.`,
  alreadyFeatured: (until: string) => `This giveaway is already featured until ${until}. You can feature it again once that ends.`,
  placesTaken: (until: string) => `All ${FEATURED_PLACES} featured places are taken. The next one frees up on ${until}.`,
  processing: "Your payment is being confirmed. This page shows the add-on as soon as it is.",
} as const;

/** A campaign that can be featured now: live (launched, paid, not ended). Upcoming campaigns count: their page exists. */
export function isFeaturable(campaign: { status: string; endDate: Date | null }, now: Date): boolean {
  return campaign.status === CampaignStatus.active && (campaign.endDate === null || campaign.endDate.getTime() > now.getTime());
}

/** A campaign a report can be bought for: launched (live or ended). */
export function isReportable(campaign: { status: string }): boolean {
  return campaign.status === CampaignStatus.active || isEndedStatus(campaign.status);
}

/** Until when a boost paid at `paidAt` features its campaign: a week, cut short by the campaign's end. */
export function featuredEnd(featuredUntil: Date, campaignEnd: Date | null): Date {
  return campaignEnd && campaignEnd.getTime() < featuredUntil.getTime() ? campaignEnd : featuredUntil;
}
