/**
 * The claim page's words (decision 097). The claim page runs in the browser too (its forms
 * validate as you type), so it gets only its own language's words, as loader data, never i18next
 * or another language: the loader sends `claimWords(language)` (server/claims/claim-words.server)
 * and this fills them in. Dates and country names come written from the server, so the browser
 * and the server render the same text.
 */
import { Fragment, type ReactNode, createElement } from "react";
import { formatZonedDateTime } from "../domain/campaign-time-zone";
import { claimEn, type ClaimKey, type ClaimWords } from "./claim/en";

export type { ClaimKey, ClaimWords };
export { claimEn };

export interface ClaimText {
  t: (key: ClaimKey, values?: Record<string, string | number>) => string;
  /** The words with elements in their places ("Claim before {{deadline}}" with a <time>). */
  rich: (key: ClaimKey, values: Record<string, ReactNode>) => ReactNode;
  /** An instant (ISO) the server wrote in the campaign's zone and language; English as before otherwise. */
  date: (iso: string, zone: string) => string;
  /** A form's messages (English, from domain/claims and domain/winners-list) in the page's language. */
  errors: (messages: string[] | undefined) => string[] | undefined;
  /** A style, region or postal-code label (English in the domain) in the page's language. */
  label: (prefix: "style" | "label", english: string) => string;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A template with elements in its {{name}} places. */
export function richFill(template: string, values: Record<string, ReactNode>): ReactNode {
  const parts = template.split(PLACEHOLDER);
  // split with a capture group: even indexes are text, odd ones placeholder names.
  return createElement(
    Fragment,
    null,
    ...parts.map((part, at) => (at % 2 === 0 ? part : createElement(Fragment, { key: at }, values[part] ?? `{{${part}}}`))),
  );
}

const ENGLISH_KEY = new Map<string, ClaimKey>(Object.entries(claimEn).map(([key, value]) => [value as string, key as ClaimKey]));

const DYNAMIC: [RegExp, (match: RegExpExecArray, text: ClaimText) => string][] = [
  [/^(.+) is required for this country\.$/, (m, x) => x.t("regionRequired", { label: x.label("label", m[1]!) })],
  [
    /^(.+) is not available in (.+)\. Please choose another size or style\.$/,
    (m, x) => x.t("sizeNotInStyle", { style: x.label("style", m[1]!), size: m[2]! }),
  ],
  [
    /^Sorry, this prize does not ship to (.+)\. Please choose one of the listed countries\.$/,
    (m, x) => x.t("countryNotShipped", { country: m[1]! }),
  ],
  [/^(.+) is required\.$/, (m, x) => x.t("postalRequired", { label: x.label("label", m[1]!) })],
  [
    /^Please enter a valid (.+?)(?: \(for example (.+)\))?\.$/,
    (m, x) =>
      m[2]
        ? x.t("postalInvalidExample", { label: x.label("label", m[1]!), example: exampleIn(m[2], x) })
        : x.t("postalInvalid", { label: x.label("label", m[1]!) }),
  ],
];

/** "12345 or 12345-6789" in the page's language. */
export function exampleIn(example: string, text: Pick<ClaimText, "t">): string {
  const [first, last] = example.split(" or ");
  return last === undefined ? example : text.t("listOr", { first: first!, last });
}

/** A lower-cased label as the postal message writes it ("ZIP code" → "zip code") back to its key. */
function labelKey(prefix: string, english: string): ClaimKey | undefined {
  const exact = `${prefix}_${english}`;
  if (exact in claimEn) return exact as ClaimKey;
  const found = Object.keys(claimEn).find(
    (key) => key.startsWith(`${prefix}_`) && key.slice(prefix.length + 1).toLowerCase() === english.toLowerCase(),
  );
  return found as ClaimKey | undefined;
}

/** The page's words in one language; `dates` holds the instants the server wrote (ISO → text). */
export function claimText(words: ClaimWords | null | undefined, dates: Record<string, string> = {}): ClaimText {
  const table: ClaimWords = words ?? claimEn;
  const english = table === claimEn;
  const text: ClaimText = {
    t: (key, values) => fill(table[key] ?? claimEn[key], values),
    rich: (key, values) => richFill(table[key] ?? claimEn[key], values),
    date: (iso, zone) => dates[iso] ?? formatZonedDateTime(new Date(iso), zone),
    label: (prefix, value) => {
      const key = labelKey(prefix, value);
      return key ? table[key] : value;
    },
    errors: (messages) => {
      if (!messages || english) return messages;
      return messages.map((message) => {
        const key = ENGLISH_KEY.get(message);
        if (key) return table[key];
        for (const [pattern, say] of DYNAMIC) {
          const match = pattern.exec(message);
          if (match) return say(match, text);
        }
        return message;
      });
    },
  };
  return text;
}
