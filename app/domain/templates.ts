import { z } from "zod";
import { endSentence } from "./sentences";

/** Email templates: "{{token}}" placeholders, filled with HTML-escaped values. */

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const TOKEN = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;

/**
 * Tokens renamed since templates were first seeded, by earlier name. Templates an admin saved with
 * an earlier name keep working: it is filled with the value of the current name.
 */
export const FORMER_TOKEN_NAMES: ReadonlyMap<string, string> = new Map([
  ["redemption_link", "claim_link"],
  ["redemption_deadline", "claim_deadline"],
]);

/** The name a token goes by now (itself, unless it is an earlier name). */
export function currentTokenName(token: string): string {
  return FORMER_TOKEN_NAMES.get(token) ?? token;
}

/** The earlier names that still fill `token`. */
export function formerNamesOf(token: string): string[] {
  return [...FORMER_TOKEN_NAMES].filter(([, current]) => current === token).map(([former]) => former);
}

/** A token and the period that may follow it ("by {{brand_name}}."). */
const TOKEN_AND_PERIOD = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}(\.?)/gi;

/**
 * Unknown tokens become empty, so a template edit can never leak its placeholders to a recipient.
 * An earlier token name (FORMER_TOKEN_NAMES) is filled like its current name. A token that ends a
 * sentence keeps one period: "by {{brand_name}}." with "Kestrel Coffee Co." gives "Co.", not "Co.."
 * (decision 069).
 */
export function fillTemplate(template: string, tokens: Record<string, string | number | null | undefined>, escape = true): string {
  return template.replace(TOKEN_AND_PERIOD, (_match, name: string, period: string) => {
    const raw = tokens[name] ?? tokens[currentTokenName(name)];
    const value = raw === null || raw === undefined ? "" : String(raw);
    const filled = period ? (value ? endSentence(value) : period) : value;
    return escape ? escapeHtml(filled) : filled;
  });
}

/** A plain-text alternative for mail clients that do not render HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/li|\/tr)\s*\/?>/gi, "\n")
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, "$2 ($1)")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

// ---------------------------------------------------------------------------------------------
// The admin's template editor

export const TEMPLATE_LIMITS = { subject: 200, htmlBody: 100_000 } as const;

export const TemplateSchema = z.object({
  subject: z
    .string({ error: "Subject is required." })
    .trim()
    .min(1, "Subject is required.")
    .max(TEMPLATE_LIMITS.subject, `The subject can be at most ${TEMPLATE_LIMITS.subject} characters.`)
    .transform((value) => value.replace(/\s+/g, " ")),
  htmlBody: z
    .string({ error: "HTML body is required." })
    .trim()
    .min(1, "HTML body is required.")
    .max(TEMPLATE_LIMITS.htmlBody, `The HTML body can be at most ${TEMPLATE_LIMITS.htmlBody.toLocaleString("en-US")} characters.`),
});

/** SPEC "Email template tokens", plus the ones particular templates fill (sign-in code, prizes, contact form). */
export const SAMPLE_TOKENS: Record<string, string> = {
  email: "jamie.fan@example.com",
  brand_name: "Northwind Coffee",
  campaign_title: "Win the Northwind Morning Mug",
  entry_coupon: "THANKS15 (15% off your next order)",
  referral_offer:
    "Want better odds? Share your personal link: every friend who enters through it and confirms their entry earns you 3 bonus entries.",
  referral_link: "https://giveawear.example/campaign/sample?ref=sample-entry",
  confirm_link: "https://giveawear.example/campaign/sample/confirm/sample-token",
  entry_id: "k3v9x2m7q1w8e5r4t6y0u2i9",
  entry_time: "Tuesday 2 June 2026, 05:41 New York time (2026-06-02 09:41:07.312 UTC)",
  entry_weight: "4",
  claim_link: "https://giveawear.example/claim/sample-token",
  claim_deadline: "Tuesday 30 June 2026, 23:59 New York time",
  claim_choices: "size, style and colour",
  campaign_end_date: "Tuesday 16 June 2026, 23:59 New York time",
  code: "123456",
  magic_link: "https://giveawear.example/login/otp?t=sample",
  bonus_gift_name: "Bonus gift: Northwind gift card",
  bonus_gift_code: "Code: GIFT-1234",
  bonus_gift_instructions: "Redeem at northwind.example at checkout.",
  prize_title: "$25 store credit",
  prize_rank: "2nd",
  prize_code: "CREDIT-12345",
  prize_instructions: "Your code: CREDIT-12345. Redeem by June 30, 2026.",
  tracking_number: "1Z999AA10123456784",
  carrier: "UPS",
  tracking_url: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  tracking_link_text: "Track your parcel on UPS",
  order_link: "https://giveawear.example/claim/sample-token",
  prize_name: "Northwind Morning Mug",
  prize_image_url: "https://giveawear.example/mockups/mug/white/800/ai_design/sample.png.webp",
  brand_logo_url: "https://giveawear.example/uploads/logo/sample.png",
  contact_line: "Questions about your prize? Reply to this email to reach Northwind Coffee (help@northwind.example).",
  time_left: "3 days",
  next_step: "You can draw another winner for it in your campaign's draw panel; the new winner is emailed their own claim link.",
  draw_link: "https://giveawear.example/dashboard/campaigns/sample/draw",
  name: "Jamie Fan",
  subject: "A question about my entry",
  message: "Hi! When is the winner announced?",
  entry_count: "400",
  entry_limit: "500",
  percent: "80",
  dashboard_link: "https://giveawear.example/my-campaigns",
  upgrade_offer: "Upgrade to Pro Tee for $50.00 and the limit rises at once: https://giveawear.example/dashboard/campaigns/sample/upgrade",
  data_link: "https://giveawear.example/privacy/my-data/sample-token",
  link_days: "7",
  draw_commitment_line:
    "The draw is fixed in advance by its commitment, the SHA-256 of a secret revealed only after the draw: 5f0c2b7e9a41d3c88e6f17a2b0d94c53e1a7f6b2c98d0e4a3b5c71f26d8e9a04. Keep this email: the draw record must show the same commitment.",
  draw_round_line:
    "The draw will use round 27451200 of the drand quicknet (League of Entropy) beacon (due June 16, 2026, 12:10 UTC), whose value nobody can know before then. If the entry list is frozen late, a later round is used instead and published with the list. Should that round's beacon still be unavailable 24 hours after its time, the draw goes ahead without it and its page says so.",
  frozen_at: "June 16, 2026, 12:00 UTC",
  list_sha256: "9b2e41c07d3a5f86e1b4c29d70a8f3e5c6d1b7a29e04f58c3d6a1b2e7f9c0d48",
  entry_line: "k3v9x2m7q1w8e5r4t6y0u2i9,1780393267312,,4",
  beacon_round: "27451200",
  round_line:
    "The winner is drawn with round 27451200 of the drand quicknet (League of Entropy) beacon, due June 16, 2026, 12:10 UTC: it did not exist when the list was frozen, so nobody could fit the list to it. Should that round's beacon still be unavailable 24 hours after its time, the draw goes ahead without it and its page says so.",
  check_link:
    "https://giveawear.example/campaign/sample/draw?entry=k3v9x2m7q1w8e5r4t6y0u2i9&hash=9b2e41c07d3a5f86e1b4c29d70a8f3e5c6d1b7a29e04f58c3d6a1b2e7f9c0d48#check",
  draw_csv_link: "https://giveawear.example/campaign/sample/draw.csv",
};

/** The distinct tokens a template text uses, in order of first use. */
export function tokensIn(...texts: string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(TOKEN)) seen.add((match[1] ?? "").toLowerCase());
  }
  return [...seen];
}
