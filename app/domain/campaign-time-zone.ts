/**
 * A campaign's time zone (decision 095). The creator picks an IANA zone in step 4; the start date
 * is 00:00 and the last day ends at 23:59 on that zone's clocks, stored as UTC instants. Everything
 * after that (entries, the countdown, the jobs, the draw) compares instants; only what people read is
 * written in the zone, with its name ("Friday 5 December 2025, 23:59 New York time").
 *
 * Built on Intl alone: the wall-clock to instant step needs a zone's offset at an instant, which
 * Intl.DateTimeFormat gives, and two passes of it settle daylight-saving changes.
 */
import { DAY_MS, parseDateInput, toDateInput } from "./campaign-dates";

export const DEFAULT_TIME_ZONE = "UTC";

/** The message for a zone that is not an IANA name this server knows. */
export const TIME_ZONE_INVALID = "Choose a time zone from the list (an IANA name such as America/New_York).";

let supported: ReadonlySet<string> | null = null;

/** The IANA zones Intl knows, plus "UTC" (Node lists only "Etc/UTC"-style aliases without it). */
export function supportedTimeZones(): readonly string[] {
  return [...supportedSet()];
}

function supportedSet(): ReadonlySet<string> {
  if (!supported) {
    const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    supported = new Set(
      [DEFAULT_TIME_ZONE, ...list].sort((a, b) => (a === DEFAULT_TIME_ZONE ? -1 : b === DEFAULT_TIME_ZONE ? 1 : a.localeCompare(b))),
    );
  }
  return supported;
}

/** Whether `zone` is a time zone the wizard accepts (exact IANA spelling). */
export function isSupportedTimeZone(zone: string): boolean {
  return supportedSet().has(zone);
}

/** A stored zone, or UTC for an empty or unknown one (a row written before zones, or a zone a later ICU dropped). */
export function campaignTimeZone(zone: string | null | undefined): string {
  return zone && isSupportedTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per locale and options, made once (making one costs far more than using it). */
export function cachedDateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\n${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function partsFormatter(zone: string): Intl.DateTimeFormat {
  return cachedDateFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock reading in `zone` at `instant`. */
export function wallTime(instant: Date, zone: string): WallTime & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at `instant`, in milliseconds (New York in winter: -5 h). */
export function zoneOffsetMs(instant: Date, zone: string): number {
  const wall = wallTime(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant when `zone`'s clocks read `wall`. A reading the clocks skip (spring forward) gives the
 * instant the clocks jump to; a reading they show twice (fall back) gives the first.
 */
export function zonedInstant(wall: WallTime, zone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offset an hour either side brackets the answer; try the earlier offset first.
  const before = zoneOffsetMs(new Date(asUtc - DAY_MS / 2), zone);
  const after = zoneOffsetMs(new Date(asUtc + DAY_MS / 2), zone);
  for (const offset of before <= after ? [after, before] : [before, after]) {
    const candidate = new Date(asUtc - offset);
    if (zoneOffsetMs(candidate, zone) === offset) return candidate;
  }
  // In a gap neither offset reads back: the clocks jumped over it, so take the instant after the jump.
  return new Date(asUtc - Math.min(before, after));
}

/**
 * A campaign's start and end instants: the start date at 00:00 and the last day (start date +
 * duration days - 1) at 23:59, on `zone`'s clocks. Null when the date is not a calendar day.
 */
export function campaignWindow(startDateInput: string, durationDays: number, zone: string): { start: Date; end: Date } | null {
  const day = parseDateInput(startDateInput);
  if (!day) return null;
  const last = new Date(day.getTime() + (durationDays - 1) * DAY_MS);
  const start = zonedInstant({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0 }, zone);
  const end = zonedInstant(
    { year: last.getUTCFullYear(), month: last.getUTCMonth() + 1, day: last.getUTCDate(), hour: 23, minute: 59 },
    zone,
  );
  return { start, end };
}

/** The "yyyy-mm-dd" calendar day of `instant` on `zone`'s clocks (what the start date input shows). */
export function zonedDateInput(instant: Date, zone: string): string {
  const wall = wallTime(instant, zone);
  return toDateInput(new Date(Date.UTC(wall.year, wall.month - 1, wall.day)));
}

/** The last day of a campaign ending at `end` (its 23:59), as "yyyy-mm-dd" in the zone. */
export function lastDayInput(start: string, durationDays: number): string {
  const day = parseDateInput(start);
  return day ? toDateInput(new Date(day.getTime() + (durationDays - 1) * DAY_MS)) : "";
}

/** What a zone is called in a sentence: "New York time", "UTC", "Ho Chi Minh time". */
export function timeZoneLabel(zone: string): string {
  if (zone === "UTC" || zone === "Etc/UTC" || zone === "Etc/GMT") return "UTC";
  if (zone.startsWith("Etc/")) return zone.slice(4);
  const city = zone.slice(zone.lastIndexOf("/") + 1).replace(/_/g, " ");
  return `${city} time`;
}

/**
 * The locale dates are written in when none is given: English with the day before the month
 * ("Friday 5 December 2025, 23:59"). A caller that knows the reader's language passes its own.
 */
export const DEFAULT_DATE_LOCALE = "en-GB";

function displayFormatter(zone: string, locale: string) {
  return {
    date: cachedDateFormat(locale, { timeZone: zone, weekday: "long", day: "numeric", month: "long", year: "numeric" }),
    time: cachedDateFormat(locale, { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
    day: cachedDateFormat(locale, { timeZone: zone, day: "numeric", month: "long", year: "numeric" }),
  };
}

/** "Friday 5 December 2025": the calendar day of `instant` in `zone`. */
export function formatZonedDate(instant: Date, zone: string, locale: string = DEFAULT_DATE_LOCALE): string {
  const text = displayFormatter(campaignTimeZone(zone), locale).date.format(instant);
  // en-GB writes "Friday 5 December 2025" in some ICU versions and "Friday, 5 December 2025" in others.
  return locale === DEFAULT_DATE_LOCALE ? text.replace(",", "") : text;
}

/** "5 December 2025": a short day in `zone` (the prize timeline, the share card). */
export function formatZonedDay(instant: Date, zone: string, locale: string = DEFAULT_DATE_LOCALE): string {
  return displayFormatter(campaignTimeZone(zone), locale).day.format(instant);
}

/** "Friday 5 December 2025, 23:59 New York time": dates entrants and creators read, in the campaign's zone. */
export function formatZonedDateTime(instant: Date, zone: string, locale: string = DEFAULT_DATE_LOCALE): string {
  const z = campaignTimeZone(zone);
  return `${formatZonedDate(instant, z, locale)}, ${displayFormatter(z, locale).time.format(instant)} ${timeZoneLabel(z)}`;
}

/** "5 December 2025, 23:59 New York time": the same without the weekday, where room is short (the share card). */
export function formatZonedShortDateTime(instant: Date, zone: string, locale: string = DEFAULT_DATE_LOCALE): string {
  const z = campaignTimeZone(zone);
  return `${formatZonedDay(instant, z, locale)}, ${displayFormatter(z, locale).time.format(instant)} ${timeZoneLabel(z)}`;
}

/**
 * An entry's receipt time: in the campaign's zone for the entrant, and the UTC instant to the
 * millisecond that the published entry list's created_ms states (decision 096): "Friday 5 December
 * 2025, 23:02 New York time (2025-12-06 04:02:10.123 UTC)". A UTC campaign's receipt reads as before.
 */
export function formatReceiptTime(instant: Date, zone: string, locale: string = DEFAULT_DATE_LOCALE): string {
  const utc = `${instant.toISOString().replace("T", " ").replace("Z", "")} UTC`;
  const z = campaignTimeZone(zone);
  return timeZoneLabel(z) === "UTC" ? utc : `${formatZonedDateTime(instant, z, locale)} (${utc})`;
}

/** "2025-12-06 04:59 UTC": an instant as a verifier or an admin checks it (decision 096). */
export function formatUtcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * "Friday 5 December 2025, 23:59 New York time (2025-12-06 04:59 UTC)": the campaign's zone for the
 * reader, and the UTC instant a verifier compares with the draw record (decision 096). A UTC campaign
 * gets the first part alone.
 */
export function formatZonedDateTimeWithUtc(instant: Date, zone: string, locale: string = DEFAULT_DATE_LOCALE): string {
  const z = campaignTimeZone(zone);
  const local = formatZonedDateTime(instant, z, locale);
  return timeZoneLabel(z) === "UTC" ? local : `${local} (${formatUtcStamp(instant)})`;
}
