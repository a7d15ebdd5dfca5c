import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/domain/plans";
import { applyCoupon, couponProblem, CouponFormSchema, type CouponLike, normalizeCouponCode } from "~/domain/pricing";

const now = new Date("2025-06-15T12:00:00Z");
const save10: CouponLike = { code: "SAVE10", kind: "percent", percentOff: 10, redemptions: 0, active: true };
const fiveOff: CouponLike = { code: "FIVEOFF", kind: "fixed", amountOffCents: 500, redemptions: 0, active: true };

/** Stands in for the database lookup: codes are stored upper-cased. */
function findCoupon(input: string): CouponLike | null {
  return [save10, fiveOff].find((c) => c.code === normalizeCouponCode(input)) ?? null;
}

describe("coupon codes", () => {
  it("match case-insensitively, ignoring surrounding spaces", () => {
    expect(normalizeCouponCode("  save10 ")).toBe("SAVE10");
    for (const input of ["SAVE10", "save10", "Save10", " sAvE10 "]) {
      expect(applyCoupon(2900, findCoupon(input), now), input).toEqual({ discountCents: 290, totalCents: 2610 });
    }
    expect(formatPrice(applyCoupon(2900, findCoupon("save10"), now).totalCents)).toBe("$26.10");
  });

  it("are read from the Apply Coupon form, where empty means no coupon", () => {
    const submit = (code: string) => {
      const data = new FormData();
      data.set("couponCode", code);
      return parseWithZod(data, { schema: CouponFormSchema });
    };
    const applied = submit(" save10 ");
    expect(applied.status === "success" && applied.value).toEqual({ couponCode: "SAVE10" });
    const removed = submit("");
    expect(removed.status === "success" && removed.value).toEqual({ couponCode: "" });
    const tooLong = submit("x".repeat(51));
    expect(tooLong.status === "error" && tooLong.error?.couponCode).toEqual(["Invalid Coupon: The coupon code is not valid."]);
  });
});

describe("applyCoupon", () => {
  it("charges the full price without a coupon", () => {
    expect(applyCoupon(2900, null, now)).toEqual({ discountCents: 0, totalCents: 2900 });
    expect(applyCoupon(0, save10, now)).toEqual({ discountCents: 0, totalCents: 0 });
  });

  it("takes a percentage off, rounded to the nearest cent", () => {
    expect(applyCoupon(7900, save10, now)).toEqual({ discountCents: 790, totalCents: 7110 });
    expect(applyCoupon(1995, save10, now)).toEqual({ discountCents: 200, totalCents: 1795 });
    expect(applyCoupon(1994, save10, now)).toEqual({ discountCents: 199, totalCents: 1795 });
    expect(applyCoupon(2900, { ...save10, percentOff: 100 }, now)).toEqual({ discountCents: 2900, totalCents: 0 });
  });

  it("takes a fixed amount off", () => {
    expect(applyCoupon(2900, fiveOff, now)).toEqual({ discountCents: 500, totalCents: 2400 });
  });

  it("never goes below zero", () => {
    expect(applyCoupon(2900, { ...fiveOff, amountOffCents: 5000 }, now)).toEqual({ discountCents: 2900, totalCents: 0 });
    expect(applyCoupon(2900, { ...save10, percentOff: 150 }, now)).toEqual({ discountCents: 2900, totalCents: 0 });
    expect(applyCoupon(2900, { ...fiveOff, amountOffCents: -500 }, now)).toEqual({ discountCents: 0, totalCents: 2900 });
    expect(applyCoupon(2900, { ...save10, percentOff: -10 }, now)).toEqual({ discountCents: 0, totalCents: 2900 });
  });

  it("gives nothing for a coupon that cannot be used now", () => {
    const full = { discountCents: 0, totalCents: 2900 };
    expect(applyCoupon(2900, { ...save10, expiresAt: new Date("2025-06-15T11:59:59Z") }, now)).toEqual(full);
    expect(applyCoupon(2900, { ...save10, maxRedemptions: 3, redemptions: 3 }, now)).toEqual(full);
    expect(applyCoupon(2900, { ...save10, active: false }, now)).toEqual(full);
    expect(applyCoupon(2900, { ...save10, kind: "bogus" }, now)).toEqual(full);
  });

  it("honours a coupon until its expiry and below its cap", () => {
    expect(applyCoupon(2900, { ...save10, expiresAt: new Date("2025-06-15T12:00:01Z") }, now).discountCents).toBe(290);
    expect(applyCoupon(2900, { ...save10, maxRedemptions: 3, redemptions: 2 }, now).discountCents).toBe(290);
  });
});

describe("couponProblem", () => {
  const invalid = {
    title: "Invalid Coupon",
    description: "The coupon code is not valid.",
    message: "Invalid Coupon: The coupon code is not valid.",
  };
  const expired = {
    title: "Invalid Coupon",
    description: 'Coupon "SAVE10" is not valid or has expired.',
    message: 'Invalid Coupon: Coupon "SAVE10" is not valid or has expired.',
  };

  it("accepts a usable coupon", () => {
    expect(couponProblem(save10, now)).toBeNull();
    expect(couponProblem(fiveOff, now)).toBeNull();
  });

  it("calls unknown and switched-off codes invalid", () => {
    expect(couponProblem(findCoupon("NOPE"), now)).toEqual(invalid);
    expect(couponProblem(undefined, now)).toEqual(invalid);
    expect(couponProblem({ ...save10, active: false }, now)).toEqual(invalid);
    expect(couponProblem({ ...save10, kind: "bogus" }, now)).toEqual(invalid);
  });

  it("names an expired or used-up coupon", () => {
    expect(couponProblem({ ...save10, expiresAt: now }, now)).toEqual(expired);
    expect(couponProblem({ ...save10, maxRedemptions: 1, redemptions: 1 }, now)).toEqual(expired);
  });
});
