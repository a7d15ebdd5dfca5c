import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { CampaignInfoStep } from "~/components/wizard/step-campaign-info";
import { EntryRulesStep } from "~/components/wizard/step-entry-rules";
import { PlanStep } from "~/components/wizard/step-plan";
import { ReviewStep } from "~/components/wizard/step-review";
import { ShirtDesignStep } from "~/components/wizard/step-shirt-design";
import { WizardShell } from "~/components/wizard/wizard-shell";
import { ActionToast } from "~/components/ui/action-toast";
import { endDateFor, parseDateInput } from "~/domain/campaign-dates";
import {
  CAMPAIGN_MESSAGES,
  CampaignInfoSchema,
  entryRulesSchema,
  PlanSelectionSchema,
  aiGenerationProblem,
  DEFAULT_SHIRT_SIZES,
  reviewProblems,
  shirtDesignSchema,
  sizesAfterProductChange,
  type ToastMessage,
  VALIDATION_TOAST,
  WIZARD_ACTION_REFUSALS,
  withDesignFileFlag,
  WIZARD_STEPS,
} from "~/domain/campaign-schemas";
import { formatPrice } from "~/domain/plans";
import { applyCoupon, couponProblem, CouponFormSchema, INVALID_COUPON_DESCRIPTION, INVALID_COUPON_TITLE } from "~/domain/pricing";
import { readForm } from "~/server/forms.server";
import { clearDraftCookie, draftCookieFor, findWizardDraft, LAUNCHED_NOT_EDITABLE } from "~/server/campaign-drafts.server";
import { launchCampaign } from "~/server/campaign-launch.server";
import { prisma, type Campaign, type Prisma } from "~/server/db.server";
import { getCurrentUser, type CurrentUser } from "~/server/session.server";
import { actionToast, redirectWithToast, type ToastInput } from "~/server/toast.server";
import { formFile, storeImageUpload, type UploadKind } from "~/server/uploads.server";
import { AI_STYLES } from "~/domain/ai-prompts";
import { availableCredits, planCreditsLeft, refundCredits, spendCredits } from "~/server/ai-credits.server";
import { generateDesign } from "~/server/ai/designs.server";
import {
  activePlans,
  campaignAiDesigns,
  DESIGN_IMAGE_KINDS,
  findCopySource,
  mayStoreImageUrl,
  persistStep,
  PRIZE_IMAGE_KINDS,
  savedDesigns,
  wizardValues,
  WizardWriteRefused,
  type PrizeInput,
} from "~/server/wizard.server";
import type { Route } from "./+types/create-campaign-v2";

export const meta = () => [{ title: "Create a Giveaway · Giveawear" }];

const NOT_FOUND: ToastInput = {
  type: "error",
  title: "Not Found",
  description: "Campaign not found or you don't have permission to edit it.",
};
const LAUNCHED: ToastInput = { type: "error", ...LAUNCHED_NOT_EDITABLE };
const CHANGED: ToastInput = {
  type: "error",
  title: "Please Try Again",
  description: "Your campaign changed while this step was being saved (a design was being generated). Nothing was saved.",
};
const MAX_BODY_BYTES = 40 * 1024 * 1024;

function stepFrom(value: unknown): number {
  const step = Number(value);
  return Number.isInteger(step) && step >= 1 && step <= WIZARD_STEPS.length ? step : 1;
}

/** Wizard URLs carry the campaign for signed-in creators; a visitor's draft rides in its cookie. */
function stepUrl(step: number, campaignId: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ step: String(step), ...(campaignId ? { campaignId } : {}), ...extra });
  return `/create-campaign-v2?${params}`;
}

function signInUrl(returnTo: string, reason?: string): string {
  return `/create-campaign-v2/sign-in?${new URLSearchParams({ returnTo, ...(reason ? { reason } : {}) })}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getCurrentUser(request);
  const lookup = await findWizardDraft(request, user, url.searchParams.get("campaignId"));
  if (lookup.kind === "not-found") throw await redirectWithToast("/my-campaigns", NOT_FOUND);
  // A launched campaign has no form that could be saved: back to the dashboard, which says why.
  if (lookup.kind === "launched") throw await redirectWithToast("/my-campaigns", LAUNCHED);
  // Copying starts a new draft: the remembered one stays untouched.
  const duplicateId = url.searchParams.has("campaignId") ? null : url.searchParams.get("duplicateId");
  const campaign = lookup.kind === "found" && !duplicateId ? lookup.campaign : null;

  const copySource = await findCopySource(user, duplicateId);
  if (duplicateId && !copySource) throw await redirectWithToast("/my-campaigns", NOT_FOUND);

  const [plans, prizes, aiDesigns, credits, saved] = await Promise.all([
    activePlans(),
    campaign
      ? prisma.additionalPrize.findMany({ where: { campaignId: campaign.id } })
      : Promise.resolve(copySource?.additionalPrizes ?? []),
    campaignAiDesigns(user?.id ?? null, campaign?.id ?? null),
    user ? availableCredits(user.id, campaign?.id ?? null) : Promise.resolve(0),
    user && stepFrom(url.searchParams.get("step")) === 3 ? savedDesigns(user.id) : Promise.resolve([]),
  ]);
  const values = wizardValues(campaign ?? copySource, prizes);
  if (copySource) values.title = `${copySource.title} (Copy)`.slice(0, 100);

  // Arrivals from elsewhere: campaign data or a plan from /create-campaign, a saved design from the dashboard.
  if (!campaign && !copySource) Object.assign(values, carriedCampaignData(url.searchParams.get("campaignData")));
  const planId = url.searchParams.get("planId");
  if (planId && plans.some((p) => p.id === planId)) values.planId = planId;
  const designUrl = await ownDesignUrl(user, url.searchParams.get("designId"), url.searchParams.get("designUrl"));
  if (designUrl) {
    values.finalDesignUrl = designUrl;
    values.designMode = "upload";
  }
  const mode = url.searchParams.get("mode");
  if (mode === "upload" || mode === "ai") values.designMode = mode;

  const plan = plans.find((p) => p.id === values.planId) ?? null;
  const pricing = plan
    ? {
        priceCents: plan.priceCents,
        discountCents: campaign?.discountCents ?? 0,
        totalCents: Math.max(0, plan.priceCents - (campaign?.discountCents ?? 0)),
      }
    : null;
  const step = stepFrom(url.searchParams.get("step"));
  const campaignIdForUrls = user && campaign ? campaign.id : null;

  const headers = new Headers();
  if (lookup.kind === "found" && lookup.attached) headers.append("Set-Cookie", await draftCookieFor({ id: lookup.campaign.id }));
  return data(
    {
      step,
      signedIn: Boolean(user),
      credits,
      aiDesigns,
      savedDesigns: saved,
      justGenerated: url.searchParams.get("generated") === "1",
      campaignId: campaignIdForUrls,
      status: campaign?.status ?? "draft",
      duplicateId: copySource?.id ?? null,
      notice:
        lookup.kind === "found" && lookup.restoredVisitorDraft
          ? "Local Draft Loaded: your progress on this device is restored."
          : lookup.kind === "found" && lookup.attached
            ? "Your draft is now saved to your account."
            : copySource
              ? `Copying “${copySource.title}”. Saving the first step creates the new draft.`
              : null,
      values,
      plans,
      pricing,
      problems: reviewProblems({
        title: values.title,
        planId: values.planId,
        finalDesignUrl: values.finalDesignUrl,
        startDate: values.startDate,
      }),
      today: new Date().toISOString(),
    },
    { headers },
  );
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

/** A design the user may reuse: one of their uploads, or one of their AI designs. */
async function ownDesignUrl(user: CurrentUser | null, designId: string | null, designUrl: string | null): Promise<string | null> {
  if (!user) return null;
  if (designId) {
    const design = await prisma.aiDesign.findFirst({ where: { id: designId, userId: user.id } });
    if (design) return design.printUrl ?? design.imageUrl;
  }
  if (designUrl && (await mayStoreImageUrl(user.id, designUrl, { kept: [], kinds: DESIGN_IMAGE_KINDS }))) return designUrl;
  return null;
}

/**
 * What each step's form can ask for (its buttons' `intent`). Steps 1 to 4 save and continue when no
 * intent is sent; step 5 has no such default, so only its Launch button launches. Anything else,
 * and a step outside 1 to 5, is refused (400) rather than taken for some other action.
 */
const STEP_INTENTS: Record<number, { intents: readonly string[]; byDefault: string | null }> = {
  1: { intents: ["next"], byDefault: "next" },
  2: { intents: ["next"], byDefault: "next" },
  3: { intents: ["next", "confirm-design", "generate"], byDefault: "next" },
  4: { intents: ["next"], byDefault: "next" },
  5: { intents: ["apply-coupon", "launch"], byDefault: null },
};

type PostedAction = { ok: true; step: number; intent: string } | { ok: false; refusal: ToastMessage };

function postedAction(formData: FormData): PostedAction {
  const rawStep = formData.get("step");
  const step = typeof rawStep === "string" && /^[1-5]$/.test(rawStep.trim()) ? Number(rawStep.trim()) : null;
  const allowed = step === null ? undefined : STEP_INTENTS[step];
  if (step === null || !allowed) return { ok: false, refusal: WIZARD_ACTION_REFUSALS.step };
  const rawIntent = formData.get("intent");
  const intent = rawIntent === null ? allowed.byDefault : typeof rawIntent === "string" ? rawIntent : null;
  if (intent === null || !allowed.intents.includes(intent)) return { ok: false, refusal: WIZARD_ACTION_REFUSALS.intent };
  return { ok: true, step, intent };
}

type Reply = ReturnType<typeof failed>;
function failed(result: unknown, toast: ToastInput | null = { type: "error", ...VALIDATION_TOAST }, status = 400) {
  return data(
    { result, toast: toast ? actionToast(toast) : null, problems: null as { step: number; message: string }[] | null },
    { status },
  );
}

async function go(url: string, cookies: string[], toast?: ToastInput | null) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return toast ? redirectWithToast(url, toast, { headers }) : redirect(url, { headers });
}

/** Stores an uploaded image for a signed-in user; visitors' files only earn the "Preview after login" note. */
async function takeUpload(formData: FormData, field: string, kind: UploadKind, user: CurrentUser | null) {
  const file = formFile(formData, field);
  if (file === undefined) return { kind: "none" as const };
  if (!user) return { kind: "visitor" as const, name: file?.name ?? "your file" };
  const stored = await storeImageUpload(file, kind, user.id);
  return stored.ok
    ? { kind: "stored" as const, url: stored.url }
    : { kind: "refused" as const, title: stored.title, message: stored.message };
}

function previewAfterLogin(names: string[]): ToastInput | null {
  if (!names.length) return null;
  return {
    type: "info",
    title: "Preview after login",
    description: `Sign in to upload ${names.join(", ")}. Everything else on this step is saved.`,
  };
}

/**
 * Every wizard write refuses a campaign that has launched: up front when it already had, and in the
 * write itself (WizardWriteRefused) when a launch or payment lands while the step is being saved.
 * Either way nothing is changed and the creator is told why (409).
 */
export async function action(args: Route.ActionArgs) {
  try {
    return await wizardAction(args);
  } catch (error) {
    if (!(error instanceof WizardWriteRefused)) throw error;
    if (error.reason === "changed") return failed(null, CHANGED, 409);
    return error.reason === "launched" ? failed(null, LAUNCHED, 409) : redirectWithToast("/my-campaigns", NOT_FOUND);
  }
}

async function wizardAction({ request }: Route.ActionArgs) {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) {
    return failed(null, { type: "error", title: "File too large", description: "Please upload an image smaller than 10MB." }, 413);
  }
  const url = new URL(request.url);
  const user = await getCurrentUser(request);
  const lookup = await findWizardDraft(request, user, url.searchParams.get("campaignId"));
  if (lookup.kind === "not-found") return redirectWithToast("/my-campaigns", NOT_FOUND);
  if (lookup.kind === "launched") return failed(null, LAUNCHED, 409);
  const cookies: string[] = lookup.kind === "found" && lookup.attached ? [await draftCookieFor({ id: lookup.campaign.id })] : [];

  const formData = await readForm(request);
  const posted = postedAction(formData);
  if (!posted.ok) return failed(null, { type: "error", ...posted.refusal }, 400);
  const { step, intent } = posted;
  const duplicateId = url.searchParams.has("campaignId") ? null : String(formData.get("duplicateId") ?? "") || null;
  let campaign: Campaign | null = lookup.kind === "found" && !duplicateId ? lookup.campaign : null;
  const copyFrom = await findCopySource(user, duplicateId);

  const save = async (values: Partial<Campaign>, prizes?: PrizeInput[], unchanged?: Prisma.CampaignWhereInput) => {
    const persisted = await persistStep(campaign, user, values, copyFrom, prizes, unchanged);
    campaign = persisted.campaign;
    cookies.push(...persisted.cookies);
    return persisted.campaign;
  };
  const next = (saved: Campaign, to: number, toast?: ToastInput | null, extra?: Record<string, string>) =>
    go(stepUrl(to, user ? saved.id : null, extra), cookies, toast);

  if (step === 1) {
    const submission = parseWithZod(formData, { schema: CampaignInfoSchema });
    if (submission.status !== "success") return failed(submission.reply());
    const value = submission.value;
    const pending: string[] = [];
    const logo = await takeUpload(formData, "logoFile", "logo", user);
    if (logo.kind === "refused")
      return failed(submission.reply({ fieldErrors: { logoFile: [logo.message] } }), {
        type: "error",
        title: logo.title,
        description: logo.message,
      });
    if (logo.kind === "visitor") pending.push(logo.name);
    const productImage = value.isPromotingProduct
      ? await takeUpload(formData, "productImageFile", "product_image", user)
      : ({ kind: "none" } as const);
    if (productImage.kind === "refused") {
      return failed(submission.reply({ fieldErrors: { productImageFile: [productImage.message] } }), {
        type: "error",
        title: productImage.title,
        description: productImage.message,
      });
    }
    if (productImage.kind === "visitor") pending.push(productImage.name);
    // Sizes chosen for another product that this one is not made in (a t-shirt's XS, now a hoodie) go;
    // a mug keeps none, and a garment left with none gets the default sizes.
    const sizesBefore = (campaign ?? copyFrom)?.selectedSizes ?? DEFAULT_SHIRT_SIZES.join(",");
    const selectedSizes = sizesAfterProductChange(value.productType, sizesBefore);
    const saved = await save({
      ...value,
      ...(selectedSizes !== null ? { selectedSizes } : {}),
      ...(logo.kind === "stored" ? { logoUrl: logo.url } : formData.get("removeLogo") === "on" ? { logoUrl: null } : {}),
      // "No" removes the bonus image along with its text (SPEC 4).
      ...(!value.isPromotingProduct
        ? { productImageUrl: null }
        : productImage.kind === "stored"
          ? { productImageUrl: productImage.url }
          : formData.get("removeProductImage") === "on"
            ? { productImageUrl: null }
            : {}),
    });
    return next(saved, 2, previewAfterLogin(pending));
  }

  if (step === 2) {
    const submission = parseWithZod(formData, { schema: PlanSelectionSchema });
    if (submission.status !== "success") return failed(submission.reply());
    const plan = await prisma.plan.findFirst({ where: { id: submission.value.planId, active: true } });
    if (!plan) return failed(submission.reply({ fieldErrors: { planId: ["Please select a plan."] } }));
    const coupon = campaign?.couponCode ? await prisma.coupon.findUnique({ where: { code: campaign.couponCode } }) : null;
    // Another plan brings its credits less the generations already had (planCreditsLeft), never a
    // fresh allowance; the write holds only if no generation landed since the count was read.
    const used = campaign?.aiGenerationsUsed ?? 0;
    const planChanged = campaign?.planId !== plan.id;
    const saved = await save(
      {
        planId: plan.id,
        ...(planChanged ? { remainingGenerations: planCreditsLeft(plan.aiCredits, used) } : {}),
        ...applyCoupon(plan.priceCents, coupon, new Date()),
      },
      undefined,
      planChanged ? { aiGenerationsUsed: used } : undefined,
    );
    return next(saved, 3);
  }

  if (step === 3 && intent === "generate") {
    const aiStep = (saved: Campaign | null) => stepUrl(3, saved?.id ?? null, { mode: "ai" });
    if (!user) {
      return go(signInUrl(aiStep(null)), cookies, {
        type: "info",
        title: "Authentication Required",
        description: "Please sign in to generate designs.",
      });
    }
    const prompts = [1, 2, 3].map((n) =>
      String(formData.get(`aiPrompt${n}`) ?? "")
        .trim()
        .slice(0, 1000),
    );
    const saved = await save({
      designMode: "ai",
      aiPrompt1: prompts[0],
      aiPrompt2: prompts[1],
      aiPrompt3: prompts[2],
      designPrompt: prompts.find(Boolean) ?? "",
    });
    const problem = aiGenerationProblem(prompts, await availableCredits(user.id, saved.id));
    if (problem) return go(aiStep(saved), cookies, { type: "error", ...problem });
    const jobs = prompts.flatMap((prompt, index) => (prompt ? [{ prompt, style: AI_STYLES[index] ?? AI_STYLES[0] }] : []));
    const spend = await spendCredits(user.id, saved.id, jobs.length);
    if (!spend) {
      const now = aiGenerationProblem(prompts, await availableCredits(user.id, saved.id));
      return go(aiStep(saved), cookies, {
        type: "error",
        ...(now ?? { title: "Insufficient Credits", description: "Login or upgrade plan." }),
      });
    }
    let failures = 0;
    let lastError: unknown = null;
    for (const job of jobs) {
      try {
        await generateDesign({ ...job, userId: user.id, campaignId: saved.id });
      } catch (error) {
        failures += 1;
        lastError = error;
        console.error("ai: generation failed", error);
      }
    }
    if (failures) await refundCredits(spend, failures);
    if (failures === jobs.length) {
      const description = lastError instanceof Error && lastError.message ? lastError.message : "Could not generate designs.";
      return go(aiStep(saved), cookies, { type: "error", title: "AI Generation Failed", description });
    }
    return go(stepUrl(3, saved.id, { mode: "ai", generated: "1" }), cookies, {
      type: "success",
      title: "Designs Ready",
      description: "Pick a design, then press “This Is My Shirt”.",
    });
  }

  if (step === 3) {
    const design = await takeUpload(formData, "designFile", "custom_design", user);
    // The sizes are checked against the product saved in step 1.
    const schema = shirtDesignSchema({ productType: (campaign ?? copyFrom)?.productType ?? "t-shirt" });
    const submission = parseWithZod(withDesignFileFlag(formData, design.kind !== "none"), { schema });
    if (submission.status !== "success") return failed(submission.reply());
    if (design.kind === "refused") {
      return failed(submission.reply({ fieldErrors: { designFile: [design.message] } }), {
        type: "error",
        title: design.title,
        description: design.message,
      });
    }
    const { designMode, designPrompt, selectedColors, selectedSizes } = submission.value;
    // A design URL from the form must be the campaign's current one or the user's own design.
    const formDesignUrl = submission.value.finalDesignUrl;
    const currentDesign = { kept: [(campaign ?? copyFrom)?.finalDesignUrl], kinds: DESIGN_IMAGE_KINDS };
    if (design.kind !== "stored" && formDesignUrl && !(await mayStoreImageUrl(user?.id ?? null, formDesignUrl, currentDesign))) {
      return failed(submission.reply({ fieldErrors: { finalDesignUrl: [CAMPAIGN_MESSAGES.designNotYours] } }), {
        type: "error",
        title: "Upload Failed",
        description: CAMPAIGN_MESSAGES.designNotYours,
      });
    }
    const finalDesignUrl = design.kind === "stored" ? design.url : formDesignUrl || null;
    const chosenAi =
      finalDesignUrl && user
        ? await prisma.aiDesign.findFirst({ where: { userId: user.id, printUrl: finalDesignUrl }, select: { id: true } })
        : null;
    if (intent === "confirm-design" && !finalDesignUrl && design.kind !== "visitor") {
      return failed(submission.reply(), {
        type: "error",
        title: "No Design Locked In",
        description: "Please upload or select an AI design first.",
      });
    }
    const saved = await save({
      designMode,
      designPrompt,
      finalDesignUrl,
      selectedAiDesignId: chosenAi?.id ?? null,
      ...(design.kind === "stored" ? { customDesignUrl: design.url } : {}),
      selectedColors: selectedColors.join(","),
      selectedSizes: selectedSizes.join(","),
    });
    const pending = previewAfterLogin(design.kind === "visitor" ? [design.name] : []);
    if (intent === "confirm-design") {
      return next(
        saved,
        3,
        pending ?? {
          type: "success",
          title: "Design Locked In",
          description: "This is your shirt. Choose colours and sizes, then continue.",
        },
        {
          mode: designMode,
        },
      );
    }
    return next(saved, 4, pending);
  }

  if (step === 4) {
    const submission = parseWithZod(formData, { schema: entryRulesSchema({ today: new Date() }) });
    // Add/remove prize buttons are Conform intents: the page comes back with the list changed.
    if (submission.status !== "success")
      return failed(submission.reply(), submission.status === "error" ? undefined : null, submission.status === "error" ? 400 : 200);
    const value = submission.value;
    const start = parseDateInput(value.startDate);
    if (!start) return failed(submission.reply({ fieldErrors: { startDate: ["Start date is required."] } }));
    // A prize image kept from the form must be one of the campaign's own or the user's upload;
    // checked before any file is stored, so a refusal leaves nothing behind.
    const currentPrizes = campaign
      ? await prisma.additionalPrize.findMany({ where: { campaignId: campaign.id }, select: { imageUrl: true } })
      : (copyFrom?.additionalPrizes ?? []);
    const prizeImages = { kept: currentPrizes.map((p) => p.imageUrl), kinds: PRIZE_IMAGE_KINDS };
    const keptImages: string[] = [];
    const fieldErrors: Record<string, string[]> = {};
    const refusedRanks: number[] = [];
    for (const [index, prize] of value.additionalPrizes.entries()) {
      const name = `additionalPrizes[${index}].imageUrl`;
      const kept = formData.get(name) ?? "";
      const url = typeof kept === "string" ? kept.trim() : null;
      if (url === null || (url && !(await mayStoreImageUrl(user?.id ?? null, url, prizeImages)))) {
        fieldErrors[name] = [CAMPAIGN_MESSAGES.imageNotYours];
        refusedRanks.push(prize.rank);
      }
      keptImages.push(url ?? "");
    }
    if (refusedRanks.length) {
      const description = refusedRanks.map((rank) => `Prize ${rank} image: ${CAMPAIGN_MESSAGES.imageNotYours}`).join(" ");
      return failed(submission.reply({ fieldErrors }), { type: "error", title: "Upload Failed", description });
    }
    const warnings: string[] = [];
    const gift = value.giveBonusGiftToWinner
      ? await takeUpload(formData, "winnerBonusGiftImageFile", "gift_image", user)
      : ({ kind: "none" } as const);
    if (gift.kind === "refused") warnings.push(`Bonus gift image: ${gift.message}`);
    const prizes: PrizeInput[] = [];
    for (const [index, prize] of value.additionalPrizes.entries()) {
      const image = await takeUpload(formData, `additionalPrizes[${index}].imageFile`, "prize_image", user);
      if (image.kind === "refused") warnings.push(`Prize ${prize.rank} image: ${image.message}`);
      const imageUrl = image.kind === "stored" ? image.url : keptImages[index] || null;
      prizes.push({ rank: prize.rank, title: prize.title, code: prize.code || null, imageUrl });
    }
    const { additionalPrizes: _prizes, startDate: _start, ...rest } = value;
    // The prizes are replaced in the same transaction as the step's conditional write.
    const saved = await save(
      {
        ...rest,
        startDate: start,
        endDate: endDateFor(start, value.durationDays),
        winnerBonusGiftImageUrl: !value.giveBonusGiftToWinner
          ? null
          : gift.kind === "stored"
            ? gift.url
            : (campaign?.winnerBonusGiftImageUrl ?? null),
      },
      prizes,
    );
    // Gift and prize image problems only warn (SPEC error catalogue); the step is saved.
    const warning: ToastInput | null = warnings.length ? { type: "error", title: "Upload Failed", description: warnings.join(" ") } : null;
    return next(saved, 5, warning);
  }

  // Step 5: coupon or launch (postedAction admits nothing else).
  if (intent === "apply-coupon") {
    const submission = parseWithZod(formData, { schema: CouponFormSchema });
    if (submission.status !== "success" || !campaign) {
      return failed(submission.reply(), { type: "error", title: INVALID_COUPON_TITLE, description: INVALID_COUPON_DESCRIPTION });
    }
    const plan = campaign.planId ? await prisma.plan.findUnique({ where: { id: campaign.planId } }) : null;
    const code = submission.value.couponCode;
    const coupon = code ? await prisma.coupon.findUnique({ where: { code } }) : null;
    const problem = code ? couponProblem(coupon, new Date()) : null;
    if (problem) {
      return failed(submission.reply({ fieldErrors: { couponCode: [`${problem.title}: ${problem.description}`] } }), {
        type: "error",
        title: problem.title,
        description: problem.description,
      });
    }
    const price = applyCoupon(plan?.priceCents ?? 0, coupon, new Date());
    const saved = await save({ couponCode: code || null, ...price });
    return next(
      saved,
      5,
      code
        ? { type: "success", title: "Coupon Applied", description: `${code} takes ${formatPrice(price.discountCents)} off.` }
        : { type: "info", title: "Coupon Removed" },
    );
  }

  if (intent !== "launch") return failed(null, { type: "error", ...WIZARD_ACTION_REFUSALS.intent }, 400);
  if (!user) {
    return go(signInUrl(stepUrl(5, null), "launch"), cookies, {
      type: "error",
      title: "Authentication Required",
      description: "Please sign in to launch your campaign.",
    });
  }
  if (!campaign)
    return data(
      { result: null, toast: actionToast({ type: "error", ...VALIDATION_TOAST }), problems: reviewProblems({}) },
      { status: 400 },
    );
  const launch = await launchCampaign(campaign);
  if (launch.kind === "problems") {
    return data({ result: null, toast: actionToast({ type: "error", ...VALIDATION_TOAST }), problems: launch.problems }, { status: 400 });
  }
  cookies.push(await clearDraftCookie());
  if (launch.kind === "free") return go(`/campaign-success/${launch.campaignId}?free_campaign=true`, cookies);
  try {
    // Imported lazily so that the wizard's only tie to payments is this launch step.
    const { startCheckout } = await import("~/server/payments.server");
    const checkout = await startCheckout({ campaignId: launch.campaignId, customerEmail: user.email });
    // Stripe's page is on another origin; React Router's <Form> follows such a redirect with a full page load.
    return go(checkout.url, cookies);
  } catch (error) {
    return go(stepUrl(5, launch.campaignId), cookies, {
      type: "error",
      title: "Submission Failed",
      description: error instanceof Error ? error.message : "Could not process your request. Please try again.",
    });
  }
}

export type WizardActionData = Reply extends { data: infer D } ? D : never;

export default function CreateCampaignV2({ loaderData, actionData }: Route.ComponentProps) {
  const { step, campaignId } = loaderData;
  const hrefFor = (n: number) => stepUrl(n, campaignId);
  const backHref = step > 1 ? hrefFor(step - 1) : null;
  const common = { values: loaderData.values, lastResult: actionData?.result as never, duplicateId: loaderData.duplicateId, backHref };
  return (
    <WizardShell
      steps={WIZARD_STEPS}
      current={step}
      stepHref={hrefFor}
      signedIn={loaderData.signedIn}
      signInHref={signInUrl(hrefFor(step))}
      notice={loaderData.notice}
    >
      <ActionToast toast={actionData?.toast} />
      {step === 1 ? <CampaignInfoStep {...common} signedIn={loaderData.signedIn} /> : null}
      {step === 2 ? <PlanStep {...common} plans={loaderData.plans} /> : null}
      {step === 3 ? (
        <ShirtDesignStep
          {...common}
          signedIn={loaderData.signedIn}
          credits={loaderData.credits}
          aiDesigns={loaderData.aiDesigns}
          savedDesigns={loaderData.savedDesigns}
          reuseHref={(designUrl) => stepUrl(3, campaignId, { mode: "upload", designUrl })}
          justGenerated={loaderData.justGenerated}
          generateAction={stepUrl(3, campaignId, { mode: "ai" })}
          modeHref={(mode) => stepUrl(3, campaignId, { mode })}
          signInHref={signInUrl(hrefFor(3))}
        />
      ) : null}
      {step === 4 ? <EntryRulesStep {...common} today={loaderData.today} signedIn={loaderData.signedIn} /> : null}
      {step === 5 ? (
        <ReviewStep
          {...common}
          plans={loaderData.plans}
          pricing={loaderData.pricing}
          problems={actionData?.problems ?? loaderData.problems}
          signedIn={loaderData.signedIn}
          status={loaderData.status}
          stepHref={hrefFor}
        />
      ) : null}
    </WizardShell>
  );
}
