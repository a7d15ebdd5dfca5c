import { createHmac } from "node:crypto";
import { getConfig } from "./config.server";

/**
 * HMAC-SHA-256 of `text` under the session secret, as hex: for values we store or compare but must
 * not keep in the clear (sign-in codes and their state, a contact sender's network). Callers put a
 * purpose in the text ("state:…", "contact:…") so one value never hashes alike for two uses.
 */
export function keyedHash(text: string): string {
  return createHmac("sha256", getConfig().sessionSecret).update(text).digest("hex");
}
