/**
 * What the share card, the poster and the embed know about a campaign (decision 045).
 * Visibility is the campaign page's own (findVisibleCampaign): public campaigns for everyone, a
 * draft or unpaid one only for its creator, as a preview.
 */
import { getContrast } from "color2k";
import { type AccentTheme, accentTheme } from "~/domain/brand-colors";
import { publicPhase } from "~/domain/campaign-status";
import { formatZonedShortDateTime } from "~/domain/campaign-time-zone";
import { campaignImage } from "~/domain/mockups";
import { campaignPath } from "~/paths";
import { findVisibleCampaign } from "../campaigns/campaign-page.server";
import { prisma } from "../core/db.server";
import { publicUrl } from "../core/public-url.server";
import type { CurrentUser } from "../auth/session.server";

/** The brand colour when a campaign chose none (app.css --color-brand-700). */
export const DEFAULT_ACCENT = "#6d28d9";

export interface ShareCampaign {
  id: string;
  title: string;
  brandName: string;
  /** The official rules' minimum age (decision 053), in the entry form's terms box (decision 054). */
  minimumAge: number;
  /** Only the public may cache what only the creator may see: false for a preview. */
  isPublic: boolean;
  /** updatedAt in ms: the share card's and poster's version. */
  version: number;
  accent: string;
  /** White or near-black, whichever reads better on the accent (WCAG contrast). */
  onAccent: string;
  /** The accent's shades for links and buttons on the brand's pages (decision 043), or null for the site's own. */
  accentTheme: AccentTheme | null;
  /** "Ends December 1, 2026", "Opens …", "Ended", "Winner drawn". */
  deadline: string;
  phase: "upcoming" | "live" | "ended";
  full: boolean;
  endDate: Date | null;
  startDate: Date | null;
  /** The campaign's IANA zone (decision 096), for a deadline written in another language (decision 097). */
  timeZone: string;
  /** Our own path of the prize picture (mockup, upload or bundled image), or null. */
  imagePath: string | null;
  imageSrcSet: string | null;
  /** Our own path of the brand's logo, or null. */
  logoPath: string | null;
  /** The absolute address of the campaign page (what the QR code encodes). */
  pageUrl: string;
  /** A Pro campaign whose creator chose to hide the "Powered by Giveawear" line. */
  hideBranding: boolean;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** The campaign's accent colour, or the brand default for "" or anything malformed. */
export function accentOf(value: string | null | undefined): string {
  return value && HEX.test(value) ? value.toLowerCase() : DEFAULT_ACCENT;
}

/** The text colour for a background: white unless near-black reads better. */
export function textOn(background: string): string {
  return getContrast(background, "#ffffff") >= getContrast(background, "#0f172a") ? "#ffffff" : "#0f172a";
}

/** "Ends 5 December 2025, 23:59 New York time" (the campaign's zone, decision 096) while entries are open; what happened once they are not. */
export function deadlineLabel(
  campaign: { status: string; startDate: Date | null; endDate: Date | null; timeZone: string; winnerEmail: string | null; drawn: boolean },
  now: Date,
): string {
  const phase = publicPhase(campaign, now);
  if (phase === "ended") return campaign.winnerEmail || campaign.drawn ? "Winner drawn" : "Ended";
  if (phase === "upcoming" && campaign.startDate) return `Opens ${formatZonedShortDateTime(campaign.startDate, campaign.timeZone)}`;
  return campaign.endDate ? `Ends ${formatZonedShortDateTime(campaign.endDate, campaign.timeZone)}` : "Open now";
}

/** Our own image paths only (no other sites: the server reads these from disk). */
function ownPath(url: string | null | undefined): string | null {
  const value = url?.trim();
  return value && value.startsWith("/") && !value.startsWith("//") ? value : null;
}

export async function shareCampaign(
  campaignId: string,
  user: Pick<CurrentUser, "id"> | null,
  now = new Date(),
): Promise<ShareCampaign | null> {
  const found = await findVisibleCampaign(campaignId, user);
  if (!found) return null;
  const { campaign, preview } = found;
  const extra = await prisma.campaign.findUnique({
    where: { id: campaign.id },
    select: { updatedAt: true, accentColor: true, customBranding: true, hideGiveawearBranding: true },
  });
  if (!extra) return null;
  const accent = accentOf(extra.accentColor);
  const image = campaignImage(campaign);
  return {
    id: campaign.id,
    title: campaign.title,
    brandName: campaign.brandName,
    minimumAge: campaign.minimumAge,
    isPublic: !preview,
    version: extra.updatedAt.getTime(),
    accent,
    onAccent: textOn(accent),
    accentTheme: accentTheme(extra.accentColor),
    deadline: deadlineLabel({ ...campaign, drawn: campaign.draw !== null }, now),
    phase: publicPhase(campaign, now),
    full: campaign.entryLimit !== null && campaign.entryCount >= campaign.entryLimit,
    endDate: campaign.endDate,
    startDate: campaign.startDate,
    timeZone: campaign.timeZone,
    imagePath: ownPath(image?.src),
    imageSrcSet: image?.srcSet ?? null,
    logoPath: ownPath(campaign.logoUrl),
    pageUrl: publicUrl(campaignPath(campaign.id)),
    hideBranding: extra.customBranding && extra.hideGiveawearBranding,
  };
}
