import { describe, expect, it } from "vitest";
import { passBatchSize, reserveSendSlot } from "~/domain/email-sending";

describe("email sending (decision 089)", () => {
  it("spaces slots 1000/rate ms apart and refuses one beyond the wait allowed", () => {
    expect(reserveSendSlot(0, 1000, null, 0)).toEqual({ startAt: 1000, nextFree: 0 });
    const first = reserveSendSlot(0, 1000, 4, 0)!;
    expect(first).toEqual({ startAt: 1000, nextFree: 1250 });
    expect(reserveSendSlot(first.nextFree, 1000, 4, 100)).toBeNull();
    expect(reserveSendSlot(first.nextFree, 1000, 4, 250)).toEqual({ startAt: 1250, nextFree: 1500 });
    expect(reserveSendSlot(1250, 2000, 4, 0)).toEqual({ startAt: 2000, nextFree: 2250 });
  });

  it("takes at most 30 s of sending per pass under a rate", () => {
    expect(passBatchSize(200, null)).toBe(200);
    expect(passBatchSize(200, 2)).toBe(60);
    expect(passBatchSize(200, 100)).toBe(200);
    expect(passBatchSize(200, 0.01)).toBe(1);
  });
});
