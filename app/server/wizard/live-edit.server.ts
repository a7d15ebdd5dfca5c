import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { campaignTimeZone, formatZonedDateTime, zonedDateInput } from "../../domain/campaign-time-zone";
import { madeColorNames, productLabel } from "../../domain/campaign-schemas";
import { CampaignStatus } from "../../domain/campaign-status";
import {
  CAMPAIGN_MESSAGES_FOR_LIVE_EDIT,
  frozenChanges,
  LIVE_EDIT_FIELDS,
  LiveEditSchema,
  type FrozenFieldName,
  type FrozenRow,
  type FrozenSnapshot,
  type LiveEdit,
  type LiveEditPage,
  type PostedEntry,
} from "../../domain/live-edit";
import { pageLayoutOf } from "../../domain/page-layout";
import { referralCapSummary } from "../../domain/entries";
import { formatPrice } from "../../domain/plans";
import { prisma, type AdditionalPrize, type Campaign } from "../core/db.server";
import type { CurrentUser } from "../auth/session.server";
import { mayStoreImageUrl, PRIZE_IMAGE_KINDS, takeUpload, type TakenUpload } from "./images.server";

/**
 * Editing a live campaign (decision 048): the presentation is saved in one write conditional on the
 * owner and on the campaign still being live (active, not past its end); a form that tries to change
 * a frozen field is refused whole before anything (an upload included) is stored.
 */

/** The launched campaign a live edit works on, as the wizard route holds it (routes never import db.server, decision 072). */
export type EditedCampaign = Campaign;

/** Whether a campaign's presentation may still be edited: live, and not past its end. */
export function isLiveEditable(campaign: Pick<Campaign, "status" | "endDate">, now = new Date()): boolean {
  return campaign.status === CampaignStatus.active && (!campaign.endDate || campaign.endDate.getTime() > now.getTime());
}

function liveCondition(campaign: Pick<Campaign, "id">, user: CurrentUser, now: Date) {
  return {
    id: campaign.id,
    creatorId: user.id,
    status: CampaignStatus.active,
    OR: [{ endDate: null }, { endDate: { gt: now } }],
  };
}

/** Stored cents as the wizard's whole-dollar field shows them ("" for none). */
function dollarsText(cents: number | null): string {
  return cents == null ? "" : String(Math.round(cents / 100));
}

function sortedPrizes(prizes: AdditionalPrize[]): AdditionalPrize[] {
  return prizes.slice().sort((a, b) => a.rank - b.rank);
}

/** The campaign's frozen fields as form values, for frozenChanges. */
export function frozenSnapshot(campaign: Campaign, prizes: AdditionalPrize[]): FrozenSnapshot {
  const on = (value: boolean) => (value ? "on" : "");
  const zone = campaignTimeZone(campaign.timeZone);
  const fields: Record<FrozenFieldName, string> = {
    brandName: campaign.brandName,
    productType: campaign.productType,
    isPromotingProduct: campaign.isPromotingProduct ? "yes" : "no",
    productTitle: campaign.productTitle,
    productValue: campaign.productValue,
    planId: campaign.planId ?? "",
    entryLimit: campaign.entryLimit === null ? "" : String(campaign.entryLimit),
    couponCode: campaign.couponCode ?? "",
    designMode: campaign.designMode,
    finalDesignUrl: campaign.finalDesignUrl ?? "",
    designFile: "",
    selectedColors: campaign.selectedColors,
    selectedSizes: campaign.selectedSizes,
    // As step 4 sends them: calendar days in the campaign's zone (decision 095).
    startDate: campaign.startDate ? zonedDateInput(campaign.startDate, zone) : "",
    durationDays: String(campaign.durationDays),
    endDate: campaign.endDate ? zonedDateInput(campaign.endDate, zone) : "",
    timeZone: zone,
    limitOneEntryPerPerson: on(campaign.limitOneEntryPerPerson),
    referralCap: campaign.referralCap == null ? "" : String(campaign.referralCap),
    giveCouponToEntrants: on(campaign.giveCouponToEntrants),
    entrantCouponCode: campaign.entrantCouponCode,
    giveBonusGiftToWinner: on(campaign.giveBonusGiftToWinner),
    winnerBonusGiftName: campaign.winnerBonusGiftName,
    winnerBonusGiftCode: campaign.winnerBonusGiftCode,
    shipCountries: campaign.shipCountries,
    sponsorLegalName: campaign.sponsorLegalName,
    sponsorAddress: campaign.sponsorAddress,
    minimumAge: String(campaign.minimumAge),
    prizeValue: dollarsText(campaign.prizeValueCents),
    excludedRegions: campaign.excludedRegions,
    drawCommitment: campaign.drawCommitment ?? "",
    drawSeed: campaign.drawSeed ?? "",
    status: campaign.status,
  };
  return {
    fields,
    prizes: sortedPrizes(prizes).map((p) => ({ title: p.title, code: p.code ?? "", value: dollarsText(p.valueCents) })),
    // The release in the official rules names the platforms listed at launch (decision 057).
    platforms: {
      instagramHandle: campaign.instagramHandle.trim() !== "",
      xHandle: campaign.xHandle.trim() !== "",
      tiktokHandle: campaign.tiktokHandle.trim() !== "",
    },
  };
}

async function frozenRows(campaign: Campaign, prizes: AdditionalPrize[]): Promise<FrozenRow[]> {
  const plan = campaign.planId ? await prisma.plan.findUnique({ where: { id: campaign.planId } }) : null;
  const rows: FrozenRow[] = [
    { label: "Brand name (the sponsor in the official rules)", value: campaign.brandName || "—" },
    { label: "Product", value: productLabel(campaign.productType) },
    { label: "Colours", value: madeColorNames(campaign.productType, campaign.selectedColors).join(", ") },
  ];
  if (campaign.productType !== "mug") rows.push({ label: "Sizes", value: campaign.selectedSizes.split(",").join(", ") || "—" });
  rows.push(
    { label: "Start date", value: campaign.startDate ? formatZonedDateTime(campaign.startDate, campaign.timeZone) : "—" },
    { label: "Duration", value: `${campaign.durationDays} days` },
    { label: "End date", value: campaign.endDate ? formatZonedDateTime(campaign.endDate, campaign.timeZone) : "—" },
    { label: "Time zone", value: campaignTimeZone(campaign.timeZone) },
    {
      label: "Plan and entry cap",
      value: plan
        ? `${plan.name} (${formatPrice(plan.priceCents)}), ${campaign.entryLimit ? `up to ${campaign.entryLimit.toLocaleString("en-US")} entries` : "no entry cap"}`
        : "—",
    },
    { label: "One entry per person", value: campaign.limitOneEntryPerPerson ? "Yes" : "No" },
    { label: "Referral bonus", value: referralCapSummary(campaign.referralCap) },
    { label: "Sponsor", value: [campaign.sponsorLegalName, campaign.sponsorAddress].filter(Boolean).join(", ") || "—" },
    { label: "Minimum age", value: String(campaign.minimumAge) },
    { label: "Grand prize value", value: campaign.prizeValueCents == null ? "—" : formatPrice(campaign.prizeValueCents) },
    { label: "Excluded regions", value: campaign.excludedRegions ? campaign.excludedRegions.split(",").join(", ") : "None" },
    {
      label: "Shipping countries",
      value: campaign.shipCountries ? campaign.shipCountries.split(",").join(", ") : "Everywhere the print partner ships",
    },
    {
      label: "Prizes",
      value: [
        `1. The printed ${productLabel(campaign.productType).toLowerCase()}`,
        ...sortedPrizes(prizes).map((p) => `${p.rank}. ${p.title}`),
      ].join("; "),
    },
  );
  if (campaign.isPromotingProduct)
    rows.push({ label: "Bonus item", value: [campaign.productTitle, campaign.productValue].filter(Boolean).join(", ") });
  if (campaign.giveCouponToEntrants) rows.push({ label: "Entrants' coupon code", value: campaign.entrantCouponCode });
  if (campaign.giveBonusGiftToWinner) rows.push({ label: "Winner's bonus gift", value: campaign.winnerBonusGiftName });
  rows.push({ label: "Draw commitment", value: campaign.drawCommitment ?? "—" });
  return rows;
}

/** The live-edit page of the user's own live campaign. */
export async function liveEditPage(campaign: Campaign): Promise<LiveEditPage> {
  const prizes = await prisma.additionalPrize.findMany({ where: { campaignId: campaign.id } });
  return {
    campaignId: campaign.id,
    version: campaign.updatedAt.getTime(),
    title: campaign.title,
    values: {
      title: campaign.title,
      description: campaign.description,
      campaignCopy: campaign.campaignCopy,
      brandUrl: campaign.brandUrl,
      instagramHandle: campaign.instagramHandle,
      xHandle: campaign.xHandle,
      tiktokHandle: campaign.tiktokHandle,
      accentColor: campaign.accentColor,
      pageLayout: pageLayoutOf(campaign.pageLayout),
      supportEmail: campaign.supportEmail,
      productDescription: campaign.productDescription,
      entrantCouponDescription: campaign.entrantCouponDescription,
      winnerBonusGiftInstructions: campaign.winnerBonusGiftInstructions,
      logoUrl: campaign.logoUrl,
      coverImageUrl: campaign.coverImageUrl,
      productImageUrl: campaign.productImageUrl,
      winnerBonusGiftImageUrl: campaign.winnerBonusGiftImageUrl,
    },
    has: {
      bonusItem: campaign.isPromotingProduct,
      entrantCoupon: campaign.giveCouponToEntrants,
      winnerGift: campaign.giveBonusGiftToWinner,
    },
    prizes: sortedPrizes(prizes).map((p) => ({ rank: p.rank, title: p.title, imageUrl: p.imageUrl })),
    frozen: await frozenRows(campaign, prizes),
  };
}

export type LiveEditOutcome =
  | { kind: "saved" }
  /** 400: the form's errors (nothing saved). */
  | { kind: "invalid"; result: SubmissionResult<string[]>; message: string }
  /** 409: the form tried to change fields fixed at launch (nothing saved). */
  | { kind: "frozen"; labels: string[] }
  /** 409: the campaign ended (or stopped being live) before the write. */
  | { kind: "ended" };

function postedEntries(formData: FormData): PostedEntry[] {
  return [...formData.entries()].map(([name, value]) => [name, typeof value === "string" ? value : { size: value.size, name: value.name }]);
}

/** Saves a live campaign's presentation: all or nothing. */
export async function saveLiveEdit(user: CurrentUser, campaign: Campaign, formData: FormData, now = new Date()): Promise<LiveEditOutcome> {
  if (!isLiveEditable(campaign, now)) return { kind: "ended" };
  const prizes = sortedPrizes(await prisma.additionalPrize.findMany({ where: { campaignId: campaign.id } }));
  const labels = frozenChanges(postedEntries(formData), frozenSnapshot(campaign, prizes));
  if (labels.length) return { kind: "frozen", labels };

  const submission = parseWithZod(formData, { schema: LiveEditSchema });
  if (submission.status !== "success") {
    return { kind: "invalid", result: submission.reply(), message: CAMPAIGN_MESSAGES_FOR_LIVE_EDIT.invalid };
  }
  const fieldErrors: Record<string, string[]> = {};
  // Reward texts: required for the rewards the campaign has, as in the wizard.
  if (campaign.giveCouponToEntrants && formData.has("entrantCouponDescription") && !submission.value.entrantCouponDescription) {
    fieldErrors.entrantCouponDescription = [CAMPAIGN_MESSAGES_FOR_LIVE_EDIT.couponDescriptionRequired];
  }
  // A prize picture kept from the form must be the prize's own or the user's upload (as in step 4).
  const keptPrizeImages: (string | null | undefined)[] = [];
  for (const [index, prize] of prizes.entries()) {
    const name = `additionalPrizes[${index}].imageUrl`;
    if (!formData.has(name)) {
      keptPrizeImages.push(undefined);
      continue;
    }
    const url = String(formData.get(name) ?? "").trim();
    const place = { kept: [prize.imageUrl], kinds: PRIZE_IMAGE_KINDS };
    if (url && !(await mayStoreImageUrl(user.id, url, place))) fieldErrors[name] = [CAMPAIGN_MESSAGES_FOR_LIVE_EDIT.imageNotYours];
    keptPrizeImages.push(url || null);
  }
  if (Object.keys(fieldErrors).length) {
    return { kind: "invalid", result: submission.reply({ fieldErrors }), message: Object.values(fieldErrors).flat().join(" ") };
  }

  // Uploads: stored (or found again, the same bytes once) only now that the form is known good.
  const uploads: Record<string, TakenUpload> = {};
  const places: [field: string, kind: Parameters<typeof takeUpload>[2], when: boolean][] = [
    ["logoFile", "logo", true],
    ["coverFile", "product_image", true],
    ["productImageFile", "product_image", campaign.isPromotingProduct],
    ["winnerBonusGiftImageFile", "gift_image", campaign.giveBonusGiftToWinner],
    ...prizes.map((_, index) => [`additionalPrizes[${index}].imageFile`, "prize_image", true] as [string, "prize_image", boolean]),
  ];
  for (const [field, kind, when] of places) {
    if (!when) continue;
    const taken = await takeUpload(formData, field, kind, user);
    if (taken.kind === "refused") {
      return { kind: "invalid", result: submission.reply({ fieldErrors: { [field]: [taken.message] } }), message: taken.message };
    }
    uploads[field] = taken;
  }
  const stored = (field: string) => {
    const taken = uploads[field];
    return taken?.kind === "stored" ? taken.url : undefined;
  };
  const image = (field: string, removeName: string, current: string | null) =>
    stored(field) ?? (formData.get(removeName) === "on" ? null : current);

  const value = submission.value;
  const data: Partial<Campaign> = {};
  for (const field of LIVE_EDIT_FIELDS) {
    if (!formData.has(field)) continue;
    if (field === "productDescription" && !campaign.isPromotingProduct) continue;
    if (field === "entrantCouponDescription" && !campaign.giveCouponToEntrants) continue;
    if (field === "winnerBonusGiftInstructions" && !campaign.giveBonusGiftToWinner) continue;
    (data as Record<string, unknown>)[field] = value[field as keyof LiveEdit];
  }
  data.logoUrl = image("logoFile", "removeLogo", campaign.logoUrl);
  data.coverImageUrl = image("coverFile", "removeCover", campaign.coverImageUrl);
  if (campaign.isPromotingProduct) data.productImageUrl = image("productImageFile", "removeProductImage", campaign.productImageUrl);
  if (campaign.giveBonusGiftToWinner) {
    data.winnerBonusGiftImageUrl = image("winnerBonusGiftImageFile", "removeWinnerBonusGiftImage", campaign.winnerBonusGiftImageUrl);
  }

  const written = await prisma.$transaction(async (tx) => {
    // updatedAt moves: the share card and poster are versioned by it (server/share), so they are drawn anew.
    const result = await tx.campaign.updateMany({ where: liveCondition(campaign, user, now), data: { ...data, updatedAt: now } });
    if (result.count !== 1) return false;
    for (const [index, prize] of prizes.entries()) {
      const url = stored(`additionalPrizes[${index}].imageFile`) ?? keptPrizeImages[index];
      if (url === undefined || url === prize.imageUrl) continue;
      await tx.additionalPrize.updateMany({ where: { id: prize.id, campaignId: campaign.id }, data: { imageUrl: url } });
    }
    return true;
  });
  return written ? { kind: "saved" } : { kind: "ended" };
}
