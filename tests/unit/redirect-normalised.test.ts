import { describe, expect, it } from "vitest";
import { postLoginPath, safeRedirectPath } from "~/domain/redirect";

/**
 * The return-path check looks at the path it hands back, after URL normalisation: dot segments and
 * their percent-encoded forms collapse to "//host", which a browser reads as another site.
 */
describe("return paths that normalise to another origin", () => {
  it.each([
    "/.//evil.example",
    "/..//x",
    "/a/..//x",
    "/%2e//x",
    "/%2E//x",
    "/%2e%2e//x",
    "/%2E%2e//x",
    "/a/%2e%2e//x",
    "/a/b/../..//x",
    "/a/%2e%2e/%2e%2e//x",
    "/.//evil.example?next=/ok",
    "/%2F/x",
    "/%2f%2fx",
    "/%5C/x",
    "/%5c%5cx",
    "/%2F%5Cx",
    "/%E0%A4%A",
  ])("refuses %s", (input) => {
    expect(safeRedirectPath(input, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/a/../b", "/b"],
    ["/./my-campaigns", "/my-campaigns"],
    ["/giveaways/%2e%2e/pricing", "/pricing"],
    ["/x?next=//evil.example", "/x?next=//evil.example"],
    ["/x#//evil.example", "/x#//evil.example"],
    ["/giveaways?q=caf%C3%A9", "/giveaways?q=caf%C3%A9"],
    ["/a%2Fb", "/a%2Fb"],
  ])("keeps %s as the same-origin path %s", (input, expected) => {
    expect(safeRedirectPath(input, "/fallback")).toBe(expected);
  });

  it("sends a signed-in user to their default page instead", () => {
    expect(postLoginPath("/.//evil.example", "user")).toBe("/my-campaigns");
    expect(postLoginPath("/%2e%2e//x", "admin")).toBe("/admin/dashboard");
  });
});
