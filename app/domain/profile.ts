/** Profile helpers of SPEC section 3 (Current user). */

export function emailLocalPart(email: string | null | undefined): string {
  if (!email) return "";
  const at = email.indexOf("@");
  return at > 0 ? email.slice(0, at) : "";
}

/** First word of the provider's full name, then the rest; without a name, the email's local part. */
export function namesFromFullName(fullName: string | null | undefined, email: string): { firstName: string; lastName: string } {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: emailLocalPart(email), lastName: "" };
  return { firstName: words[0] ?? "", lastName: words.slice(1).join(" ") };
}

export function displayName(user: {
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  email?: string | null;
}): string {
  const combined = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  if (combined) return combined;
  if (user.fullName?.trim()) return user.fullName.trim();
  const local = emailLocalPart(user.email);
  return local || "User";
}

export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) return (words[0] ?? "").slice(0, 2).toUpperCase();
  return `${(words[0] ?? "").charAt(0)}${(words[words.length - 1] ?? "").charAt(0)}`.toUpperCase();
}

/** "abc***@example.com"; a short local part shows its first character; anything else reads "Winner". */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return "Winner";
  const match = /^([^\s@]+)@([^\s@]+\.[^\s@]+)$/.exec(email.trim());
  if (!match) return "Winner";
  const [, local = "", domain = ""] = match;
  const visible = local.length > 3 ? local.slice(0, 3) : local.slice(0, 1);
  return `${visible}***@${domain}`;
}
