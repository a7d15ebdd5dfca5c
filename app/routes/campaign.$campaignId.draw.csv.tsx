import type { LoaderFunctionArgs } from "react-router";
import { findVisibleCampaign } from "~/server/campaigns/campaign-page.server";
import { frozenList, frozenListStream } from "~/server/draw/record.server";
import { drawEntriesCsv } from "~/server/draw/run.server";
import { getCurrentUser } from "~/server/auth/session.server";

function plain(text: string, status: number): Response {
  return new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * The frozen entry list (decision 039): the exact bytes written once when the giveaway ended,
 * streamed chunk by chunk from the database (or the bucket, decision 058) and never rebuilt from the live entries, so its
 * SHA-256 (also its ETag) is the published list hash forever.
 *
 * Draws made before frozen lists (procedure 1) have no stored bytes: theirs is still the
 * "id,weight" list regenerated in draw order, as it was published then.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const campaignId = params.campaignId ?? "";
  const found = await findVisibleCampaign(campaignId, await getCurrentUser(request));
  if (!found) return plain("Campaign Not Found", 404);
  const id = found.campaign.id;
  const list = await frozenList(id);
  if (list) {
    const etag = `"${list.sha256}"`;
    const headers: Record<string, string> = {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="draw-${id}.csv"`,
      ETag: etag,
      // The bytes never change once written; a creator's preview stays out of shared caches.
      "Cache-Control": found.preview ? "private, no-store" : "public, max-age=31536000, immutable",
      ...(found.preview ? {} : { "Access-Control-Allow-Origin": "*" }),
      "X-Content-Type-Options": "nosniff",
    };
    const ifNoneMatch = request.headers.get("If-None-Match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(frozenListStream(list), { headers: { ...headers, "Content-Length": String(list.byteLength) } });
  }
  if (found.campaign.draw?.procedureVersion === 1) {
    return new Response(drawEntriesCsv(id), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="draw-${id}-entries.csv"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  return plain("The entry list is frozen when the giveaway ends.", 404);
}
