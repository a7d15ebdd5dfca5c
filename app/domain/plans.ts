import { z } from "zod";
import { dollars, onOff } from "./form-values";
import { MAX_ADDITIONAL_PRIZES } from "./campaign-schemas";
import { ANALYTICS_FEATURE_LINES, ANALYTICS_LEVELS, CUSTOM_BRANDING_LINE, type AnalyticsLevel } from "./plan-features";
import { SEEDED_ACTION_LIMITS, formatActionLimit } from "./entry-actions";

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
  /** "Most Popular": computed from launches (decision 046, mostPopularPlanId), never the stored flag. */
  popular: boolean;
  aiCredits: number;
  /** Null: unlimited. */
  entryLimit: number | null;
  /** Entry actions a campaign may offer (decision 074); null: unlimited. */
  entryActionLimit: number | null;
  features: string[];
  analyticsLevel: AnalyticsLevel;
  customBranding: boolean;
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

/** The cheapest active free plan (lower sortOrder first), which marketing copy may call free. */
export function freePlan<T extends PlanPrice>(plans: readonly T[]): T | undefined {
  return plans.filter((plan) => plan.active !== false && plan.priceCents <= 0).sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0))[0];
}

/** Plan.features is stored one feature per line. */
export function planFeatureList(features: string): string[] {
  return features
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** "1 AI design credit" / "5 AI design credits": the one wording of a plan's credits (decision 049). */
export function aiCreditsLine(aiCredits: number): string {
  return `${aiCredits.toLocaleString("en-US")} AI design credit${aiCredits === 1 ? "" : "s"}`;
}

const CREDITS_LINE = /\bAI\s+(design\s+)?credits?\b/i;

/** What a plan gives a campaign, from its own columns: what its card's first lines are written from. */
export interface PlanCardFacts {
  entryLimit: number | null;
  /** Plan.entryActionLimit (decision 074); null = unlimited. */
  entryActionLimit: number | null;
  aiCredits: number;
  analyticsLevel: AnalyticsLevel;
  customBranding: boolean;
}

/** Which of a plan's facts an admin's feature line states, if any ("Up to 500 entries" states the entry limit). */
function statedFact(line: string): keyof PlanCardFacts | null {
  if (CREDITS_LINE.test(line)) return "aiCredits";
  if (/\banalytics\b/i.test(line)) return "analyticsLevel";
  // "Up to 5 entry actions", and the spec's "customizable entry methods" (decision 076).
  if (/\bentry\s+(actions?|methods?)\b/i.test(line)) return "entryActionLimit";
  if (/\bbranding\b|\bpowered by\b/i.test(line)) return "customBranding";
  if (/^\s*(up to\s+[\d,]+|unlimited|[\d,]+)\s+entr(y|ies)\b/i.test(line)) return "entryLimit";
  return null;
}

/**
 * The features a plan card shows (pricing, home, the wizard's step 2 and review). The lines that
 * state what a plan gives (entries, analytics, AI credits, custom branding) are written from the
 * plan's own columns, the very values launch copies to a campaign, so a card can never promise a
 * number or a section the campaign will not get (decisions 046, 049, 069); an admin's line saying
 * any of these is replaced, and a plan without custom branding has no branding line. The admin's
 * other lines follow, in their order.
 */
export function planCardFeatures(features: readonly string[], plan: PlanCardFacts): string[] {
  const facts = [
    formatEntryLimit(plan.entryLimit),
    formatActionLimit(plan.entryActionLimit),
    ANALYTICS_FEATURE_LINES[plan.analyticsLevel],
    aiCreditsLine(plan.aiCredits),
    ...(plan.customBranding ? [CUSTOM_BRANDING_LINE] : []),
  ];
  return [...new Set([...facts, ...features.filter((line) => statedFact(line) === null)])];
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

/**
 * The plans a new install starts with (seeded once; admins edit them in the database from then on).
 * Every feature line describes something built (decision 046): the analytics lines come from
 * plan-features.ts, and there is no "email support" or "priority support" line, because every
 * creator reaches the same contact form and nothing puts one plan's messages first.
 * `popular` is stored for older code paths only: the badge is computed from launches.
 */
export const PLAN_CATALOGUE = [
  {
    id: "starter_tee",
    name: "Starter Tee",
    priceCents: 0,
    entryLimit: 50,
    entryActionLimit: SEEDED_ACTION_LIMITS.starter_tee,
    aiCredits: 1,
    analyticsLevel: "basic",
    customBranding: false,
    features: [
      "Up to 50 entries",
      formatActionLimit(SEEDED_ACTION_LIMITS.starter_tee),
      ANALYTICS_FEATURE_LINES.basic,
      "1 AI design credit",
    ],
    description: "Everything you need to run your first giveaway, free.",
    popular: false,
    sortOrder: 1,
  },
  {
    id: "growth_tee",
    name: "Growth Tee",
    priceCents: 2900,
    entryLimit: 500,
    entryActionLimit: SEEDED_ACTION_LIMITS.growth_tee,
    aiCredits: 5,
    analyticsLevel: "standard",
    customBranding: false,
    features: [
      "Up to 500 entries",
      formatActionLimit(SEEDED_ACTION_LIMITS.growth_tee),
      ANALYTICS_FEATURE_LINES.standard,
      "5 AI design credits",
    ],
    description: "For growing brands: more entries, more AI designs, a daily chart and the entries CSV.",
    popular: false,
    sortOrder: 2,
  },
  {
    id: "pro_tee",
    name: "Pro Tee",
    priceCents: 7900,
    entryLimit: null,
    entryActionLimit: SEEDED_ACTION_LIMITS.pro_tee,
    aiCredits: 15,
    analyticsLevel: "advanced",
    customBranding: true,
    features: [
      "Unlimited entries",
      formatActionLimit(SEEDED_ACTION_LIMITS.pro_tee),
      ANALYTICS_FEATURE_LINES.advanced,
      "15 AI design credits",
      CUSTOM_BRANDING_LINE,
    ],
    description: "Unlimited entries, every analytics section and your own branding on the page.",
    popular: false,
    sortOrder: 3,
  },
] as const satisfies readonly (Record<string, unknown> & { analyticsLevel: AnalyticsLevel; customBranding: boolean })[];

/**
 * The feature lists earlier versions seeded, word for word, oldest first: a stored plan whose features
 * still equal one of these was never edited, so the seeder brings it up to the current list. The
 * second of each is the list before the entry action line (decision 076).
 */
export const EARLIER_PLAN_FEATURES: Record<string, readonly (readonly string[])[]> = {
  starter_tee: [
    ["Up to 50 entries", "Basic analytics", "1 AI design credit"],
    ["Up to 50 entries", ANALYTICS_FEATURE_LINES.basic, "1 AI design credit"],
  ],
  growth_tee: [
    ["Up to 500 entries", "Standard analytics", "5 AI design credits", "Email support"],
    ["Up to 500 entries", ANALYTICS_FEATURE_LINES.standard, "5 AI design credits"],
  ],
  pro_tee: [
    ["Unlimited entries", "Advanced analytics", "15 AI design credits", "Priority support", "Custom branding"],
    ["Unlimited entries", ANALYTICS_FEATURE_LINES.advanced, "15 AI design credits", CUSTOM_BRANDING_LINE],
  ],
};

/**
 * The descriptions earlier versions seeded, word for word (decision 069): "more reach" and "the full
 * toolkit" promised what no plan gives, so a description never edited is brought up to the current one.
 */
export const EARLIER_PLAN_DESCRIPTIONS: Record<string, readonly string[]> = {
  growth_tee: ["For growing brands that want more reach and more design options."],
  pro_tee: ["Unlimited entries and the full toolkit for serious campaigns."],
};

// ---------------------------------------------------------------------------------------------
// The Elite Solutions card

/**
 * The pricing page's Elite Solutions card (SPEC: "Custom", "Contact Sales" to the sales team): an
 * invitation to talk, and every line something the product does today (decision 069). It once
 * promised unlimited winners (a giveaway has a grand prize and at most MAX_ADDITIONAL_PRIZES more),
 * API access, white-label options, advanced team features, custom development and an account
 * manager, none of which exist. What a conversation can really arrange is a price: a coupon an admin
 * makes for the brand (percent or amount off, optional expiry and redemption cap, decision 003).
 * The other lines are what every account has, said for a brand that runs many giveaways.
 */
export function eliteCard(topPlanName: string | undefined) {
  return {
    description: "For agencies and brands running many giveaways: tell us how many, and we'll quote a price for them.",
    heading: `Every campaign on ${topPlanName ?? "our top plan"}, at a price for your volume:`,
    features: [
      "A price agreed for your volume, applied at each checkout as your own coupon code",
      "As many giveaways as you like, side by side on one account",
      `Up to ${1 + MAX_ADDITIONAL_PRIZES} winners per giveaway: the grand prize and ${MAX_ADDITIONAL_PRIZES} more prizes`,
      "Entries sent to your systems: signed webhooks, Klaviyo or Mailchimp",
    ],
  } as const;
}

// ---------------------------------------------------------------------------------------------
// The admin's plan form

export const PLAN_LIMITS = {
  name: 60,
  description: 300,
  features: 2000,
  aiCredits: 1000,
  entryLimit: 10_000_000,
  entryActionLimit: 100,
} as const;

export const PLAN_MESSAGES = {
  entryActionLimitInvalid: `Enter a whole number of entry actions from 0 to ${PLAN_LIMITS.entryActionLimit}, or leave it empty for unlimited.`,
  choosePlan: "Choose the plan to save.",
  planMissing: "That plan does not exist.",
  aiCreditsRequired: "AI credits are required.",
  aiCreditsInvalid: `Enter a whole number of AI credits from 0 to ${PLAN_LIMITS.aiCredits}.`,
} as const;

export const PlanSchema = z.object({
  planId: z.string({ error: PLAN_MESSAGES.choosePlan }).trim().min(1, PLAN_MESSAGES.choosePlan),
  name: z
    .string({ error: "Plan name is required." })
    .trim()
    .min(1, "Plan name is required.")
    .max(PLAN_LIMITS.name, `The plan name can be at most ${PLAN_LIMITS.name} characters.`),
  price: dollars("Price is required.", "Enter a price in dollars, e.g. 29 or 29.00."),
  entryLimit: z.coerce
    .number({ error: "Enter a whole number of entries, or leave it empty for unlimited." })
    .int("Enter a whole number of entries, or leave it empty for unlimited.")
    .min(1, "The entry limit must be at least 1 (leave it empty for unlimited).")
    .max(PLAN_LIMITS.entryLimit, "That entry limit is too large; leave it empty for unlimited.")
    .optional()
    .transform((value) => value ?? null),
  entryActionLimit: z.coerce
    .number({ error: PLAN_MESSAGES.entryActionLimitInvalid })
    .int(PLAN_MESSAGES.entryActionLimitInvalid)
    .min(0, PLAN_MESSAGES.entryActionLimitInvalid)
    .max(PLAN_LIMITS.entryActionLimit, PLAN_MESSAGES.entryActionLimitInvalid)
    .optional()
    .transform((value) => value ?? null),
  // Required first (an empty field arrives as undefined), then a finite whole number in range:
  // "abc", "1e400" (Infinity) and "1.5" all get the range message rather than "required".
  aiCredits: z
    .string({ error: PLAN_MESSAGES.aiCreditsRequired })
    .trim()
    .min(1, PLAN_MESSAGES.aiCreditsRequired)
    .pipe(
      z.coerce
        .number<string>({ error: PLAN_MESSAGES.aiCreditsInvalid })
        .int(PLAN_MESSAGES.aiCreditsInvalid)
        .min(0, "AI credits cannot be negative.")
        .max(PLAN_LIMITS.aiCredits, `AI credits can be at most ${PLAN_LIMITS.aiCredits}.`),
    ),
  features: z
    .string({ error: "List at least one feature." })
    .max(PLAN_LIMITS.features, `Features can be at most ${PLAN_LIMITS.features} characters.`)
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join("\n"),
    )
    .refine((value) => value.length > 0, "List at least one feature."),
  description: z
    .string({ error: "Enter the description as text." })
    .trim()
    .max(PLAN_LIMITS.description, `The description can be at most ${PLAN_LIMITS.description} characters.`)
    .optional()
    .transform((value) => value ?? ""),
  analyticsLevel: z.enum(ANALYTICS_LEVELS, { error: "Choose basic, standard or advanced analytics." }),
  customBranding: onOff("Custom branding"),
  active: onOff("Active"),
});
