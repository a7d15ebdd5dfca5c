/** Plan catalogue helpers. Prices are integer cents (USD); the catalogue itself lives in the database. */

export interface PlanPrice {
  id: string;
  priceCents: number;
  active?: boolean;
  sortOrder?: number;
}

/** A plan on offer, as the pricing page, the home page and the wizard show it. */
export interface ActivePlan {
  id: string;
  name: string;
  priceCents: number;
  description: string;
  popular: boolean;
  aiCredits: number;
  features: string[];
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** 2900 -> "$29.00"; always two decimals, as prices are shown across the product. */
export function formatPrice(cents: number): string {
  return usd.format(Math.round(cents) / 100);
}

/**
 * The cheapest active plan that costs something: marketing copy such as "Start for just $…" quotes
 * it, so it follows the catalogue when an admin changes prices. Ties go to the lower sortOrder.
 */
export function lowestPaidPlan<T extends PlanPrice>(plans: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const plan of plans) {
    if (plan.active === false || plan.priceCents <= 0) continue;
    if (
      !best ||
      plan.priceCents < best.priceCents ||
      (plan.priceCents === best.priceCents && (plan.sortOrder ?? 0) < (best.sortOrder ?? 0))
    ) {
      best = plan;
    }
  }
  return best;
}

/** Plan.features is stored one feature per line. */
export function planFeatureList(features: string): string[] {
  return features
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

export function planFeatureText(features: readonly string[]): string {
  return features
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
}

/** "Up to 500 entries" / "Unlimited entries" from Plan.entryLimit (null = unlimited). */
export function formatEntryLimit(entryLimit: number | null): string {
  return entryLimit === null ? "Unlimited entries" : `Up to ${entryLimit.toLocaleString("en-US")} entries`;
}
