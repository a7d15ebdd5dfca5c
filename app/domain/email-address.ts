import { z } from "zod";

/** The spec's "basic pattern" for email addresses. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const EmailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Please enter a valid email address.")
  .regex(EMAIL_PATTERN, "Please enter a valid email address.")
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
  /** The separator after which the provider ignores the rest of the local part ("+tags", Yahoo's "-keywords"). */
  tag: "+" | "-";
  /** Characters the provider ignores anywhere in the local part. */
  ignored?: RegExp;
  /** One spelling for domains that deliver the same name to the same mailbox. */
  domain?: string;
}

// Decision 038 gives the source for each rule. Only providers whose own rules we know are merged:
// a wrong merge would tell a real, different person that they have already entered.
const GMAIL: MailboxRule = { tag: "+", ignored: /\./g, domain: "gmail.com" };
const MICROSOFT: MailboxRule = { tag: "+" };
const APPLE: MailboxRule = { tag: "+", domain: "icloud.com" };
const FASTMAIL: MailboxRule = { tag: "+" };
const PROTON: MailboxRule = { tag: "+", ignored: /[._-]/g, domain: "proton.me" };
const YAHOO: MailboxRule = { tag: "-" };

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
  ...["yahoo.com", "ymail.com", "rocketmail.com", "yahoo.co.uk", "yahoo.fr", "yahoo.de", "yahoo.ca", "yahoo.com.au"].map(
    (domain) => [domain, YAHOO] as const,
  ),
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
