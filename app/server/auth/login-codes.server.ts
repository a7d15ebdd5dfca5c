import { timingSafeEqual } from "node:crypto";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { keyedHash } from "../core/keyed-hash.server";

/**
 * remix-auth-totp keeps its state in a cookie, which a client can replay. This table is the
 * server's own record of each code: it makes a code single-use, caps wrong tries and rate-limits
 * code requests, whatever the cookie says.
 */
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;
const REQUEST_WINDOW_MS = 15 * 60 * 1000;

function hashCode(email: string, code: string): string {
  return keyedHash(`${email}:${code}`);
}

export type CodeRequestLimit = "email-ip" | "email" | "own-device" | "ip" | null;

/**
 * Code requests per 15 minutes: per address from one IP (LOGIN_CODE_LIMIT_PER_EMAIL_IP), per
 * address from all IPs together (LOGIN_CODE_LIMIT_PER_EMAIL, higher) and per IP. A stranger
 * asking for codes to someone else's address uses up only their own network's share, so the
 * owner can still get a code from theirs.
 *
 * Strangers spread over enough networks can still fill the address's ceiling, so a browser that
 * signed in as the address before (`ownDevice`, decision 066) is not held to the address's two
 * ceilings at all: it has its own share instead, LOGIN_CODE_LIMIT_PER_EMAIL_IP requests for the
 * address from all of its owner's browsers together. The per-IP limit holds for everyone.
 */
export async function codeRequestLimit(email: string, ip: string | null, { ownDevice = false } = {}): Promise<CodeRequestLimit> {
  const config = getConfig();
  const since = new Date(Date.now() - REQUEST_WINDOW_MS);
  const forIp = ip ? prisma.loginCode.count({ where: { ip, createdAt: { gt: since } } }) : Promise.resolve(0);
  if (ownDevice) {
    const [fromOwner, fromIp] = await Promise.all([
      prisma.loginCode.count({ where: { email, ownDevice: true, createdAt: { gt: since } } }),
      forIp,
    ]);
    if (fromOwner >= config.LOGIN_CODE_LIMIT_PER_EMAIL_IP) return "own-device";
    if (fromIp >= config.LOGIN_CODE_LIMIT_PER_IP) return "ip";
    return null;
  }
  const [fromHere, forEmail, fromIp] = await Promise.all([
    prisma.loginCode.count({ where: { email, ip, createdAt: { gt: since } } }),
    prisma.loginCode.count({ where: { email, createdAt: { gt: since } } }),
    forIp,
  ]);
  if (fromHere >= config.LOGIN_CODE_LIMIT_PER_EMAIL_IP) return "email-ip";
  if (forEmail >= config.LOGIN_CODE_LIMIT_PER_EMAIL) return "email";
  if (fromIp >= config.LOGIN_CODE_LIMIT_PER_IP) return "ip";
  return null;
}

/**
 * Records a new code and answers its id. It replaces the codes still open for the same email,
 * except that a stranger's request (not `ownDevice`) leaves the codes of the owner's own browsers
 * open: asking for codes to someone's address must not void the one they are typing.
 */
export async function recordLoginCode(email: string, code: string, ip: string | null, ownDevice = false): Promise<string> {
  const now = new Date();
  const [, created] = await prisma.$transaction([
    prisma.loginCode.updateMany({ where: { email, usedAt: null, ...(ownDevice ? {} : { ownDevice: false }) }, data: { usedAt: now } }),
    prisma.loginCode.create({
      data: {
        email,
        ip,
        ownDevice,
        codeHash: hashCode(email, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
      },
      select: { id: true },
    }),
  ]);
  return created.id;
}

function hashState(state: string): string {
  return keyedHash(`state:${state}`);
}

/**
 * Ties a code to the encrypted sign-in state (remix-auth-totp's JWE) handed to the browser that
 * asked for it. Until then, and for any other state, the code cannot be tried.
 */
export async function bindLoginCodeState(id: string, state: string): Promise<void> {
  await prisma.loginCode.update({ where: { id }, data: { stateHash: hashState(state) } });
}

function sameHash(stored: string | null, computed: string): boolean {
  if (!stored) return false;
  const expected = Buffer.from(stored, "hex");
  const actual = Buffer.from(computed, "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** "stale": the request does not carry the state issued with the open code (another browser, or an older code). */
export type CodeCheck = "ok" | "wrong" | "expired" | "stale" | "locked";

/**
 * Checks a submitted code against the open one issued with the request's state; a wrong code
 * counts as a try, but only then: without that state nobody can use up the owner's tries.
 */
export async function checkLoginCode(email: string, code: string, state: string | undefined): Promise<CodeCheck> {
  // The open code issued with this browser's state (an owner's code stays open beside a stranger's, see recordLoginCode).
  const open = state
    ? await prisma.loginCode.findFirst({ where: { email, usedAt: null, stateHash: hashState(state) }, orderBy: { createdAt: "desc" } })
    : null;
  if (!open) {
    const newest = await prisma.loginCode.findFirst({ where: { email, usedAt: null }, orderBy: { createdAt: "desc" } });
    return !newest || newest.expiresAt.getTime() <= Date.now() ? "expired" : "stale";
  }
  if (open.expiresAt.getTime() <= Date.now()) return "expired";
  if (open.attempts >= MAX_WRONG_TRIES) return "locked";
  if (sameHash(open.codeHash, hashCode(email, code))) return "ok";
  // Conditional increment: concurrent wrong guesses cannot slip past the cap.
  const updated = await prisma.loginCode.updateMany({
    where: { id: open.id, attempts: { lt: MAX_WRONG_TRIES } },
    data: { attempts: { increment: 1 } },
  });
  return updated.count === 0 || open.attempts + 1 >= MAX_WRONG_TRIES ? "locked" : "wrong";
}

/** Marks the code used; exactly one caller can win, so a code signs in once. It takes the code's own state. */
export async function consumeLoginCode(email: string, code: string, state: string | undefined): Promise<boolean> {
  if (!state) return false;
  const result = await prisma.loginCode.updateMany({
    where: {
      email,
      codeHash: hashCode(email, code),
      stateHash: hashState(state),
      usedAt: null,
      expiresAt: { gt: new Date() },
      attempts: { lt: MAX_WRONG_TRIES },
    },
    data: { usedAt: new Date() },
  });
  return result.count === 1;
}
