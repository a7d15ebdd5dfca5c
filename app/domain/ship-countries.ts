import countries from "i18n-iso-countries";
import { z } from "zod";
// The attribute lets Node load the JSON directly too (the e2e suite and scripts import the domain
// without a bundler); tsconfig's "module": "ES2022" does not know attributes yet, hence the directive.
// @ts-expect-error TS2823: import attributes need "module": "esnext" or later.
import english from "i18n-iso-countries/langs/en.json" with { type: "json" };

/**
 * Where a printed prize can ship (decision 050): the print partner's countries, the creator's choice
 * among them (Campaign.shipCountries), the countries' full ISO 3166 names, and the address rules
 * that follow the country on the claim form.
 *
 * Names come from `i18n-iso-countries` (ISO 3166-1, kept and maintained), never a hand-typed list.
 */

countries.registerLocale(english);

/**
 * Not shipped to, whatever the creator chooses. Printify (our print partner) ships worldwide except
 * to comprehensively sanctioned places, so the partner's list is every ISO 3166-1 country minus:
 * - embargoed: Cuba, Iran, North Korea, Syria;
 * - Russia and Belarus (sanctions: Printify's providers do not deliver there);
 * - uninhabited territories no carrier delivers to: Antarctica, Bouvet Island, Heard and McDonald
 *   Islands, the US Minor Outlying Islands;
 * - XK (Kosovo): the library's user-assigned code, not an ISO 3166-1 entry.
 */
export const PARTNER_EXCLUDED_COUNTRIES: readonly string[] = ["CU", "IR", "KP", "SY", "RU", "BY", "AQ", "BV", "HM", "UM", "XK"];

export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** The full English ISO 3166 name ("United States of America"). */
  name: string;
}

const NAMES: Record<string, string> = countries.getNames("en", { select: "official" });

/** Every country the print partner ships to, A to Z by name. */
export const PARTNER_COUNTRIES: readonly Country[] = Object.entries(NAMES)
  .filter(([code]) => /^[A-Z]{2}$/.test(code) && !PARTNER_EXCLUDED_COUNTRIES.includes(code))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

const PARTNER_CODES = new Set(PARTNER_COUNTRIES.map((c) => c.code));

export function isPartnerCountry(code: unknown): code is string {
  return typeof code === "string" && PARTNER_CODES.has(code);
}

/** The full ISO 3166 name of a code ("" for none; the code itself for one we do not know). */
export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  return NAMES[code] ?? code;
}

/** Campaign.shipCountries → the codes it names, in A-Z order of name; unknown codes are dropped. [] = everywhere. */
export function parseShipCountries(column: string | null | undefined): string[] {
  const chosen = new Set(
    (column ?? "")
      .split(",")
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
  );
  return PARTNER_COUNTRIES.filter((c) => chosen.has(c.code)).map((c) => c.code);
}

/** The countries a campaign's prize ships to: the creator's choice, or every partner country when none. */
export function shipCountriesOf(column: string | null | undefined): Country[] {
  const chosen = new Set(parseShipCountries(column));
  return chosen.size ? PARTNER_COUNTRIES.filter((c) => chosen.has(c.code)) : [...PARTNER_COUNTRIES];
}

/** Codes (from a form) → the stored column: "" when none, else the known codes joined by commas, A-Z by name. */
export function formatShipCountries(codes: readonly string[]): string {
  return parseShipCountries(codes.join(",")).join(",");
}

/** What the official rules say about shipping (decision 050). */
export function shipCountriesSentence(column: string | null | undefined): string {
  const chosen = parseShipCountries(column);
  if (!chosen.length) {
    return `The prize ships to every country our print partner serves (${PARTNER_COUNTRIES.length} countries).`;
  }
  const names = chosen.map(countryName);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
  return `The prize ships to: ${list}.`;
}

// ---------------------------------------------------------------------------------------------
// Address rules per country

export interface AddressRule {
  /** What the first-level division is called ("State", "Province", "County"). */
  regionLabel: string;
  regionRequired: boolean;
  /** What the postal code is called ("ZIP code", "Postcode", "Postal code"). */
  postalLabel: string;
  /** "required" | "optional" | "none" (the country has no postal codes: the field is not asked). */
  postal: "required" | "optional" | "none";
  /** The postal code's shape (upper-cased input); null = any 2-12 letters, digits, spaces or hyphens. */
  postalPattern: RegExp | null;
  /** An example shown as the hint ("12345 or 12345-6789"). */
  postalExample: string;
}

const GENERIC_POSTAL = /^[A-Z0-9][A-Z0-9 -]{1,11}$/;

type RuleRow = Partial<AddressRule> & Pick<AddressRule, "postalExample">;

/**
 * The common countries' address rules, after the Universal Postal Union's addressing guides and
 * Google's address metadata (libaddressinput): which need a state or province, and the postal code's
 * shape. Every other country gets DEFAULT_RULE below; a country in NO_POSTAL_CODE is not asked one.
 */
const RULES: Record<string, RuleRow> = {
  US: {
    regionLabel: "State",
    regionRequired: true,
    postalLabel: "ZIP code",
    postalPattern: /^\d{5}(-\d{4})?$/,
    postalExample: "12345 or 12345-6789",
  },
  CA: { regionLabel: "Province", regionRequired: true, postalPattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, postalExample: "K1A 0B1" },
  GB: { regionLabel: "County", postalLabel: "Postcode", postalPattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, postalExample: "SW1A 1AA" },
  AU: { regionLabel: "State / territory", regionRequired: true, postalLabel: "Postcode", postalPattern: /^\d{4}$/, postalExample: "2000" },
  NZ: { regionLabel: "Region", postalLabel: "Postcode", postalPattern: /^\d{4}$/, postalExample: "6011" },
  IE: {
    regionLabel: "County",
    postalLabel: "Eircode",
    postal: "optional",
    postalPattern: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/,
    postalExample: "D02 X285",
  },
  DE: { postalPattern: /^\d{5}$/, postalExample: "10115" },
  FR: { postalPattern: /^\d{5}$/, postalExample: "75001" },
  ES: { regionLabel: "Province", postalPattern: /^\d{5}$/, postalExample: "28001" },
  IT: { regionLabel: "Province", regionRequired: true, postalLabel: "CAP", postalPattern: /^\d{5}$/, postalExample: "00184" },
  NL: { postalPattern: /^\d{4} ?[A-Z]{2}$/, postalExample: "1011 AB" },
  BE: { postalPattern: /^\d{4}$/, postalExample: "1000" },
  AT: { postalPattern: /^\d{4}$/, postalExample: "1010" },
  CH: { postalPattern: /^\d{4}$/, postalExample: "8001" },
  DK: { postalPattern: /^\d{4}$/, postalExample: "1050" },
  NO: { postalPattern: /^\d{4}$/, postalExample: "0150" },
  SE: { postalPattern: /^\d{3} ?\d{2}$/, postalExample: "111 22" },
  FI: { postalPattern: /^\d{5}$/, postalExample: "00100" },
  PL: { postalPattern: /^\d{2}-\d{3}$/, postalExample: "00-001" },
  PT: { postalPattern: /^\d{4}-\d{3}$/, postalExample: "1000-001" },
  CZ: { postalPattern: /^\d{3} ?\d{2}$/, postalExample: "110 00" },
  GR: { postalPattern: /^\d{3} ?\d{2}$/, postalExample: "105 57" },
  JP: { regionLabel: "Prefecture", regionRequired: true, postalPattern: /^\d{3}-?\d{4}$/, postalExample: "100-0001" },
  KR: { regionLabel: "Province", postalPattern: /^\d{5}$/, postalExample: "03187" },
  IN: { regionLabel: "State", regionRequired: true, postalLabel: "PIN code", postalPattern: /^\d{6}$/, postalExample: "110001" },
  BR: { regionLabel: "State", regionRequired: true, postalLabel: "CEP", postalPattern: /^\d{5}-?\d{3}$/, postalExample: "01310-100" },
  MX: { regionLabel: "State", regionRequired: true, postalPattern: /^\d{5}$/, postalExample: "06000" },
  AR: { regionLabel: "Province", regionRequired: true, postalPattern: /^([A-Z]\d{4}[A-Z]{3}|\d{4})$/, postalExample: "C1002ABC or 1002" },
  MY: { regionLabel: "State", regionRequired: true, postalPattern: /^\d{5}$/, postalExample: "50000" },
  SG: { postalPattern: /^\d{6}$/, postalExample: "018956" },
  ZA: { regionLabel: "Province", postalPattern: /^\d{4}$/, postalExample: "2000" },
  CN: { regionLabel: "Province", regionRequired: true, postalPattern: /^\d{6}$/, postalExample: "100000" },
  PH: { regionLabel: "Province", postalPattern: /^\d{4}$/, postalExample: "1000" },
};

/** Countries without postal codes (UPU): the claim form does not ask for one. */
const NO_POSTAL_CODE = new Set(
  (
    "AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM CW DJ DM ER FJ GA GD GH GM GQ GY HK JM KI " +
    "KM KN LY ML MO MR MW NR NU QA RW SB SC SL SO SR SS ST SX TD TG TK TL TO TT TV UG VU YE ZW"
  ).split(" "),
);

/** Any other country: region optional, postal code optional but of a plausible shape. */
export const DEFAULT_RULE: AddressRule = {
  regionLabel: "State / province / region",
  regionRequired: false,
  postalLabel: "Postal code",
  postal: "optional",
  postalPattern: null,
  postalExample: "",
};

/** The address rule for a country (DEFAULT_RULE for none or one not in the table). */
export function addressRule(country: string | null | undefined): AddressRule {
  if (!country) return DEFAULT_RULE;
  if (NO_POSTAL_CODE.has(country)) return { ...DEFAULT_RULE, postal: "none" };
  const row = RULES[country];
  if (!row) return DEFAULT_RULE;
  return { ...DEFAULT_RULE, postal: "required", ...row };
}

/** Whether a (trimmed, upper-cased) postal code fits the country's rule. */
export function postalCodeFits(rule: AddressRule, postal: string): boolean {
  return (rule.postalPattern ?? GENERIC_POSTAL).test(postal);
}

// ---------------------------------------------------------------------------------------------
// The wizard's field (step 4): "everywhere" or the countries the creator ticks

export const SHIP_SCOPES = ["everywhere", "chosen"] as const;

export const SHIP_COUNTRY_MESSAGES = {
  noneChosen: "Choose at least one country, or choose “Everywhere our print partner ships”.",
  unknown: "One of the chosen countries is not one our print partner ships to.",
} as const;

/** Form fields shipScope and shipCountries (checkboxes); shipCountries comes out as the stored column. */
export function shipCountriesFields() {
  return {
    shipScope: z.enum(SHIP_SCOPES).catch("everywhere").default("everywhere"),
    shipCountries: z
      .preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(z.string()))
      .refine((codes) => codes.every((code) => isPartnerCountry(code)), SHIP_COUNTRY_MESSAGES.unknown)
      .transform((codes) => formatShipCountries(codes)),
  };
}

/** "chosen" with nothing ticked is a mistake; "everywhere" stores "" whatever is ticked. */
export function shipCountriesIssue(value: { shipScope?: unknown; shipCountries?: unknown }): string | null {
  const none = !value.shipCountries || (Array.isArray(value.shipCountries) && value.shipCountries.length === 0);
  return value.shipScope === "chosen" && none ? SHIP_COUNTRY_MESSAGES.noneChosen : null;
}
