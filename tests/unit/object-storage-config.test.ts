/**
 * Object storage's variables (decision 058): all four (S3_ENDPOINT optional) or none; anything in
 * between stops the server with a one-line ConfigError naming what is missing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, getConfig, resetConfigForTests } from "~/server/core/config.server";
import { restoreEnv } from "../helpers/env";

const saved = { ...process.env };
const S3_NAMES = ["S3_BUCKET", "S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
const FULL = { S3_BUCKET: "giveawear-files", S3_REGION: "eu-west-1", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret" };

function configWith(env: Record<string, string>) {
  for (const name of [...S3_NAMES, "NODE_ENV"]) delete process.env[name];
  Object.assign(process.env, { DATA_DIR: "/nonexistent/giveawear-config-test", SESSION_SECRET: "s" }, env);
  resetConfigForTests();
  return getConfig();
}

function errorOf(env: Record<string, string>): Error {
  try {
    configWith(env);
  } catch (error) {
    return error as Error;
  }
  throw new Error("no error");
}

afterEach(() => {
  restoreEnv(saved);
  resetConfigForTests();
});

describe("object storage configuration", () => {
  it("is off without any S3_* variable: files stay on the disk", () => {
    expect(configWith({}).objectStorage).toBeNull();
  });

  it("is the bucket on Amazon S3 with the four variables, and on an S3-compatible service with S3_ENDPOINT too", () => {
    expect(configWith(FULL).objectStorage).toEqual({
      bucket: "giveawear-files",
      region: "eu-west-1",
      endpoint: undefined,
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret",
    });
    expect(configWith({ ...FULL, S3_ENDPOINT: "https://minio.example.com:9000" }).objectStorage?.endpoint).toBe(
      "https://minio.example.com:9000",
    );
  });

  it.each([
    [{ S3_BUCKET: "b" }, "S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set"],
    [{ ...FULL, S3_SECRET_ACCESS_KEY: "" }, "S3_SECRET_ACCESS_KEY is not set"],
    [{ ...FULL, S3_REGION: "   " }, "S3_REGION is not set"],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set"],
  ])("refuses a partial set %j with one line naming what is missing", (env, missing) => {
    const error = errorOf(env);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain(missing);
    expect(error.message).toContain("Unset them all to keep files on the local disk under DATA_DIR.");
    expect(error.message).not.toContain("\n");
  });

  it("refuses an endpoint that is not an http or https URL", () => {
    const error = errorOf({ ...FULL, S3_ENDPOINT: "minio:9000" });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/^Invalid environment configuration: S3_ENDPOINT: must be an http or https URL$/);
  });
});
