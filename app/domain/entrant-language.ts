/**
 * The languages a campaign can speak to its entrants (decision 097), and which one a visitor gets.
 *
 * A campaign has one language (Campaign.language, "en" by default) and may allow others
 * (Campaign.otherLanguages). A visitor's Accept-Language picks among the allowed ones, in the
 * visitor's order of preference; a visitor who prefers none of them gets the campaign's own.
 * Creator and admin screens stay English.
 */

export const ENTRANT_LANGUAGES = ["en", "es", "fr", "de", "pt"] as const;
export type EntrantLanguage = (typeof ENTRANT_LANGUAGES)[number];

/** Each language's name in its own words, for the wizard's select. */
export const LANGUAGE_NAMES: Record<EntrantLanguage, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  pt: "Português (Brasil)",
};

/**
 * The Intl locale each language formats dates and numbers with. English keeps the site's own
 * formats (day before month, 24-hour clock); Portuguese is Brazil's.
 */
export const LANGUAGE_LOCALES: Record<EntrantLanguage, string> = {
  en: "en-GB",
  es: "es-ES",
  fr: "fr-FR",
  de: "de-DE",
  pt: "pt-BR",
};

export function isEntrantLanguage(value: unknown): value is EntrantLanguage {
  return typeof value === "string" && (ENTRANT_LANGUAGES as readonly string[]).includes(value);
}

/** A stored language, or English for anything else (a row written before decision 097). */
export function entrantLanguage(value: string | null | undefined): EntrantLanguage {
  return isEntrantLanguage(value) ? value : "en";
}

/** The allowed other languages as stored ("es,fr"): known ones only, without the campaign's own. */
export function parseOtherLanguages(stored: string | null | undefined, own: EntrantLanguage): EntrantLanguage[] {
  const seen = new Set<EntrantLanguage>();
  for (const part of (stored ?? "").split(",")) {
    const code = part.trim().toLowerCase();
    if (isEntrantLanguage(code) && code !== own) seen.add(code);
  }
  return ENTRANT_LANGUAGES.filter((code) => seen.has(code));
}

/**
 * The languages we speak that an Accept-Language header asks for, most preferred first (q=0
 * refused, "*" ignored, "es-MX" counting as "es"). At most five values, so the page cache keyed
 * on it (decision 097) holds a bounded number of renders per campaign.
 */
export function acceptedLanguages(header: string | null | undefined): EntrantLanguage[] {
  if (!header) return [];
  const ranked: { code: EntrantLanguage; q: number; at: number }[] = [];
  header
    .slice(0, 512)
    .split(",")
    .forEach((part, at) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const code = tag.split("-")[0]?.trim();
      if (!isEntrantLanguage(code)) return;
      const qParam = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      const q = qParam === undefined ? 1 : Number(qParam);
      if (!(q > 0)) return;
      ranked.push({ code, q, at });
    });
  ranked.sort((a, b) => b.q - a.q || a.at - b.at);
  return [...new Set(ranked.map((item) => item.code))];
}

/**
 * The language a visitor gets: the first of `accepted` the campaign allows, else the campaign's
 * own. `accepted` is acceptedLanguages(Accept-Language).
 */
export function chooseLanguage(
  own: EntrantLanguage,
  others: readonly EntrantLanguage[],
  accepted: readonly EntrantLanguage[],
): EntrantLanguage {
  if (!others.length) return own;
  return accepted.find((code) => code === own || others.includes(code)) ?? own;
}

/** The campaign's columns as a choice for one request's Accept-Language header. */
export function campaignLanguageFor(
  campaign: { language: string; otherLanguages: string },
  acceptLanguage: string | null | undefined,
): EntrantLanguage {
  const own = entrantLanguage(campaign.language);
  return chooseLanguage(own, parseOtherLanguages(campaign.otherLanguages, own), acceptedLanguages(acceptLanguage));
}

/**
 * The language of a page that belongs to no one campaign (the entrant's data pages, which cover an
 * address across giveaways): the first of ours the visitor's Accept-Language asks for, else English
 * (decision 097).
 */
export function visitorLanguage(acceptLanguage: string | null | undefined): EntrantLanguage {
  return acceptedLanguages(acceptLanguage)[0] ?? "en";
}
