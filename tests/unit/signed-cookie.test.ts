import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { createSignedCookie } from "~/server/core/signed-cookie.server";

const SECRET = "a-test-secret-0123456789abcdef0123456789";
const OPTIONS = { path: "/campaign/abc", httpOnly: true, secure: true, maxAge: 3600, secrets: [SECRET] as [string] };

describe("createSignedCookie", () => {
  it("makes the same Set-Cookie as React Router's createCookie, for ids, text in any script and objects", async () => {
    const ours = createSignedCookie("entered_abc", OPTIONS);
    const theirs = createCookie("entered_abc", OPTIONS);
    for (const value of ["z9x9q21z54o04f5pc77du4io1", "Grüße, 世界 🎉", { toast: { title: "You're In!" } }, 42, ""]) {
      expect(await ours.serialize(value)).toBe(await theirs.serialize(value));
      expect(await ours.serialize(value, { maxAge: 0 })).toBe(await theirs.serialize(value, { maxAge: 0 }));
    }
  });

  it("is read by React Router's cookie, and refuses what another secret signed", async () => {
    const header = (await createSignedCookie("entered_abc", OPTIONS).serialize("entry-id")).split(";")[0]!;
    expect(await createCookie("entered_abc", OPTIONS).parse(header)).toBe("entry-id");
    expect(await createSignedCookie("entered_abc", OPTIONS).parse(header)).toBe("entry-id");
    const forged = (
      await createSignedCookie("entered_abc", { ...OPTIONS, secrets: ["another-secret-0123456789abcdef"] }).serialize("entry-id")
    ).split(";")[0]!;
    expect(await createSignedCookie("entered_abc", OPTIONS).parse(forged)).toBeNull();
  });
});
