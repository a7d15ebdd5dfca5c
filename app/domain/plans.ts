/** Plan catalogue helpers. Prices are integer cents (USD); the catalogue itself lives in the database. */

export interface PlanPrice {
  id: string;
  priceCents: number;
  active?: boolean;
  sortOrder?: number;
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

/** The plans a new install starts with (seeded once; admins edit them in the database from then on). */
export const PLAN_CATALOGUE = [
  {
    id: "starter_tee",
    name: "Starter Tee",
    priceCents: 0,
    entryLimit: 50,
    aiCredits: 1,
    features: ["Up to 50 entries", "Basic analytics", "1 AI design credit"],
    description: "Everything you need to run your first giveaway, free.",
    popular: true,
    sortOrder: 1,
  },
  {
    id: "growth_tee",
    name: "Growth Tee",
    priceCents: 2900,
    entryLimit: 500,
    aiCredits: 5,
    features: ["Up to 500 entries", "Standard analytics", "5 AI design credits", "Email support"],
    description: "For growing brands that want more reach and more design options.",
    popular: false,
    sortOrder: 2,
  },
  {
    id: "pro_tee",
    name: "Pro Tee",
    priceCents: 7900,
    entryLimit: null,
    aiCredits: 15,
    features: ["Unlimited entries", "Advanced analytics", "15 AI design credits", "Priority support", "Custom branding"],
    description: "Unlimited entries and the full toolkit for serious campaigns.",
    popular: false,
    sortOrder: 3,
  },
] as const;
