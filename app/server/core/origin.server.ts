import { plainText } from "./responses.server";

export const REFUSED_POST = {
  crossOrigin: "This form was sent from another website, so nothing was changed.",
} as const;

function sameOrigin(origin: string, requestUrl: string): boolean {
  try {
    return origin !== "null" && new URL(origin).origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
}

/**
 * The refusal for a state-changing resource route's action (/logout, /theme), or null to go on.
 * React Router checks a page action's Origin header against the request's own origin, but not a
 * resource route's, so these check it the same way: a form posted from another website gets 403
 * and changes nothing; a request without Origin (not a browser's cross-site post) passes, as it
 * does for page actions. Other methods never get here: server/app.ts answers them with 405.
 */
export function refusedPost(request: Request): Response | null {
  const origin = request.headers.get("Origin");
  if (origin === null || sameOrigin(origin, request.url)) return null;
  return plainText(REFUSED_POST.crossOrigin, 403);
}

/**
 * The path to go back to after a form on a page (the theme switch): `path` as the page wrote it,
 * with the query of the address the browser showed when the page had none to write. The anonymous
 * campaign page is one render for every visitor (decisions 059, 067), so it cannot write out a
 * visitor's query (a referral link's ?ref=); the browser's Referer from this site's same page has it.
 */
export function withShownQuery(request: Request, path: string): string {
  const referer = request.headers.get("Referer");
  if (!referer || path.includes("?")) return path;
  try {
    const shown = new URL(referer);
    const back = new URL(path, request.url);
    if (shown.origin !== back.origin || shown.pathname !== back.pathname) return path;
    return `${back.pathname}${shown.search}${back.hash}`;
  } catch {
    return path;
  }
}
