import { z } from "zod";
import { normalizeCouponCode } from "./pricing";
import { STORED_ROLES, type StoredRole } from "./roles";

/**
 * The admin panel's forms (SPEC "Admin control panel", decisions 003, 016, 017, 019): zod schemas that
 * Conform runs in the browser and the actions run again on the server, plus the catalogue's texts.
 */

/** SPEC error catalogue, admin rows (verbatim). */
export const ADMIN_LOAD_ERRORS = {
  users: "Could not load users.",
  orders: "Could not load orders.",
  templates: "Could not load email templates.",
  slider: "Could not load homepage slider images.",
  designs: "Could not load AI designs for selection.",
} as const;

export const USERS_PAGE_SIZE = 20;

/** Pages of a list: 1-based, at least one page, a requested page clamped into range. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageFrom(value: string | null, pages: number): number {
  const page = Number(value);
  if (!Number.isInteger(page) || page < 1) return 1;
  return Math.min(page, pages);
}

// ---------------------------------------------------------------------------------------------
// Overview

const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  pending_payment: "Pending payment",
  active: "Active",
  completed: "Completed",
  pending: "Pending",
  submitted: "Submitted",
  fulfilled: "Fulfilled",
  shipped: "Shipped",
  cancelled: "Cancelled",
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());
}

// ---------------------------------------------------------------------------------------------
// Users

export const ROLE_LABELS: Record<StoredRole, string> = { user: "User", editor: "Editor", admin: "Admin" };

export const RoleChangeSchema = z.object({
  userId: z.string({ error: "Choose a user." }).min(1, "Choose a user."),
  role: z.enum(STORED_ROLES, { error: "Choose user, editor or admin." }),
});

export const SELF_DEMOTION_MESSAGE = "You cannot remove your own admin role.";

/** An admin may set any stored role, except take admin away from themselves. */
export function roleChangeProblem(actorId: string, targetId: string, role: StoredRole): string | null {
  return actorId === targetId && role !== "admin" ? SELF_DEMOTION_MESSAGE : null;
}

/** Where a user's effective role comes from: configuration wins over the stored role. */
export function configuredRole(email: string, sources: { adminEmails: readonly string[]; editorEmails: readonly string[] }) {
  const normalized = email.trim().toLowerCase();
  if (sources.adminEmails.includes(normalized)) return "admin" as const;
  if (sources.editorEmails.includes(normalized)) return "editor" as const;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Email templates

export const TEMPLATE_LIMITS = { subject: 200, htmlBody: 100_000 } as const;

export const TemplateSchema = z.object({
  subject: z
    .string({ error: "Subject is required." })
    .trim()
    .min(1, "Subject is required.")
    .max(TEMPLATE_LIMITS.subject, `The subject can be at most ${TEMPLATE_LIMITS.subject} characters.`)
    .transform((value) => value.replace(/\s+/g, " ")),
  htmlBody: z
    .string({ error: "HTML body is required." })
    .trim()
    .min(1, "HTML body is required.")
    .max(TEMPLATE_LIMITS.htmlBody, `The HTML body can be at most ${TEMPLATE_LIMITS.htmlBody.toLocaleString("en-US")} characters.`),
});

/** SPEC "Email template tokens", plus the ones particular templates fill (sign-in code, prizes, contact form). */
export const SAMPLE_TOKENS: Record<string, string> = {
  email: "jamie.fan@example.com",
  brand_name: "Northwind Coffee",
  campaign_title: "Win the Northwind Morning Mug",
  entry_coupon: "THANKS15 (15% off your next order)",
  referral_offer: "Want better odds? Share your personal link: every friend who enters through it earns you 3 bonus entries.",
  referral_link: "https://giveawear.example/campaign/sample?ref=sample-entry",
  claim_link: "https://giveawear.example/claim/sample-token",
  claim_deadline: "June 30, 2026, 12:00 UTC",
  claim_choices: "size, style and colour",
  campaign_end_date: "June 16, 2026, 12:00 UTC",
  code: "123456",
  magic_link: "https://giveawear.example/login/otp?t=sample",
  bonus_gift_name: "Bonus gift: Northwind gift card",
  bonus_gift_code: "Code: GIFT-1234",
  bonus_gift_instructions: "Redeem at northwind.example at checkout.",
  prize_title: "$25 store credit",
  prize_rank: "2nd",
  prize_code: "CREDIT-12345",
  prize_instructions: "Your code: CREDIT-12345. Redeem by June 30, 2026.",
  tracking_number: "1Z999AA10123456784",
  name: "Jamie Fan",
  subject: "A question about my entry",
  message: "Hi! When is the winner announced?",
};

const TOKEN_PATTERN = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;

/** The distinct tokens a template text uses, in order of first use. */
export function tokensIn(...texts: string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(TOKEN_PATTERN)) seen.add((match[1] ?? "").toLowerCase());
  }
  return [...seen];
}

// ---------------------------------------------------------------------------------------------
// Homepage slider

export const SLIDER_LIMITS = { altText: 200, overlayText: 80, imageUrl: 2000 } as const;
export const SLIDER_UPLOAD_MAX_MB = 5;
export const SLIDER_UPLOAD_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const SLIDER_URL_MESSAGE = "Enter an image URL that starts with http:// or https://.";

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === "http:" || protocol === "https:") && hostname !== "";
}

const sliderText = {
  altText: z
    .string({ error: "Enter the description as text." })
    .trim()
    .max(SLIDER_LIMITS.altText, `The description can be at most ${SLIDER_LIMITS.altText} characters.`)
    .optional()
    .transform((value) => value ?? ""),
  overlayText: z
    .string({ error: "Enter the overlay text as text." })
    .trim()
    .max(SLIDER_LIMITS.overlayText, `The overlay text can be at most ${SLIDER_LIMITS.overlayText} characters.`)
    .optional()
    .transform((value) => value || null),
};

export const SliderUrlSchema = z.object({
  imageUrl: z
    .string({ error: SLIDER_URL_MESSAGE })
    .trim()
    .max(SLIDER_LIMITS.imageUrl, SLIDER_URL_MESSAGE)
    .refine(isHttpUrl, SLIDER_URL_MESSAGE),
  ...sliderText,
});

export const SliderUploadSchema = z.object(sliderText);

export const SliderDesignSchema = z.object({
  designId: z.string({ error: "Choose a design." }).min(1, "Choose a design."),
  ...sliderText,
});

export const SLIDER_MESSAGES = {
  chooseImage: "Choose an image in the slider.",
  chooseDirection: "Choose whether to move the image up or down.",
  imageMissing: "That image is no longer in the slider.",
} as const;

export const SliderMoveSchema = z.object({
  imageId: z.string({ error: SLIDER_MESSAGES.chooseImage }).min(1, SLIDER_MESSAGES.chooseImage),
  direction: z.enum(["up", "down"], { error: SLIDER_MESSAGES.chooseDirection }),
});

/** The ids in their new order after moving one a place up or down; unchanged at either end. */
export function moveInOrder(ids: readonly string[], id: string, direction: "up" | "down"): string[] {
  const order = [...ids];
  const from = order.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from === -1 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to] as string, order[from] as string];
  return order;
}

// ---------------------------------------------------------------------------------------------
// Platform settings

export const SETTINGS_LIMITS = { homepageCopy: 500, promoBanner: 200 } as const;

/** A checkbox: ticked ("on") or absent; anything else a crafted request sends is refused by name. */
function onOff(label: string) {
  return z.boolean({ error: `${label} must be either on or off.` }).default(false);
}

export const PlatformSettingsSchema = z.object({
  homepageCopy: z
    .string({ error: "Homepage copy is required." })
    .trim()
    .min(1, "Homepage copy is required.")
    .max(SETTINGS_LIMITS.homepageCopy, `Homepage copy can be at most ${SETTINGS_LIMITS.homepageCopy} characters.`),
  promoBanner: z
    .string({ error: "Enter the promo banner as text." })
    .trim()
    .max(SETTINGS_LIMITS.promoBanner, `The promo banner can be at most ${SETTINGS_LIMITS.promoBanner} characters.`)
    .optional()
    .transform((value) => value ?? ""),
  referralsEnabled: onOff("Referral bonus entries"),
  autoPickWinnerEnabled: onOff("Pick winners automatically"),
});

export type PlatformSettingsInput = z.output<typeof PlatformSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Plans and coupons (money in cents, typed in dollars)

const DOLLARS = /^\d{1,6}(\.\d{1,2})?$/;

export function dollarsToCents(value: string): number {
  const [whole = "0", fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

function dollars(required: string, invalid: string) {
  return z.string({ error: required }).trim().min(1, required).regex(DOLLARS, invalid).transform(dollarsToCents);
}

export const PLAN_LIMITS = { name: 60, description: 300, features: 2000, aiCredits: 1000, entryLimit: 10_000_000 } as const;

export const PLAN_MESSAGES = {
  choosePlan: "Choose the plan to save.",
  planMissing: "That plan does not exist.",
  aiCreditsRequired: "AI credits are required.",
  aiCreditsInvalid: `Enter a whole number of AI credits from 0 to ${PLAN_LIMITS.aiCredits}.`,
} as const;

export const PlanSchema = z.object({
  planId: z.string({ error: PLAN_MESSAGES.choosePlan }).trim().min(1, PLAN_MESSAGES.choosePlan),
  name: z
    .string({ error: "Plan name is required." })
    .trim()
    .min(1, "Plan name is required.")
    .max(PLAN_LIMITS.name, `The plan name can be at most ${PLAN_LIMITS.name} characters.`),
  price: dollars("Price is required.", "Enter a price in dollars, e.g. 29 or 29.00."),
  entryLimit: z.coerce
    .number({ error: "Enter a whole number of entries, or leave it empty for unlimited." })
    .int("Enter a whole number of entries, or leave it empty for unlimited.")
    .min(1, "The entry limit must be at least 1 (leave it empty for unlimited).")
    .max(PLAN_LIMITS.entryLimit, "That entry limit is too large; leave it empty for unlimited.")
    .optional()
    .transform((value) => value ?? null),
  // Required first (an empty field arrives as undefined), then a finite whole number in range:
  // "abc", "1e400" (Infinity) and "1.5" all get the range message rather than "required".
  aiCredits: z
    .string({ error: PLAN_MESSAGES.aiCreditsRequired })
    .trim()
    .min(1, PLAN_MESSAGES.aiCreditsRequired)
    .pipe(
      z.coerce
        .number<string>({ error: PLAN_MESSAGES.aiCreditsInvalid })
        .int(PLAN_MESSAGES.aiCreditsInvalid)
        .min(0, "AI credits cannot be negative.")
        .max(PLAN_LIMITS.aiCredits, `AI credits can be at most ${PLAN_LIMITS.aiCredits}.`),
    ),
  features: z
    .string({ error: "List at least one feature." })
    .max(PLAN_LIMITS.features, `Features can be at most ${PLAN_LIMITS.features} characters.`)
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join("\n"),
    )
    .refine((value) => value.length > 0, "List at least one feature."),
  description: z
    .string({ error: "Enter the description as text." })
    .trim()
    .max(PLAN_LIMITS.description, `The description can be at most ${PLAN_LIMITS.description} characters.`)
    .optional()
    .transform((value) => value ?? ""),
  popular: onOff("Most Popular badge"),
  active: onOff("Active"),
});

export const COUPON_KINDS = ["percent", "fixed"] as const;
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,50}$/;
export const COUPON_MESSAGES = {
  codeRequired: "Coupon code is required.",
  codeFormat: "Use 3 to 50 letters, digits, dashes or underscores.",
  codeTaken: "A coupon with this code already exists.",
  percentRequired: "Enter a percentage from 1 to 100.",
  amountRequired: "Enter an amount in dollars, e.g. 5 or 5.50.",
  expiryInPast: "The expiry date cannot be in the past.",
  expiryInvalid: "Enter a valid date.",
  capInvalid: "Enter a whole number of at least 1, or leave it empty for no cap.",
} as const;

/** "2026-12-31" -> the first instant after that day (UTC): a coupon is good through its expiry date. */
export function expiryFromDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return null;
  return new Date(day.getTime() + 24 * 60 * 60 * 1000);
}

/** The last day a coupon can be used, for display ("good through"). */
export function lastValidDay(expiresAt: Date): string {
  return new Date(expiresAt.getTime() - 1).toISOString().slice(0, 10);
}

/** A coupon form; `today` (YYYY-MM-DD, UTC) keeps expiry dates from lying in the past. */
export function couponSchema(today: string) {
  return z
    .object({
      code: z
        .string({ error: COUPON_MESSAGES.codeRequired })
        .trim()
        .min(1, COUPON_MESSAGES.codeRequired)
        .regex(COUPON_CODE_PATTERN, COUPON_MESSAGES.codeFormat)
        .transform(normalizeCouponCode),
      kind: z.enum(COUPON_KINDS, { error: "Choose percent or fixed amount." }),
      percentOff: z.string({ error: COUPON_MESSAGES.percentRequired }).trim().optional(),
      amountOff: z.string({ error: COUPON_MESSAGES.amountRequired }).trim().optional(),
      expiresOn: z
        .string({ error: COUPON_MESSAGES.expiryInvalid })
        .trim()
        .optional()
        .refine((value) => value === undefined || expiryFromDate(value) !== null, COUPON_MESSAGES.expiryInvalid)
        .refine((value) => value === undefined || value >= today, COUPON_MESSAGES.expiryInPast),
      maxRedemptions: z.coerce
        .number({ error: COUPON_MESSAGES.capInvalid })
        .int(COUPON_MESSAGES.capInvalid)
        .min(1, COUPON_MESSAGES.capInvalid)
        .max(1_000_000, COUPON_MESSAGES.capInvalid)
        .optional(),
    })
    .superRefine((value, context) => {
      if (value.kind === "percent") {
        const percent = Number(value.percentOff);
        if (!value.percentOff || !/^\d{1,3}$/.test(value.percentOff) || percent < 1 || percent > 100) {
          context.addIssue({ code: "custom", path: ["percentOff"], message: COUPON_MESSAGES.percentRequired });
        }
      } else if (value.kind === "fixed") {
        if (!value.amountOff || !DOLLARS.test(value.amountOff) || dollarsToCents(value.amountOff) < 1) {
          context.addIssue({ code: "custom", path: ["amountOff"], message: COUPON_MESSAGES.amountRequired });
        }
      }
    });
}

export type CouponFormValue = z.output<ReturnType<typeof couponSchema>>;

/** The Coupon row a valid form creates. */
export function couponData(value: CouponFormValue) {
  return {
    code: value.code,
    kind: value.kind,
    percentOff: value.kind === "percent" ? Number(value.percentOff) : null,
    amountOffCents: value.kind === "fixed" ? dollarsToCents(value.amountOff ?? "0") : null,
    expiresAt: value.expiresOn ? expiryFromDate(value.expiresOn) : null,
    maxRedemptions: value.maxRedemptions ?? null,
  };
}
