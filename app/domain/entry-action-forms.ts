/**
 * The creator's side of entry actions (decision 076): what the wizard's step 4 and the live
 * campaign's page show of a campaign's actions, the intents their forms send, and the words of the
 * rules' change log. Pure.
 */
import {
  ACTION_CATALOGUE,
  FOLLOW_PLATFORM_NAMES,
  VERIFICATION_LABELS,
  formatActionLimit,
  type ActionKind,
  type FollowPlatform,
  type Verification,
} from "./entry-actions";

/** The intents of the actions' forms: add one, edit one (live only), remove one. */
export const ENTRY_ACTION_INTENTS = ["add-action", "edit-action", "remove-action"] as const;
export type EntryActionIntent = (typeof ENTRY_ACTION_INTENTS)[number];

export function isEntryActionIntent(value: unknown): value is EntryActionIntent {
  return typeof value === "string" && (ENTRY_ACTION_INTENTS as readonly string[]).includes(value);
}

/** The id of the add form (its fields sit inside the step's own form and name it with `form=`). */
export const ADD_ACTION_FORM_ID = "entry-action-add";

/** One of a campaign's actions as the creator's pages list it. */
export interface CreatorAction {
  id: string;
  kind: ActionKind;
  kindName: string;
  verification: Verification;
  verificationLabel: string;
  label: string;
  bonus: number;
  /** What the action asks, in a line: the page, the code, the question and its choices, the profile. */
  detail: string;
  /** Completions so far (a completed action is locked: decision 074). */
  completions: number;
  /** The form values of the action, for the live edit form. */
  values: { label: string; bonus: string; url: string; code: string; question: string; choices: string; platform: string };
}

/** The actions section's facts: the list, the limit and whether one more may be added. */
export interface CreatorActionsView {
  actions: CreatorAction[];
  /** null = unlimited. */
  limit: number | null;
  /** "Your plan includes up to 5 entry actions." */
  limitLine: string;
  canAdd: boolean;
}

export function actionLimitLine(limit: number | null): string {
  return `Your plan includes ${formatActionLimit(limit).toLowerCase()}.`;
}

export function mayAddAction(count: number, limit: number | null): boolean {
  return limit === null || count < limit;
}

export interface StoredAction {
  id: string;
  kind: string;
  label: string;
  bonus: number;
  url: string | null;
  platform: string | null;
  code: string | null;
  question: string | null;
  choices: string;
}

function knownKind(kind: string): ActionKind {
  return kind in ACTION_CATALOGUE ? (kind as ActionKind) : "visit";
}

/** "Instagram: https://instagram.com/brand" and the like. */
export function actionDetail(action: StoredAction): string {
  switch (action.kind) {
    case "visit":
      return action.url ?? "";
    case "code":
      return `Code: ${action.code ?? ""}`;
    case "question": {
      const choices = action.choices.split("\n").filter(Boolean);
      return `${action.question ?? ""}${choices.length ? ` (${choices.join(" / ")})` : " (free text)"}`;
    }
    case "follow":
      return `${FOLLOW_PLATFORM_NAMES[action.platform as FollowPlatform] ?? action.platform ?? ""}: ${action.url ?? ""}`;
    default:
      return "One bonus per calendar day (UTC).";
  }
}

export function creatorAction(action: StoredAction, completions: number): CreatorAction {
  const kind = knownKind(action.kind);
  const facts = ACTION_CATALOGUE[kind];
  return {
    id: action.id,
    kind,
    kindName: facts.name,
    verification: facts.verification,
    verificationLabel: VERIFICATION_LABELS[facts.verification],
    label: action.label,
    bonus: action.bonus,
    detail: actionDetail(action),
    completions,
    values: {
      label: action.label,
      bonus: String(action.bonus),
      url: action.url ?? "",
      code: action.code ?? "",
      question: action.question ?? "",
      choices: action.choices,
      platform: action.platform ?? "",
    },
  };
}

/** "+2 entries" / "+1 entry". */
export function bonusText(bonus: number): string {
  return `+${bonus} ${bonus === 1 ? "entry" : "entries"}`;
}

export const ACTION_CHANGES = ["added", "edited", "removed"] as const;
export type ActionChange = (typeof ACTION_CHANGES)[number];

/** A line of the rules' change log: "Change 2, 29 Nov 2026 14:05 UTC: added “Visit our shop” (Visit a page, tracked, +2 entries)." */
export function actionChangeLine(change: {
  version: number;
  when: string;
  change: string;
  label: string;
  kind: string;
  bonus: number;
}): string {
  const kind = knownKind(change.kind);
  const facts = ACTION_CATALOGUE[kind];
  const what = change.change === "removed" ? "removed" : change.change === "edited" ? "changed" : "added";
  return `Change ${change.version}, ${change.when}: ${what} “${change.label}” (${facts.name}, ${VERIFICATION_LABELS[facts.verification].toLowerCase()}, ${bonusText(change.bonus)}).`;
}

/** A line of the rules' list of actions: "“Visit our shop”: +2 entries, Visit a page, tracked: counted when …". */
export function rulesActionLine(action: { label: string; kind: string; bonus: number }): string {
  const kind = knownKind(action.kind);
  const facts = ACTION_CATALOGUE[kind];
  return `“${action.label}” (${facts.name}${facts.daily ? ", once per calendar day (UTC)" : ""}): ${bonusText(action.bonus)}. Verification: ${VERIFICATION_LABELS[facts.verification].toLowerCase()}.`;
}

/** The toasts of the creator's action forms. */
export const ENTRY_ACTION_MESSAGES = {
  added: { title: "Action added", description: "Entrants will see it after confirming their entry." },
  removed: { title: "Action removed", description: "It is no longer offered." },
  edited: { title: "Action changed", description: "The change is listed in the official rules." },
  invalid: { title: "Please check the action", description: "Please correct the errors in the action's fields." },
  limitTitle: "Plan limit reached",
  lockedTitle: "Action locked",
  unknownTitle: "Action not found",
  closedTitle: "Actions are closed",
  closed: "The entry list is frozen (or the giveaway has ended), so its actions can no longer change.",
} as const;

/** Launch's refusal when the draft holds more actions than its plan includes (a plan changed after they were added). */
export function tooManyActionsMessage(count: number, limit: number): string {
  return `This campaign has ${count} entry actions, but its plan includes ${formatActionLimit(limit).toLowerCase()}. Remove ${count - limit} in Step 4, or choose a larger plan in Step 2.`;
}
