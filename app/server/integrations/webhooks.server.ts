/**
 * Signed outgoing webhooks (decision 055).
 *
 * A brand account (a User) adds endpoints and picks events. An event is queued as one
 * WebhookDelivery per subscribed endpoint INSIDE the transaction of the change it reports (an
 * entry's confirmation, a launch, the freeze of an ended campaign, a draw, a claim, a shipment), so
 * the change and its deliveries are committed together or not at all. Delivery then works like the
 * email outbox (decision 023): right after the commit by whoever queued it, and by the job worker
 * for anything due; a sender claims a delivery with one conditional update (a lease in leaseUntil)
 * and records the outcome only while the claim is still its own. Retries back off
 * (WEBHOOK_RETRY_DELAYS_MS); the event id stays the same on every attempt, so receivers can
 * deduplicate: delivery is at least once (a sender that dies after the receiver answered, before
 * the outcome is written, leaves the delivery to be sent again when its lease runs out).
 *
 * Each POST carries `Giveawear-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`
 * (a second v1 with the previous secret for a day after "Roll secret"), `Giveawear-Event-Id`,
 * `Content-Type: application/json` and `User-Agent: Giveawear-Webhooks/1`; webhook-http.server.ts
 * resolves and checks the host and sends it.
 */
import { createHmac, randomBytes } from "node:crypto";
import {
  type ActionCompletionFacts,
  type CampaignFacts,
  type EndpointFacts,
  type EntryFacts,
  type FrozenListFacts,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_LOG_RETENTION_DAYS,
  WEBHOOK_LOG_SIZE,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_USER_AGENT,
  type WebhookEvent,
  type WebhookEventType,
  actionCompletedData,
  campaignEndedData,
  campaignLaunchedData,
  checkWebhookUrl,
  entryEventData,
  formatEventList,
  listFrozenData,
  nextWebhookAttemptAt,
  orderShippedData,
  parseEventList,
  prizeClaimedData,
  redactWebhookBody,
  webhookBody,
  winnerDrawnData,
} from "../../domain/webhooks";
import { campaignDrawCsvPath, campaignDrawPath, campaignPath } from "../../paths";
import { getConfig } from "../core/config.server";
import { type Prisma, type WebhookDelivery, type WebhookEndpoint, isUniqueConstraintError, prisma } from "../core/db.server";
import type { Dialect, Statements } from "../core/driver.server";
import { newId } from "../core/ids.server";
import { currentTime, leaseUntil } from "../core/leases.server";
import { countWebhookDelivery } from "../core/metrics.server";
import { publicUrl } from "../core/public-url.server";
import { SecretsUnavailable, openSecret, sealSecret, secretsAvailable } from "../core/secrets.server";
import { postWebhook, resolveWebhookHost } from "./webhook-http.server";
import { log } from "../core/log.server";

type Db = Prisma.TransactionClient;

/** Deliveries the worker sends side by side. */
const WORKER_CONCURRENCY = 4;
/** A pass stops taking new deliveries after this long, so a slow receiver cannot hold up the other jobs. */
const PASS_BUDGET_MS = 30_000;

function timeoutMs(): number {
  return getConfig().WEBHOOK_TIMEOUT_MS;
}

/** A claimed delivery belongs to its sender this long: the whole attempt (WEBHOOK_TIMEOUT_MS) and time to record it. */
export function webhookLeaseMs(): number {
  return timeoutMs() + 5_000;
}

// ---------------------------------------------------------------------------------------------
// Queueing events (inside the caller's transaction)

export interface QueueEvent {
  /** The brand account whose endpoints hear of it: the campaign's creator. */
  userId: string | null | undefined;
  type: WebhookEvent;
  /** The event's object, built only when an endpoint subscribes (so building it may read more). */
  data: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** For events about an entry: erasure finds the deliveries by it. */
  entryId?: string | null;
  now?: Date;
}

/** A queued delivery, to hand to deliverWebhooksNow after the transaction commits. */
export type QueuedDelivery = Pick<WebhookDelivery, "id">;

/**
 * Queues one event for every enabled endpoint of the account that subscribes to it, inside `tx`.
 * With no such endpoint it costs one indexed lookup (WebhookEndpoint by userId) and writes nothing.
 * Returns the queued deliveries: pass them to deliverWebhooksNow once the transaction has committed.
 */
export async function queueWebhookEvent(tx: Db, event: QueueEvent): Promise<QueuedDelivery[]> {
  if (!event.userId) return [];
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { userId: event.userId, enabled: true, events: { contains: event.type } },
    select: { id: true, events: true },
  });
  const subscribed = subscribedEndpoints(endpoints, event.type);
  if (subscribed.length === 0) return [];
  const rows = webhookDeliveryRows(subscribed, { ...event, data: await event.data() });
  await tx.webhookDelivery.createMany({ data: rows });
  return rows.map((row) => ({ id: row.id }));
}

/** An endpoint as the queue reads it. */
export interface EndpointRow {
  id: string;
  events: string;
}

/** Of an account's enabled endpoints whose event list contains `type` as text, those that subscribe to it. */
export function subscribedEndpoints<E extends { events: string }>(endpoints: readonly E[], type: WebhookEvent): E[] {
  return endpoints.filter((endpoint) => parseEventList(endpoint.events).includes(type));
}

/** A new delivery's columns (the ones left out are their defaults or null). */
export interface WebhookDeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: string;
  entryId: string | null;
  nextAttemptAt: Date;
  openKey: string;
}

/**
 * One event's deliveries, one per subscribed endpoint, all with the same event id and body: what
 * queueWebhookEvent writes, and what a driver connection's write writes in its stead (entry
 * actions, actions/complete.server.ts).
 */
export function webhookDeliveryRows(
  subscribed: readonly { id: string }[],
  event: Pick<QueueEvent, "type" | "entryId" | "now"> & { data: Record<string, unknown> },
): WebhookDeliveryRow[] {
  const now = event.now ?? new Date();
  const eventId = newEventId();
  const payload = webhookBody({ id: eventId, type: event.type, created: Math.floor(now.getTime() / 1000), data: event.data });
  return subscribed.map((endpoint) => ({
    id: newId(),
    endpointId: endpoint.id,
    eventId,
    eventType: event.type,
    payload,
    entryId: event.entryId ?? null,
    // Due at once (a job pass hands in its own, possibly later, `now`: the event keeps that time in its body).
    nextAttemptAt: new Date(Math.min(now.getTime(), Date.now())),
    openKey: `${endpoint.id}:${eventId}`,
  }));
}

function newEventId(): string {
  return `evt_${randomBytes(16).toString("hex")}`;
}

/** The campaign's creator, for events whose caller knows only the campaign. */
async function campaignOwner(tx: Db, campaignId: string): Promise<string | null> {
  const campaign = await tx.campaign.findUnique({ where: { id: campaignId }, select: { creatorId: true } });
  return campaign?.creatorId ?? null;
}

/** Absolute campaign page address. */
async function campaignUrl(campaignId: string): Promise<string> {
  return publicUrl(campaignPath(campaignId));
}

/**
 * entry.confirmed, from confirmInTransaction: the creator is already known there, and the entry's
 * facts (read only when an endpoint subscribes) come from the confirmation's own last read.
 */
export function queueEntryConfirmed(
  tx: Db,
  creatorId: string | null,
  entryId: string,
  facts: () => Promise<EntryFacts>,
  now: Date,
): Promise<QueuedDelivery[]> {
  return queueWebhookEvent(tx, {
    userId: creatorId,
    type: "entry.confirmed",
    now,
    entryId,
    data: async () => entryEventData(await facts()),
  });
}

/**
 * entry.action_completed (decision 079), in the completion's own transaction (decision 077), once per
 * counted completion (a daily action: once per day); a refusal writes nothing, so it sends nothing.
 * Written as statements for the completion's write on the driver connection (actions/complete.server.ts),
 * the same rows queueWebhookEvent writes: one indexed lookup for an owner without endpoints.
 */
export function* queueActionCompleted(
  dialect: Dialect,
  creatorId: string | null,
  completion: ActionCompletionFacts,
  /** Each owner's endpoints as read earlier in the same transaction (read here once, then remembered). */
  endpointsOf = new Map<string, EndpointRow[]>(),
): Statements<QueuedDelivery[]> {
  if (!creatorId) return [];
  const type = "entry.action_completed";
  let endpoints = endpointsOf.get(creatorId);
  if (!endpoints) {
    // Prisma's `contains` for queueWebhookEvent's lookup; "_" matching any character only widens it, and subscribedEndpoints decides.
    const rows = yield {
      sql: `SELECT "id", "events" FROM "WebhookEndpoint" WHERE "userId" = ? AND "enabled" = ? AND "events" LIKE ?`,
      values: [creatorId, dialect.flag(true), `%${type}%`],
    };
    endpoints = rows.map((row) => ({ id: String(row.id), events: String(row.events) }));
    endpointsOf.set(creatorId, endpoints);
  }
  const subscribed = subscribedEndpoints(endpoints, type);
  if (subscribed.length === 0) return [];
  const rows = webhookDeliveryRows(subscribed, {
    type,
    now: completion.completedAt,
    entryId: completion.entryId,
    data: actionCompletedData(completion),
  });
  const createdAt = dialect.at(new Date());
  for (const row of rows) {
    yield {
      sql: `INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "eventType", "payload", "entryId", "status", "attempts",
          "nextAttemptAt", "openKey", "createdAt") VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
      values: [
        row.id,
        row.endpointId,
        row.eventId,
        row.eventType,
        row.payload,
        row.entryId,
        dialect.at(row.nextAttemptAt),
        row.openKey,
        createdAt,
      ],
    };
  }
  return rows.map((row) => ({ id: row.id }));
}

/** campaign.launched, in the launch's transaction (free launch or the payment that puts it live). */
export async function queueCampaignLaunched(tx: Db, campaignId: string, now: Date): Promise<QueuedDelivery[]> {
  const campaign = await tx.campaign.findUnique({
    where: { id: campaignId },
    select: {
      id: true,
      creatorId: true,
      title: true,
      brandName: true,
      startDate: true,
      endDate: true,
      entryLimit: true,
      launchedAt: true,
    },
  });
  if (!campaign) return [];
  return queueWebhookEvent(tx, {
    userId: campaign.creatorId,
    type: "campaign.launched",
    now,
    data: async () => campaignLaunchedData({ ...campaign, url: await campaignUrl(campaign.id) } satisfies CampaignFacts),
  });
}

/** campaign.ended, in the conditional update that freezes the ended campaign's entry list (once per campaign). */
export async function queueCampaignEnded(tx: Db, campaignId: string, now: Date): Promise<QueuedDelivery[]> {
  const campaign = await tx.campaign.findUnique({
    where: { id: campaignId },
    select: { id: true, creatorId: true, title: true, endDate: true, entryCount: true },
  });
  if (!campaign) return [];
  return queueWebhookEvent(tx, {
    userId: campaign.creatorId,
    type: "campaign.ended",
    now,
    data: async () => campaignEndedData({ ...campaign, url: await campaignUrl(campaign.id) }),
  });
}

/**
 * list.frozen (decision 093): the frozen list's hash, its beacon round and its counts. Queued by the
 * job step after the freeze, in the transaction of the conditional update that marks the event queued
 * (EntryList.frozenEventAt), so it is queued once per list even if the step runs twice.
 */
export async function queueListFrozen(
  tx: Db,
  list: Omit<FrozenListFacts, "url" | "drawPageUrl" | "drawCsvUrl">,
  now: Date,
): Promise<QueuedDelivery[]> {
  return queueWebhookEvent(tx, {
    userId: await campaignOwner(tx, list.campaignId),
    type: "list.frozen",
    now,
    data: async () =>
      listFrozenData({
        ...list,
        url: await campaignUrl(list.campaignId),
        drawPageUrl: publicUrl(campaignDrawPath(list.campaignId)),
        drawCsvUrl: publicUrl(campaignDrawCsvPath(list.campaignId)),
      }),
  });
}

/** winner.drawn for each pick, in the draw's (or the redraw's) transaction. */
export async function queueWinnersDrawn(
  tx: Db,
  campaignId: string,
  winners: { rank: number; entryId: string; email: string }[],
  facts: { claimDeadline: Date | null; drawnAt: Date; redraw: boolean },
): Promise<QueuedDelivery[]> {
  if (winners.length === 0) return [];
  const userId = await campaignOwner(tx, campaignId);
  const queued: QueuedDelivery[] = [];
  let consents: Map<string, boolean> | undefined;
  const consentOf = async (entryId: string) => {
    consents ??= new Map(
      (
        await tx.entry.findMany({
          where: { id: { in: winners.map((winner) => winner.entryId) } },
          select: { id: true, marketingConsent: true },
        })
      ).map((entry) => [entry.id, entry.marketingConsent]),
    );
    return consents.get(entryId) ?? false;
  };
  for (const winner of winners) {
    queued.push(
      ...(await queueWebhookEvent(tx, {
        userId,
        type: "winner.drawn",
        now: facts.drawnAt,
        entryId: winner.entryId,
        data: async () =>
          winnerDrawnData({
            campaignId,
            rank: winner.rank,
            entryId: winner.entryId,
            email: winner.email || null,
            marketingConsent: await consentOf(winner.entryId),
            claimDeadline: facts.claimDeadline,
            drawnAt: facts.drawnAt,
            redraw: facts.redraw,
          }),
      })),
    );
  }
  return queued;
}

/** prize.claimed, in the claim's transaction. */
export async function queuePrizeClaimed(
  tx: Db,
  order: { id: string; campaignId: string; prizeRank: number; kind: string; entryId: string | null; winnerEmail: string },
  now: Date,
): Promise<QueuedDelivery[]> {
  return queueWebhookEvent(tx, {
    userId: await campaignOwner(tx, order.campaignId),
    type: "prize.claimed",
    now,
    entryId: order.entryId,
    data: async () => {
      const entry = order.entryId ? await tx.entry.findUnique({ where: { id: order.entryId }, select: { marketingConsent: true } }) : null;
      return prizeClaimedData({
        orderId: order.id,
        campaignId: order.campaignId,
        rank: order.prizeRank,
        kind: order.kind,
        entryId: order.entryId,
        email: order.winnerEmail,
        marketingConsent: entry?.marketingConsent ?? false,
        claimedAt: now,
      });
    },
  });
}

/** order.shipped, in the transaction that moves the order to shipped (Printify's news or an admin's mark). */
export async function queueOrderShipped(tx: Db, orderId: string, now: Date): Promise<QueuedDelivery[]> {
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      campaignId: true,
      prizeRank: true,
      entryId: true,
      shippedAt: true,
      carrier: true,
      trackingNumber: true,
      trackingUrl: true,
      campaign: { select: { creatorId: true } },
    },
  });
  if (!order) return [];
  return queueWebhookEvent(tx, {
    userId: order.campaign.creatorId,
    type: "order.shipped",
    now,
    entryId: order.entryId,
    data: () =>
      orderShippedData({
        orderId: order.id,
        campaignId: order.campaignId,
        rank: order.prizeRank,
        entryId: order.entryId,
        shippedAt: order.shippedAt ?? now,
        carrier: order.carrier,
        trackingNumber: order.trackingNumber,
        trackingUrl: order.trackingUrl,
      }),
  });
}

// ---------------------------------------------------------------------------------------------
// Signing

/** The Giveawear-Signature header: t=<unix>, then one v1 per secret (the current one first). */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  const signatures = secrets.map((secret) => `v1=${createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex")}`);
  return [`t=${timestamp}`, ...signatures].join(",");
}

/** The secrets an endpoint signs with now: its own, and the previous one while it still overlaps. */
function signingSecrets(
  endpoint: { secretSealed: string; previousSecretSealed: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const secrets = [openSecret(endpoint.secretSealed)];
  if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(openSecret(endpoint.previousSecretSealed));
  }
  return secrets;
}

// ---------------------------------------------------------------------------------------------
// Delivering

function dueForDelivery(now: Date): Prisma.WebhookDeliveryWhereInput {
  return {
    status: "pending",
    nextAttemptAt: { lte: now },
    OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }],
  };
}

/** Claims one due delivery (one conditional update), or null when it is not due or another sender has it. */
async function claimDelivery(id: string, now: Date): Promise<WebhookDelivery | null> {
  const [claimed] = await prisma.webhookDelivery.updateManyAndReturn({
    where: { id, ...dueForDelivery(now), attempts: { lt: WEBHOOK_MAX_ATTEMPTS } },
    data: { leaseUntil: leaseUntil(now, webhookLeaseMs()), attempts: { increment: 1 }, lastAttemptAt: currentTime(now) },
  });
  return claimed ?? null;
}

type Outcome = Pick<
  Prisma.WebhookDeliveryUpdateManyMutationInput,
  "status" | "nextAttemptAt" | "leaseUntil" | "openKey" | "lastStatusCode" | "lastError" | "lastDurationMs" | "deliveredAt"
>;

/**
 * Writes an attempt's outcome while the claim is still ours (pending, same attempt, same lease). A
 * success whose lease ran out is still written unless the delivery is finished: it was delivered,
 * so it must not be tried again (another sender may have sent it meanwhile: at least once).
 */
async function recordOutcome(claimed: WebhookDelivery, outcome: Outcome): Promise<WebhookDelivery> {
  const [written] = await prisma.webhookDelivery.updateManyAndReturn({
    where: { id: claimed.id, status: "pending", attempts: claimed.attempts, leaseUntil: claimed.leaseUntil },
    data: outcome,
  });
  if (written) return written;
  if (outcome.status === "delivered") {
    const [late] = await prisma.webhookDelivery.updateManyAndReturn({ where: { id: claimed.id, status: "pending" }, data: outcome });
    if (late) {
      log.error(
        `[webhooks] ${claimed.id} (${claimed.eventId}) was delivered after its lease had run out; another sender may send it again.`,
      );
      return late;
    }
  }
  return (await prisma.webhookDelivery.findUnique({ where: { id: claimed.id } })) ?? claimed;
}

function finished(status: "delivered" | "failed" | "cancelled"): Outcome {
  return { status, openKey: null, leaseUntil: null };
}

/** One attempt at a claimed delivery; records and returns the outcome. */
async function attemptDelivery(claimed: WebhookDelivery, now: Date): Promise<WebhookDelivery> {
  const endpoint = await prisma.webhookEndpoint.findUnique({ where: { id: claimed.endpointId } });
  if (!endpoint || !endpoint.enabled) {
    countWebhookDelivery("cancelled");
    return recordOutcome(claimed, {
      ...finished("cancelled"),
      lastError: endpoint ? "Cancelled: the endpoint is disabled." : "Cancelled: the endpoint was deleted.",
    });
  }
  const config = getConfig();
  let result: { statusCode: number | null; error: string | null; durationMs: number };
  try {
    const url = new URL(endpoint.url);
    // The address rule again, at delivery: https in production, no credentials, no private literal.
    const check = checkWebhookUrl(endpoint.url, { httpsOnly: config.isProduction, allowHosts: config.WEBHOOK_ALLOW_HOSTS });
    if (!check.ok) {
      result = { statusCode: null, error: `Refused: ${check.message}`, durationMs: 0 };
    } else {
      const sentAt = new Date();
      const secrets = signingSecrets(endpoint, sentAt);
      const headers = {
        "Content-Type": "application/json",
        "User-Agent": WEBHOOK_USER_AGENT,
        [WEBHOOK_EVENT_ID_HEADER]: claimed.eventId,
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets, Math.floor(sentAt.getTime() / 1000), claimed.payload),
      };
      result = await postWebhook(url, claimed.payload, headers, { timeoutMs: timeoutMs(), allowHosts: config.WEBHOOK_ALLOW_HOSTS });
    }
  } catch (error) {
    // The secret cannot be opened (ENCRYPTION_KEY unset or changed), or a bug: a failed attempt, retried.
    const message =
      error instanceof SecretsUnavailable
        ? "The signing secret cannot be opened: ENCRYPTION_KEY is not set, or is not the key it was stored with."
        : error instanceof Error
          ? error.message
          : String(error);
    result = { statusCode: null, error: message, durationMs: 0 };
  }
  const answered = { lastStatusCode: result.statusCode, lastDurationMs: result.durationMs };
  if (!result.error) {
    countWebhookDelivery("delivered");
    return recordOutcome(claimed, { ...finished("delivered"), ...answered, lastError: null, deliveredAt: new Date() });
  }
  const retryAt = nextWebhookAttemptAt(claimed.attempts, currentTime(now));
  const lastError = result.error.slice(0, 1000);
  log.warn(
    `[webhooks] ${claimed.eventType} ${claimed.eventId} to endpoint ${claimed.endpointId} failed (attempt ${claimed.attempts} of ${WEBHOOK_MAX_ATTEMPTS}): ${lastError}; ` +
      (retryAt ? `next attempt at ${retryAt.toISOString()}` : "giving up"),
  );
  countWebhookDelivery(retryAt ? "retrying" : "failed");
  if (!retryAt) return recordOutcome(claimed, { ...finished("failed"), ...answered, lastError });
  return recordOutcome(claimed, { status: "pending", nextAttemptAt: retryAt, leaseUntil: null, ...answered, lastError });
}

/** Claims and attempts one delivery now; the row as it stands afterwards (unchanged when someone else has it). */
export async function deliverWebhookNow(id: string, now: Date = new Date()): Promise<WebhookDelivery | null> {
  const claimed = await claimDelivery(id, now);
  if (!claimed) return prisma.webhookDelivery.findUnique({ where: { id } });
  return attemptDelivery(claimed, now);
}

/**
 * Right after the commit that queued them: receivers hear at once, and the request that caused the
 * event does not wait for them. Anything refused or interrupted is left to the worker.
 */
export function deliverWebhooksSoon(queued: readonly QueuedDelivery[]): void {
  for (const { id } of queued) {
    void deliverWebhookNow(id).catch((error: unknown) => log.error({ err: error }, `[webhooks] delivery ${id} failed`));
  }
}

export interface WebhookDeliverySummary {
  delivered: number;
  retrying: number;
  failed: number;
  cancelled: number;
  /** Finished deliveries older than WEBHOOK_LOG_RETENTION_DAYS deleted this pass. */
  pruned: number;
}

/** The job step: every due delivery (oldest first), each under its own claim, within the pass's budget; then the old log is pruned. */
export async function deliverDueWebhooks(
  now: Date = new Date(),
  { limit = 200 }: { limit?: number } = {},
): Promise<WebhookDeliverySummary> {
  const summary: WebhookDeliverySummary = { delivered: 0, retrying: 0, failed: 0, cancelled: 0, pruned: 0 };
  const started = Date.now();
  // A sender that died during the last allowed attempt left the delivery pending: failed for good.
  const interrupted = await prisma.webhookDelivery.updateMany({
    where: { status: "pending", attempts: { gte: WEBHOOK_MAX_ATTEMPTS }, leaseUntil: { lte: now } },
    data: { status: "failed", openKey: null, leaseUntil: null, lastError: "Delivery was interrupted on the last attempt." },
  });
  summary.failed += interrupted.count;

  const due = await prisma.webhookDelivery.findMany({
    where: dueForDelivery(now),
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
    select: { id: true },
  });
  let next = 0;
  async function worker() {
    while (next < due.length && Date.now() - started < PASS_BUDGET_MS) {
      const { id } = due[next++]!;
      const claimed = await claimDelivery(id, now);
      if (!claimed) continue;
      const result = await attemptDelivery(claimed, now);
      if (result.status === "delivered") summary.delivered += 1;
      else if (result.status === "failed") summary.failed += 1;
      else if (result.status === "cancelled") summary.cancelled += 1;
      else summary.retrying += 1;
    }
  }
  await Promise.all(Array.from({ length: Math.min(WORKER_CONCURRENCY, due.length) }, worker));

  const pruned = await prisma.webhookDelivery.deleteMany({
    where: {
      status: { in: ["delivered", "failed", "cancelled"] },
      createdAt: { lt: new Date(now.getTime() - WEBHOOK_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000) },
    },
  });
  summary.pruned = pruned.count;
  return summary;
}

// ---------------------------------------------------------------------------------------------
// Erasure (decision 055; called by the entrant data-rights code inside its erase transaction)

/**
 * Removes the entrants' personal data from stored webhook deliveries about these entries: every
 * payload's personal fields (email, tracking) are blanked (redactedAt set), and deliveries not yet
 * sent are cancelled, so nothing about the entrant leaves after the erasure. The log rows stay
 * (event, time, status, response code), with nothing personal in them.
 */
export async function eraseEntrantsFromWebhooks(tx: Prisma.TransactionClient, entryIds: string[]): Promise<void> {
  const ids = [...new Set(entryIds)];
  const now = new Date();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await tx.webhookDelivery.findMany({
      where: { entryId: { in: ids.slice(start, start + 500) }, redactedAt: null },
      select: { id: true, payload: true, status: true },
    });
    for (const row of rows) {
      const pending = row.status === "pending";
      await tx.webhookDelivery.update({
        where: { id: row.id },
        data: {
          payload: redactWebhookBody(row.payload),
          redactedAt: now,
          ...(pending
            ? { status: "cancelled", openKey: null, leaseUntil: null, lastError: "Cancelled: the entrant erased their data." }
            : {}),
        },
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The creator's page: endpoints, secrets, test events, redelivery

/** How many endpoints the account has, for the integrations page's card. */
export function webhookEndpointCount(userId: string): Promise<number> {
  return prisma.webhookEndpoint.count({ where: { userId } });
}

/** The account's endpoints, newest first, each with its latest WEBHOOK_LOG_SIZE deliveries. */
export async function listEndpoints(userId: string, now: Date = new Date()): Promise<EndpointFacts[]> {
  const endpoints = await prisma.webhookEndpoint.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return Promise.all(
    endpoints.map(async (endpoint) => {
      const deliveries = await prisma.webhookDelivery.findMany({
        where: { endpointId: endpoint.id },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: WEBHOOK_LOG_SIZE,
      });
      return {
        id: endpoint.id,
        url: endpoint.url,
        events: parseEventList(endpoint.events),
        secretHint: endpoint.secretHint,
        previousSecretUntil:
          endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? endpoint.previousSecretExpiresAt : null,
        enabled: endpoint.enabled,
        createdAt: endpoint.createdAt,
        deliveries: deliveries.map((delivery) => ({
          id: delivery.id,
          eventId: delivery.eventId,
          eventType: delivery.eventType,
          status: delivery.status,
          attempts: delivery.attempts,
          leased: delivery.status === "pending" && delivery.leaseUntil !== null && delivery.leaseUntil > now,
          nextAttemptAt: delivery.status === "pending" ? delivery.nextAttemptAt : null,
          lastStatusCode: delivery.lastStatusCode,
          lastError: delivery.lastError,
          lastDurationMs: delivery.lastDurationMs,
          lastAttemptAt: delivery.lastAttemptAt,
          createdAt: delivery.createdAt,
          deliveredAt: delivery.deliveredAt,
          redacted: delivery.redactedAt !== null,
          redelivery: delivery.redeliveryOf !== null,
          payload: delivery.payload,
        })),
      };
    }),
  );
}

export function webhookSecretsAvailable(): boolean {
  return secretsAvailable();
}

function newSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

export type UrlVerdict = { ok: true; url: string } | { ok: false; message: string };

/**
 * The address rules at save time: checkWebhookUrl, then the host name resolved and every address
 * checked (unless WEBHOOK_ALLOW_HOSTS names it). Delivery checks again (DNS may change meanwhile).
 */
export async function checkEndpointUrl(input: string): Promise<UrlVerdict> {
  const config = getConfig();
  const check = checkWebhookUrl(input, { httpsOnly: config.isProduction, allowHosts: config.WEBHOOK_ALLOW_HOSTS });
  if (!check.ok) return check;
  if (!check.allowListed && !check.hostIsIp) {
    const resolved = await resolveWebhookHost(check.url, config.WEBHOOK_ALLOW_HOSTS);
    if (!resolved.ok) {
      return { ok: false, message: resolved.unresolvable ? WEBHOOK_MESSAGES.unresolvable(check.url.hostname) : resolved.message };
    }
  }
  return { ok: true, url: check.url.href };
}

export type CreateOutcome =
  { kind: "created"; endpointId: string; url: string; secret: string } | { kind: "refused"; field: "url" | "form"; message: string };

/** Adds an endpoint; its secret is answered this once and stored sealed. */
export async function createEndpoint(userId: string, input: { url: string; events: WebhookEvent[] }): Promise<CreateOutcome> {
  if (!secretsAvailable()) return { kind: "refused", field: "form", message: WEBHOOK_MESSAGES.secretsUnavailable };
  const verdict = await checkEndpointUrl(input.url);
  if (!verdict.ok) return { kind: "refused", field: "url", message: verdict.message };
  const existing = await prisma.webhookEndpoint.findMany({ where: { userId }, select: { url: true } });
  if (existing.length >= WEBHOOK_MAX_ENDPOINTS) return { kind: "refused", field: "form", message: WEBHOOK_MESSAGES.tooMany };
  if (existing.some((endpoint) => endpoint.url === verdict.url))
    return { kind: "refused", field: "url", message: WEBHOOK_MESSAGES.duplicate };
  const secret = newSecret();
  const endpoint = await prisma.webhookEndpoint.create({
    data: {
      userId,
      url: verdict.url,
      events: formatEventList(input.events),
      secretSealed: sealSecret(secret),
      secretHint: secret.slice(-4),
    },
    select: { id: true },
  });
  return { kind: "created", endpointId: endpoint.id, url: verdict.url, secret };
}

async function ownEndpoint(userId: string, endpointId: string) {
  return prisma.webhookEndpoint.findFirst({ where: { id: endpointId, userId } });
}

export type EndpointChange = { kind: "done" } | { kind: "not-found" } | { kind: "refused"; message: string };

/** A new secret, answered this once; the old one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS. */
export async function rollSecret(
  userId: string,
  endpointId: string,
  now: Date = new Date(),
): Promise<{ kind: "rolled"; url: string; secret: string } | { kind: "not-found" } | { kind: "refused"; message: string }> {
  if (!secretsAvailable()) return { kind: "refused", message: WEBHOOK_MESSAGES.secretsUnavailable };
  const endpoint = await ownEndpoint(userId, endpointId);
  if (!endpoint) return { kind: "not-found" };
  const secret = newSecret();
  const moved = await prisma.webhookEndpoint.updateMany({
    where: { id: endpoint.id, userId, secretSealed: endpoint.secretSealed },
    data: {
      secretSealed: sealSecret(secret),
      secretHint: secret.slice(-4),
      previousSecretSealed: endpoint.secretSealed,
      previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 60 * 60 * 1000),
    },
  });
  if (moved.count !== 1) return { kind: "refused", message: "The secret changed at the same time; reload the page and try again." };
  return { kind: "rolled", url: endpoint.url, secret };
}

/** Enables or disables an endpoint; disabling cancels what it still had waiting. */
export async function setEndpointEnabled(userId: string, endpointId: string, enabled: boolean): Promise<EndpointChange> {
  return prisma.$transaction(async (tx) => {
    const moved = await tx.webhookEndpoint.updateMany({ where: { id: endpointId, userId }, data: { enabled } });
    if (moved.count !== 1) return { kind: "not-found" };
    if (!enabled) {
      await tx.webhookDelivery.updateMany({
        where: { endpointId, status: "pending" },
        data: { ...finished("cancelled"), lastError: "Cancelled: the endpoint was disabled." },
      });
    }
    return { kind: "done" };
  });
}

/** Deletes an endpoint and its delivery log. */
export async function deleteEndpoint(userId: string, endpointId: string): Promise<EndpointChange> {
  return prisma.$transaction(async (tx) => {
    const removed = await tx.webhookEndpoint.deleteMany({ where: { id: endpointId, userId } });
    if (removed.count !== 1) return { kind: "not-found" };
    await tx.webhookDelivery.deleteMany({ where: { endpointId } });
    return { kind: "done" };
  });
}

export type SendOutcome = { kind: "sent"; delivery: WebhookDelivery } | { kind: "not-found" } | { kind: "refused"; message: string };

/** "Send test event": a webhook.test event to this endpoint, attempted at once (the page shows how it went). */
export async function sendTestEvent(userId: string, endpointId: string, now: Date = new Date()): Promise<SendOutcome> {
  const endpoint = await ownEndpoint(userId, endpointId);
  if (!endpoint) return { kind: "not-found" };
  if (!endpoint.enabled) return { kind: "refused", message: WEBHOOK_MESSAGES.disabled };
  const eventId = newEventId();
  const payload = webhookBody({
    id: eventId,
    type: WEBHOOK_TEST_EVENT as WebhookEventType,
    created: Math.floor(now.getTime() / 1000),
    data: { object: "test", endpoint_id: endpoint.id, message: "A test event from Giveawear. Your endpoint received it." },
  });
  const delivery = await prisma.webhookDelivery.create({
    data: {
      id: newId(),
      endpointId: endpoint.id,
      eventId,
      eventType: WEBHOOK_TEST_EVENT,
      payload,
      nextAttemptAt: now,
      openKey: `${endpoint.id}:${eventId}`,
      createdAt: now,
    },
  });
  return { kind: "sent", delivery: (await deliverWebhookNow(delivery.id, now)) ?? delivery };
}

/** "Redeliver": the same event (same id and body) to the same endpoint again, as a new delivery attempted at once. */
export async function redeliver(userId: string, deliveryId: string, now: Date = new Date()): Promise<SendOutcome> {
  const original = await prisma.webhookDelivery.findUnique({ where: { id: deliveryId } });
  const endpoint = original ? await ownEndpoint(userId, original.endpointId) : null;
  if (!original || !endpoint) return { kind: "not-found" };
  const outcome = await queueRedelivery(original, endpoint, now);
  if (outcome.kind !== "sent") return outcome;
  return { kind: "sent", delivery: (await deliverWebhookNow(outcome.delivery.id, now)) ?? outcome.delivery };
}

/**
 * An admin's "Retry" on the System page (decision 085): the creator's redelivery, for any brand's
 * endpoint, queued for the next job pass rather than attempted while the admin waits.
 */
export async function queueAdminRedelivery(deliveryId: string, now: Date = new Date()): Promise<SendOutcome> {
  const original = await prisma.webhookDelivery.findUnique({ where: { id: deliveryId } });
  const endpoint = original ? await prisma.webhookEndpoint.findUnique({ where: { id: original.endpointId } }) : null;
  if (!original || !endpoint) return { kind: "not-found" };
  return queueRedelivery(original, endpoint, now);
}

/** The same event again, as a new delivery due now; refused while the endpoint is off, the entrant erased or the event already waiting. */
async function queueRedelivery(original: WebhookDelivery, endpoint: WebhookEndpoint, now: Date): Promise<SendOutcome> {
  if (!endpoint.enabled) return { kind: "refused", message: WEBHOOK_MESSAGES.disabled };
  if (original.redactedAt) return { kind: "refused", message: WEBHOOK_MESSAGES.redeliverErased };
  try {
    const delivery = await prisma.webhookDelivery.create({
      data: {
        id: newId(),
        endpointId: endpoint.id,
        eventId: original.eventId,
        eventType: original.eventType,
        payload: original.payload,
        entryId: original.entryId,
        redeliveryOf: original.id,
        nextAttemptAt: now,
        openKey: `${endpoint.id}:${original.eventId}`,
        createdAt: now,
      },
    });
    return { kind: "sent", delivery };
  } catch (error) {
    // The unique openKey: this event already waits for this endpoint.
    if (isUniqueConstraintError(error)) return { kind: "refused", message: WEBHOOK_MESSAGES.redeliverBusy };
    throw error;
  }
}
