/**
 * Consent records (decision 054): the exact words beside the entry form's two boxes, by version.
 *
 * The words live here, in code; the seeder writes each version to the ConsentWording table on every
 * start (a new version is a new row, old rows stay), and every entry stores the ids of the versions
 * its form showed. "{brand}" and "{minimumAge}" stand for the campaign's own, both fixed at launch,
 * so the words an entrant saw can always be shown again exactly.
 *
 * To change a wording, add a version with a higher number and make it the current one: never edit a
 * version that entries may already name.
 */

import { endSentence } from "./sentences";

export type ConsentKind = "terms" | "marketing";

export interface ConsentWordingVersion {
  kind: ConsentKind;
  version: number;
  text: string;
}

/** Every version ever shown, oldest first. */
export const CONSENT_WORDINGS: readonly ConsentWordingVersion[] = [
  { kind: "terms", version: 1, text: "I am {minimumAge} or older and agree to the official rules and the terms and conditions." },
  { kind: "marketing", version: 1, text: "Send me news and offers from {brand}. Optional: it does not change your chances." },
];

/** "<kind>-v<version>", the ConsentWording row's id and what an entry stores. */
export function consentWordingId(wording: Pick<ConsentWordingVersion, "kind" | "version">): string {
  return `${wording.kind}-v${wording.version}`;
}

function latest(kind: ConsentKind): ConsentWordingVersion {
  const versions = CONSENT_WORDINGS.filter((wording) => wording.kind === kind);
  const newest = versions.reduce<ConsentWordingVersion | undefined>(
    (best, wording) => (!best || wording.version > best.version ? wording : best),
    undefined,
  );
  if (!newest) throw new Error(`No ${kind} consent wording`);
  return newest;
}

/** The versions the entry form shows now. */
export const CURRENT_CONSENT = {
  terms: latest("terms"),
  marketing: latest("marketing"),
} as const;

export const CURRENT_CONSENT_IDS = {
  terms: consentWordingId(CURRENT_CONSENT.terms),
  marketing: consentWordingId(CURRENT_CONSENT.marketing),
} as const;

/** The wording a stored id names, or null for an id that is not one of ours. */
export function consentWording(id: string | null | undefined): ConsentWordingVersion | null {
  if (!id) return null;
  return CONSENT_WORDINGS.find((wording) => consentWordingId(wording) === id) ?? null;
}

/**
 * The id of the wording a form says it showed (its hidden field), when it is a known version of
 * `kind`; otherwise the current one. A page rendered just before a new version was deployed thus
 * records the words it really showed.
 */
export function shownWordingId(kind: ConsentKind, value: unknown): string {
  const wording = typeof value === "string" ? consentWording(value) : null;
  return wording?.kind === kind ? (value as string) : CURRENT_CONSENT_IDS[kind];
}

export interface ConsentContext {
  brand: string;
  minimumAge: number;
}

/** The words as the entrant read them: the placeholders filled with the campaign's own. */
export function fillConsentWording(text: string, context: ConsentContext): string {
  const brand = context.brand.trim() || "the brand";
  // "{brand}." ends a sentence: a brand that ends with its own period ("Co.") gets no second one (decision 069).
  return text
    .replace(/\{brand\}(\.?)/g, (_placeholder, period: string) => (period ? endSentence(brand) : brand))
    .replaceAll("{minimumAge}", String(context.minimumAge));
}

/** A run of a filled wording: plain text, or the words that link to the official rules or the terms. */
export interface ConsentSegment {
  text: string;
  link: "rules" | "terms" | null;
}

const LINKED: readonly { phrase: string; link: "rules" | "terms" }[] = [
  { phrase: "official rules", link: "rules" },
  { phrase: "terms and conditions", link: "terms" },
];

/**
 * A filled wording cut into runs so a label can link its phrases ("official rules", "terms and
 * conditions") while its text stays exactly the stored words: the runs joined give the text back.
 */
export function consentSegments(text: string): ConsentSegment[] {
  const segments: ConsentSegment[] = [];
  let rest = text;
  for (;;) {
    const next = LINKED.map((item) => ({ ...item, at: rest.indexOf(item.phrase) }))
      .filter((item) => item.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    if (next.at > 0) segments.push({ text: rest.slice(0, next.at), link: null });
    segments.push({ text: next.phrase, link: next.link });
    rest = rest.slice(next.at + next.phrase.length);
  }
  if (rest) segments.push({ text: rest, link: null });
  return segments;
}

/** What the entry form's two labels say for one campaign, with the versions it records. */
export interface EntryConsentLabels {
  terms: { id: string; text: string };
  marketing: { id: string; text: string };
}

export function entryConsentLabels(context: ConsentContext): EntryConsentLabels {
  return {
    terms: { id: CURRENT_CONSENT_IDS.terms, text: fillConsentWording(CURRENT_CONSENT.terms.text, context) },
    marketing: { id: CURRENT_CONSENT_IDS.marketing, text: fillConsentWording(CURRENT_CONSENT.marketing.text, context) },
  };
}
