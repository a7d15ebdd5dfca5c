/**
 * The entrants' words in the campaign's language (decision 097), through i18next: one instance
 * per language, made once, synchronously, with every resource in memory. Everything an entrant
 * sees is rendered on the server (the campaign page and its siblings are served without the
 * client runtime), so no resource reaches a browser: a page holds only its own language's words.
 *
 * i18next chooses plural forms with Intl.PluralRules and formats {{count, number}} with
 * Intl.NumberFormat for the language's locale (LANGUAGE_LOCALES).
 */
import i18next, { type i18n } from "i18next";
import { cachedDateFormat, campaignTimeZone, formatZonedDateTime } from "../domain/campaign-time-zone";
import { ENTRANT_LANGUAGES, type EntrantLanguage, LANGUAGE_LOCALES } from "../domain/entrant-language";
import { de } from "./entrant/de";
import { en, type EntrantKey, type EntrantTextKey } from "./entrant/en";
import { es } from "./entrant/es";
import { fr } from "./entrant/fr";
import { pt } from "./entrant/pt";

export const ENTRANT_RESOURCES: Record<EntrantLanguage, Record<string, string>> = { en, es, fr, de, pt };

const instances = new Map<EntrantLanguage, i18n>();

function instance(language: EntrantLanguage): i18n {
  let made = instances.get(language);
  if (!made) {
    made = i18next.createInstance();
    void made.init({
      lng: LANGUAGE_LOCALES[language],
      fallbackLng: false,
      resources: { [LANGUAGE_LOCALES[language]]: { translation: ENTRANT_RESOURCES[language] } },
      initAsync: false,
      keySeparator: false,
      nsSeparator: false,
      // React escapes what it renders, and emails escape their tokens when filled.
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    } as Parameters<i18n["init"]>[0]);
    instances.set(language, made);
  }
  return made;
}

export type EntrantT = (key: EntrantTextKey, values?: Record<string, string | number>) => string;

/** What a page or an email needs to speak to an entrant: the words, and the locale's formats. */
export interface EntrantText {
  language: EntrantLanguage;
  /** The Intl locale ("es-ES"): the page's lang attribute and every date and number. */
  locale: string;
  t: EntrantT;
  /** A number as the locale writes it ("1.204" in German). */
  number: (value: number) => string;
  /** An instant as the entrant reads it: in the campaign's time zone, in the locale's words. */
  dateTime: (instant: Date, zone: string) => string;
}

const texts = new Map<EntrantLanguage, EntrantText>();

/** The entrant's words and formats in `language`. */
export function entrantText(language: EntrantLanguage): EntrantText {
  let text = texts.get(language);
  if (!text) {
    const i18n = instance(language);
    const locale = LANGUAGE_LOCALES[language];
    const numbers = new Intl.NumberFormat(locale);
    // A text without values is the same every time: looked up once (i18next's lookup costs tens of
    // microseconds, and the entry lane's answer asks for two on every entry).
    const fixed = new Map<EntrantTextKey, string>();
    text = {
      language,
      locale,
      t: (key, values) => {
        if (values) return i18n.t(key, values);
        let found = fixed.get(key);
        if (found === undefined) fixed.set(key, (found = i18n.t(key, {})));
        return found;
      },
      number: (value) => numbers.format(value),
      dateTime: (instant, zone) => (language === "en" ? formatZonedDateTime(instant, zone) : localDateTime(instant, zone, locale)),
    };
    texts.set(language, text);
  }
  return text;
}

/**
 * "sábado, 5 de diciembre de 2026, 23:59 hora de Europa central": the locale's long date and
 * 24-hour time with the zone's generic name (UTC says "UTC"). English keeps formatZonedDateTime's
 * own words (decision 095); once that takes a locale, this can go (decision 097).
 */
function localDateTime(instant: Date, zone: string, locale: string): string {
  const z = campaignTimeZone(zone);
  const utc = z === "UTC" || z === "Etc/UTC" || z === "Etc/GMT";
  const formatter = cachedDateFormat(locale, {
    timeZone: z,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    ...(utc ? {} : { timeZoneName: "longGeneric" as const }),
  });
  return utc ? `${formatter.format(instant)} UTC` : formatter.format(instant);
}

/** Every language's keys (for the completeness test). */
export function entrantKeys(language: EntrantLanguage): string[] {
  return Object.keys(ENTRANT_RESOURCES[language]);
}

export const ENGLISH_KEYS = Object.keys(en) as EntrantKey[];
export { ENTRANT_LANGUAGES };

/**
 * The entrant's words for an English message our code made (an entry refused, a toast): the key
 * whose English is exactly `message`, in `language`; a message we have no key for stays as it is.
 */
export function translateMessage(message: string, text: EntrantText): string {
  if (text.language === "en") return message;
  const key = ENGLISH_BY_TEXT.get(message);
  return key ? text.t(key) : message;
}

const ENGLISH_BY_TEXT = new Map<string, EntrantTextKey>(
  Object.entries(en)
    .filter(([key]) => !/_(one|other)$/.test(key))
    .map(([key, value]) => [value as string, key as EntrantTextKey]),
);

/** A refused entry's messages (English, from the entry's checks) in the entrant's language. */
export function translatedErrors<T extends object>(errors: T, text: EntrantText): T {
  if (text.language === "en") return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, typeof message === "string" ? translateMessage(message, text) : message]),
  ) as T;
}
