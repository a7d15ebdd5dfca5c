import { planFeatureList, type ActivePlan } from "../domain/plans";
import { prisma } from "./db.server";

/** The plans on offer (pricing page, home page, the wizard's step 2), in their set order. */
export async function activePlans(): Promise<ActivePlan[]> {
  const plans = await prisma.plan.findMany({ where: { active: true }, orderBy: { sortOrder: "asc" } });
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    priceCents: plan.priceCents,
    description: plan.description,
    popular: plan.popular,
    aiCredits: plan.aiCredits,
    features: planFeatureList(plan.features),
  }));
}
