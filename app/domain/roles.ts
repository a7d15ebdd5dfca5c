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
