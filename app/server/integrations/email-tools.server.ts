/**
 * Email tools (Klaviyo, Mailchimp) the brand connects (decision 056): the connections (a sealed API
 * key, checked against the service before it is saved, and the chosen list), and the queue of
 * subscribes and unsubscribes (EmailToolSync) that email-tool-sync.server.ts delivers.
 *
 * Rows are queued in the transaction that causes them: a subscribe when a consenting entry is
 * confirmed, an unsubscribe when its entrant withdraws consent or erases their data. No plain
 * address is stored in either table.
 */
import {
  EMAIL_TOOL_LIST_WORDS,
  EMAIL_TOOL_MESSAGES,
  EMAIL_TOOL_NAMES,
  type EmailToolConnectionStatus,
  type EmailToolConnectionView,
  type EmailToolListsOutcome,
  type EmailToolProvider,
  type EmailToolSyncCounts,
  isEmailToolProvider,
  keyLast4,
  keyShapeProblem,
} from "../../domain/email-tools";
import { type EmailToolConnection, type Prisma, isUniqueConstraintError, prisma } from "../core/db.server";
import type { Dialect, Statements } from "../core/driver.server";
import { newId } from "../core/ids.server";
import { SecretsUnavailable, openSecret, sealSecret, secretsAvailable } from "../core/secrets.server";
import { checkKeyAndLists, subscriberHash } from "./email-tool-api.server";

export interface EntrantRef {
  id: string;
  campaignId: string;
  email: string;
}

// ---------------------------------------------------------------------------------------------
// The queue

/** The email tools the campaign's owner connected (one lookup on the (userId, provider) index; none without an owner). */
function ownerConnections(tx: Prisma.TransactionClient, ownerId: string | null): Promise<{ id: string }[]> {
  if (!ownerId) return Promise.resolve([]);
  return tx.emailToolConnection.findMany({ where: { userId: ownerId }, select: { id: true } });
}

/**
 * A consenting entry was just confirmed: queue its subscribe at each email tool the campaign's
 * owner connected, inside the confirming transaction (so the row exists if and only if the
 * confirmation does). The only cost for an owner without connections is one lookup on the
 * (userId, provider) index. Answers the new rows' ids, to try at once after the commit.
 */
export async function queueEmailToolSubscribes(
  tx: Prisma.TransactionClient,
  entry: { id: string; campaignId: string },
  ownerId: string | null,
): Promise<string[]> {
  const connections = await ownerConnections(tx, ownerId);
  if (connections.length === 0) return [];
  const rows = connections.map((connection) => ({
    id: newId(),
    connectionId: connection.id,
    entryId: entry.id,
    campaignId: entry.campaignId,
    action: "subscribe",
  }));
  await tx.emailToolSync.createMany({ data: rows });
  return rows.map((row) => row.id);
}

/** The row that sends an entrant's completed actions and answers to one connection (decision 079): one per entry and connection. */
export const ACTIONS_SYNC = "actions";

/**
 * A consenting entrant's action just counted: queue (or queue again) the sending of their actions to
 * each email tool the campaign's owner connected where their subscribe is not cancelled, inside the
 * completion's transaction (written as statements for its write on the driver connection,
 * actions/complete.server.ts). The row reads the entry's completions when it is sent, so one row per
 * entry and connection carries them all: a row waiting is left as it is; one done, failed or
 * cancelled waits again with fresh attempts; one being sent is marked (reason "again") and waits
 * again once its send is recorded, since that send may have read the completions before this one.
 * The only cost for an owner without connections is one lookup on the (userId, provider) index.
 */
export function* queueEmailToolActions(
  dialect: Dialect,
  entry: { id: string; campaignId: string },
  ownerId: string | null,
): Statements<string[]> {
  if (!ownerId) return [];
  const subscribed = yield {
    sql: `SELECT s."connectionId" FROM "EmailToolConnection" c JOIN "EmailToolSync" s ON s."connectionId" = c."id"
      WHERE c."userId" = ? AND s."entryId" = ? AND s."action" = 'subscribe' AND s."status" <> 'cancelled'`,
    values: [ownerId, entry.id],
  };
  const ids: string[] = [];
  const now = dialect.at(new Date());
  for (const { connectionId } of subscribed) {
    const id = newId();
    const created = yield {
      sql: `INSERT INTO "EmailToolSync" ("id", "connectionId", "entryId", "campaignId", "action", "status", "attempts", "createdAt", "updatedAt")
        VALUES (?, ?, ?, ?, '${ACTIONS_SYNC}', 'pending', 0, ?, ?) ON CONFLICT ("connectionId", "entryId", "action") DO NOTHING RETURNING "id"`,
      values: [id, connectionId, entry.id, entry.campaignId, now, now],
    };
    if (created.length > 0) {
      ids.push(id);
      continue;
    }
    // Touched first, which holds the row until this transaction ends: a sender's claim of a waiting
    // row then waits for the commit and reads this completion (on PostgreSQL; SQLite runs one write
    // at a time). Without it a sender could claim the waiting row and read the completions before
    // this one committed, and nothing would send them again.
    const [current] = yield {
      sql: `UPDATE "EmailToolSync" SET "updatedAt" = ? WHERE "connectionId" = ? AND "entryId" = ? AND "action" = '${ACTIONS_SYNC}'
        RETURNING "id", "status"`,
      values: [now, connectionId, entry.id],
    };
    const existingId = String(current!.id);
    ids.push(existingId);
    const status = String(current!.status);
    if (status === "sending") {
      yield { sql: `UPDATE "EmailToolSync" SET "reason" = 'again' WHERE "id" = ?`, values: [existingId] };
    } else if (status !== "pending") {
      yield {
        sql: `UPDATE "EmailToolSync" SET "status" = 'pending', "attempts" = 0, "nextAttemptAt" = NULL, "lastError" = NULL, "reason" = NULL
          WHERE "id" = ?`,
        values: [existingId],
      };
    }
  }
  return ids;
}

/** The identifiers an erasure removes from the rows of an entry once nothing more is to be sent. */
export const ERASED_IDENTIFIERS = { subscriberHash: null, emailSealed: null, remoteId: null } as const;

/**
 * An entrant withdrew marketing consent or is erasing their data: queue the unsubscribe at every
 * email tool the campaign's owner connected. Called inside the withdraw or erase transaction, before
 * the entry's personal fields are blanked.
 *
 * Per connection, by what happened to the entry's subscribe there:
 * - never tried: it is cancelled, and nothing is sent (the service never had the address);
 * - sent, being sent, or tried and maybe received: it is cancelled if not done, and an unsubscribe is
 *   queued, due only after a send in progress has run out its lease, so it always lands last.
 * The unsubscribe carries what its service needs without the plain address: Mailchimp's subscriber
 * hash, or for Klaviyo (which unsubscribes by address only) the address sealed with ENCRYPTION_KEY.
 * Both are blanked once it is done; an erasure then blanks every identifier of the entry's rows.
 */
export async function queueEmailToolUnsubscribe(
  tx: Prisma.TransactionClient,
  entry: EntrantRef,
  reason: "withdrawn" | "erased",
): Promise<void> {
  const now = new Date();
  // Never tried: nothing to undo. A sender that claimed one meanwhile changed its attempts, so it is
  // not matched here (PostgreSQL re-reads the row after waiting for the claim) and is handled below.
  await tx.emailToolSync.updateMany({
    where: { entryId: entry.id, action: "subscribe", status: { in: ["pending", "failed"] }, attempts: 0 },
    data: { status: "cancelled", nextAttemptAt: null, lastError: "Consent withdrawn before it was sent." },
  });
  // Actions not sent yet are not sent (decision 079): the unsubscribe follows anyway.
  await tx.emailToolSync.updateMany({
    where: { entryId: entry.id, action: ACTIONS_SYNC, status: { in: ["pending", "failed"] } },
    data: { status: "cancelled", nextAttemptAt: null, lastError: "Consent withdrawn before the actions were sent." },
  });
  const subscribes = await tx.emailToolSync.findMany({
    where: { entryId: entry.id, action: "subscribe", NOT: { status: "cancelled", attempts: 0 } },
    include: { connection: { select: { provider: true, listId: true } } },
  });
  for (const subscribe of subscribes) {
    const inFlightUntil = subscribe.status === "sending" ? subscribe.nextAttemptAt : null;
    if (subscribe.status !== "done") {
      await tx.emailToolSync.updateMany({
        where: { id: subscribe.id, status: { not: "done" } },
        data: { status: "cancelled", nextAttemptAt: null, lastError: "Consent withdrawn; an unsubscribe follows." },
      });
    }
    const listId = subscribe.listId ?? subscribe.connection.listId;
    const existing = await tx.emailToolSync.findUnique({
      where: { connectionId_entryId_action: { connectionId: subscribe.connectionId, entryId: entry.id, action: "unsubscribe" } },
    });
    if (existing) {
      // Withdrawn before, erased now: the erasure's blanking applies when it is done (or now, if it is).
      if (reason === "erased" && existing.reason !== "erased") {
        await tx.emailToolSync.update({ where: { id: existing.id }, data: { reason: "erased" } });
        if (existing.status === "done" || (existing.status === "failed" && existing.nextAttemptAt === null)) {
          await tx.emailToolSync.updateMany({
            where: { connectionId: subscribe.connectionId, entryId: entry.id },
            data: ERASED_IDENTIFIERS,
          });
        }
      }
      continue;
    }
    const identifiers = unsubscribeIdentifiers(subscribe.connection.provider, entry.email);
    await tx.emailToolSync.create({
      data: {
        id: newId(),
        connectionId: subscribe.connectionId,
        entryId: entry.id,
        campaignId: entry.campaignId,
        action: "unsubscribe",
        reason,
        listId,
        ...identifiers,
        nextAttemptAt: inFlightUntil && inFlightUntil > now ? inFlightUntil : null,
      },
    });
  }
  if (reason === "erased") {
    // Rows with nothing left to send keep no identifier of an erased entrant.
    await tx.emailToolSync.updateMany({
      where: { entryId: entry.id, action: "subscribe", status: "cancelled", attempts: 0 },
      data: ERASED_IDENTIFIERS,
    });
  }
}

function unsubscribeIdentifiers(
  provider: string,
  email: string,
): { subscriberHash?: string; emailSealed?: string; status?: string; lastError?: string } {
  if (provider === "mailchimp") return { subscriberHash: subscriberHash(email) };
  try {
    return { emailSealed: sealSecret(email) };
  } catch (error) {
    if (!(error instanceof SecretsUnavailable)) throw error;
    // Without ENCRYPTION_KEY the address cannot be kept for Klaviyo; the withdrawal itself must not fail.
    return { status: "failed", lastError: "ENCRYPTION_KEY is not set, so the address could not be kept for the unsubscribe." };
  }
}

// ---------------------------------------------------------------------------------------------
// Connections

export type ConnectOutcome =
  | { kind: "connected"; connectionId: string; provider: EmailToolProvider }
  /** The key's shape, or the service's refusal: a 400. */
  | { kind: "invalid"; message: string }
  /** The service could not be asked: a 502, nothing saved. */
  | { kind: "unavailable"; message: string }
  | { kind: "already" }
  | { kind: "no-secrets" };

/** Checks the key against the service, then saves the connection (sealed key, no list yet). Nothing is saved unless the key works. */
export async function connectEmailTool(userId: string, provider: EmailToolProvider, apiKey: string): Promise<ConnectOutcome> {
  if (!secretsAvailable()) return { kind: "no-secrets" };
  const shape = keyShapeProblem(provider, apiKey);
  if (shape) return { kind: "invalid", message: shape };
  if (await prisma.emailToolConnection.findUnique({ where: { userId_provider: { userId, provider } }, select: { id: true } })) {
    return { kind: "already" };
  }
  const check = await checkKeyAndLists(provider, apiKey);
  if (check.kind !== "ok") return check;
  try {
    const connection = await prisma.emailToolConnection.create({
      data: { userId, provider, apiKeySealed: sealSecret(apiKey), keyLast4: keyLast4(apiKey), status: "choose-list" },
      select: { id: true },
    });
    return { kind: "connected", connectionId: connection.id, provider };
  } catch (error) {
    if (isUniqueConstraintError(error)) return { kind: "already" };
    throw error;
  }
}

function ownConnection(userId: string, connectionId: string): Promise<EmailToolConnection | null> {
  return prisma.emailToolConnection.findFirst({ where: { id: connectionId, userId } });
}

function providerOf(connection: EmailToolConnection): EmailToolProvider {
  if (!isEmailToolProvider(connection.provider)) throw new Error(`Unknown email tool provider "${connection.provider}"`);
  return connection.provider;
}

export type ListsOutcome = EmailToolListsOutcome;

/** The connection's lists, read from the service with its stored key. A refused key marks the connection. */
async function connectionLists(connection: EmailToolConnection): Promise<ListsOutcome> {
  let key: string;
  try {
    key = openSecret(connection.apiKeySealed);
  } catch (error) {
    if (!(error instanceof SecretsUnavailable)) throw error;
    return {
      kind: "unavailable",
      message: `${error.message} Enter the API key again under "Replace the API key" (the server's ENCRYPTION_KEY must be set).`,
    };
  }
  const check = await checkKeyAndLists(providerOf(connection), key);
  if (check.kind === "ok") return { kind: "lists", lists: check.lists };
  if (check.kind === "invalid") {
    await markNeedsAttention(connection.id, check.message);
    return { kind: "key-refused", message: check.message };
  }
  return check;
}

/** The service refused the stored key: nothing more is sent on the connection until its creator acts. */
export async function markNeedsAttention(connectionId: string, message: string): Promise<void> {
  await prisma.emailToolConnection.updateMany({
    where: { id: connectionId },
    data: { status: "needs-attention" satisfies EmailToolConnectionStatus, statusMessage: message.slice(0, 500) },
  });
}

export type PickListOutcome =
  /** `queued`: entrants who confirmed before the tool was connected, now queued for it. */
  | { kind: "picked"; listName: string; provider: EmailToolProvider; queued: number }
  | { kind: "not-found" }
  | { kind: "list-gone" }
  | { kind: "key-refused"; message: string }
  | { kind: "unavailable"; message: string };

/** Saves the chosen list, once the service confirms the key still sees it. */
export async function pickEmailToolList(userId: string, connectionId: string, listId: string): Promise<PickListOutcome> {
  const connection = await ownConnection(userId, connectionId);
  if (!connection) return { kind: "not-found" };
  const lists = await connectionLists(connection);
  if (lists.kind !== "lists") return lists;
  const list = lists.lists.find((candidate) => candidate.id === listId);
  if (!list) return { kind: "list-gone" };
  await prisma.emailToolConnection.update({
    where: { id: connection.id },
    data: { listId: list.id, listName: list.name.slice(0, 200), status: "active", statusMessage: null },
  });
  const queued = await queueExistingEntrants(connection.id, userId);
  return { kind: "picked", listName: list.name, provider: providerOf(connection), queued };
}

const BACKFILL_CHUNK = 500;

/**
 * Entrants who confirmed with marketing consent before the tool was connected are sent too (the
 * consent was given to the brand, not to a tool): a subscribe for each of the owner's consenting,
 * confirmed entries that has none on this connection yet, and, for those who completed entry
 * actions, their actions row (sent after the subscribe, decision 079). Withdrawn, erased and
 * disqualified entries are left out. Answers how many subscribes were queued; the job passes send them.
 */
async function queueExistingEntrants(connectionId: string, userId: string): Promise<number> {
  for (let round = 0; ; round++) {
    const [entries, existing] = await Promise.all([
      prisma.entry.findMany({
        where: {
          campaign: { creatorId: userId },
          confirmedAt: { not: null },
          marketingConsent: true,
          marketingWithdrawnAt: null,
          erasedAt: null,
          disqualifiedAt: null,
        },
        select: { id: true, campaignId: true },
        orderBy: { confirmedAt: "asc" },
      }),
      prisma.emailToolSync.findMany({ where: { connectionId, action: "subscribe" }, select: { entryId: true, status: true } }),
    ]);
    const has = new Set(existing.map((row) => row.entryId));
    const cancelled = new Set(existing.filter((row) => row.status === "cancelled").map((row) => row.entryId));
    const missing = entries.filter((entry) => !has.has(entry.id));
    try {
      for (let start = 0; start < missing.length; start += BACKFILL_CHUNK) {
        await prisma.emailToolSync.createMany({
          data: missing.slice(start, start + BACKFILL_CHUNK).map((entry) => ({
            id: newId(),
            connectionId,
            entryId: entry.id,
            campaignId: entry.campaignId,
            action: "subscribe",
          })),
        });
      }
      await queueExistingActions(
        connectionId,
        entries.filter((entry) => !cancelled.has(entry.id)),
      );
      return missing.length;
    } catch (error) {
      // A confirmation queued one of them meanwhile: look again (once).
      if (!isUniqueConstraintError(error) || round > 0) throw error;
    }
  }
}

/**
 * An actions row for each of these subscribed entries that completed an entry action and has none on
 * this connection yet. A completion counted meanwhile may queue one first; that one is kept.
 */
async function queueExistingActions(connectionId: string, entries: { id: string; campaignId: string }[]): Promise<void> {
  for (let start = 0; start < entries.length; start += BACKFILL_CHUNK) {
    const chunk = entries.slice(start, start + BACKFILL_CHUNK);
    const ids = chunk.map((entry) => entry.id);
    const [done, queued] = await Promise.all([
      prisma.actionCompletion.findMany({ where: { entryId: { in: ids } }, select: { entryId: true }, distinct: ["entryId"] }),
      prisma.emailToolSync.findMany({ where: { connectionId, action: ACTIONS_SYNC, entryId: { in: ids } }, select: { entryId: true } }),
    ]);
    const withActions = new Set(done.map((row) => row.entryId));
    const hasRow = new Set(queued.map((row) => row.entryId));
    for (const entry of chunk.filter((candidate) => withActions.has(candidate.id) && !hasRow.has(candidate.id))) {
      try {
        await prisma.emailToolSync.create({
          data: { id: newId(), connectionId, entryId: entry.id, campaignId: entry.campaignId, action: ACTIONS_SYNC },
        });
      } catch (error) {
        if (!isUniqueConstraintError(error)) throw error;
      }
    }
  }
}

export type ReplaceKeyOutcome =
  | { kind: "replaced"; provider: EmailToolProvider; listKept: boolean }
  | { kind: "not-found" }
  | { kind: "invalid"; message: string }
  | { kind: "unavailable"; message: string }
  | { kind: "no-secrets" };

/**
 * A new key for a connection (the old one was revoked or rotated), checked like a first one. Rows
 * waiting on the connection are sent with it; the list stays when the new key sees it.
 */
export async function replaceEmailToolKey(userId: string, connectionId: string, apiKey: string): Promise<ReplaceKeyOutcome> {
  if (!secretsAvailable()) return { kind: "no-secrets" };
  const connection = await ownConnection(userId, connectionId);
  if (!connection) return { kind: "not-found" };
  const provider = providerOf(connection);
  const shape = keyShapeProblem(provider, apiKey);
  if (shape) return { kind: "invalid", message: shape };
  const check = await checkKeyAndLists(provider, apiKey);
  if (check.kind !== "ok") return check;
  const listKept = connection.listId !== null && check.lists.some((list) => list.id === connection.listId);
  await prisma.emailToolConnection.update({
    where: { id: connection.id },
    data: {
      apiKeySealed: sealSecret(apiKey),
      keyLast4: keyLast4(apiKey),
      status: listKept ? "active" : "choose-list",
      statusMessage: null,
      pausedUntil: null,
      ...(listKept ? {} : { listId: null, listName: null }),
    },
  });
  return { kind: "replaced", provider, listKept };
}

/** Deletes the connection, its sealed key and its queue. Entrants already in the brand's list stay there. */
export async function disconnectEmailTool(userId: string, connectionId: string): Promise<{ provider: EmailToolProvider } | null> {
  const connection = await ownConnection(userId, connectionId);
  if (!connection) return null;
  await prisma.emailToolConnection.deleteMany({ where: { id: connection.id, userId } });
  return { provider: providerOf(connection) };
}

/** Sends the rows given up on once more (with fresh attempts); rows that no longer hold what their service needs stay. */
export async function retryFailedEmailToolSyncs(userId: string, connectionId: string): Promise<number | null> {
  const connection = await ownConnection(userId, connectionId);
  if (!connection) return null;
  const { count } = await prisma.emailToolSync.updateMany({
    where: {
      connectionId: connection.id,
      status: "failed",
      nextAttemptAt: null,
      OR: [{ action: "subscribe" }, { action: ACTIONS_SYNC }, { subscriberHash: { not: null } }, { emailSealed: { not: null } }],
    },
    data: { status: "pending", attempts: 0, lastError: null },
  });
  return count;
}

// ---------------------------------------------------------------------------------------------
// The page

export interface EmailToolsPage {
  secretsAvailable: boolean;
  connections: EmailToolConnectionView[];
  /** Providers not connected yet. */
  available: EmailToolProvider[];
  /** The list picker, for a connection without a list or whose list is being changed. */
  picker: { connectionId: string; outcome: ListsOutcome; currentListId: string | null } | null;
}

async function syncCounts(connectionIds: string[]): Promise<Map<string, EmailToolSyncCounts>> {
  const counts = new Map<string, EmailToolSyncCounts>(
    connectionIds.map((id) => [id, { waiting: 0, subscribed: 0, unsubscribed: 0, failed: 0 }]),
  );
  if (connectionIds.length === 0) return counts;
  const [byStatus, gaveUp] = await Promise.all([
    prisma.emailToolSync.groupBy({
      by: ["connectionId", "action", "status"],
      where: { connectionId: { in: connectionIds }, status: { not: "cancelled" } },
      _count: { _all: true },
    }),
    prisma.emailToolSync.groupBy({
      by: ["connectionId"],
      where: { connectionId: { in: connectionIds }, status: "failed", nextAttemptAt: null },
      _count: { _all: true },
    }),
  ]);
  for (const group of byStatus) {
    const entry = counts.get(group.connectionId);
    if (!entry) continue;
    const n = group._count._all;
    if (group.status === "done") {
      if (group.action === "subscribe") entry.subscribed += n;
      else if (group.action === "unsubscribe") entry.unsubscribed += n;
    } else {
      entry.waiting += n;
    }
  }
  for (const group of gaveUp) {
    const entry = counts.get(group.connectionId);
    if (!entry) continue;
    entry.failed = group._count._all;
    entry.waiting -= group._count._all;
  }
  return counts;
}

/** The email tools page: each connection with its sync counts and last error, and the list picker when one is due. */
export async function emailToolsPage(userId: string, changeListOf: string | null): Promise<EmailToolsPage> {
  const connections = await prisma.emailToolConnection.findMany({ where: { userId }, orderBy: { connectedAt: "asc" } });
  const ids = connections.map((connection) => connection.id);
  const [counts, lastErrors] = await Promise.all([
    syncCounts(ids),
    Promise.all(
      ids.map((connectionId) =>
        prisma.emailToolSync.findFirst({
          where: { connectionId, status: "failed", lastError: { not: null } },
          orderBy: { updatedAt: "desc" },
          select: { lastError: true, updatedAt: true },
        }),
      ),
    ),
  ]);
  const views: EmailToolConnectionView[] = connections.map((connection, index) => {
    const provider = providerOf(connection);
    const lastError = lastErrors[index];
    return {
      id: connection.id,
      provider,
      name: EMAIL_TOOL_NAMES[provider],
      listWord: EMAIL_TOOL_LIST_WORDS[provider],
      keyLast4: connection.keyLast4,
      listId: connection.listId,
      listName: connection.listName,
      status: connection.status as EmailToolConnectionStatus,
      statusMessage: connection.statusMessage,
      connectedAt: connection.connectedAt.toISOString(),
      counts: counts.get(connection.id) ?? { waiting: 0, subscribed: 0, unsubscribed: 0, failed: 0 },
      lastError: lastError?.lastError ? { message: lastError.lastError, at: lastError.updatedAt.toISOString() } : null,
    };
  });
  // One picker at a time: the connection asked for, else the first one still without a list.
  const pickFor =
    connections.find((connection) => connection.id === changeListOf) ??
    connections.find((connection) => connection.status === "choose-list");
  const picker = pickFor ? { connectionId: pickFor.id, outcome: await connectionLists(pickFor), currentListId: pickFor.listId } : null;
  return {
    secretsAvailable: secretsAvailable(),
    connections: views,
    available: (["klaviyo", "mailchimp"] as const).filter(
      (provider) => !connections.some((connection) => connection.provider === provider),
    ),
    picker,
  };
}

/** How many email tools a user has connected (the integrations index). */
export function emailToolConnectionCount(userId: string): Promise<number> {
  return prisma.emailToolConnection.count({ where: { userId } });
}

export { EMAIL_TOOL_MESSAGES };
