/**
 * The HTTP side of the email tools (decision 056): Klaviyo's JSON:API (a private key in
 * `Authorization: Klaviyo-API-Key …`, a `revision` header) and Mailchimp's Marketing API v3 (HTTP
 * basic auth with the key as password, on the key's data centre). Every call answers a
 * ServiceAnswer, so the sync and the connect page treat both services' errors alike.
 */
import { createHash } from "node:crypto";
import {
  DEFAULT_RATE_LIMIT_PAUSE_MS,
  EMAIL_TOOL_NAMES,
  type EmailToolList,
  type EmailToolProvider,
  KLAVIYO_REVISION,
  type KlaviyoSubscriber,
  MAILCHIMP_UNSUBSCRIBE,
  klaviyoSubscribeJob,
  klaviyoUnsubscribeJob,
  mailchimpDataCenter,
  mailchimpMemberUpsert,
  mailchimpSourceTag,
  retryAfterTime,
  serviceErrorText,
} from "../../domain/email-tools";
import { type MailchimpTag, klaviyoProfileImport } from "../../domain/entry-action-export";
import { getConfig } from "../core/config.server";

/** A call that takes longer is given up (and retried later); well inside the sync's lease. */
const TIMEOUT_MS = 20_000;
/** Checking a key while the creator waits. */
const CHECK_TIMEOUT_MS = 10_000;
/** Klaviyo pages its lists; an account with more than this many pages shows the first ones. */
const MAX_LIST_PAGES = 20;
/** Answers larger than this are not read (ours are small: lists, members, errors). */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export type ServiceAnswer =
  | { kind: "ok"; status: number; body: unknown }
  /** 429: nothing more on this connection before retryAt. */
  | { kind: "rate-limited"; retryAt: Date; message: string }
  /** 401/403: the key is invalid, revoked or lacks access; the connection needs its creator. `detail`: the service's own words. */
  | { kind: "key-refused"; status: number; message: string; detail: string }
  /** Another 4xx: this request was refused (a bad address, a member in a compliance state, an unknown list). */
  | { kind: "refused"; status: number; message: string; body: unknown }
  /** A 5xx, a timeout or no connection: try again later. */
  | { kind: "unavailable"; message: string };

/** Mailchimp's member id: the MD5 of the lower-cased address; it names the member without the address. */
export function subscriberHash(email: string): string {
  return createHash("md5").update(email.trim().toLowerCase()).digest("hex");
}

interface Call {
  method: "GET" | "POST" | "PUT" | "PATCH";
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
}

async function readAnswer(response: Response): Promise<unknown> {
  const length = Number(response.headers.get("Content-Length") ?? 0);
  if (length > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    return null;
  }
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text.slice(0, MAX_ANSWER_BYTES)) as unknown;
  } catch {
    return text.slice(0, 300);
  }
}

async function call(provider: EmailToolProvider, request: Call): Promise<ServiceAnswer> {
  const name = EMAIL_TOOL_NAMES[provider];
  const timeoutMs = request.timeoutMs ?? TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: { "User-Agent": "Giveawear", ...request.headers },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    const reason = timedOut
      ? `no answer within ${timeoutMs / 1000} s`
      : error instanceof Error
        ? (error.cause as Error)?.message || error.message
        : String(error);
    return { kind: "unavailable", message: `Could not reach ${name}: ${reason}` };
  }
  let body: unknown;
  try {
    body = await readAnswer(response);
  } catch (error) {
    return { kind: "unavailable", message: `${name}'s answer was cut off: ${error instanceof Error ? error.message : String(error)}` };
  }
  const status = response.status;
  if (status >= 200 && status < 300) return { kind: "ok", status, body };
  const text = serviceErrorText(body, `HTTP ${status}`);
  if (status === 429) {
    const now = new Date();
    const retryAt = retryAfterTime(response.headers.get("Retry-After"), now) ?? new Date(now.getTime() + DEFAULT_RATE_LIMIT_PAUSE_MS);
    return { kind: "rate-limited", retryAt, message: `${name} asked us to slow down (429): ${text}` };
  }
  if (status === 401 || status === 403)
    return { kind: "key-refused", status, message: `${name} refused the API key (${status}): ${text}`, detail: text };
  if (status >= 500 || status === 408) return { kind: "unavailable", message: `${name} answered ${status}: ${text}` };
  return { kind: "refused", status, message: `${name} refused it (${status}): ${text}`, body };
}

// ---------------------------------------------------------------------------------------------
// Klaviyo

function klaviyoUrl(path: string): string {
  return `${getConfig().KLAVIYO_API_URL.replace(/\/+$/, "")}${path}`;
}

function klaviyoHeaders(key: string): Record<string, string> {
  return {
    Authorization: `Klaviyo-API-Key ${key}`,
    revision: KLAVIYO_REVISION,
    Accept: "application/vnd.api+json",
    "Content-Type": "application/vnd.api+json",
  };
}

/** GET /api/lists, following `links.next` (only to Klaviyo's own host). */
async function klaviyoLists(key: string): Promise<ServiceAnswer & { lists?: EmailToolList[] }> {
  const lists: EmailToolList[] = [];
  const base = new URL(klaviyoUrl("/"));
  let url: string | null = klaviyoUrl("/api/lists?fields%5Blist%5D=name");
  for (let page = 0; url && page < MAX_LIST_PAGES; page++) {
    const answer = await call("klaviyo", { method: "GET", url, headers: klaviyoHeaders(key), timeoutMs: CHECK_TIMEOUT_MS });
    if (answer.kind !== "ok") return answer;
    const body = answer.body as { data?: { id?: unknown; attributes?: { name?: unknown } }[]; links?: { next?: unknown } } | null;
    for (const item of body?.data ?? []) {
      if (typeof item.id === "string")
        lists.push({ id: item.id, name: typeof item.attributes?.name === "string" ? item.attributes.name : item.id });
    }
    const next = typeof body?.links?.next === "string" ? body.links.next : null;
    url = next && URL.canParse(next) && new URL(next).origin === base.origin ? next : null;
  }
  return { kind: "ok", status: 200, body: null, lists };
}

export function klaviyoSubscribe(key: string, listId: string, source: string, subscribers: KlaviyoSubscriber[]): Promise<ServiceAnswer> {
  return call("klaviyo", {
    method: "POST",
    url: klaviyoUrl("/api/profile-subscription-bulk-create-jobs"),
    headers: klaviyoHeaders(key),
    body: klaviyoSubscribeJob(listId, source, subscribers),
  });
}

export function klaviyoUnsubscribe(key: string, listId: string, emails: string[]): Promise<ServiceAnswer> {
  return call("klaviyo", {
    method: "POST",
    url: klaviyoUrl("/api/profile-subscription-bulk-delete-jobs"),
    headers: klaviyoHeaders(key),
    body: klaviyoUnsubscribeJob(listId, emails),
  });
}

/** Create or Update Profile (POST /api/profile-import): the entrant's action properties merged into their profile (decision 079). */
export function klaviyoUpdateProfile(
  key: string,
  email: string,
  properties: Record<string, string | number | boolean>,
  unset: readonly string[] = [],
): Promise<ServiceAnswer> {
  return call("klaviyo", {
    method: "POST",
    url: klaviyoUrl("/api/profile-import"),
    headers: klaviyoHeaders(key),
    body: klaviyoProfileImport(email, properties, unset),
  });
}

// ---------------------------------------------------------------------------------------------
// Mailchimp

/** MAILCHIMP_API_URL, or the key's data centre's host. The data centre is checked to be letters and digits (no other host can be named). */
function mailchimpUrl(key: string, path: string): string {
  const configured = getConfig().MAILCHIMP_API_URL;
  const base = configured ? configured.replace(/\/+$/, "") : `https://${mailchimpDataCenter(key) ?? "invalid"}.api.mailchimp.com`;
  return `${base}/3.0${path}`;
}

function mailchimpHeaders(key: string): Record<string, string> {
  return {
    Authorization: `Basic ${Buffer.from(`giveawear:${key}`).toString("base64")}`,
    Accept: "application/json",
    "Content-Type": "application/json",
  };
}

async function mailchimpLists(key: string): Promise<ServiceAnswer & { lists?: EmailToolList[] }> {
  const answer = await call("mailchimp", {
    method: "GET",
    url: mailchimpUrl(key, "/lists?count=1000&fields=lists.id,lists.name,total_items"),
    headers: mailchimpHeaders(key),
    timeoutMs: CHECK_TIMEOUT_MS,
  });
  if (answer.kind !== "ok") return answer;
  const body = answer.body as { lists?: { id?: unknown; name?: unknown }[] } | null;
  const lists = (body?.lists ?? [])
    .filter((list): list is { id: string; name?: unknown } => typeof list.id === "string")
    .map((list) => ({ id: list.id, name: typeof list.name === "string" ? list.name : list.id }));
  return { ...answer, lists };
}

function memberPath(listId: string, hash: string): string {
  return `/lists/${encodeURIComponent(listId)}/members/${hash}`;
}

/** PUT the member (an upsert by subscriber hash); merge fields an audience requires are not asked of us. */
export function mailchimpUpsertMember(key: string, listId: string, email: string, consentedAt: Date): Promise<ServiceAnswer> {
  return call("mailchimp", {
    method: "PUT",
    url: mailchimpUrl(key, `${memberPath(listId, subscriberHash(email))}?skip_merge_validation=true`),
    headers: mailchimpHeaders(key),
    body: mailchimpMemberUpsert(email, consentedAt),
  });
}

export function mailchimpTagMember(key: string, listId: string, hash: string, source: string): Promise<ServiceAnswer> {
  return call("mailchimp", {
    method: "POST",
    url: mailchimpUrl(key, `${memberPath(listId, hash)}/tags`),
    headers: mailchimpHeaders(key),
    body: mailchimpSourceTag(source),
  });
}

/** Adds tags to a member (POST …/tags, 204): an active tag added again changes nothing. */
export function mailchimpAddTags(key: string, listId: string, hash: string, body: { tags: MailchimpTag[] }): Promise<ServiceAnswer> {
  return call("mailchimp", {
    method: "POST",
    url: mailchimpUrl(key, `${memberPath(listId, hash)}/tags`),
    headers: mailchimpHeaders(key),
    body,
  });
}

export function mailchimpUnsubscribeMember(key: string, listId: string, hash: string): Promise<ServiceAnswer> {
  return call("mailchimp", {
    method: "PATCH",
    url: mailchimpUrl(key, memberPath(listId, hash)),
    headers: mailchimpHeaders(key),
    body: MAILCHIMP_UNSUBSCRIBE,
  });
}

// ---------------------------------------------------------------------------------------------
// Checking a key

export type KeyCheck =
  | { kind: "ok"; lists: EmailToolList[] }
  /** The service refused the key (or it cannot read lists): a 400 for the creator. */
  | { kind: "invalid"; message: string }
  /** The service could not be asked (down, slow, rate limited): nothing is saved, try again. */
  | { kind: "unavailable"; message: string };

/** Asks the service for the key's lists: the key works if it can read them. */
export async function checkKeyAndLists(provider: EmailToolProvider, key: string): Promise<KeyCheck> {
  const answer = provider === "klaviyo" ? await klaviyoLists(key) : await mailchimpLists(key);
  const name = EMAIL_TOOL_NAMES[provider];
  switch (answer.kind) {
    case "ok":
      return { kind: "ok", lists: answer.lists ?? [] };
    case "key-refused":
      return {
        kind: "invalid",
        message:
          answer.status === 403
            ? `${name} says this key may not read your lists (403). Give it access to Lists, Profiles and Subscriptions, or create a new key. ${name} said: “${answer.detail}”`
            : `${name} did not accept this API key (401). Check that you copied all of it and that it has not been deleted. ${name} said: “${answer.detail}”`,
      };
    case "refused":
      return { kind: "invalid", message: `${name} refused this API key. ${answer.message}` };
    case "rate-limited":
    case "unavailable":
      return { kind: "unavailable", message: `${answer.message}. Nothing was saved; please try again in a minute.` };
  }
}
