import { describe, expect, it } from "vitest";
import { analyticsBadge, campaignEndDate, dashboardStatus, type CreatorTiming } from "~/domain/campaign-status";
import { csvCell, csvFileName, csvRow } from "~/domain/csv";
import {
  axisDayIndexes,
  chartWindow,
  dailySeries,
  dashboardSearch,
  dashboardStats,
  dayLabel,
  entryRateNote,
  formatEntryRate,
  inTab,
  isDeletable,
  itemOfTheDay,
  MAX_CHART_DAYS,
  niceScale,
  parseDashboardQuery,
  percentOf,
  scaled,
  zonedDayCounts,
} from "~/domain/dashboard";
import { hourLabel } from "~/domain/hourly-series";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-03-10T12:00:00Z");

function campaign(overrides: Partial<CreatorTiming>): CreatorTiming {
  return { status: "active", startDate: new Date(NOW.getTime() - 2 * DAY), durationDays: 7, endDate: null, ...overrides };
}

describe("the dashboard status rule", () => {
  it("keeps drafts and unpaid campaigns as they are, whatever their dates", () => {
    const past = { startDate: new Date(NOW.getTime() - 30 * DAY), durationDays: 7 };
    expect(dashboardStatus(campaign({ status: "draft", ...past }), NOW)).toBe("draft");
    expect(dashboardStatus(campaign({ status: "pending_payment", ...past }), NOW)).toBe("pending_payment");
  });

  it("calls a campaign completed once start date plus duration has passed", () => {
    expect(dashboardStatus(campaign({ startDate: new Date(NOW.getTime() - 7 * DAY), durationDays: 7 }), NOW)).toBe("completed");
    expect(dashboardStatus(campaign({ startDate: new Date(NOW.getTime() - 8 * DAY), durationDays: 7 }), NOW)).toBe("completed");
    expect(dashboardStatus(campaign({ startDate: new Date(NOW.getTime() - 7 * DAY + 1000), durationDays: 7 }), NOW)).toBe("active");
  });

  it("prefers the stored end date, and counts a closed campaign as completed", () => {
    expect(dashboardStatus(campaign({ endDate: new Date(NOW.getTime() - 1) }), NOW)).toBe("completed");
    expect(dashboardStatus(campaign({ status: "completed", endDate: new Date(NOW.getTime() + DAY) }), NOW)).toBe("completed");
  });

  it("is active for status active, or any other status with the end still ahead; unknown otherwise", () => {
    expect(dashboardStatus(campaign({ status: "active", startDate: null, endDate: null }), NOW)).toBe("active");
    expect(dashboardStatus(campaign({ status: "paused" }), NOW)).toBe("active");
    expect(dashboardStatus(campaign({ status: "paused", startDate: null }), NOW)).toBe("unknown");
  });

  it("works the end out from start + duration when no end date is stored", () => {
    expect(campaignEndDate(campaign({ startDate: NOW, durationDays: 14 }))).toEqual(new Date(NOW.getTime() + 14 * DAY));
    expect(campaignEndDate(campaign({ startDate: null }))).toBeNull();
  });
});

describe("the analytics badge", () => {
  it("follows SPEC's badge logic", () => {
    expect(analyticsBadge(campaign({ status: "draft" }), NOW)).toBe("Draft");
    expect(analyticsBadge(campaign({ status: "pending_payment" }), NOW)).toBe("Pending Payment");
    expect(analyticsBadge(campaign({ endDate: new Date(NOW.getTime() - DAY) }), NOW)).toBe("Ended");
    expect(analyticsBadge(campaign({ status: "completed", endDate: new Date(NOW.getTime() - DAY) }), NOW)).toBe("Ended");
    expect(analyticsBadge(campaign({}), NOW)).toBe("Active");
    expect(analyticsBadge(campaign({ status: "paused" }), NOW)).toBe("Active");
    expect(analyticsBadge(campaign({ status: "on_hold", startDate: null }), NOW)).toBe("On hold");
    expect(analyticsBadge(campaign({ status: "", startDate: null }), NOW)).toBe("Unknown");
  });
});

describe("tabs, views and deletion", () => {
  it("reads tab and view from the URL, the remembered view when the URL has none", () => {
    expect(parseDashboardQuery(new URLSearchParams(""), null)).toEqual({ tab: "all", view: "grid" });
    expect(parseDashboardQuery(new URLSearchParams("tab=draft&view=list"), "grid")).toEqual({ tab: "draft", view: "list" });
    expect(parseDashboardQuery(new URLSearchParams("tab=nonsense"), "list")).toEqual({ tab: "all", view: "list" });
    expect(parseDashboardQuery(new URLSearchParams("view=table"), "bogus")).toEqual({ tab: "all", view: "grid" });
    expect(dashboardSearch({ tab: "active", view: "grid" }, { view: "list" })).toBe("?tab=active&view=list");
  });

  it("files unpaid campaigns under Draft and everything under All", () => {
    expect(inTab("pending_payment", "draft")).toBe(true);
    expect(inTab("draft", "draft")).toBe(true);
    expect(inTab("active", "draft")).toBe(false);
    expect(inTab("completed", "completed")).toBe(true);
    expect(inTab("unknown", "active")).toBe(false);
    expect(inTab("unknown", "all")).toBe(true);
  });

  it("counts campaigns, active ones and entries", () => {
    expect(
      dashboardStats([
        { status: "active", entryCount: 10 },
        { status: "completed", entryCount: 5 },
        { status: "draft", entryCount: 0 },
      ]),
    ).toEqual({ campaigns: 3, active: 1, totalEntries: 15 });
  });

  it("lets only unlaunched campaigns be deleted", () => {
    expect(isDeletable("draft")).toBe(true);
    expect(isDeletable("pending_payment")).toBe(true);
    expect(isDeletable("active")).toBe(false);
    expect(isDeletable("completed")).toBe(false);
  });

  it("picks the same tip all day and the next one the day after", () => {
    const morning = new Date("2026-03-10T00:00:01Z");
    const evening = new Date("2026-03-10T23:59:59Z");
    expect(itemOfTheDay(6, morning)).toBe(itemOfTheDay(6, evening));
    expect(itemOfTheDay(6, new Date(morning.getTime() + DAY))).toBe((itemOfTheDay(6, morning) + 1) % 6);
    expect(itemOfTheDay(0, morning)).toBe(0);
  });
});

describe("figures", () => {
  it("formats the email entry rate as entries ÷ page views", () => {
    expect(formatEntryRate(0, 0)).toBe("—");
    expect(formatEntryRate(0, 10)).toBe("0%");
    expect(formatEntryRate(1, 8)).toBe("12.5%");
    expect(formatEntryRate(1, 3)).toBe("33.3%");
    expect(formatEntryRate(2, 4)).toBe("50%");
    expect(formatEntryRate(999, 1000)).toBe("99.9%");
    expect(formatEntryRate(7, 7)).toBe("100%");
    expect(entryRateNote(2, 4)).toBe("Vs. page views");
  });

  it("never shows a rate above 100%: more entries than counted views is said in words", () => {
    for (const [entries, views] of [
      [8, 1],
      [3, 2],
      [5, 0],
      [1_000_001, 1_000_000],
    ] as const) {
      expect(formatEntryRate(entries, views), `${entries}/${views}`).toBe("N/A");
      expect(entryRateNote(entries, views)).toBe("More entries than counted page views");
    }
    for (let views = 1; views <= 50; views += 1) {
      for (let entries = 0; entries <= views; entries += 1) {
        const shown = Number.parseFloat(formatEntryRate(entries, views));
        expect(shown, `${entries}/${views}`).toBeGreaterThanOrEqual(0);
        expect(shown, `${entries}/${views}`).toBeLessThanOrEqual(100);
      }
    }
  });

  it("rounds shares to whole percentages", () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 0)).toBe(0);
  });
});

describe("chart scaling", () => {
  it("makes an axis of 1, 2 or 5 × 10ⁿ steps that covers the largest value", () => {
    expect(niceScale(0)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(niceScale(3)).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(niceScale(7)).toEqual({ max: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(12)).toEqual({ max: 15, step: 5, ticks: [0, 5, 10, 15] });
    expect(niceScale(100)).toEqual({ max: 100, step: 50, ticks: [0, 50, 100] });
    expect(niceScale(1234).max).toBe(1500);
    for (const value of [1, 9, 19, 47, 99, 101, 999, 12345]) {
      const scale = niceScale(value);
      expect(scale.max).toBeGreaterThanOrEqual(value);
      expect(scale.ticks.at(-1)).toBe(scale.max);
      expect(scale.ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it("scales a value to a percentage of the axis, clamped", () => {
    expect(scaled(5, 10)).toBe(50);
    expect(scaled(0, 10)).toBe(0);
    expect(scaled(20, 10)).toBe(100);
    expect(scaled(3, 0)).toBe(0);
  });

  it("fills every UTC day of the window, with zeros for quiet days", () => {
    const series = dailySeries(
      [
        { day: "2026-03-02", count: 4 },
        { day: "2026-03-04", count: 1 },
      ],
      new Date("2026-03-01T15:00:00Z"),
      new Date("2026-03-05T09:00:00Z"),
    );
    expect(series).toEqual([
      { day: "2026-03-01", count: 0 },
      { day: "2026-03-02", count: 4 },
      { day: "2026-03-03", count: 0 },
      { day: "2026-03-04", count: 1 },
      { day: "2026-03-05", count: 0 },
    ]);
  });

  it("adds up UTC quarter hours per day of the campaign's zone, whole-hour, half-hour and daylight-saving offsets alike", () => {
    const quarters = [
      { day: "2026-12-05T03:45", count: 2 }, // 22:45 Friday in New York (winter, -5:00)
      { day: "2026-12-05T05:00", count: 3 }, // 00:00 Saturday in New York
      { day: "2026-12-05T18:15", count: 1 }, // 23:45 Saturday in Kolkata (+5:30); 13:15 in New York
      { day: "2026-12-05T18:30", count: 4 }, // 00:00 Sunday in Kolkata
    ];
    expect(zonedDayCounts(quarters, "America/New_York")).toEqual([
      { day: "2026-12-04", count: 2 },
      { day: "2026-12-05", count: 8 },
    ]);
    expect(zonedDayCounts(quarters, "Asia/Kolkata")).toEqual([
      { day: "2026-12-05", count: 6 },
      { day: "2026-12-06", count: 4 },
    ]);
    expect(zonedDayCounts(quarters, "UTC")).toEqual([{ day: "2026-12-05", count: 10 }]);
    // Summer in New York is -4:00: 03:45 UTC is 23:45 the day before, 04:00 UTC is midnight.
    expect(
      zonedDayCounts(
        [
          { day: "2026-07-04T03:45", count: 1 },
          { day: "2026-07-04T04:00", count: 1 },
        ],
        "America/New_York",
      ),
    ).toEqual([
      { day: "2026-07-03", count: 1 },
      { day: "2026-07-04", count: 1 },
    ]);
  });

  it("runs the daily series over the zone's days, from the start's day to the end's", () => {
    // A New York campaign from Friday 00:00 (05:00 UTC) to Sunday 23:59 (04:59 UTC Monday).
    const series = dailySeries(
      [{ day: "2026-12-05", count: 3 }],
      new Date("2026-12-04T05:00:00Z"),
      new Date("2026-12-07T04:59:00Z"),
      "America/New_York",
    );
    expect(series).toEqual([
      { day: "2026-12-04", count: 0 },
      { day: "2026-12-05", count: 3 },
      { day: "2026-12-06", count: 0 },
    ]);
  });

  it("labels an hour on the zone's clocks", () => {
    expect(hourLabel("2026-03-05T14")).toBe("Mar 5, 14:00");
    expect(hourLabel("2026-03-05T14", "America/New_York")).toBe("Mar 5, 09:00");
    expect(hourLabel("2026-03-05T20", "Asia/Kolkata")).toBe("Mar 6, 01:30");
  });

  it("widens the window to days with entries outside it, and keeps the newest days of a very long one", () => {
    const series = dailySeries([{ day: "2026-02-27", count: 2 }], new Date("2026-03-01T00:00:00Z"), new Date("2026-03-01T00:00:00Z"));
    expect(series.map((p) => p.day)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    const long = dailySeries([], new Date("2020-01-01T00:00:00Z"), new Date("2026-01-01T00:00:00Z"));
    expect(long).toHaveLength(MAX_CHART_DAYS);
    expect(long.at(-1)?.day).toBe("2026-01-01");
    expect(dailySeries([], null, null)).toEqual([]);
  });

  it("runs the chart from the start to the end or today, whichever comes first", () => {
    const start = new Date("2026-03-01T00:00:00Z");
    const ended = chartWindow(start, new Date("2026-03-08T00:00:00Z"), NOW);
    expect(ended.to?.toISOString().slice(0, 10)).toBe("2026-03-07");
    const running = chartWindow(start, new Date("2026-03-15T00:00:00Z"), NOW);
    expect(running.to).toEqual(NOW);
    expect(chartWindow(new Date("2026-04-01T00:00:00Z"), new Date("2026-04-08T00:00:00Z"), NOW).to).toBeNull();
    expect(chartWindow(null, null, NOW)).toEqual({ from: null, to: null });
  });

  it("labels days and picks first, middle and last for the axis", () => {
    expect(dayLabel("2026-03-05")).toBe("Mar 5");
    expect(axisDayIndexes(0)).toEqual([]);
    expect(axisDayIndexes(1)).toEqual([0]);
    expect(axisDayIndexes(2)).toEqual([0, 1]);
    expect(axisDayIndexes(7)).toEqual([0, 3, 6]);
  });
});

describe("CSV", () => {
  it("quotes per RFC 4180 and ends records with CRLF", () => {
    expect(csvRow(["plain", 'say "hi"', "a,b", "line\nbreak", null, 3, true, false])).toBe(
      'plain,"say ""hi""","a,b","line\nbreak",,3,yes,no\r\n',
    );
    expect(csvCell(new Date("2026-03-05T10:00:00Z"))).toBe("2026-03-05T10:00:00.000Z");
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("fan@example.com")).toBe("fan@example.com");
  });

  it("names the file after the campaign", () => {
    expect(csvFileName("Summer Tee Drop! entries", new Date("2026-03-05T10:00:00Z"))).toBe("summer-tee-drop-entries-2026-03-05.csv");
    expect(csvFileName("«»", new Date("2026-03-05T10:00:00Z"))).toBe("campaign-2026-03-05.csv");
  });
});
