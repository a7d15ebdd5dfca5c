/**
 * What an entrant sees of the entry actions (decision 077): the list on the entered view, with a
 * tick for each done (a daily one: done today), the personal link that opens their entry in any
 * browser, and the confirmation email's lines.
 */
import { timingSafeEqual } from "node:crypto";
import { type EntrantAction, actionEmailLine, platformName } from "../../domain/entrant-actions";
import { ACTION_CATALOGUE, ACTION_KINDS, type ActionKind, MAX_CODE_TRIES, actionChoices, actionDay } from "../../domain/entry-actions";
import { personalEntryPath } from "../../paths";
import { type Prisma, prisma } from "../core/db.server";
import { keyedHash } from "../core/keyed-hash.server";

type Reader = Pick<Prisma.TransactionClient, "entryAction">;

const isKind = (kind: string): kind is ActionKind => (ACTION_KINDS as readonly string[]).includes(kind);

/** The campaign's actions, in their order, as the entry's view shows them. */
export async function entrantActions(campaignId: string, entryId: string, now: Date = new Date()): Promise<EntrantAction[]> {
  const actions = await prisma.entryAction.findMany({
    where: { campaignId },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true, kind: true, label: true, bonus: true, url: true, platform: true, question: true, choices: true },
  });
  if (!actions.length) return [];
  const today = actionDay("daily", now);
  const hasCode = actions.some((action) => action.kind === "code");
  const [completions, attempts] = await Promise.all([
    prisma.actionCompletion.findMany({
      where: { entryId, campaignId, day: { in: ["", today] } },
      select: { actionId: true, disqualifiedAt: true },
    }),
    hasCode
      ? prisma.actionCodeAttempt.groupBy({ by: ["actionId"], where: { entryId }, _count: { _all: true } })
      : Promise.resolve([] as { actionId: string; _count: { _all: number } }[]),
  ]);
  const done = new Set(completions.map((completion) => completion.actionId));
  const rejected = new Set(completions.filter((completion) => completion.disqualifiedAt).map((completion) => completion.actionId));
  const wrong = new Map(attempts.map((row) => [row.actionId, row._count._all]));
  return actions.flatMap((action) => {
    if (!isKind(action.kind)) return [];
    return [
      {
        id: action.id,
        kind: action.kind,
        label: action.label,
        bonus: action.bonus,
        verification: ACTION_CATALOGUE[action.kind].verification,
        done: done.has(action.id),
        rejected: rejected.has(action.id),
        triesLeft: action.kind === "code" ? Math.max(0, MAX_CODE_TRIES - (wrong.get(action.id) ?? 0)) : null,
        question: action.kind === "question" ? action.question : null,
        choices: action.kind === "question" ? actionChoices(action.choices) : [],
        platform: action.kind === "follow" ? platformName(action.platform) : null,
        url: action.kind === "follow" ? action.url : null,
      },
    ];
  });
}

/**
 * The token of the entrant's personal link: the entry id and an HMAC of it under the session secret
 * (a purpose of its own, so a confirm token is not a personal one). Entry ids are published with the
 * draw; only the inbox we sent the link to holds the HMAC.
 */
export function personalEntryToken(entryId: string): string {
  return `${entryId}-${keyedHash(`entry-personal:${entryId}`).slice(0, 32)}`;
}

/** The entry id a personal token names, or null when the token is not one we made. */
export function entryIdFromPersonalToken(token: string): string | null {
  const match = /^([a-z0-9]{8,40})-([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const [, entryId = "", mac = ""] = match;
  const expected = keyedHash(`entry-personal:${entryId}`).slice(0, 32);
  return timingSafeEqual(Buffer.from(mac), Buffer.from(expected)) ? entryId : null;
}

/** The confirmation email's action tokens: a whole offer line, the actions' line and the personal link; all "" without actions. */
export async function actionEmailTokens(
  db: Reader,
  campaignId: string,
  entryId: string,
  origin: string,
): Promise<{ actions_offer: string; entry_actions: string; actions_link: string }> {
  const actions = await db.entryAction.findMany({
    where: { campaignId },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { kind: true, label: true, bonus: true },
  });
  const line = actionEmailLine(actions);
  if (!line) return { actions_offer: "", entry_actions: "", actions_link: "" };
  return {
    actions_offer: "Earn bonus entries: open your entry with your personal link below and do these actions.",
    entry_actions: line,
    actions_link: `${origin}${personalEntryPath(campaignId, personalEntryToken(entryId))}`,
  };
}

/** The entry a personal link names, when it is this campaign's; null for a token we did not make or another campaign's. */
export async function personalEntry(campaignId: string, token: string): Promise<string | null> {
  const entryId = entryIdFromPersonalToken(token);
  if (!entryId) return null;
  const entry = await prisma.entry.findFirst({ where: { id: entryId, campaignId, erasedAt: null }, select: { id: true } });
  return entry?.id ?? null;
}
