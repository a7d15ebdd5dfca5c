/**
 * Campaign page views for the analytics entry rate (decisions 018, 030): counted on the server, bots
 * excluded. Views are added up in memory and written once a second in one update per campaign, so
 * a burst of visitors to one campaign costs a handful of writes instead of one each; a crash loses
 * at most the last second of views, which an entry rate can afford (entries are never buffered).
 *
 * Only a person opening the page counts. Not a view: HEAD requests; the page shown again after a
 * form post (no JavaScript: a refused entry re-renders it in the POST's answer, a successful one
 * redirects back to it, marked by the cookie below); prefetches; crawlers and clients that send no
 * User-Agent at all.
 */
import { createCookie } from "react-router";
import { isbot } from "isbot";
import { campaignPath } from "../paths";
import { getConfig } from "./config.server";
import { prisma } from "./db.server";

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

/** Whether this request is a person opening the page (see the file comment). */
function isPersonViewing(request: Request): boolean {
  if (request.method !== "GET") return false;
  // A document re-rendered after an action gets the POST's headers, Content-Type included; a
  // browser's GET never has one.
  if (request.headers.has("Content-Type")) return false;
  const userAgent = request.headers.get("User-Agent")?.trim() ?? "";
  if (!userAgent || isbot(userAgent)) return false;
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose");
  return !purpose?.includes("prefetch");
}

/**
 * Counts a page view when the request is one. Answers the Set-Cookie that clears the after-post
 * mark when the request carried it (the loader sends it with the page), otherwise null.
 */
export async function countPageView(request: Request, campaignId: string): Promise<string | null> {
  const cookie = afterPostCookie(campaignId);
  const afterPost = (await cookie.parse(request.headers.get("Cookie"))) === "1";
  if (!afterPost && isPersonViewing(request)) {
    pending.set(campaignId, (pending.get(campaignId) ?? 0) + 1);
    timer ??= setTimeout(() => void flushPageViews(), FLUSH_INTERVAL_MS).unref();
  }
  return afterPost && request.method === "GET" ? cookie.serialize("", { maxAge: 0 }) : null;
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
        console.error(`[page-views] could not record ${views} views of ${id}`, error);
      }
    }
  });
  return flushing;
}
