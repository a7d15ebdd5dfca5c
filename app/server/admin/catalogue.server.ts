/** The plan catalogue and coupons as admins edit them (decisions 001 and 003). */
import { type CouponFormValue, couponData } from "../../domain/pricing";
import { isUniqueConstraintError, prisma } from "../db.server";

export async function listPlans() {
  return prisma.plan.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
}

export interface PlanEdit {
  name: string;
  priceCents: number;
  entryLimit: number | null;
  aiCredits: number;
  features: string;
  description: string;
  popular: boolean;
  active: boolean;
}

/**
 * Saves a plan. One "Most Popular" badge at a time: marking a plan popular takes it off the others.
 * Campaigns keep the entry limit and price frozen at checkout, so edits only affect new launches.
 */
export async function savePlan(id: string, edit: PlanEdit): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const updated = await tx.plan.updateMany({ where: { id }, data: edit });
    if (updated.count === 0) return false;
    if (edit.popular) await tx.plan.updateMany({ where: { id: { not: id }, popular: true }, data: { popular: false } });
    return true;
  });
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
