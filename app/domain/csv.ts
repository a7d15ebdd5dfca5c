/**
 * CSV for spreadsheets (RFC 4180): fields joined by commas, records ended by CRLF, a field quoted
 * when it holds a comma, a quote, CR or LF, quotes inside doubled.
 *
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab or CR, which some of them skip
 * before looking) as a formula, so such a cell gets a leading apostrophe (OWASP "CSV injection").
 * Entrants type their own email and phone number, so every text cell is treated that way; a phone
 * number such as "+1 555 0100" therefore reads "'+1 555 0100".
 */

export const CSV_EOL = "\r\n";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Date) return value.toISOString();
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",") + CSV_EOL;
}

/** A file name safe in a Content-Disposition header: letters, digits and dashes. */
export function csvFileName(base: string, date: Date): string {
  const slug =
    base
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "campaign";
  return `${slug}-${date.toISOString().slice(0, 10)}.csv`;
}
