import { formatZonedDay } from "./campaign-time-zone";
import type { DrawPick } from "./draw";
import { OrderStatus, prizeRankLabel, winnerOrderStep } from "./orders";

/**
 * Proof of delivery, in public (decision 052): where each prize of an ended giveaway
 * stands, from the draw to the winner's door. Built only from dates and statuses: no name, email or
 * address of anyone ever goes in.
 */

export type TimelineStepKey = "drawn" | "claimed" | "production" | "shipped" | "delivered";

export interface TimelineStep {
  key: TimelineStepKey;
  label: string;
  done: boolean;
  /** When the step was reached (ISO 8601), when we know it. */
  at: string | null;
}

export interface PrizeTierTimeline {
  rank: number;
  /** "Grand prize", "2nd prize: $25 store credit". */
  title: string;
  steps: TimelineStep[];
  /** What stands between the steps: waiting for the claim, unclaimed, redrawn, a problem. */
  notes: string[];
}

export interface PrizeTimeline {
  tiers: PrizeTierTimeline[];
  /** The campaign's zone: each step's day is the day there (decision 096). */
  timeZone: string;
}

/** The facts the timeline is built from (no personal data is read). */
export interface PrizeTimelineInput {
  drawnAt: Date;
  timeZone: string;
  picks: readonly DrawPick[];
  grandPrize: { claimDeadline: Date | null };
  additionalPrizes: readonly { rank: number; title: string; kind: string; claimDeadline: Date | null }[];
  orders: readonly {
    prizeRank: number;
    kind: string;
    status: string;
    /** Printify's own word and order id: "in production" is told from them, as on the winner's page. */
    providerStatus: string | null;
    printifyOrderId: string | null;
    createdAt: Date;
    submittedAt: Date | null;
    fulfilledAt: Date | null;
    shippedAt: Date | null;
    deliveredAt: Date | null;
  }[];
  now: Date;
}

export const TIMELINE_LABELS: Record<TimelineStepKey, string> = {
  drawn: "Winner drawn",
  claimed: "Claimed by the winner",
  production: "In production",
  shipped: "Shipped",
  delivered: "Delivered",
};

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export function buildPrizeTimeline(input: PrizeTimelineInput): PrizeTimeline {
  const tiers = [
    { rank: 1, title: prizeRankLabel(1), kind: "merch", claimDeadline: input.grandPrize.claimDeadline },
    ...input.additionalPrizes.map((prize) => ({
      rank: prize.rank,
      title: `${prizeRankLabel(prize.rank)}: ${prize.title}`,
      kind: prize.kind === "merch" ? "merch" : "gift",
      claimDeadline: prize.claimDeadline,
    })),
  ];
  return { tiers: tiers.map((tier) => tierTimeline(tier, input)), timeZone: input.timeZone };
}

function tierTimeline(
  tier: { rank: number; title: string; kind: string; claimDeadline: Date | null },
  input: PrizeTimelineInput,
): PrizeTierTimeline {
  const picks = input.picks.filter((pick) => pick.rank === tier.rank);
  const current = picks.find((pick) => !pick.replaced);
  const replaced = picks.filter((pick) => pick.replaced).length;
  const order = input.orders.find((o) => o.prizeRank === tier.rank);
  const kind = order?.kind ?? tier.kind;
  const notes: string[] = [];

  const step = (key: TimelineStepKey, done: boolean, at: Date | null | undefined): TimelineStep => ({
    key,
    label: kind === "gift" && key === "delivered" ? "Delivered by the brand" : TIMELINE_LABELS[key],
    done,
    at: done ? iso(at) : null,
  });

  if (!current) {
    notes.push("No winner was drawn for this prize: there were fewer confirmed entries than prizes.");
    return { rank: tier.rank, title: tier.title, steps: [step("drawn", false, null)], notes };
  }
  const drawnAt = current.redrawnAt ? new Date(current.redrawnAt) : input.drawnAt;
  if (replaced)
    notes.push(
      `${replaced === 1 ? "The first winner" : "Earlier winners"} did not claim the prize by the deadline, so it was drawn again on ${formatZonedDay(drawnAt, input.timeZone)}.`,
    );

  const status = order?.status ?? "";
  const shipped = status === OrderStatus.shipped || status === OrderStatus.delivered || Boolean(order?.shippedAt);
  const delivered = status === OrderStatus.delivered || Boolean(order?.deliveredAt);
  // As the winner is told (winnerOrderStep): sent to Printify is not yet in production; made by hand (fulfilled) is.
  const winnerStep = order ? winnerOrderStep(order) : null;
  const production = shipped || winnerStep === "production" || winnerStep === "shipped" || winnerStep === "delivered";
  const steps =
    kind === "gift"
      ? [step("drawn", true, drawnAt), step("claimed", Boolean(order), order?.createdAt), step("delivered", delivered, order?.deliveredAt)]
      : [
          step("drawn", true, drawnAt),
          step("claimed", Boolean(order), order?.createdAt),
          step("production", production, order?.submittedAt ?? order?.fulfilledAt),
          step("shipped", shipped, order?.shippedAt),
          step("delivered", delivered, order?.deliveredAt),
        ];

  if (!order) {
    const deadlineText = current.claimDeadline ?? iso(tier.claimDeadline);
    const deadline = deadlineText ? new Date(deadlineText) : null;
    if (deadline && deadline.getTime() <= input.now.getTime())
      notes.push(`Not claimed by the deadline (${formatZonedDay(deadline, input.timeZone)}); the prize can be drawn again.`);
    else
      notes.push(
        deadline
          ? `Waiting for the winner to claim it (deadline ${formatZonedDay(deadline, input.timeZone)}).`
          : "Waiting for the winner to claim it.",
      );
  } else if (status === OrderStatus.cancelled) {
    notes.push("There was a problem with this order; our team is sorting it out with the winner.");
  }
  return { rank: tier.rank, title: tier.title, steps, notes };
}
