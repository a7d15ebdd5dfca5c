import { pageCount } from "../../domain/pagination";
import { configuredRole, resolveRole, type StoredRole, USERS_PAGE_SIZE } from "../../domain/roles";
import { getAuthenticator, OTP_PATH, TOTP_FAILURE_MARKER, TOTP_STRATEGY } from "../auth/sign-in.server";
import { getConfig } from "../core/config.server";
import { type Prisma, isPostgres, prisma } from "../core/db.server";
import { codeRequestLimit } from "../auth/login-codes.server";
import { publicUrl } from "../core/public-url.server";
import { CLIENT_IP_HEADER } from "../core/request.server";
import { isRedirectTo } from "../core/responses.server";
import { loginPath } from "../../paths";
import { log } from "../core/log.server";

/** Each word must appear in the email or a name; case-insensitive on both databases. */
function searchWhere(query: string): Prisma.UserWhereInput {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return {};
  // SQLite's LIKE ignores ASCII case already; PostgreSQL needs to be asked (the option exists only there).
  const insensitive = (isPostgres() ? { mode: "insensitive" } : {}) as Record<string, never>;
  return {
    AND: words.map((word) => ({
      OR: [
        { email: { contains: word } },
        { firstName: { contains: word, ...insensitive } },
        { lastName: { contains: word, ...insensitive } },
      ],
    })),
  };
}

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  storedRole: StoredRole;
  role: "user" | "editor" | "admin";
  configuredRole: "admin" | "editor" | null;
  campaigns: number;
  createdAt: string;
}

function storedRoleOf(role: string): StoredRole {
  return role === "admin" || role === "editor" ? role : "user";
}

/** One page of users, newest first, filtered by a search over email and names. */
export async function listUsers(query: string, requestedPage: number) {
  const where = searchWhere(query);
  const total = await prisma.user.count({ where });
  const pages = pageCount(total, USERS_PAGE_SIZE);
  const page = Math.min(Math.max(1, requestedPage), pages);
  const rows = await prisma.user.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    skip: (page - 1) * USERS_PAGE_SIZE,
    take: USERS_PAGE_SIZE,
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      role: true,
      createdAt: true,
      _count: { select: { campaigns: true } },
    },
  });
  const config = getConfig();
  const sources = { adminEmails: config.ADMIN_EMAILS, editorEmails: config.EDITOR_EMAILS };
  const users: AdminUserRow[] = rows.map((row) => {
    const role = resolveRole(row.email, row.role, sources);
    return {
      id: row.id,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      storedRole: storedRoleOf(row.role),
      role: role === "public" ? "user" : role,
      configuredRole: configuredRole(row.email, sources),
      campaigns: row._count.campaigns,
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { users, total, page, pages };
}

export async function setStoredRole(userId: string, role: StoredRole): Promise<{ email: string } | null> {
  const updated = await prisma.user.updateMany({ where: { id: userId }, data: { role } });
  if (updated.count === 0) return null;
  return prisma.user.findUnique({ where: { id: userId }, select: { email: true } });
}

export type SendCodeOutcome =
  { kind: "sent"; email: string } | { kind: "limited"; email: string } | { kind: "failed"; email: string } | { kind: "not-found" };

/**
 * "Send sign-in code" (decision 017): the same path as the login page (one code recorded in the
 * LoginCode table, the login_code template, the same per-address and per-IP limits), run for the
 * user's address. The strategy's own cookie belongs to whoever asked for the code, so it is dropped:
 * the admin is not being signed in.
 */
export async function sendSignInCode(userId: string, adminIp: string | null): Promise<SendCodeOutcome> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) return { kind: "not-found" };
  const { email } = user;
  if (await codeRequestLimit(email, adminIp)) return { kind: "limited", email };

  const body = new FormData();
  body.set("email", email);
  const headers = new Headers();
  if (adminIp) headers.set(CLIENT_IP_HEADER, adminIp);
  const request = new Request(publicUrl(loginPath()), { method: "POST", body, headers });
  try {
    await getAuthenticator().authenticate(TOTP_STRATEGY, request);
  } catch (thrown) {
    if (isRedirectTo(thrown, OTP_PATH)) return { kind: "sent", email };
    if (!isRedirectTo(thrown, TOTP_FAILURE_MARKER)) log.error({ err: thrown }, "admin: sending a sign-in code failed");
  }
  return { kind: "failed", email };
}
