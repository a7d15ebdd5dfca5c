/**
 * Data-page links sealed before decision 066, while Yahoo addresses were merged at a "-": such a
 * link for a Yahoo address may name another person's key (`anne@yahoo.com` sent to
 * anne-marie@yahoo.com), so it only offers a new link, which goes to that key's own address.
 */
import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/core/config.server";
import { dataLinkToken, readDataLinkToken } from "~/server/core/data-rights-link.server";
import { restoreEnv } from "../helpers/env";

const SECRET = "unit-test-secret-0123456789abcdefghij";
const saved = { ...process.env };

beforeEach(() => {
  restoreEnv(saved, { SESSION_SECRET: SECRET, APP_URL: "https://giveawear.example" });
  resetConfigForTests();
});
afterEach(() => {
  restoreEnv(saved);
  resetConfigForTests();
});

/** A token as the earlier release sealed it: version 1, the same key and layout. */
function versionOneToken(key: string, issuedAt: Date): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(hkdfSync("sha256", SECRET, "giveawear", "data-link v1", 32)), iv);
  const sealed = Buffer.concat([cipher.update(`1\n${Math.floor(issuedAt.getTime() / 1000)}\n${key}`, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

describe("a data-page link sealed before decision 066", () => {
  const issued = new Date(Date.now() - 60 * 60 * 1000);

  it("for a Yahoo address reads as expired: good only for a new link to the same key", () => {
    for (const key of ["anne@yahoo.com", "jean@ymail.com", "x@yahoo.co.uk"]) {
      expect(readDataLinkToken(versionOneToken(key, issued))).toEqual({ kind: "expired", email: key });
    }
  });

  it("for any other address still works", () => {
    expect(readDataLinkToken(versionOneToken("fan@example.com", issued))).toMatchObject({ kind: "valid", email: "fan@example.com" });
  });

  it("is not what new links are: a new one for a Yahoo address works", () => {
    expect(readDataLinkToken(dataLinkToken("anne-marie@yahoo.com", issued))).toMatchObject({
      kind: "valid",
      email: "anne-marie@yahoo.com",
    });
  });
});
