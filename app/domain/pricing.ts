import { z } from "zod";

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
