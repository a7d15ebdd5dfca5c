import { z } from "zod";
import { ENTRANT_LANGUAGES } from "./entrant-language";
import { MAX_REFERRAL_CAP } from "./entries";
import { isStartDateAllowed, isStartDateWithinAYear, parseDateInput } from "./campaign-dates";
import { accentProblem } from "./brand-colors";
import { pageLayoutField } from "./page-layout";
import { catalogueSizes, catalogueStyles } from "./printify";
import { shipCountriesFields, shipCountriesIssue } from "./ship-countries";

/**
 * The wizard's step schemas. Conform's parseWithZod runs them on the client and again on the
 * server, over form data: empty fields arrive as missing, checkboxes as "on" or missing, repeated
 * fields as arrays. Each schema's output is what the step saves on the Campaign row, so fields
 * switched off are cleared to "" rather than kept as hidden leftovers.
 *
 * Fields that only matter behind a toggle are checked in the object's refinement, not on the field:
 * a hidden bonus field with stale text must not block a step whose toggle is off. Those refinements
 * run even when other fields already failed (`when`), so a step shows all of its errors at once.
 *
 * The root of each schema stays a plain object (refinements and `.overwrite`, never `.transform`):
 * Conform's getZodConstraint throws on a root-level transform.
 */

// ---------------------------------------------------------------------------------------------
// Constants

export const WIZARD_STEPS = [
  { id: "campaignInfo", number: 1, title: "Campaign Info", heading: "Step 1: Campaign Info & Branding" },
  { id: "planSelection", number: 2, title: "Select Plan", heading: "Step 2: Select Plan" },
  { id: "shirtDesign", number: 3, title: "T-Shirt Design", heading: "Step 3: T-Shirt Design" },
  { id: "entryRules", number: 4, title: "Entry Rules & Rewards", heading: "Step 4: Entry Rules & Rewards" },
  { id: "reviewLaunch", number: 5, title: "Review & Launch", heading: "Step 5: Review & Launch" },
] as const;

export type WizardStep = (typeof WIZARD_STEPS)[number];
export type WizardStepId = WizardStep["id"];

export const VALIDATION_TOAST = {
  title: "Validation Error",
  description: "Please correct the errors on this step before proceeding.",
} as const;

/** The wizard's answer to a form naming no step of 1 to 5, or an action its step does not have. */
export const WIZARD_ACTION_REFUSALS = {
  step: { title: "Unknown Step", description: "The wizard has steps 1 to 5. Please use the buttons on the page." },
  intent: { title: "Unknown Action", description: "This step has no such action. Please use the buttons on the page." },
} as const;

/** The colours a campaign's product (t-shirt, hoodie or mug) is shown and made in. */
export const PRODUCT_COLORS = [
  { key: "white", name: "White", hex: "#FFFFFF" },
  { key: "black", name: "Black", hex: "#000000" },
  { key: "heather_gray", name: "Heather Gray", hex: "#A0A0A0" },
] as const;

export type ProductColorKey = (typeof PRODUCT_COLORS)[number]["key"];
const PRODUCT_COLOR_KEYS = PRODUCT_COLORS.map((c) => c.key) as [ProductColorKey, ...ProductColorKey[]];

/**
 * The colours a product is made in, in PRODUCT_COLORS order: garments in all three, a mug in White
 * only (the print partner's ceramic mug has no coloured body). What the wizard offers, what it
 * accepts, and what the campaign page, the rules and the claim form list.
 */
export function productColors(productType: string): (typeof PRODUCT_COLORS)[number][] {
  return productType === "mug" ? PRODUCT_COLORS.filter((c) => c.key === "white") : [...PRODUCT_COLORS];
}

/**
 * Of the chosen colours (keys, or Campaign.selectedColors' comma-separated column), those the product
 * is made in, in the creator's order; when none is left (a t-shirt's Black, now a mug), the first
 * colour the product is made in.
 */
export function madeProductColors(productType: string, selected: string | readonly string[]): ProductColorKey[] {
  const chosen = typeof selected === "string" ? selected.split(",").map((v) => v.trim()) : selected;
  const made = productColors(productType).map((c) => c.key);
  const kept = [...new Set(chosen)].filter((key): key is ProductColorKey => made.some((m) => m === key));
  return kept.length ? kept : made.slice(0, 1);
}

/** The names of the made colours ("White", "Black"), for pages that list them. */
export function madeColorNames(productType: string, selected: string | readonly string[]): string[] {
  return madeProductColors(productType, selected).map((key) => PRODUCT_COLORS.find((c) => c.key === key)?.name ?? key);
}

/** "Mugs come in White only.": a colour the product is not made in. */
export function colorNotMadeMessage(productType: string): string {
  const made = productColors(productType).map((c) => c.name);
  return `${productLabel(productType)}s come in ${made.length === 1 ? `${made[0]} only` : made.join(", ")}.`;
}

/** "T-Shirt", "Hoodie", "Mug": the product's name in headings and labels. */
export function productLabel(productType: string): string {
  return PRODUCT_TYPES.find((p) => p.key === productType)?.label ?? "T-Shirt";
}

/**
 * The product as the wizard's sentences call it: "shirt" (the spec's own wording for a t-shirt),
 * "hoodie", "mug".
 */
export function productNoun(productType: string): string {
  return productType === "mug" ? "mug" : productType === "hoodie" ? "hoodie" : "shirt";
}

/** Step 3's confirm button, named for the product: "This Is My Shirt" (the spec's), "This Is My Mug". */
export function confirmDesignLabel(productType: string): string {
  const noun = productNoun(productType);
  return `This Is My ${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
}

/** The wizard's steps for a product: step 3 is named for it ("Mug Design"). */
export function wizardSteps(productType: string): readonly WizardStep[] {
  const label = productLabel(productType);
  return WIZARD_STEPS.map((step) =>
    step.number === 3 ? ({ ...step, title: `${label} Design`, heading: `Step 3: ${label} Design` } as unknown as WizardStep) : step,
  );
}

/** The sizes garments (t-shirt, hoodie) come in; productSizes says which a product is made in, a mug none. */
export const GARMENT_SIZES = ["XS", "S", "M", "L", "XL", "2XL", "3XL"] as const;
export type GarmentSize = (typeof GARMENT_SIZES)[number];

/** Spec defaults for a new campaign (Campaign.selectedColors / selectedSizes). */
export const DEFAULT_PRODUCT_COLORS: readonly ProductColorKey[] = ["white"];
export const DEFAULT_GARMENT_SIZES: readonly GarmentSize[] = ["M", "L", "XL"];

export const DURATIONS = [7, 14, 21, 30] as const;
export type DurationDays = (typeof DURATIONS)[number];
export const DEFAULT_DURATION_DAYS: DurationDays = 7;

export const PRODUCT_TYPES = [
  { key: "t-shirt", label: "T-Shirt" },
  { key: "hoodie", label: "Hoodie" },
  { key: "mug", label: "Mug" },
] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number]["key"];
const PRODUCT_TYPE_KEYS = PRODUCT_TYPES.map((p) => p.key) as [ProductType, ...ProductType[]];

/** Whether a product comes in sizes: garments do; a mug does not (no Sizes field, none stored, none asked of its winner). */
export function productHasSizes(productType: string): boolean {
  return productType !== "mug";
}

/**
 * The sizes the wizard offers for a product type, in GARMENT_SIZES order: those at least one style of
 * the product is made in (domain/printify: PRODUCT_STYLES and PRINTIFY_PRODUCTS decide), so a hoodie
 * has no XS. None for a mug, which is not made in sizes.
 */
export function productSizes(productType: string): GarmentSize[] {
  if (!productHasSizes(productType)) return [];
  const styles = catalogueStyles(productType);
  if (!styles.length) return [...GARMENT_SIZES];
  return GARMENT_SIZES.filter((size) =>
    styles.some((style) => PRODUCT_COLOR_KEYS.some((color) => catalogueSizes(productType, style, color).includes(size))),
  );
}

export const DESIGN_MODES = ["upload", "ai"] as const;
export type DesignMode = (typeof DESIGN_MODES)[number];

export const MAX_ADDITIONAL_PRIZES = 2;

/** Form name of the server-set flag saying a design file came with the request. */
export const DESIGN_FILE_PROVIDED_FIELD = "designFileProvided";

// ---------------------------------------------------------------------------------------------
// Messages. The ones from SPEC section 5 are verbatim; limits the spec gives no text for follow
// the same wording.

export const CAMPAIGN_MESSAGES = {
  titleRequired: "Giveaway title is required.",
  titleMin: "Giveaway title must be at least 5 characters.",
  titleMax: "Giveaway title must be at most 100 characters.",
  descriptionRequired: "Giveaway description is required.",
  descriptionMin: "Giveaway description must be at least 10 characters.",
  descriptionMax: "Giveaway description must be at most 500 characters.",
  brandNameRequired: "Brand name is required.",
  brandNameMax: "Brand name must be at most 50 characters.",
  brandUrlInvalid: "Enter a valid URL (e.g., https://example.com).",
  supportEmailInvalid: "Enter a valid support email (e.g., help@example.com).",
  instagramInvalid: "Invalid Instagram handle.",
  xInvalid: "Invalid X (Twitter) handle.",
  tiktokInvalid: "Invalid TikTok handle.",
  productTypeInvalid: "Please choose a product type.",
  promotingInvalid: "Please choose Yes or No.",
  productTitleRequired: "Bonus item title is required if enabled.",
  productTitleMax: "Bonus item title must be at most 100 characters.",
  productValueMax: "Approximate value must be at most 30 characters.",
  productDescriptionMax: "Bonus item description must be at most 300 characters.",

  planRequired: "Please select a plan.",

  designRequired: "A shirt design must be selected or created.",
  designPromptRequired: "AI prompt is required if no design is selected.",
  designPromptMax: "AI prompt must be at most 1000 characters.",
  designFileRequired: "Please upload a design if no design is selected.",
  designModeInvalid: "Please choose Upload Your Own or Use AI Designer.",
  colorsRequired: "At least one shirt color must be selected.",
  colorInvalid: "Please choose one of the listed shirt colors.",
  sizesRequired: "At least one shirt size must be selected.",
  sizeInvalid: "Please choose one of the listed shirt sizes.",

  startDateRequired: "Start date is required.",
  startDateInvalid: "Enter a valid start date (yyyy-mm-dd).",
  startDateTooEarly: "Start date cannot be before yesterday.",
  startDateTooLate: "Start date cannot be more than a year from today.",
  durationPositive: "Duration must be positive.",
  durationChoice: "Choose a duration of 7, 14, 21 or 30 days.",
  termsRequired: "You must accept the terms and conditions for the giveaway.",
  entrantCouponCodeRequired: "Coupon code is required if enabled.",
  entrantCouponCodeMax: "Coupon code must be at most 50 characters.",
  entrantCouponDescriptionRequired: "Coupon description is required.",
  entrantCouponDescriptionMax: "Coupon description must be at most 200 characters.",
  winnerBonusGiftNameRequired: "Bonus gift name is required if enabled.",
  winnerBonusGiftNameMax: "Bonus gift name must be at most 100 characters.",
  winnerBonusGiftCodeMax: "Bonus gift code must be at most 100 characters.",
  winnerBonusGiftInstructionsMax: "Bonus gift instructions must be at most 500 characters.",
  additionalPrizesMax: "You can add up to 2 additional prizes.",
  prizeCodeMax: "Prize code must be at most 100 characters.",
  designNotYours: "This design is not one of yours. Please upload it or pick one of your designs.",
  imageNotYours: "This image is not one of your uploads. Please upload it again.",

  reviewTitleMissing: "Campaign title is missing. Please go back to Step 1.",
  reviewPlanMissing: "No plan selected. Please go back to Step 2.",
  reviewDesignMissing: "No T-shirt design confirmed. Please go back to Step 3.",
  reviewStartDateMissing: "Start date is missing. Please go back to Step 4.",

  // Official rules (decision 053).
  sponsorLegalNameMax: "Sponsor's legal name must be at most 100 characters.",
  sponsorAddressMax: "Sponsor's postal address must be at most 300 characters.",
  minimumAgeRange: "Minimum age must be a whole number from 18 to 99.",
  referralCapRange: "Enter the most friends per entrant as a whole number from 1 to 1,000, or leave it empty for no limit.",
  prizeValueInvalid: "Enter the approximate retail value in whole US dollars (e.g., 25).",
  reviewSponsorNameMissing: "Sponsor's legal name is missing (the official rules name the sponsor). Please go back to Step 4.",
  reviewSponsorAddressMissing: "Sponsor's postal address is missing (the official rules state it). Please go back to Step 4.",
  reviewPrizeValueMissing: "Approximate retail value of the grand prize is missing. Please go back to Step 4.",
} as const;

const M = CAMPAIGN_MESSAGES;

export function prizeValueMissingMessage(rank: number): string {
  return `Approximate retail value of the ${rank === 2 ? "2nd" : "3rd"} place prize is missing. Please go back to Step 4.`;
}

/** Additional prizes are ranked 2nd and 3rd, after the main prize. */
export function prizeTitleRequiredMessage(rank: number): string {
  return `Prize title for tier ${rank} is required.`;
}

export function prizeTitleMaxMessage(rank: number): string {
  return `Prize title for tier ${rank} must be at most 100 characters.`;
}

/** The spec's "A shirt design must be selected or created.", for the campaign's product. */
export function designRequiredMessage(productType: string): string {
  return `A ${productNoun(productType)} design must be selected or created.`;
}

/** The spec's "At least one shirt color must be selected.", for the campaign's product. */
export function colorsRequiredMessage(productType: string): string {
  return `At least one ${productNoun(productType)} color must be selected.`;
}

/** A listed size the campaign's product is not made in ("Hoodies are not made in size XS."). */
export function sizeNotMadeMessage(productType: string, sizes: readonly string[]): string {
  const product = PRODUCT_TYPES.find((p) => p.key === productType)?.label ?? "Product";
  return `${product}s are not made in size${sizes.length > 1 ? "s" : ""} ${sizes.join(", ")}.`;
}

// ---------------------------------------------------------------------------------------------
// Field building blocks

/** The abort keeps an empty value from also reporting the minimum-length message. */
export function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true });
}

/** Missing and empty both become "", which is what the Campaign columns hold for "not set". */
function optionalText() {
  return z.string().trim().default("");
}

/**
 * A social handle: people paste it with the "@", which is not part of the handle. Length limits
 * are the networks' own (Instagram 30, X 15, TikTok 24); "" is accepted so the schema also takes
 * values that did not pass through Conform's empty-field stripping.
 */
export function handle(allowed: string, maxLength: number, invalid: string) {
  return z
    .string()
    .trim()
    .regex(new RegExp(`^(?:@?[${allowed}]{1,${maxLength}})?$`), invalid)
    .transform((value) => value.replace(/^@/, ""))
    .default("");
}

const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,}$/i;

/** http(s) only and a real host name: the URL ends up as a link on the public campaign page. */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && HOSTNAME.test(url.hostname);
}

/**
 * "acme.com" and "www.acme.com/shop" are what people type: a brand URL without a scheme gets
 * https://. Anything with a scheme is kept as typed (and isHttpUrl still refuses ftp: and the like).
 */
export function normalizeBrandUrl(value: string): string {
  const trimmed = value.trim();
  if (!trimmed || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, "")}`;
}

export function brandUrlField() {
  return z
    .string()
    .trim()
    .max(2000, M.brandUrlInvalid)
    .transform(normalizeBrandUrl)
    .refine((value) => value === "" || isHttpUrl(value), M.brandUrlInvalid)
    .default("");
}

/** "" (no accent) or "#rrggbb" that white button text can be read on (brand-colors.ts, decision 043). */
export function accentColorField() {
  return z
    .string()
    .trim()
    .default("")
    .superRefine((value, ctx) => {
      const problem = accentProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => value.toLowerCase());
}

export function supportEmailField() {
  return z
    .string()
    .trim()
    .max(254, M.supportEmailInvalid)
    .refine((value) => value === "" || z.email().safeParse(value).success, M.supportEmailInvalid)
    .transform((value) => value.toLowerCase())
    .default("");
}

/** A checkbox: "on" when ticked, missing when not. */
function checkbox() {
  return z.boolean().default(false);
}

/**
 * Runs the refinement even when other fields failed; its inputs may then be unparsed, so the
 * refinement reads them through text().
 */
const ALWAYS = { when: () => true };

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function issue(ctx: z.RefinementCtx, path: (string | number)[], message: string) {
  ctx.addIssue({ code: "custom", path, message });
}

function requireWhenOn(ctx: z.RefinementCtx, value: unknown, path: string, required: string, max: number, tooLong: string) {
  const t = text(value);
  if (!t) issue(ctx, [path], required);
  else if (t.length > max) issue(ctx, [path], tooLong);
}

function limitWhenOn(ctx: z.RefinementCtx, value: unknown, path: string, max: number, tooLong: string) {
  if (text(value).length > max) issue(ctx, [path], tooLong);
}

// ---------------------------------------------------------------------------------------------
// Step 1: Campaign Info & Branding

export const CampaignInfoSchema = z
  .object({
    title: requiredText(M.titleRequired).min(5, M.titleMin).max(100, M.titleMax),
    description: requiredText(M.descriptionRequired).min(10, M.descriptionMin).max(500, M.descriptionMax),
    brandName: requiredText(M.brandNameRequired).max(50, M.brandNameMax),
    brandUrl: brandUrlField(),
    instagramHandle: handle("A-Za-z0-9_.", 30, M.instagramInvalid),
    xHandle: handle("A-Za-z0-9_", 15, M.xInvalid),
    tiktokHandle: handle("A-Za-z0-9_.", 24, M.tiktokInvalid),
    productType: z.enum(PRODUCT_TYPE_KEYS, { error: M.productTypeInvalid }).default("t-shirt"),
    isPromotingProduct: z
      .enum(["yes", "no"], { error: M.promotingInvalid })
      .default("no")
      .transform((value) => value === "yes"),
    productTitle: optionalText(),
    productValue: optionalText(),
    productDescription: optionalText(),
    accentColor: accentColorField(),
    /** The campaign page's arrangement (decision 106). */
    pageLayout: pageLayoutField(),
    /** Honoured only on a plan with custom branding; the server stores false otherwise. */
    hideGiveawearBranding: checkbox(),
    /** Optional: where winners' replies go (the reply-to of winner emails). */
    supportEmail: supportEmailField(),
  })
  .superRefine((value, ctx) => {
    if (value.isPromotingProduct !== true) return;
    requireWhenOn(ctx, value.productTitle, "productTitle", M.productTitleRequired, 100, M.productTitleMax);
    limitWhenOn(ctx, value.productValue, "productValue", 30, M.productValueMax);
    limitWhenOn(ctx, value.productDescription, "productDescription", 300, M.productDescriptionMax);
  }, ALWAYS)
  // "No" clears the bonus item (SPEC 4, builder behaviours).
  .overwrite((value) => (value.isPromotingProduct ? value : { ...value, productTitle: "", productValue: "", productDescription: "" }));

export type CampaignInfo = z.output<typeof CampaignInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Step 2: Select Plan. Whether the id names an active plan is the server's check.

export const PlanSelectionSchema = z.object({
  planId: requiredText(M.planRequired),
});

export type PlanSelection = z.output<typeof PlanSelectionSchema>;

// ---------------------------------------------------------------------------------------------
// Step 3: T-Shirt Design

/** A real, non-empty file from a file input; browsers send an empty file when none was chosen. */
export function hasUploadedFile(value: unknown): boolean {
  return typeof Blob !== "undefined" && value instanceof Blob && value.size > 0;
}

/**
 * For a server that takes the design file out of the form data before validating (to store it):
 * a copy of the form data whose designFileProvided flag says whether a file came. A flag sent by
 * the client is dropped, so only the server can claim a file was uploaded.
 */
export function withDesignFileFlag(formData: FormData, provided: boolean): FormData {
  const copy = new FormData();
  for (const [name, value] of formData.entries()) {
    if (name !== DESIGN_FILE_PROVIDED_FIELD) copy.append(name, value);
  }
  if (provided) copy.set(DESIGN_FILE_PROVIDED_FIELD, "1");
  return copy;
}

function uniqueInOrder<T extends string>(order: readonly T[], values: readonly T[]): T[] {
  return order.filter((item) => values.includes(item));
}

/**
 * Step 3 for a campaign of `productType` (step 1 sets it): the sizes must be ones the product is made
 * in (productSizes). A mug has no sizes: none are asked for, and any sent are dropped (it saves none).
 * Build it per request, like entryRulesSchema.
 */
export function productDesignSchema({ productType }: { productType: string }) {
  const offered: readonly string[] = productSizes(productType);
  const madeColors: readonly string[] = productColors(productType).map((c) => c.key);
  const selectedSizes = offered.length
    ? z
        .array(z.enum(GARMENT_SIZES, { error: M.sizeInvalid }))
        .min(1, M.sizesRequired)
        .transform((sizes) => uniqueInOrder(GARMENT_SIZES, sizes))
    : z
        .unknown()
        .optional()
        .transform((): GarmentSize[] => []);
  return (
    z
      .object({
        designMode: z.enum(DESIGN_MODES, { error: M.designModeInvalid }).default("ai"),
        finalDesignUrl: z.string().trim().max(2000, M.designRequired).default(""),
        designPrompt: optionalText(),
        // Read only to know whether a file came; the file itself is the route's to store.
        designFile: z.unknown().optional(),
        designFileProvided: z
          .string()
          .optional()
          .transform((value) => value === "1"),
        selectedColors: z
          .array(z.enum(PRODUCT_COLOR_KEYS, { error: M.colorInvalid }))
          .min(1, colorsRequiredMessage(productType))
          .transform((colors) => uniqueInOrder(PRODUCT_COLOR_KEYS, colors)),
        selectedSizes,
      })
      .superRefine((value, ctx) => {
        // The sizes may be unparsed here (another field failed): only listed sizes are checked.
        const chosen: unknown[] = Array.isArray(value.selectedSizes) ? value.selectedSizes : [value.selectedSizes];
        const notMade = GARMENT_SIZES.filter((size) => chosen.includes(size) && !offered.includes(size));
        if (offered.length && notMade.length) issue(ctx, ["selectedSizes"], sizeNotMadeMessage(productType, notMade));
        const colours: unknown[] = Array.isArray(value.selectedColors) ? value.selectedColors : [value.selectedColors];
        if (colours.some((color) => typeof color === "string" && !madeColors.includes(color))) {
          issue(ctx, ["selectedColors"], colorNotMadeMessage(productType));
        }
        const mode = value.designMode;
        const fileProvided = value.designFileProvided === true || hasUploadedFile(value.designFile);
        const prompt = text(value.designPrompt);
        if (prompt.length > 1000) issue(ctx, ["designPrompt"], M.designPromptMax);
        // A file sent with an upload-mode step becomes the design once the server has stored it.
        if (text(value.finalDesignUrl) || (mode === "upload" && fileProvided)) return;
        if (mode === "ai" && !prompt) issue(ctx, ["designPrompt"], M.designPromptRequired);
        if (mode === "upload") issue(ctx, ["designFile"], M.designFileRequired);
        issue(ctx, ["finalDesignUrl"], designRequiredMessage(productType));
      }, ALWAYS)
      // The output says whether a file came either way; the File itself stays with the route.
      .overwrite(({ designFile, ...value }) => ({
        ...value,
        designFileProvided: value.designFileProvided || hasUploadedFile(designFile),
      }))
  );
}

export type ProductDesign = z.output<ReturnType<typeof productDesignSchema>>;

// ---------------------------------------------------------------------------------------------
// Step 4: Entry Rules & Rewards

export interface AdditionalPrizeInput {
  /** 2 or 3: the order in which prizes were added. */
  rank: number;
  title: string;
  code: string;
  /** Decision 050: "merch" (another of the campaign's printed product) or "gift" (the brand's own). */
  kind: PrizeKind;
  /** A gift the brand posts: the claim asks for an address. */
  needsAddress: boolean;
  /** Approximate retail value in whole dollars as typed ("" = not given yet; decision 053). */
  value: string;
}

export const PRIZE_KINDS = ["gift", "merch"] as const;

/** Entrants' minimum age (decision 053): 18 by default, a higher one allowed. */
export const MIN_ENTRANT_AGE = 18;
export const MAX_ENTRANT_AGE = 99;
/** The largest approximate retail value a prize may state, in whole dollars. */
export const MAX_PRIZE_VALUE_DOLLARS = 1_000_000;

/**
 * A prize's approximate retail value as typed: whole US dollars ("25", "$1,200"); "" is no value
 * yet (null); anything else, cents included, is "invalid".
 */
export function parseDollars(value: unknown): number | null | "invalid" {
  const raw = text(value).replace(/^\$/, "").replace(/,/g, "").trim();
  if (!raw) return null;
  if (!/^\d{1,7}$/.test(raw)) return "invalid";
  const dollars = Number(raw);
  return dollars >= 1 && dollars <= MAX_PRIZE_VALUE_DOLLARS ? dollars : "invalid";
}

/** Dollars as typed to stored cents (null when empty or invalid; the schema refuses invalid ones). */
export function dollarsToCents(value: unknown): number | null {
  const dollars = parseDollars(value);
  return typeof dollars === "number" ? dollars * 100 : null;
}
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/**
 * Titles are checked on the list, not on each prize, because the message names the tier and only
 * the list knows a prize's position.
 */
const AdditionalPrizesSchema = z
  .array(
    z.object({
      title: optionalText(),
      code: optionalText(),
      kind: z.enum(PRIZE_KINDS).catch("gift").default("gift"),
      needsAddress: checkbox(),
      /** Approximate retail value in whole dollars (decision 053); checked with the step. */
      value: optionalText(),
    }),
  )
  .max(MAX_ADDITIONAL_PRIZES, M.additionalPrizesMax)
  .superRefine((prizes, ctx) => {
    prizes.slice(0, MAX_ADDITIONAL_PRIZES).forEach((prize: unknown, index) => {
      const rank = index + 2;
      const fields = (prize ?? {}) as { title?: unknown; code?: unknown };
      const title = text(fields.title);
      if (!title) issue(ctx, [index, "title"], prizeTitleRequiredMessage(rank));
      else if (title.length > 100) issue(ctx, [index, "title"], prizeTitleMaxMessage(rank));
      if (text(fields.code).length > 100) issue(ctx, [index, "code"], M.prizeCodeMax);
      if (parseDollars((prize as { value?: unknown } | null)?.value) === "invalid") issue(ctx, [index, "value"], M.prizeValueInvalid);
    });
  }, ALWAYS)
  .transform((prizes) =>
    prizes.map((prize, index): AdditionalPrizeInput => ({
      rank: index + 2,
      ...prize,
      // Only a gift asks for an address of its own choosing; a merch prize always ships.
      needsAddress: prize.kind === "gift" && prize.needsAddress === true,
    })),
  )
  .default([]);

/**
 * `today` is passed in so the "not before yesterday, at most a year ahead" rule is the same on
 * client and server and in tests; build the schema per request.
 */
export function entryRulesSchema({ today }: { today: Date }) {
  return (
    z
      .object({
        startDate: requiredText(M.startDateRequired)
          .refine((value) => parseDateInput(value) !== null, { error: M.startDateInvalid, abort: true })
          .refine((value) => {
            const start = parseDateInput(value);
            return start !== null && isStartDateAllowed(start, today);
          }, M.startDateTooEarly)
          .refine((value) => {
            const start = parseDateInput(value);
            return start !== null && isStartDateWithinAYear(start, today);
          }, M.startDateTooLate),
        // Checked against this server's Intl list in the step's action (decision 095): the browser's list may differ.
        timeZone: z.string().trim().max(100).default(""),
        // The entrants' language and the others allowed (decision 097); absent from a form without the select: unchanged.
        language: z.enum(ENTRANT_LANGUAGES, { error: "Choose one of the languages listed." }).optional(),
        otherLanguages: z.array(z.enum(ENTRANT_LANGUAGES, { error: "Choose languages from the list." })).default([]),
        durationDays: z.coerce
          .number({ error: M.durationPositive })
          .positive({ error: M.durationPositive, abort: true })
          .refine((days) => (DURATIONS as readonly number[]).includes(days), M.durationChoice)
          .default(DEFAULT_DURATION_DAYS),
        termsAccepted: z.literal(true, { error: M.termsRequired }),
        limitOneEntryPerPerson: checkbox(),
        // Decision 104: the most friends whose referrals earn one entrant bonus entries; empty for no limit.
        referralCap: z.preprocess(
          (value) => (typeof value === "string" && value.trim() === "" ? null : value),
          z.coerce
            .number({ error: M.referralCapRange })
            .int({ error: M.referralCapRange })
            .min(1, { error: M.referralCapRange })
            .max(MAX_REFERRAL_CAP, { error: M.referralCapRange })
            .nullable()
            .default(null),
        ),
        giveCouponToEntrants: checkbox(),
        entrantCouponCode: optionalText(),
        entrantCouponDescription: optionalText(),
        giveBonusGiftToWinner: checkbox(),
        winnerBonusGiftName: optionalText(),
        winnerBonusGiftCode: optionalText(),
        winnerBonusGiftInstructions: optionalText(),
        sendReminder: checkbox(),
        additionalPrizes: AdditionalPrizesSchema,
        // Where the printed prize ships (decision 050).
        ...shipCountriesFields(),
        // What the official rules must state (decision 053). Optional here so a draft can be saved
        // half-done; launch requires them (reviewProblems).
        sponsorLegalName: optionalText(),
        sponsorAddress: optionalText(),
        minimumAge: z.coerce
          .number({ error: M.minimumAgeRange })
          .int({ error: M.minimumAgeRange })
          .min(MIN_ENTRANT_AGE, { error: M.minimumAgeRange })
          .max(MAX_ENTRANT_AGE, { error: M.minimumAgeRange })
          .default(MIN_ENTRANT_AGE),
        prizeValue: optionalText(),
      })
      .superRefine((value, ctx) => {
        limitWhenOn(ctx, value.sponsorLegalName, "sponsorLegalName", 100, M.sponsorLegalNameMax);
        limitWhenOn(ctx, value.sponsorAddress, "sponsorAddress", 300, M.sponsorAddressMax);
        if (parseDollars(value.prizeValue) === "invalid") issue(ctx, ["prizeValue"], M.prizeValueInvalid);
        const shipProblem = shipCountriesIssue(value);
        if (shipProblem) issue(ctx, ["shipCountries"], shipProblem);
        if (value.giveCouponToEntrants === true) {
          requireWhenOn(ctx, value.entrantCouponCode, "entrantCouponCode", M.entrantCouponCodeRequired, 50, M.entrantCouponCodeMax);
          requireWhenOn(
            ctx,
            value.entrantCouponDescription,
            "entrantCouponDescription",
            M.entrantCouponDescriptionRequired,
            200,
            M.entrantCouponDescriptionMax,
          );
        }
        if (value.giveBonusGiftToWinner === true) {
          requireWhenOn(
            ctx,
            value.winnerBonusGiftName,
            "winnerBonusGiftName",
            M.winnerBonusGiftNameRequired,
            100,
            M.winnerBonusGiftNameMax,
          );
          limitWhenOn(ctx, value.winnerBonusGiftCode, "winnerBonusGiftCode", 100, M.winnerBonusGiftCodeMax);
          limitWhenOn(ctx, value.winnerBonusGiftInstructions, "winnerBonusGiftInstructions", 500, M.winnerBonusGiftInstructionsMax);
        }
      }, ALWAYS)
      // Switching a reward off clears its fields, like the bonus item in step 1.
      .overwrite((value) => ({
        ...value,
        ...(value.giveCouponToEntrants ? {} : { entrantCouponCode: "", entrantCouponDescription: "" }),
        ...(value.giveBonusGiftToWinner ? {} : { winnerBonusGiftName: "", winnerBonusGiftCode: "", winnerBonusGiftInstructions: "" }),
        ...(value.shipScope === "chosen" ? {} : { shipCountries: "" }),
      }))
  );
}

export type EntryRules = z.output<ReturnType<typeof entryRulesSchema>>;

// ---------------------------------------------------------------------------------------------
// Step 5: Review & Launch

export interface ReviewDraft {
  title?: string | null;
  /** The product, so a missing design is named for it ("No mug design confirmed."). */
  productType?: string | null;
  planId?: string | null;
  finalDesignUrl?: string | null;
  startDate?: Date | string | null;
  /** Decision 053: what the official rules must state before launch. */
  sponsorLegalName?: string | null;
  sponsorAddress?: string | null;
  prizeValueCents?: number | null;
  additionalPrizes?: { rank: number; valueCents: number | null }[];
}

export interface ReviewProblem {
  step: 1 | 2 | 3 | 4;
  message: string;
}

function hasStartDate(startDate: ReviewDraft["startDate"]): boolean {
  if (startDate instanceof Date) return !Number.isNaN(startDate.getTime());
  return typeof startDate === "string" && parseDateInput(startDate) !== null;
}

/** What still stops a launch, each pointing at the step that fixes it, in step order. */
export function reviewProblems(draft: ReviewDraft): ReviewProblem[] {
  const problems: ReviewProblem[] = [];
  if (!draft.title?.trim()) problems.push({ step: 1, message: M.reviewTitleMissing });
  if (!draft.planId?.trim()) problems.push({ step: 2, message: M.reviewPlanMissing });
  if (!draft.finalDesignUrl?.trim()) {
    const product = draft.productType ?? "t-shirt";
    const message =
      product === "t-shirt" ? M.reviewDesignMissing : `No ${productNoun(product)} design confirmed. Please go back to Step 3.`;
    problems.push({ step: 3, message });
  }
  if (!hasStartDate(draft.startDate)) problems.push({ step: 4, message: M.reviewStartDateMissing });
  if (!draft.sponsorLegalName?.trim()) problems.push({ step: 4, message: M.reviewSponsorNameMissing });
  if (!draft.sponsorAddress?.trim()) problems.push({ step: 4, message: M.reviewSponsorAddressMissing });
  if (draft.prizeValueCents == null) problems.push({ step: 4, message: M.reviewPrizeValueMissing });
  for (const prize of draft.additionalPrizes ?? []) {
    if (prize.valueCents == null) problems.push({ step: 4, message: prizeValueMissingMessage(prize.rank) });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Stored lists and AI generation

/** Campaign.selectedColors is comma-separated; unknown keys from older rows are dropped. */
export function parseProductColors(column: string): ProductColorKey[] {
  const values = column.split(",").map((v) => v.trim());
  return PRODUCT_COLOR_KEYS.filter((key) => values.includes(key));
}

export function parseGarmentSizes(column: string): GarmentSize[] {
  const values = column.split(",").map((v) => v.trim().toUpperCase());
  return GARMENT_SIZES.filter((size) => values.includes(size));
}

/**
 * When step 1 saves a product type, the stored sizes it is not made in go: the new
 * Campaign.selectedSizes, or null when the stored column stays as it is. A mug keeps none (""); a
 * garment left with none (say, the campaign was a mug) gets the default sizes, M, L and XL.
 */
export function sizesAfterProductChange(productType: string, column: string): string | null {
  const offered = productSizes(productType);
  const kept = parseGarmentSizes(column).filter((size) => offered.includes(size));
  const sizes = kept.length || !offered.length ? kept : DEFAULT_GARMENT_SIZES.filter((size) => offered.includes(size));
  const next = sizes.join(",");
  return next === column ? null : next;
}

export interface ToastMessage {
  title: string;
  description: string;
}

/** One credit per non-empty prompt (SPEC 9). */
export function nonEmptyPrompts(prompts: readonly string[]): string[] {
  return prompts.map((p) => p.trim()).filter(Boolean);
}

/** Why "Generate" cannot run, as the toast to show, or null when it can. */
export function aiGenerationProblem(prompts: readonly string[], availableCredits: number): ToastMessage | null {
  const needed = nonEmptyPrompts(prompts).length;
  if (needed === 0) return { title: "No Prompts", description: "Please enter at least one prompt." };
  if (availableCredits < needed) {
    return {
      title: "Insufficient Credits",
      description: `You need ${needed} credits, but have ${availableCredits}. Login or upgrade plan.`,
    };
  }
  return null;
}
