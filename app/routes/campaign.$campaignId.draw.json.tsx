import type { LoaderFunctionArgs } from "react-router";
import { findVisibleCampaign } from "~/server/campaigns/campaign-page.server";
import { drawRecord } from "~/server/draw/record.server";
import { getCurrentUser } from "~/server/auth/session.server";

/**
 * The machine-readable draw record (decision 042): commitment, launch time, beacon chain and round,
 * the frozen list's hash and disqualified ids, and after the draw the secret, the beacon, the final
 * seed and every pick. Public and readable from any origin (like drand's API), so a verifier in
 * anyone's browser can fetch it. It grows at the freeze, the draw and each redraw, so caches keep
 * it only a minute.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = await findVisibleCampaign(params.campaignId ?? "", await getCurrentUser(request));
  if (!found) {
    return new Response("Campaign Not Found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const record = await drawRecord(found.campaign);
  return new Response(`${JSON.stringify(record, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      // A creator's preview of an unpublished campaign is theirs alone.
      ...(found.preview
        ? { "Cache-Control": "private, no-store" }
        : { "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" }),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
