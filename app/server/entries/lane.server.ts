/**
 * The entry lane (decision 062): the campaign page's entry form answered without React Router, for
 * its common case only. A spike of entrants is mostly new, anonymous, well-formed entries; for
 * those, rendering nothing and answering a redirect, the router's request, matching and action
 * plumbing cost more than the entry itself. The lane runs the same code the page's action runs
 * (takeEntry, then the same cookies and toast) and answers the same 303.
 *
 * Anything else is not the lane's: a visitor with a session (their address is their account's),
 * the pending card's "resend", a honeypot that is filled, a form the rules refuse, a repeat, a
 * closed campaign, a form readForm refuses. For those the lane answers null and
 * the page's action takes the same form again (the caller hands it the body it read), and answers
 * exactly as it always has. Running takeEntry twice for those is harmless: a refusal writes
 * nothing and a repeat is found again.
 */
import { formFieldsRefusal } from "../core/forms.server";
import { backToPageCookies, countEntry, postedReferral, storedEntryCookies, takeEntry } from "./form.server";
import { laneRequest } from "../core/request.server";
import { entryFormAction } from "../../paths";
import { laneLanguage } from "./submit.server";

/** The session cookie's name (auth/session.server.ts): a signed-in visitor is the page action's. */
const SIGNED_IN = /(?:^|;)\s*gw_session=/;

export interface EntryLaneAnswer {
  location: string;
  cookies: string[];
}

/**
 * Takes a url-encoded entry `body` posted to `campaignId`'s page (at an address whose query is
 * `search`: a referral link's `?ref=`, decision 067), from a client at `ip` sending `cookie`: the
 * redirect to answer, or null for the page's action to answer the same form.
 */
export async function enterInLane(
  campaignId: string,
  body: string,
  cookie: string | undefined,
  ip: string | null,
  search?: string,
  /** The request's Accept-Language: the toast speaks the entrant's language (decision 097). */
  acceptLanguage?: string,
): Promise<EntryLaneAnswer | null> {
  if (cookie && SIGNED_IN.test(cookie)) return null;
  const form = new URLSearchParams(body);
  if (form.has("intent")) return null;
  // A form readForm refuses is the action's to refuse.
  if (formFieldsRefusal(form)) return null;
  // Counted only when answered here: whatever is handed on, the page's action counts (decision 084).
  const result = await takeEntry(laneRequest(cookie, ip), campaignId, form, null, postedReferral(search), { counted: false });
  if (result.kind !== "stored" || result.outcome.kind !== "entered") return null;
  countEntry(result);
  return {
    location: entryFormAction(campaignId),
    cookies: await backToPageCookies(
      campaignId,
      await storedEntryCookies(campaignId, result.outcome, result.browserCookie, await laneLanguage(campaignId, acceptLanguage)),
    ),
  };
}
