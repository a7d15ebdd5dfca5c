/**
 * Entrants completing entry actions (decisions 074, 077). One function per kind, each answering an
 * outcome: counted (with the entry's new weight) or refused (why, its words and its HTTP status,
 * nothing written but a wrong code's try). A counted action is ONE transaction: the entry's
 * conditional update (confirmed, not disqualified, its campaign active, before the end, not frozen)
 * adds the bonus to bonusEntries and actionBonus, then the completion's insert, whose unique key
 * (action, entry, day) refuses a repeat or a second daily bonus the same day and rolls both back.
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { ACTION_REFUSALS, type ActionRefusal, refusalMessage } from "../../domain/entrant-actions";
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
import { isUniqueConstraintError, prisma } from "../core/db.server";
import { newId } from "../core/ids.server";
import { deliverEmailToolSyncsSoon } from "../integrations/email-tool-sync.server";
import { queueEmailToolActions } from "../integrations/email-tools.server";
import { type QueuedDelivery, deliverWebhooksSoon, queueActionCompleted } from "../integrations/webhooks.server";

export type ActionOutcome =
  | { kind: "completed"; actionId: string; bonus: number; weight: number }
  | { kind: "refused"; reason: ActionRefusal; status: (typeof ACTION_REFUSALS)[ActionRefusal]; message: string };

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

const ACTION_FIELDS = { id: true, kind: true, label: true, bonus: true, code: true, choices: true } as const;
type LoadedAction = { id: string; kind: string; label: string; bonus: number; code: string | null; choices: string };

/** Who hears of a counted completion (decision 079): the campaign's owner's webhooks and, for a consenting entrant, email tools. */
interface Audience {
  creatorId: string | null;
  consent: boolean;
}
type Found = { action: LoadedAction; entryId: string; day: string; now: Date; audience: Audience };

function refused(reason: ActionRefusal): ActionOutcome & { kind: "refused" } {
  return { kind: "refused", reason, status: ACTION_REFUSALS[reason], message: refusalMessage(reason) };
}

/** Thrown inside the transaction when the entry's conditional update matched nothing. */
class NotCountable extends Error {}

/**
 * The checks every kind shares, read before anything is written: the action is this campaign's and
 * of this kind, the entry is this campaign's and confirmed, the campaign still takes actions, and
 * the action is not done (today, for a daily one).
 */
async function target(request: ActionRequest, kind: ActionKind): Promise<Found | ActionOutcome> {
  const now = request.now ?? new Date();
  const action = await prisma.entryAction.findFirst({
    where: { id: request.actionId, campaignId: request.campaignId },
    select: ACTION_FIELDS,
  });
  if (!action || action.kind !== kind) return refused("unknownAction");
  if (!request.entryId) return refused("noEntry");
  const entry = await prisma.entry.findFirst({
    where: { id: request.entryId, campaignId: request.campaignId },
    select: {
      confirmedAt: true,
      disqualifiedAt: true,
      marketingConsent: true,
      marketingWithdrawnAt: true,
      erasedAt: true,
      campaign: { select: { status: true, endDate: true, listFrozenAt: true, creatorId: true } },
    },
  });
  if (!entry) return refused("noEntry");
  if (!entry.confirmedAt || entry.disqualifiedAt) return refused("notConfirmed");
  const { campaign } = entry;
  if (campaign.status !== CampaignStatus.active || !campaign.endDate || campaign.endDate <= now || campaign.listFrozenAt)
    return refused("closed");
  const day = actionDay(kind, now);
  const done = await prisma.actionCompletion.findUnique({
    where: { actionId_entryId_day: { actionId: action.id, entryId: request.entryId, day } },
    select: { id: true },
  });
  if (done) return refused(day ? "doneToday" : "done");
  const consent = entry.marketingConsent && !entry.marketingWithdrawnAt && !entry.erasedAt;
  return { action, entryId: request.entryId, day, now, audience: { creatorId: campaign.creatorId, consent } };
}

/** Counts the completion: the entry's conditional update and the completion's insert, in one transaction. */
async function record(request: ActionRequest, found: Found, answer: string | null): Promise<ActionOutcome> {
  const { action, entryId, day, now, audience } = found;
  try {
    const { weight, webhooks, syncs } = await prisma.$transaction(
      async (tx) => {
        const counted = await tx.entry.updateMany({
          where: {
            id: entryId,
            campaignId: request.campaignId,
            confirmedAt: { not: null },
            disqualifiedAt: null,
            campaign: { is: { status: CampaignStatus.active, endDate: { gt: now }, listFrozenAt: null } },
          },
          data: { bonusEntries: { increment: action.bonus }, actionBonus: { increment: action.bonus } },
        });
        if (counted.count === 0) throw new NotCountable();
        // A repeat (a double click, two tabs) fails here on the unique key and rolls the bonus back.
        await tx.actionCompletion.create({
          data: {
            id: newId(),
            campaignId: request.campaignId,
            actionId: action.id,
            entryId,
            day,
            answer,
            bonus: action.bonus,
            completedAt: now,
            ipNetwork: ipNetwork(request.ip),
          },
          select: { id: true },
        });
        const entry = await tx.entry.findUniqueOrThrow({ where: { id: entryId }, select: { bonusEntries: true } });
        const weight = 1 + entry.bonusEntries;
        // Committed with the completion, or not at all (decision 079): the brand's webhooks, and its
        // email tools for an entrant who consents to marketing (nothing at all for one who does not).
        const webhooks: QueuedDelivery[] = await queueActionCompleted(tx, audience.creatorId, {
          campaignId: request.campaignId,
          entryId,
          action: {
            id: action.id,
            kind: action.kind,
            label: action.label,
            bonus: action.bonus,
            verification: ACTION_CATALOGUE[action.kind as ActionKind]?.verification ?? "tracked",
          },
          answer,
          day,
          completedAt: now,
          totalEntries: weight,
        });
        const syncs = audience.consent
          ? await queueEmailToolActions(tx, { id: entryId, campaignId: request.campaignId }, audience.creatorId)
          : [];
        return { weight, webhooks, syncs };
      },
      // SQLite runs one transaction at a time; a burst queues behind it rather than failing.
      { maxWait: 15_000, timeout: 15_000 },
    );
    deliverWebhooksSoon(webhooks);
    deliverEmailToolSyncsSoon(syncs);
    return { kind: "completed", actionId: action.id, bonus: action.bonus, weight };
  } catch (error) {
    if (isUniqueConstraintError(error)) return refused(day ? "doneToday" : "done");
    // Closed (or the entry disqualified) between the checks and the write.
    if (error instanceof NotCountable) return refused("closed");
    throw error;
  }
}

/** Visit a page (tracked): the tracked link was followed. The caller redirects to the page whatever the outcome. */
export async function completeVisit(request: ActionRequest): Promise<ActionOutcome> {
  const found = await target(request, "visit");
  return "kind" in found ? found : record(request, found, null);
}

/** Come back daily (tracked): the button on the entry, pressed from the cookie or the personal link; once per UTC day. */
export async function completeDaily(request: ActionRequest): Promise<ActionOutcome> {
  const found = await target(request, "daily");
  return "kind" in found ? found : record(request, found, null);
}

/**
 * Enter a code (verified): counted when it matches (without case or spaces). Each wrong code is
 * written down (ActionCodeAttempt); after MAX_CODE_TRIES of them the action is closed to the entry,
 * the right code included, and nothing more is written.
 */
export async function completeCode(request: ActionRequest, typed: string): Promise<ActionOutcome> {
  const found = await target(request, "code");
  if ("kind" in found) return found;
  const where = { actionId: found.action.id, entryId: found.entryId };
  const tries = await prisma.actionCodeAttempt.count({ where });
  if (tries >= MAX_CODE_TRIES) return refused("noTriesLeft");
  const code = normaliseActionCode(typed.slice(0, ACTION_LIMITS.code * 2));
  if (!code || code !== found.action.code) {
    await prisma.actionCodeAttempt.create({ data: { id: newId(), ...where, createdAt: found.now } });
    return refused(tries + 1 >= MAX_CODE_TRIES ? "noTriesLeft" : "wrongCode");
  }
  return record(request, found, null);
}

/** Answer a question (answered): one of its choices, or free text when it has none. */
export async function completeQuestion(request: ActionRequest, typed: string): Promise<ActionOutcome> {
  const found = await target(request, "question");
  if ("kind" in found) return found;
  const answer = typed.trim().replace(/\s+/g, " ");
  const choices = actionChoices(found.action.choices);
  if (!answer || answer.length > ACTION_LIMITS.answer || (choices.length > 0 && !choices.includes(answer))) return refused("noAnswer");
  return record(request, found, answer);
}

/** Follow or subscribe (self-reported): the entrant's handle, normalised ("@Name" → "name"). */
export async function completeFollow(request: ActionRequest, typed: string): Promise<ActionOutcome> {
  const found = await target(request, "follow");
  if ("kind" in found) return found;
  const handle = normaliseHandle(typed.slice(0, ACTION_LIMITS.url));
  if (!handle) return refused("badHandle");
  return record(request, found, handle);
}

/**
 * A posted action's form (code, question, follow, daily): the action's own kind decides which
 * function counts it and which field it reads. A visit is counted by its tracked link, never a post.
 */
export async function completePostedAction(request: ActionRequest, form: FormData): Promise<ActionOutcome> {
  const action = await prisma.entryAction.findFirst({
    where: { id: request.actionId, campaignId: request.campaignId },
    select: { kind: true },
  });
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  switch (action?.kind) {
    case "code":
      return completeCode(request, field("code"));
    case "question":
      return completeQuestion(request, field("answer"));
    case "follow":
      return completeFollow(request, field("handle"));
    case "daily":
      return completeDaily(request);
    default:
      return refused("unknownAction");
  }
}

/** Where a visit action's tracked link leads: its https page, or null for no such visit action of this campaign. */
export async function visitTarget(campaignId: string, actionId: string): Promise<string | null> {
  const action = await prisma.entryAction.findFirst({ where: { id: actionId, campaignId, kind: "visit" }, select: { url: true } });
  return action?.url && /^https:\/\//i.test(action.url) ? action.url : null;
}
