import { z } from "zod";
import { shownWordingId } from "./consent";
import { EMAIL_MESSAGES, EMAIL_PATTERN, canonicalEmail, checkEmailAddress, sendableEmail } from "./email-address";

/** SPEC "Entry form" messages, verbatim. */
export const ENTRY_MESSAGES = {
  emailRequired: EMAIL_MESSAGES.required,
  emailInvalid: EMAIL_MESSAGES.invalid,
  termsRequired: "You must agree to the terms and conditions.",
  /** Next to Enter Now, which stays disabled until the terms are ticked (decision 091). */
  tickToEnter: "Tick the terms box above to enter.",
  alreadyEntered: "Already Entered!",
  notStarted: "This giveaway hasn't started yet. Come back when it opens.",
  ended: "This giveaway has ended, so it no longer takes entries.",
  full: "This giveaway is full: it has reached its entry limit.",
  rateLimited: "Too many entries from your network. Please try again in a few minutes.",
  notFound: "Campaign Not Found",
  disposable: "Please use a permanent email address.",
  /** The optional phone number (decision 094): the claim form's words for the same mistake. */
  phoneInvalid: "Please enter a valid phone number.",
  /** A repeat from the browser (or account) that made the entry. */
  alreadyEnteredHere: "You've already entered this giveaway with that email.",
  /** A repeat from anyone else: the same words whether or not the email went out again just now. */
  alreadyEnteredElsewhere:
    "This email has already entered this giveaway. Its confirmation email, with the entry's personal link, has been sent to that address; we send it again at most once every 10 minutes.",
} as const;

/**
 * The phone field's own consent line (decision 094): what a number brings, and that it never
 * changes the chances. Giving the number is the consent; leaving it empty is none.
 */
export const SMS_CONSENT_LINE =
  "Optional. If you win, we text you the winner notice and one reminder before your claim deadline, nothing else; reply STOP to end them. Giving a number never changes your chances.";

/** The phone field's disclosure, closed until opened (or holding a number or its error). */
export const SMS_SUMMARY = "Get a text if you win (optional)";

/** The phone field's placeholder: the international form, which every country's number can take. */
export const PHONE_EXAMPLE = "+1 415 555 0123";

/** Double opt-in (decision 038): what the pending entrant, the confirm page and its answers say. */
export const CONFIRM_MESSAGES = {
  checkEmail: "Check your email to confirm your entry",
  pendingExplained: "Your entry counts once you confirm it with the link we sent. Entries not confirmed by the end are not in the draw.",
  pendingFull: "This giveaway has reached its entry limit, so entries still waiting for confirmation can no longer be confirmed.",
  resent: "If a confirmation email can be sent again now, it is on its way. We send it at most once every 10 minutes.",
  confirmButton: "Confirm my entry",
  confirmed: "Your entry is confirmed.",
  alreadyConfirmed: "This entry is already confirmed.",
  invalidLink: "This confirmation link is not valid. Please use the link from the latest email we sent you.",
  full: "This giveaway has reached its entry limit, so your entry could not be confirmed.",
  ended: "This giveaway has ended, so your entry can no longer be confirmed.",
  unavailable: "This entry can no longer be confirmed.",
} as const;

/** Referral bonus (decision 011): each distinct new entrant through your link adds 3 to your weight. */
export const REFERRAL_BONUS_ENTRIES = 3;

/** The largest referral cap a creator may set (decision 104): friends per entrant whose referrals earn a bonus. */
export const MAX_REFERRAL_CAP = 1000;

/** The referral rule in a creator's words (wizard review, live edit): "3 bonus entries per friend, for up to 10 friends per entrant". */
export function referralCapSummary(cap: number | null): string {
  const each = `${REFERRAL_BONUS_ENTRIES} bonus entries per friend`;
  return cap === null
    ? `${each}, no limit`
    : `${each}, for up to ${cap.toLocaleString("en-US")} ${cap === 1 ? "friend" : "friends"} per entrant`;
}

/**
 * The `referral_offer` email token: the line inviting an entrant to share their link, promising
 * bonus entries only while referrals earn them (platform setting referralsEnabled).
 */
export function referralOffer(referralsEnabled: boolean, when: "entered" | "reminder"): string {
  if (!referralsEnabled) return "Share your personal link with friends who would like to enter:";
  return when === "entered"
    ? `Want better odds? Share your personal link: every friend who enters through it and confirms their entry earns you ${REFERRAL_BONUS_ENTRIES} bonus entries.`
    : `You are entered. There is still time to earn ${REFERRAL_BONUS_ENTRIES} bonus entries for every friend who enters through your link and confirms:`;
}

/** "1 entry", "1,204 entries". */
export function entriesWord(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "entry" : "entries"}`;
}

/** What a friend brings, said after the entrant's count on the entered view (decision 091). */
export const REFERRAL_MORE = `Each friend who enters through your link and confirms gives you ${REFERRAL_BONUS_ENTRIES} more.`;

/**
 * The pending entrant's state in plain words (decision 091): what to do to be counted, and what
 * they then hold.
 */
export function pendingStateSentence(weight: number, referralsEnabled: boolean): string {
  const then = `Then you're in with ${entriesWord(weight)}`;
  return `Not counted yet: open that email and tap "${CONFIRM_MESSAGES.confirmButton}". ${
    referralsEnabled
      ? `${then}, and your own link: each friend who enters through it and confirms gives you ${REFERRAL_BONUS_ENTRIES} more.`
      : `${then}.`
  } Entries not confirmed by the end are not in the draw.`;
}

/**
 * An entry's time on its receipt: UTC to the millisecond, the precision of created_ms in the
 * published entry list, e.g. "2026-11-24 08:02:10.123 UTC".
 */
export function receiptTime(date: Date): string {
  return `${date.toISOString().replace("T", " ").replace("Z", "")} UTC`;
}

/** Draw weight of an entry: its own entry plus the referral bonus (decision 012). */
export function entryWeight(entry: { bonusEntries: number }): number {
  return 1 + entry.bonusEntries;
}

/**
 * The key that makes "one entry per person" (decisions 010, 038): see canonicalEmail (case, trailing
 * dots, and the +tags, dots and sibling domains of the providers that ignore them).
 */
export function entryEmailKey(email: string): string {
  return canonicalEmail(email);
}

/** The shape of an entry id as it appears in a referral link (`?ref=`); see server/core/ids.server.ts. */
export const REFERRER_ID_PATTERN = /^[a-z0-9]{8,40}$/i;

/** Shown when an entry is refused for a reason no field explains (a hand-made or damaged request). */
export const ENTRY_FORM_FALLBACK = "We couldn't take your entry. Please check the form and try again.";

export const EntrySchema = z.object({
  /** Kept as typed for sending (trimmed, the domain's trailing dots removed); entryEmailKey makes the uniqueness key. */
  email: z
    .string({ error: ENTRY_MESSAGES.emailRequired })
    .trim()
    .min(1, { message: ENTRY_MESSAGES.emailRequired, abort: true })
    // The spec's pattern, no invisible characters, no look-alikes (decision 066).
    .superRefine(checkEmailAddress)
    .transform(sendableEmail)
    .refine((email) => EMAIL_PATTERN.test(email), ENTRY_MESSAGES.emailInvalid),
  /**
   * Optional phone number for the winner's SMS (decision 094, replacing 069's "no phone"): kept as
   * typed here; the server checks it and stores it in E.164 (entries/phone.server.ts), so this
   * module, which the page's script shares, carries no phone metadata.
   */
  phoneNumber: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 40) : undefined)),
  agreedToTerms: z.literal("on", { error: ENTRY_MESSAGES.termsRequired }),
  /**
   * Only the checkbox's own value ("on") is consent; anything else a hand-made request sends
   * ("yes", "true", a file) is taken as not consenting rather than refusing the entry.
   */
  marketingConsent: z
    .unknown()
    .optional()
    .transform((value) => value === "on"),
  /**
   * The versions of the two boxes' words the form showed (decision 054), from its hidden fields; a
   * missing or unknown one (a hand-made request) records the current version.
   */
  termsWording: z
    .unknown()
    .optional()
    .transform((value) => shownWordingId("terms", value)),
  marketingWording: z
    .unknown()
    .optional()
    .transform((value) => shownWordingId("marketing", value)),
  /**
   * The referrer's entry id from a shared link. A mangled or overlong link must not stop anyone
   * entering, so anything that is not an entry id is ignored: the entry goes in without a referral.
   */
  ref: z
    .unknown()
    .optional()
    .transform((value) => {
      const id = typeof value === "string" ? value.trim() : "";
      return REFERRER_ID_PATTERN.test(id) ? id : undefined;
    }),
});

export type EntryInput = z.output<typeof EntrySchema>;

/** What a refused entry form says, field by field (the page's and the embed's). */
export interface EntryFormErrors {
  form?: string;
  email?: string;
  phoneNumber?: string;
  agreedToTerms?: string;
}

/** What a refused entry form gives back to its fields. */
export interface EntryFormValues {
  email?: string;
  phoneNumber?: string;
}

export interface ShareLink {
  network: "email" | "x" | "facebook" | "whatsapp";
  label: string;
  href: string;
}

/** An entrant's reminder before their campaign ends, once per entry. */
export function reminderDedupeKey(entryId: string): string {
  return `reminder:${entryId}`;
}
