/**
 * Email tools (decision 056): the brand connects Klaviyo or Mailchimp with an API key, picks a list
 * (Klaviyo) or audience (Mailchimp), and confirmed entrants who gave marketing consent are subscribed
 * there with the consent's time and source; entrants who withdraw or erase are unsubscribed.
 *
 * This module holds what needs no I/O: the providers' words, the form schemas, the request bodies
 * each API takes, the retry schedule and the page's view types.
 */
import { z } from "zod";
import { HOUR_MS, MINUTE_MS, nextAttemptAt } from "./email-retry";

export const EMAIL_TOOL_PROVIDERS = ["klaviyo", "mailchimp"] as const;
export type EmailToolProvider = (typeof EMAIL_TOOL_PROVIDERS)[number];

export function isEmailToolProvider(value: unknown): value is EmailToolProvider {
  return typeof value === "string" && (EMAIL_TOOL_PROVIDERS as readonly string[]).includes(value);
}

export const EMAIL_TOOL_NAMES: Record<EmailToolProvider, string> = { klaviyo: "Klaviyo", mailchimp: "Mailchimp" };
/** What each service calls the thing entrants are added to. */
export const EMAIL_TOOL_LIST_WORDS: Record<EmailToolProvider, string> = { klaviyo: "list", mailchimp: "audience" };

/** Where in the service the creator makes a key, and which access it needs (shown next to the key field). */
export const EMAIL_TOOL_KEY_HELP: Record<EmailToolProvider, string> = {
  klaviyo: "Settings → API keys → Create Private API Key, with Full Access to Lists, Profiles and Subscriptions. It starts with pk_.",
  mailchimp: "Profile → Extras → API keys → Create A Key. It ends with your data centre, like -us21.",
};

/** EmailToolConnection.status */
export type EmailToolConnectionStatus = "choose-list" | "active" | "needs-attention";

/**
 * The Klaviyo API revision every request names (Klaviyo's `revision` header). 2025-10-15 is a stable
 * revision; Klaviyo keeps a revision working for two years after its release.
 */
export const KLAVIYO_REVISION = "2025-10-15";

/** The longest key we accept; real ones are well under it. */
const MAX_KEY_LENGTH = 200;

const KLAVIYO_PRIVATE_KEY = /^pk_[A-Za-z0-9_]{20,100}$/;
/** Mailchimp keys: 32 hex characters, a dash, the account's data centre (us21, eu1, …). */
const MAILCHIMP_KEY = /^[0-9a-f]{32}-([a-z]{2,4}\d{1,3})$/;

export const EMAIL_TOOL_MESSAGES = {
  providerRequired: "Please choose Klaviyo or Mailchimp.",
  keyRequired: "Please paste your API key.",
  keyTooLong: `An API key has at most ${MAX_KEY_LENGTH} characters.`,
  klaviyoKeyShape:
    "That is not a Klaviyo private API key: a private key starts with pk_ (the 6-character public key cannot add subscribers).",
  mailchimpKeyShape: "That is not a Mailchimp API key: it is 32 letters and digits, a dash and your data centre, like …-us21.",
  listRequired: "Please choose a list.",
  listGone: "That list is not in your account any more. Please choose another.",
  alreadyConnected: "That tool is already connected. Disconnect it first, or replace its key.",
  notFound: "That connection does not exist or is not yours.",
  encryptionKeyMissing:
    "Connecting an email tool needs ENCRYPTION_KEY set on the server (API keys are stored encrypted with it). Ask the site's operator to set it.",
} as const;

/** The problem with a key's shape, or null when it looks like one of the provider's keys (the service decides if it works). */
export function keyShapeProblem(provider: EmailToolProvider, key: string): string | null {
  if (provider === "klaviyo") return KLAVIYO_PRIVATE_KEY.test(key) ? null : EMAIL_TOOL_MESSAGES.klaviyoKeyShape;
  return MAILCHIMP_KEY.test(key) ? null : EMAIL_TOOL_MESSAGES.mailchimpKeyShape;
}

/** A Mailchimp key's data centre ("us21"), which names its API host, or null for a key of another shape. */
export function mailchimpDataCenter(key: string): string | null {
  return MAILCHIMP_KEY.exec(key)?.[1] ?? null;
}

/** The key's last four characters, all that is ever shown of it again. */
export function keyLast4(key: string): string {
  return key.slice(-4);
}

const apiKeyField = z
  .string({ error: EMAIL_TOOL_MESSAGES.keyRequired })
  // Pasted keys often carry spaces or a line break around them.
  .trim()
  .min(1, { message: EMAIL_TOOL_MESSAGES.keyRequired, abort: true })
  .max(MAX_KEY_LENGTH, { message: EMAIL_TOOL_MESSAGES.keyTooLong, abort: true });

/** Connect: a provider and its key. The key's shape is checked here; whether it works, by the service. */
export const ConnectEmailToolSchema = z
  .object({
    provider: z.enum(EMAIL_TOOL_PROVIDERS, { error: EMAIL_TOOL_MESSAGES.providerRequired }),
    apiKey: apiKeyField,
  })
  .superRefine((value, context) => {
    const problem = keyShapeProblem(value.provider, value.apiKey);
    if (problem) context.addIssue({ code: "custom", path: ["apiKey"], message: problem });
  });
export type ConnectEmailToolInput = z.input<typeof ConnectEmailToolSchema>;

/** A new key for a connection whose key stopped working (or was rotated). */
export const ReplaceKeySchema = z.object({ connectionId: z.string().min(1).max(64), apiKey: apiKeyField });

export const PickListSchema = z.object({
  connectionId: z.string().min(1).max(64),
  listId: z.string({ error: EMAIL_TOOL_MESSAGES.listRequired }).trim().min(1, EMAIL_TOOL_MESSAGES.listRequired).max(100),
});

export interface EmailToolList {
  id: string;
  name: string;
}

/** A connection's lists as its service answered them, for the list picker. */
export type EmailToolListsOutcome =
  { kind: "lists"; lists: EmailToolList[] } | { kind: "key-refused"; message: string } | { kind: "unavailable"; message: string };

// ---------------------------------------------------------------------------------------------
// What is sent

/** The consent's source as both services store it: the campaign it was given on. */
export function consentSource(campaignTitle: string): string {
  const title = campaignTitle.trim().replace(/\s+/g, " ") || "a giveaway";
  // Mailchimp tags take at most 100 characters.
  return `Giveawear: ${title}`.slice(0, 100);
}

export interface KlaviyoSubscriber {
  email: string;
  /** When marketing consent was given. */
  consentedAt: Date;
}

/**
 * Klaviyo's Bulk Subscribe Profiles body (POST /api/profile-subscription-bulk-create-jobs). Consent
 * was given on our form before now, so the job is a "historical import" (the only way Klaviyo takes
 * `consented_at`; it also means Klaviyo does not send its own double opt-in email: the entrant
 * confirmed their address with us). `custom_source` is stored on Klaviyo's consent records.
 */
export function klaviyoSubscribeJob(listId: string, source: string, subscribers: KlaviyoSubscriber[]) {
  return {
    data: {
      type: "profile-subscription-bulk-create-job",
      attributes: {
        custom_source: source,
        historical_import: true,
        profiles: {
          data: subscribers.map((subscriber) => ({
            type: "profile",
            attributes: {
              email: subscriber.email,
              subscriptions: { email: { marketing: { consent: "SUBSCRIBED", consented_at: subscriber.consentedAt.toISOString() } } },
            },
          })),
        },
      },
      relationships: { list: { data: { type: "list", id: listId } } },
    },
  };
}

/** Klaviyo's Bulk Unsubscribe Profiles body (POST /api/profile-subscription-bulk-delete-jobs): email marketing, from the list. */
export function klaviyoUnsubscribeJob(listId: string, emails: string[]) {
  return {
    data: {
      type: "profile-subscription-bulk-delete-job",
      attributes: {
        profiles: {
          data: emails.map((email) => ({
            type: "profile",
            attributes: { email, subscriptions: { email: { marketing: { consent: "UNSUBSCRIBED" } } } },
          })),
        },
      },
      relationships: { list: { data: { type: "list", id: listId } } },
    },
  };
}

/**
 * Mailchimp's Add or Update List Member body (PUT /3.0/lists/{list_id}/members/{subscriber_hash}):
 * an upsert, so sending it twice leaves one member. `timestamp_opt` is when they opted in. No IP
 * address is sent: the brand does not need it and our privacy page does not pass it on.
 */
export function mailchimpMemberUpsert(email: string, consentedAt: Date) {
  return {
    email_address: email,
    status_if_new: "subscribed",
    status: "subscribed",
    timestamp_opt: consentedAt.toISOString().replace(/\.\d{3}Z$/, "+00:00"),
  };
}

/** The member's tag naming the source (POST …/members/{subscriber_hash}/tags). */
export function mailchimpSourceTag(source: string) {
  return { tags: [{ name: source, status: "active" }] };
}

/** PATCH /3.0/lists/{list_id}/members/{subscriber_hash} */
export const MAILCHIMP_UNSUBSCRIBE = { status: "unsubscribed" } as const;

// ---------------------------------------------------------------------------------------------
// Answers

/**
 * When a 429's Retry-After says to try again: delta seconds or an HTTP date. Null without one (the
 * caller pauses for its default).
 */
export function retryAfterTime(header: string | null, now: Date): Date | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return new Date(now.getTime() + Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : new Date(Math.max(date, now.getTime()));
}

/**
 * Klaviyo answers a refused bulk job with JSON:API errors whose `source.pointer` names the profile
 * (`/data/attributes/profiles/data/3/attributes/email`): the positions refused, each with its reason.
 */
export function klaviyoRefusedProfiles(body: unknown): Map<number, string> {
  const refused = new Map<number, string>();
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return refused;
  for (const error of errors as { detail?: unknown; title?: unknown; source?: { pointer?: unknown } }[]) {
    const pointer = typeof error?.source?.pointer === "string" ? error.source.pointer : "";
    const match = /^\/data\/attributes\/profiles\/data\/(\d+)(?:\/|$)/.exec(pointer);
    if (!match) continue;
    const reason = typeof error.detail === "string" ? error.detail : typeof error.title === "string" ? error.title : "Refused";
    const index = Number(match[1]);
    refused.set(index, refused.has(index) ? `${refused.get(index)}; ${reason}` : reason);
  }
  return refused;
}

/** "Title: detail", or "Title. Detail" when the title is a sentence already. */
function titleAndDetail(title: unknown, detail: unknown): string | null {
  const parts = [...new Set([title, detail].filter((part): part is string => typeof part === "string" && part.trim().length > 0))];
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  return /[.!?]$/.test(parts[0]!) ? `${parts[0]} ${parts[1]}` : `${parts[0]}: ${parts[1]}`;
}

/** The human part of an error answer: Klaviyo's first error, or Mailchimp's problem document. */
export function serviceErrorText(body: unknown, fallback: string): string {
  if (body && typeof body === "object") {
    const errors = (body as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      const first = errors[0] as { title?: unknown; detail?: unknown };
      const text = titleAndDetail(first.title, first.detail);
      if (text) return text;
    }
    const { title, detail } = body as { title?: unknown; detail?: unknown };
    const text = titleAndDetail(title, detail);
    if (text) return text;
  }
  return fallback;
}

// ---------------------------------------------------------------------------------------------
// Retries

/**
 * The pause after the 1st, 2nd, … attempt that failed because the service was down or did not
 * answer. An outage of three days is waited out; a 429 or a refused key does not count as an attempt.
 */
export const EMAIL_TOOL_RETRY_DELAYS_MS = [
  1 * MINUTE_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  24 * HOUR_MS,
  24 * HOUR_MS,
  24 * HOUR_MS,
] as const;
export const EMAIL_TOOL_MAX_ATTEMPTS = EMAIL_TOOL_RETRY_DELAYS_MS.length + 1;

/** When to try again after `attempts` failed attempts, or null when that was the last one. */
export function nextEmailToolAttemptAt(attempts: number, now: Date): Date | null {
  return nextAttemptAt(EMAIL_TOOL_RETRY_DELAYS_MS, attempts, now);
}

/** The pause after a 429 that named no time. */
export const DEFAULT_RATE_LIMIT_PAUSE_MS = MINUTE_MS;

// ---------------------------------------------------------------------------------------------
// The page

export interface EmailToolSyncCounts {
  /** Waiting to be sent, being sent, or waiting for a retry. */
  waiting: number;
  subscribed: number;
  unsubscribed: number;
  /** Given up on: refused by the service, or out of attempts. */
  failed: number;
}

export interface EmailToolConnectionView {
  id: string;
  provider: EmailToolProvider;
  name: string;
  listWord: string;
  keyLast4: string;
  listId: string | null;
  listName: string | null;
  status: EmailToolConnectionStatus;
  statusMessage: string | null;
  connectedAt: string;
  counts: EmailToolSyncCounts;
  lastError: { message: string; at: string } | null;
}
