/**
 * What the winner's claim page shows, as plain data (ISO dates) from its loader: the campaign and
 * prize, each state of the link, and the names already in the page's language (decision 097).
 */
import type { ClaimOptions, ClaimPrize } from "./claims";
import type { CampaignImage } from "./mockups";
import type { WinnerOrderProgress } from "./orders";

export interface ClaimSummary {
  campaignId: string;
  title: string;
  /** The campaign's zone, in which every date on the page is written (decision 096). */
  timeZone: string;
  brandName: string;
  productType: string;
  /** "T-Shirt", or the product's name in the page's language (decision 097). */
  productName: string;
  image: CampaignImage | null;
  /** Mockup (or null) per colour key, for the colour choices. */
  colorImages: Record<string, string | null>;
  bonusGift: { name: string; code: string; instructions: string } | null;
  /** The tier this link claims (decision 050). */
  prize: ClaimPrize;
}

export interface ClaimedOrderView {
  kind: "merch" | "gift";
  claimNote: string;
  deliveredAt: string | null;
  size: string | null;
  style: string | null;
  color: string | null;
  /** The colour's name in the page's language ("" when none was chosen). */
  colorName: string;
  shipCity: string | null;
  shipCountry: string | null;
  /** The country's name in the page's language. */
  shipCountryName: string;
  status: string;
  progress: WinnerOrderProgress;
  claimedAt: string;
}

/** Everything the claim page can show; each state has its own HTTP status (see the route). */
export type ClaimPageView =
  | { kind: "invalid" }
  | { kind: "superseded"; campaign: ClaimSummary }
  | { kind: "expired"; campaign: ClaimSummary; deadline: string }
  | { kind: "claimed"; campaign: ClaimSummary; order: ClaimedOrderView; winnerEmail: string }
  | { kind: "open"; campaign: ClaimSummary; deadline: string; options: ClaimOptions; winnerEmail: string };
