/**
 * Reads remix-auth-totp's "_totp" cookie (URL-encoded params: email, totp, error) so the code
 * screen can show which address the code went to, and so a code can be tied to the encrypted
 * state (`totp.jwe`) issued with it. The strategy itself stays the only writer.
 */
const COOKIE_NAME = "_totp";

export interface TotpCookie {
  email?: string;
  error?: string;
  /** The encrypted TOTP state (a JWE the server alone can read) issued with the current code. */
  state?: string;
}

function parseValue(value: string): TotpCookie {
  const params = new URLSearchParams(value);
  return { email: params.get("email") || undefined, error: params.get("error") || undefined, state: stateOf(params.get("totp")) };
}

function stateOf(totp: string | null): string | undefined {
  if (!totp) return undefined;
  try {
    const parsed: unknown = JSON.parse(totp);
    if (typeof parsed === "object" && parsed !== null && "jwe" in parsed && typeof parsed.jwe === "string" && parsed.jwe) {
      return parsed.jwe;
    }
  } catch {
    // A damaged cookie carries no state.
  }
  return undefined;
}

export function readTotpCookie(request: Request): TotpCookie {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== COOKIE_NAME) continue;
    return parseValue(rest.join("="));
  }
  return {};
}

/** The state in the "_totp" cookie a strategy response sets (its Set-Cookie headers). */
export function totpStateFromResponse(response: Response): string | undefined {
  let state: string | undefined;
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const index = pair.indexOf("=");
    if (index < 0 || pair.slice(0, index).trim() !== COOKIE_NAME) continue;
    // The last one wins, as in a browser.
    state = parseValue(pair.slice(index + 1).trim()).state;
  }
  return state;
}
