import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { EDITABLE_STATUSES } from "../../domain/campaign-status";
import { CampaignStatus } from "../../domain/campaign-status";
import { EntryActionInputSchema, type EntryActionInput } from "../../domain/entry-actions";
import { actionLimitLine, creatorAction, mayAddAction, type ActionChange, type CreatorActionsView } from "../../domain/entry-action-forms";
import { prisma, type Campaign, type Prisma } from "../core/db.server";
import type { CurrentUser } from "../auth/session.server";

/**
 * The creator's entry actions (decisions 074, 076): a draft's actions are added and removed freely up to
 * its plan's limit; a live campaign's, until its entry list is frozen, each change numbered by
 * Campaign.actionsVersion and logged (EntryActionChange) in the same transaction. Every check that could
 * race (the limit, the lock on a completed action, the campaign still being live) is part of a write.
 */

export type ActionWriteOutcome =
  /** The form again with the schema's errors; nothing was written. */
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  | { kind: "done"; change: ActionChange }
  /** The campaign already has as many actions as its plan includes. */
  | { kind: "limit"; limit: number }
  /** Someone completed the action: it can no longer be removed or changed. */
  | { kind: "locked" }
  /** No such action on this campaign (removed meanwhile, or another campaign's). */
  | { kind: "unknown" }
  /** The campaign is no longer a draft / no longer live (launched, ended or frozen meanwhile). */
  | { kind: "closed" };

/** Thrown inside a transaction to roll it back with an outcome. */
class Refused extends Error {
  constructor(readonly outcome: ActionWriteOutcome) {
    super(outcome.kind);
  }
}

async function refusable(work: () => Promise<ActionWriteOutcome>): Promise<ActionWriteOutcome> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

/** A draft's limit is its chosen plan's (Plan.entryActionLimit); launch freezes it into the campaign (decision 074). */
export async function draftActionLimit(campaign: Pick<Campaign, "planId" | "entryActionLimit">): Promise<number | null> {
  if (!campaign.planId) return campaign.entryActionLimit;
  const plan = await prisma.plan.findUnique({ where: { id: campaign.planId }, select: { entryActionLimit: true } });
  return plan ? plan.entryActionLimit : campaign.entryActionLimit;
}

/** The actions section of a campaign's page: its actions in order, with their completion counts. */
export async function creatorActionsView(campaignId: string | null, limit: number | null): Promise<CreatorActionsView> {
  const actions = campaignId
    ? await prisma.entryAction.findMany({
        where: { campaignId },
        orderBy: [{ position: "asc" }, { createdAt: "asc" }],
        include: { _count: { select: { completions: true } } },
      })
    : [];
  return {
    actions: actions.map((action) => creatorAction(action, action._count.completions)),
    limit,
    limitLine: actionLimitLine(limit),
    canAdd: mayAddAction(actions.length, limit),
  };
}

function parseAction(formData: FormData): { ok: true; value: EntryActionInput } | { ok: false; result: SubmissionResult<string[]> } {
  const submission = parseWithZod(formData, { schema: EntryActionInputSchema });
  if (submission.status !== "success") return { ok: false, result: submission.reply() };
  return { ok: true, value: submission.value };
}

/** The columns of an action from the form (the kind's own fields; the others cleared). */
function actionColumns(input: EntryActionInput) {
  return {
    kind: input.kind,
    label: input.label,
    bonus: input.bonus,
    url: input.kind === "visit" || input.kind === "follow" ? input.url : null,
    platform: input.kind === "follow" ? input.platform : null,
    code: input.kind === "code" ? input.code : null,
    question: input.kind === "question" ? input.question : null,
    choices: input.kind === "question" ? input.choices : "",
  };
}

/**
 * Adds an action in a transaction that first writes the campaign row under `where` (so a campaign that
 * moved on refuses, and two adds for one campaign take turns on its row), then counts against the limit.
 */
async function addUnder(
  campaignId: string,
  where: Prisma.CampaignWhereInput,
  bump: Prisma.CampaignUpdateManyMutationInput,
  limitOf: (tx: Prisma.TransactionClient) => Promise<number | null>,
  input: EntryActionInput,
  logged: boolean,
): Promise<ActionWriteOutcome> {
  return refusable(() =>
    prisma.$transaction(async (tx) => {
      const held = await tx.campaign.updateMany({ where: { id: campaignId, ...where }, data: bump });
      if (held.count !== 1) throw new Refused({ kind: "closed" });
      const [limit, count, last] = await Promise.all([
        limitOf(tx),
        tx.entryAction.count({ where: { campaignId } }),
        tx.entryAction.findFirst({ where: { campaignId }, orderBy: { position: "desc" }, select: { position: true } }),
      ]);
      if (!mayAddAction(count, limit)) throw new Refused({ kind: "limit", limit: limit ?? 0 });
      const action = await tx.entryAction.create({ data: { campaignId, position: (last?.position ?? -1) + 1, ...actionColumns(input) } });
      if (logged) await logChange(tx, campaignId, "added", action);
      return { kind: "done", change: "added" } as const;
    }),
  );
}

/** The change just numbered by the campaign's write (actionsVersion was incremented in this transaction). */
async function logChange(
  tx: Prisma.TransactionClient,
  campaignId: string,
  change: ActionChange,
  action: { id: string; label: string; kind: string; bonus: number },
) {
  const { actionsVersion } = await tx.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { actionsVersion: true } });
  await tx.entryActionChange.create({
    data: { campaignId, version: actionsVersion, change, actionId: action.id, label: action.label, kind: action.kind, bonus: action.bonus },
  });
}

// ---------------------------------------------------------------------------------------------
// A draft (the wizard's step 4): a signed-in creator's or a visitor's (found by its draft token)

function draftWhere(campaign: Pick<Campaign, "draftToken">, user: CurrentUser | null): Prisma.CampaignWhereInput {
  return {
    creatorId: user?.id ?? null,
    ...(user ? {} : { draftToken: campaign.draftToken ?? "" }),
    status: { in: [...EDITABLE_STATUSES] },
  };
}

export async function addDraftAction(
  campaign: Pick<Campaign, "id" | "draftToken">,
  user: CurrentUser | null,
  formData: FormData,
): Promise<ActionWriteOutcome> {
  const parsed = parseAction(formData);
  if (!parsed.ok) return { kind: "invalid", result: parsed.result };
  return addUnder(
    campaign.id,
    draftWhere(campaign, user),
    { updatedAt: new Date() },
    async (tx) => {
      // Read in the transaction, after the campaign's row was written: the plan the draft has now.
      const now = await tx.campaign.findUniqueOrThrow({ where: { id: campaign.id }, select: { planId: true, entryActionLimit: true } });
      if (!now.planId) return now.entryActionLimit;
      const plan = await tx.plan.findUnique({ where: { id: now.planId }, select: { entryActionLimit: true } });
      return plan ? plan.entryActionLimit : now.entryActionLimit;
    },
    parsed.value,
    false,
  );
}

export async function removeDraftAction(
  campaign: Pick<Campaign, "id" | "draftToken">,
  user: CurrentUser | null,
  actionId: string,
): Promise<ActionWriteOutcome> {
  const removed = await prisma.entryAction.deleteMany({
    where: { id: actionId, campaignId: campaign.id, campaign: draftWhere(campaign, user) },
  });
  return removed.count === 1 ? { kind: "done", change: "removed" } : { kind: "unknown" };
}

// ---------------------------------------------------------------------------------------------
// A live campaign: until the entry list is frozen (and not past its end)

function liveWhere(user: CurrentUser, now: Date): Prisma.CampaignWhereInput {
  return {
    creatorId: user.id,
    status: CampaignStatus.active,
    listFrozenAt: null,
    OR: [{ endDate: null }, { endDate: { gt: now } }],
  };
}

const nextVersion = { actionsVersion: { increment: 1 } } as const;

export async function addLiveAction(
  campaignId: string,
  user: CurrentUser,
  formData: FormData,
  now = new Date(),
): Promise<ActionWriteOutcome> {
  const parsed = parseAction(formData);
  if (!parsed.ok) return { kind: "invalid", result: parsed.result };
  return addUnder(
    campaignId,
    liveWhere(user, now),
    nextVersion,
    async (tx) => (await tx.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { entryActionLimit: true } })).entryActionLimit,
    parsed.value,
    true,
  );
}

/**
 * Changes (or removes) a live campaign's action nobody has completed: the write's own condition says
 * "no completions", so a completion that landed first wins and the change is refused (locked).
 */
async function changeLive(
  campaignId: string,
  user: CurrentUser,
  actionId: string,
  now: Date,
  write: (
    tx: Prisma.TransactionClient,
    where: Prisma.EntryActionWhereInput,
  ) => Promise<{ label: string; kind: string; bonus: number } | null>,
  change: ActionChange,
): Promise<ActionWriteOutcome> {
  return refusable(() =>
    prisma.$transaction(async (tx) => {
      const held = await tx.campaign.updateMany({ where: { id: campaignId, ...liveWhere(user, now) }, data: nextVersion });
      if (held.count !== 1) throw new Refused({ kind: "closed" });
      const written = await write(tx, { id: actionId, campaignId, completions: { none: {} } });
      if (!written) {
        const exists = await tx.entryAction.count({ where: { id: actionId, campaignId } });
        throw new Refused({ kind: exists ? "locked" : "unknown" });
      }
      await logChange(tx, campaignId, change, { id: actionId, ...written });
      return { kind: "done", change } as const;
    }),
  );
}

export async function editLiveAction(
  campaignId: string,
  user: CurrentUser,
  actionId: string,
  formData: FormData,
  now = new Date(),
): Promise<ActionWriteOutcome> {
  const parsed = parseAction(formData);
  if (!parsed.ok) return { kind: "invalid", result: parsed.result };
  const columns = actionColumns(parsed.value);
  return changeLive(
    campaignId,
    user,
    actionId,
    now,
    async (tx, where) => ((await tx.entryAction.updateMany({ where, data: columns })).count === 1 ? columns : null),
    "edited",
  );
}

export async function removeLiveAction(
  campaignId: string,
  user: CurrentUser,
  actionId: string,
  now = new Date(),
): Promise<ActionWriteOutcome> {
  return changeLive(
    campaignId,
    user,
    actionId,
    now,
    async (tx, where) => {
      const before = await tx.entryAction.findFirst({ where, select: { label: true, kind: true, bonus: true } });
      if (!before) return null;
      return (await tx.entryAction.deleteMany({ where })).count === 1 ? before : null;
    },
    "removed",
  );
}

/** The rules' list and change log for a campaign. */
export async function rulesActions(campaignId: string) {
  const [actions, changes] = await Promise.all([
    prisma.entryAction.findMany({
      where: { campaignId },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      select: { id: true, label: true, kind: true, bonus: true },
    }),
    prisma.entryActionChange.findMany({ where: { campaignId }, orderBy: { version: "asc" } }),
  ]);
  return { actions, changes };
}
