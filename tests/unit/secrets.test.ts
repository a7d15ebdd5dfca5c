/** Creators' secrets are sealed at rest (decision 056): only the configured key opens them. */
import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/core/config.server";
import { SecretsUnavailable, openSecret, sealSecret, secretsAvailable } from "~/server/core/secrets.server";

const saved = { ...process.env };
const KEY_A = "a".repeat(64);
const KEY_B = "b".repeat(64);

function useEnv(env: Record<string, string | undefined>) {
  process.env = { ...saved, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name];
  resetConfigForTests();
}

afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

describe("sealed secrets", () => {
  it("round-trips, and the sealed form does not contain the secret", () => {
    useEnv({ ENCRYPTION_KEY: KEY_A });
    const sealed = sealSecret("pk_live_abc123");
    expect(sealed).not.toContain("pk_live_abc123");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(openSecret(sealed)).toBe("pk_live_abc123");
    // A fresh IV each time: the same secret seals differently.
    expect(sealSecret("pk_live_abc123")).not.toBe(sealed);
  });

  it("refuses to open under another key or after tampering", () => {
    useEnv({ ENCRYPTION_KEY: KEY_A });
    const sealed = sealSecret("secret");
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(() => openSecret(tampered)).toThrow(SecretsUnavailable);
    useEnv({ ENCRYPTION_KEY: KEY_B });
    expect(() => openSecret(sealed)).toThrow(SecretsUnavailable);
  });

  it("is unavailable in production without ENCRYPTION_KEY", () => {
    useEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), ENCRYPTION_KEY: undefined });
    expect(secretsAvailable()).toBe(false);
    expect(() => sealSecret("x")).toThrow(SecretsUnavailable);
  });
});
