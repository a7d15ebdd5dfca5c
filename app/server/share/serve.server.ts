/**
 * GET answers for the share card and the poster: 404 unless the visitor may see the campaign
 * (findVisibleCampaign: the public, or the creator's preview), then the cached file with an ETag.
 */
import { createHash } from "node:crypto";
import { getCurrentUser } from "../auth/session.server";
import { cardBytes, shareCacheControl } from "./card.server";
import { paperOf, posterBytes } from "./poster.server";
import { type ShareCampaign, shareCampaign } from "./share-data.server";

export type ShareFile = "card" | "poster.png" | "poster.pdf";

function notFound(): Response {
  return new Response("Campaign Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

async function produce(kind: ShareFile, campaign: ShareCampaign, url: URL): Promise<{ bytes: Buffer; type: string; disposition?: string }> {
  if (kind === "card") return { bytes: await cardBytes(campaign), type: "image/png" };
  const paper = paperOf(url.searchParams.get("paper"));
  if (kind === "poster.png") return { bytes: await posterBytes(campaign, paper, "png"), type: "image/png" };
  return {
    bytes: await posterBytes(campaign, paper, "pdf"),
    type: "application/pdf",
    disposition: `inline; filename="poster-${campaign.id}.pdf"`,
  };
}

export async function serveShareFile(request: Request, campaignId: string, kind: ShareFile): Promise<Response> {
  const user = await getCurrentUser(request);
  const campaign = await shareCampaign(campaignId, user);
  if (!campaign) return notFound();
  const url = new URL(request.url);
  const { bytes, type, disposition } = await produce(kind, campaign, url);
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`;
  const headers = new Headers({
    "Content-Type": type,
    // The card's URL carries the campaign's version (?v=); posters have none, so they are kept briefly.
    "Cache-Control":
      kind === "card"
        ? shareCacheControl(campaign, url.searchParams.get("v"))
        : campaign.isPublic
          ? "public, max-age=300"
          : "private, no-store",
    "X-Content-Type-Options": "nosniff",
    ETag: etag,
  });
  if (disposition) headers.set("Content-Disposition", disposition);
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(bytes.length));
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}
