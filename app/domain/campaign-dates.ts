/**
 * Campaign dates are calendar days. A "yyyy-mm-dd" from a date input is read as midnight UTC so the
 * same string means the same instant on the server and in every browser, whatever their time zone.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2025-03-09" -> 2025-03-09T00:00:00.000Z; null for anything that is not a real calendar day. */
export function parseDateInput(value: string): Date | null {
  const match = DATE_INPUT.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC rolls 2025-02-30 over to March; a rolled date is not what the user typed.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** The value for an `<input type="date">`: the UTC calendar day of `date`. */
export function toDateInput(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Campaign end = start date + duration days. */
export function endDateFor(start: Date, durationDays: number): Date {
  return addDays(start, durationDays);
}

/** Picking an end date sets the duration to the day difference, rounded up (a partial day counts). */
export function durationFromEnd(start: Date, end: Date): number {
  // "+ 0" turns the -0 that Math.ceil gives for small negative differences into 0.
  return Math.ceil((end.getTime() - start.getTime()) / DAY_MS) + 0;
}

/**
 * The earliest start date the picker offers. Yesterday rather than today: "today" in UTC can still
 * be yesterday for a creator west of Greenwich, and they must be able to start on their today.
 */
export function earliestStartDate(today: Date): Date {
  return addDays(startOfUtcDay(today), -1);
}

/** `min` for the start date input. */
export function earliestStartDateInput(today: Date): string {
  return toDateInput(earliestStartDate(today));
}

export function isStartDateAllowed(start: Date, today: Date): boolean {
  return startOfUtcDay(start).getTime() >= earliestStartDate(today).getTime();
}

/**
 * The latest start date: the same calendar day a year from today (UTC), so a campaign is planned
 * at most a year ahead (a start in year 9999 would end past what a date column holds). 29 February
 * rolls over to 1 March.
 */
export function latestStartDate(today: Date): Date {
  return new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate()));
}

/** `max` for the start date input. */
export function latestStartDateInput(today: Date): string {
  return toDateInput(latestStartDate(today));
}

export function isStartDateWithinAYear(start: Date, today: Date): boolean {
  return startOfUtcDay(start).getTime() <= latestStartDate(today).getTime();
}
