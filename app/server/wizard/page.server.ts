import { pageLayoutOf } from "../../domain/page-layout";
import { campaignTimeZone, DEFAULT_TIME_ZONE, supportedTimeZones, zonedDateInput } from "../../domain/campaign-time-zone";
import { entrantLanguage, parseOtherLanguages } from "../../domain/entrant-language";
import { parseProductColors, parseGarmentSizes, reviewProblems, WIZARD_STEPS } from "../../domain/campaign-schemas";
import { defaultPrompts } from "../../domain/ai-prompts";
import { parseShipCountries } from "../../domain/ship-countries";
import { designProvider } from "../ai/designs.server";
import type { WizardValues } from "../../domain/wizard";
import { creditFigures } from "../ai/credits.server";
import { aiCreditFigures } from "../../domain/ai-credits";
import { type AdditionalPrize, type Campaign, prisma } from "../core/db.server";
import { activePlans } from "../plans/active-plans.server";
import type { CurrentUser } from "../auth/session.server";
import { designHardToSeeColors } from "../media/design-contrast.server";
import { campaignAiDesigns, ownDesignUrl, savedDesigns } from "./designs.server";
import { draftCookieFor, draftPrizes, findWizardDraft } from "./drafts.server";
import { findCopySource, type CopySource } from "./persist.server";
import { CampaignStatus } from "../../domain/campaign-status";
import { creatorActionsView } from "../entry-actions/manage.server";

function savedOrDefaultPrompts(c: Campaign | null): [string, string, string] {
  const saved: [string, string, string] = [c?.aiPrompt1 ?? "", c?.aiPrompt2 ?? "", c?.aiPrompt3 ?? ""];
  return saved.some((p) => p.trim())
    ? saved
    : defaultPrompts(c?.title ?? "", c?.brandName ?? "", { description: c?.description ?? "", productType: c?.productType ?? "t-shirt" });
}

const on = (value: boolean): "on" | "" => (value ? "on" : "");

export function wizardValues(campaign: Campaign | null, prizes: AdditionalPrize[]): WizardValues {
  const c = campaign;
  const zone = campaignTimeZone(c?.timeZone);
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
    coverImageUrl: c?.coverImageUrl ?? null,
    accentColor: c?.accentColor ?? "",
    pageLayout: pageLayoutOf(c?.pageLayout),
    hideGiveawearBranding: on(c?.hideGiveawearBranding ?? false),
    supportEmail: c?.supportEmail ?? "",
    productImageUrl: c?.productImageUrl ?? null,
    planId: c?.planId ?? "",
    designMode: c?.designMode === "upload" ? "upload" : "ai",
    designPrompt: c?.designPrompt ?? "",
    finalDesignUrl: c?.finalDesignUrl ?? "",
    selectedColors: parseProductColors(c?.selectedColors ?? "white"),
    selectedSizes: parseGarmentSizes(c?.selectedSizes ?? "M,L,XL"),
    // Dates read on the campaign's clocks (decision 095).
    startDate: c?.startDate ? zonedDateInput(c.startDate, zone) : "",
    durationDays: String(c?.durationDays ?? 7),
    endDate: c?.endDate ? zonedDateInput(c.endDate, zone) : "",
    timeZone: zone,
    language: entrantLanguage(c?.language),
    otherLanguages: parseOtherLanguages(c?.otherLanguages, entrantLanguage(c?.language)),
    termsAccepted: on(c?.termsAccepted ?? false),
    limitOneEntryPerPerson: on(c?.limitOneEntryPerPerson ?? true),
    referralCap: c?.referralCap == null ? "" : String(c.referralCap),
    giveCouponToEntrants: on(c?.giveCouponToEntrants ?? false),
    entrantCouponCode: c?.entrantCouponCode ?? "",
    entrantCouponDescription: c?.entrantCouponDescription ?? "",
    giveBonusGiftToWinner: on(c?.giveBonusGiftToWinner ?? false),
    winnerBonusGiftName: c?.winnerBonusGiftName ?? "",
    winnerBonusGiftCode: c?.winnerBonusGiftCode ?? "",
    winnerBonusGiftInstructions: c?.winnerBonusGiftInstructions ?? "",
    winnerBonusGiftImageUrl: c?.winnerBonusGiftImageUrl ?? null,
    sendReminder: on(c?.sendReminder ?? false),
    shipScope: c?.shipCountries ? "chosen" : "everywhere",
    shipCountries: parseShipCountries(c?.shipCountries),
    additionalPrizes: prizes
      .slice()
      .sort((a, b) => a.rank - b.rank)
      .map((p) => ({
        title: p.title,
        code: p.code ?? "",
        imageUrl: p.imageUrl ?? "",
        kind: p.kind === "merch" ? ("merch" as const) : ("gift" as const),
        needsAddress: on(p.needsAddress),
        value: p.valueCents == null ? "" : String(Math.round(p.valueCents / 100)),
      })),
    sponsorLegalName: c?.sponsorLegalName ?? "",
    excludedRegions: c?.excludedRegions ?? "",
    sponsorAddress: c?.sponsorAddress ?? "",
    minimumAge: String(c?.minimumAge ?? 18),
    prizeValue: c?.prizeValueCents != null ? String(Math.round(c.prizeValueCents / 100)) : "",
    couponCode: c?.couponCode ?? "",
    aiPrompts: savedOrDefaultPrompts(c),
  };
}

/** The step a URL asks for: 1 to 5, else the first. */
export function stepFrom(value: unknown): number {
  const step = Number(value);
  return Number.isInteger(step) && step >= 1 && step <= WIZARD_STEPS.length ? step : 1;
}

const CARRIED_FIELDS = ["title", "description", "brandName", "brandUrl", "productType", "planId"] as const;

/** `campaignData` (JSON) from the older builder's entry point: only known text fields are taken. */
function carriedCampaignData(raw: string | null): Partial<Record<(typeof CARRIED_FIELDS)[number], string>> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return {};
    const record = parsed as Record<string, unknown>;
    return Object.fromEntries(
      CARRIED_FIELDS.flatMap((key) => (typeof record[key] === "string" ? [[key, (record[key] as string).slice(0, 500)]] : [])),
    );
  } catch {
    return {};
  }
}

/** Whether a plan includes custom branding (Plan.customBranding): the campaign page may then drop "Powered by Giveawear". */
export async function planHasCustomBranding(planId: string | null | undefined): Promise<boolean> {
  if (!planId) return false;
  const plan = await prisma.plan.findUnique({ where: { id: planId }, select: { customBranding: true } });
  return plan?.customBranding ?? false;
}

export type WizardPage = Awaited<ReturnType<typeof wizardPage>>;

export type WizardPageLookup =
  /** Not the user's campaign (or no such campaign, or a copy of one that is not theirs). */
  | { kind: "not-found" }
  /** The user's campaign, but launched: the wizard's steps do not apply (a live one has its edit page, decision 048). */
  | { kind: "launched"; campaign: Campaign }
  | { kind: "page"; page: WizardPage; cookies: string[] };

/**
 * The wizard page for `params` (step, campaignId, duplicateId and the arrivals from elsewhere): the
 * draft being edited (or a copy being started), its form values and what each step offers.
 */
export async function loadWizardPage(request: Request, user: CurrentUser | null, params: URLSearchParams): Promise<WizardPageLookup> {
  const lookup = await findWizardDraft(request, user, params.get("campaignId"));
  if (lookup.kind === "not-found") return { kind: "not-found" };
  if (lookup.kind === "launched") return { kind: "launched", campaign: lookup.campaign };
  // Copying starts a new draft: the remembered one stays untouched.
  const duplicateId = params.has("campaignId") ? null : params.get("duplicateId");
  const campaign = lookup.kind === "found" && !duplicateId ? lookup.campaign : null;
  const copySource = await findCopySource(user, duplicateId);
  if (duplicateId && !copySource) return { kind: "not-found" };
  const notice =
    lookup.kind === "found" && lookup.restoredVisitorDraft
      ? "Local Draft Loaded: your progress on this device is restored."
      : lookup.kind === "found" && lookup.attached
        ? "Your draft is now saved to your account."
        : copySource
          ? `Copying “${copySource.title}”. Saving the first step creates the new draft.`
          : null;
  const page = await wizardPage(user, params, campaign, copySource, notice);
  const cookies = lookup.kind === "found" && lookup.attached ? [await draftCookieFor({ id: lookup.campaign.id })] : [];
  return { kind: "page", page, cookies };
}

async function wizardPage(
  user: CurrentUser | null,
  params: URLSearchParams,
  campaign: Campaign | null,
  copySource: CopySource | null,
  notice: string | null,
) {
  const step = stepFrom(params.get("step"));
  const [plans, prizes, aiDesigns, credits, saved] = await Promise.all([
    activePlans(),
    campaign ? draftPrizes(campaign.id) : Promise.resolve(copySource?.additionalPrizes ?? []),
    campaignAiDesigns(user?.id ?? null, campaign?.id ?? null),
    user ? creditFigures(user.id, campaign?.id ?? null) : Promise.resolve(aiCreditFigures(0, null)),
    user && step === 3 ? savedDesigns(user.id) : Promise.resolve([]),
  ]);
  const values = wizardValues(campaign ?? copySource, prizes);
  if (copySource) values.title = `${copySource.title} (Copy)`.slice(0, 100);

  // Arrivals from elsewhere: campaign data or a plan from /create-campaign, a saved design from the dashboard.
  if (!campaign && !copySource) Object.assign(values, carriedCampaignData(params.get("campaignData")));
  const planId = params.get("planId");
  if (planId && plans.some((p) => p.id === planId)) values.planId = planId;
  const designUrl = await ownDesignUrl(user, params.get("designId"), params.get("designUrl"));
  if (designUrl) {
    values.finalDesignUrl = designUrl;
    values.designMode = "upload";
  }
  const mode = params.get("mode");
  if (mode === "upload" || mode === "ai") values.designMode = mode;

  // The zone (decisions 095, 096): the one saved with the dates; before any, the creator's last choice
  // (their most recent campaign's zone), which stands; only a creator with none gets the browser's zone
  // when JavaScript runs (timeZoneChosen false), else UTC.
  const source = campaign ?? copySource;
  const datesSaved = Boolean(source?.startDate);
  const lastChoice = !datesSaved && step === 4 ? await lastTimeZoneChoice(user) : null;
  if (!datesSaved && step === 4) values.timeZone = lastChoice ?? DEFAULT_TIME_ZONE;
  const timeZoneChosen = datesSaved || lastChoice !== null;

  const plan = plans.find((p) => p.id === values.planId) ?? null;
  // Step 3 warns next to the colours the chosen design is hard to see on (decision 044).
  const hardToSeeColors = step === 3 ? await designHardToSeeColors(values.finalDesignUrl) : [];
  const discountCents = campaign?.discountCents ?? 0;
  const customBranding = plan ? await planHasCustomBranding(plan.id) : false;
  // Step 4's entry actions (decision 076), limited by the plan chosen in step 2.
  const entryActions =
    step === 4 ? await creatorActionsView(campaign?.id ?? null, plan ? plan.entryActionLimit : (campaign?.entryActionLimit ?? 1)) : null;
  return {
    step,
    signedIn: Boolean(user),
    credits,
    aiDesigns,
    savedDesigns: saved,
    hardToSeeColors,
    /** The built-in designer (no Ideogram key) is named for what it does (decision 047). */
    aiBuiltIn: designProvider() === "local",
    justGenerated: params.get("generated") === "1",
    campaignId: user && campaign ? campaign.id : null,
    status: campaign?.status ?? CampaignStatus.draft,
    duplicateId: copySource?.id ?? null,
    notice,
    values,
    plans,
    entryActions,
    /** Step 1's "Hide Powered by Giveawear" choice: whether a plan is chosen and whether it allows it. */
    branding: { planChosen: plan !== null, customBranding },
    pricing: plan ? { priceCents: plan.priceCents, discountCents, totalCents: Math.max(0, plan.priceCents - discountCents) } : null,
    problems: reviewProblems({
      title: values.title,
      productType: values.productType,
      planId: values.planId,
      finalDesignUrl: values.finalDesignUrl,
      startDate: values.startDate,
      sponsorLegalName: campaign?.sponsorLegalName,
      sponsorAddress: campaign?.sponsorAddress,
      prizeValueCents: campaign?.prizeValueCents ?? null,
      additionalPrizes: campaign ? prizes.map((p) => ({ rank: p.rank, valueCents: p.valueCents })) : [],
    }),
    today: new Date().toISOString(),
    timeZoneChosen,
    /** The zones this server accepts, so the list and the check agree (decision 095). */
    timeZones: step === 4 ? supportedTimeZones() : [],
  };
}

/** The zone of the creator's most recently saved campaign with dates; null when they have none. */
async function lastTimeZoneChoice(user: CurrentUser | null): Promise<string | null> {
  if (!user) return null;
  const last = await prisma.campaign.findFirst({
    where: { creatorId: user.id, startDate: { not: null } },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: { timeZone: true },
  });
  return last ? campaignTimeZone(last.timeZone) : null;
}
