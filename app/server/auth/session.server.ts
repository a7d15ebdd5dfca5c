import { createHash } from "node:crypto";
import { createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { displayName } from "../../domain/profile";
import { safeRedirectPath } from "../../domain/redirect";
import { resolveRole, type Role } from "../../domain/roles";
import { avatarPath, href, loginPath, myCampaignsPath } from "../../paths";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { rememberSignInHere } from "./sign-in-device.server";
import { redirectWithToast, type ToastInput } from "../core/toast.server";

const SESSION_DAYS = 30;
const SESSION_ID_KEY = "sessionId" as const;
const REDIRECT_KEY = "redirectTo" as const;

interface AuthSessionData {
  [SESSION_ID_KEY]: string;
  [REDIRECT_KEY]: string;
}

let storage: SessionStorage<AuthSessionData> | undefined;
export function authSessionStorage(): SessionStorage<AuthSessionData> {
  const config = getConfig();
  storage ??= createCookieSessionStorage<AuthSessionData>({
    cookie: {
      name: "gw_session",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      secrets: [config.sessionSecret],
      maxAge: SESSION_DAYS * 24 * 60 * 60,
    },
  });
  return storage;
}

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  avatarUrl: string | null;
  role: Role;
  isAdmin: boolean;
  aiDesignCredits: number;
}

export async function getSessionId(request: Request): Promise<string | undefined> {
  const session = await authSessionStorage().getSession(request.headers.get("Cookie"));
  const id = session.get(SESSION_ID_KEY);
  return typeof id === "string" ? id : undefined;
}

const userCache = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user, or null. Cached per request so root and route loaders share one query. */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let pending = userCache.get(request);
  if (!pending) {
    pending = loadCurrentUser(request);
    userCache.set(request, pending);
  }
  return pending;
}

async function loadCurrentUser(request: Request): Promise<CurrentUser | null> {
  const sessionId = await getSessionId(request);
  if (!sessionId) return null;
  const session = await prisma.session.findUnique({ where: { id: sessionId }, include: { user: true } });
  if (!session || session.expiresAt.getTime() <= Date.now()) return null;
  return toCurrentUser(session.user);
}

export function toCurrentUser(user: {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  role: string;
  aiDesignCredits: number;
}): CurrentUser {
  const config = getConfig();
  const role = resolveRole(user.email, user.role, { adminEmails: config.ADMIN_EMAILS, editorEmails: config.EDITOR_EMAILS });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    name: displayName(user),
    avatarUrl: user.avatarUrl ?? generatedAvatarUrl(user.email),
    role,
    isAdmin: role === "admin",
    aiDesignCredits: user.aiDesignCredits,
  };
}

/** A user, by id or email, as a signed-in user is seen (toCurrentUser); throws when there is no such user. */
export async function findCurrentUser(where: { id: string } | { email: string }): Promise<CurrentUser> {
  return toCurrentUser(await prisma.user.findUniqueOrThrow({ where }));
}

export function generatedAvatarUrl(email: string): string {
  return avatarPath(`${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}.svg`);
}

function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  throw await redirectWithToast(loginPath({ redirectTo: currentPath(request) }), {
    type: "error",
    title: "Login Required",
    description: "Please log in to access this page.",
  });
}

export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect(myCampaignsPath());
  return user;
}

/** Remembers where to go after signing in, across the code request and the code screen. */
export async function rememberRedirect(request: Request, redirectTo: unknown): Promise<string> {
  const session = await authSessionStorage().getSession(request.headers.get("Cookie"));
  session.set(REDIRECT_KEY, safeRedirectPath(redirectTo));
  return authSessionStorage().commitSession(session);
}

export async function getRememberedRedirect(request: Request): Promise<string> {
  const session = await authSessionStorage().getSession(request.headers.get("Cookie"));
  return safeRedirectPath(session.get(REDIRECT_KEY));
}

/**
 * Creates a database session and answers with the redirect that sets its cookie, and the cookie
 * that remembers this browser as one the address signed in on (decision 066).
 */
export async function startUserSession(
  request: Request,
  user: { id: string; email: string },
  redirectTo: string,
  toast: ToastInput,
  extraHeaders?: Headers,
): Promise<Response> {
  const record = await prisma.session.create({
    data: { userId: user.id, expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000) },
  });
  const session = await authSessionStorage().getSession(request.headers.get("Cookie"));
  session.unset(REDIRECT_KEY);
  session.set(SESSION_ID_KEY, record.id);
  const headers = new Headers(extraHeaders);
  headers.append("Set-Cookie", await authSessionStorage().commitSession(session));
  headers.append("Set-Cookie", await rememberSignInHere(request, user.email));
  return redirectWithToast(redirectTo, toast, { headers });
}

export async function endUserSession(request: Request): Promise<Response> {
  const session = await authSessionStorage().getSession(request.headers.get("Cookie"));
  const sessionId = session.get(SESSION_ID_KEY);
  if (typeof sessionId === "string") {
    await prisma.session.deleteMany({ where: { id: sessionId } });
  }
  return redirectWithToast(
    href("/start"),
    { type: "success", title: "Logged Out", description: "You have been successfully logged out." },
    { headers: { "Set-Cookie": await authSessionStorage().destroySession(session) } },
  );
}
