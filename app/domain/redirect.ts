import { href, loginPath, myCampaignsPath } from "../paths";

/** Longer return paths fall back: a Location header that size serves no page of ours. */
export const MAX_REDIRECT_PATH_LENGTH = 2048;

const BASE = "http://same-origin.invalid";

/**
 * Whether `path` reads as a path on this site wherever it ends up (a Location header, an href, a
 * client-side navigation): it starts with one "/" and holds no backslash or control character, so
 * no browser reads it as "//host" (browsers treat "\" as "/" and drop tabs and newlines).
 */
function isLocalPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return path.startsWith("/") && !path.startsWith("//") && !/[\u0000-\u001f\u007f\\]/.test(path);
}

/**
 * Return paths come from query strings and form fields, so only same-origin paths are accepted:
 * "//evil.example", "/\evil.example" and "https://evil.example" all fall back, and so does any
 * path longer than MAX_REDIRECT_PATH_LENGTH.
 *
 * The path handed back is the URL-normalised one, so that is what is checked too: dot segments
 * ("/.//evil.example", "/a/..//evil.example", "/%2e%2e//evil.example") normalise to
 * "//evil.example" and fall back. So does a path whose decoded form starts with "//" or "/\"
 * ("/%2F/evil.example"): no page of ours starts with an encoded slash, and some proxies decode it.
 * Every place that accepts a return path (sign-in, Google sign-in, the theme switch, the wizard's
 * sign-in page, the draw controls) goes through this function.
 */
export function safeRedirectPath(to: unknown, fallback = href("/")): string {
  if (typeof to !== "string" || to.length > MAX_REDIRECT_PATH_LENGTH || !isLocalPath(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Normalising percent-encodes some characters, which can lengthen an accepted path.
  if (path.length > MAX_REDIRECT_PATH_LENGTH || !isLocalPath(path)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  return isLocalPath(decoded) ? path : fallback;
}

const LANDING_PATHS = new Set([href("/"), href("/home"), href("/start")]);

/** Where a freshly signed-in user goes: the return path, unless it is a landing page. */
export function postLoginPath(redirectTo: unknown, role: string): string {
  const path = safeRedirectPath(redirectTo);
  const pathname = path.split(/[?#]/)[0] ?? "/";
  if (LANDING_PATHS.has(pathname) || pathname === loginPath() || pathname.startsWith(`${loginPath()}/`)) {
    return role === "admin" ? href("/admin/dashboard") : myCampaignsPath();
  }
  return path;
}
