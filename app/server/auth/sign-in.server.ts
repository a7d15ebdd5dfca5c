import { randomUUID } from "node:crypto";
import { compactDecrypt } from "jose";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { TOTPStrategy } from "remix-auth-totp";
import { isUsableEmail, normalizeEmail } from "../../domain/email-address";
import { namesFromFullName } from "../../domain/profile";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { sendTemplatedEmail } from "../email/delivery.server";
import { consumeLoginCode, LOGIN_CODE_TTL_MS, MAX_WRONG_TRIES, recordLoginCode } from "./login-codes.server";
import { publicUrl } from "../core/public-url.server";
import { clientIp } from "../core/request.server";
import { readTotpCookie } from "./totp-cookie.server";
import { href, loginCodePath } from "../../paths";
import { log } from "../core/log.server";

export const TOTP_STRATEGY = "TOTP";
export const GOOGLE_STRATEGY = "google";
export const OTP_PATH = loginCodePath();
/**
 * The TOTP strategy redirects here once its verify callback has consumed the code and upserted the
 * user (it discards the callback's result); the OTP action intercepts it and starts our session.
 */
export const TOTP_SUCCESS_MARKER = loginCodePath({ verified: "1" });
/** ...and here on failure, so sending and verifying failures can be told apart. */
export const TOTP_FAILURE_MARKER = loginCodePath({ failed: "1" });

export interface SignedInUser {
  id: string;
}

interface ProviderProfile {
  fullName?: string | null;
  avatarUrl?: string | null;
}

/**
 * SPEC "Profile creation": new users get 5 credits and names from the provider (or the email);
 * existing users keep their credits and only take provider names and avatars that changed.
 */
export async function upsertProfile(rawEmail: string, provider: ProviderProfile = {}) {
  const email = normalizeEmail(rawEmail);
  if (!isUsableEmail(email)) {
    log.error("profile: skipped sign-in without a usable email");
    throw new Error("Failed to get user details after login.");
  }
  const names = namesFromFullName(provider.fullName, email);
  const fromProvider = {
    ...(provider.fullName?.trim() ? names : {}),
    ...(provider.avatarUrl ? { avatarUrl: provider.avatarUrl } : {}),
  };
  return prisma.user.upsert({
    where: { email },
    create: { email, firstName: names.firstName, lastName: names.lastName, avatarUrl: provider.avatarUrl ?? null, aiDesignCredits: 5 },
    update: fromProvider,
  });
}

async function codeFromMagicLink(request: Request): Promise<string | undefined> {
  const token = new URL(request.url).searchParams.get("t");
  return token ? readMagicLinkCode(token) : undefined;
}

/** Decrypts a magic link's token (the strategy's own JWE format); undefined when bad or expired. */
export async function readMagicLinkCode(token: string): Promise<string | undefined> {
  try {
    const key = Buffer.from(getConfig().totpSecret, "hex");
    const { plaintext } = await compactDecrypt(token, key);
    const params: unknown = JSON.parse(new TextDecoder().decode(plaintext));
    if (
      typeof params === "object" &&
      params !== null &&
      "code" in params &&
      "expires" in params &&
      typeof params.code === "string" &&
      typeof params.expires === "number" &&
      params.expires > Date.now()
    ) {
      return params.code;
    }
  } catch {
    // A tampered or foreign token reads the same as none.
  }
  return undefined;
}

/**
 * The code each sign-in request recorded (its LoginCode id), for the login action to tie to the
 * encrypted state the strategy then puts in the browser's cookie (bindLoginCodeState). remix-auth
 * hands the strategy a copy of the request, so the two are matched by a one-off key in a header.
 */
const CODE_REQUEST_HEADER = "x-giveawear-code-request";
const issuedCodes = new Map<string, { ownDevice: boolean; id?: string }>();

/**
 * Asks the TOTP strategy for a code: answers what it threw (its redirect) and the id of the code it
 * recorded. `ownDevice`: the request comes from a browser that signed in as the address before
 * (decision 066), which the code's record keeps.
 */
export async function requestSignInCode(
  request: Request,
  { ownDevice = false } = {},
): Promise<{ outcome: unknown; codeId: string | undefined }> {
  const key = randomUUID();
  const headers = new Headers(request.headers);
  headers.set(CODE_REQUEST_HEADER, key);
  const issued: { ownDevice: boolean; id?: string } = { ownDevice };
  issuedCodes.set(key, issued);
  try {
    await getAuthenticator().authenticate(TOTP_STRATEGY, new Request(request, { headers }));
    return { outcome: undefined, codeId: issued.id };
  } catch (thrown) {
    return { outcome: thrown, codeId: issued.id };
  } finally {
    issuedCodes.delete(key);
  }
}

let authenticator: Authenticator<SignedInUser> | undefined;

export function getAuthenticator(): Authenticator<SignedInUser> {
  if (authenticator) return authenticator;
  const config = getConfig();
  const auth = new Authenticator<SignedInUser>();

  auth.use(
    new TOTPStrategy<SignedInUser>(
      {
        secret: config.totpSecret,
        magicLinkPath: OTP_PATH,
        emailSentRedirect: OTP_PATH,
        successRedirect: TOTP_SUCCESS_MARKER,
        failureRedirect: TOTP_FAILURE_MARKER,
        totpGeneration: { digits: 6, charSet: "0123456789", period: LOGIN_CODE_TTL_MS / 1000, maxAttempts: MAX_WRONG_TRIES },
        cookieOptions: { ...(config.isProduction ? { secure: true } : {}), maxAge: LOGIN_CODE_TTL_MS / 1000, sameSite: "Lax", path: "/" },
        validateEmail: async (email) => isUsableEmail(email),
        sendTOTP: async ({ email, code, magicLink, request }) => {
          const issued = issuedCodes.get(request.headers.get(CODE_REQUEST_HEADER) ?? "");
          const id = await recordLoginCode(normalizeEmail(email), code, clientIp(request), issued?.ownDevice ?? false);
          if (issued) issued.id = id;
          const sent = await sendTemplatedEmail({
            to: email,
            template: "login_code",
            tokens: { email, code, magic_link: publicUrl(magicLink) },
          });
          if (sent.status === "failed") throw new Error("Could not send OTP. Please try again.");
        },
      },
      async ({ email, formData, request }) => {
        const code = formData?.get("code");
        const submitted = typeof code === "string" ? code.trim() : await codeFromMagicLink(request);
        const normalized = normalizeEmail(email);
        if (!submitted || !(await consumeLoginCode(normalized, submitted, readTotpCookie(request).state))) {
          throw new Error("Could not verify OTP. Please try again.");
        }
        const user = await upsertProfile(normalized);
        return { id: user.id };
      },
    ),
    TOTP_STRATEGY,
  );

  if (config.googleEnabled && config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    auth.use(
      new OAuth2Strategy<SignedInUser>(
        {
          cookie: { name: "gw_oauth", httpOnly: true, sameSite: "Lax", path: "/", ...(config.isProduction ? { secure: true } : {}) },
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          authorizationEndpoint: config.GOOGLE_AUTHORIZATION_URL,
          tokenEndpoint: config.GOOGLE_TOKEN_URL,
          redirectURI: publicUrl(href("/auth/google/callback")),
          scopes: ["openid", "email", "profile"],
        },
        async ({ tokens }) => {
          const response = await fetch(config.GOOGLE_USERINFO_URL, {
            headers: { Authorization: `Bearer ${tokens.accessToken()}` },
          });
          if (!response.ok) throw new Error(`Google did not return your profile (HTTP ${response.status}).`);
          const info = (await response.json()) as { email?: string; email_verified?: boolean; name?: string; picture?: string };
          if (!info.email || info.email_verified === false) {
            throw new Error("Your Google account has no verified email address.");
          }
          const user = await upsertProfile(info.email, { fullName: info.name, avatarUrl: info.picture });
          return { id: user.id };
        },
      ),
      GOOGLE_STRATEGY,
    );
  }
  authenticator = auth;
  return auth;
}
