/**
 * Reading the frozen entry list (draw.csv, procedure version 2, decision 039) as the public pages
 * need it: an entrant's line and ticket range ("Check my entry") and the disqualified ids. Works
 * on the stored bytes chunk by chunk, so a million-entry list is scanned without holding it whole.
 *
 * The format (exact): ASCII, every line ends with "\n".
 *   entry_id,created_ms,referrer_id,weight
 *   <one line per counted entry, in draw order>
 *   disqualified_entry_id,reason
 *   <one line per disqualified entry>
 * Entries hold the tickets 0..T-1 in list order: the first entry 0..w1-1, the next the following w2.
 */

import { DISQUALIFIED_HEADER, ENTRY_LIST_HEADER } from "./draw";

export type EntryListMatch =
  | {
      kind: "listed";
      id: string;
      /** The line as it stands in the file, without its "\n". */
      line: string;
      /** 1-based line number in the file (the header is line 1). */
      lineNumber: number;
      /** 1-based position among the counted entries (draw order). */
      position: number;
      createdMs: number;
      referrerId: string | null;
      weight: number;
      /** Decimal strings: the first and last ticket this entry holds. */
      firstTicket: string;
      lastTicket: string;
    }
  | { kind: "disqualified"; id: string; line: string; lineNumber: number; reason: string };

export interface EntryListScan {
  match: EntryListMatch | null;
  entries: number;
  totalWeight: string;
}

/**
 * The lines of a list fed as stored chunks, in order, each without its "\n": a line may straddle
 * chunks, so the unfinished tail is carried to the next. `finish` answers an unterminated last line.
 */
export class LineSplitter {
  #decoder = new TextDecoder("latin1");
  #carry = "";

  push(bytes: Uint8Array, onLine: (line: string) => void): void {
    const text = this.#carry + this.#decoder.decode(bytes, { stream: true });
    let start = 0;
    for (;;) {
      const end = text.indexOf("\n", start);
      if (end === -1) break;
      onLine(text.slice(start, end));
      start = end + 1;
    }
    this.#carry = text.slice(start);
  }

  finish(): string {
    const rest = this.#carry + this.#decoder.decode();
    this.#carry = "";
    return rest;
  }
}

/**
 * Feeds the list's bytes in order (`push` each stored chunk, then `finish`) and finds the first of
 * the wanted ids. Lines may straddle chunks; the scanner keeps the unfinished tail.
 */
export class EntryListScanner {
  #wanted: Set<string>;
  #lines = new LineSplitter();
  #lineNumber = 0;
  #section: "header" | "entries" | "disqualified" = "header";
  #entries = 0;
  #total = 0;
  #match: EntryListMatch | null = null;

  constructor(ids: Iterable<string>) {
    this.#wanted = new Set(ids);
  }

  push(bytes: Uint8Array): void {
    this.#lines.push(bytes, (line) => this.#line(line));
  }

  finish(): EntryListScan {
    const rest = this.#lines.finish();
    // A well-formed list ends with "\n"; a stray unterminated line is still read.
    if (rest) this.#line(rest);
    return { match: this.#match, entries: this.#entries, totalWeight: String(this.#total) };
  }

  #line(line: string): void {
    this.#lineNumber += 1;
    if (this.#section === "header") {
      if (line !== ENTRY_LIST_HEADER) throw new Error(`The entry list does not start with "${ENTRY_LIST_HEADER}"`);
      this.#section = "entries";
      return;
    }
    if (this.#section === "entries") {
      if (line === DISQUALIFIED_HEADER) {
        this.#section = "disqualified";
        return;
      }
      const comma = line.lastIndexOf(",");
      const weight = Number(line.slice(comma + 1));
      if (comma === -1 || !Number.isSafeInteger(weight) || weight < 1) throw new Error(`Invalid entry line ${this.#lineNumber}`);
      const first = this.#total;
      this.#total += weight;
      this.#entries += 1;
      if (this.#match || this.#wanted.size === 0) return;
      const id = line.slice(0, line.indexOf(","));
      if (!this.#wanted.has(id)) return;
      const [, created = "", referrer = ""] = line.split(",");
      this.#match = {
        kind: "listed",
        id,
        line,
        lineNumber: this.#lineNumber,
        position: this.#entries,
        createdMs: Number(created),
        referrerId: referrer || null,
        weight,
        firstTicket: String(first),
        lastTicket: String(this.#total - 1),
      };
      return;
    }
    if (this.#match || this.#wanted.size === 0) return;
    const comma = line.indexOf(",");
    const id = line.slice(0, comma);
    if (comma > 0 && this.#wanted.has(id)) {
      this.#match = { kind: "disqualified", id, line, lineNumber: this.#lineNumber, reason: line.slice(comma + 1) };
    }
  }
}

/**
 * The disqualified section, given text that ends the list and holds at least its
 * DISQUALIFIED_HEADER line (the server reads chunks from the end until it does). null when the
 * text does not reach back to that line.
 */
export function parseDisqualified(tail: string): { id: string; reason: string }[] | null {
  const marker = `\n${DISQUALIFIED_HEADER}\n`;
  const at = tail.lastIndexOf(marker);
  if (at === -1) return null;
  return tail
    .slice(at + marker.length)
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const comma = line.indexOf(",");
      return { id: line.slice(0, comma), reason: line.slice(comma + 1) };
    });
}

/** Entry ids are cuid2: lowercase letters and digits. */
const ID_LIKE = /[a-z0-9]{16,40}/g;

/**
 * The entry ids "Check my entry" should look for in what an entrant pasted: the id itself, their
 * referral link (…/campaign/<campaign>?ref=<id>) or the confirmation link from their email. The
 * query's own entry parameters come first, then any id-shaped part of the text; the campaign's own
 * id (also in those links) is left out.
 */
export function entryIdCandidates(input: string, campaignId: string): string[] {
  const text = input.trim().slice(0, 2000);
  if (!text) return [];
  const found: string[] = [];
  const add = (value: string | null | undefined) => {
    for (const match of (value ?? "").toLowerCase().match(ID_LIKE) ?? []) {
      if (match !== campaignId && !found.includes(match)) found.push(match);
    }
  };
  let url: URL | null = null;
  try {
    url = new URL(text, "https://example.invalid");
  } catch {
    url = null;
  }
  if (url) for (const name of ["ref", "entry", "entryId", "id"]) add(url.searchParams.get(name));
  add(text);
  return found.slice(0, 8);
}
