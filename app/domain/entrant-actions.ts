/**
 * The entrant's side of entry actions (decision 077): what the entered view shows of each action,
 * the refusals an entrant may meet with their HTTP status, and the confirmation email's lines. Pure.
 */
import {
  ACTION_CATALOGUE,
  ACTION_MESSAGES,
  type ActionKind,
  FOLLOW_PLATFORM_NAMES,
  type FollowPlatform,
  VERIFICATION_EXPLAINED,
  VERIFICATION_LABELS,
  type Verification,
} from "./entry-actions";

/** One action as the entered view lists it. */
export interface EntrantAction {
  id: string;
  kind: ActionKind;
  label: string;
  bonus: number;
  verification: Verification;
  /** Done (a daily action: done today, UTC). */
  done: boolean;
  /** Done, but the organiser rejected the claim (decision 078): its bonus is not counted. */
  rejected: boolean;
  /** code: wrong tries left before the action closes for this entry. */
  triesLeft: number | null;
  /** question: the question and its choices ([] = free text). */
  question: string | null;
  choices: string[];
  /** follow: the platform's name ("Instagram") and the brand's profile. */
  platform: string | null;
  url: string | null;
}

/** Why an action was not counted; each has its words (ACTION_MESSAGES) and its HTTP status. */
export const ACTION_REFUSALS = {
  noEntry: 403,
  notConfirmed: 403,
  closed: 409,
  done: 409,
  doneToday: 409,
  wrongCode: 422,
  noTriesLeft: 429,
  noAnswer: 422,
  badHandle: 422,
  unknownAction: 404,
} as const;
export type ActionRefusal = keyof typeof ACTION_REFUSALS;

/** What became of a posted or visited action: counted (the entry's new weight), or refused with its status and words. */
export type ActionOutcome =
  | { kind: "completed"; actionId: string; bonus: number; weight: number }
  | { kind: "refused"; reason: ActionRefusal; status: (typeof ACTION_REFUSALS)[ActionRefusal]; message: string };

/** The words of a refusal; "noEntry" has its own (ACTION_MESSAGES speaks to entrants only). */
export function refusalMessage(reason: ActionRefusal): string {
  return reason === "noEntry" ? ENTRANT_ACTION_MESSAGES.noEntry : ACTION_MESSAGES[reason];
}

export const ENTRANT_ACTION_MESSAGES = {
  rejected: "Not counted: the organiser rejected this claim.",
  noEntry: "Enter the giveaway first, then come back here for bonus entries.",
  pending: "Bonus actions open once you confirm your entry.",
  personalLinkInvalid: "This link to your entry is not valid. Open the newest email we sent you, or enter on the giveaway's page.",
} as const;

/** "+1 entry" / "+3 entries". */
export function bonusLabel(bonus: number): string {
  return `+${bonus} ${bonus === 1 ? "entry" : "entries"}`;
}

/** "You have 1 entry" / "You have 7 entries" (weight = 1 + bonusEntries). */
export function entriesSentence(weight: number): string {
  return `You have ${weight} ${weight === 1 ? "entry" : "entries"}`;
}

/** The toast after a counted action. */
export function completedSentence(bonus: number, weight: number): string {
  return `${bonusLabel(bonus)} counted. ${entriesSentence(weight)}.`;
}

/** The follow platform's name, or null for an unknown one. */
export function platformName(platform: string | null): string | null {
  return platform && platform in FOLLOW_PLATFORM_NAMES ? FOLLOW_PLATFORM_NAMES[platform as FollowPlatform] : null;
}

/**
 * The confirmation email's line of actions: "Visit our shop (+2 entries, Tracked) · Enter the code
 * (+3 entries, Verified)"; "" when the campaign offers none (the paragraph is then left out).
 */
export function actionEmailLine(actions: readonly { kind: string; label: string; bonus: number }[]): string {
  return actions
    .filter((action) => action.kind in ACTION_CATALOGUE)
    .map(
      (action) =>
        `${action.label} (${bonusLabel(action.bonus)}, ${VERIFICATION_LABELS[ACTION_CATALOGUE[action.kind as ActionKind].verification]})`,
    )
    .join(" · ");
}

/**
 * Whether a request is a browser's prefetch or prerender rather than a person following the link
 * (Sec-Purpose, the older Purpose, Firefox's X-Moz): a tracked link counts only a followed one.
 */
export function isPrefetch(headers: Pick<Headers, "get">): boolean {
  return [headers.get("sec-purpose"), headers.get("purpose"), headers.get("x-moz"), headers.get("x-purpose")].some((value) =>
    /prefetch|prerender|preview/i.test(value ?? ""),
  );
}

/**
 * What the entered view says under each action's verification label: the catalogue's words, made
 * exact where a kind is counted otherwise (the daily button, a friend's confirmation).
 */
export function howCounted(kind: ActionKind | "referral"): string {
  if (kind === "daily") return "Counted once a day (UTC) when you come back to your entry and press the button.";
  if (kind === "referral") return "Counted when a friend enters through your link and confirms.";
  return VERIFICATION_EXPLAINED[ACTION_CATALOGUE[kind].verification];
}
