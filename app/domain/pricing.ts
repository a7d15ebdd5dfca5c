import { z } from "zod";
import { DOLLARS, dollarsToCents } from "./form-values";

/**
 * Coupons (decision 003). Amounts are integer cents, like Plan.priceCents. Money is shown with
 * formatPrice from ./plans.
 */

export type CouponKind = "percent" | "fixed";

/** The Coupon row's shape; `kind` is a plain string there, and an unknown kind gives no discount. */
export interface CouponLike {
  code: string;
  kind: CouponKind | (string & {});
  percentOff?: number | null;
  amountOffCents?: number | null;
  expiresAt?: Date | null;
  maxRedemptions?: number | null;
  redemptions: number;
  active: boolean;
}

export interface CouponProblem {
  title: string;
  description: string;
  /** Title and description in one line, for an inline field error. */
  message: string;
}

export interface PriceWithCoupon {
  discountCents: number;
  totalCents: number;
}

export const INVALID_COUPON_TITLE = "Invalid Coupon";
export const INVALID_COUPON_DESCRIPTION = "The coupon code is not valid.";

export function expiredCouponDescription(code: string): string {
  return `Coupon "${code}" is not valid or has expired.`;
}

function problem(description: string): CouponProblem {
  return { title: INVALID_COUPON_TITLE, description, message: `${INVALID_COUPON_TITLE}: ${description}` };
}

/** Codes are stored upper-cased, so "save10" and " Save10 " both find SAVE10. */
export function normalizeCouponCode(input: string): string {
  return input.trim().toUpperCase();
}

function discountOf(priceCents: number, coupon: CouponLike): number {
  if (coupon.kind === "percent") {
    const percent = Math.min(100, Math.max(0, coupon.percentOff ?? 0));
    return Math.round((priceCents * percent) / 100);
  }
  if (coupon.kind === "fixed") return Math.max(0, Math.round(coupon.amountOffCents ?? 0));
  return 0;
}

/**
 * Why a coupon cannot be used now, or null when it can. An unknown or switched-off code gets the
 * generic message so that guessing codes reveals nothing; a real code that ran out names itself.
 */
export function couponProblem(coupon: CouponLike | null | undefined, now: Date): CouponProblem | null {
  if (!coupon || !coupon.active) return problem(INVALID_COUPON_DESCRIPTION);
  if (coupon.kind !== "percent" && coupon.kind !== "fixed") return problem(INVALID_COUPON_DESCRIPTION);
  const expired = coupon.expiresAt != null && now.getTime() >= coupon.expiresAt.getTime();
  const exhausted = coupon.maxRedemptions != null && coupon.redemptions >= coupon.maxRedemptions;
  if (expired || exhausted) return problem(expiredCouponDescription(coupon.code));
  return null;
}

/**
 * Total = price - discount, never below zero. A coupon that cannot be used now gives no discount,
 * so a price computed at launch stays right even if the coupon expired after it was applied.
 */
export function applyCoupon(priceCents: number, coupon: CouponLike | null | undefined, now: Date): PriceWithCoupon {
  const price = Math.max(0, Math.round(priceCents));
  if (!coupon || couponProblem(coupon, now)) return { discountCents: 0, totalCents: price };
  const discountCents = Math.min(price, discountOf(price, coupon));
  return { discountCents, totalCents: price - discountCents };
}

/** The "Apply Coupon" form; an empty code removes the coupon. */
export const CouponFormSchema = z.object({
  couponCode: z
    .string()
    .trim()
    .max(50, `${INVALID_COUPON_TITLE}: ${INVALID_COUPON_DESCRIPTION}`)
    .default("")
    .transform(normalizeCouponCode),
});

/** The coupons a new install starts with (seeded once; deactivate one to retire it). */
export const DEFAULT_COUPONS = [{ code: "SAVE10", kind: "percent", percentOff: 10 }] as const;

// ---------------------------------------------------------------------------------------------
// The admin's coupon form

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
