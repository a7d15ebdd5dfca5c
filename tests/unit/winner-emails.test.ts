import { describe, expect, it } from "vitest";
import { CLAIM_REMINDERS, DAY_MS, claimFollowUp, grandPrizeName } from "~/domain/winner-emails";

describe("grandPrizeName", () => {
  it("names the prize, not the giveaway", () => {
    expect(grandPrizeName("Night Owl Club Tee", "t-shirt")).toBe("Night Owl Club Tee");
    expect(grandPrizeName("Win the Northwind Morning Mug", "mug")).toBe("Northwind Morning Mug");
    expect(grandPrizeName("Win a Limited Hoodie!", "hoodie")).toBe("Limited Hoodie");
    expect(grandPrizeName("Summer Launch Giveaway", "t-shirt")).toBe("Summer Launch T-Shirt");
    expect(grandPrizeName("Win: Owl Labs", "hoodie")).toBe("Owl Labs Hoodie");
    expect(grandPrizeName("Giveaway", "mug")).toBe("a Mug");
    expect(grandPrizeName("", "t-shirt")).toBe("a T-Shirt");
  });
});

describe("claimFollowUp", () => {
  const deadline = new Date("2026-07-01T12:00:00Z");
  const at = (msBefore: number) => new Date(deadline.getTime() - msBefore);
  const emailed = at(14 * DAY_MS);
  const [threeDays, oneDay] = CLAIM_REMINDERS;

  it("is nothing before the 3-day window, then the nearer reminder only, then the creator's notice for a week", () => {
    expect(claimFollowUp(deadline, at(3 * DAY_MS + 1), emailed)).toBeNull();
    expect(claimFollowUp(deadline, at(3 * DAY_MS), emailed)).toEqual({ kind: "reminder", reminder: threeDays });
    expect(claimFollowUp(deadline, at(DAY_MS + 1), emailed)).toEqual({ kind: "reminder", reminder: threeDays });
    expect(claimFollowUp(deadline, at(DAY_MS), emailed)).toEqual({ kind: "reminder", reminder: oneDay });
    expect(claimFollowUp(deadline, at(1), emailed)).toEqual({ kind: "reminder", reminder: oneDay });
    expect(claimFollowUp(deadline, at(0), emailed)).toEqual({ kind: "unclaimed" });
    expect(claimFollowUp(deadline, at(-7 * DAY_MS), emailed)).toEqual({ kind: "unclaimed" });
    expect(claimFollowUp(deadline, at(-7 * DAY_MS - 1), emailed)).toBeNull();
  });

  it("sends no reminder whose window opened before the winner's email (which gave the deadline), nor without one", () => {
    expect(claimFollowUp(deadline, at(2 * DAY_MS), at(2.5 * DAY_MS))).toBeNull();
    expect(claimFollowUp(deadline, at(0.5 * DAY_MS), at(2.5 * DAY_MS))).toEqual({ kind: "reminder", reminder: oneDay });
    expect(claimFollowUp(deadline, at(2 * DAY_MS), null)).toBeNull();
    expect(claimFollowUp(deadline, at(-DAY_MS), null)).toEqual({ kind: "unclaimed" });
  });
});
