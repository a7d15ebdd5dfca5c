/**
 * The demo campaigns' entry actions (decision 074) and their entrants' completions, so that a fresh
 * install shows the feature: most demo campaigns offer a mix of actions within their plan's limit
 * (every kind across them: visit, code, question with choices and free text, daily, follow), their
 * entrants completed some of them, and the creator rejected a few follow claims. Past campaigns froze
 * these completions in actions.csv and drew by procedure version 3 (decision 075). Deterministic: its
 * own seeded numbers, so the rest of the demo data stays as it was.
 */
import { createId } from "@paralleldrive/cuid2";
import { type ActionKind, type ActionListLine, type ActionListRejected, actionChoices, actionDay } from "../../domain/entry-actions";
import type { Prisma } from "../core/db.server";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export interface DemoRandom {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export interface DemoActionCampaign {
  id: string;
  index: number;
  brandName: string;
  brandUrl: string;
  instagramHandle: string;
  /** Plan.entryActionLimit: null = unlimited. */
  actionLimit: number | null;
  startMs: number;
  /** Completions happen before this (the end, or now for a live campaign). */
  lastMs: number;
  /** Set for a past campaign: rejections happen before its freeze. */
  frozenMs: number | null;
}

export interface DemoActionEntry {
  id: string;
  email: string;
  createdAt: Date;
  bonusEntries: number;
  actionBonus?: number;
  disqualifiedAt?: Date | string | null;
}

export interface DemoActions {
  actions: Prisma.EntryActionCreateManyInput[];
  completions: Prisma.ActionCompletionCreateManyInput[];
  /** actions.csv's lines: the counted completions and the rejected claims. */
  counted: ActionListLine[];
  rejected: ActionListRejected[];
}

type DemoActionIdea = Omit<Prisma.EntryActionCreateManyInput, "campaignId" | "position" | "id"> & { kind: ActionKind };

const FREE_ANSWERS = [
  "A mountain sunrise, please",
  "Something with cats",
  "More colours!",
  "A retro badge like the old logo",
  "Keep it minimal",
  "Glow in the dark print",
  "A collab with a local artist",
  "Plants. Always plants.",
];

/** The catalogue a demo brand draws its actions from, in a fixed order (rotated per campaign). */
function ideas(campaign: DemoActionCampaign): DemoActionIdea[] {
  const word = (campaign.brandName.split(/\W+/)[0] ?? "DEMO").toUpperCase();
  return [
    { kind: "visit", label: `Visit the ${campaign.brandName} shop`, bonus: 2, url: campaign.brandUrl },
    { kind: "code", label: "Enter the code from our newsletter", bonus: 3, code: `${word}-${10 + campaign.index}` },
    {
      kind: "question",
      label: "Tell us your favourite colour",
      bonus: 1,
      question: "Which colour would you wear?",
      choices: ["White", "Black", "Heather gray"].join("\n"),
    },
    { kind: "question", label: "Help us pick the next design", bonus: 1, question: "What should our next design be?", choices: "" },
    { kind: "daily", label: "Come back every day", bonus: 1 },
    {
      kind: "follow",
      label: `Follow @${campaign.instagramHandle} on Instagram`,
      bonus: 2,
      platform: "instagram",
      url: `https://www.instagram.com/${campaign.instagramHandle}`,
    },
  ];
}

const ID_LETTERS = "abcdefghijklmnopqrstuvwxyz";
const ID_CHARACTERS = `${ID_LETTERS}0123456789`;

/**
 * A cuid2-shaped id (24 characters, a letter first) from the demo's numbers: createId costs about a
 * millisecond and a half each, which for the demo's thousands of completions doubled the seed's time.
 */
function demoId(random: DemoRandom): string {
  let id = random.pick([...ID_LETTERS]);
  for (let k = 1; k < 24; k++) id += ID_CHARACTERS[random.int(0, ID_CHARACTERS.length - 1)];
  return id;
}

/** How likely a demo entrant is to have done each kind. */
const DONE_CHANCE: Record<ActionKind, number> = { visit: 0.6, code: 0.35, question: 0.5, daily: 0.45, follow: 0.45 };

/**
 * The campaign's actions and the completions of its counted entries (disqualified entries did none),
 * whose bonuses are added to the entries' bonusEntries and actionBonus as completing them does.
 * Campaigns at index 3 and 9 offer no actions ("most" campaigns do), as a creator may choose.
 */
export function demoEntryActions(random: DemoRandom, campaign: DemoActionCampaign, entries: DemoActionEntry[]): DemoActions {
  const result: DemoActions = { actions: [], completions: [], counted: [], rejected: [] };
  if (campaign.index % 6 === 3) return result;
  const catalogue = ideas(campaign);
  const wanted = Math.min(campaign.actionLimit ?? catalogue.length, 2 + (campaign.index % 5));
  const rotated = [...catalogue.slice(campaign.index % catalogue.length), ...catalogue.slice(0, campaign.index % catalogue.length)];
  const actions = rotated.slice(0, wanted).map((idea, position) => ({
    ...idea,
    id: createId(),
    campaignId: campaign.id,
    position,
    createdAt: new Date(campaign.startMs - DAY),
  }));
  result.actions = actions;

  for (const entry of entries) {
    if (entry.disqualifiedAt) continue;
    const createdMs = entry.createdAt.getTime();
    const lastMs = campaign.lastMs - 1;
    if (lastMs <= createdMs) continue;
    const local = entry.email.split("@")[0] ?? "fan";
    for (const action of actions) {
      if (!random.chance(DONE_CHANCE[action.kind])) continue;
      const times: number[] = [];
      if (action.kind === "daily") {
        // One completion per calendar day (UTC) the entrant came back, the first on the day they entered.
        for (let day = createdMs - (createdMs % DAY); day <= lastMs; day += DAY) {
          if (day > createdMs && !random.chance(0.35)) continue;
          const from = Math.max(createdMs, day);
          const to = Math.min(lastMs, day + DAY - 1);
          times.push(from + Math.floor(random.next() * (to - from + 1)));
        }
      } else {
        // Most actions are done within a few hours of entering.
        times.push(Math.min(lastMs, createdMs + Math.floor(random.next() * 6 * HOUR)));
      }
      for (const completedMs of times) {
        const choices = action.kind === "question" ? actionChoices(action.choices ?? "") : [];
        const answer =
          action.kind === "question"
            ? random.pick(choices.length > 0 ? choices : FREE_ANSWERS)
            : action.kind === "follow"
              ? local.replace(/[^a-z0-9._-]/g, "").slice(0, 60) || "fan"
              : null;
        // The creator's review rejected a few follow claims before the freeze (that bonus only).
        const rejected = action.kind === "follow" && random.chance(0.1);
        const rejectedMs = Math.min(completedMs + HOUR, campaign.frozenMs ?? campaign.lastMs - 1);
        result.completions.push({
          id: demoId(random),
          campaignId: campaign.id,
          actionId: action.id,
          entryId: entry.id,
          day: actionDay(action.kind, new Date(completedMs)),
          answer,
          bonus: action.bonus,
          completedAt: new Date(completedMs),
          disqualifiedAt: rejected ? new Date(Math.max(completedMs, rejectedMs)) : null,
          disqualifyReason: rejected ? "false_claim" : null,
        });
        if (rejected) {
          result.rejected.push({ entryId: entry.id, actionId: action.id, completedMs, reason: "false_claim" });
          continue;
        }
        result.counted.push({ entryId: entry.id, actionId: action.id, kind: action.kind, bonus: action.bonus, completedMs });
        entry.bonusEntries += action.bonus;
        entry.actionBonus = (entry.actionBonus ?? 0) + action.bonus;
      }
    }
  }
  return result;
}
