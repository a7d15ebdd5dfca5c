import { z } from "zod";
import { pageLayoutField } from "./page-layout";
import { CAMPAIGN_MESSAGES, accentColorField, brandUrlField, handle, requiredText, supportEmailField } from "./campaign-schemas";

/**
 * Editing a live campaign (decision 048). Its presentation stays the creator's to change; what the
 * official rules and the draw depend on was fixed when it launched. Pure: the server
 * (server/wizard/live-edit.server.ts) reads the row and writes it, the form
 * (components/wizard/live-edit-form.tsx) shows both halves.
 */

/** Why a field of a live campaign is read-only; shown next to every frozen field and in a 409. */
export const FROZEN_REASON = "Fixed at launch: the official rules and the draw depend on it.";

export const LIVE_EDIT_MESSAGES = {
  saved: { title: "Changes Saved", description: "Your live campaign page shows the changes now." },
  frozen: { title: "Fixed at Launch" },
  ended: {
    title: "Campaign Ended",
    description: "This giveaway has ended: its page is the record of the draw and can no longer be edited. You can copy it.",
  },
} as const;

export const CAMPAIGN_MESSAGES_FOR_LIVE_EDIT = {
  invalid: "Please correct the errors below. Nothing was changed.",
  couponDescriptionRequired: CAMPAIGN_MESSAGES.entrantCouponDescriptionRequired,
  imageNotYours: CAMPAIGN_MESSAGES.imageNotYours,
} as const;

/** The 409's text: which frozen fields the request tried to change, and why nothing was saved. */
export function frozenChangeMessage(labels: readonly string[]): string {
  return `${labels.join(", ")}: ${FROZEN_REASON} Nothing was changed.`;
}

/**
 * The frozen fields as the wizard's forms name them, with the label a 409 names them by. A crafted
 * POST (or a wizard step from a tab left open since before launch) that sends one of these with a
 * value other than the campaign's is refused as a whole.
 */
export const FROZEN_FIELDS = {
  brandName: "Brand name (the sponsor in the official rules)",
  productType: "Product",
  isPromotingProduct: "Bonus item offered",
  productTitle: "Bonus item title",
  productValue: "Bonus item value",
  planId: "Plan",
  entryLimit: "Entry cap",
  couponCode: "Coupon",
  designMode: "Design",
  finalDesignUrl: "Design",
  designFile: "Design",
  selectedColors: "Colours",
  selectedSizes: "Sizes",
  startDate: "Start date",
  durationDays: "Duration",
  endDate: "End date",
  // The zone the dates are read in (decision 095): changing it would move both instants.
  timeZone: "Time zone",
  limitOneEntryPerPerson: "One entry per person",
  // The referral bonus's limit (decision 104): the rules state it and draw.json publishes it.
  referralCap: "Most friends per entrant who earn bonus entries",
  giveCouponToEntrants: "Coupon for entrants",
  entrantCouponCode: "Entrants' coupon code",
  giveBonusGiftToWinner: "Bonus gift for the winner",
  winnerBonusGiftName: "Bonus gift name",
  winnerBonusGiftCode: "Bonus gift code",
  shipCountries: "Shipping countries",
  // The official rules' own facts (decision 053).
  sponsorLegalName: "Sponsor's legal name",
  sponsorAddress: "Sponsor's postal address",
  minimumAge: "Minimum age",
  prizeValue: "Grand prize value",
  excludedRegions: "Excluded regions",
  drawCommitment: "Draw commitment",
  drawSeed: "Draw commitment",
  status: "Status",
} as const;

export type FrozenFieldName = keyof typeof FROZEN_FIELDS;

const LIST_FIELDS: ReadonlySet<string> = new Set(["selectedColors", "selectedSizes", "shipCountries"]);
const BOOLEAN_FIELDS: ReadonlySet<string> = new Set(["limitOneEntryPerPerson", "giveCouponToEntrants", "giveBonusGiftToWinner"]);

/**
 * The social handles: each may be corrected while live, but a platform may not be added or removed,
 * because the official rules' release names exactly the platforms the brand listed at launch
 * (decisions 053, 057).
 */
export const PLATFORM_HANDLE_FIELDS = { instagramHandle: "Instagram", xHandle: "X", tiktokHandle: "TikTok" } as const;
export type PlatformHandleField = keyof typeof PLATFORM_HANDLE_FIELDS;
export const PLATFORMS_LABEL = "Social platforms (the official rules' release names them)";

/** "Fixed at launch: …" for a platform's handle field on the live-edit page. */
export function platformHandleHint(platform: string, listed: boolean): string {
  return listed
    ? `You can correct this handle but not remove it: the official rules name ${platform}.`
    : `Not listed at launch: the official rules name only the platforms listed then.`;
}

/** A handle as typed is "given" when anything but "@" and spaces is left. */
function handleGiven(value: string): boolean {
  return value.replace(/[@\s]/g, "").length > 0;
}

/** What a live campaign stores in its frozen fields, as form values (lists comma-separated, checkboxes "on"/""). */
export interface FrozenSnapshot {
  fields: Record<FrozenFieldName, string>;
  /** The additional prizes by rank: their titles and codes are frozen, and so is their number. */
  prizes: { title: string; code: string; value: string }[];
  /** Which social platforms the brand listed at launch (a handle was given). */
  platforms: Record<PlatformHandleField, boolean>;
}

function canonical(name: string, values: string[]): string {
  if (LIST_FIELDS.has(name)) {
    return [
      ...new Set(
        values
          .flatMap((v) => v.split(","))
          .map((v) => v.trim().toLowerCase())
          .filter(Boolean),
      ),
    ]
      .sort()
      .join(",");
  }
  const value = (values[values.length - 1] ?? "").trim();
  if (BOOLEAN_FIELDS.has(name)) return ["on", "true", "yes", "1"].includes(value.toLowerCase()) ? "on" : "";
  if (name === "durationDays" || name === "minimumAge") return String(Number(value));
  if (name === "referralCap") return value === "" ? "" : String(Number(value));
  if (name === "prizeValue") return value.replace(/^\$/, "").replace(/,/g, "");
  if (name === "brandName" || name === "productTitle" || name === "productValue") return value;
  if (name === "sponsorLegalName" || name === "sponsorAddress") return value.replace(/\s+/g, " ");
  return value.toLowerCase();
}

const PRIZE_FIELD = /^additionalPrizes\[(\d+)\]\.(title|code|value)$/;
const PRIZE_LABELS = { title: "Prize titles", code: "Prize codes", value: "Prize values" } as const;

/** A posted entry, as the comparison reads it: text values, and whether a file was really chosen. */
export type PostedEntry = [name: string, value: string | { size: number; name: string }];

/**
 * The labels of the frozen fields a form tries to change (none: the form may be saved). Only fields
 * the form sends are compared, each against the campaign's own value, so the wizard's step forms
 * sent unchanged pass through; a design file, or a prize beyond the campaign's number, is a change.
 */
export function frozenChanges(entries: Iterable<PostedEntry>, snapshot: FrozenSnapshot): string[] {
  const posted = new Map<string, string[]>();
  const labels = new Set<string>();
  for (const [name, value] of entries) {
    if (typeof value !== "string") {
      if (name === "designFile" && value.size > 0) labels.add(FROZEN_FIELDS.designFile);
      continue;
    }
    posted.set(name, [...(posted.get(name) ?? []), value]);
  }
  for (const [name, values] of posted) {
    if (Object.hasOwn(PLATFORM_HANDLE_FIELDS, name)) {
      if (handleGiven(values[values.length - 1] ?? "") !== snapshot.platforms[name as PlatformHandleField]) labels.add(PLATFORMS_LABEL);
      continue;
    }
    if (Object.hasOwn(FROZEN_FIELDS, name)) {
      const field = name as FrozenFieldName;
      if (canonical(field, values) !== canonical(field, [snapshot.fields[field]])) labels.add(FROZEN_FIELDS[field]);
      continue;
    }
    const prize = PRIZE_FIELD.exec(name);
    if (!prize) continue;
    const current = snapshot.prizes[Number(prize[1])];
    const sent = (values[values.length - 1] ?? "").trim();
    if (!current) {
      if (sent) labels.add("Prizes and their number");
    } else {
      const part = prize[2] as keyof typeof PRIZE_LABELS;
      const stored = current[part].trim();
      const given = part === "value" ? sent.replace(/^\$/, "").replace(/,/g, "") : sent;
      if (given !== stored) labels.add(PRIZE_LABELS[part]);
    }
  }
  return [...labels];
}

const M = CAMPAIGN_MESSAGES;
const LIVE_COPY_MAX = "Share text must be at most 200 characters.";

function optionalText(max: number, tooLong: string) {
  return z.string().trim().max(max, tooLong).default("");
}

/**
 * The presentation a live campaign's creator may change, with the wizard's limits and messages. The
 * reward texts are checked by the server only for the rewards the campaign has (their switches are
 * frozen), so this schema takes them as optional text.
 */
export const LiveEditSchema = z.object({
  title: requiredText(M.titleRequired).min(5, M.titleMin).max(100, M.titleMax),
  description: requiredText(M.descriptionRequired).min(10, M.descriptionMin).max(500, M.descriptionMax),
  /** The campaign copy: what search results and shared links show (the description when empty). */
  campaignCopy: optionalText(200, LIVE_COPY_MAX),
  brandUrl: brandUrlField(),
  instagramHandle: handle("A-Za-z0-9_.", 30, M.instagramInvalid),
  xHandle: handle("A-Za-z0-9_", 15, M.xInvalid),
  tiktokHandle: handle("A-Za-z0-9_.", 24, M.tiktokInvalid),
  accentColor: accentColorField(),
  /** The page's arrangement is presentation (decision 106): never frozen. */
  pageLayout: pageLayoutField(),
  supportEmail: supportEmailField(),
  productDescription: optionalText(300, M.productDescriptionMax),
  entrantCouponDescription: optionalText(200, M.entrantCouponDescriptionMax),
  winnerBonusGiftInstructions: optionalText(500, M.winnerBonusGiftInstructionsMax),
});

export type LiveEdit = z.output<typeof LiveEditSchema>;

/** The editable fields, by their form names: a form that leaves one out keeps the campaign's value. */
export const LIVE_EDIT_FIELDS = Object.keys(LiveEditSchema.shape) as (keyof LiveEdit)[];

/** What the live-edit page shows read-only, each with its value as the creator reads it. */
export interface FrozenRow {
  label: string;
  value: string;
}

/** The live-edit page's data (server/wizard/live-edit.server.ts fills it in). */
export interface LiveEditPage {
  campaignId: string;
  /** The campaign's updatedAt in ms: the form starts afresh from the saved values after each save. */
  version: number;
  title: string;
  values: LiveEdit & {
    logoUrl: string | null;
    coverImageUrl: string | null;
    productImageUrl: string | null;
    winnerBonusGiftImageUrl: string | null;
  };
  /** Which reward texts and pictures the campaign has (their switches are frozen). */
  has: { bonusItem: boolean; entrantCoupon: boolean; winnerGift: boolean };
  prizes: { rank: number; title: string; imageUrl: string | null }[];
  frozen: FrozenRow[];
}
