import { z } from "zod";
import {
  parseProductColors,
  parseGarmentSizes,
  PRODUCT_TYPES,
  madeProductColors,
  PRODUCT_COLORS,
  GARMENT_SIZES,
  type ProductColorKey,
} from "./campaign-schemas";
import { catalogueSizes, catalogueStyles } from "./printify";
import { addressRule, countryName, postalCodeFits, shipCountriesOf, type Country } from "./ship-countries";

/**
 * Winner claims (decision 013): the claim form's options and schema, and the signed claim
 * token. Pure: Web Crypto is the same global in Node and browsers, so tests and the server share
 * one implementation.
 */

/** The grand prize's rank: the campaign's own prize; additional prizes are ranks 2 and 3. */
export const GRAND_PRIZE_RANK = 1;

// ---------------------------------------------------------------------------------------------
// Messages

export const CLAIM_MESSAGES = {
  sizeRequired: "Please choose a size.",
  styleRequired: "Please choose a style.",
  colorRequired: "Please choose a colour.",
  nameRequired: "Full name is required.",
  nameMax: "Full name must be at most 100 characters.",
  line1Required: "Address line 1 is required.",
  lineMax: "Address lines must be at most 120 characters.",
  cityRequired: "City is required.",
  cityMax: "City must be at most 80 characters.",
  regionMax: "State / province / region must be at most 80 characters.",
  postalCodeRequired: "Postal code is required.",
  postalCodeInvalid: "Please enter a valid postal code.",
  countryRequired: "Please choose a country.",
  phoneInvalid: "Please enter a valid phone number.",
  noteMax: "The note must be at most 500 characters.",
  invalid: "This claim link is not valid.",
  expired: "This claim link has expired.",
  superseded: "This claim link is no longer valid: the prize was redrawn after the claim deadline passed.",
  alreadyClaimed: "This prize has already been claimed.",
  received: "Claim received",
} as const;

/** A size the catalogue does not make in that style (women's-fit tees stop at 2XL): said on the size, next to the choices. */
export function sizeNotInStyleMessage(style: string, size: string): string {
  return `${style} is not available in ${size}. Please choose another size or style.`;
}

/** SPEC error catalogue (Analytics): a campaign that is missing or someone else's. */
export const CAMPAIGN_ACCESS_MESSAGE = "Campaign not found or you don't have access.";

// ---------------------------------------------------------------------------------------------
// Options: what the winner may choose, from the campaign's product and choices

export { countryName } from "./ship-countries";

/** A country outside the campaign's shipping list (decision 050), said on the Country field. */
export function countryNotShippedMessage(name: string): string {
  return name ? `Sorry, this prize does not ship to ${name}. Please choose one of the listed countries.` : CLAIM_MESSAGES.countryRequired;
}

export interface ClaimOptions {
  productType: string;
  /** Sizes on offer (each made in at least one offered style); empty for products without sizes (mugs). */
  sizes: string[];
  /** Styles on offer (each made in at least one offered size); empty for mugs. */
  styles: string[];
  /** The offered sizes each offered style is made in, in every offered colour; empty for mugs. */
  sizesByStyle: Record<string, string[]>;
  colors: { key: ProductColorKey; name: string; hex: string }[];
  /** Where the prize ships (the creator's choice, else every partner country; decision 050), A-Z. */
  countries: Country[];
}

/**
 * The choices a campaign's winner gets: the campaign's sizes and colours, narrowed to what the
 * catalogue (domain/printify: PRODUCT_STYLES and PRINTIFY_PRODUCTS) makes, per style. So every
 * size, style and colour the form accepts together is an item Printify can make. A mug has only
 * colours, and only the one it is made in (White; madeProductColors).
 */
export function claimOptions(campaign: {
  productType: string;
  selectedSizes: string;
  selectedColors: string;
  /** Campaign.shipCountries ("" or missing = every partner country). */
  shipCountries?: string;
}): ClaimOptions {
  const countries = shipCountriesOf(campaign.shipCountries);
  const productType = PRODUCT_TYPES.some((p) => p.key === campaign.productType) ? campaign.productType : "t-shirt";
  const isMug = productType === "mug";
  const allStyles = catalogueStyles(productType);
  const chosenColors = madeProductColors(productType, parseProductColors(campaign.selectedColors));
  const madeColors = isMug
    ? chosenColors
    : chosenColors.filter((color) => allStyles.some((style) => catalogueSizes(productType, style, color).length > 0));
  const colorKeys = madeColors.length ? madeColors : (["white"] as ProductColorKey[]);
  const colors = colorKeys.map((key) => PRODUCT_COLORS.find((c) => c.key === key) ?? PRODUCT_COLORS[0]).map((c) => ({ ...c }));
  if (isMug) return { productType, sizes: [], styles: [], sizesByStyle: {}, colors, countries };

  /** Sizes of `wanted` a style is made in, in every offered colour (so the colour never rules a size out). */
  const made = (style: string, wanted: readonly string[]) =>
    wanted.filter((size) => colorKeys.every((color) => catalogueSizes(productType, style, color).includes(size)));
  const chosenSizes = parseGarmentSizes(campaign.selectedSizes);
  // A stored list with no known size (older rows), or none the product is made in, still lets the winner pick one.
  let byStyle = allStyles.map((style) => [style, made(style, chosenSizes.length ? chosenSizes : GARMENT_SIZES)] as const);
  if (byStyle.every(([, sizes]) => !sizes.length)) byStyle = allStyles.map((style) => [style, made(style, GARMENT_SIZES)] as const);
  byStyle = byStyle.filter(([, sizes]) => sizes.length > 0);
  return {
    productType,
    sizes: GARMENT_SIZES.filter((size) => byStyle.some(([, sizes]) => sizes.includes(size))),
    styles: byStyle.map(([style]) => style),
    sizesByStyle: Object.fromEntries(byStyle.map(([style, sizes]) => [style, [...sizes]])),
    colors,
    countries,
  };
}

/** What the winner chooses on the claim page, in words (the winner email's claim_choices token). */
export function claimChoices(productType: string): string {
  return productType === "mug" ? "colour" : "size, style and colour";
}

/** Offered sizes a style is not made in ("Women's fit" → ["3XL"]), for the form's note. */
export function sizesNotInStyle(options: Pick<ClaimOptions, "sizes" | "sizesByStyle">, style: string): string[] {
  const made = options.sizesByStyle[style] ?? [];
  return options.sizes.filter((size) => !made.includes(size));
}

// ---------------------------------------------------------------------------------------------
// The form

const PHONE = /^\+?[0-9().\-\s]{6,24}$/;
export const CLAIM_NOTE_MAX = 500;

function requiredText(required: string, max: number, maxMessage: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, maxMessage);
}

function optionalText(max: number, maxMessage: string) {
  return z
    .string()
    .trim()
    .max(max, maxMessage)
    .optional()
    .transform((value) => value || undefined);
}

/** One of `values` (required); a product without this choice (a mug has no size) ignores whatever is sent. */
function choice(values: readonly string[], message: string) {
  if (!values.length)
    return z
      .unknown()
      .transform((): string | undefined => undefined)
      .optional();
  return z.string({ error: message }).refine((value) => values.includes(value), message);
}

/** "State is required for this country." */
export function regionRequiredMessage(label: string): string {
  return `${label} is required for this country.`;
}

/** "ZIP code is required." */
export function postalRequiredMessage(label: string): string {
  return `${label} is required.`;
}

/** "Please enter a valid ZIP code (for example 12345 or 12345-6789)." */
export function postalInvalidMessage(label: string, example: string): string {
  const name = label === "CAP" || label === "CEP" || label.startsWith("PIN") ? label : label.toLowerCase();
  return `Please enter a valid ${name}${example ? ` (for example ${example})` : ""}.`;
}

/**
 * The shipping address, Country first (decision 050): only the campaign's countries are accepted, and
 * the region and postal code follow the chosen country's rule (domain/ship-countries addressRule).
 */
function addressShape(countries: readonly Country[]) {
  return {
    shipCountry: z
      .string({ error: CLAIM_MESSAGES.countryRequired })
      .trim()
      .min(1, CLAIM_MESSAGES.countryRequired)
      .superRefine((code, ctx) => {
        if (!countries.some((c) => c.code === code)) ctx.addIssue({ code: "custom", message: countryNotShippedMessage(countryName(code)) });
      }),
    shipName: requiredText(CLAIM_MESSAGES.nameRequired, 100, CLAIM_MESSAGES.nameMax),
    shipLine1: requiredText(CLAIM_MESSAGES.line1Required, 120, CLAIM_MESSAGES.lineMax),
    shipLine2: optionalText(120, CLAIM_MESSAGES.lineMax),
    shipCity: requiredText(CLAIM_MESSAGES.cityRequired, 80, CLAIM_MESSAGES.cityMax),
    shipRegion: optionalText(80, CLAIM_MESSAGES.regionMax),
    shipPostalCode: z
      .string()
      .trim()
      .max(12, CLAIM_MESSAGES.postalCodeInvalid)
      .optional()
      .transform((value) => value?.toUpperCase() || undefined),
    shipPhone: z
      .string()
      .trim()
      .max(24, CLAIM_MESSAGES.phoneInvalid)
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || (PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6), CLAIM_MESSAGES.phoneInvalid),
  };
}

/** Runs whenever the country is one of the list, even while other fields are wrong, so every error shows at once. */
function addressRules(countries: readonly Country[]) {
  return [
    (value: { shipCountry: string; shipRegion?: string; shipPostalCode?: string }, ctx: z.RefinementCtx) => {
      const rule = addressRule(value.shipCountry);
      const region = typeof value.shipRegion === "string" ? value.shipRegion.trim() : "";
      const postal = typeof value.shipPostalCode === "string" ? value.shipPostalCode.trim().toUpperCase() : "";
      if (rule.regionRequired && !region) {
        ctx.addIssue({ code: "custom", path: ["shipRegion"], message: regionRequiredMessage(rule.regionLabel) });
      }
      if (rule.postal === "none") return;
      if (!postal) {
        if (rule.postal === "required")
          ctx.addIssue({ code: "custom", path: ["shipPostalCode"], message: postalRequiredMessage(rule.postalLabel) });
      } else if (!postalCodeFits(rule, postal)) {
        ctx.addIssue({ code: "custom", path: ["shipPostalCode"], message: postalInvalidMessage(rule.postalLabel, rule.postalExample) });
      }
    },
    {
      when: (payload: { value: unknown }) => {
        const country = (payload.value as { shipCountry?: unknown } | undefined)?.shipCountry;
        return typeof country === "string" && countries.some((c) => c.code === country.trim());
      },
    },
  ] as const;
}

/** The claim form of a printed prize (grand prize or a merch tier); the same schema validates in the browser (Conform) and on the server. */
export function claimSchema(options: Pick<ClaimOptions, "sizes" | "styles" | "sizesByStyle" | "colors" | "countries">) {
  return z
    .object({
      size: choice(options.sizes, CLAIM_MESSAGES.sizeRequired),
      style: choice(options.styles, CLAIM_MESSAGES.styleRequired),
      color: z
        .string({ error: CLAIM_MESSAGES.colorRequired })
        .refine((value) => options.colors.some((c) => c.key === value), CLAIM_MESSAGES.colorRequired),
      ...addressShape(options.countries),
    })
    .superRefine(...addressRules(options.countries))
    .superRefine(
      (value, ctx) => {
        // Size and style each on offer, but not made together (a women's-fit 3XL): said even while other fields are wrong.
        const { size, style } = value;
        if (size === undefined || style === undefined) return;
        if (!(options.sizesByStyle[style] ?? []).includes(size))
          ctx.addIssue({ code: "custom", path: ["size"], message: sizeNotInStyleMessage(style, size) });
      },
      {
        when: (payload) => {
          const { size, style } = (payload.value ?? {}) as { size?: unknown; style?: unknown };
          return typeof size === "string" && options.sizes.includes(size) && typeof style === "string" && options.styles.includes(style);
        },
      },
    );
}

export type ClaimInput = z.output<ReturnType<typeof claimSchema>>;

/** What a brand's own gift asks of its winner (decision 050): a postal address when it is posted, else nothing but a confirmation. */
export interface GiftClaimOptions {
  needsAddress: boolean;
  countries: Country[];
}

const claimNote = () => optionalText(CLAIM_NOTE_MAX, CLAIM_MESSAGES.noteMax);

/** The claim form of a brand's own gift: the address when it needs one, an optional note for the brand. */
export function giftClaimSchema(options: GiftClaimOptions) {
  if (!options.needsAddress) return z.object({ claimNote: claimNote() });
  return z.object({ ...addressShape(options.countries), claimNote: claimNote() }).superRefine(...addressRules(options.countries));
}

/** What any claim stores: the choices of a printed prize, the address, the note. */
export interface ClaimValues {
  size?: string;
  style?: string;
  color?: string;
  shipName?: string;
  shipLine1?: string;
  shipLine2?: string;
  shipCity?: string;
  shipRegion?: string;
  shipPostalCode?: string;
  shipCountry?: string;
  shipPhone?: string;
  claimNote?: string;
}

// ---------------------------------------------------------------------------------------------
// Claim tokens: /claim/{token}
//
// token = base64url(payload) "." base64url(HMAC-SHA256(key, payload))
// payload = "c1" | campaignId | rank | entryId | deadline (unix seconds), joined by "."
// key = SHA-256("claim:" + SESSION_SECRET): single-purpose, so no other signature of ours
// (cookies, sign-in codes) can ever pass as a claim.

export interface ClaimTokenClaims {
  campaignId: string;
  /** 1 = grand prize. */
  rank: number;
  /** The winner's Entry.id: a redraw changes the winner, which makes older links superseded. */
  entryId: string;
  deadline: Date;
}

const TOKEN_VERSION = "c1";
const ID = /^[a-z0-9]{1,64}$/i;
const MAX_TOKEN_LENGTH = 400;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  // Only the canonical spelling is accepted, so one claim has exactly one token.
  return base64UrlEncode(bytes) === text ? bytes : null;
}

/** The signed text: version, campaign, rank, entry and deadline (whole seconds). */
export function claimTokenPayload(claims: ClaimTokenClaims): string {
  if (!ID.test(claims.campaignId) || !ID.test(claims.entryId)) throw new Error("claim token: ids must be alphanumeric");
  if (!Number.isInteger(claims.rank) || claims.rank < 1 || claims.rank > 3) throw new Error("claim token: rank must be 1, 2 or 3");
  const seconds = Math.floor(claims.deadline.getTime() / 1000);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error("claim token: deadline must be a valid date");
  return [TOKEN_VERSION, claims.campaignId, claims.rank, claims.entryId, seconds].join(".");
}

export function parseClaimTokenPayload(payload: string): ClaimTokenClaims | null {
  const parts = payload.split(".");
  if (parts.length !== 5) return null;
  const [version, campaignId = "", rank = "", entryId = "", seconds = ""] = parts;
  if (version !== TOKEN_VERSION || !ID.test(campaignId) || !ID.test(entryId)) return null;
  if (!/^[1-3]$/.test(rank) || !/^[1-9][0-9]{0,11}$/.test(seconds)) return null;
  return { campaignId, rank: Number(rank), entryId, deadline: new Date(Number(seconds) * 1000) };
}

async function claimKey(secret: string): Promise<CryptoKey> {
  if (!secret) throw new Error("claim token: a secret is required");
  const material = await crypto.subtle.digest("SHA-256", encoder.encode(`claim:${secret}`));
  return crypto.subtle.importKey("raw", material, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export async function signClaimToken(secret: string, claims: ClaimTokenClaims): Promise<string> {
  const payload = encoder.encode(claimTokenPayload(claims));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await claimKey(secret), payload));
  return `${base64UrlEncode(payload)}.${base64UrlEncode(mac)}`;
}

/**
 * The claims of a genuine token, or null for anything we did not sign (malformed, altered, signed
 * with another key). The MAC is checked by crypto.subtle.verify, which compares in constant time.
 * Expiry is not judged here: an expired link still says whose prize it was, so its page can say so.
 */
export async function verifyClaimToken(secret: string, token: string): Promise<ClaimTokenClaims | null> {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const [encodedPayload, encodedMac, ...rest] = token.split(".");
  if (!encodedPayload || !encodedMac || rest.length) return null;
  const payload = base64UrlDecode(encodedPayload);
  const mac = base64UrlDecode(encodedMac);
  if (!payload || !mac || mac.length !== 32) return null;
  const genuine = await crypto.subtle.verify("HMAC", await claimKey(secret), mac, payload);
  if (!genuine) return null;
  let text: string;
  try {
    text = decoder.decode(payload);
  } catch {
    return null;
  }
  return parseClaimTokenPayload(text);
}

/** Whether a claim is past its deadline at `now` (the deadline itself is already too late). */
export function claimExpired(deadline: Date, now: Date): boolean {
  return now.getTime() >= deadline.getTime();
}

/** The tier a link claims: the grand prize, or an additional prize ("merch" printed, "gift" the brand's own). */
export interface ClaimPrize {
  rank: number;
  kind: "merch" | "gift";
  /** The additional prize's title; "" for the grand prize (the campaign's title names it). */
  title: string;
  imageUrl: string | null;
  /** A gift the brand posts: the claim asks for an address. Always true for a printed prize. */
  needsAddress: boolean;
  /** A gift's code, shown once claimed. */
  code: string | null;
}
