/**
 * What the server's log may say (decision 083): the request id a client may choose, and text
 * (messages, URLs, errors) with entrants' addresses masked and the tokens of links taken out.
 */
import { describe, expect, it } from "vitest";
import { LOG_LEVELS, logLevelFrom, redactText, saneRequestId } from "~/domain/log-redaction";

describe("the request id a client sends (X-Request-Id)", () => {
  it.each(["abc-123", "0b5f4c1e-8f0a-4c1e-9d2b-7a6e5f4d3c2b", "req_01HZX.9:a", "a".repeat(128)])("keeps the sane token %j", (id) => {
    expect(saneRequestId(id)).toBe(id);
  });

  it.each([
    ["empty", ""],
    ["longer than 128 characters", "a".repeat(129)],
    ["with a space", "abc 123"],
    ["with a line break (a forged log line)", 'abc\n{"level":"error"}'],
    ["with quotes", 'abc"def'],
    ["with a slash", "a/b"],
    ["non-ASCII", "ábc"],
  ])("refuses one %s", (_what, id) => {
    expect(saneRequestId(id)).toBeNull();
  });

  it("refuses a header sent twice, and none at all", () => {
    expect(saneRequestId(["abc", "def"])).toBeNull();
    expect(saneRequestId(undefined)).toBeNull();
  });
});

describe("LOG_LEVEL", () => {
  it("names one of pino's levels; anything else (or nothing) is info", () => {
    for (const level of LOG_LEVELS) expect(logLevelFrom(level)).toBe(level);
    expect(logLevelFrom(undefined)).toBe("info");
    expect(logLevelFrom("verbose")).toBe("info");
  });
});

describe("text the log writes", () => {
  it("masks email addresses, keeping the first character and the domain", () => {
    expect(redactText("[outbox] entry_confirm_request to alice.smith+gw@example.co.uk: stored")).toBe(
      "[outbox] entry_confirm_request to a***@example.co.uk: stored",
    );
    expect(redactText("from bob@example.com and carol@shop.example")).toBe("from b***@example.com and c***@shop.example");
  });

  it("masks an address percent-encoded in a query", () => {
    expect(redactText("/dashboard/campaigns/c1/emails?email=alice%40example.com")).toBe(
      "/dashboard/campaigns/c1/emails?email=a***@example.com",
    );
  });

  it.each([
    ["a confirm link", "/campaign/cm1abc/confirm/en1abc-0f9e8d7c6b5a", "/campaign/cm1abc/confirm/[redacted]"],
    ["a personal entry link", "/campaign/cm1abc/entry/eyJhbGciOi.payload.sig", "/campaign/cm1abc/entry/[redacted]"],
    ["a claim link", "/claim/v1.cm1abc.en1.1700000000.c2lnbmF0dXJl", "/claim/[redacted]"],
    ["a claim link with a query", "/claim/tok123?claimed=1", "/claim/[redacted]?claimed=1"],
    ["an entrant's data page", "/privacy/my-data/tok123/data.json", "/privacy/my-data/[redacted]/data.json"],
    ["a magic link", "/login/otp?t=eyJhbGciOiJkaXIi.x.y", "/login/otp?t=[redacted]"],
    ["Google's callback", "/auth/google/callback?state=s3cret&code=4%2F0Ab", "/auth/google/callback?state=[redacted]&code=[redacted]"],
    ["a token parameter among others", "/x?page=2&token=abc&q=hoodie", "/x?page=2&token=[redacted]&q=hoodie"],
    [
      "a claim link inside another parameter",
      "/login?redirectTo=%2Fclaim%2Ftok123%3Fx%3D1",
      "/login?redirectTo=%2Fclaim%2F[redacted]%3Fx%3D1",
    ],
    [
      "a full link in a message",
      "see https://giveawear.example/claim/tok123 for the prize",
      "see https://giveawear.example/claim/[redacted] for the prize",
    ],
  ])("takes the token out of %s", (_what, text, expected) => {
    expect(redactText(text)).toBe(expected);
  });

  it.each([
    "/campaign/cm1abc",
    "/campaign/cm1abc/actions/ac1/go",
    "/healthz?log-mark=3",
    "/giveaways?page=2&q=hoodie",
    "/privacy/my-data",
    "[jobs] 1 entry lists frozen, 1 draw drawn (12 ms)",
  ])("leaves %j as it is", (text) => {
    expect(redactText(text)).toBe(text);
  });
});
