import { z } from "zod";

export const ROLES = ["public", "user", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const STORED_ROLES = ["user", "editor", "admin"] as const;
export type StoredRole = (typeof STORED_ROLES)[number];

export interface RoleSources {
  adminEmails: readonly string[];
  editorEmails: readonly string[];
}

/**
 * Configured addresses win (they cannot be demoted from the admin panel); otherwise the stored role.
 * No email means a visitor.
 */
export function resolveRole(email: string | null | undefined, storedRole: string | null | undefined, sources: RoleSources): Role {
  const normalized = email?.trim().toLowerCase();
  if (!normalized) return "public";
  if (sources.adminEmails.includes(normalized) || storedRole === "admin") return "admin";
  if (sources.editorEmails.includes(normalized) || storedRole === "editor") return "editor";
  return "user";
}

// ---------------------------------------------------------------------------------------------
// The admin's Users page: changing a stored role

export const USERS_PAGE_SIZE = 20;

export const ROLE_LABELS: Record<StoredRole, string> = { user: "User", editor: "Editor", admin: "Admin" };

export const RoleChangeSchema = z.object({
  userId: z.string({ error: "Choose a user." }).min(1, "Choose a user."),
  role: z.enum(STORED_ROLES, { error: "Choose user, editor or admin." }),
});

export const SELF_DEMOTION_MESSAGE = "You cannot remove your own admin role.";

/** An admin may set any stored role, except take admin away from themselves. */
export function roleChangeProblem(actorId: string, targetId: string, role: StoredRole): string | null {
  return actorId === targetId && role !== "admin" ? SELF_DEMOTION_MESSAGE : null;
}

/** Where a user's effective role comes from: configuration wins over the stored role. */
export function configuredRole(email: string, sources: { adminEmails: readonly string[]; editorEmails: readonly string[] }) {
  const normalized = email.trim().toLowerCase();
  if (sources.adminEmails.includes(normalized)) return "admin" as const;
  if (sources.editorEmails.includes(normalized)) return "editor" as const;
  return null;
}
