import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "./config.server";
import { prisma } from "./db.server";

/**
 * remix-auth-totp keeps its state in a cookie, which a client can replay. This table is the
 * server's own record of each code: it makes a code single-use, caps wrong tries and rate-limits
 * code requests, whatever the cookie says.
 */
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;
const REQUEST_WINDOW_MS = 15 * 60 * 1000;

function hashCode(email: string, code: string): string {
  return createHmac("sha256", getConfig().sessionSecret).update(`${email}:${code}`).digest("hex");
}

export type CodeRequestLimit = "email" | "ip" | null;

export async function codeRequestLimit(email: string, ip: string | null): Promise<CodeRequestLimit> {
  const config = getConfig();
  const since = new Date(Date.now() - REQUEST_WINDOW_MS);
  const [forEmail, forIp] = await Promise.all([
    prisma.loginCode.count({ where: { email, createdAt: { gt: since } } }),
    ip ? prisma.loginCode.count({ where: { ip, createdAt: { gt: since } } }) : Promise.resolve(0),
  ]);
  if (forEmail >= config.LOGIN_CODE_LIMIT_PER_EMAIL) return "email";
  if (forIp >= config.LOGIN_CODE_LIMIT_PER_IP) return "ip";
  return null;
}

/** A new code replaces any earlier one still open for the same email. */
export async function recordLoginCode(email: string, code: string, ip: string | null): Promise<void> {
  const now = new Date();
  await prisma.$transaction([
    prisma.loginCode.updateMany({ where: { email, usedAt: null }, data: { usedAt: now } }),
    prisma.loginCode.create({
      data: { email, ip, codeHash: hashCode(email, code), createdAt: now, expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS) },
    }),
  ]);
}

export type CodeCheck = "ok" | "wrong" | "expired" | "locked";

/** Checks a submitted code against the open one; a wrong code counts as a try. */
export async function checkLoginCode(email: string, code: string): Promise<CodeCheck> {
  const open = await prisma.loginCode.findFirst({ where: { email, usedAt: null }, orderBy: { createdAt: "desc" } });
  if (!open || open.expiresAt.getTime() <= Date.now()) return "expired";
  if (open.attempts >= MAX_WRONG_TRIES) return "locked";
  const expected = Buffer.from(open.codeHash, "hex");
  const actual = Buffer.from(hashCode(email, code), "hex");
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return "ok";
  // Conditional increment: concurrent wrong guesses cannot slip past the cap.
  const updated = await prisma.loginCode.updateMany({
    where: { id: open.id, attempts: { lt: MAX_WRONG_TRIES } },
    data: { attempts: { increment: 1 } },
  });
  return updated.count === 0 || open.attempts + 1 >= MAX_WRONG_TRIES ? "locked" : "wrong";
}

/** Marks the code used; exactly one caller can win, so a code signs in once. */
export async function consumeLoginCode(email: string, code: string): Promise<boolean> {
  const result = await prisma.loginCode.updateMany({
    where: {
      email,
      codeHash: hashCode(email, code),
      usedAt: null,
      expiresAt: { gt: new Date() },
      attempts: { lt: MAX_WRONG_TRIES },
    },
    data: { usedAt: new Date() },
  });
  return result.count === 1;
}
