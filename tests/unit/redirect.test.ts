import { describe, expect, it } from "vitest";
import { postLoginPath, safeRedirectPath } from "~/domain/redirect";

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
