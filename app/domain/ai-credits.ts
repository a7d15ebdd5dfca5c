/**
 * One AI-credit figure everywhere (decision 049): the user's own balance (User.aiDesignCredits) and,
 * for a campaign, its plan credits used and left (Campaign.remainingGenerations against the plan's
 * aiCredits). The wizard, the dashboard, the analytics page and the upgrade page read these through
 * app/server/ai/credits.server.ts and show them with one component (components/dashboard/ai-credits).
 */

export interface PlanCredits {
  planName: string | null;
  /** The plan's credits, as its plan card says (used + left). */
  total: number;
  used: number;
  left: number;
}

export interface AiCreditFigures {
  /** The user's own credits, spent after the campaign's plan credits (decision 021). */
  balance: number;
  /** The campaign's plan credits, when there is a campaign with a plan. */
  plan: PlanCredits | null;
  /** What a generation can spend now: plan credits left plus the user's own. */
  available: number;
}

/**
 * A campaign's plan credits. `left` is what the campaign still holds; `used` is the rest of the
 * plan's credits, so used + left is the plan card's number (a catalogue cut below what the campaign
 * holds counts nothing as used).
 */
export function planCredits(planName: string | null, planAiCredits: number, remainingGenerations: number): PlanCredits {
  const left = Math.max(0, remainingGenerations);
  const used = Math.max(0, planAiCredits - left);
  return { planName, total: used + left, used, left };
}

export function aiCreditFigures(balance: number, plan: PlanCredits | null): AiCreditFigures {
  const own = Math.max(0, balance);
  return { balance: own, plan, available: own + (plan?.left ?? 0) };
}

export const creditsWord = (n: number) => (n === 1 ? "credit" : "credits");

/** "2 of 5 Growth Tee plan credits left" */
export function planCreditsText(plan: PlanCredits): string {
  return `${plan.left} of ${plan.total} ${plan.planName ? `${plan.planName} plan` : "plan"} ${creditsWord(plan.total)} left`;
}

/** "5 of your own" */
export function balanceText(figures: AiCreditFigures): string {
  return `${figures.balance} of your own`;
}
