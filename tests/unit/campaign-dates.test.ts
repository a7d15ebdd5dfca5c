import { describe, expect, it } from "vitest";
import {
  durationFromEnd,
  earliestStartDate,
  earliestStartDateInput,
  endDateFor,
  isStartDateAllowed,
  parseDateInput,
  startOfUtcDay,
  toDateInput,
} from "~/domain/campaign-dates";

const utc = (iso: string) => new Date(iso);

describe("date inputs", () => {
  it("reads yyyy-mm-dd as midnight UTC", () => {
    expect(parseDateInput("2025-06-15")?.toISOString()).toBe("2025-06-15T00:00:00.000Z");
    expect(parseDateInput(" 2024-02-29 ")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
  });

  it("rejects anything that is not a real calendar day", () => {
    for (const value of ["", "2025-02-30", "2025-02-29", "2025-13-01", "2025-6-15", "15/06/2025", "2025-06-15T10:00"]) {
      expect(parseDateInput(value), value).toBeNull();
    }
  });

  it("writes the UTC calendar day back", () => {
    expect(toDateInput(utc("2025-06-15T00:00:00Z"))).toBe("2025-06-15");
    expect(toDateInput(utc("2025-06-15T23:59:59Z"))).toBe("2025-06-15");
    expect(toDateInput(parseDateInput("2025-01-09")!)).toBe("2025-01-09");
  });
});

describe("end date and duration", () => {
  const start = utc("2025-06-15T00:00:00Z");

  it("ends the campaign start + duration days later", () => {
    expect(endDateFor(start, 7).toISOString()).toBe("2025-06-22T00:00:00.000Z");
    expect(endDateFor(start, 30).toISOString()).toBe("2025-07-15T00:00:00.000Z");
  });

  it("turns an end date back into whole days, rounding up", () => {
    expect(durationFromEnd(start, utc("2025-06-29T00:00:00Z"))).toBe(14);
    expect(durationFromEnd(start, utc("2025-06-21T06:00:00Z"))).toBe(7);
    expect(durationFromEnd(start, start)).toBe(0);
    expect(Object.is(durationFromEnd(start, utc("2025-06-14T18:00:00Z")), 0)).toBe(true);
    expect(durationFromEnd(start, utc("2025-06-13T00:00:00Z"))).toBe(-2);
  });

  it("round-trips every offered duration", () => {
    for (const days of [7, 14, 21, 30]) expect(durationFromEnd(start, endDateFor(start, days))).toBe(days);
  });
});

describe("earliest start date", () => {
  it("is yesterday in UTC days, whatever the time of day", () => {
    expect(toDateInput(earliestStartDate(utc("2025-06-15T00:00:00Z")))).toBe("2025-06-14");
    expect(earliestStartDateInput(utc("2025-06-15T23:59:59Z"))).toBe("2025-06-14");
    expect(earliestStartDateInput(utc("2025-03-01T08:00:00Z"))).toBe("2025-02-28");
    expect(startOfUtcDay(utc("2025-06-15T13:14:15Z")).toISOString()).toBe("2025-06-15T00:00:00.000Z");
  });

  it("allows yesterday, today and later, but not the day before yesterday", () => {
    const today = utc("2025-06-15T09:30:00Z");
    expect(isStartDateAllowed(parseDateInput("2025-06-14")!, today)).toBe(true);
    expect(isStartDateAllowed(parseDateInput("2025-06-15")!, today)).toBe(true);
    expect(isStartDateAllowed(parseDateInput("2026-01-01")!, today)).toBe(true);
    expect(isStartDateAllowed(parseDateInput("2025-06-13")!, today)).toBe(false);
    expect(isStartDateAllowed(utc("2025-06-14T23:59:59Z"), today)).toBe(true);
  });
});
