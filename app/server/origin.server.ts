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
