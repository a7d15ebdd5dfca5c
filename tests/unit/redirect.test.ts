import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_PATH_LENGTH, postLoginPath, safeRedirectPath } from "~/domain/redirect";

describe("return paths after sign-in", () => {
  it.each([
    ["/create-campaign-v2?step=3", "/create-campaign-v2?step=3"],
    ["/my-campaigns#list", "/my-campaigns#list"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeRedirectPath(input, "/fallback")).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example/path",
    "/\t/evil.example",
    "",
    undefined,
    42,
  ])("refuses %s", (input) => {
    expect(safeRedirectPath(input, "/fallback")).toBe("/fallback");
  });

  it("keeps a path of exactly the longest accepted length", () => {
    const path = `/giveaways?q=${"a".repeat(MAX_REDIRECT_PATH_LENGTH - "/giveaways?q=".length)}`;
    expect(path).toHaveLength(MAX_REDIRECT_PATH_LENGTH);
    expect(safeRedirectPath(path, "/fallback")).toBe(path);
  });

  it("refuses a longer path, however it is made up", () => {
    expect(safeRedirectPath(`/${"a".repeat(MAX_REDIRECT_PATH_LENGTH)}`, "/fallback")).toBe("/fallback");
    expect(safeRedirectPath(`/x?next=${"b".repeat(100_000)}`, "/fallback")).toBe("/fallback");
    // Short enough as sent, but percent-encoding "<" on the way through makes it too long.
    expect(safeRedirectPath(`/x?q=${"<".repeat(1000)}`, "/fallback")).toBe("/fallback");
    expect(postLoginPath(`/pricing?${"c".repeat(MAX_REDIRECT_PATH_LENGTH)}`, "user")).toBe("/my-campaigns");
  });

  it("sends admins from landing pages to the admin dashboard and others to their campaigns", () => {
    for (const landing of ["/", "/home", "/start", "/start?x=1", undefined, "//evil.example"]) {
      expect(postLoginPath(landing, "admin")).toBe("/admin/dashboard");
      expect(postLoginPath(landing, "user")).toBe("/my-campaigns");
      expect(postLoginPath(landing, "editor")).toBe("/my-campaigns");
    }
  });

  it("returns to the page the sign-in started from", () => {
    expect(postLoginPath("/create-campaign-v2?step=5", "user")).toBe("/create-campaign-v2?step=5");
    expect(postLoginPath("/pricing", "admin")).toBe("/pricing");
  });

  it("never returns to the sign-in screens themselves", () => {
    expect(postLoginPath("/login/otp", "user")).toBe("/my-campaigns");
    expect(postLoginPath("/login?redirectTo=/x", "user")).toBe("/my-campaigns");
  });
});
