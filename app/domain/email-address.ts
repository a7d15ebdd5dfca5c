import { z } from "zod";

/** The spec's "basic pattern" for email addresses. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC "Entry form": the words for an address that is not one ("Please enter a valid email address."), and why, where it helps. */
export const EMAIL_MESSAGES = {
  required: "Email is required.",
  invalid: "Please enter a valid email address.",
  invisible: "Please enter a valid email address. This one contains an invisible or control character.",
  lookalike: "Please enter a valid email address. This one mixes alphabets, or uses letters that only look like Latin ones.",
} as const;

export type EmailProblem = "invalid" | "invisible" | "lookalike";

/**
 * Characters no address may hold (decision 066): control characters, C0 and C1 (`\x85` after
 * `b.co` looked like nothing and was stored), format characters (zero-width spaces and joiners,
 * bidirectional overrides), private-use, unassigned and lone surrogate code points, and the other
 * default-ignorable ones (the Hangul fillers), all of which show as nothing or as something else.
 */
const INVISIBLE = /[\p{C}\p{Default_Ignorable_Code_Point}]/u;

/** Printable ASCII: the common case, which no script rule concerns. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Script-neutral characters: digits, punctuation (`.`, `-`, `_`, `+`), combining marks. */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * The scripts in modern customary use (UTS #31, table 5 "Recommended Scripts"), the ones IDN
 * registries allow. Letters of any other script (Cherokee, Lisu, the mathematical and historic
 * scripts, ...) are refused: several of them are made of Latin look-alikes (Cherokee Ꭺ, Lisu ꓮ).
 */
const RECOMMENDED_SCRIPTS = [
  "Latin",
  "Arabic",
  "Armenian",
  "Bengali",
  "Bopomofo",
  "Cyrillic",
  "Devanagari",
  "Ethiopic",
  "Georgian",
  "Greek",
  "Gujarati",
  "Gurmukhi",
  "Han",
  "Hangul",
  "Hebrew",
  "Hiragana",
  "Kannada",
  "Katakana",
  "Khmer",
  "Lao",
  "Malayalam",
  "Myanmar",
  "Oriya",
  "Sinhala",
  "Tamil",
  "Telugu",
  "Thaana",
  "Thai",
  "Tibetan",
] as const;
type Script = (typeof RECOMMENDED_SCRIPTS)[number];
const SCRIPT_TESTS = RECOMMENDED_SCRIPTS.map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, "u")] as const);

/**
 * Scripts that may share one part of an address: UTS #39's "highly restrictive" level, which is
 * how Japanese, Chinese and Korean are written (with Latin). Any other mix is one script passing
 * for another (`pаypal` with a Cyrillic а).
 */
const TOGETHER: readonly (readonly Script[])[] = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
];

/**
 * Lower-case letters of other scripts that look like Latin ones. A part made of these alone reads as
 * a Latin word (`рор` in Cyrillic is "pop"): the simplified whole-script confusable check browsers
 * apply to domain names (Chromium's IDN spoof checker uses the Cyrillic list), extended to Greek
 * and Armenian.
 */
const LATIN_LOOKALIKES = new Set([..."асԁеһіјӏорԗԛѕԝхуъьҽпгѵѡ", ..."αικορυχ", ..."հոսօզց"]);

function scriptOf(char: string): Script | "other" | null {
  if (NEUTRAL.test(char)) return null;
  for (const [name, test] of SCRIPT_TESTS) if (test.test(char)) return name;
  return "other";
}

/** Why one part of an address (its local part, or one label of its domain) would deceive, if it would. */
function deceivingPart(part: string, latinTopLevel: boolean): boolean {
  const scripts = new Set<Script | "other">();
  let lookalikes = true;
  for (const char of part) {
    const script = scriptOf(char);
    if (!script) continue;
    scripts.add(script);
    if (!LATIN_LOOKALIKES.has(char)) lookalikes = false;
  }
  if (scripts.has("other")) return true;
  if (scripts.size > 1 && !TOGETHER.some((allowed) => [...scripts].every((script) => allowed.includes(script as Script)))) return true;
  // Look-alikes in an address under a Latin top-level domain (`.com`); under `.рф`, `рор` is Russian.
  return scripts.size === 1 && !scripts.has("Latin") && lookalikes && latinTopLevel;
}

/**
 * Whether the address would pass for another (decision 066): compatibility characters (fullwidth
 * `ａ`, mathematical `𝐚`, ligatures: each an ordinary letter in disguise), a part that mixes
 * scripts, letters of scripts not in modern use, or a part written wholly in letters that look
 * Latin. Each part (the local part, each label of the domain) is judged on its own, as browsers
 * judge domain labels.
 */
export function isLookalikeEmail(email: string): boolean {
  if (PRINTABLE_ASCII.test(email)) return false;
  if (email.normalize("NFKC") !== email.normalize("NFC")) return true;
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return false;
  const labels = lower.slice(at + 1).split(".");
  const latinTopLevel = PRINTABLE_ASCII.test(labels.findLast((label) => label !== "") ?? "");
  return [lower.slice(0, at), ...labels].some((part) => deceivingPart(part, latinTopLevel));
}

/**
 * What is wrong with an address as typed (trimmed), or null: the spec's basic pattern and 254
 * characters, then no invisible characters and no look-alikes (decision 066). Sign-in, entries (the
 * page, the embed and the entry lane), the data-rights request and the contact form all ask this.
 */
export function emailProblem(email: string): EmailProblem | null {
  if (INVISIBLE.test(email)) return "invisible";
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return "invalid";
  if (isLookalikeEmail(email)) return "lookalike";
  return null;
}

export function isUsableEmail(email: string): boolean {
  return emailProblem(email) === null;
}

/**
 * The zod check of an address field (after trim and "required"): one issue, with the spec's
 * message (and why, for the two a person cannot see), and nothing else checked after it.
 */
export function checkEmailAddress(email: string, ctx: z.core.$RefinementCtx<string>): void {
  const problem = emailProblem(email);
  if (problem) ctx.addIssue({ code: "custom", message: EMAIL_MESSAGES[problem], input: email, continue: false });
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const EmailSchema = z
  .string({ error: EMAIL_MESSAGES.required })
  .trim()
  .min(1, { message: EMAIL_MESSAGES.required, abort: true })
  .superRefine(checkEmailAddress)
  .transform(normalizeEmail);

/**
 * The address as we send to it: trimmed, and without the trailing dots a domain may carry
 * (`fan@gmail.com.` is the fully qualified spelling of `fan@gmail.com`: the same mailbox).
 */
export function sendableEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf("@");
  if (at < 1) return trimmed;
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).replace(/\.+$/, "")}`;
}

/** The domain of an address (after the last "@"), lower-cased and without trailing dots; "" without one. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.+$/, "");
}

interface MailboxRule {
  /** The separator after which the provider delivers to the name before it (its "+tag" or "+alias"). */
  tag: "+";
  /** Characters the provider ignores anywhere in the local part. */
  ignored?: RegExp;
  /** One spelling for domains that deliver the same name to the same mailbox. */
  domain?: string;
}

// Decisions 038 and 066. Only what a provider itself delivers to one mailbox is merged: a wrong
// merge tells a real, different person that they have already entered (and shows them the other
// person's entries on the data page), while a missed one only lets one inbox enter twice.
/** Gmail delivers `first.last+tag@` to `firstlast@` (its help: dots don't matter, "+" aliases), and googlemail.com is the same account. */
const GMAIL: MailboxRule = { tag: "+", ignored: /\./g, domain: "gmail.com" };
/** Outlook.com documents plus addressing; dots are significant and each domain is its own namespace. */
const MICROSOFT: MailboxRule = { tag: "+" };
/** iCloud Mail delivers `name+tag@`; an @me.com or @mac.com name is the same account's @icloud.com name. */
const APPLE: MailboxRule = { tag: "+", domain: "icloud.com" };
/** Fastmail documents plus addressing; fastmail.com and fastmail.fm are separate namespaces. */
const FASTMAIL: MailboxRule = { tag: "+" };
/**
 * Proton documents "+aliases"; it also treats `.`, `-` and `_` in a name as absent (its support
 * confirms it, and its web client compares addresses that way, `removeEmailAlias`), and one
 * username holds the same name on every Proton domain. So these are the same mailbox.
 */
const PROTON: MailboxRule = { tag: "+", ignored: /[._-]/g, domain: "proton.me" };
/**
 * Yahoo is not merged at all: its disposable addresses are `basename-keyword@`, where the base name
 * is one the user chose apart from their Yahoo ID, so `anne-marie@yahoo.com` is not `anne@`'s
 * mailbox (and may be a real ID of its own); Yahoo has no "+" aliases. Until decision 066 these
 * domains were merged at a "-": keys stored or sealed before then may be wrong for them.
 */
export const YAHOO_DOMAINS: readonly string[] = [
  "yahoo.com",
  "ymail.com",
  "rocketmail.com",
  "yahoo.co.uk",
  "yahoo.fr",
  "yahoo.de",
  "yahoo.ca",
  "yahoo.com.au",
];

const MAILBOX_RULES: ReadonlyMap<string, MailboxRule> = new Map([
  ...["gmail.com", "googlemail.com"].map((domain) => [domain, GMAIL] as const),
  ...[
    "outlook.com",
    "hotmail.com",
    "live.com",
    "msn.com",
    "outlook.co.uk",
    "hotmail.co.uk",
    "live.co.uk",
    "outlook.fr",
    "hotmail.fr",
    "live.fr",
    "outlook.de",
    "hotmail.de",
    "outlook.es",
    "hotmail.es",
    "outlook.it",
    "hotmail.it",
  ].map((domain) => [domain, MICROSOFT] as const),
  ...["icloud.com", "me.com", "mac.com"].map((domain) => [domain, APPLE] as const),
  ...["fastmail.com", "fastmail.fm"].map((domain) => [domain, FASTMAIL] as const),
  ...["proton.me", "protonmail.com", "protonmail.ch", "pm.me"].map((domain) => [domain, PROTON] as const),
]);

/**
 * The key that makes "one entry per person" (decision 038): trimmed, lower-cased, the domain's
 * trailing dots removed; for providers that deliver tagged or re-punctuated names to the same
 * mailbox, the tag and the ignored characters are removed too, and a provider's sibling domains
 * count as one. Everyone else's address is kept whole: `+` is an ordinary character for them.
 */
export function canonicalEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  const domain = lower.slice(at + 1).replace(/\.+$/, "");
  const local = lower.slice(0, at);
  const rule = MAILBOX_RULES.get(domain);
  if (!rule) return `${local}@${domain}`;
  const untagged = local.split(rule.tag)[0] ?? "";
  const name = rule.ignored ? untagged.replace(rule.ignored, "") : untagged;
  // "+tag@gmail.com" has no name before its tag: keep it as typed rather than make it "@gmail.com".
  return `${name || local}@${rule.domain ?? domain}`;
}

/**
 * Domains where anyone can open mailboxes for free: many referrals at one of them is ordinary. Many
 * confirmed referrals at any other domain (a company's, a catch-all's) come from whoever runs it
 * (decision 103).
 */
const PUBLIC_PROVIDER_DOMAINS: ReadonlySet<string> = new Set([
  ...MAILBOX_RULES.keys(),
  ...YAHOO_DOMAINS,
  ...["aol.com", "gmx.com", "gmx.de", "gmx.net", "gmx.at", "web.de", "t-online.de", "mail.com", "zoho.com", "yandex.com", "yandex.ru"],
  ...["mail.ru", "qq.com", "163.com", "126.com", "naver.com", "orange.fr", "free.fr", "laposte.net", "sfr.fr", "libero.it", "virgilio.it"],
  ...[
    "tutanota.com",
    "tuta.io",
    "hey.com",
    "comcast.net",
    "verizon.net",
    "att.net",
    "btinternet.com",
    "sky.com",
    "bol.com.br",
    "uol.com.br",
  ],
]);

/** Whether anyone can get a mailbox at `domain` for free (gmail.com yes, a brand's or a catch-all's own domain no). */
export function isPublicEmailProvider(domain: string): boolean {
  return PUBLIC_PROVIDER_DOMAINS.has(domain.toLowerCase().replace(/\.+$/, ""));
}
