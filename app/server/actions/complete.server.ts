/**
 * Entrants completing entry actions (decisions 074, 077). One function per kind, each answering an
 * outcome: counted (with the entry's new weight) or refused (why, its words and its HTTP status,
 * nothing written but a wrong code's try).
 *
 * Like the entry path (decision 062), a completion reads and writes on the process's driver
 * connection (core/driver.server.ts): one read for the action, the entry, its campaign, whether it
 * is done and (code) the wrong tries; then the write, group-committed with the other completions of
 * the same turn of the event loop (on SQLite one BEGIN IMMEDIATE that holds the write lock only
 * while its statements run, on PostgreSQL one transaction on one connection). A counted action is
 * ONE transaction: the entry's conditional update (confirmed, not disqualified, its campaign active,
 * before the end, not frozen) adds the bonus to bonusEntries and actionBonus, then the completion's
 * insert, whose unique key (action, entry, day) refuses a repeat or a second daily bonus the same day,
 * and the bonus is taken back in the same transaction; then the webhook deliveries and email-tool
 * syncs it causes (decision 079). Nobody is answered before that transaction has committed (on
 * SQLite, before its WAL is synced: decision 065).
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { ACTION_REFUSALS, type ActionOutcome, type ActionRefusal, refusalMessage } from "../../domain/entrant-actions";
import {
  ACTION_CATALOGUE,
  ACTION_LIMITS,
  type ActionKind,
  MAX_CODE_TRIES,
  actionChoices,
  actionDay,
  normaliseActionCode,
  normaliseHandle,
} from "../../domain/entry-actions";
import { ipNetwork } from "../../domain/network";
import { prisma } from "../core/db.server";
import { type Dialect, type Driver, type Statements, driverFor, groupCommitted, read } from "../core/driver.server";
import { newId } from "../core/ids.server";
import { deliverEmailToolSyncsSoon } from "../integrations/email-tool-sync.server";
import { queueEmailToolActions } from "../integrations/email-tools.server";
import { type EndpointRow, type QueuedDelivery, deliverWebhooksSoon, queueActionCompleted } from "../integrations/webhooks.server";

export type { ActionOutcome };

/** Who completes which action: the entry the browser's entered_ cookie (or the personal link) names. */
export interface ActionRequest {
  campaignId: string;
  actionId: string;
  /** null: this browser holds no entry of the campaign. */
  entryId: string | null;
  /** The entrant's address, kept only as its network (fraud review). */
  ip: string | null;
  now?: Date;
}

interface LoadedAction {
  id: string;
  kind: ActionKind;
  label: string;
  bonus: number;
  code: string | null;
  choices: string;
}

/** An action that may be completed by the entry now (as read before the write), and its wrong tries so far. */
type Found = { action: LoadedAction; entryId: string; day: string; now: Date; creatorId: string | null; tries: number };

function refused(reason: ActionRefusal): ActionOutcome & { kind: "refused" } {
  return { kind: "refused", reason, status: ACTION_REFUSALS[reason], message: refusalMessage(reason) };
}

/**
 * The checks every kind shares, in one read before anything is written: the action is this
 * campaign's and of one of `kinds`, the entry is this campaign's and confirmed, the campaign
 * still takes actions, and the action is not done (today, for a daily one).
 */
async function target(request: ActionRequest, kinds: readonly ActionKind[]): Promise<Found | ActionOutcome> {
  const now = request.now ?? new Date();
  const driver = driverFor();
  const row = await read(driver, targetRow(request, now));
  if (!row || !kinds.includes(row.kind as ActionKind)) return refused("unknownAction");
  const action: LoadedAction = {
    id: String(row.id),
    kind: row.kind as ActionKind,
    label: String(row.label),
    bonus: Number(row.bonus),
    code: row.code === null ? null : String(row.code),
    choices: String(row.choices),
  };
  if (!request.entryId || row.entryId === null) return refused("noEntry");
  if (row.confirmedAt === null || row.disqualifiedAt !== null) return refused("notConfirmed");
  const endDate = driver.dialect.date(row.endDate);
  if (row.status !== CampaignStatus.active || !endDate || endDate <= now || row.listFrozenAt !== null) return refused("closed");
  const day = actionDay(action.kind, now);
  if (day ? row.doneToday : row.doneOnce) return refused(day ? "doneToday" : "done");
  return { action, entryId: request.entryId, day, now, creatorId: (row.creatorId as string | null) ?? null, tries: Number(row.tries) };
}

/** target's one read: the action, the entry of the same campaign and that campaign, and the entry's completions and wrong tries of the action. */
function* targetRow(request: ActionRequest, now: Date): Statements<Record<string, unknown> | undefined> {
  const [row] = yield {
    sql: `SELECT a."id", a."kind", a."label", a."bonus", a."code", a."choices", e."id" AS "entryId", e."confirmedAt", e."disqualifiedAt",
        c."status", c."endDate", c."listFrozenAt", c."creatorId",
        EXISTS (SELECT 1 FROM "ActionCompletion" d WHERE d."actionId" = a."id" AND d."entryId" = e."id" AND d."day" = '') AS "doneOnce",
        EXISTS (SELECT 1 FROM "ActionCompletion" d WHERE d."actionId" = a."id" AND d."entryId" = e."id" AND d."day" = ?) AS "doneToday",
        (SELECT count(*) FROM "ActionCodeAttempt" t WHERE t."actionId" = a."id" AND t."entryId" = e."id") AS "tries"
      FROM "EntryAction" a
      LEFT JOIN "Entry" e ON e."id" = ? AND e."campaignId" = a."campaignId"
      LEFT JOIN "Campaign" c ON c."id" = e."campaignId"
      WHERE a."id" = ? AND a."campaignId" = ?`,
    values: [actionDay("daily", now), request.entryId, request.actionId, request.campaignId],
  };
  return row && { ...row, doneOnce: Boolean(row.doneOnce), doneToday: Boolean(row.doneToday) };
}

/** A counted completion's write: its row, and what the entry and its campaign are checked against. */
interface CompletionWrite {
  id: string;
  campaignId: string;
  action: LoadedAction;
  entryId: string;
  day: string;
  answer: string | null;
  completedAt: Date;
  ipNetwork: string | null;
  creatorId: string | null;
}

/** What became of a completion's write: counted (the entry's new weight, the deliveries and syncs to try now), or nothing written. */
type CompletionVerdict =
  { kind: "counted"; weight: number; webhooks: QueuedDelivery[]; syncs: string[] } | { kind: "repeat" } | { kind: "closed" };

/** A counted completion's entry after it: its weight, and what its webhook and email tools need. */
interface CountedEntry {
  weight: number;
  email: string;
  /** Marketing consent now: given, not withdrawn, not erased. */
  consent: boolean;
}
type Count = CountedEntry | "repeat" | "closed";

const CONSENT_COLUMNS = `"email", "marketingConsent", "marketingWithdrawnAt", "erasedAt"`;
const COMPLETION_COLUMNS = `"id", "campaignId", "actionId", "entryId", "day", "answer", "bonus", "completedAt", "ipNetwork"`;

function countedEntry(row: Record<string, unknown>, weight: number): CountedEntry {
  const consent = Boolean(row.marketingConsent) && row.marketingWithdrawnAt === null && row.erasedAt === null;
  return { weight, email: String(row.email), consent };
}

/**
 * SQLite: the batch's completions one after the other, each seeing those before it (the write lock
 * is held throughout, and nothing else runs meanwhile). The entry's conditional update, then the
 * completion's insert; a repeat's bonus is taken back at once, so nothing of it is ever seen.
 */
function* countEach(dialect: Dialect, batch: readonly CompletionWrite[]): Statements<Count[]> {
  const counts: Count[] = [];
  for (const write of batch) {
    const { action, entryId, campaignId, completedAt } = write;
    const [entry] = yield {
      sql: `UPDATE "Entry" SET "bonusEntries" = "bonusEntries" + ?, "actionBonus" = "actionBonus" + ?
        WHERE "id" = ? AND "campaignId" = ? AND "confirmedAt" IS NOT NULL AND "disqualifiedAt" IS NULL
          AND EXISTS (SELECT 1 FROM "Campaign" c WHERE c."id" = ? AND c."status" = '${CampaignStatus.active}' AND c."endDate" > ?
            AND c."listFrozenAt" IS NULL)
        RETURNING "bonusEntries", ${CONSENT_COLUMNS}`,
      values: [action.bonus, action.bonus, entryId, campaignId, campaignId, dialect.at(completedAt)],
    };
    // Closed (or the entry disqualified) between the checks and the write.
    if (!entry) {
      counts.push("closed");
      continue;
    }
    const inserted = yield {
      sql: `INSERT INTO "ActionCompletion" (${COMPLETION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT ("actionId", "entryId", "day") DO NOTHING RETURNING "id"`,
      values: [write.id, campaignId, action.id, entryId, write.day, write.answer, action.bonus, dialect.at(completedAt), write.ipNetwork],
    };
    if (inserted.length === 0) {
      yield {
        sql: `UPDATE "Entry" SET "bonusEntries" = "bonusEntries" - ?, "actionBonus" = "actionBonus" - ? WHERE "id" = ?`,
        values: [action.bonus, action.bonus, entryId],
      };
      counts.push("repeat");
      continue;
    }
    counts.push(countedEntry(entry, 1 + Number(entry.bonusEntries)));
  }
  return counts;
}

/**
 * PostgreSQL: the batch's completions in one statement (one round trip). The entries that may count
 * (the same conditions as SQLite's update) are locked first (FOR UPDATE: a disqualification
 * committed meanwhile is seen, as the update would see it); the completions are inserted, the unique
 * key refusing repeats (a repeat within the batch too); each entry gets the bonuses of its inserted
 * completions. A completion's weight is its entry's after it, not after the later ones of the batch.
 */
function* countAll(dialect: Dialect, batch: readonly CompletionWrite[]): Statements<Count[]> {
  const columns = {
    id: batch.map((write) => write.id),
    campaignId: batch.map((write) => write.campaignId),
    actionId: batch.map((write) => write.action.id),
    entryId: batch.map((write) => write.entryId),
    day: batch.map((write) => write.day),
    answer: batch.map((write) => write.answer),
    bonus: batch.map((write) => write.action.bonus),
    completedAt: batch.map((write) => dialect.at(write.completedAt)),
    ipNetwork: batch.map((write) => write.ipNetwork),
    n: batch.map((_, i) => i),
  };
  const types = ["text", "text", "text", "text", "text", "text", "int", "timestamp(3)", "text", "int"];
  const rows = yield {
    sql: `WITH v AS (SELECT * FROM unnest(${types.map((type) => `?::${type}[]`).join(", ")})
          AS v (${COMPLETION_COLUMNS}, "n")),
        ok AS (SELECT v."id" FROM v JOIN "Entry" e ON e."id" = v."entryId" AND e."campaignId" = v."campaignId"
            AND e."confirmedAt" IS NOT NULL AND e."disqualifiedAt" IS NULL
          WHERE EXISTS (SELECT 1 FROM "Campaign" c WHERE c."id" = v."campaignId" AND c."status" = '${CampaignStatus.active}'
            AND c."endDate" > v."completedAt" AND c."listFrozenAt" IS NULL)
          FOR UPDATE OF e),
        i AS (INSERT INTO "ActionCompletion" (${COMPLETION_COLUMNS})
            SELECT ${COMPLETION_COLUMNS.split(", ")
              .map((column) => `v.${column}`)
              .join(", ")} FROM v JOIN ok ON ok."id" = v."id" ORDER BY v."n"
            ON CONFLICT ("actionId", "entryId", "day") DO NOTHING RETURNING "id", "entryId", "bonus"),
        s AS (SELECT "entryId", sum("bonus")::int AS "total" FROM i GROUP BY "entryId"),
        u AS (UPDATE "Entry" e SET "bonusEntries" = e."bonusEntries" + s."total", "actionBonus" = e."actionBonus" + s."total"
            FROM s WHERE e."id" = s."entryId" RETURNING e."id", e."bonusEntries", ${CONSENT_COLUMNS.replace(/"(\w+)"/g, 'e."$1"')})
      SELECT v."id", ok."id" IS NOT NULL AS "open", i."id" IS NOT NULL AS "counted", u."bonusEntries", ${CONSENT_COLUMNS.replace(/"(\w+)"/g, 'u."$1"')}
        FROM v LEFT JOIN ok ON ok."id" = v."id" LEFT JOIN i ON i."id" = v."id" LEFT JOIN u ON u."id" = v."entryId"`,
    values: Object.values(columns),
  };
  const byId = new Map(rows.map((row) => [row.id, row]));
  return batch.map((write, n): Count => {
    const row = byId.get(write.id)!;
    if (!row.open) return "closed";
    if (!row.counted) return "repeat";
    // The bonuses of the entry's completions counted later in the batch are not yet its weight.
    const later = batch
      .slice(n + 1)
      .filter((other) => other.entryId === write.entryId && byId.get(other.id)?.counted)
      .reduce((sum, other) => sum + other.action.bonus, 0);
    return countedEntry(row, 1 + Number(row.bonusEntries) - later);
  });
}

/**
 * A batch's completions, in one transaction: each counted, then what each counted one sends,
 * committed with it or not at all (decision 079): the brand's webhooks, and its email tools for an
 * entrant who consents to marketing (nothing at all for one who does not). The owner's endpoints are
 * read once per batch.
 */
function* writeCompletions(driver: Driver, batch: readonly CompletionWrite[]): Statements<CompletionVerdict[]> {
  const { dialect } = driver;
  const counts = driver.provider === "sqlite" ? yield* countEach(dialect, batch) : yield* countAll(dialect, batch);
  const endpoints = new Map<string, EndpointRow[]>();
  const verdicts: CompletionVerdict[] = [];
  for (const [n, write] of batch.entries()) {
    const count = counts[n]!;
    if (typeof count === "string") {
      verdicts.push({ kind: count });
      continue;
    }
    const { action, entryId, campaignId } = write;
    const webhooks = yield* queueActionCompleted(
      dialect,
      write.creatorId,
      {
        campaignId,
        entryId,
        email: count.email,
        marketingConsent: count.consent,
        action: {
          id: action.id,
          kind: action.kind,
          label: action.label,
          bonus: action.bonus,
          verification: ACTION_CATALOGUE[action.kind].verification,
        },
        answer: write.answer,
        day: write.day,
        completedAt: write.completedAt,
        totalEntries: count.weight,
      },
      endpoints,
    );
    const syncs = count.consent ? yield* queueEmailToolActions(dialect, { id: entryId, campaignId }, write.creatorId) : [];
    verdicts.push({ kind: "counted", weight: count.weight, webhooks, syncs });
  }
  return verdicts;
}

const writers = new WeakMap<Driver, (write: CompletionWrite) => Promise<CompletionVerdict>>();

/** The group-committed completion writer of the driver connection. */
function completionWriter(driver: Driver): (write: CompletionWrite) => Promise<CompletionVerdict> {
  let writer = writers.get(driver);
  if (!writer) {
    writer = groupCommitted(
      driver,
      (batch: readonly CompletionWrite[]) => writeCompletions(driver, batch),
      (verdict) => verdict.kind === "counted",
    );
    writers.set(driver, writer);
  }
  return writer;
}

/** Counts the completion: the entry's conditional update, the completion's insert and what it sends, in one transaction. */
async function record(request: ActionRequest, found: Found, answer: string | null): Promise<ActionOutcome> {
  const { action, entryId, day, now } = found;
  const verdict = await completionWriter(driverFor())({
    id: newId(),
    campaignId: request.campaignId,
    action,
    entryId,
    day,
    answer,
    completedAt: now,
    ipNetwork: ipNetwork(request.ip),
    creatorId: found.creatorId,
  });
  if (verdict.kind === "repeat") return refused(day ? "doneToday" : "done");
  if (verdict.kind === "closed") return refused("closed");
  deliverWebhooksSoon(verdict.webhooks);
  deliverEmailToolSyncsSoon(verdict.syncs);
  return { kind: "completed", actionId: action.id, bonus: action.bonus, weight: verdict.weight };
}

/** Visit a page (tracked): the tracked link was followed. The caller redirects to the page whatever the outcome. */
export async function completeVisit(request: ActionRequest): Promise<ActionOutcome> {
  const found = await target(request, ["visit"]);
  return "kind" in found ? found : record(request, found, null);
}

/** Come back daily (tracked): the button on the entry, pressed from the cookie or the personal link; once per UTC day. */
export async function completeDaily(request: ActionRequest): Promise<ActionOutcome> {
  const found = await target(request, ["daily"]);
  return "kind" in found ? found : record(request, found, null);
}

/**
 * Enter a code (verified): counted when it matches (without case or spaces). Each wrong code is
 * written down (ActionCodeAttempt); after MAX_CODE_TRIES of them the action is closed to the entry,
 * the right code included, and nothing more is written.
 */
export async function completeCode(request: ActionRequest, typed: string): Promise<ActionOutcome> {
  const found = await target(request, ["code"]);
  return "kind" in found ? found : countCode(request, found, typed);
}

async function countCode(request: ActionRequest, found: Found, typed: string): Promise<ActionOutcome> {
  if (found.tries >= MAX_CODE_TRIES) return refused("noTriesLeft");
  const code = normaliseActionCode(typed.slice(0, ACTION_LIMITS.code * 2));
  if (!code || code !== found.action.code) {
    await prisma.actionCodeAttempt.create({
      data: { id: newId(), actionId: found.action.id, entryId: found.entryId, createdAt: found.now },
    });
    return refused(found.tries + 1 >= MAX_CODE_TRIES ? "noTriesLeft" : "wrongCode");
  }
  return record(request, found, null);
}

/** Answer a question (answered): one of its choices, or free text when it has none. */
export async function completeQuestion(request: ActionRequest, typed: string): Promise<ActionOutcome> {
  const found = await target(request, ["question"]);
  return "kind" in found ? found : countAnswer(request, found, typed);
}

function countAnswer(request: ActionRequest, found: Found, typed: string): Promise<ActionOutcome> | ActionOutcome {
  const answer = typed.trim().replace(/\s+/g, " ");
  const choices = actionChoices(found.action.choices);
  if (!answer || answer.length > ACTION_LIMITS.answer || (choices.length > 0 && !choices.includes(answer))) return refused("noAnswer");
  return record(request, found, answer);
}

/** Follow or subscribe (self-reported): the entrant's handle, normalised ("@Name" → "name"). */
export async function completeFollow(request: ActionRequest, typed: string): Promise<ActionOutcome> {
  const found = await target(request, ["follow"]);
  return "kind" in found ? found : countHandle(request, found, typed);
}

function countHandle(request: ActionRequest, found: Found, typed: string): Promise<ActionOutcome> | ActionOutcome {
  const handle = normaliseHandle(typed.slice(0, ACTION_LIMITS.url));
  if (!handle) return refused("badHandle");
  return record(request, found, handle);
}

/** What a completion reads of its form: a FormData (the route's), or the action lane's URLSearchParams. */
export type PostedFields = Pick<FormData, "get"> | Pick<URLSearchParams, "get">;

/** The kinds counted by a posted form. */
const POSTED_KINDS: readonly ActionKind[] = ["code", "question", "follow", "daily"];

/**
 * A posted action's form (code, question, follow, daily): the action's own kind, read with the
 * checks, decides how it is counted and which field it reads. A visit is counted by its tracked
 * link, never a post.
 */
export async function completePostedAction(request: ActionRequest, form: PostedFields): Promise<ActionOutcome> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const found = await target(request, POSTED_KINDS);
  if ("kind" in found) return found;
  switch (found.action.kind) {
    case "code":
      return countCode(request, found, field("code"));
    case "question":
      return countAnswer(request, found, field("answer"));
    case "follow":
      return countHandle(request, found, field("handle"));
    case "daily":
      return record(request, found, null);
    default:
      return refused("unknownAction");
  }
}

/** Where a visit action's tracked link leads: its https page, or null for no such visit action of this campaign. */
export async function visitTarget(campaignId: string, actionId: string): Promise<string | null> {
  const action = await prisma.entryAction.findFirst({ where: { id: actionId, campaignId, kind: "visit" }, select: { url: true } });
  return action?.url && /^https:\/\//i.test(action.url) ? action.url : null;
}
