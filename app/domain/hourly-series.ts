import { cachedDateFormat } from "./campaign-time-zone";
import type { DayCount } from "./dashboard";

/** Advanced analytics' hourly chart (decision 046): the last HOURLY_CHART_HOURS hours of the campaign's window. */
export const HOURLY_CHART_HOURS = 72;

const HOUR_MS = 60 * 60 * 1000;

/** "2026-03-05T14": the UTC hour a point stands for (the key both databases group by). */
export function utcHourKey(date: Date): string {
  return date.toISOString().slice(0, 13);
}

/** The first instant the hourly chart covers, given the chart window's last instant. */
export function hourlyWindowStart(to: Date, from: Date | null): Date {
  const start = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS - (HOURLY_CHART_HOURS - 1) * HOUR_MS);
  return from && from.getTime() > start.getTime() ? new Date(Math.floor(from.getTime() / HOUR_MS) * HOUR_MS) : start;
}

/** One point per UTC hour from `from` to `to` (both included), hours without entries as 0. */
export function hourlySeries(counts: readonly DayCount[], from: Date, to: Date): DayCount[] {
  const byHour = new Map(counts.map(({ day, count }) => [day, count]));
  const series: DayCount[] = [];
  const first = Math.floor(from.getTime() / HOUR_MS);
  const last = Math.floor(to.getTime() / HOUR_MS);
  for (let hour = Math.max(first, last - HOURLY_CHART_HOURS + 1); hour <= last; hour += 1) {
    const key = utcHourKey(new Date(hour * HOUR_MS));
    series.push({ day: key, count: byHour.get(key) ?? 0 });
  }
  return series;
}

/**
 * The hour that starts at UTC hour `key`, on `zone`'s clocks: "2026-03-05T14" -> "Mar 5, 14:00" in
 * UTC, "Mar 5, 09:00" in New York (winter), "Mar 5, 19:30" in Kolkata (decision 096).
 */
export function hourLabel(key: string, zone: string = "UTC"): string {
  const format = cachedDateFormat("en-US", {
    timeZone: zone,
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return format.format(new Date(`${key}:00:00Z`));
}
