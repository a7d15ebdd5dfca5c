/**
 * The brand's frame for every page an entrant reaches from a campaign (decisions 043, 080): the
 * campaign page, its rules, winners and draw pages, the confirm page, the entry-action pages and the
 * winner's claim page all read it from here.
 */
import { accentTheme } from "../../domain/brand-colors";
import { type BrandFrameData, socialLinks } from "../../domain/campaign-page";
import { isPublicStatus } from "../../domain/campaign-status";
import { poweredByGiveawear } from "../../domain/plan-features";
import type { CurrentUser } from "../auth/session.server";
import { prisma } from "../core/db.server";

/** The campaign columns a frame is made from. */
export const brandFrameSelect = {
  id: true,
  creatorId: true,
  status: true,
  brandName: true,
  brandUrl: true,
  logoUrl: true,
  coverImageUrl: true,
  accentColor: true,
  customBranding: true,
  hideGiveawearBranding: true,
  instagramHandle: true,
  xHandle: true,
  tiktokHandle: true,
} as const;

export type BrandFrameFields = {
  id: string;
  brandName: string;
  brandUrl: string;
  logoUrl: string | null;
  coverImageUrl: string | null;
  accentColor: string;
  customBranding: boolean;
  hideGiveawearBranding: boolean;
  instagramHandle: string;
  xHandle: string;
  tiktokHandle: string;
};

/**
 * An image the page may show: our own paths (uploads, mockups) or https. Anything else (javascript:,
 * protocol-relative, plain http that the CSP would block anyway) is left out rather than rendered.
 */
export function imageSrc(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  return /^https:\/\/[^\s]+$/i.test(value) ? value : null;
}

/** The frame of a campaign row already read (the campaign, rules, winners and draw pages read one anyway). */
export function brandFrame(campaign: BrandFrameFields): BrandFrameData {
  return {
    campaignId: campaign.id,
    brandName: campaign.brandName,
    brandUrl: campaign.brandUrl,
    logoUrl: imageSrc(campaign.logoUrl),
    coverImageUrl: imageSrc(campaign.coverImageUrl),
    socialLinks: socialLinks({ instagram: campaign.instagramHandle, x: campaign.xHandle, tiktok: campaign.tiktokHandle }),
    accent: accentTheme(campaign.accentColor),
    // Custom branding is the campaign's own copy of the plan's flag, made at launch (decision 043).
    poweredBy: poweredByGiveawear(campaign),
  };
}

/**
 * Who asks for a campaign's frame by its id. `visitor`: the brand shows only where the campaign page
 * would show (a public campaign, or its creator's preview), so a made-up URL never reveals a draft's
 * brand. `link`: the page was opened with a link we signed for this campaign (confirm, claim), which
 * already proves its holder entered it.
 */
export type FrameViewer = { visitor: Pick<CurrentUser, "id"> | null } | "link";

/** The frame of the campaign with this id, or null (no such campaign, or not one this viewer may see). */
export async function campaignBrandFrame(campaignId: string, viewer: FrameViewer): Promise<BrandFrameData | null> {
  // cuid2 ids are short; anything long or odd cannot be a campaign and needs no query.
  if (!/^[a-z0-9]{8,40}$/i.test(campaignId)) return null;
  const campaign = await prisma.campaign.findUnique({ where: { id: campaignId }, select: brandFrameSelect });
  if (!campaign) return null;
  if (viewer !== "link" && !isPublicStatus(campaign.status) && !(viewer.visitor && viewer.visitor.id === campaign.creatorId)) return null;
  return brandFrame(campaign);
}
