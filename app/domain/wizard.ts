import type { PageLayout } from "./page-layout";

/**
 * What the campaign wizard's pages show, as plain data: the server (server/wizard/) fills these in,
 * the step components (components/wizard/) render them.
 */

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
  /** The campaign page's cover image (decision 043). */
  coverImageUrl: string | null;
  /** "" or "#rrggbb". */
  accentColor: string;
  /** The campaign page's arrangement (decision 106). */
  pageLayout: PageLayout;
  hideGiveawearBranding: "on" | "";
  /** "" or the address winners' replies go to (decision 048). */
  supportEmail: string;
  productImageUrl: string | null;
  planId: string;
  designMode: "upload" | "ai";
  designPrompt: string;
  finalDesignUrl: string;
  selectedColors: string[];
  selectedSizes: string[];
  startDate: string;
  durationDays: string;
  /** The campaign's last day ("yyyy-mm-dd" in its time zone); it ends at 23:59 that day (decision 095). */
  endDate: string;
  /** The IANA time zone the dates are in (decision 095). */
  timeZone: string;
  /** The entrants' language and the other languages allowed (decision 097). */
  language: string;
  otherLanguages: string[];
  termsAccepted: "on" | "";
  limitOneEntryPerPerson: "on" | "";
  /** The most friends per entrant whose referrals earn bonus entries, "" for no limit (decision 104). */
  referralCap: string;
  giveCouponToEntrants: "on" | "";
  entrantCouponCode: string;
  entrantCouponDescription: string;
  giveBonusGiftToWinner: "on" | "";
  winnerBonusGiftName: string;
  winnerBonusGiftCode: string;
  winnerBonusGiftInstructions: string;
  winnerBonusGiftImageUrl: string | null;
  sendReminder: "on" | "";
  /** Decision 050: "everywhere" the print partner ships, or only the ticked countries. */
  shipScope: "everywhere" | "chosen";
  shipCountries: string[];
  additionalPrizes: { title: string; code: string; imageUrl: string; kind: "gift" | "merch"; needsAddress: "on" | ""; value: string }[];
  /** Decision 053: what the official rules state (values in whole dollars as typed). */
  sponsorLegalName: string;
  sponsorAddress: string;
  minimumAge: string;
  prizeValue: string;
  /** "US-NY,US-FL" when the creator excluded them at launch (decision 053). */
  excludedRegions: string;
  couponCode: string;
  aiPrompts: [string, string, string];
}

/** One of the campaign's AI designs, as step 3 offers it. */
export interface WizardAiDesign {
  id: string;
  previewUrl: string;
  designUrl: string;
  prompt: string;
  style: string;
}

/** A design the user made before (SPEC "Saved design"), offered for reuse. */
export interface SavedDesign {
  id: string;
  /** "Win the Kestrel Winter… · AI design 2" (savedDesignNames): distinct among a creator's designs. */
  name: string;
  /** Its two parts, shown on two lines: the title cut on a word boundary, and the kind and number. */
  title: string;
  label: string;
  previewUrl: string;
  designUrl: string;
  source: "AI" | "Uploaded";
  usedInCampaigns: number;
  createdAt: string;
}

/**
 * What each step's form can ask for (its buttons' `intent`). Steps 1 to 4 save and continue
 * ("next") when no intent is sent; step 5 has no such default, so only its Launch button launches.
 */
export const WIZARD_STEP_INTENTS = {
  1: ["next"],
  2: ["next"],
  3: ["next", "confirm-design", "generate"],
  4: ["next", "add-action", "remove-action"],
  5: ["apply-coupon", "launch"],
} as const;

type StepIntents = typeof WIZARD_STEP_INTENTS;
export type WizardStepNumber = keyof StepIntents;
export type WizardIntent<S extends WizardStepNumber> = StepIntents[S][number];

export type PostedWizardAction =
  { ok: true; step: WizardStepNumber; intent: WizardIntent<WizardStepNumber> } | { ok: false; refusal: "step" | "intent" };

/**
 * The step and intent a wizard form names. Anything else, and a step outside 1 to 5, is refused
 * (WIZARD_ACTION_REFUSALS says why) rather than taken for some other action.
 */
export function postedWizardAction(formData: FormData): PostedWizardAction {
  const rawStep = formData.get("step");
  const step = typeof rawStep === "string" && /^[1-5]$/.test(rawStep.trim()) ? (Number(rawStep.trim()) as WizardStepNumber) : null;
  if (step === null) return { ok: false, refusal: "step" };
  const intents: readonly string[] = WIZARD_STEP_INTENTS[step];
  const byDefault = intents.includes("next") ? "next" : null;
  const rawIntent = formData.get("intent");
  const intent = rawIntent === null ? byDefault : typeof rawIntent === "string" ? rawIntent : null;
  if (intent === null || !intents.includes(intent)) return { ok: false, refusal: "intent" };
  return { ok: true, step, intent: intent as WizardIntent<WizardStepNumber> };
}
