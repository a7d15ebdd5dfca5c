import type { AdditionalPrize, Campaign } from "./db.server";
import { toDateInput } from "../domain/campaign-dates";
import { parseShirtColors, parseShirtSizes } from "../domain/campaign-schemas";
import { planFeatureList } from "../domain/plans";
import { prisma } from "./db.server";
import { createDraft, stripIdentity } from "./campaign-drafts.server";
import type { CurrentUser } from "./session.server";

/** What the wizard's forms start from: the draft's columns as form values (strings, "on" checkboxes). */
export interface WizardValues {
  title: string;
  description: string;
  brandName: string;
  brandUrl: string;
  instagramHandle: string;
  xHandle: string;
  tiktokHandle: string;
  productType: string;
  isPromotingProduct: "yes" | "no";
  productTitle: string;
  productValue: string;
  productDescription: string;
  logoUrl: string | null;
  productImageUrl: string | null;
  planId: string;
  designMode: "upload" | "ai";
  designPrompt: string;
  finalDesignUrl: string;
  selectedColors: string[];
  selectedSizes: string[];
  startDate: string;
  durationDays: string;
  endDate: string;
  termsAccepted: "on" | "";
  limitOneEntryPerPerson: "on" | "";
  giveCouponToEntrants: "on" | "";
  entrantCouponCode: string;
  entrantCouponDescription: string;
  giveBonusGiftToWinner: "on" | "";
  winnerBonusGiftName: string;
  winnerBonusGiftCode: string;
  winnerBonusGiftInstructions: string;
  winnerBonusGiftImageUrl: string | null;
  sendReminder: "on" | "";
  additionalPrizes: { title: string; code: string; imageUrl: string }[];
  couponCode: string;
}

const on = (value: boolean): "on" | "" => (value ? "on" : "");

export function wizardValues(campaign: Campaign | null, prizes: AdditionalPrize[]): WizardValues {
  const c = campaign;
  return {
    title: c?.title ?? "",
    description: c?.description ?? "",
    brandName: c?.brandName ?? "",
    brandUrl: c?.brandUrl ?? "",
    instagramHandle: c?.instagramHandle ?? "",
    xHandle: c?.xHandle ?? "",
    tiktokHandle: c?.tiktokHandle ?? "",
    productType: c?.productType ?? "t-shirt",
    isPromotingProduct: c?.isPromotingProduct ? "yes" : "no",
    productTitle: c?.productTitle ?? "",
    productValue: c?.productValue ?? "",
    productDescription: c?.productDescription ?? "",
    logoUrl: c?.logoUrl ?? null,
    productImageUrl: c?.productImageUrl ?? null,
    planId: c?.planId ?? "",
    designMode: c?.designMode === "upload" ? "upload" : "ai",
    designPrompt: c?.designPrompt ?? "",
    finalDesignUrl: c?.finalDesignUrl ?? "",
    selectedColors: parseShirtColors(c?.selectedColors ?? "white"),
    selectedSizes: parseShirtSizes(c?.selectedSizes ?? "M,L,XL"),
    startDate: c?.startDate ? toDateInput(c.startDate) : "",
    durationDays: String(c?.durationDays ?? 7),
    endDate: c?.endDate ? toDateInput(c.endDate) : "",
    termsAccepted: on(c?.termsAccepted ?? false),
    limitOneEntryPerPerson: on(c?.limitOneEntryPerPerson ?? true),
    giveCouponToEntrants: on(c?.giveCouponToEntrants ?? false),
    entrantCouponCode: c?.entrantCouponCode ?? "",
    entrantCouponDescription: c?.entrantCouponDescription ?? "",
    giveBonusGiftToWinner: on(c?.giveBonusGiftToWinner ?? false),
    winnerBonusGiftName: c?.winnerBonusGiftName ?? "",
    winnerBonusGiftCode: c?.winnerBonusGiftCode ?? "",
    winnerBonusGiftInstructions: c?.winnerBonusGiftInstructions ?? "",
    winnerBonusGiftImageUrl: c?.winnerBonusGiftImageUrl ?? null,
    sendReminder: on(c?.sendReminder ?? false),
    additionalPrizes: prizes
      .slice()
      .sort((a, b) => a.rank - b.rank)
      .map((p) => ({ title: p.title, code: p.code ?? "", imageUrl: p.imageUrl ?? "" })),
    couponCode: c?.couponCode ?? "",
  };
}

export async function activePlans() {
  const plans = await prisma.plan.findMany({ where: { active: true }, orderBy: { sortOrder: "asc" } });
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    priceCents: plan.priceCents,
    description: plan.description,
    popular: plan.popular,
    aiCredits: plan.aiCredits,
    features: planFeatureList(plan.features),
  }));
}
export type WizardPlan = Awaited<ReturnType<typeof activePlans>>[number];

export interface Persisted {
  campaign: Campaign;
  cookies: string[];
}

/**
 * Saves a step: updates the draft, or creates it on the first save (from the campaign being copied,
 * when there is one, prizes included).
 */
export async function persistStep(
  campaign: Campaign | null,
  user: CurrentUser | null,
  data: Partial<Campaign>,
  copyFrom: (Campaign & { additionalPrizes: AdditionalPrize[] }) | null,
): Promise<Persisted> {
  if (campaign) {
    return { campaign: await prisma.campaign.update({ where: { id: campaign.id }, data }), cookies: [] };
  }
  const { additionalPrizes: _prizes, ...source } = copyFrom ?? { additionalPrizes: [] };
  const { campaign: created, setCookie } = await createDraft(user, { ...(copyFrom ? stripIdentity(source) : {}), ...data });
  if (copyFrom?.additionalPrizes.length) {
    await prisma.additionalPrize.createMany({
      data: copyFrom.additionalPrizes.map((p) => ({
        campaignId: created.id,
        rank: p.rank,
        title: p.title,
        imageUrl: p.imageUrl,
        code: p.code,
      })),
    });
  }
  return { campaign: created, cookies: [setCookie] };
}

/** The user's own campaign to copy (duplicateId), with its prizes. */
export function findCopySource(user: CurrentUser | null, duplicateId: string | null) {
  if (!user || !duplicateId) return Promise.resolve(null);
  return prisma.campaign.findFirst({ where: { id: duplicateId, creatorId: user.id }, include: { additionalPrizes: true } });
}
