import { createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { type IdentifiedToast, type Toast, type ToastInput, ToastSchema } from "../../domain/toast";
import { getConfig } from "./config.server";

/** The toast types live in domain (components show toasts too); routes that send one take them from here. */
export type { IdentifiedToast, Toast, ToastInput };

const TOAST_KEY = "toast" as const;

type ToastFlash = { [TOAST_KEY]: Toast };
let storage: SessionStorage<ToastFlash, ToastFlash> | undefined;
function toastStorage(): SessionStorage<ToastFlash, ToastFlash> {
  const config = getConfig();
  storage ??= createCookieSessionStorage<ToastFlash, ToastFlash>({
    cookie: {
      name: "gw_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      secrets: [config.sessionSecret],
    },
  });
  return storage;
}

/**
 * Signed toast cookies by their toast. The cookie has no expiry and its signature depends only on
 * the toast and the secret, so the same toast always makes the same Set-Cookie: the few toasts
 * every entry sends are signed once per process rather than once per entry (HMAC through WebCrypto
 * was about 4% of an entry's CPU). Bounded, since a toast may name something (a title, a count).
 */
const signedToasts = new Map<string, Promise<string>>();
const SIGNED_TOASTS_KEPT = 200;

/** A Set-Cookie value that carries one toast to the next page the browser renders. */
export function toastCookie(toast: ToastInput): Promise<string> {
  const parsed = ToastSchema.parse(toast);
  const key = JSON.stringify(parsed);
  const known = signedToasts.get(key);
  if (known) return known;
  if (signedToasts.size >= SIGNED_TOASTS_KEPT) signedToasts.clear();
  const signed = (async () => {
    const session = await toastStorage().getSession();
    session.flash(TOAST_KEY, parsed);
    return toastStorage().commitSession(session);
  })();
  signedToasts.set(key, signed);
  // A failure is not kept: the next toast signs again.
  signed.catch(() => signedToasts.delete(key));
  return signed;
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY));
  if (!parsed.success) return { toast: null, setCookie: null };
  return { toast: parsed.data, setCookie: await toastStorage().destroySession(session) };
}

/** A toast for action data; the id makes a repeated message show (and animate) again. */
export function actionToast(toast: ToastInput): IdentifiedToast {
  return { ...ToastSchema.parse(toast), id: crypto.randomUUID() };
}
