import { describe, expect, it } from "vitest";
import { publicPhase } from "~/domain/campaign-status";
import {
  campaignWindow,
  formatReceiptTime,
  formatUtcStamp,
  formatZonedDate,
  formatZonedDateTime,
  formatZonedDateTimeWithUtc,
  formatZonedDay,
  formatZonedShortDateTime,
  isSupportedTimeZone,
  timeZoneLabel,
  zonedDateInput,
  zonedInstant,
} from "~/domain/campaign-time-zone";

const active = (window: { start: Date; end: Date }) => ({ status: "active", startDate: window.start, endDate: window.end });

describe("campaign time zone (decision 095)", () => {
  it("ends a New York campaign's Friday 23:59 at 04:59 UTC on Saturday in winter", () => {
    // Saturday 29 November 2025 for 7 days: the last day is Friday 5 December.
    const window = campaignWindow("2025-11-29", 7, "America/New_York")!;
    expect(window.start.toISOString()).toBe("2025-11-29T05:00:00.000Z");
    expect(window.end.toISOString()).toBe("2025-12-06T04:59:00.000Z");
    expect(formatZonedDateTime(window.end, "America/New_York")).toBe("Friday 5 December 2025, 23:59 New York time");
    // Still open at 04:58:59 UTC Saturday, closed from 04:59.
    expect(publicPhase(active(window), new Date("2025-12-06T04:58:59.999Z"))).toBe("live");
    expect(publicPhase(active(window), new Date("2025-12-06T04:59:00.000Z"))).toBe("ended");
  });

  it("is exact on both ends of a campaign across the autumn change", () => {
    // 27 October (EDT, UTC-4) to Sunday 9 November (EST, UTC-5); the clocks fell back on 2 November.
    const window = campaignWindow("2025-10-27", 14, "America/New_York")!;
    expect(window.start.toISOString()).toBe("2025-10-27T04:00:00.000Z");
    expect(window.end.toISOString()).toBe("2025-11-10T04:59:00.000Z");
    expect(formatZonedDateTime(window.start, "America/New_York")).toBe("Monday 27 October 2025, 00:00 New York time");
    expect(formatZonedDateTime(window.end, "America/New_York")).toBe("Sunday 9 November 2025, 23:59 New York time");
    // One hour longer than 14 days less a minute: the day the clocks fell back had 25 hours.
    expect(window.end.getTime() - window.start.getTime()).toBe(14 * 86_400_000 - 60_000 + 3_600_000);
  });

  it("is exact on both ends of a campaign across the spring change", () => {
    // Europe/Berlin moved from UTC+1 to UTC+2 on 30 March 2025.
    const window = campaignWindow("2025-03-25", 7, "Europe/Berlin")!;
    expect(window.start.toISOString()).toBe("2025-03-24T23:00:00.000Z");
    expect(window.end.toISOString()).toBe("2025-03-31T21:59:00.000Z");
    expect(window.end.getTime() - window.start.getTime()).toBe(7 * 86_400_000 - 60_000 - 3_600_000);
  });

  it("starts at the first minute a zone has when its clocks skip midnight", () => {
    // Chile moves to summer time at 00:00 on 7 September 2025: the day begins at 01:00 (UTC-3).
    expect(campaignWindow("2025-09-07", 7, "America/Santiago")!.start.toISOString()).toBe("2025-09-07T04:00:00.000Z");
    // A reading shown twice (New York, 01:30 on 2 November 2025) is the first.
    expect(zonedInstant({ year: 2025, month: 11, day: 2, hour: 1, minute: 30 }, "America/New_York").toISOString()).toBe(
      "2025-11-02T05:30:00.000Z",
    );
  });

  it("keeps UTC campaigns on UTC's clock", () => {
    const window = campaignWindow("2025-06-15", 7, "UTC")!;
    expect(window.start.toISOString()).toBe("2025-06-15T00:00:00.000Z");
    expect(window.end.toISOString()).toBe("2025-06-21T23:59:00.000Z");
    expect(formatZonedDateTime(window.end, "UTC")).toBe("Saturday 21 June 2025, 23:59 UTC");
  });

  it("reads the calendar day back in the zone, east and west of Greenwich", () => {
    const tokyo = campaignWindow("2025-06-15", 7, "Asia/Tokyo")!;
    expect(tokyo.start.toISOString()).toBe("2025-06-14T15:00:00.000Z");
    expect(zonedDateInput(tokyo.start, "Asia/Tokyo")).toBe("2025-06-15");
    expect(zonedDateInput(tokyo.end, "Asia/Tokyo")).toBe("2025-06-21");
    const la = campaignWindow("2025-06-15", 7, "America/Los_Angeles")!;
    expect(zonedDateInput(la.start, "America/Los_Angeles")).toBe("2025-06-15");
  });

  it("accepts IANA names only, and names the zone by its city", () => {
    expect(isSupportedTimeZone("America/New_York")).toBe(true);
    expect(isSupportedTimeZone("UTC")).toBe(true);
    expect(isSupportedTimeZone("america/new_york")).toBe(false);
    expect(isSupportedTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isSupportedTimeZone("")).toBe(false);
    expect(timeZoneLabel("America/Argentina/Buenos_Aires")).toBe("Buenos Aires time");
    expect(timeZoneLabel("UTC")).toBe("UTC");
    // An unknown stored zone reads as UTC rather than failing the page.
    expect(formatZonedDateTime(new Date("2025-06-21T23:59:00Z"), "Nowhere/Atlantis")).toBe("Saturday 21 June 2025, 23:59 UTC");
  });
});

describe("the formatters of decision 096", () => {
  // Friday 5 December 2025, 23:59 in New York (winter, UTC-5) is 04:59 UTC on Saturday.
  const end = new Date("2025-12-06T04:59:00.000Z");

  it("write a date in the campaign's zone with its name, in the issue's style", () => {
    expect(formatZonedDateTime(end, "America/New_York")).toBe("Friday 5 December 2025, 23:59 New York time");
    expect(formatZonedDate(end, "America/New_York")).toBe("Friday 5 December 2025");
    expect(formatZonedDay(end, "America/New_York")).toBe("5 December 2025");
    expect(formatZonedShortDateTime(end, "America/New_York")).toBe("5 December 2025, 23:59 New York time");
    // The same instant in UTC is already Saturday.
    expect(formatZonedDateTime(end, "UTC")).toBe("Saturday 6 December 2025, 04:59 UTC");
    expect(formatZonedDateTime(end, "Asia/Tokyo")).toBe("Saturday 6 December 2025, 13:59 Tokyo time");
    // An unknown stored zone reads as UTC rather than failing.
    expect(formatZonedDateTime(end, "Mars/Olympus_Mons")).toBe("Saturday 6 December 2025, 04:59 UTC");
  });

  it("keep the UTC instant beside the zone where a verifier compares it, and say UTC for admins", () => {
    expect(formatZonedDateTimeWithUtc(end, "America/New_York")).toBe("Friday 5 December 2025, 23:59 New York time (2025-12-06 04:59 UTC)");
    expect(formatZonedDateTimeWithUtc(end, "UTC")).toBe("Saturday 6 December 2025, 04:59 UTC");
    expect(formatUtcStamp(end)).toBe("2025-12-06 04:59 UTC");
    const entered = new Date("2025-12-06T04:02:10.123Z");
    expect(formatReceiptTime(entered, "America/New_York")).toBe(
      "Friday 5 December 2025, 23:02 New York time (2025-12-06 04:02:10.123 UTC)",
    );
    expect(formatReceiptTime(entered, "UTC")).toBe("2025-12-06 04:02:10.123 UTC");
  });

  it("are exact on either side of a daylight-saving change", () => {
    // New York's clocks went back at 02:00 on Sunday 2 November 2025: 23:59 that Sunday is UTC-5.
    expect(formatZonedDateTime(new Date("2025-11-03T04:59:00Z"), "America/New_York")).toBe("Sunday 2 November 2025, 23:59 New York time");
    // The Saturday before, 23:59 is still UTC-4.
    expect(formatZonedDateTime(new Date("2025-11-02T03:59:00Z"), "America/New_York")).toBe("Saturday 1 November 2025, 23:59 New York time");
    // Paris went forward on Sunday 30 March 2025: 23:59 that day is UTC+2.
    expect(formatZonedDateTime(new Date("2025-03-30T21:59:00Z"), "Europe/Paris")).toBe("Sunday 30 March 2025, 23:59 Paris time");
  });

  it("take a locale for the entrant's language, English by default", () => {
    expect(formatZonedDate(end, "America/New_York", "en-GB")).toBe(formatZonedDate(end, "America/New_York"));
    expect(formatZonedDate(end, "America/New_York", "es")).toMatch(/viernes.*5.*diciembre.*2025/);
    expect(formatZonedDay(end, "Europe/Paris", "fr")).toBe("6 décembre 2025");
  });
});
