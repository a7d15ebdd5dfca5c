/**
 * Entry actions' data flowing out (decision 079): the entries CSV's action columns, the email tools'
 * profile properties (Klaviyo) and tags (Mailchimp), and a question's answers as CSV.
 *
 * The rule: what the giveaway runs on (that an action was done, its bonus, a daily action's days, a
 * follow's handle, which the brand needs to check a self-reported claim) goes with every counted
 * entry; a question's answer is marketing data (market research tied to a person) and goes only
 * with marketing consent now. The email tools get consenting entrants only (decision 056). The
 * answers CSV is the analytics page's list, anonymous: no entry id, no email, for every answer.
 */
import type { CsvValue } from "./csv";
import type { ActionKind } from "./entry-actions";

/** A campaign's action, as the exports name it. */
export interface ExportedAction {
  id: string;
  kind: string;
  label: string;
}

/** One completion of an entry, as the exports read it. */
export interface ExportedCompletion {
  actionId: string;
  /** question: the answer; follow: the handle. */
  answer: string | null;
  /** Rejected by the creator's review: the bonus does not count. */
  disqualified: boolean;
}

/** The completions of one action that count, and whether it has any at all (a rejected claim has some, none counting). */
function ofAction(action: ExportedAction, completions: readonly ExportedCompletion[]) {
  const own = completions.filter((completion) => completion.actionId === action.id);
  return { own, counted: own.filter((completion) => !completion.disqualified) };
}

/** The entries CSV's action columns: "action 1: <label>", in the campaign's order. */
export function actionCsvHeader(actions: readonly ExportedAction[]): string[] {
  return actions.map((action, index) => `action ${index + 1}: ${action.label}`);
}

/**
 * One row's action cells. Empty: not done (or the row is erased). A rejected claim reads "rejected".
 * Done: a daily action its number of days; a follow its handle (without "@"); a question its answer with consent,
 * else "answered"; a visit or a code "yes".
 */
export function actionCsvValues(
  actions: readonly ExportedAction[],
  completions: readonly ExportedCompletion[],
  row: { consent: boolean; erased: boolean },
): CsvValue[] {
  if (row.erased) return actions.map(() => null);
  return actions.map((action) => {
    const { own, counted } = ofAction(action, completions);
    if (counted.length === 0) return own.length > 0 ? "rejected" : null;
    switch (action.kind as ActionKind) {
      case "daily":
        return counted.length;
      case "follow":
        // Without "@": a cell starting with "@" would read as a formula (csv.ts marks it with an apostrophe).
        return counted[0]!.answer ?? "yes";
      case "question":
        return row.consent ? counted[0]!.answer : "answered";
      default:
        return "yes";
    }
  });
}

const clean = (text: string) => text.trim().replace(/\s+/g, " ");

/**
 * Klaviyo profile properties for one consenting entrant: one per counted action of the campaign,
 * named "Giveawear: <campaign>: <action>", so a brand's several giveaways never overwrite each
 * other. Values: true (visit, code), the number of days (daily), the answer (question), the handle
 * (follow, without "@"). `unset`: the properties of actions whose only claims the creator rejected
 * (decision 078), which an earlier sync may have set and which must not stay on the profile.
 */
export function klaviyoActionProperties(
  campaignTitle: string,
  actions: readonly ExportedAction[],
  completions: readonly ExportedCompletion[],
): { properties: Record<string, string | number | boolean>; unset: string[] } {
  const properties: Record<string, string | number | boolean> = {};
  const unset: string[] = [];
  const campaign = clean(campaignTitle) || "a giveaway";
  for (const action of actions) {
    const { own, counted } = ofAction(action, completions);
    const name = `Giveawear: ${campaign}: ${clean(action.label)}`;
    if (counted.length === 0) {
      if (own.length > 0) unset.push(name);
      continue;
    }
    const first = counted[0]!;
    switch (action.kind as ActionKind) {
      case "daily":
        properties[name] = counted.length;
        break;
      case "question":
        properties[name] = first.answer ?? true;
        break;
      case "follow":
        properties[name] = first.answer ?? true;
        break;
      default:
        properties[name] = true;
    }
  }
  return { properties, unset };
}

/**
 * Klaviyo's Create or Update Profile body (POST /api/profile-import): the properties are merged into
 * the profile's, and those named in `meta.patch_properties.unset` are removed from it.
 */
export function klaviyoProfileImport(email: string, properties: Record<string, string | number | boolean>, unset: readonly string[] = []) {
  const profile = { type: "profile", attributes: { email, properties } };
  return { data: unset.length > 0 ? { ...profile, meta: { patch_properties: { unset: [...unset] } } } : profile };
}

/** Mailchimp takes tag names of at most 100 characters. */
const MAILCHIMP_TAG_MAX = 100;

/**
 * Mailchimp tags for one consenting entrant: "<campaign>: <action>" for each counted action, and
 * "<campaign>: <question>: <choice>" for a question with choices. Tags are what an audience segments
 * by, and adding an active tag twice changes nothing, so the whole set is sent each time; an action
 * whose only claims the creator rejected (decision 078) sends its tags as inactive, which removes
 * them if an earlier sync added them. A free-text
 * answer or a handle is not a tag: one-off tags would flood the audience's tag list (they stay in the
 * entries CSV and the webhook); merge fields would need the audience's fields created and are few.
 */
export function mailchimpActionTags(
  campaignTitle: string,
  actions: readonly (ExportedAction & { choices: readonly string[] })[],
  completions: readonly ExportedCompletion[],
): { tags: MailchimpTag[] } {
  const campaign = clean(campaignTitle) || "a giveaway";
  const tags = new Map<string, MailchimpTag["status"]>();
  const tag = (name: string, status: MailchimpTag["status"]) => {
    const key = name.slice(0, MAILCHIMP_TAG_MAX);
    // A name two actions share stays active if either counts.
    if (tags.get(key) !== "active") tags.set(key, status);
  };
  for (const action of actions) {
    const { own, counted } = ofAction(action, completions);
    if (own.length === 0) continue;
    const status = counted.length > 0 ? "active" : "inactive";
    const base = `${campaign}: ${clean(action.label)}`;
    tag(base, status);
    const answer = (counted[0] ?? own[0]!).answer;
    if (action.kind === "question" && action.choices.length > 0 && answer && action.choices.includes(answer))
      tag(`${base}: ${answer}`, status);
  }
  return { tags: [...tags].map(([name, status]) => ({ name, status })) };
}

/** A tag as Mailchimp's member tags endpoint takes it: active adds it, inactive removes it. */
export interface MailchimpTag {
  name: string;
  status: "active" | "inactive";
}

/** The question's answers CSV: one column, one answer a row, in the order they were given. */
export const ANSWERS_CSV_HEADER = ["answer"] as const;
