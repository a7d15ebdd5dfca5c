/**
 * What the public campaign page and its official rules show. Only public campaigns (active or
 * completed) are visible; the creator may preview their own draft or unpaid campaign.
 */
import { formatReceiptTime } from "../../domain/campaign-time-zone";
import { campaignLanguageFor } from "../../domain/entrant-language";
import { entrantText } from "../../i18n/entrant";
import {
  type CampaignPageData,
  type CampaignPageState,
  type CampaignWinners,
  campaignShareLinks,
  shareText,
} from "../../domain/campaign-page";
import { type PublicPhase, isPublicStatus, publicPhase } from "../../domain/campaign-status";
import { entryConsentLabels } from "../../domain/consent";
import { parseDrawPicks } from "../../domain/draw";
import { campaignColorImages } from "../../domain/mockups";
import { buildPrizeTimeline, type PrizeTimeline } from "../../domain/prize-timeline";
import { madeProductColors } from "../../domain/campaign-schemas";
import { maskEmail } from "../../domain/profile";
import { REFERRAL_BONUS_ENTRIES } from "../../domain/entries";
import { campaignCardPath, campaignPath } from "../../paths";
import { publicOrigin, publicUrl } from "../core/public-url.server";
import { publishedFairness } from "../draw/fairness.server";
import { publicWinnerTexts } from "../draw/winners-list.server";
import { prisma } from "../core/db.server";
import { referralLink } from "../entries/emails.server";
import { visitorEntry } from "../entries/visitor.server";
import { entrantActions } from "../actions/entrant.server";
import type { CurrentUser } from "../auth/session.server";
import { platformSetting } from "../core/settings.server";
import { pageLayoutOf } from "../../domain/page-layout";
import { brandFrame, brandFrameSelect, imageSrc } from "./brand-frame.server";

const campaignSelect = {
  // What its brand frame is made of (the same frame every page reached from the campaign wears).
  ...brandFrameSelect,
  title: true,
  description: true,
  campaignCopy: true,
  pageLayout: true,
  printifyMockups: true,
  updatedAt: true,
  productType: true,
  isPromotingProduct: true,
  productTitle: true,
  productValue: true,
  productDescription: true,
  productImageUrl: true,
  finalDesignUrl: true,
  selectedColors: true,
  selectedSizes: true,
  startDate: true,
  durationDays: true,
  endDate: true,
  timeZone: true,
  language: true,
  otherLanguages: true,
  entryLimit: true,
  entryCount: true,
  giveCouponToEntrants: true,
  entrantCouponCode: true,
  entrantCouponDescription: true,
  giveBonusGiftToWinner: true,
  winnerBonusGiftName: true,
  shipCountries: true,
  sponsorLegalName: true,
  sponsorAddress: true,
  minimumAge: true,
  prizeValueCents: true,
  excludedRegions: true,
  rulesVersion: true,
  referralCap: true,
  winnerEmail: true,
  winnerEntryId: true,
  winnerPublic: true,
  winnerPublicName: true,
  claimDeadline: true,
  launchedAt: true,
  drawCommitment: true,
  drawBeaconRound: true,
  drawBeaconChain: true,
  drawTimestamped: true,
  listFrozenAt: true,
  draw: { select: { seed: true, secret: true, procedureVersion: true, createdAt: true } },
  additionalPrizes: {
    orderBy: { rank: "asc" },
    select: {
      rank: true,
      title: true,
      imageUrl: true,
      winnerEmail: true,
      winnerEntryId: true,
      kind: true,
      needsAddress: true,
      valueCents: true,
    },
  },
} as const;

/** The campaign as the public may see it, or null; `preview` when only its creator may. */
export async function findVisibleCampaign(campaignId: string, user: Pick<CurrentUser, "id"> | null) {
  // cuid2 ids are short; anything long or odd cannot be a campaign and needs no query.
  if (!/^[a-z0-9]{8,40}$/i.test(campaignId)) return null;
  const campaign = await prisma.campaign.findUnique({ where: { id: campaignId }, select: campaignSelect });
  if (!campaign) return null;
  if (isPublicStatus(campaign.status)) return { campaign, preview: false };
  if (user && campaign.creatorId === user.id) return { campaign, preview: true };
  return null;
}

type VisibleCampaign = NonNullable<Awaited<ReturnType<typeof findVisibleCampaign>>>["campaign"];

/**
 * The winners as the page announces them (decisions 022, 057): each one's chosen display name or
 * masked email, "Winner chose not to be listed", or "Winner" for an erased entrant; none when the
 * creator hides them.
 */
async function publicWinners(campaign: VisibleCampaign): Promise<CampaignWinners | null> {
  if (!(campaign.winnerEntryId || campaign.winnerEmail) || !campaign.winnerPublic) return null;
  const tiers = campaign.additionalPrizes.filter((prize) => prize.winnerEntryId || prize.winnerEmail);
  const ids = [campaign.winnerEntryId, ...tiers.map((prize) => prize.winnerEntryId)].filter((id): id is string => Boolean(id));
  const names = await publicWinnerTexts(campaign, ids);
  // A winner known only by address (no entry row to read choices from) is shown masked.
  const name = (holder: { winnerEntryId: string | null; winnerEmail: string | null }) =>
    (holder.winnerEntryId ? names.get(holder.winnerEntryId) : undefined) ?? maskEmail(holder.winnerEmail);
  return {
    grandPrize: name(campaign),
    additional: tiers.map((prize) => ({ rank: prize.rank, title: prize.title, name: name(prize) })),
  };
}

/** What the aside shows. A preview of an ended draft still shows it ended; `preview` in the page data keeps its banner and noindex. */
function pageState(
  phase: PublicPhase,
  preview: boolean,
  entered: "confirmed" | "pending" | null,
  full: boolean,
  winners: CampaignWinners | null,
): CampaignPageState["view"] {
  if (phase === "ended") return winners ? "winner" : "ended";
  if (preview) return "preview";
  if (entered) return entered === "confirmed" ? "entered" : "pending";
  if (phase === "upcoming") return "upcoming";
  return full ? "full" : "form";
}

/** "Blanco" for the colour switcher's label ("blanco" inside a sentence). */
function capitalised(word: string): string {
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}

export async function campaignPage(request: Request, campaignId: string, user: CurrentUser | null): Promise<CampaignPageData | null> {
  const found = await findVisibleCampaign(campaignId, user);
  if (!found) return null;
  const { campaign, preview } = found;
  const now = new Date();
  const phase = publicPhase(campaign, now);
  const [entry, referralsEnabled] = await Promise.all([
    preview ? null : visitorEntry(request, campaign.id, user?.email ?? null),
    // Admins can switch referral bonuses off (decision 017): then nothing on the page promises them.
    platformSetting("referralsEnabled"),
  ]);
  const full = campaign.entryLimit !== null && campaign.entryCount >= campaign.entryLimit;
  // Only the entrant's own page lists the actions (decision 077): the anonymous, cached page reads none.
  const [winners, actions] = await Promise.all([publicWinners(campaign), entry ? entrantActions(campaign.id, entry.id, now) : []]);
  const view = pageState(phase, preview, entry ? (entry.confirmedAt ? "confirmed" : "pending") : null, full, winners);
  const origin = publicOrigin();
  // The colours' names in the page's language (decision 097).
  const colorImages = campaignColorImages(campaign).map((image) => ({
    ...image,
    name: capitalised(entrantText(campaignLanguageFor(campaign, request.headers.get("Accept-Language"))).t(`color_${image.color}`)),
  }));
  // A pending entry's referral link and coupon come with its confirmation, not before.
  const link = entry?.confirmedAt ? referralLink(origin, campaign.id, entry.id) : null;
  // A friend can only bring bonus entries while referrals are on and the giveaway still takes entries.
  const bonusOffered = referralsEnabled && !full && phase !== "ended";
  const socials = { instagram: campaign.instagramHandle, x: campaign.xHandle, tiktok: campaign.tiktokHandle };
  // The same frame every page reached from the campaign wears (decision 080).
  const frame = brandFrame(campaign);
  // Decision 097: the campaign's language, or one it allows that the visitor prefers.
  const language = campaignLanguageFor(campaign, request.headers.get("Accept-Language"));
  const text = entrantText(language);
  // The share buttons' prefilled words in that language too; English keeps shareText's own.
  const shareWords =
    language === "en"
      ? undefined
      : {
          invite: text.t("shareInvite", { title: campaign.title, brand: campaign.brandName }),
          bonus: text.t("shareBonus", { bonus: REFERRAL_BONUS_ENTRIES }),
          subject: text.t("shareSubject", { title: campaign.title }),
          email: text.t("shareEmail"),
        };
  const share = (url: string, bonus: boolean) =>
    campaignShareLinks(url, campaign.title, shareText(campaign.title, campaign.brandName, bonus, shareWords), shareWords);

  return {
    view,
    language,
    preview,
    referralsEnabled,
    referralCap: campaign.referralCap,
    phase,
    now: now.toISOString(),
    pageUrl: `${origin}${campaignPath(campaign.id)}`,
    image: colorImages[0]?.image ?? null,
    colorImages,
    cardImage: publicUrl(campaignCardPath(campaign.id, campaign.updatedAt.getTime())),
    accent: frame.accent,
    poweredBy: frame.poweredBy,
    layout: pageLayoutOf(campaign.pageLayout),
    full,
    consent: entryConsentLabels({ brand: campaign.brandName, minimumAge: campaign.minimumAge }, language),
    campaign: {
      id: campaign.id,
      title: campaign.title,
      description: campaign.description,
      campaignCopy: campaign.campaignCopy,
      brandName: frame.brandName,
      brandUrl: frame.brandUrl,
      logoUrl: frame.logoUrl,
      coverImageUrl: frame.coverImageUrl,
      socials,
      socialLinks: frame.socialLinks,
      productType: campaign.productType,
      // Only colours the product is made in (a mug saved as Black before decision 048 shows White).
      colors: madeProductColors(campaign.productType, campaign.selectedColors),
      sizes: campaign.selectedSizes.split(",").filter(Boolean),
      bonusProduct: campaign.isPromotingProduct
        ? {
            title: campaign.productTitle,
            value: campaign.productValue,
            description: campaign.productDescription,
            imageUrl: imageSrc(campaign.productImageUrl),
          }
        : null,
      bonusGift: campaign.giveBonusGiftToWinner ? campaign.winnerBonusGiftName : null,
      additionalPrizes: campaign.additionalPrizes.map((prize) => ({
        rank: prize.rank,
        title: prize.title,
        imageUrl: imageSrc(prize.imageUrl),
      })),
      startDate: campaign.startDate?.toISOString() ?? null,
      endDate: campaign.endDate?.toISOString() ?? null,
      // Written here, not in the browser, so the page ships no zone code (decision 095).
      startText: campaign.startDate ? text.dateTime(campaign.startDate, campaign.timeZone) : null,
      endText: campaign.endDate ? text.dateTime(campaign.endDate, campaign.timeZone) : null,
      entryCount: campaign.entryCount,
      entryLimit: campaign.entryLimit,
      drawCommitment: campaign.drawCommitment,
      revealedSeed: campaign.draw?.seed ?? null,
      fairness: publishedFairness(campaign),
    },
    winners,
    lockedEmail: user?.email ?? null,
    entry: entry && {
      id: entry.id,
      enteredAt: formatReceiptTime(entry.createdAt, campaign.timeZone),
      confirmed: entry.confirmedAt !== null,
      email: maskEmail(entry.email),
      bonusEntries: entry.bonusEntries,
      referralLink: link ?? "",
      // Pending: the giveaway's own page, promising no bonus until the entrant's link comes (decision 091).
      shareLinks: link ? share(link, bonusOffered) : share(`${origin}${campaignPath(campaign.id)}`, false),
      coupon:
        entry.confirmedAt && campaign.giveCouponToEntrants
          ? { code: campaign.entrantCouponCode, description: campaign.entrantCouponDescription }
          : null,
      actions,
    },
  };
}

/**
 * The public prize timeline of an ended giveaway (decision 052): per prize tier, drawn, claimed, in
 * production, shipped, delivered, with their dates. Reads dates and statuses only (never a winner's
 * email, name or address); null before the draw, or for a campaign the public cannot see.
 */
export async function prizeTimeline(campaignId: string, now: Date = new Date()): Promise<PrizeTimeline | null> {
  const campaign = await prisma.campaign.findUnique({
    where: { id: campaignId },
    select: {
      status: true,
      claimDeadline: true,
      timeZone: true,
      draw: { select: { createdAt: true, picks: true } },
      additionalPrizes: { orderBy: { rank: "asc" }, select: { rank: true, title: true, kind: true, claimDeadline: true } },
      orders: {
        select: {
          prizeRank: true,
          kind: true,
          status: true,
          providerStatus: true,
          printifyOrderId: true,
          createdAt: true,
          submittedAt: true,
          fulfilledAt: true,
          shippedAt: true,
          deliveredAt: true,
        },
      },
    },
  });
  if (!campaign?.draw || !isPublicStatus(campaign.status)) return null;
  let picks;
  try {
    picks = parseDrawPicks(campaign.draw.picks);
  } catch {
    return null;
  }
  return buildPrizeTimeline({
    drawnAt: campaign.draw.createdAt,
    timeZone: campaign.timeZone,
    picks,
    grandPrize: { claimDeadline: campaign.claimDeadline },
    additionalPrizes: campaign.additionalPrizes,
    orders: campaign.orders,
    now,
  });
}
