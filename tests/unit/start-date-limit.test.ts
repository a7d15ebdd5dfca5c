import { describe, expect, it } from "vitest";
import { isStartDateWithinAYear, latestStartDate, latestStartDateInput, parseDateInput } from "~/domain/campaign-dates";
import { CAMPAIGN_MESSAGES, entryRulesSchema } from "~/domain/campaign-schemas";

const today = new Date("2025-06-15T10:00:00Z");
const schema = entryRulesSchema({ today });

function startDateErrors(startDate: string): string[] | undefined {
  const result = schema.safeParse({ startDate, durationDays: "30", termsAccepted: true });
  return result.success ? undefined : result.error.issues.filter((issue) => issue.path[0] === "startDate").map((issue) => issue.message);
}

describe("the latest start date", () => {
  it("is the same calendar day a year from today", () => {
    expect(latestStartDateInput(today)).toBe("2026-06-15");
    expect(latestStartDateInput(new Date("2025-12-31T23:59:59Z"))).toBe("2026-12-31");
    expect(latestStartDate(new Date("2028-02-29T12:00:00Z")).toISOString()).toBe("2029-03-01T00:00:00.000Z");
  });

  it("allows a year ahead, but not a day more", () => {
    expect(isStartDateWithinAYear(parseDateInput("2026-06-15")!, today)).toBe(true);
    expect(isStartDateWithinAYear(parseDateInput("2026-06-16")!, today)).toBe(false);
    expect(isStartDateWithinAYear(parseDateInput("9999-12-31")!, today)).toBe(false);
  });

  it("refuses a start date more than a year ahead with its own message", () => {
    expect(CAMPAIGN_MESSAGES.startDateTooLate).toBe("Start date cannot be more than a year from today.");
    expect(startDateErrors("9999-12-31")).toEqual([CAMPAIGN_MESSAGES.startDateTooLate]);
    expect(startDateErrors("2026-06-16")).toEqual([CAMPAIGN_MESSAGES.startDateTooLate]);
    expect(startDateErrors("2026-06-15")).toBeUndefined();
    expect(startDateErrors("2025-06-14")).toBeUndefined();
    expect(startDateErrors("2025-06-13")).toEqual([CAMPAIGN_MESSAGES.startDateTooEarly]);
  });
});
