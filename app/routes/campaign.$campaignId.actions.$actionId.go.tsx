import { redirect } from "react-router";
import { isPrefetch } from "~/domain/entrant-actions";
import { completeVisit, visitTarget } from "~/server/actions/complete.server";
import { clientIp } from "~/server/core/request.server";
import { rememberedEntryId } from "~/server/entries/visitor.server";
import type { Route } from "./+types/campaign.$campaignId.actions.$actionId.go";

/** Never kept by a cache: every follow of the link must reach us to be counted. */
const NO_STORE = { "Cache-Control": "private, no-store", Vary: "Cookie, Purpose, Sec-Purpose" };

/**
 * A "visit a page" action's tracked link (decision 077): counts the visit for the entry this
 * browser holds, then redirects to the page, counted or not (done before, not confirmed, ended).
 * A prefetch or prerender is declined (503, nothing counted, nothing cached) so the person's own
 * click reaches us; a HEAD counts nothing.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = await visitTarget(params.campaignId, params.actionId);
  if (!url) return new Response("This action is not part of this giveaway.", { status: 404, headers: NO_STORE });
  if (isPrefetch(request.headers))
    return new Response("Follow the link to visit the page.", { status: 503, headers: { ...NO_STORE, "Retry-After": "0" } });
  if (request.method === "GET") {
    await completeVisit({
      campaignId: params.campaignId,
      actionId: params.actionId,
      entryId: await rememberedEntryId(request, params.campaignId),
      ip: clientIp(request),
    });
  }
  return redirect(url, { status: 302, headers: NO_STORE });
}
