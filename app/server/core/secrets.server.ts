/**
 * Secrets creators give us (email-tool API keys, webhook signing secrets) are sealed at rest with
 * AES-256-GCM under the configured key (decision 056): a database copy alone reveals none of them.
 * Sealed form: "v1.<iv>.<tag>.<ciphertext>", each part base64url.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { LOCAL_SECRET_FILES, getConfig, readOrCreateLocalSecret } from "./config.server";

const PREFIX = "v1";

/** Thrown when no key is configured (production without ENCRYPTION_KEY) or a sealed value cannot be opened. */
export class SecretsUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretsUnavailable";
  }
}

/** ENCRYPTION_KEY; outside production without it, a key generated once in DATA_DIR/encryption-key; else null. */
function configuredKey(): Buffer | null {
  const config = getConfig();
  if (config.ENCRYPTION_KEY) return Buffer.from(config.ENCRYPTION_KEY, "hex");
  if (config.isProduction) return null;
  return Buffer.from(readOrCreateLocalSecret(config.DATA_DIR, LOCAL_SECRET_FILES.ENCRYPTION_KEY), "hex");
}

/** Whether secrets can be sealed here; pages offering to store one say so when not. */
export function secretsAvailable(): boolean {
  return configuredKey() !== null;
}

function key(): Buffer {
  const value = configuredKey();
  if (!value) throw new SecretsUnavailable("ENCRYPTION_KEY is not set, so secrets cannot be stored.");
  return value;
}

/** Seals a secret for storage. */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [PREFIX, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/** Opens a sealed secret; a tampered value or a changed key throws SecretsUnavailable. */
export function openSecret(sealed: string): string {
  const [prefix, iv, tag, ciphertext] = sealed.split(".");
  if (prefix !== PREFIX || !iv || !tag || ciphertext === undefined) throw new SecretsUnavailable("Not a sealed secret.");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretsUnavailable("The secret cannot be opened with the configured ENCRYPTION_KEY.");
  }
}
