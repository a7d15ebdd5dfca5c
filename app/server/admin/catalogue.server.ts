/** The plan catalogue and coupons as admins edit them (decisions 001 and 003). */
import type { AnalyticsLevel } from "../../domain/plan-features";
import { type CouponFormValue, couponData } from "../../domain/pricing";
import { isUniqueConstraintError, prisma } from "../core/db.server";

export async function listPlans() {
  return prisma.plan.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
}

export interface PlanEdit {
  name: string;
  priceCents: number;
  entryLimit: number | null;
  /** Entry actions a campaign may offer (decision 074); null = unlimited. Frozen into campaigns at launch. */
  entryActionLimit: number | null;
  aiCredits: number;
  features: string;
  description: string;
  analyticsLevel: AnalyticsLevel;
  customBranding: boolean;
  active: boolean;
}

/**
 * Saves a plan. Campaigns keep the entry limit, price, analytics level and custom branding frozen
 * at launch, so edits only affect new launches. There is no "Most Popular" switch: the badge is
 * computed from launches (decision 046).
 */
export async function savePlan(id: string, edit: PlanEdit): Promise<boolean> {
  const updated = await prisma.plan.updateMany({ where: { id }, data: edit });
  return updated.count > 0;
}

export async function listCoupons() {
  return prisma.coupon.findMany({ orderBy: [{ active: "desc" }, { createdAt: "desc" }] });
}

/** Creates a coupon; "taken" when the code exists already (unique index, whatever its state). */
export async function addCoupon(value: CouponFormValue): Promise<"created" | "taken"> {
  try {
    await prisma.coupon.create({ data: couponData(value) });
    return "created";
  } catch (error) {
    if (isUniqueConstraintError(error)) return "taken";
    throw error;
  }
}

export async function setCouponActive(id: string, active: boolean): Promise<string | null> {
  const updated = await prisma.coupon.updateManyAndReturn({ where: { id }, data: { active }, select: { code: true } });
  return updated[0]?.code ?? null;
}
