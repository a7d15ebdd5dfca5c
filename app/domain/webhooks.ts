/**
 * Signed outgoing webhooks (decision 055): the events a brand can subscribe to, what each carries,
 * the endpoint form's rules and messages, the retry schedule, and the verification snippet the page
 * and the README show. Delivery itself is app/server/integrations/webhooks.server.ts.
 */
import { z } from "zod";
import { ADDRESS_CLASS_LABELS, type AddressClass, classifyAddress } from "./ip-address";
import { HOUR_MS, MINUTE_MS, nextAttemptAt } from "./email-retry";
import { OrderStatus } from "./orders";

export const WEBHOOK_EVENTS = [
  "entry.confirmed",
  "entry.action_completed",
  "campaign.launched",
  "campaign.ended",
  "list.frozen",
  "winner.drawn",
  "prize.claimed",
  "order.shipped",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event "Send test event" sends; no endpoint subscribes to it, every endpoint can receive it. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookEventType = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  "entry.confirmed": "An entrant confirmed their entry from the emailed link (their email only if they agreed to marketing).",
  "entry.action_completed":
    "An entrant completed an entry action and its bonus counted (a question's answer and their email only if they agreed to marketing).",
  "campaign.launched": "A giveaway went live.",
  "campaign.ended": "A giveaway ended and its entry list was frozen for the draw.",
  "list.frozen":
    "The frozen entry list was written: its SHA-256, the beacon round the draw uses and the counts (sent once the list's bytes are stored).",
  "winner.drawn": "A winner was drawn for a prize (or redrawn after an unclaimed one).",
  "prize.claimed": "A winner claimed their prize.",
  "order.shipped": "A printed prize was shipped (with its tracking number).",
};

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** Endpoint.events as stored ("a,b") to the list, keeping only known events, in catalogue order. */
export function parseEventList(stored: string): WebhookEvent[] {
  const chosen = new Set(stored.split(",").map((item) => item.trim()));
  return WEBHOOK_EVENTS.filter((event) => chosen.has(event));
}

export function formatEventList(events: readonly WebhookEvent[]): string {
  return WEBHOOK_EVENTS.filter((event) => events.includes(event)).join(",");
}

// ---------------------------------------------------------------------------------------------
// Delivery: statuses, retries, limits

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed", "cancelled"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The pause after the 1st, 2nd, … failed attempt; one more attempt than pauses in all (the last about 45 hours after the first). */
export const WEBHOOK_RETRY_DELAYS_MS = [
  1 * MINUTE_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  24 * HOUR_MS,
] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** When to try again after `attempts` attempts have failed, or null when that was the last one. */
export function nextWebhookAttemptAt(attempts: number, now: Date): Date | null {
  return nextAttemptAt(WEBHOOK_RETRY_DELAYS_MS, attempts, now);
}

/** Bytes of a receiver's answer we read (and then discard); the connection is closed after that. */
export const WEBHOOK_RESPONSE_LIMIT_BYTES = 64 * 1024;
/** Endpoints one account may have. */
export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** Deliveries the page lists per endpoint. */
export const WEBHOOK_LOG_SIZE = 20;
/** Finished deliveries (and their payloads) are deleted this long after they were queued. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
/** After "Roll secret", the old secret keeps signing beside the new one this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** How old a signature's timestamp may be before a receiver refuses it (the snippet's tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WEBHOOK_SIGNATURE_HEADER = "Giveawear-Signature";
export const WEBHOOK_EVENT_ID_HEADER = "Giveawear-Event-Id";
export const WEBHOOK_USER_AGENT = "Giveawear-Webhooks/1";

/** "whsec_…abcd": how a stored secret is shown after the one time it is shown whole. */
export function secretHintLabel(hint: string): string {
  return `whsec_…${hint}`;
}

/** How a delivery's state reads in the log. */
export function deliveryStatusLabel(delivery: { status: string; attempts: number; leased?: boolean }): string {
  switch (delivery.status) {
    case "delivered":
      return "Delivered";
    case "failed":
      return "Failed";
    case "cancelled":
      return "Cancelled";
    default:
      if (delivery.leased) return "Sending";
      return delivery.attempts > 0 ? "Retrying" : "Pending";
  }
}

// ---------------------------------------------------------------------------------------------
// Payloads

/** The body of every delivery: Stripe-like, the object in `data`. */
export interface WebhookEnvelope {
  id: string;
  type: WebhookEventType;
  /** Unix seconds when the event happened. */
  created: number;
  data: Record<string, unknown>;
}

export function webhookBody(envelope: WebhookEnvelope): string {
  return JSON.stringify(envelope);
}

const unix = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);

/** "marketing-v3" → 3 (ConsentWording ids, decision 054); null when unknown. */
export function wordingVersion(wordingId: string | null | undefined): number | null {
  const match = /-v(\d+)$/.exec(wordingId ?? "");
  return match ? Number(match[1]) : null;
}

export interface EntryFacts {
  id: string;
  campaignId: string;
  email: string;
  marketingConsent: boolean;
  marketingConsentAt: Date | null;
  marketingWordingId: string | null;
  createdAt: Date;
  confirmedAt: Date;
  bonusEntries: number;
}

/**
 * entry.confirmed's object. The entrant's email goes to the brand's systems only with their marketing
 * consent (decision 055, like the CSV export's rule): without it, `email` is null and the brand still
 * hears that an entry counted.
 */
export function entryEventData(entry: EntryFacts): Record<string, unknown> {
  const consent = entry.marketingConsent;
  return {
    object: "entry",
    id: entry.id,
    campaign_id: entry.campaignId,
    email: consent ? entry.email : null,
    marketing_consent: {
      given: consent,
      // Given with the entry (decision 054) when no separate time was recorded.
      at: consent ? unix(entry.marketingConsentAt ?? entry.createdAt) : null,
      wording_version: consent ? wordingVersion(entry.marketingWordingId) : null,
    },
    confirmed_at: unix(entry.confirmedAt),
    bonus_entries: entry.bonusEntries,
  };
}

export interface ActionCompletionFacts {
  campaignId: string;
  entryId: string;
  email: string;
  /** Consent now: given, not withdrawn, not erased. */
  marketingConsent: boolean;
  action: { id: string; kind: string; label: string; bonus: number; verification: string };
  /** question: the answer; follow: the handle. */
  answer: string | null;
  /** daily: the UTC day ("YYYY-MM-DD"); "" otherwise. */
  day: string;
  completedAt: Date;
  /** The entry's entries after this completion (1 + its bonus entries). */
  totalEntries: number;
}

/**
 * entry.action_completed's object (decision 079). What the giveaway runs on (the action, its bonus,
 * the entry's new total, a follow's handle, which the brand needs to check a self-reported claim)
 * goes for every entrant; the marketing data (the email, a question's answer) only with consent now.
 */
export function actionCompletedData(completion: ActionCompletionFacts): Record<string, unknown> {
  const consent = completion.marketingConsent;
  const kind = completion.action.kind;
  return {
    object: "action_completion",
    campaign_id: completion.campaignId,
    entry_id: completion.entryId,
    email: consent ? completion.email : null,
    marketing_consent: { given: consent },
    action: {
      id: completion.action.id,
      kind,
      label: completion.action.label,
      bonus: completion.action.bonus,
      verification: completion.action.verification,
    },
    answer: kind === "question" && consent ? completion.answer : null,
    handle: kind === "follow" ? completion.answer : null,
    day: completion.day || null,
    completed_at: unix(completion.completedAt),
    total_entries: completion.totalEntries,
  };
}

export interface CampaignFacts {
  id: string;
  title: string;
  brandName: string;
  url: string;
  startDate: Date | null;
  endDate: Date | null;
  entryLimit: number | null;
  launchedAt: Date | null;
}

export function campaignLaunchedData(campaign: CampaignFacts): Record<string, unknown> {
  return {
    object: "campaign",
    id: campaign.id,
    title: campaign.title,
    brand_name: campaign.brandName,
    url: campaign.url,
    starts_at: unix(campaign.startDate),
    ends_at: unix(campaign.endDate),
    entry_limit: campaign.entryLimit,
    launched_at: unix(campaign.launchedAt),
  };
}

export function campaignEndedData(campaign: Pick<CampaignFacts, "id" | "title" | "url" | "endDate"> & { entryCount: number }) {
  return {
    object: "campaign",
    id: campaign.id,
    title: campaign.title,
    url: campaign.url,
    ended_at: unix(campaign.endDate),
    confirmed_entries: campaign.entryCount,
  };
}

export interface FrozenListFacts {
  campaignId: string;
  url: string;
  drawPageUrl: string;
  drawCsvUrl: string;
  sha256: string;
  byteLength: number;
  frozenAt: Date;
  entryCount: number;
  totalWeight: bigint;
  disqualifiedCount: number;
  beaconRound: number;
  beaconChain: string;
  /** The round's time (from the chain's genesis and period), or null for an unknown chain. */
  roundTime: Date | null;
}

/**
 * list.frozen's object (decision 093): what an entrant's "entries are closed" email carries (the list's
 * hash and the round), with the counts, so the brand holds a copy of the anchor as well.
 */
export function listFrozenData(list: FrozenListFacts): Record<string, unknown> {
  return {
    object: "entry_list",
    campaign_id: list.campaignId,
    url: list.url,
    sha256: list.sha256,
    byte_length: list.byteLength,
    frozen_at: unix(list.frozenAt),
    entries: list.entryCount,
    total_weight: list.totalWeight.toString(),
    disqualified: list.disqualifiedCount,
    beacon: { chain: list.beaconChain, round: list.beaconRound, round_time: unix(list.roundTime) },
    draw_csv_url: list.drawCsvUrl,
    draw_page_url: list.drawPageUrl,
  };
}

export interface WinnerFacts {
  campaignId: string;
  rank: number;
  entryId: string;
  /** Sent only with the winner's marketing consent, like every entrant's. */
  email: string | null;
  marketingConsent: boolean;
  claimDeadline: Date | null;
  drawnAt: Date;
  redraw: boolean;
}

export function winnerDrawnData(winner: WinnerFacts): Record<string, unknown> {
  return {
    object: "winner",
    campaign_id: winner.campaignId,
    prize_rank: winner.rank,
    entry_id: winner.entryId,
    email: winner.marketingConsent ? winner.email : null,
    claim_deadline: unix(winner.claimDeadline),
    drawn_at: unix(winner.drawnAt),
    redraw: winner.redraw,
  };
}

export interface ClaimFacts {
  orderId: string;
  campaignId: string;
  rank: number;
  kind: string;
  entryId: string | null;
  email: string;
  marketingConsent: boolean;
  claimedAt: Date;
}

/** prize.claimed's object. The address stays in Giveawear (the print partner, or the creator's draw page for a gift). */
export function prizeClaimedData(claim: ClaimFacts): Record<string, unknown> {
  return {
    object: "claim",
    order_id: claim.orderId,
    campaign_id: claim.campaignId,
    prize_rank: claim.rank,
    prize_kind: claim.kind,
    entry_id: claim.entryId,
    email: claim.marketingConsent ? claim.email : null,
    claimed_at: unix(claim.claimedAt),
  };
}

export interface ShipmentFacts {
  orderId: string;
  campaignId: string;
  rank: number;
  entryId: string | null;
  shippedAt: Date | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

export function orderShippedData(order: ShipmentFacts): Record<string, unknown> {
  return {
    object: "order",
    id: order.orderId,
    campaign_id: order.campaignId,
    prize_rank: order.rank,
    entry_id: order.entryId,
    status: OrderStatus.shipped,
    shipped_at: unix(order.shippedAt),
    carrier: order.carrier,
    tracking_number: order.trackingNumber,
    tracking_url: order.trackingUrl,
  };
}

/** Fields that identify a person or their parcel: blanked when the entrant erases their data. */
const PERSONAL_FIELDS = new Set(["email", "tracking_number", "tracking_url", "answer", "handle"]);

/**
 * The stored body with every personal field set to null and `data.erased: true`, so a redelivery
 * (or a look at the log) shows no personal data. Anything unreadable becomes an empty object.
 */
export function redactWebhookBody(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "{}";
  }
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, PERSONAL_FIELDS.has(key) ? null : walk(inner)]));
    }
    return value;
  };
  const redacted = walk(parsed) as Record<string, unknown>;
  if (redacted && typeof redacted.data === "object" && redacted.data !== null) (redacted.data as Record<string, unknown>).erased = true;
  return JSON.stringify(redacted);
}

// ---------------------------------------------------------------------------------------------
// The endpoint form and the address rules

export const WEBHOOK_MESSAGES = {
  urlRequired: "Enter the endpoint's address, for example https://example.com/webhooks/giveawear.",
  notUrl: "That is not a web address. Enter the full address, starting with https://.",
  tooLong: `The address can be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`,
  scheme: (scheme: string) => `Webhooks are sent to web addresses (https://) only, not to "${scheme}:" addresses.`,
  httpsOnly: "Use an https:// address: webhooks carry entrants' data and are only sent over HTTPS.",
  credentials: "Leave the user name and password out of the address: every delivery is signed instead (see Verifying signatures below).",
  privateHost: (host: string, kind: Exclude<AddressClass, "public">) =>
    `${host} is ${ADDRESS_CLASS_LABELS[kind]}: webhooks are only sent to public internet addresses.`,
  privateResolved: (host: string, address: string, kind: Exclude<AddressClass, "public">) =>
    `${host} resolves to ${address}, ${ADDRESS_CLASS_LABELS[kind]}: webhooks are only sent to public internet addresses.`,
  unresolvable: (host: string) => `The host name ${host} could not be found. Check the address.`,
  eventsRequired: "Choose at least one event to send.",
  tooMany: `An account can have at most ${WEBHOOK_MAX_ENDPOINTS} endpoints. Delete one to add another.`,
  duplicate: "This address is already one of your endpoints.",
  secretsUnavailable:
    "Adding a webhook endpoint needs ENCRYPTION_KEY configured on the server: signing secrets are stored encrypted with it. Ask the site's operator to set it.",
  secretsUnavailableDeliveries:
    "Until it is set, deliveries to your endpoints cannot be signed: each attempt fails and is retried on the usual schedule.",
  notFound: "That endpoint does not exist (or is not yours).",
  deliveryNotFound: "That delivery does not exist (or is not yours).",
  redeliverBusy: "This event is already waiting to be delivered to this endpoint.",
  redeliverErased: "This event's entrant erased their data, so it is not sent again.",
  disabled: "This endpoint is disabled. Enable it to send events to it.",
} as const;

/** Hosts that name this machine without being IP literals. */
function isLocalhostName(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost");
}

/** WEBHOOK_ALLOW_HOSTS entries are "host" (any port) or "host:port"; "[::1]:8080" for IPv6. */
export function isAllowListed(url: URL, allowHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowHosts.some((entry) => {
    const item = entry.trim().toLowerCase();
    if (!item) return false;
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(item);
    if (!match) return false;
    return match[1] === host && (match[2] === undefined || match[2] === port);
  });
}

export type UrlCheck = { ok: true; url: URL; allowListed: boolean; hostIsIp: boolean } | { ok: false; message: string };

/**
 * The rules an endpoint address must meet that need no DNS: a parsable http(s) URL without user
 * name or password, https in production (WEBHOOK_ALLOW_HOSTS exempt), and, when its host is an IP
 * address or "localhost", a public one. Host names are resolved and checked by the server, when
 * saved and again at every delivery.
 */
export function checkWebhookUrl(input: string, options: { httpsOnly: boolean; allowHosts: readonly string[] }): UrlCheck {
  const shape = webhookUrlShape(input);
  if (!shape.ok) return shape;
  const { url } = shape;
  const allowListed = isAllowListed(url, options.allowHosts);
  if (options.httpsOnly && url.protocol !== "https:" && !allowListed) return { ok: false, message: WEBHOOK_MESSAGES.httpsOnly };
  const host = url.hostname.toLowerCase();
  const kind = classifyAddress(host);
  if (!allowListed) {
    if (kind !== null && kind !== "public") return { ok: false, message: WEBHOOK_MESSAGES.privateHost(host, kind) };
    if (isLocalhostName(host)) return { ok: false, message: WEBHOOK_MESSAGES.privateHost(host, "loopback") };
  }
  return { ok: true, url, allowListed, hostIsIp: kind !== null };
}

/** The shape alone: a parsable http(s) URL of a sensible length, with a host and without user name or password. */
export function webhookUrlShape(input: string): { ok: true; url: URL } | { ok: false; message: string } {
  const text = input.trim();
  if (!text) return { ok: false, message: WEBHOOK_MESSAGES.urlRequired };
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return { ok: false, message: WEBHOOK_MESSAGES.tooLong };
  if (!URL.canParse(text)) return { ok: false, message: WEBHOOK_MESSAGES.notUrl };
  const url = new URL(text);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, message: WEBHOOK_MESSAGES.scheme(url.protocol.replace(/:$/, "")) };
  }
  if (!url.hostname) return { ok: false, message: WEBHOOK_MESSAGES.notUrl };
  if (url.username || url.password) return { ok: false, message: WEBHOOK_MESSAGES.credentials };
  return { ok: true, url };
}

/** The form that adds an endpoint: the address's shape here (shared with the browser); the rest is checkWebhookUrl on the server. */
export const EndpointSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, { message: WEBHOOK_MESSAGES.urlRequired, abort: true })
    .max(WEBHOOK_URL_MAX_LENGTH, { message: WEBHOOK_MESSAGES.tooLong, abort: true })
    .superRefine((value, context) => {
      // https and private addresses are judged by the server, which knows the environment and WEBHOOK_ALLOW_HOSTS.
      const shape = webhookUrlShape(value);
      if (!shape.ok) context.addIssue({ code: "custom", message: shape.message });
    }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .transform((events) => [...new Set(events)]),
});

export type EndpointInput = z.input<typeof EndpointSchema>;

// ---------------------------------------------------------------------------------------------
// Verifying signatures (shown on the page and in the README; a unit test runs this very text)

export const VERIFY_SNIPPET = `const { createHmac, timingSafeEqual } = require("node:crypto");

// rawBody: the request body exactly as received (string or Buffer), before any JSON parsing.
function verifyGiveawearSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const items = String(header ?? "").split(",").map((item) => item.trim().split("="));
  const t = Number(items.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\`).update(rawBody).digest();
  return items.some(([key, value]) => key === "v1" && /^[0-9a-f]{64}$/.test(value ?? "") &&
    timingSafeEqual(Buffer.from(value, "hex"), expected));
}`;

export const VERIFY_USAGE = `// Express: keep the raw body for the check.
app.post("/webhooks/giveawear", express.raw({ type: "application/json" }), (req, res) => {
  const ok = verifyGiveawearSignature(req.body, req.get("Giveawear-Signature"), process.env.GIVEAWEAR_WEBHOOK_SECRET);
  if (!ok) return res.sendStatus(400);
  const event = JSON.parse(req.body);
  // Deliveries are at least once: skip an event.id you have already handled.
  res.sendStatus(200);
});`;

// ---------------------------------------------------------------------------------------------
// What the creator's page shows

export interface DeliveryFacts {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  leased: boolean;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastDurationMs: number | null;
  lastAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
  redacted: boolean;
  redelivery: boolean;
  payload: string;
}

export interface EndpointFacts {
  id: string;
  url: string;
  events: WebhookEvent[];
  secretHint: string;
  previousSecretUntil: Date | null;
  enabled: boolean;
  createdAt: Date;
  deliveries: DeliveryFacts[];
}

export type DeliveryTone = "ok" | "waiting" | "bad" | "muted";

export interface DeliveryRow {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  statusLabel: string;
  tone: DeliveryTone;
  attempts: number;
  /** When the event was queued (UTC). */
  time: string;
  /** The last answer's HTTP status, or "—" when there was none. */
  response: string;
  duration: string;
  /** The last error, or when the next attempt is due. */
  detail: string | null;
  canRedeliver: boolean;
  redacted: boolean;
  redelivery: boolean;
  /** The body as sent, pretty-printed. */
  payload: string;
}

export interface EndpointRow {
  id: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  /** "The previous secret also signs until …" after a roll. */
  previousSecretUntil: string | null;
  enabled: boolean;
  created: string;
  deliveries: DeliveryRow[];
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function toneOf(status: string): DeliveryTone {
  if (status === "delivered") return "ok";
  if (status === "failed") return "bad";
  if (status === "cancelled") return "muted";
  return "waiting";
}

export function deliveryRow(delivery: DeliveryFacts, formatTime: (date: Date) => string): DeliveryRow {
  const pending = delivery.status === "pending";
  let detail = delivery.lastError;
  if (pending && !delivery.leased && delivery.nextAttemptAt && delivery.attempts > 0) {
    detail = `${delivery.lastError ?? "Failed"} Next attempt ${formatTime(delivery.nextAttemptAt)}.`;
  }
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    statusLabel: deliveryStatusLabel(delivery),
    tone: toneOf(delivery.status),
    attempts: delivery.attempts,
    time: formatTime(delivery.createdAt),
    response: delivery.lastStatusCode === null ? "—" : String(delivery.lastStatusCode),
    duration: delivery.lastDurationMs === null || delivery.attempts === 0 ? "—" : `${delivery.lastDurationMs} ms`,
    detail,
    canRedeliver: !pending && !delivery.redacted,
    redacted: delivery.redacted,
    redelivery: delivery.redelivery,
    payload: pretty(delivery.payload),
  };
}

export function endpointRow(endpoint: EndpointFacts, formatTime: (date: Date) => string): EndpointRow {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    secret: secretHintLabel(endpoint.secretHint),
    previousSecretUntil: endpoint.previousSecretUntil ? formatTime(endpoint.previousSecretUntil) : null,
    enabled: endpoint.enabled,
    created: formatTime(endpoint.createdAt),
    deliveries: endpoint.deliveries.map((delivery) => deliveryRow(delivery, formatTime)),
  };
}
