import { redirect } from "react-router";
import { isPrefetch } from "~/domain/entrant-actions";
import { completeVisit, visitTarget } from "~/server/actions/complete.server";
import { clientIp } from "~/server/core/request.server";
import { entrantText } from "~/i18n/entrant";
import { requestLanguage } from "~/server/core/language.server";
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
  if (!url || isPrefetch(request.headers)) {
    // Said in the entrant's language (decision 097).
    const text = entrantText(await requestLanguage(params.campaignId, request.headers.get("Accept-Language")));
    const headers = { ...NO_STORE, Vary: `${NO_STORE.Vary}, Accept-Language`, "Content-Language": text.locale };
    if (!url) return new Response(text.t("refusedUnknownAction"), { status: 404, headers });
    return new Response(text.t("followLink"), { status: 503, headers: { ...headers, "Retry-After": "0" } });
  }
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
