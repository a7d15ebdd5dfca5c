import type { PublicPhase } from "./campaign-status";
import type { ShareLink } from "./entries";
import type { CampaignImage } from "./mockups";

/**
 * What the public campaign page shows (app/server/campaign-page.server.ts reads it; the campaign
 * components render it): plain data, dates as ISO strings.
 */

export interface CampaignWinners {
  grandPrize: string;
  additional: { rank: number; title: string; name: string }[];
}

export type CampaignPageState =
  | { view: "preview" }
  | { view: "upcoming" }
  | { view: "entered" }
  /** Entered, waiting for the emailed confirmation (decision 038). */
  | { view: "pending" }
  | { view: "form" }
  | { view: "full" }
  | { view: "winner" }
  | { view: "ended" };

export interface CampaignPageData {
  view: CampaignPageState["view"];
  /** Only the creator can see it (draft or unpaid): banner and noindex, whatever the view. */
  preview: boolean;
  referralsEnabled: boolean;
  phase: PublicPhase;
  now: string;
  pageUrl: string;
  image: CampaignImage | null;
  socialImage: string | null;
  campaign: {
    id: string;
    title: string;
    description: string;
    campaignCopy: string;
    brandName: string;
    brandUrl: string;
    logoUrl: string | null;
    socials: { instagram: string; x: string; tiktok: string };
    productType: string;
    colors: string[];
    sizes: string[];
    bonusProduct: { title: string; value: string; description: string; imageUrl: string | null } | null;
    bonusGift: string | null;
    additionalPrizes: { rank: number; title: string; imageUrl: string | null }[];
    startDate: string | null;
    endDate: string | null;
    entryCount: number;
    entryLimit: number | null;
    drawCommitment: string | null;
    revealedSeed: string | null;
    /** What was published at launch about the draw (decision 042): launch time and beacon round. */
    fairness: {
      launchedAt: string | null;
      /** null for campaigns launched before beacons: their round is chosen when the list is frozen. */
      beacon: { round: number; roundTime: string | null; chain: string; demo: boolean } | null;
    };
  };
  winners: CampaignWinners | null;
  lockedEmail: string | null;
  entry: {
    /** The receipt: the entry's id, its time (receiptTime) and whether it is confirmed. */
    id: string;
    enteredAt: string;
    confirmed: boolean;
    email: string;
    bonusEntries: number;
    referralLink: string;
    shareLinks: ShareLink[];
    coupon: { code: string; description: string } | null;
  } | null;
}
