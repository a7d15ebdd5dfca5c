/**
 * Action claims to review (decision 078): the creator's list of entry action completions worth a
 * second look, every follow handle (and its CSV), and rejecting or restoring one claim.
 *
 * Finding, as the entry review does it (decision 041): each pattern is one grouped query (GROUP BY /
 * HAVING) that returns only candidates; app/domain/action-claims.ts words them. At most
 * CLAIM_RULES.groupsPerKind patterns of a kind and CLAIM_RULES.listedPerPattern claims of a pattern
 * are read.
 *
 * Writing: one transaction that first takes the campaign row with the entry review's conditional
 * update (`listFrozenAt IS NULL`, active, no winner: `lockCampaign`), so the freeze, which sets
 * listFrozenAt first, never sees a claim or a bonus still changing; then the completion's
 * conditional update, and the entry's bonus (bonusEntries and actionBonus) by that claim's bonus.
 */
import {
  CLAIM_MESSAGES,
  CLAIM_RULES,
  CLAIMS_PAGE_SIZE,
  type ClaimFlagGroup,
  type ClaimReviewData,
  type ClaimRow,
  codeGuessedText,
  codeTriesUsedText,
  dailyNetworkText,
  flaggedPage,
  HANDLES_CSV_HEADER,
  handleCsvValues,
  isClaimReason,
  REJECTED_LISTED,
  sameHandleText,
} from "../../domain/action-claims";
import { hasMarketingConsent } from "../../domain/entries-export";
import {
  ACTION_CATALOGUE,
  type ActionDisqualifyReason,
  type ActionKind,
  MAX_CODE_TRIES,
  VERIFICATION_LABELS,
} from "../../domain/entry-actions";
import { platformName } from "../../domain/entrant-actions";
import { afterCompletedAt, pagedCsvStream } from "../core/csv-stream.server";
import { prisma, type Prisma } from "../core/db.server";
import { driverFor, transaction } from "../core/driver.server";
import { deliverEmailToolSyncsSoon } from "../integrations/email-tool-sync.server";
import { queueEmailToolActions } from "../integrations/email-tools.server";
import { ownCampaignForAnalytics } from "./figures.server";
import { inTransaction, lockCampaign, lockedReason, Refused, type ReviewResult } from "./fraud.server";

type ActionInfo = { id: string; kind: string; label: string; platform: string | null };

const completionSelect = {
  id: true,
  entryId: true,
  actionId: true,
  answer: true,
  bonus: true,
  completedAt: true,
  disqualifiedAt: true,
  disqualifyReason: true,
  entry: { select: { email: true, disqualifiedAt: true, erasedAt: true } },
} as const;
type CompletionRow = Prisma.ActionCompletionGetPayload<{ select: typeof completionSelect }>;

const kindLabel = (action: ActionInfo | undefined) => {
  const facts = ACTION_CATALOGUE[action?.kind as ActionKind];
  return facts ? `${facts.name} · ${VERIFICATION_LABELS[facts.verification]}` : (action?.kind ?? "");
};

function claimRow(row: CompletionRow, action: ActionInfo | undefined, wrongCodes: number | null): Omit<ClaimRow, "reasons"> {
  return {
    key: row.id,
    completionId: row.id,
    entryId: row.entryId,
    email: row.entry.erasedAt ? "" : row.entry.email,
    actionLabel: action?.label ?? "",
    kind: kindLabel(action),
    answer: row.answer,
    answerKind: row.answer === null ? null : action?.kind === "follow" ? "handle" : "answer",
    bonus: row.bonus,
    at: row.completedAt.toISOString(),
    state: row.disqualifiedAt ? "rejected" : "counted",
    reason: row.disqualifiedAt && isClaimReason(row.disqualifyReason) ? row.disqualifyReason : null,
    wrongCodes,
    entryDisqualified: row.entry.disqualifiedAt !== null,
  };
}

/** The same follow handle claimed by several entries of one action (the biggest groups). */
async function sameHandleFlags(campaignId: string, follow: ActionInfo[]): Promise<ClaimFlagGroup[]> {
  if (follow.length === 0) return [];
  const groups = await prisma.actionCompletion.groupBy({
    by: ["actionId", "answer"],
    where: { campaignId, actionId: { in: follow.map((a) => a.id) }, answer: { not: null } },
    _count: { _all: true },
    having: { actionId: { _count: { gte: CLAIM_RULES.sameHandle } } },
    orderBy: [{ _count: { actionId: "desc" } }, { answer: "asc" }],
    take: CLAIM_RULES.groupsPerKind,
  });
  const labels = new Map(follow.map((a) => [a.id, a.label]));
  return Promise.all(
    groups.map(async (group) => {
      const claims = await prisma.actionCompletion.findMany({
        where: { campaignId, actionId: group.actionId, answer: group.answer },
        orderBy: [{ completedAt: "asc" }, { id: "asc" }],
        take: CLAIM_RULES.listedPerPattern,
        select: { id: true },
      });
      return {
        kind: "same-handle" as const,
        text: sameHandleText(group.answer ?? "", labels.get(group.actionId) ?? "", group._count._all),
        count: group._count._all,
        keys: claims.map((c) => c.id),
      };
    }),
  );
}

/** Daily bonuses of one action on one day from one network (the biggest groups). */
async function dailyNetworkFlags(campaignId: string, daily: ActionInfo[]): Promise<ClaimFlagGroup[]> {
  if (daily.length === 0) return [];
  const groups = await prisma.actionCompletion.groupBy({
    by: ["actionId", "day", "ipNetwork"],
    where: { campaignId, actionId: { in: daily.map((a) => a.id) }, ipNetwork: { not: null } },
    _count: { _all: true },
    having: { actionId: { _count: { gte: CLAIM_RULES.dailyFromNetwork } } },
    orderBy: [{ _count: { actionId: "desc" } }, { day: "asc" }],
    take: CLAIM_RULES.groupsPerKind,
  });
  const labels = new Map(daily.map((a) => [a.id, a.label]));
  return Promise.all(
    groups.map(async (group) => {
      const claims = await prisma.actionCompletion.findMany({
        where: { campaignId, actionId: group.actionId, day: group.day, ipNetwork: group.ipNetwork },
        orderBy: [{ completedAt: "asc" }, { id: "asc" }],
        take: CLAIM_RULES.listedPerPattern,
        select: { id: true },
      });
      return {
        kind: "daily-network" as const,
        text: dailyNetworkText(labels.get(group.actionId) ?? "", group.day, group.ipNetwork ?? "", group._count._all),
        count: group._count._all,
        keys: claims.map((c) => c.id),
      };
    }),
  );
}

interface TriesRow {
  actionId: string;
  entryId: string;
  wrong: number;
  lastAt: Date;
}

/**
 * Codes guessed: entries with CLAIM_RULES.wrongCodesBeforeMatch or more wrong codes for a code
 * action, then either matched (the claim is flagged) or used up every try (no bonus; the entry is
 * listed so the creator can look at it in the entry review).
 */
async function codeFlags(
  campaignId: string,
  code: ActionInfo[],
): Promise<{ groups: ClaimFlagGroup[]; tries: TriesRow[]; wrong: Map<string, number> }> {
  if (code.length === 0) return { groups: [], tries: [], wrong: new Map() };
  const pairs = await prisma.actionCodeAttempt.groupBy({
    by: ["actionId", "entryId"],
    where: { actionId: { in: code.map((a) => a.id) } },
    _count: { _all: true },
    _max: { createdAt: true },
    having: { actionId: { _count: { gte: CLAIM_RULES.wrongCodesBeforeMatch } } },
  });
  const wrong = new Map(pairs.map((p) => [`${p.actionId}:${p.entryId}`, p._count._all]));
  const matched = new Map<string, string>();
  const entryIds = [...new Set(pairs.map((p) => p.entryId))];
  for (let first = 0; first < entryIds.length; first += 500) {
    const rows = await prisma.actionCompletion.findMany({
      where: { campaignId, actionId: { in: code.map((a) => a.id) }, entryId: { in: entryIds.slice(first, first + 500) } },
      select: { id: true, actionId: true, entryId: true },
    });
    for (const row of rows) matched.set(`${row.actionId}:${row.entryId}`, row.id);
  }
  const groups: ClaimFlagGroup[] = [];
  const tries: TriesRow[] = [];
  for (const action of code) {
    const mine = pairs.filter((p) => p.actionId === action.id);
    const guessed = mine.flatMap((p) => {
      const id = matched.get(`${p.actionId}:${p.entryId}`);
      return id ? [id] : [];
    });
    const usedUp = mine
      .filter((p) => !matched.has(`${p.actionId}:${p.entryId}`) && p._count._all >= MAX_CODE_TRIES)
      .map((p) => ({ actionId: p.actionId, entryId: p.entryId, wrong: p._count._all, lastAt: p._max.createdAt ?? new Date(0) }))
      .sort((a, b) => a.lastAt.getTime() - b.lastAt.getTime())
      .slice(0, CLAIM_RULES.listedPerPattern);
    if (guessed.length > 0) {
      groups.push({
        kind: "code-guessed",
        text: codeGuessedText(action.label, guessed.length),
        count: guessed.length,
        keys: guessed.slice(0, CLAIM_RULES.listedPerPattern),
      });
    }
    const usedUpCount = mine.filter((p) => !matched.has(`${p.actionId}:${p.entryId}`) && p._count._all >= MAX_CODE_TRIES).length;
    if (usedUpCount > 0) {
      groups.push({
        kind: "code-tries-used",
        text: codeTriesUsedText(action.label, usedUpCount),
        count: usedUpCount,
        keys: usedUp.map((p) => triesKey(p.entryId, p.actionId)),
      });
      tries.push(...usedUp);
    }
  }
  return { groups, tries, wrong };
}

const triesKey = (entryId: string, actionId: string) => `tries:${entryId}:${actionId}`;

/** Completions by id, in blocks (an IN list stays small). */
async function completionsById(campaignId: string, ids: string[]): Promise<CompletionRow[]> {
  const rows: CompletionRow[] = [];
  for (let first = 0; first < ids.length; first += 500) {
    rows.push(
      ...(await prisma.actionCompletion.findMany({
        where: { campaignId, id: { in: ids.slice(first, first + 500) } },
        select: completionSelect,
      })),
    );
  }
  return rows;
}

/** The claims page of a campaign's creator; null when the campaign is not theirs (or does not exist). */
export async function claimsReview(userId: string, campaignId: string, page: number, handlesPage: number): Promise<ClaimReviewData | null> {
  const campaign = await ownCampaignForAnalytics(userId, campaignId);
  if (!campaign) return null;
  const actions: ActionInfo[] = await prisma.entryAction.findMany({
    where: { campaignId },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true, kind: true, label: true, platform: true },
  });
  const byId = new Map(actions.map((a) => [a.id, a]));
  const ofKind = (kind: ActionKind) => actions.filter((a) => a.kind === kind);
  const follow = ofKind("follow");
  const [handleGroups, dailyGroups, codes, rejectedRows, rejectedTotal, handlesTotal] = await Promise.all([
    sameHandleFlags(campaignId, follow),
    dailyNetworkFlags(campaignId, ofKind("daily")),
    codeFlags(campaignId, ofKind("code")),
    prisma.actionCompletion.findMany({
      where: { campaignId, disqualifiedAt: { not: null } },
      orderBy: [{ disqualifiedAt: "desc" }, { id: "asc" }],
      take: REJECTED_LISTED,
      select: completionSelect,
    }),
    prisma.actionCompletion.count({ where: { campaignId, disqualifiedAt: { not: null } } }),
    follow.length ? prisma.actionCompletion.count({ where: { campaignId, actionId: { in: follow.map((a) => a.id) } } }) : 0,
  ]);
  const handlePages = Math.max(1, Math.ceil(handlesTotal / CLAIMS_PAGE_SIZE));
  const handlesCurrent = Math.min(Math.max(1, handlesPage), handlePages);
  const handleRows = follow.length
    ? await prisma.actionCompletion.findMany({
        where: { campaignId, actionId: { in: follow.map((a) => a.id) } },
        orderBy: [{ completedAt: "desc" }, { id: "asc" }],
        skip: (handlesCurrent - 1) * CLAIMS_PAGE_SIZE,
        take: CLAIMS_PAGE_SIZE,
        select: completionSelect,
      })
    : [];

  const groups = [...handleGroups, ...dailyGroups, ...codes.groups];
  const wrongOf = (row: { actionId: string; entryId: string }) =>
    byId.get(row.actionId)?.kind === "code" ? (codes.wrong.get(`${row.actionId}:${row.entryId}`) ?? 0) : null;
  const rows = new Map<string, Omit<ClaimRow, "reasons">>();
  const flaggedIds = [...new Set(groups.flatMap((g) => g.keys).filter((key) => !key.startsWith("tries:")))];
  for (const row of await completionsById(campaignId, flaggedIds)) rows.set(row.id, claimRow(row, byId.get(row.actionId), wrongOf(row)));
  if (codes.tries.length) {
    const entries = await prisma.entry.findMany({
      where: { campaignId, id: { in: [...new Set(codes.tries.map((t) => t.entryId))] } },
      select: { id: true, email: true, disqualifiedAt: true, erasedAt: true },
    });
    const entryOf = new Map(entries.map((e) => [e.id, e]));
    for (const tries of codes.tries) {
      const entry = entryOf.get(tries.entryId);
      if (!entry) continue;
      const action = byId.get(tries.actionId);
      rows.set(triesKey(tries.entryId, tries.actionId), {
        key: triesKey(tries.entryId, tries.actionId),
        completionId: null,
        entryId: entry.id,
        email: entry.erasedAt ? "" : entry.email,
        actionLabel: action?.label ?? "",
        kind: kindLabel(action),
        answer: null,
        answerKind: null,
        bonus: 0,
        at: tries.lastAt.toISOString(),
        state: "no-bonus",
        reason: null,
        wrongCodes: tries.wrong,
        entryDisqualified: entry.disqualifiedAt !== null,
      });
    }
  }
  const flagged = flaggedPage(groups, rows, page);
  return {
    campaign: { id: campaign.id, title: campaign.title.trim() || "Untitled campaign", timeZone: campaign.timeZone },
    locked: campaign.listFrozenAt ? CLAIM_MESSAGES.frozen : lockedReason(campaign),
    hasActions: actions.length > 0,
    groups: flagged.groups,
    flagged: {
      rows: flagged.keys.flatMap(({ key, reasons }) => {
        const row = rows.get(key);
        return row ? [{ ...row, reasons }] : [];
      }),
      listed: flagged.listed,
      page: flagged.page,
      pages: flagged.pages,
    },
    handles: follow.length
      ? {
          rows: handleRows.map((row) => ({ ...claimRow(row, byId.get(row.actionId), null), reasons: [] })),
          total: handlesTotal,
          page: handlesCurrent,
          pages: handlePages,
        }
      : null,
    rejected: {
      rows: rejectedRows.map((row) => ({ ...claimRow(row, byId.get(row.actionId), wrongOf(row)), reasons: [] })),
      total: rejectedTotal,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Rejecting and restoring one claim
// ---------------------------------------------------------------------------------------------

const entriesWord = (n: number) => `${n} ${n === 1 ? "entry" : "entries"}`;

/**
 * A claim stopped or started counting again: a consenting entrant's email tools are sent their
 * actions anew (decision 079), so a rejected claim's property or tag does not stay there. Queued on
 * the driver connection (as a completion queues it) once the review has committed.
 */
async function queueActionsResync(campaignId: string, entryId: string): Promise<void> {
  const entry = await prisma.entry.findUnique({
    where: { id: entryId },
    select: { marketingConsent: true, marketingWithdrawnAt: true, erasedAt: true, campaign: { select: { creatorId: true } } },
  });
  if (!entry || !hasMarketingConsent(entry)) return;
  const driver = driverFor();
  const rows = await transaction(driver, () =>
    queueEmailToolActions(driver.dialect, { id: entryId, campaignId }, entry.campaign.creatorId),
  );
  deliverEmailToolSyncsSoon(rows);
}

/** Runs one claim's review; once it has committed, the entry whose bonus moved (if any) is sent to the email tools again. */
async function reviewClaim(
  campaignId: string,
  work: (tx: Prisma.TransactionClient, moved: (entryId: string) => void) => Promise<ReviewResult>,
): Promise<ReviewResult> {
  let entryId: string | null = null;
  const result = await inTransaction((tx) => work(tx, (id) => (entryId = id)));
  if (result.ok && entryId) await queueActionsResync(campaignId, entryId);
  return result;
}

async function claimOf(tx: Prisma.TransactionClient, campaignId: string, claimId: string) {
  const claim = await tx.actionCompletion.findFirst({
    where: { id: claimId, campaignId },
    select: { entryId: true, bonus: true, disqualifiedAt: true, action: { select: { label: true } } },
  });
  if (!claim) throw new Refused({ ok: false, status: 404, message: CLAIM_MESSAGES.unknownClaim, field: "claimId" });
  return claim;
}

/**
 * Rejects one claim before the freeze: the completion is marked with the reason, and its entry loses
 * that claim's bonus (bonusEntries and actionBonus), nothing else. A claim already rejected keeps its
 * time and the entry its bonus; only the reason is rewritten, so posting twice changes nothing more.
 */
export async function disqualifyClaim(
  campaignId: string,
  claimId: string,
  reason: ActionDisqualifyReason,
  now: Date = new Date(),
): Promise<ReviewResult> {
  return reviewClaim(campaignId, async (tx, moved) => {
    await lockCampaign(tx, campaignId, CLAIM_MESSAGES.frozen, now);
    const claim = await claimOf(tx, campaignId, claimId);
    if (claim.disqualifiedAt) {
      await tx.actionCompletion.updateMany({ where: { id: claimId, campaignId }, data: { disqualifyReason: reason } });
      return { ok: true, title: "Claim already disqualified", description: "Its reason is updated." };
    }
    const marked = await tx.actionCompletion.updateMany({
      where: { id: claimId, campaignId, disqualifiedAt: null },
      data: { disqualifiedAt: now, disqualifyReason: reason },
    });
    if (marked.count === 1) {
      await tx.entry.updateMany({
        where: { id: claim.entryId, campaignId },
        data: { bonusEntries: { decrement: claim.bonus }, actionBonus: { decrement: claim.bonus } },
      });
      moved(claim.entryId);
    }
    return {
      ok: true,
      title: "Claim disqualified",
      description: `“${claim.action.label}” no longer counts: ${entriesWord(claim.bonus)} less for that entry, which stays in the draw.`,
    };
  });
}

/** Restores a rejected claim before the freeze: its bonus counts for its entry again. */
export async function restoreClaim(campaignId: string, claimId: string, now: Date = new Date()): Promise<ReviewResult> {
  return reviewClaim(campaignId, async (tx, moved) => {
    await lockCampaign(tx, campaignId, CLAIM_MESSAGES.frozenRestore, now);
    const claim = await claimOf(tx, campaignId, claimId);
    if (!claim.disqualifiedAt) return { ok: true, title: "Nothing to restore", description: "That claim is not disqualified." };
    const restored = await tx.actionCompletion.updateMany({
      where: { id: claimId, campaignId, disqualifiedAt: { not: null } },
      data: { disqualifiedAt: null, disqualifyReason: null },
    });
    if (restored.count === 1) {
      await tx.entry.updateMany({
        where: { id: claim.entryId, campaignId },
        data: { bonusEntries: { increment: claim.bonus }, actionBonus: { increment: claim.bonus } },
      });
      moved(claim.entryId);
    }
    return { ok: true, title: "Claim restored", description: `“${claim.action.label}” counts again: ${entriesWord(claim.bonus)} back.` };
  });
}

// ---------------------------------------------------------------------------------------------
// The handles export
// ---------------------------------------------------------------------------------------------

const CSV_PAGE_SIZE = 500;

/** The campaign's follow claims as CSV (HANDLES_CSV_HEADER), read a page at a time while it is sent. */
export function handlesCsvStream(campaignId: string): ReadableStream<Uint8Array> {
  return pagedCsvStream({
    label: `analytics: handles export of ${campaignId}`,
    pageSize: CSV_PAGE_SIZE,
    header: () => HANDLES_CSV_HEADER,
    page: (after: { completedAt: Date; id: string } | null) =>
      prisma.actionCompletion.findMany({
        where: { campaignId, action: { kind: "follow" }, ...afterCompletedAt(after) },
        orderBy: [{ completedAt: "asc" }, { id: "asc" }],
        take: CSV_PAGE_SIZE,
        select: {
          id: true,
          entryId: true,
          actionId: true,
          answer: true,
          completedAt: true,
          disqualifyReason: true,
          disqualifiedAt: true,
          action: { select: { label: true, platform: true } },
          entry: { select: { email: true, disqualifiedAt: true, erasedAt: true, marketingConsent: true, marketingWithdrawnAt: true } },
        },
      }),
    lines: (rows) =>
      rows.map((row) =>
        handleCsvValues({
          entryId: row.entryId,
          actionId: row.actionId,
          actionLabel: row.action.label,
          platform: platformName(row.action.platform),
          handle: row.answer,
          completedAt: row.completedAt,
          rejectReason: row.disqualifiedAt ? (row.disqualifyReason ?? "") : null,
          entryDisqualified: row.entry.disqualifiedAt !== null,
          erased: row.entry.erasedAt !== null,
          consent: hasMarketingConsent(row.entry),
          email: row.entry.email,
        }),
      ),
  });
}
