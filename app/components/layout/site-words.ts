/**
 * The site's header and footer in an entrant page's language (decision 097): the page's loader sends
 * its labels' words keyed by their English text (`siteWords`, i18n/page-words.ts), so the root's
 * code carries no dictionary. Without them (every English page) each label stays as it is.
 */
export type SiteWords = Record<string, string>;

/** Says an English label in the page's language. */
export type Say = (english: string) => string;

export function sayWith(words: SiteWords | null | undefined): Say {
  return (english) => words?.[english] ?? english;
}
