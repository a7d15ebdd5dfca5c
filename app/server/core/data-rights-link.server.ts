/**
 * The link to an entrant's data page (decision 054): /privacy/my-data/<token>, where the token is
 * the entrant's normalised address and the time it was issued, sealed with AES-256-GCM under a key
 * derived from the session secret. Nothing is stored, so every email to an entrant can carry one at
 * no cost to the entry path; the address never appears in the URL (request logs, browser history),
 * and a token cannot be forged or altered without the key. A link works for DATA_LINK_DAYS; an
 * expired one can still be opened to send a fresh link to the same address, and nowhere else.
 *
 * Changing SESSION_SECRET invalidates every link (as it does sessions and claim links).
 */
import { createCipheriv, createDecipheriv, hkdfSync } from "node:crypto";
import { DATA_LINK_DAYS, isErasedAddress } from "../../domain/data-rights";
import { YAHOO_DOMAINS, emailDomain } from "../../domain/email-address";
import { entryEmailKey } from "../../domain/entries";
import { dataPagePath } from "../../paths";
import { getConfig } from "./config.server";
import { pooledRandomBytes } from "./ids.server";
import { publicUrl } from "./public-url.server";

/**
 * Version 1 was sealed while Yahoo addresses were merged at a "-" (decision 066): such a token for
 * a Yahoo address may name another person's key (`anne@` for `anne-marie@`), so it reads as
 * expired, which can only send a new link to the key's own newest address.
 */
const VERSION = "2";
const YAHOO_MERGED_VERSION = "1";
const DAY_MS = 24 * 60 * 60 * 1000;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** base64url, long enough for the IV and tag, short enough for any address (254 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{40,600}$/;

let derived: { secret: string; key: Buffer } | undefined;

/** A key of its own for data links, derived from the session secret (so one secret still serves all). */
function linkKey(): Buffer {
  const secret = getConfig().sessionSecret;
  if (derived?.secret !== secret) {
    derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "giveawear", "data-link v1", 32)) };
  }
  return derived.key;
}

/** A token for the address (normalised here, decision 010), issued at `issuedAt`. */
export function dataLinkToken(email: string, issuedAt: Date = new Date()): string {
  // A fresh random IV for every token (from the pool: an entry's emails each seal one on its hot path).
  const iv = Buffer.from(pooledRandomBytes(IV_BYTES));
  const cipher = createCipheriv("aes-256-gcm", linkKey(), iv);
  const plain = `${VERSION}\n${Math.floor(issuedAt.getTime() / 1000)}\n${entryEmailKey(email)}`;
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

export type DataLinkClaims =
  | { kind: "valid"; email: string; issuedAt: Date; expiresAt: Date }
  /** Genuine but too old: good only for sending a new link to the same address. */
  | { kind: "expired"; email: string }
  | { kind: "invalid" };

/** What a token says, checked: ours, unaltered, and not older than DATA_LINK_DAYS (nor from the future). */
export function readDataLinkToken(token: string, now: Date = new Date()): DataLinkClaims {
  if (!TOKEN_PATTERN.test(token)) return { kind: "invalid" };
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return { kind: "invalid" };
  let plain: string;
  try {
    const decipher = createDecipheriv("aes-256-gcm", linkKey(), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return { kind: "invalid" };
  }
  const [version, seconds, email, ...rest] = plain.split("\n");
  if ((version !== VERSION && version !== YAHOO_MERGED_VERSION) || !seconds || !/^\d+$/.test(seconds) || !email || rest.length)
    return { kind: "invalid" };
  const issuedAt = new Date(Number(seconds) * 1000);
  const expiresAt = new Date(issuedAt.getTime() + DATA_LINK_DAYS * DAY_MS);
  // A minute of leeway for clocks of several instances.
  if (issuedAt.getTime() > now.getTime() + 60_000) return { kind: "invalid" };
  if (expiresAt.getTime() <= now.getTime()) return { kind: "expired", email };
  if (version === YAHOO_MERGED_VERSION && YAHOO_DOMAINS.includes(emailDomain(email))) return { kind: "expired", email };
  return { kind: "valid", email, issuedAt, expiresAt };
}

/**
 * The absolute link to the data page of the address an email goes to, for the {{data_link}} token;
 * "" for an erased placeholder (nobody to link).
 */
export function dataLink(email: string, issuedAt: Date = new Date()): string {
  if (isErasedAddress(email) || !email.includes("@")) return "";
  return publicUrl(dataPagePath(dataLinkToken(email, issuedAt)));
}
