/**
 * The analytics page's "Entry actions" section (decision 074): per action, its counted completions and
 * the share of confirmed entrants who did it; a question's answers, choices counted and free text as
 * the latest answers. Rejected claims are not counted.
 */
import { ACTION_CATALOGUE, VERIFICATION_LABELS, actionChoices, type ActionFigure, type ActionKind } from "../../domain/entry-actions";
import { ANSWERS_CSV_HEADER } from "../../domain/entry-action-export";
import { afterCompletedAt, pagedCsvStream } from "../core/csv-stream.server";
import { prisma } from "../core/db.server";

/** Free-text answers shown per question: the latest ones. */
export const FREE_TEXT_SHOWN = 20;

export async function actionFigures(campaignId: string): Promise<ActionFigure[]> {
  const actions = await prisma.entryAction.findMany({ where: { campaignId }, orderBy: [{ position: "asc" }, { createdAt: "asc" }] });
  if (actions.length === 0) return [];
  const counted = { campaignId, disqualifiedAt: null };
  const [completions, perEntrant, answerCounts] = await Promise.all([
    prisma.actionCompletion.groupBy({ by: ["actionId"], where: counted, _count: { _all: true } }),
    // A daily action counts once per day: its entrants are the distinct entries.
    prisma.actionCompletion.groupBy({ by: ["actionId", "entryId"], where: { ...counted, action: { kind: "daily" } } }),
    prisma.actionCompletion.groupBy({
      by: ["actionId", "answer"],
      where: { ...counted, action: { kind: "question", choices: { not: "" } } },
      _count: { _all: true },
    }),
  ]);
  const completionsOf = new Map(completions.map((row) => [row.actionId, row._count._all]));
  const dailyEntrants = new Map<string, number>();
  for (const row of perEntrant) dailyEntrants.set(row.actionId, (dailyEntrants.get(row.actionId) ?? 0) + 1);

  return Promise.all(
    actions.map(async (action) => {
      const kind = action.kind as ActionKind;
      const done = completionsOf.get(action.id) ?? 0;
      const choices = kind === "question" && action.choices ? actionChoices(action.choices) : null;
      const answers =
        kind === "question" && !action.choices
          ? (
              await prisma.actionCompletion.findMany({
                where: { ...counted, actionId: action.id, answer: { not: null } },
                orderBy: { completedAt: "desc" },
                take: FREE_TEXT_SHOWN,
                select: { answer: true },
              })
            ).map((row) => row.answer ?? "")
          : null;
      return {
        id: action.id,
        label: action.label,
        kind: ACTION_CATALOGUE[kind]?.name ?? action.kind,
        verification: VERIFICATION_LABELS[ACTION_CATALOGUE[kind]?.verification ?? "tracked"],
        bonus: action.bonus,
        completions: done,
        entrants: kind === "daily" ? (dailyEntrants.get(action.id) ?? 0) : done,
        choices: choices
          ? choices.map((choice) => ({
              choice,
              count: answerCounts.find((row) => row.actionId === action.id && row.answer === choice)?._count._all ?? 0,
            }))
          : null,
        answers,
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// A question's answers as CSV (decision 079)

const ANSWERS_PAGE_SIZE = 1000;

/** The owner's question action (with its campaign's title), or null for anyone else, another campaign's or another kind. */
export function ownQuestionAction(userId: string, campaignId: string, actionId: string) {
  return prisma.entryAction.findFirst({
    where: { id: actionId, campaignId, kind: "question", campaign: { creatorId: userId } },
    select: { id: true, label: true, campaign: { select: { title: true } } },
  });
}

/**
 * Every counted answer to the question (rejected claims left out), oldest first, read a page at a
 * time while the response is sent. Anonymous, like the analytics page's list: no entry id, no email.
 */
export function answersCsvStream(actionId: string): ReadableStream<Uint8Array> {
  return pagedCsvStream({
    label: `analytics: answers export of ${actionId}`,
    pageSize: ANSWERS_PAGE_SIZE,
    header: () => ANSWERS_CSV_HEADER,
    page: (after: { completedAt: Date; id: string } | null) =>
      prisma.actionCompletion.findMany({
        where: { actionId, disqualifiedAt: null, answer: { not: null }, ...afterCompletedAt(after) },
        orderBy: [{ completedAt: "asc" }, { id: "asc" }],
        take: ANSWERS_PAGE_SIZE,
        select: { id: true, completedAt: true, answer: true },
      }),
    lines: (rows) => rows.map((row) => [row.answer]),
  });
}
