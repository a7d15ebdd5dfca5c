import { z } from "zod";
import { formatZonedDateTime, formatZonedDateTimeWithUtc } from "./campaign-time-zone";
import { prizeRankLabel } from "./orders";
import { maskEmail } from "./profile";
import { countryName } from "./ship-countries";

/**
 * The public winners list of a campaign (decision 057, after UK CAP code 8.28.5): each prize's
 * current winner by the display name they chose or their masked email address, with their region
 * from the claim's shipping address, unless they objected. Pure: the server
 * (server/draw/winners-list.server.ts) reads the rows, the routes render what this module decides.
 */

export const WINNERS_LIST_TEXT = {
  objected: "Winner chose not to be listed",
  /** An erased entrant (Entry.erasedAt): nothing about them is shown, not even a masked address. */
  erased: "Winner",
  /** The creator hid the winners (decision 022). */
  hidden: "Hidden by the organiser",
  noWinner: "No winner: there were fewer confirmed entries than prizes.",
} as const;

export const DISPLAY_NAME_MAX = 40;

export const WINNER_LISTING_MESSAGES = {
  nameMax: `Display name must be at most ${DISPLAY_NAME_MAX} characters.`,
  nameInvalid: "A display name needs a letter or a digit, and may not be an email address or a web link.",
  nameSaved: "The winners list now shows your display name.",
  nameCleared: "The winners list now shows your masked email address.",
  objected: "You are not listed: the winners list says the winner chose not to be listed.",
  listedAgain: "You are listed again on the winners list.",
  title: "Winners list updated",
} as const;

// Control characters and the invisible formatting ones (bidi overrides, zero-width) have no place in a name.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const EMAIL_LIKE = /\S@\S/;
const LINK_LIKE = /(:\/\/|\bwww\.|\.(com|net|org|io|co|shop|store|xyz|info|biz)\b)/i;

/**
 * The winner's display name as the claim page's form sends it: trimmed, inner spaces collapsed,
 * at most DISPLAY_NAME_MAX characters; empty means "show my masked email" (null).
 */
export const displayNameField = () =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\s+/g, " ").trim())
    // One refinement over the normalised text (no inner schema: Conform would turn an empty string into a missing value there).
    .superRefine((name, ctx) => {
      if (name.length > DISPLAY_NAME_MAX) ctx.addIssue({ code: "custom", message: WINNER_LISTING_MESSAGES.nameMax });
      else if (name && (!HAS_LETTER_OR_DIGIT.test(name) || INVISIBLE.test(name) || EMAIL_LIKE.test(name) || LINK_LIKE.test(name)))
        ctx.addIssue({ code: "custom", message: WINNER_LISTING_MESSAGES.nameInvalid });
    })
    .transform((name) => name || null);

/** The claim page's display-name form (intent "listing-name"). */
export const DisplayNameSchema = z.object({ displayName: displayNameField() });

export const LISTING_INTENTS = ["listing-name", "listing-object", "listing-unobject"] as const;
export type ListingIntent = (typeof LISTING_INTENTS)[number];

export function isListingIntent(value: unknown): value is ListingIntent {
  return typeof value === "string" && (LISTING_INTENTS as readonly string[]).includes(value);
}

/** What the winner has chosen for the list (a WinnerListing row, or none). */
export interface WinnerListingChoice {
  displayName: string | null;
  objected: boolean;
}

/** Everything that decides how one winner is shown in public. */
export interface WinnerFacts {
  email: string | null;
  /** The entrant erased their data (Entry.erasedAt). */
  erased: boolean;
  /** The winner's own choice, or null when they made none. */
  listing: WinnerListingChoice | null;
  /** A name the creator set for the grand prize's winner (decision 022), used only when the winner chose nothing. */
  creatorName?: string | null;
}

export type ShownWinner = { kind: "named"; name: string; chosen: boolean } | { kind: "objected" } | { kind: "erased" } | { kind: "hidden" };

/**
 * How a winner is shown: an erased entrant as "Winner" and nothing else; nobody when the creator
 * hid the winners; nobody when the winner objected; else their chosen name or masked email.
 */
export function shownWinner(facts: WinnerFacts, options: { winnersPublic: boolean }): ShownWinner {
  if (facts.erased) return { kind: "erased" };
  if (!options.winnersPublic) return { kind: "hidden" };
  if (facts.listing?.objected) return { kind: "objected" };
  const chosen = facts.listing?.displayName?.trim();
  if (chosen) return { kind: "named", name: chosen, chosen: true };
  // The winner's own choice (even "my masked email") outranks a name the creator typed.
  const creator = facts.listing ? "" : facts.creatorName?.trim();
  if (creator) return { kind: "named", name: creator, chosen: false };
  return { kind: "named", name: maskEmail(facts.email), chosen: false };
}

export function shownWinnerText(shown: ShownWinner): string {
  switch (shown.kind) {
    case "named":
      return shown.name;
    case "objected":
      return WINNERS_LIST_TEXT.objected;
    case "erased":
      return WINNERS_LIST_TEXT.erased;
    case "hidden":
      return WINNERS_LIST_TEXT.hidden;
  }
}

/**
 * The winner's region from the claim's shipping address: "VA, United States of America", the
 * country alone when no state or province was given, null when no address is known.
 */
export function winnerRegion(address: { shipRegion: string | null; shipCountry: string | null } | null): string | null {
  if (!address?.shipCountry) return null;
  const region = address.shipRegion?.replace(/\s+/g, " ").trim();
  const country = countryName(address.shipCountry);
  return region ? `${region}, ${country}` : country;
}

// ---------------------------------------------------------------------------------------------
// The page

export interface WinnersListTier {
  rank: number;
  /** "Grand prize", "2nd prize: $50 gift card". */
  prize: string;
  /** What the list shows for the winner; null when the tier has no winner. */
  winner: string | null;
  /** Whether `winner` is a name (chosen or masked email) rather than a notice. */
  named: boolean;
  region: string | null;
  notes: string[];
}

export interface WinnersListView {
  campaignId: string;
  title: string;
  brandName: string;
  /** Before the draw: when the winners will be listed. */
  pending: string | null;
  tiers: WinnersListTier[];
  drawnAt: string | null;
  /** The campaign's zone, in which the page writes its dates (decision 096). */
  timeZone: string;
  hidden: boolean;
}

/** The sentence a page shows before the draw: when the winners will be listed. */
export function winnersPendingText(input: {
  endDate: Date | null;
  beaconRoundTime: Date | null;
  ended: boolean;
  timeZone: string;
}): string {
  if (!input.endDate) return "The winners will be listed here after the draw, which takes place when the giveaway ends.";
  // The campaign's zone with its name; the round's UTC instant too, as the draw record states it (decision 096).
  const end = formatZonedDateTime(input.endDate, input.timeZone);
  const when = input.beaconRoundTime
    ? `once the public beacon round is out (${formatZonedDateTimeWithUtc(input.beaconRoundTime, input.timeZone)})`
    : "a few minutes after it ends";
  return input.ended
    ? `The giveaway ended on ${end}. The winners are drawn ${when} and listed here as soon as they are drawn.`
    : `The giveaway ends on ${end}. The winners are drawn ${when} and listed here as soon as they are drawn.`;
}

/** "Grand prize" or "2nd prize: $50 gift card". */
export function tierPrizeLabel(rank: number, title: string): string {
  return rank === 1 || !title ? prizeRankLabel(rank) : `${prizeRankLabel(rank)}: ${title}`;
}

/** What the claim page's "The winners list" section shows its winner (decision 057). */
export interface WinnerListingView {
  /** The chosen display name, "" for none. */
  displayName: string;
  objected: boolean;
  /** How they are shown without a display name ("abc***@example.com"). */
  maskedEmail: string;
  winnersPath: string;
  /** The list shows the winner's region (rules version 2 and later). */
  regions: boolean;
  /** The creator hides the winners (decision 022): nobody is named, whatever the winner chooses. */
  hidden: boolean;
  /** The entrant erased their data: the list shows "Winner" only, and nothing can be chosen. */
  erased: boolean;
}

/** "You are shown as …" on the claim page. */
export function listingShownAs(view: WinnerListingView): string {
  if (view.erased) return WINNERS_LIST_TEXT.erased;
  if (view.hidden) return WINNERS_LIST_TEXT.hidden;
  if (view.objected) return WINNERS_LIST_TEXT.objected;
  return view.displayName || view.maskedEmail;
}
