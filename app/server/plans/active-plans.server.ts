import { mostPopularPlanId, toAnalyticsLevel } from "../../domain/plan-features";
import { planCardFeatures, planFeatureList, type ActivePlan } from "../../domain/plans";
import { prisma } from "../core/db.server";
import { platformFigures } from "./platform-figures.server";
import { log } from "../core/log.server";

/**
 * The plans on offer (pricing page, home page, the wizard's step 2), in their set order. "Most
 * Popular" is the plan most launched campaigns chose, once enough have launched (decision 046); if
 * the figures cannot be counted, no plan is called popular.
 */
export async function activePlans(): Promise<ActivePlan[]> {
  const [plans, launches] = await Promise.all([
    prisma.plan.findMany({ where: { active: true }, orderBy: { sortOrder: "asc" } }),
    platformFigures().then(
      (figures) => figures.launchesByPlan,
      (error: unknown) => {
        log.error({ err: error }, "plans: counting launches per plan failed; no Most Popular badge");
        return [];
      },
    ),
  ]);
  const popular = mostPopularPlanId(
    launches,
    plans.map((plan) => plan.id),
  );
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    priceCents: plan.priceCents,
    description: plan.description,
    popular: plan.id === popular,
    aiCredits: plan.aiCredits,
    entryLimit: plan.entryLimit,
    entryActionLimit: plan.entryActionLimit,
    features: planCardFeatures(planFeatureList(plan.features), {
      entryLimit: plan.entryLimit,
      entryActionLimit: plan.entryActionLimit,
      aiCredits: plan.aiCredits,
      analyticsLevel: toAnalyticsLevel(plan.analyticsLevel),
      customBranding: plan.customBranding,
    }),
    analyticsLevel: toAnalyticsLevel(plan.analyticsLevel),
    customBranding: plan.customBranding,
  }));
}
