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

import type { EntrantLanguage } from "./entrant-language";
import { endSentence } from "./sentences";

export type ConsentKind = "terms" | "marketing";

export interface ConsentWordingVersion {
  kind: ConsentKind;
  version: number;
  text: string;
  /** The entrants' language it is written in (decision 097); absent: English. */
  language?: Exclude<EntrantLanguage, "en">;
}

/**
 * Every version ever shown, oldest first. Each language's wordings are versions of their own
 * (decision 097): an entry records the words it was shown, in the language it was shown in.
 */
export const CONSENT_WORDINGS: readonly ConsentWordingVersion[] = [
  { kind: "terms", version: 1, text: "I am {minimumAge} or older and agree to the official rules and the terms and conditions." },
  { kind: "marketing", version: 1, text: "Send me news and offers from {brand}. Optional: it does not change your chances." },
  {
    kind: "terms",
    version: 1,
    language: "es",
    text: "Tengo {minimumAge} años o más y acepto las bases oficiales y los términos y condiciones.",
  },
  {
    kind: "marketing",
    version: 1,
    language: "es",
    text: "Quiero recibir novedades y ofertas de {brand}. Opcional: no cambia mis posibilidades.",
  },
  {
    kind: "terms",
    version: 1,
    language: "fr",
    text: "J'ai {minimumAge}\u00a0ans ou plus et j'accepte le règlement officiel et les conditions générales.",
  },
  {
    kind: "marketing",
    version: 1,
    language: "fr",
    text: "Je souhaite recevoir les actualités et offres de {brand}. Facultatif\u00a0: cela ne change pas mes chances.",
  },
  {
    kind: "terms",
    version: 1,
    language: "de",
    text: "Ich bin mindestens {minimumAge} Jahre alt und akzeptiere die offiziellen Teilnahmebedingungen und die AGB.",
  },
  {
    kind: "marketing",
    version: 1,
    language: "de",
    text: "Ich möchte Neuigkeiten und Angebote von {brand} erhalten. Freiwillig: Das ändert nichts an meinen Gewinnchancen.",
  },
  {
    kind: "terms",
    version: 1,
    language: "pt",
    text: "Tenho {minimumAge} anos ou mais e aceito o regulamento oficial e os termos e condições.",
  },
  {
    kind: "marketing",
    version: 1,
    language: "pt",
    text: "Quero receber novidades e ofertas de {brand}. Opcional: isso não muda minhas chances.",
  },
];

/** "<kind>-v<version>" ("-<language>" after it for another language), the ConsentWording row's id and what an entry stores. */
export function consentWordingId(wording: Pick<ConsentWordingVersion, "kind" | "version" | "language">): string {
  return `${wording.kind}-v${wording.version}${wording.language ? `-${wording.language}` : ""}`;
}

function latest(kind: ConsentKind, language: EntrantLanguage = "en"): ConsentWordingVersion {
  const versions = CONSENT_WORDINGS.filter((wording) => wording.kind === kind && (wording.language ?? "en") === language);
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
  // The same phrases in the other entrant languages (decision 097).
  { phrase: "bases oficiales", link: "rules" },
  { phrase: "términos y condiciones", link: "terms" },
  { phrase: "règlement officiel", link: "rules" },
  { phrase: "conditions générales", link: "terms" },
  { phrase: "offiziellen Teilnahmebedingungen", link: "rules" },
  { phrase: "AGB", link: "terms" },
  { phrase: "regulamento oficial", link: "rules" },
  { phrase: "termos e condições", link: "terms" },
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

export function entryConsentLabels(context: ConsentContext, language: EntrantLanguage = "en"): EntryConsentLabels {
  const terms = latest("terms", language);
  const marketing = latest("marketing", language);
  return {
    terms: { id: consentWordingId(terms), text: fillConsentWording(terms.text, context) },
    marketing: { id: consentWordingId(marketing), text: fillConsentWording(marketing.text, context) },
  };
}
