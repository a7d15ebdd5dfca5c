/**
 * The winners' text messages (decision 094): short, plain, one link, and how to stop them. What an
 * entrant is promised on the entry form (SMS_CONSENT_LINE) is exactly these two: the winner notice
 * and one reminder before the claim deadline.
 */

/** Twilio's opt-out keywords (its Advanced Opt-Out defaults): a reply with one of them stops our SMS. */
export const SMS_STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"] as const;
/** Replies that take a number off the opt-out list again. */
export const SMS_START_WORDS = ["START", "YES", "UNSTOP"] as const;

/** What an inbound reply asks for: "stop", "start" or nothing. Case and surrounding spaces do not matter. */
export function smsReplyIntent(body: string): "stop" | "start" | null {
  const word = body.trim().toUpperCase();
  if ((SMS_STOP_WORDS as readonly string[]).includes(word)) return "stop";
  if ((SMS_START_WORDS as readonly string[]).includes(word)) return "start";
  return null;
}

/**
 * The two texts in English; app/i18n/entrant-emails.ts holds them in the campaign's other languages
 * (decision 097). Every language keeps the keyword STOP: it is what Twilio's opt-out acts on.
 */
export const SMS_TEXTS = {
  winner: "{{brand}}: you won {{prize}}! Claim it by {{deadline}}: {{link}} Reply STOP to opt out.",
  claimReminder: "{{brand}}: {{time_left}} left to claim your prize, {{prize}}: {{link}} Reply STOP to opt out.",
} as const;

export type SmsTexts = Record<keyof typeof SMS_TEXTS, string>;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key] ?? all);

export function winnerSmsBody(brand: string, prize: string, link: string, deadline: string, texts: SmsTexts = SMS_TEXTS): string {
  return fill(texts.winner, { brand, prize, link, deadline });
}

export function claimReminderSmsBody(brand: string, prize: string, link: string, timeLeft: string, texts: SmsTexts = SMS_TEXTS): string {
  return fill(texts.claimReminder, { brand, prize, link, time_left: timeLeft });
}

/** One winner SMS per prize and winner, as the winner email's key (winnerDedupeKey). */
export function winnerSmsDedupeKey(campaignId: string, rank: number, entryId: string): string {
  return `sms-winner:${campaignId}:${rank}:${entryId}`;
}

/** One claim reminder SMS per prize and winner, whichever email reminder it goes with. */
export function claimReminderSmsDedupeKey(campaignId: string, rank: number, entryId: string): string {
  return `sms-claim-reminder:${campaignId}:${rank}:${entryId}`;
}

/**
 * Twilio's message statuses in the order a message moves through them: a status callback that
 * arrives late ("sent" after "delivered") never moves a message back.
 */
const STATUS_ORDER = ["pending", "sending", "accepted", "scheduled", "queued", "sent", "delivered", "undelivered", "failed", "read"];

export function laterSmsStatus(current: string, reported: string): boolean {
  const from = STATUS_ORDER.indexOf(current);
  const to = STATUS_ORDER.indexOf(reported);
  return to > from && from >= 0 && from < STATUS_ORDER.indexOf("delivered");
}

/** Attempts at one message before it is given up (a network error, Twilio unavailable). */
export const SMS_MAX_ATTEMPTS = 5;

/** When a message whose attempt `attempts` failed is tried again: 1, 4, 16, 64 minutes later. */
export function nextSmsAttemptAt(attempts: number, now: Date): Date | null {
  if (attempts >= SMS_MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + 60_000 * 4 ** (attempts - 1));
}

/**
 * A number as the admin's outbox shows it (decision 096): the country's first digits and the last
 * two, the rest hidden ("+14••••••••77"); an erased entrant's number reads "Erased".
 */
export function maskPhoneNumber(to: string): string {
  if (to.startsWith("erased:")) return "Erased";
  if (!/^\+\d{6,15}$/.test(to)) return "•".repeat(Math.min(to.length, 12));
  return `${to.slice(0, 3)}${"•".repeat(to.length - 5)}${to.slice(-2)}`;
}

/** The admin Emails tab's text messages (decision 096). */
export interface SmsOutboxRow {
  id: string;
  createdAt: string;
  kind: string;
  /** Masked: "+1 ••• ••• 0177". */
  to: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  sentAt: string | null;
  lastError: string | null;
}

export interface SmsOutbox {
  rows: SmsOutboxRow[];
  total: number;
}
