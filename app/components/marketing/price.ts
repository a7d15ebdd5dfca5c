import { DURATIONS } from "~/domain/campaign-schemas";
import { formatPrice, freePlan, lowestPaidPlan, type PlanPrice } from "~/domain/plans";

/** Marketing copy quotes whole-dollar prices without cents ("$29"), any other as the catalogue shows it ("$29.50"). */
export function marketingPrice(cents: number): string {
  return formatPrice(cents).replace(/\.00$/, "");
}

/**
 * One pricing story for every page (decision 046): the free plan if one is on offer, and the price
 * paid plans start at, both from the catalogue, so the home page, How It Works, the pricing page
 * and the wizard never disagree.
 */
export interface PricingStory {
  free: { id: string; name: string } | null;
  paid: { id: string; name: string; price: string } | null;
}

export function pricingStory(plans: readonly (PlanPrice & { name: string })[]): PricingStory {
  const free = freePlan(plans);
  const paid = lowestPaidPlan(plans);
  return {
    free: free ? { id: free.id, name: free.name } : null,
    paid: paid ? { id: paid.id, name: paid.name, price: marketingPrice(paid.priceCents) } : null,
  };
}

/** "7, 14, 21 or 30": the durations the wizard offers, as copy says them. */
export function durationChoices(): string {
  const days = DURATIONS.map(String);
  return days.length > 1 ? `${days.slice(0, -1).join(", ")} or ${days.at(-1)}` : (days[0] ?? "");
}
