/**
 * The browsers an address has signed in on (decision 066): when a sign-in succeeds, the browser
 * gets `gw_device`, a cookie signed with the session secret that names the address (by a keyed
 * hash, never in the clear) and the time it signed in. For DEVICE_DAYS after that, this browser
 * asking a code for that address is its owner asking, and the address's own ceiling on code
 * requests (which strangers on other networks can fill, see codeRequestLimit) does not apply to it.
 *
 * It is a permission for one thing only: asking for a code, which is still sent to the address and
 * still has to be typed. It proves nothing else and signs nobody in. One browser remembers its
 * MAX_ADDRESSES most recent addresses (a shared computer); signing out does not forget them.
 * Changing SESSION_SECRET forgets every browser (as it ends every session).
 */
import type { Cookie } from "react-router";
import { normalizeEmail } from "../../domain/email-address";
import { getConfig } from "../core/config.server";
import { keyedHash } from "../core/keyed-hash.server";
import { createSignedCookie } from "../core/signed-cookie.server";

export const DEVICE_COOKIE = "gw_device";
/** How long after signing in a browser counts as its owner's. */
export const DEVICE_DAYS = 90;
const DEVICE_SECONDS = DEVICE_DAYS * 24 * 60 * 60;
const MAX_ADDRESSES = 5;
/** Clocks of several instances may differ a little; an issue time further ahead than this is not ours. */
const CLOCK_LEEWAY_SECONDS = 60;

/** One remembered sign-in: the address's keyed hash and when it signed in (Unix seconds). */
type Remembered = [address: string, signedInAt: number];

let cookie: { secret: string; cookie: Cookie } | undefined;

function deviceCookie(): Cookie {
  const config = getConfig();
  if (cookie?.secret !== config.sessionSecret) {
    cookie = {
      secret: config.sessionSecret,
      cookie: createSignedCookie(DEVICE_COOKIE, {
        secrets: [config.sessionSecret],
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: config.isProduction,
        maxAge: DEVICE_SECONDS,
      }),
    };
  }
  return cookie.cookie;
}

/** The address as the cookie names it: 128 bits of its keyed hash, for this purpose only. */
function addressKey(email: string): string {
  return keyedHash(`sign-in-device:${normalizeEmail(email)}`).slice(0, 32);
}

function isRemembered(value: unknown): value is Remembered {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === "string" &&
    /^[0-9a-f]{32}$/.test(value[0]) &&
    typeof value[1] === "number" &&
    Number.isSafeInteger(value[1])
  );
}

/** The sign-in times this browser's cookie carries that are still good at `now`, signature checked. */
async function rememberedHere(request: Request, now: Date): Promise<Remembered[]> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  const list = typeof value === "object" && value !== null && "d" in value && Array.isArray(value.d) ? (value.d as unknown[]) : [];
  const seconds = Math.floor(now.getTime() / 1000);
  return list.filter(isRemembered).filter(([, at]) => at <= seconds + CLOCK_LEEWAY_SECONDS && seconds - at < DEVICE_SECONDS);
}

/** Whether this browser signed in as `email` within DEVICE_DAYS (a cookie we signed says so). */
export async function signedInHereBefore(request: Request, email: string, now: Date = new Date()): Promise<boolean> {
  const key = addressKey(email);
  return (await rememberedHere(request, now)).some(([address]) => address === key);
}

/** The Set-Cookie that remembers `email` signing in on this browser now (its other recent addresses kept). */
export async function rememberSignInHere(request: Request, email: string, now: Date = new Date()): Promise<string> {
  const key = addressKey(email);
  const others = (await rememberedHere(request, now)).filter(([address]) => address !== key);
  const mine: Remembered = [key, Math.floor(now.getTime() / 1000)];
  const list = [mine, ...others].slice(0, MAX_ADDRESSES);
  return deviceCookie().serialize({ d: list });
}
