import type { LoaderFunctionArgs } from "react-router";
import { getCurrentUser } from "~/server/auth/session.server";
import { findVisibleCampaign } from "~/server/campaigns/campaign-page.server";
import { actionsCsvResponse } from "~/server/draw/actions-csv.server";

/** The frozen action completions (actions.csv, draw procedure version 3, decision 075), beside draw.csv. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = await findVisibleCampaign(params.campaignId ?? "", await getCurrentUser(request));
  if (!found) {
    return new Response("Campaign Not Found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return actionsCsvResponse(request, found.campaign.id, found.preview);
}
