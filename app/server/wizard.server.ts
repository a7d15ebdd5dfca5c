import type { AdditionalPrize, Campaign, Prisma } from "./db.server";
import { toDateInput } from "../domain/campaign-dates";
import { parseShirtColors, parseShirtSizes } from "../domain/campaign-schemas";
import { defaultPrompts } from "../domain/ai-prompts";
import { planFeatureList } from "../domain/plans";
import { prisma } from "./db.server";
import { EDITABLE_STATUSES, isEditableStatus } from "../domain/campaign-status";
import { createDraft, LAUNCHED_NOT_EDITABLE, stripIdentity } from "./campaign-drafts.server";
import { storedUploadPath } from "./uploads.server";
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
  aiPrompts: [string, string, string];
}

function savedOrDefaultPrompts(c: Campaign | null): [string, string, string] {
  const saved: [string, string, string] = [c?.aiPrompt1 ?? "", c?.aiPrompt2 ?? "", c?.aiPrompt3 ?? ""];
  return saved.some((p) => p.trim()) ? saved : defaultPrompts(c?.title ?? "", c?.brandName ?? "");
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
    aiPrompts: savedOrDefaultPrompts(c),
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
 * A wizard write that found the campaign launched (or gone) by the time it ran, or changed since the
 * step read it ("changed": the write's `unchanged` condition no longer held); nothing was changed.
 */
export class WizardWriteRefused extends Error {
  override name = "WizardWriteRefused";
  constructor(readonly reason: "launched" | "gone" | "changed") {
    super(
      reason === "launched"
        ? LAUNCHED_NOT_EDITABLE.description
        : reason === "changed"
          ? "The campaign changed while this step was being saved."
          : "The campaign is no longer there.",
    );
  }
}

export interface PrizeInput {
  rank: number;
  title: string;
  code: string | null;
  imageUrl: string | null;
}

/** Whether a write changes what the campaign costs: its plan, coupon or totals. */
function changesPrice(campaign: Campaign, data: Partial<Campaign>): boolean {
  return (["planId", "couponCode", "discountCents", "totalCents"] as const).some(
    (key) => key in data && data[key] !== undefined && data[key] !== campaign[key],
  );
}

/**
 * Saves a step: updates the draft, or creates it on the first save (from the campaign being copied,
 * when there is one, prizes included). `prizes`, when given, replace the campaign's prizes in the
 * same transaction.
 *
 * The update is one conditional write on the campaign's id, its owner (or, for a visitor, its draft
 * token) and an editable status, so a launch or payment that lands while the step is being saved
 * wins and the step changes nothing (WizardWriteRefused). A campaign waiting for payment whose price
 * changes goes back to a draft: the checkout already opened was for the old price, so it can no
 * longer put the campaign live, and launching again prices it anew.
 *
 * `unchanged`, when given, is part of the same condition: values the write was computed from (the
 * plan credits left depend on the generations used), so a change that lands meanwhile refuses the
 * write ("changed") rather than being overwritten with a figure made from the old value.
 */
export async function persistStep(
  campaign: Campaign | null,
  user: CurrentUser | null,
  data: Partial<Campaign>,
  copyFrom: (Campaign & { additionalPrizes: AdditionalPrize[] }) | null,
  prizes?: PrizeInput[],
  unchanged?: Prisma.CampaignWhereInput,
): Promise<Persisted> {
  if (campaign) {
    const id = campaign.id;
    // Decided in the write, not from the status read earlier: a launch may have moved it meanwhile.
    const backToDraft = changesPrice(campaign, data);
    const updated = await prisma.$transaction(async (tx) => {
      const written = await tx.campaign.updateMany({
        where: {
          id,
          creatorId: user?.id ?? null,
          ...(user ? {} : { draftToken: campaign.draftToken ?? "" }),
          status: { in: [...EDITABLE_STATUSES] },
          ...unchanged,
        },
        data: { ...data, ...(backToDraft ? { status: "draft" } : {}) },
      });
      if (written.count !== 1) return null;
      if (prizes) {
        await tx.additionalPrize.deleteMany({ where: { campaignId: id } });
        await tx.additionalPrize.createMany({ data: prizes.map((p) => ({ ...p, campaignId: id })) });
      }
      return tx.campaign.findUniqueOrThrow({ where: { id } });
    });
    if (!updated) {
      const now = await prisma.campaign.findUnique({ where: { id }, select: { status: true } });
      if (now && !isEditableStatus(now.status)) throw new WizardWriteRefused("launched");
      throw new WizardWriteRefused(now && unchanged ? "changed" : "gone");
    }
    return { campaign: updated, cookies: [] };
  }
  const { additionalPrizes: copiedPrizes, ...source } = copyFrom ?? { additionalPrizes: [] };
  const { campaign: created, setCookie } = await createDraft(user, { ...(copyFrom ? stripIdentity(source) : {}), ...data });
  const initialPrizes: PrizeInput[] =
    prizes ?? copiedPrizes.map((p) => ({ rank: p.rank, title: p.title, imageUrl: p.imageUrl, code: p.code }));
  if (initialPrizes.length) {
    await prisma.additionalPrize.createMany({ data: initialPrizes.map((p) => ({ ...p, campaignId: created.id })) });
  }
  return { campaign: created, cookies: [setCookie] };
}

/** The user's own campaign to copy (duplicateId), with its prizes. */
export function findCopySource(user: CurrentUser | null, duplicateId: string | null) {
  if (!user || !duplicateId) return Promise.resolve(null);
  return prisma.campaign.findFirst({ where: { id: duplicateId, creatorId: user.id }, include: { additionalPrizes: true } });
}

/** The designs a step-3 visitor can pick from: this campaign's AI designs, newest first. */
export async function campaignAiDesigns(userId: string | null, campaignId: string | null) {
  if (!userId || !campaignId) return [];
  const designs = await prisma.aiDesign.findMany({
    where: { userId, campaignId },
    orderBy: { createdAt: "desc" },
    take: 24,
    select: { id: true, imageUrl: true, printUrl: true, promptText: true, style: true },
  });
  return designs.map((d) => ({
    id: d.id,
    previewUrl: d.imageUrl,
    designUrl: d.printUrl ?? d.imageUrl,
    prompt: d.promptText,
    style: d.style ?? "",
  }));
}
export type WizardAiDesign = Awaited<ReturnType<typeof campaignAiDesigns>>[number];

/** Upload kinds a campaign's design may name: the user's uploaded artwork and AI designs. */
export const DESIGN_IMAGE_KINDS = ["custom_design", "ai_design"] as const;
/** Upload kinds an additional prize's image may name. */
export const PRIZE_IMAGE_KINDS = ["prize_image"] as const;

export interface ImagePlace {
  /** What the campaign (or the campaign being copied) already stores in this place: kept as it is. */
  kept: readonly (string | null | undefined)[];
  /** The upload kinds (folders under /uploads) that fit this place. */
  kinds: readonly string[];
}

/**
 * Whether an image URL sent by a form may be stored on the user's campaign. Stored images are
 * references to uploads, so the URL must be one the campaign already stores in that place, or name
 * an upload the user owns: a path we could have written (storedUploadPath: "/uploads/<kind>/<name>",
 * no "..") of a kind that fits, recorded with the user as its owner (UploadedAsset.userId, or
 * AiDesign.userId for AI designs). Another user's upload, a path that climbs out of the uploads
 * ("/uploads/prize_image/../../campaign/<id>") or any other URL is refused.
 */
export async function mayStoreImageUrl(userId: string | null, url: string, place: ImagePlace): Promise<boolean> {
  if (place.kept.includes(url)) return true;
  const path = storedUploadPath(url);
  if (!userId || !path) return false;
  const kind = path.slice(0, path.indexOf("/"));
  if (!place.kinds.includes(kind)) return false;
  const owned =
    kind === "ai_design"
      ? await prisma.aiDesign.count({ where: { userId, OR: [{ printUrl: url }, { imageUrl: url }] } })
      : await prisma.uploadedAsset.count({ where: { userId, kind, path } });
  return owned > 0;
}

export interface SavedDesign {
  id: string;
  name: string;
  previewUrl: string;
  designUrl: string;
  source: "AI" | "Uploaded";
  usedInCampaigns: number;
  createdAt: string;
}

/**
 * A user's designs for reuse (SPEC "Saved design"): AI designs and uploaded artwork, named after
 * the first 20 characters of the campaign they were made for, with how many campaigns use them.
 */
export async function savedDesigns(userId: string, limit = 12): Promise<SavedDesign[]> {
  const [ai, uploads, campaigns] = await Promise.all([
    prisma.aiDesign.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: limit }),
    prisma.uploadedAsset.findMany({ where: { userId, kind: "custom_design" }, orderBy: { createdAt: "desc" }, take: limit }),
    prisma.campaign.findMany({ where: { creatorId: userId }, select: { id: true, title: true, finalDesignUrl: true } }),
  ]);
  const titleOf = (campaignId: string | null) => campaigns.find((c) => c.id === campaignId)?.title ?? "";
  const usedBy = (url: string) => campaigns.filter((c) => c.finalDesignUrl === url);
  const name = (title: string, fallback: string) => (title.trim() || fallback).slice(0, 20);
  const fromAi: SavedDesign[] = ai.map((d) => {
    const designUrl = d.printUrl ?? d.imageUrl;
    return {
      id: d.id,
      name: name(titleOf(d.campaignId), d.promptText),
      previewUrl: d.imageUrl,
      designUrl,
      source: "AI",
      usedInCampaigns: usedBy(designUrl).length,
      createdAt: d.createdAt.toISOString(),
    };
  });
  const fromUploads: SavedDesign[] = uploads.map((asset) => {
    const designUrl = `/uploads/${asset.path}`;
    const users = usedBy(designUrl);
    return {
      id: asset.id,
      name: name(users[0]?.title ?? "", "Uploaded design"),
      previewUrl: designUrl,
      designUrl,
      source: "Uploaded",
      usedInCampaigns: users.length,
      createdAt: asset.createdAt.toISOString(),
    };
  });
  return [...fromAi, ...fromUploads].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}
