/**
 * Campaign page views for the analytics entry rate (decisions 018, 030): counted on the server, bots
 * excluded. Views are added up in memory and written once a second in one update per campaign, so
 * a burst of visitors to one campaign costs a handful of writes instead of one each; a crash loses
 * at most the last second of views, which an entry rate can afford (entries are never buffered).
 *
 * Only a person opening the page counts. The page carries a 1×1 image, the view beacon (decision
 * 059), which a browser fetches when it shows the page: so the page itself can be served from a
 * cache, ours or a CDN's, and views still count. Not a view: HEAD requests and prefetches (no image
 * is fetched); the page shown again after a form post (a refused entry's page carries no beacon, and
 * the redirect after a successful one is marked by the cookie below); crawlers and clients that send
 * no User-Agent at all.
 */
import { createCookie } from "react-router";
import { isbot } from "isbot";
import { campaignPath } from "../../paths";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { log, outsideContext } from "../core/log.server";

const FLUSH_INTERVAL_MS = 1000;
const pending = new Map<string, number>();
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> = Promise.resolve();

/**
 * Marks the redirect that follows an entry form post: the page the browser lands on is the same
 * visit, not a new view. Scoped to the campaign's page and short-lived, so a browser that never
 * follows the redirect is not left with it. Unsigned: forging it only stops one's own view counting.
 */
function afterPostCookie(campaignId: string) {
  return createCookie("gw_after_post", {
    path: campaignPath(campaignId),
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().isProduction,
    maxAge: 60,
  });
}

/** The Set-Cookie for a redirect back to the campaign page after its form was posted. */
export function markRedirectAfterPost(campaignId: string): Promise<string> {
  return afterPostCookie(campaignId).serialize("1");
}

/** What the view beacon's request says about who asks. */
export interface BeaconRequest {
  method: string | undefined;
  cookie: string | undefined;
  userAgent: string | undefined;
  /** Sec-Purpose, or the older Purpose header. */
  purpose: string | undefined;
}

/**
 * Whether this request for the view beacon is a person's browser showing the page (see the file
 * comment). Browsers fetch images with their own User-Agent; crawlers that load images say so in it.
 */
function isPersonViewing(request: BeaconRequest): boolean {
  if (request.method !== "GET") return false;
  const userAgent = request.userAgent?.trim() ?? "";
  if (!userAgent || isbot(userAgent)) return false;
  return !request.purpose?.includes("prefetch");
}

/** The beacon's answer: a transparent 1×1 GIF, never cached (each showing of the page asks again). */
export const VIEW_BEACON_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * Counts the view the page's beacon image reports (decision 059: counted by the image, so a page
 * served from a cache, ours or a CDN's, still counts). The page shown again after the entry form is
 * not a new view: its mark is used up here. Answers the Set-Cookie that clears the mark, or null.
 */
export async function countBeaconView(campaignId: string, request: BeaconRequest): Promise<string | null> {
  const cookie = afterPostCookie(campaignId);
  const afterPost = request.cookie?.includes("gw_after_post=") ? (await cookie.parse(request.cookie)) === "1" : false;
  if (!afterPost && isPersonViewing(request)) {
    pending.set(campaignId, (pending.get(campaignId) ?? 0) + 1);
    // The batch is every visitor's: its lines carry no one request's id (decision 083).
    timer ??= outsideContext(() => setTimeout(() => void flushPageViews(), FLUSH_INTERVAL_MS).unref());
  }
  return afterPost ? cookie.serialize("", { maxAge: 0 }) : null;
}

/** Writes the counted views; also called on shutdown. */
export function flushPageViews(): Promise<void> {
  timer = undefined;
  const batch = [...pending];
  pending.clear();
  flushing = flushing.then(async () => {
    for (const [id, views] of batch) {
      try {
        await prisma.campaign.updateMany({ where: { id }, data: { pageViews: { increment: views } } });
      } catch (error) {
        log.error({ err: error }, `[page-views] could not record ${views} views of ${id}`);
      }
    }
  });
  return flushing;
}
