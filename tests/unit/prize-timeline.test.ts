import { describe, expect, it } from "vitest";
import { buildPrizeTimeline, type PrizeTimelineInput } from "~/domain/prize-timeline";

const at = (iso: string) => new Date(iso);
const base: PrizeTimelineInput = {
  drawnAt: at("2026-03-01T12:00:00Z"),
  timeZone: "UTC",
  picks: [{ rank: 1, entryId: "e1", ticket: "1", counter: 0 }],
  grandPrize: { claimDeadline: at("2026-03-15T12:00:00Z") },
  additionalPrizes: [],
  orders: [],
  now: at("2026-03-05T12:00:00Z"),
};
const order = (fields: Partial<PrizeTimelineInput["orders"][number]>) => ({
  prizeRank: 1,
  kind: "merch",
  status: "pending",
  providerStatus: null,
  printifyOrderId: null,
  createdAt: at("2026-03-02T12:00:00Z"),
  submittedAt: null,
  fulfilledAt: null,
  shippedAt: null,
  deliveredAt: null,
  ...fields,
});
const steps = (input: PrizeTimelineInput, rank = 1) =>
  buildPrizeTimeline(input)
    .tiers.find((tier) => tier.rank === rank)
    ?.steps.map((step) => [step.key, step.done, step.at]);

describe("the public prize timeline", () => {
  it("waits for the claim until the deadline, then says it was not claimed", () => {
    expect(steps(base)).toEqual([
      ["drawn", true, "2026-03-01T12:00:00.000Z"],
      ["claimed", false, null],
      ["production", false, null],
      ["shipped", false, null],
      ["delivered", false, null],
    ]);
    expect(buildPrizeTimeline(base).tiers[0]?.notes).toEqual(["Waiting for the winner to claim it (deadline 15 March 2026)."]);
    const late = buildPrizeTimeline({ ...base, now: at("2026-03-16T00:00:00Z") });
    expect(late.tiers[0]?.notes).toEqual(["Not claimed by the deadline (15 March 2026); the prize can be drawn again."]);
    // The day in the campaign's zone (decision 096): 02:00 UTC on the 15th is still the 14th in New York.
    const zoned = buildPrizeTimeline({ ...base, timeZone: "America/New_York", grandPrize: { claimDeadline: at("2026-03-15T02:00:00Z") } });
    expect(zoned.tiers[0]?.notes).toEqual(["Waiting for the winner to claim it (deadline 14 March 2026)."]);
  });

  it("follows the order with its dates; a shipment by hand counts production as done without a date", () => {
    const input = { ...base, orders: [order({ status: "shipped", shippedAt: at("2026-03-04T00:00:00Z") })] };
    expect(steps(input)).toEqual([
      ["drawn", true, "2026-03-01T12:00:00.000Z"],
      ["claimed", true, "2026-03-02T12:00:00.000Z"],
      ["production", true, null],
      ["shipped", true, "2026-03-04T00:00:00.000Z"],
      ["delivered", false, null],
    ]);
    expect(buildPrizeTimeline(input).tiers[0]?.notes).toEqual([]);
  });

  it("counts an order sent to Printify as in production only once Printify says so", () => {
    const sent = order({ status: "submitted", printifyOrderId: "p1", providerStatus: "pending", submittedAt: at("2026-03-03T00:00:00Z") });
    expect(steps({ ...base, orders: [sent] })?.[2]).toEqual(["production", false, null]);
    const making = { ...sent, providerStatus: "in-production" };
    expect(steps({ ...base, orders: [making] })?.[2]).toEqual(["production", true, "2026-03-03T00:00:00.000Z"]);
  });

  it("shows a gift tier as drawn, claimed, delivered by the brand, and a tier nobody could win", () => {
    const input: PrizeTimelineInput = {
      ...base,
      additionalPrizes: [
        { rank: 2, title: "Gift card", kind: "gift", claimDeadline: null },
        { rank: 3, title: "Stickers", kind: "gift", claimDeadline: null },
      ],
      picks: [...base.picks, { rank: 2, entryId: "e2", ticket: "2", counter: 1 }],
      orders: [order({ prizeRank: 2, kind: "gift", status: "delivered", deliveredAt: at("2026-03-03T00:00:00Z") })],
    };
    const timeline = buildPrizeTimeline(input);
    expect(timeline.tiers.map((tier) => tier.title)).toEqual(["Grand prize", "2nd prize: Gift card", "3rd prize: Stickers"]);
    expect(timeline.tiers[1]?.steps.map((step) => [step.label, step.done])).toEqual([
      ["Winner drawn", true],
      ["Claimed by the winner", true],
      ["Delivered by the brand", true],
    ]);
    expect(timeline.tiers[2]?.notes).toEqual(["No winner was drawn for this prize: there were fewer confirmed entries than prizes."]);
  });
});
