/**
 * Entry actions (decision 074): what an entrant can do after confirming their entry to earn bonus
 * entries, and how we know it was done. Pure: the catalogue, the creator's form, the rules' words
 * and the exact format of actions.csv, the frozen completions a stranger re-computes weights from
 * (draw procedure version 3).
 */
import { z } from "zod";
import { REFERRAL_BONUS_ENTRIES } from "./entries";

export const ACTION_KINDS = ["visit", "code", "question", "daily", "follow"] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/**
 * How a completion is known, shown to entrants, in the rules, on the draw page and in the analytics.
 * - tracked: counted when the entrant follows our link (or presses our button) from their own entry;
 * - verified: counted when what they typed matches;
 * - answered: counted when answered (what they answer is not judged);
 * - self-reported: we cannot check it; the entrant's word, which the creator may reject.
 */
export const VERIFICATIONS = ["tracked", "verified", "answered", "self-reported"] as const;
export type Verification = (typeof VERIFICATIONS)[number];

export const VERIFICATION_LABELS: Record<Verification, string> = {
  tracked: "Tracked",
  verified: "Verified",
  answered: "Answered",
  "self-reported": "Self-reported",
};

export const VERIFICATION_EXPLAINED: Record<Verification, string> = {
  tracked: "Counted when you follow our link from your entry.",
  verified: "Counted when the code you type matches.",
  answered: "Counted when you answer.",
  "self-reported": "Your word: we cannot check it, and the brand may reject a false claim.",
};

export interface ActionKindFacts {
  /** The catalogue's name of the kind, as the wizard offers it. */
  name: string;
  verification: Verification;
  /** True: one bonus per calendar day (UTC); false: once. */
  daily: boolean;
  /** What the creator is told when picking it. */
  hint: string;
}

export const ACTION_CATALOGUE: Record<ActionKind, ActionKindFacts> = {
  visit: {
    name: "Visit a page",
    verification: "tracked",
    daily: false,
    hint: "Your site, a product or a post: counted when the entrant follows our tracked link to it.",
  },
  code: {
    name: "Enter a code",
    verification: "verified",
    daily: false,
    hint: "A code you show elsewhere (packaging, a newsletter, a live stream): counted when it matches.",
  },
  question: {
    name: "Answer a question",
    verification: "answered",
    daily: false,
    hint: "Free text or choices: counted when answered; the answers are yours on the campaign's analytics page.",
  },
  daily: {
    name: "Come back daily",
    verification: "tracked",
    daily: true,
    hint: "One bonus per calendar day (UTC), when the entrant returns through their personal link and presses the button.",
  },
  follow: {
    name: "Follow or subscribe",
    verification: "self-reported",
    daily: false,
    hint: "The entrant gives their handle. Platforms offer no way to check it, so it is labelled self-reported everywhere; you see and export the handles, and can disqualify a false claim until the entry list is frozen.",
  },
};

export const FOLLOW_PLATFORMS = ["instagram", "x", "tiktok", "youtube", "facebook"] as const;
export type FollowPlatform = (typeof FOLLOW_PLATFORMS)[number];
export const FOLLOW_PLATFORM_NAMES: Record<FollowPlatform, string> = {
  instagram: "Instagram",
  x: "X",
  tiktok: "TikTok",
  youtube: "YouTube",
  facebook: "Facebook",
};

/** Bonus entries an action may earn. */
export const ACTION_BONUS = { min: 1, max: 10 } as const;
/** Wrong codes an entry may type for one code action; after that the action is closed to it. */
export const MAX_CODE_TRIES = 5;
/** Referrals, shown among the actions: +3 per confirmed friend. */
export const REFERRAL_ACTION_BONUS = REFERRAL_BONUS_ENTRIES;

/** The seeded plans' action limits: Starter 1, Growth 5 (the spec's "customizable entry methods"), Pro unlimited. */
export const SEEDED_ACTION_LIMITS = { starter_tee: 1, growth_tee: 5, pro_tee: null } as const;

/** "1 entry action" / "Up to 5 entry actions" / "Unlimited entry actions" from Plan.entryActionLimit. */
export function formatActionLimit(limit: number | null): string {
  if (limit === null) return "Unlimited entry actions";
  return limit === 1 ? "1 entry action" : `Up to ${limit} entry actions`;
}

export const ACTION_LIMITS = { label: 80, url: 500, code: 40, question: 200, choices: 10, choice: 60, answer: 500, handle: 60 } as const;

/** Codes compare without case and spaces: "Spring 24" = "SPRING24". */
export function normaliseActionCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

/** A handle as typed ("@Name", a profile URL's last part) becomes "name"; null when nothing usable is left. */
export function normaliseHandle(input: string): string | null {
  let handle = input.trim();
  const url = /^https?:\/\/[^/]+\/(?:@)?([^/?#]+)/i.exec(handle);
  if (url?.[1]) handle = url[1];
  handle = handle.replace(/^@+/, "").toLowerCase();
  return /^[a-z0-9._-]{1,60}$/.test(handle) ? handle : null;
}

/** The calendar day (UTC, "YYYY-MM-DD") a daily completion counts for; "" for a once-only action. */
export function actionDay(kind: ActionKind, at: Date): string {
  return ACTION_CATALOGUE[kind].daily ? at.toISOString().slice(0, 10) : "";
}

/** The question's choices, one per line ("" = free text). */
export function actionChoices(choices: string): string[] {
  return choices
    .split("\n")
    .map((choice) => choice.trim())
    .filter(Boolean);
}

const label = z
  .string({ error: "Give the action a label entrants will see." })
  .trim()
  .min(1, "Give the action a label entrants will see.")
  .max(ACTION_LIMITS.label, `Keep the label under ${ACTION_LIMITS.label} characters.`);
const bonus = z.coerce
  .number({ error: `The bonus is a whole number of entries from ${ACTION_BONUS.min} to ${ACTION_BONUS.max}.` })
  .int(`The bonus is a whole number of entries from ${ACTION_BONUS.min} to ${ACTION_BONUS.max}.`)
  .min(ACTION_BONUS.min, `The bonus is a whole number of entries from ${ACTION_BONUS.min} to ${ACTION_BONUS.max}.`)
  .max(ACTION_BONUS.max, `The bonus is a whole number of entries from ${ACTION_BONUS.min} to ${ACTION_BONUS.max}.`);
const httpsUrl = z
  .string({ error: "Enter the page's address, starting with https://" })
  .trim()
  .max(ACTION_LIMITS.url, `Keep the address under ${ACTION_LIMITS.url} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, "Enter the page's address, starting with https://");

/** The creator's form for one action (the wizard's step 4 and the live campaign's "Add an action"). */
export const EntryActionInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("visit"), label, bonus, url: httpsUrl }),
  z.object({
    kind: z.literal("code"),
    label,
    bonus,
    code: z
      .string({ error: "Enter the code entrants will type." })
      .transform(normaliseActionCode)
      .pipe(
        z
          .string()
          .min(3, "The code needs at least 3 letters or digits.")
          .max(ACTION_LIMITS.code, `Keep the code under ${ACTION_LIMITS.code} characters.`)
          .regex(/^[A-Z0-9-]+$/, "Use letters, digits and dashes in the code."),
      ),
  }),
  z.object({
    kind: z.literal("question"),
    label,
    bonus,
    question: z
      .string({ error: "Enter the question." })
      .trim()
      .min(1, "Enter the question.")
      .max(ACTION_LIMITS.question, `Keep the question under ${ACTION_LIMITS.question} characters.`),
    choices: z
      .string()
      .default("")
      .transform((value) => actionChoices(value))
      .refine((list) => list.length !== 1, "Give at least two choices, or none for a free-text answer.")
      .refine((list) => list.length <= ACTION_LIMITS.choices, `Offer at most ${ACTION_LIMITS.choices} choices.`)
      .refine(
        (list) => list.every((choice) => choice.length <= ACTION_LIMITS.choice),
        `Keep each choice under ${ACTION_LIMITS.choice} characters.`,
      )
      .refine((list) => new Set(list).size === list.length, "Each choice once, please.")
      .transform((list) => list.join("\n")),
  }),
  z.object({ kind: z.literal("daily"), label, bonus }),
  z.object({
    kind: z.literal("follow"),
    label,
    bonus,
    platform: z.enum(FOLLOW_PLATFORMS, { error: "Choose the platform." }),
    url: httpsUrl,
  }),
]);
export type EntryActionInput = z.infer<typeof EntryActionInputSchema>;

/** What entrants and creators are told (the spec has no words for entry actions; these are ours). */
export const ACTION_MESSAGES = {
  notConfirmed: "Confirm your entry first: open the link we emailed you, then come back for bonus entries.",
  closed: "This giveaway has ended, so actions no longer earn entries.",
  done: "You have already done this one.",
  doneToday: "You have already come back today. Come back tomorrow for another bonus entry.",
  wrongCode: "That code does not match. Check it and try again.",
  noTriesLeft: `That code did not match ${MAX_CODE_TRIES} times, so this action is closed for your entry.`,
  noAnswer: "Choose or type an answer first.",
  badHandle: "Enter your handle, for example @yourname.",
  unknownAction: "This action is not part of this giveaway.",
  limitReached: (limit: number) => `Your plan includes ${formatActionLimit(limit).toLowerCase()}. Upgrade to offer more.`,
  locked: "Someone has completed this action, so it can no longer be removed or changed.",
  consentNeverEarns: "Agreeing to marketing emails never earns entries: consent stays free.",
  closesWithEntries: "Actions close when entries close; nothing done after the entry list is frozen counts.",
} as const;

/** Published reasons for rejecting one action claim (the entry itself stays in the draw). */
export const ACTION_DISQUALIFY_REASONS = ["false_claim", "duplicate", "automated", "rules"] as const;
export type ActionDisqualifyReason = (typeof ACTION_DISQUALIFY_REASONS)[number];

/*
 * actions.csv, the frozen completions (draw procedure version 3). ASCII; every line ends with "\n".
 *   entry_id,action_id,kind,bonus,completed_ms
 *   <one line per counted completion of a listed entry>
 *   disqualified_entry_id,action_id,completed_ms,reason
 *   <one line per rejected claim>
 * Both sections are sorted by entry_id, then completed_ms, then action_id (ids compared byte by byte).
 * An entry's weight in draw.csv is 1 + 3 x its referrals + the sum of the bonuses of its lines here.
 */
export const ACTION_LIST_HEADER = "entry_id,action_id,kind,bonus,completed_ms";
export const ACTION_DISQUALIFIED_HEADER = "disqualified_entry_id,action_id,completed_ms,reason";

export interface ActionListLine {
  entryId: string;
  actionId: string;
  kind: ActionKind;
  bonus: number;
  completedMs: number;
}

export interface ActionListRejected {
  entryId: string;
  actionId: string;
  completedMs: number;
  reason: string;
}

function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function listOrder(a: { entryId: string; completedMs: number; actionId: string }, b: typeof a): number {
  return byteOrder(a.entryId, b.entryId) || a.completedMs - b.completedMs || byteOrder(a.actionId, b.actionId);
}

/** The exact text of actions.csv for these completions (sorted here, so callers may pass any order). */
export function actionListText(counted: readonly ActionListLine[], rejected: readonly ActionListRejected[]): string {
  const lines = [ACTION_LIST_HEADER];
  for (const line of [...counted].sort(listOrder))
    lines.push(`${line.entryId},${line.actionId},${line.kind},${line.bonus},${line.completedMs}`);
  lines.push(ACTION_DISQUALIFIED_HEADER);
  for (const line of [...rejected].sort(listOrder)) lines.push(`${line.entryId},${line.actionId},${line.completedMs},${line.reason}`);
  return `${lines.join("\n")}\n`;
}

/** The draw weight procedure version 3 gives an entry. */
export function procedureWeight(referrals: number, actionBonuses: number): number {
  return 1 + REFERRAL_ACTION_BONUS * referrals + actionBonuses;
}

/** One action on the analytics page (server/analytics/actions.server.ts). */
export interface ActionFigure {
  id: string;
  label: string;
  kind: string;
  verification: string;
  bonus: number;
  completions: number;
  entrants: number;
  /** A question with choices: each choice and how many chose it, in the creator's order. */
  choices: { choice: string; count: number }[] | null;
  /** A free-text question: the latest answers, newest first. */
  answers: string[] | null;
}
