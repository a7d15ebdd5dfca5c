/**
 * The start-up configuration: production refuses a session secret that could be guessed, with a
 * one-line ConfigError that server/index.js prints without a stack.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, getConfig, MIN_SESSION_SECRET_LENGTH, resetConfigForTests } from "~/server/core/config.server";
import { restoreEnv } from "../helpers/env";

const saved = { ...process.env };

function configWith(env: Record<string, string | undefined>) {
  for (const key of ["NODE_ENV", "SESSION_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) delete process.env[key];
  Object.assign(process.env, { DATA_DIR: "/nonexistent/giveawear-config-test" }, env);
  resetConfigForTests();
  return getConfig();
}

afterEach(() => {
  restoreEnv(saved);
  resetConfigForTests();
});

describe("SESSION_SECRET in production", () => {
  it.each(["a", "x".repeat(MIN_SESSION_SECRET_LENGTH - 1), `  ${"y".repeat(20)}  `])(
    "refuses %j with a one-line ConfigError naming the minimum",
    (secret) => {
      let error: unknown;
      try {
        configWith({ NODE_ENV: "production", SESSION_SECRET: secret });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain("SESSION_SECRET");
      expect(message).toContain(`at least ${MIN_SESSION_SECRET_LENGTH} characters`);
      expect(message).not.toContain("\n");
    },
  );

  it("refuses a missing secret the same way", () => {
    expect(() => configWith({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => configWith({ NODE_ENV: "production" })).toThrow(`at least ${MIN_SESSION_SECRET_LENGTH} characters`);
  });

  it(`accepts ${MIN_SESSION_SECRET_LENGTH} characters and more`, () => {
    const secret = "s".repeat(MIN_SESSION_SECRET_LENGTH);
    expect(configWith({ NODE_ENV: "production", SESSION_SECRET: secret }).sessionSecret).toBe(secret);
  });

  it("leaves a short secret alone outside production (local runs and tests)", () => {
    expect(configWith({ NODE_ENV: "development", SESSION_SECRET: "short" }).sessionSecret).toBe("short");
  });
});

describe("other configuration errors", () => {
  it("are ConfigErrors on one line too", () => {
    expect(() => configWith({ NODE_ENV: "development", SESSION_SECRET: "s", PORT: "99999999" })).toThrow(ConfigError);
    expect(() => configWith({ NODE_ENV: "development", SESSION_SECRET: "s", PORT: "99999999" })).toThrow(
      /^Invalid environment configuration: PORT: [^\n]+$/,
    );
    expect(() => configWith({ NODE_ENV: "development", SESSION_SECRET: "s", STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(ConfigError);
  });
});
