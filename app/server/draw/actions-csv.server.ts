/**
 * actions.csv, the frozen action completions of draw procedure version 3 (decision 075): the exact
 * bytes written once with draw.csv, served like it (decision 039) from the ActionListChunk rows or
 * the bucket (decision 058), never rebuilt from the live completions, so its SHA-256 (also its ETag)
 * is the published actions hash forever.
 */
import { frozenActionChunks, frozenListStream } from "./record.server";
import { prisma } from "../core/db.server";

function plain(text: string, status: number): Response {
  return new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** The response for /campaign/<id>/actions.csv of a campaign the visitor may see (`preview`: its creator's unpublished view). */
export async function actionsCsvResponse(request: Request, campaignId: string, preview: boolean): Promise<Response> {
  const list = await prisma.actionList.findUnique({
    where: { campaignId },
    select: { campaignId: true, sha256: true, byteLength: true, storageKey: true },
  });
  if (!list)
    return plain("The action completions are frozen with the entry list when the giveaway ends (draws since procedure version 3).", 404);
  const etag = `"${list.sha256}"`;
  const headers: Record<string, string> = {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="actions-${campaignId}.csv"`,
    ETag: etag,
    // The bytes never change once written; a creator's preview stays out of shared caches.
    "Cache-Control": preview ? "private, no-store" : "public, max-age=31536000, immutable",
    ...(preview ? {} : { "Access-Control-Allow-Origin": "*" }),
    "X-Content-Type-Options": "nosniff",
  };
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(frozenListStream(list, frozenActionChunks(list)), {
    headers: { ...headers, "Content-Length": String(list.byteLength) },
  });
}
