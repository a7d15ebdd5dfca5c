import { z } from "zod";
import { EMAIL_PATTERN } from "./email-address";

/** SPEC "Entry form" messages, verbatim. */
export const ENTRY_MESSAGES = {
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  termsRequired: "You must agree to the terms and conditions.",
  phoneInvalid: "Please enter a valid phone number.",
  alreadyEntered: "Already Entered!",
  notStarted: "This giveaway hasn't started yet. Come back when it opens.",
  ended: "This giveaway has ended, so it no longer takes entries.",
  full: "This giveaway is full: it has reached its entry limit.",
  rateLimited: "Too many entries from your network. Please try again in a few minutes.",
  notFound: "Campaign Not Found",
} as const;

/** Referral bonus (decision 011): each distinct new entrant through your link adds 3 to your weight. */
export const REFERRAL_BONUS_ENTRIES = 3;

/**
 * The `referral_offer` email token: the line inviting an entrant to share their link, promising
 * bonus entries only while referrals earn them (platform setting referralsEnabled).
 */
export function referralOffer(referralsEnabled: boolean, when: "entered" | "reminder"): string {
  if (!referralsEnabled) return "Share your personal link with friends who would like to enter:";
  return when === "entered"
    ? `Want better odds? Share your personal link: every friend who enters through it earns you ${REFERRAL_BONUS_ENTRIES} bonus entries.`
    : `You are entered. There is still time to earn ${REFERRAL_BONUS_ENTRIES} bonus entries for every friend who enters through your link:`;
}

/** Draw weight of an entry: its own entry plus the referral bonus (decision 012). */
export function entryWeight(entry: { bonusEntries: number }): number {
  return 1 + entry.bonusEntries;
}

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The key that makes "one entry per person" (decision 010): trimmed and lower-cased; for Gmail,
 * which ignores dots and "+tags", those are removed too and googlemail.com counts as gmail.com.
 */
export function entryEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  const local = lower.slice(0, at);
  const domain = lower.slice(at + 1);
  if (!GMAIL_DOMAINS.has(domain)) return lower;
  const withoutTag = local.split("+")[0] ?? local;
  return `${withoutTag.replaceAll(".", "")}@gmail.com`;
}

/** The shape of an entry id as it appears in a referral link (`?ref=`); see ids.server.ts. */
export const REFERRER_ID_PATTERN = /^[a-z0-9]{8,40}$/i;

/** Shown when an entry is refused for a reason no field explains (a hand-made or damaged request). */
export const ENTRY_FORM_FALLBACK = "We couldn't take your entry. Please check the form and try again.";

const PHONE = /^\+?[0-9().\-\s]{7,24}$/;

export const EntrySchema = z.object({
  /** Kept as typed (trimmed); entryEmailKey makes the uniqueness key. */
  email: z
    .string({ error: ENTRY_MESSAGES.emailRequired })
    .trim()
    .min(1, ENTRY_MESSAGES.emailRequired)
    .max(254, ENTRY_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, ENTRY_MESSAGES.emailInvalid),
  phoneNumber: z
    .string()
    .trim()
    .max(24, ENTRY_MESSAGES.phoneInvalid)
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || (PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7), ENTRY_MESSAGES.phoneInvalid),
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

export interface ShareLink {
  network: "email" | "x" | "facebook" | "whatsapp";
  label: string;
  href: string;
}

/** Share links that are plain URLs, so they work without JavaScript. */
export function shareLinks(url: string, title: string): ShareLink[] {
  const text = `I just entered "${title}". Enter too and we both get a better chance to win:`;
  const e = encodeURIComponent;
  return [
    { network: "email", label: "Email", href: `mailto:?subject=${e(`Enter "${title}" with me`)}&body=${e(`${text} ${url}`)}` },
    { network: "x", label: "X", href: `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(url)}` },
    { network: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}` },
    { network: "whatsapp", label: "WhatsApp", href: `https://wa.me/?text=${e(`${text} ${url}`)}` },
  ];
}
