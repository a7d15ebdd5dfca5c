import type { LoaderFunctionArgs } from "react-router";
import { findVisibleCampaign } from "~/server/campaign-page.server";
import { drawEntriesCsv } from "~/server/draw/run.server";
import { getCurrentUser } from "~/server/session.server";

function plain(text: string, status: number): Response {
  return new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * The ordered entry list of a drawn campaign, "id,weight" in draw order (LF line ends), so anyone can
 * re-run the draw: `sed 1d entries.csv | tr , : | sha256sum` gives the published entry list hash.
 * Published only after the draw: before it the list is still changing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const campaignId = params.campaignId ?? "";
  const found = await findVisibleCampaign(campaignId, await getCurrentUser(request));
  if (!found) return plain("Campaign Not Found", 404);
  if (!found.campaign.draw) return plain("The entry list is published when the winners are drawn.", 404);
  return new Response(drawEntriesCsv(found.campaign.id), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="draw-${found.campaign.id}-entries.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
