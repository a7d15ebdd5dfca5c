/**
 * Delivers the email-tool queue (decision 056), like the email outbox (decision 019): a row is
 * claimed with one conditional update (status "sending", nextAttemptAt the lease, attempts + 1)
 * before anything is sent, so the immediate try after a confirmation, the job passes of any number
 * of processes, and a pass that overlaps another never send the same row twice; an outcome is
 * recorded only while the claim is still ours. A process killed mid-send leaves the row "sending"
 * until its lease runs out; the next pass sends it again, which both services take as the same
 * subscription (Mailchimp upserts by subscriber hash, Klaviyo keys profiles by address).
 *
 * Outcomes: sent → "done"; the service down or silent → retried with growing pauses
 * (EMAIL_TOOL_RETRY_DELAYS_MS); 429 → the connection pauses until Retry-After, the rows wait without
 * losing an attempt; a refused key (401/403) → the connection "needs attention", its rows wait for
 * a new key; an entrant refused by the service (a 400 naming them) → "failed" with the reason.
 */
import {
  EMAIL_TOOL_MAX_ATTEMPTS,
  type EmailToolProvider,
  type KlaviyoSubscriber,
  consentSource,
  isEmailToolProvider,
  klaviyoRefusedProfiles,
  nextEmailToolAttemptAt,
} from "../../domain/email-tools";
import { type ExportedCompletion, klaviyoActionProperties, mailchimpActionTags } from "../../domain/entry-action-export";
import { actionChoices } from "../../domain/entry-actions";
import { type EmailToolConnection, type EmailToolSync, type Prisma, prisma } from "../core/db.server";
import { currentTime, leaseUntil } from "../core/leases.server";
import { SecretsUnavailable, openSecret } from "../core/secrets.server";
import {
  type ServiceAnswer,
  klaviyoSubscribe,
  klaviyoUnsubscribe,
  klaviyoUpdateProfile,
  mailchimpAddTags,
  mailchimpTagMember,
  mailchimpUnsubscribeMember,
  mailchimpUpsertMember,
  subscriberHash,
} from "./email-tool-api.server";
import { ACTIONS_SYNC, ERASED_IDENTIFIERS, markNeedsAttention } from "./email-tools.server";
import { log } from "../core/log.server";

/** How long a claimed row belongs to its sender: a few of the 20-second calls fit inside it. */
export const SYNC_LEASE_MS = 2 * 60 * 1000;
/** Profiles per Klaviyo bulk job (Klaviyo takes up to 1000). */
const KLAVIYO_BATCH = 100;
/** Rows one pass looks at. */
const PASS_LIMIT = 500;
/** Connections served side by side in a pass; one connection's rows go one request at a time. */
const CONNECTION_CONCURRENCY = 3;

/** Rows a sender may claim at `now`, on connections that are active and not paused by a 429. */
function dueWhere(now: Date): Prisma.EmailToolSyncWhereInput {
  return {
    attempts: { lt: EMAIL_TOOL_MAX_ATTEMPTS },
    OR: [
      { status: "pending", OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] },
      { status: { in: ["failed", "sending"] }, nextAttemptAt: { lte: now } },
    ],
    connection: { status: "active", OR: [{ pausedUntil: null }, { pausedUntil: { lte: now } }] },
  };
}

async function claim(id: string, now: Date): Promise<EmailToolSync | null> {
  const [claimed] = await prisma.emailToolSync.updateManyAndReturn({
    where: { id, ...dueWhere(now) },
    data: { status: "sending", nextAttemptAt: leaseUntil(now, SYNC_LEASE_MS), attempts: { increment: 1 } },
  });
  return claimed ?? null;
}

type Outcome =
  | { kind: "done"; listId: string | null; subscriberHash?: string | null; remoteId?: string | null; note?: string }
  /** Given up on: the service refused this entrant, or the row cannot be sent. */
  | { kind: "refused"; message: string }
  /** Try again later (counts as an attempt); `at` overrides the schedule. */
  | { kind: "retry"; message: string; at?: Date }
  /** Back to waiting without losing the attempt (429, a refused key, a list to choose). */
  | { kind: "wait"; message: string; at: Date | null }
  /** Not to be sent any more (consent withdrawn or the entry erased before it went). */
  | { kind: "cancelled"; message: string };

export interface EmailToolSyncSummary {
  done: number;
  retrying: number;
  failed: number;
  cancelled: number;
}

/**
 * Writes a row's outcome while the claim is still ours (the row "sending" with our attempt and
 * lease). A success after the lease ran out is still written unless the row moved on (cancelled
 * by a withdrawal, whose unsubscribe was timed after our lease): it was delivered.
 */
async function record(row: EmailToolSync, outcome: Outcome, now: Date, summary: EmailToolSyncSummary): Promise<void> {
  const at = currentTime(now);
  let data: Prisma.EmailToolSyncUpdateManyMutationInput;
  switch (outcome.kind) {
    case "done":
      data = {
        status: "done",
        doneAt: at,
        nextAttemptAt: null,
        lastError: outcome.note ?? null,
        listId: outcome.listId,
        // An unsubscribe keeps nothing it carried; a subscribe keeps Mailchimp's member id for the page.
        ...(row.action === "unsubscribe"
          ? { subscriberHash: null, emailSealed: null }
          : { subscriberHash: outcome.subscriberHash ?? null, remoteId: outcome.remoteId ?? null }),
      };
      summary.done += 1;
      break;
    case "refused":
      data = { status: "failed", nextAttemptAt: null, lastError: outcome.message.slice(0, 1000) };
      summary.failed += 1;
      break;
    case "retry": {
      const retryAt = outcome.at ?? nextEmailToolAttemptAt(row.attempts, at);
      data = { status: "failed", nextAttemptAt: retryAt, lastError: outcome.message.slice(0, 1000) };
      if (retryAt) summary.retrying += 1;
      else summary.failed += 1;
      break;
    }
    case "wait":
      data = {
        status: outcome.at ? "failed" : "pending",
        nextAttemptAt: outcome.at,
        attempts: { decrement: 1 },
        lastError: outcome.message.slice(0, 1000),
      };
      summary.retrying += 1;
      break;
    case "cancelled":
      data = { status: "cancelled", nextAttemptAt: null, attempts: { decrement: 1 }, lastError: outcome.message.slice(0, 1000) };
      summary.cancelled += 1;
      break;
  }
  const ours = { id: row.id, status: "sending", attempts: row.attempts, nextAttemptAt: row.nextAttemptAt };
  let written = (await prisma.emailToolSync.updateMany({ where: ours, data })).count === 1;
  if (!written && outcome.kind === "done") {
    written =
      (await prisma.emailToolSync.updateMany({ where: { id: row.id, status: { in: ["sending", "failed", "pending"] } }, data })).count ===
      1;
    if (written) log.error(`[email-tools] ${row.action} ${row.id} was delivered after its lease ran out.`);
  }
  if (!written) return;
  if (row.action === ACTIONS_SYNC) {
    // Another completion counted while this one was being sent (decision 079): send the actions again.
    const again = await prisma.emailToolSync.updateMany({
      where: { id: row.id, reason: "again", status: { not: "sending" } },
      data: { status: "pending", attempts: 0, nextAttemptAt: null, reason: null },
    });
    if (again.count === 1) deliverEmailToolSyncsSoon([row.id]);
  }
  // An erased entrant's unsubscribe at its end (sent or given up): no identifier of them stays.
  const final =
    outcome.kind === "done" || outcome.kind === "refused" || (outcome.kind === "retry" && (data.nextAttemptAt ?? null) === null);
  if (row.action === "unsubscribe" && row.reason === "erased" && final) {
    await prisma.emailToolSync.updateMany({ where: { connectionId: row.connectionId, entryId: row.entryId }, data: ERASED_IDENTIFIERS });
  }
}

// ---------------------------------------------------------------------------------------------
// Per connection

/** What a connection's sending learned about it in this pass: stop when it is paused or its key refused. */
interface ConnectionState {
  connection: EmailToolConnection;
  provider: EmailToolProvider;
  key: string | null;
  stopped: boolean;
}

/** The service's answer for the whole request, as the outcome of each row in it (those a 400 named are handled by the caller). */
async function connectionWide(state: ConnectionState, answer: Exclude<ServiceAnswer, { kind: "ok" }>): Promise<Outcome> {
  switch (answer.kind) {
    case "rate-limited":
      state.stopped = true;
      // Only ever later: two senders' 429s never shorten each other's pause.
      await prisma.emailToolConnection.updateMany({
        where: { id: state.connection.id, OR: [{ pausedUntil: null }, { pausedUntil: { lt: answer.retryAt } }] },
        data: { pausedUntil: answer.retryAt },
      });
      return { kind: "wait", message: answer.message, at: answer.retryAt };
    case "key-refused":
      state.stopped = true;
      await markNeedsAttention(state.connection.id, answer.message);
      return { kind: "wait", message: answer.message, at: null };
    case "unavailable":
      return { kind: "retry", message: answer.message };
    case "refused":
      if (answer.status === 404) {
        // The list or audience is gone: the creator must choose another before anything more is sent.
        state.stopped = true;
        const message = `${answer.message} The list may have been deleted; choose another.`;
        await markNeedsAttention(state.connection.id, message);
        return { kind: "wait", message, at: null };
      }
      return { kind: "refused", message: answer.message };
  }
}

interface EntrySnapshot {
  id: string;
  email: string;
  consentedAt: Date;
  campaignTitle: string;
  /** Why it may no longer be subscribed, or null. */
  ineligible: string | null;
}

async function entrySnapshots(entryIds: string[]): Promise<Map<string, EntrySnapshot>> {
  const entries = await prisma.entry.findMany({
    where: { id: { in: entryIds } },
    select: {
      id: true,
      email: true,
      createdAt: true,
      confirmedAt: true,
      disqualifiedAt: true,
      marketingConsent: true,
      marketingConsentAt: true,
      marketingWithdrawnAt: true,
      erasedAt: true,
      campaign: { select: { title: true } },
    },
  });
  return new Map(
    entries.map((entry) => [
      entry.id,
      {
        id: entry.id,
        email: entry.email,
        // When consent was given: recorded with the entry (decision 054), else the entry's own time.
        consentedAt: entry.marketingConsentAt ?? entry.createdAt,
        campaignTitle: entry.campaign.title,
        ineligible:
          entry.erasedAt || !entry.email
            ? "The entrant erased their data before it was sent."
            : !entry.marketingConsent || entry.marketingWithdrawnAt
              ? "Consent was withdrawn before it was sent."
              : !entry.confirmedAt
                ? "The entry is not confirmed."
                : entry.disqualifiedAt
                  ? "The entry was disqualified before it was sent."
                  : null,
      },
    ]),
  );
}

/** Klaviyo: one bulk job for the rows; a 400 that names profiles fails those and sends the rest once more. */
async function klaviyoBatch(
  state: ConnectionState,
  rows: EmailToolSync[],
  send: (items: EmailToolSync[]) => Promise<ServiceAnswer>,
  listId: string,
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  let remaining = rows;
  for (let round = 0; remaining.length > 0 && round < 2; round++) {
    const answer = await send(remaining);
    if (answer.kind === "ok") {
      // Klaviyo accepted the job (202) and applies it on its side; it offers no way to read a
      // subscription job's result, so accepted counts as synced.
      for (const row of remaining) outcomes.set(row.id, { kind: "done", listId });
      return outcomes;
    }
    if (answer.kind === "refused" && answer.status === 400) {
      const named = klaviyoRefusedProfiles(answer.body);
      if (named.size > 0) {
        remaining.forEach((row, index) => {
          const reason = named.get(index);
          if (reason) outcomes.set(row.id, { kind: "refused", message: `Klaviyo refused this entrant (400): ${reason}` });
        });
        remaining = remaining.filter((row) => !outcomes.has(row.id));
        continue;
      }
      if (remaining.length > 1) {
        // Refused as a whole without naming anyone: each is tried again on its own, so one bad
        // entrant cannot hold back the others.
        for (const row of remaining)
          outcomes.set(row.id, { kind: "retry", message: `${answer.message} (sent again on its own)`, at: currentTime(new Date()) });
        return outcomes;
      }
    }
    const outcome = await connectionWide(state, answer as Exclude<ServiceAnswer, { kind: "ok" }>);
    for (const row of remaining) outcomes.set(row.id, outcome);
    return outcomes;
  }
  for (const row of remaining) outcomes.set(row.id, { kind: "retry", message: "Klaviyo refused the job twice." });
  return outcomes;
}

async function subscribeKlaviyo(state: ConnectionState, rows: EmailToolSync[], now: Date, summary: EmailToolSyncSummary) {
  const listId = state.connection.listId!;
  const entries = await entrySnapshots(rows.map((row) => row.entryId));
  const sendable: EmailToolSync[] = [];
  for (const row of rows) {
    const entry = entries.get(row.entryId);
    if (!entry || entry.ineligible)
      await record(row, { kind: "cancelled", message: entry?.ineligible ?? "The entry is gone." }, now, summary);
    else sendable.push(row);
  }
  if (sendable.length === 0) return;
  const source = consentSource(entries.get(sendable[0]!.entryId)!.campaignTitle);
  const subscribers = (items: EmailToolSync[]): KlaviyoSubscriber[] =>
    items.map((row) => {
      const entry = entries.get(row.entryId)!;
      return { email: entry.email, consentedAt: entry.consentedAt };
    });
  const outcomes = await klaviyoBatch(state, sendable, (items) => klaviyoSubscribe(state.key!, listId, source, subscribers(items)), listId);
  for (const row of sendable) await record(row, outcomes.get(row.id)!, now, summary);
}

async function unsubscribeKlaviyo(state: ConnectionState, rows: EmailToolSync[], now: Date, summary: EmailToolSyncSummary) {
  const emails = new Map<string, string>();
  for (const row of rows) {
    try {
      if (row.emailSealed) emails.set(row.id, openSecret(row.emailSealed));
    } catch (error) {
      if (!(error instanceof SecretsUnavailable)) throw error;
    }
    if (!emails.has(row.id))
      await record(
        row,
        { kind: "refused", message: "The address for this unsubscribe could not be read (ENCRYPTION_KEY missing or changed)." },
        now,
        summary,
      );
  }
  const byList = new Map<string, EmailToolSync[]>();
  for (const row of rows.filter((candidate) => emails.has(candidate.id))) {
    const listId = row.listId ?? state.connection.listId!;
    byList.set(listId, [...(byList.get(listId) ?? []), row]);
  }
  for (const [listId, listRows] of byList) {
    if (state.stopped) break;
    const outcomes = await klaviyoBatch(
      state,
      listRows,
      (items) =>
        klaviyoUnsubscribe(
          state.key!,
          listId,
          items.map((row) => emails.get(row.id)!),
        ),
      listId,
    );
    for (const row of listRows) await record(row, outcomes.get(row.id)!, now, summary);
  }
}

async function subscribeMailchimp(state: ConnectionState, row: EmailToolSync, now: Date, summary: EmailToolSyncSummary) {
  const listId = state.connection.listId!;
  const entry = (await entrySnapshots([row.entryId])).get(row.entryId);
  if (!entry || entry.ineligible)
    return record(row, { kind: "cancelled", message: entry?.ineligible ?? "The entry is gone." }, now, summary);
  const hash = subscriberHash(entry.email);
  const upsert = await mailchimpUpsertMember(state.key!, listId, entry.email, entry.consentedAt);
  if (upsert.kind !== "ok") return record(row, await connectionWide(state, upsert), now, summary);
  const memberId = (upsert.body as { id?: unknown } | null)?.id;
  const remoteId = typeof memberId === "string" ? memberId : hash;
  const tag = await mailchimpTagMember(state.key!, listId, hash, consentSource(entry.campaignTitle));
  if (tag.kind === "ok") return record(row, { kind: "done", listId, subscriberHash: hash, remoteId }, now, summary);
  if (tag.kind === "refused") {
    // Subscribed, with its consent time; only the source tag was refused. Recorded, not retried.
    return record(
      row,
      { kind: "done", listId, subscriberHash: hash, remoteId, note: `Subscribed, but the source tag was refused: ${tag.message}` },
      now,
      summary,
    );
  }
  // The member is in; the next attempt repeats the upsert (same member) and the tag.
  return record(row, await connectionWide(state, tag), now, summary);
}

async function unsubscribeMailchimp(state: ConnectionState, row: EmailToolSync, now: Date, summary: EmailToolSyncSummary) {
  const listId = row.listId ?? state.connection.listId!;
  if (!row.subscriberHash)
    return record(row, { kind: "refused", message: "No subscriber hash was kept for this unsubscribe." }, now, summary);
  const answer = await mailchimpUnsubscribeMember(state.key!, listId, row.subscriberHash);
  if (answer.kind === "ok") return record(row, { kind: "done", listId }, now, summary);
  // Not a member of the audience (never added, or deleted there): nothing to unsubscribe.
  if (answer.kind === "refused" && answer.status === 404)
    return record(row, { kind: "done", listId, note: "Not in the audience." }, now, summary);
  return record(row, await connectionWide(state, answer), now, summary);
}

/** How long an actions row waits for its entrant's subscribe when that has no time of its own. */
const WAIT_FOR_SUBSCRIBE_MS = 60_000;

/**
 * The entrant's completed actions and answers (decision 079), read now, to one connection: Klaviyo
 * profile properties, Mailchimp tags. Only after their subscribe there is done, only while they
 * still consent; the whole set each time, so sending it twice changes nothing.
 */
async function sendActions(state: ConnectionState, row: EmailToolSync, now: Date, summary: EmailToolSyncSummary) {
  const entry = (await entrySnapshots([row.entryId])).get(row.entryId);
  if (!entry || entry.ineligible)
    return record(row, { kind: "cancelled", message: entry?.ineligible ?? "The entry is gone." }, now, summary);
  const subscribe = await prisma.emailToolSync.findUnique({
    where: { connectionId_entryId_action: { connectionId: row.connectionId, entryId: row.entryId, action: "subscribe" } },
    select: { status: true, nextAttemptAt: true },
  });
  if (!subscribe || subscribe.status === "cancelled" || (subscribe.status === "failed" && subscribe.nextAttemptAt === null))
    return record(row, { kind: "cancelled", message: "The entrant is not subscribed here, so their actions are not sent." }, now, summary);
  if (subscribe.status !== "done") {
    const at =
      subscribe.nextAttemptAt && subscribe.nextAttemptAt > now ? subscribe.nextAttemptAt : new Date(now.getTime() + WAIT_FOR_SUBSCRIBE_MS);
    return record(row, { kind: "wait", message: "Waiting for the entrant's subscribe to be sent first.", at }, now, summary);
  }
  const [actions, rows] = await Promise.all([
    prisma.entryAction.findMany({
      where: { campaignId: row.campaignId },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      select: { id: true, kind: true, label: true, choices: true },
    }),
    prisma.actionCompletion.findMany({
      where: { entryId: row.entryId },
      orderBy: [{ completedAt: "asc" }, { id: "asc" }],
      select: { actionId: true, answer: true, disqualifiedAt: true },
    }),
  ]);
  const completions: ExportedCompletion[] = rows.map((completion) => ({
    actionId: completion.actionId,
    answer: completion.answer,
    disqualified: completion.disqualifiedAt !== null,
  }));
  const listId = state.connection.listId;
  if (state.provider === "klaviyo") {
    const { properties, unset } = klaviyoActionProperties(entry.campaignTitle, actions, completions);
    if (Object.keys(properties).length === 0 && unset.length === 0)
      return record(row, { kind: "done", listId, note: "No counted actions to send." }, now, summary);
    const answer = await klaviyoUpdateProfile(state.key!, entry.email, properties, unset);
    if (answer.kind === "ok") return record(row, { kind: "done", listId }, now, summary);
    if (answer.kind === "refused") return record(row, { kind: "refused", message: answer.message }, now, summary);
    return record(row, await connectionWide(state, answer), now, summary);
  }
  const tags = mailchimpActionTags(
    entry.campaignTitle,
    actions.map((action) => ({ ...action, choices: actionChoices(action.choices) })),
    completions,
  );
  if (tags.tags.length === 0) return record(row, { kind: "done", listId, note: "No counted actions to send." }, now, summary);
  const answer = await mailchimpAddTags(state.key!, listId!, subscriberHash(entry.email), tags);
  if (answer.kind === "ok") return record(row, { kind: "done", listId }, now, summary);
  // A 404 here is this member missing from the audience (deleted there), not the audience gone.
  if (answer.kind === "refused") return record(row, { kind: "refused", message: answer.message }, now, summary);
  return record(row, await connectionWide(state, answer), now, summary);
}

async function openConnection(connectionId: string): Promise<ConnectionState | null> {
  const connection = await prisma.emailToolConnection.findUnique({ where: { id: connectionId } });
  if (!connection || !isEmailToolProvider(connection.provider)) return null;
  const state: ConnectionState = { connection, provider: connection.provider, key: null, stopped: false };
  try {
    state.key = openSecret(connection.apiKeySealed);
  } catch (error) {
    if (!(error instanceof SecretsUnavailable)) throw error;
    await markNeedsAttention(
      connection.id,
      `${error.message} Enter the API key again under "Replace the API key" (the server's ENCRYPTION_KEY must be set).`,
    );
    state.stopped = true;
  }
  return state;
}

/** Claims and sends the rows of one connection, in queue order: batches for Klaviyo, one by one for Mailchimp. */
async function deliverConnection(
  connectionId: string,
  rowIds: { id: string; action: string; campaignId: string; attempts: number }[],
  now: Date,
  summary: EmailToolSyncSummary,
) {
  const state = await openConnection(connectionId);
  if (!state || state.stopped || !state.connection.listId) return;
  if (state.provider === "mailchimp") {
    for (const item of rowIds) {
      if (state.stopped) return;
      const row = await claim(item.id, now);
      if (!row) continue;
      if (row.action === "subscribe") await subscribeMailchimp(state, row, now, summary);
      else if (row.action === ACTIONS_SYNC) await sendActions(state, row, now, summary);
      else await unsubscribeMailchimp(state, row, now, summary);
    }
    return;
  }
  // Klaviyo: first attempts go in bulk jobs per campaign (the job names its source); a row that
  // failed before goes alone.
  const groups = new Map<string, string[]>();
  for (const item of rowIds) {
    const key =
      item.attempts > 0 || item.action === ACTIONS_SYNC
        ? `single:${item.id}`
        : `${item.action}:${item.action === "subscribe" ? item.campaignId : ""}`;
    groups.set(key, [...(groups.get(key) ?? []), item.id]);
  }
  for (const ids of groups.values()) {
    for (let start = 0; start < ids.length; start += KLAVIYO_BATCH) {
      if (state.stopped) return;
      const claimed: EmailToolSync[] = [];
      for (const id of ids.slice(start, start + KLAVIYO_BATCH)) {
        const row = await claim(id, now);
        if (row) claimed.push(row);
      }
      const subscribes = claimed.filter((row) => row.action === "subscribe");
      const unsubscribes = claimed.filter((row) => row.action === "unsubscribe");
      if (subscribes.length) await subscribeKlaviyo(state, subscribes, now, summary);
      if (unsubscribes.length) await unsubscribeKlaviyo(state, unsubscribes, now, summary);
      for (const row of claimed.filter((candidate) => candidate.action === ACTIONS_SYNC)) await sendActions(state, row, now, summary);
    }
  }
}

async function deliverRows(where: Prisma.EmailToolSyncWhereInput, now: Date, limit: number): Promise<EmailToolSyncSummary> {
  const summary: EmailToolSyncSummary = { done: 0, retrying: 0, failed: 0, cancelled: 0 };
  const due = await prisma.emailToolSync.findMany({
    where: { ...where, ...dueWhere(now) },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true, connectionId: true, action: true, campaignId: true, attempts: true },
  });
  const byConnection = new Map<string, typeof due>();
  for (const row of due) byConnection.set(row.connectionId, [...(byConnection.get(row.connectionId) ?? []), row]);
  const connections = [...byConnection.keys()];
  let next = 0;
  async function worker() {
    while (next < connections.length) {
      const connectionId = connections[next++]!;
      try {
        await deliverConnection(connectionId, byConnection.get(connectionId)!, now, summary);
      } catch (error) {
        // The claimed rows stay "sending" and are taken again when their lease runs out.
        log.error({ err: error }, `[email-tools] delivery on connection ${connectionId} failed`);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONNECTION_CONCURRENCY, connections.length) }, worker));
  return summary;
}

/** The job step: rows interrupted on their last attempt are failed for good, then every due row is sent. */
export async function deliverDueEmailToolSyncs(
  now: Date = new Date(),
  { limit = PASS_LIMIT }: { limit?: number } = {},
): Promise<EmailToolSyncSummary> {
  const interrupted = await prisma.emailToolSync.updateManyAndReturn({
    where: { status: "sending", nextAttemptAt: { lte: now }, attempts: { gte: EMAIL_TOOL_MAX_ATTEMPTS } },
    data: { status: "failed", nextAttemptAt: null, lastError: "Delivery was interrupted on the last attempt." },
    select: { action: true, reason: true, connectionId: true, entryId: true },
  });
  // An erased entrant's last unsubscribe attempt ended that way: nothing more is sent, so no identifier stays.
  for (const row of interrupted) {
    if (row.action === "unsubscribe" && row.reason === "erased") {
      await prisma.emailToolSync.updateMany({ where: { connectionId: row.connectionId, entryId: row.entryId }, data: ERASED_IDENTIFIERS });
    }
  }
  const summary = await deliverRows({}, now, limit);
  summary.failed += interrupted.length;
  return summary;
}

/** Tries rows just queued (a confirmation's subscribes), after their transaction committed. */
export function deliverEmailToolSyncsSoon(ids: string[]): void {
  if (ids.length === 0) return;
  void deliverRows({ id: { in: ids } }, new Date(), ids.length).catch((error: unknown) =>
    log.error({ err: error }, "[email-tools] immediate delivery failed"),
  );
}
