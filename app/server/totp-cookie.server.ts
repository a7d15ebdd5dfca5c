/**
 * Reads remix-auth-totp's "_totp" cookie (URL-encoded params: email, totp, error) so the code
 * screen can show which address the code went to. The strategy itself stays the only writer.
 */
export function readTotpCookie(request: Request): { email?: string; error?: string } {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== "_totp") continue;
    const params = new URLSearchParams(rest.join("="));
    return { email: params.get("email") || undefined, error: params.get("error") || undefined };
  }
  return {};
}
