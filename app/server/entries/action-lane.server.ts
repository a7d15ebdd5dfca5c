/**
 * The action lane (decision 077): an entry action's completion form answered without React Router,
 * for its common case, as the entry lane answers an entry (decision 062). A confirmed entrant posting
 * a code, an answer, a handle or a daily visit costs one read and a share of a group-committed write;
 * React Router's request, matching and action plumbing cost more than that. The lane runs the
 * route's own code (rememberedEntryId, completePostedAction) and, when the action is counted,
 * answers the same 303 with the same cookies (completedCookies, shared with the route).
 *
 * It sits in entries/ rather than actions/: like the route, it reads the entered_ cookie and marks
 * the redirect after a post (entries/visitor, entries/page-views), and actions/ is below entries/
 * (decision 070).
 *
 * Not the lane's, answered null without running anything, for the route to take the same form
 * again (the caller hands it the body it read): a browser without the campaign's entered_ cookie, a
 * form readForm refuses. A refusal is not the lane's to answer either (the route renders its page),
 * but it has been computed, and a wrong code has written its try: running the completion again
 * would count a second wrong try. So a refusal is handed to the route with its outcome
 * (ActionLaneOutcome, through React Router's load context), and the route answers that outcome.
 */
import type { EntrantLanguage } from "../../domain/entrant-language";
import { entrantText } from "../../i18n/entrant";
import { type ActionLaneOutcome } from "../core/load-context.server";
import { formFieldsRefusal } from "../core/forms.server";
import { clientIp, laneRequest } from "../core/request.server";
import { toastCookie } from "../core/toast.server";
import { completePostedAction } from "../actions/complete.server";
import { entryActionsPath } from "../../paths";
import { markRedirectAfterPost } from "./page-views.server";
import { rememberedEntryId } from "./visitor.server";
import { laneLanguage } from "./submit.server";

/** What the lane did with a completion: answered it (the 303), or computed a refusal for the route to answer. */
export type ActionLaneResult = { kind: "answered"; location: string; cookies: string[] } | { kind: "handedOn"; handOff: ActionLaneOutcome };

/**
 * The Set-Cookie headers of a counted completion's 303 (the lane's and the route's): the after-post
 * mark and the toast, in the entrant's language (decision 097; English: completedSentence's words).
 */
export async function completedCookies(campaignId: string, bonus: number, weight: number, language: EntrantLanguage): Promise<string[]> {
  const { t } = entrantText(language);
  const description = t("actionCounted", { bonus: t("bonusEntries", { count: bonus }), entries: t("youHaveEntries", { count: weight }) });
  return [await markRedirectAfterPost(campaignId), await toastCookie({ type: "success", title: t("bonusEntriesTitle"), description })];
}

/**
 * Takes a url-encoded completion `body` posted to `actionId` of `campaignId` by a client at `ip`
 * sending `cookie` (and `acceptLanguage`, for the toast's language): the 303 to answer, a refusal for the route to answer, or null for the route to
 * take the form as if the lane were not there.
 */
export async function completeInLane(
  campaignId: string,
  actionId: string,
  body: string,
  cookie: string | undefined,
  ip: string | null,
  acceptLanguage?: string | null,
): Promise<ActionLaneResult | null> {
  const form = new URLSearchParams(body);
  // A form readForm refuses is the route's to refuse.
  if (formFieldsRefusal(form)) return null;
  const request = laneRequest(cookie, ip);
  const entryId = await rememberedEntryId(request, campaignId);
  if (!entryId) return null;
  const outcome = await completePostedAction({ campaignId, actionId, entryId, ip: clientIp(request) }, form);
  if (outcome.kind === "refused") return { kind: "handedOn", handOff: { campaignId, actionId, entryId, outcome } };
  return {
    kind: "answered",
    location: entryActionsPath(campaignId),
    cookies: await completedCookies(campaignId, outcome.bonus, outcome.weight, await laneLanguage(campaignId, acceptLanguage)),
  };
}
