/** Longer return paths fall back: a Location header that size serves no page of ours. */
export const MAX_REDIRECT_PATH_LENGTH = 2048;

/**
 * Return paths come from query strings and form fields, so only same-origin paths are accepted:
 * "//evil.example", "/\evil.example" and "https://evil.example" all fall back, and so does any
 * path longer than MAX_REDIRECT_PATH_LENGTH.
 */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  if (
    typeof to !== "string" ||
    to.length > MAX_REDIRECT_PATH_LENGTH ||
    !to.startsWith("/") ||
    to.startsWith("//") ||
    to.startsWith("/\\")
  ) {
    return fallback;
  }
  // Browsers strip tabs and newlines from URLs, which could turn "/\t/evil" into "//evil".
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  const base = "http://same-origin.invalid";
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Normalising percent-encodes some characters, which can lengthen an accepted path.
  return path.length > MAX_REDIRECT_PATH_LENGTH ? fallback : path;
}

const LANDING_PATHS = new Set(["/", "/home", "/start"]);

/** Where a freshly signed-in user goes: the return path, unless it is a landing page. */
export function postLoginPath(redirectTo: unknown, role: string): string {
  const path = safeRedirectPath(redirectTo, "/");
  const pathname = path.split(/[?#]/)[0] ?? "/";
  if (LANDING_PATHS.has(pathname) || pathname === "/login" || pathname.startsWith("/login/")) {
    return role === "admin" ? "/admin/dashboard" : "/my-campaigns";
  }
  return path;
}
