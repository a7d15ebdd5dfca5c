import { describe, expect, it } from "vitest";
import { navigationFor } from "~/domain/navigation";
import { displayName, initials, maskEmail, namesFromFullName } from "~/domain/profile";
import { resolveRole } from "~/domain/roles";

const sources = { adminEmails: ["boss@giveawear.example"], editorEmails: ["ed@giveawear.example"] };

describe("roles", () => {
  it("derives admin and editor from configured addresses, case-insensitively", () => {
    expect(resolveRole("Boss@Giveawear.example", "user", sources)).toBe("admin");
    expect(resolveRole("ed@giveawear.example", "user", sources)).toBe("editor");
  });
  it("falls back to the stored role, then user; no email is public", () => {
    expect(resolveRole("a@b.co", "editor", sources)).toBe("editor");
    expect(resolveRole("a@b.co", "admin", sources)).toBe("admin");
    expect(resolveRole("a@b.co", "user", sources)).toBe("user");
    expect(resolveRole("a@b.co", "something-else", sources)).toBe("user");
    expect(resolveRole(null, "admin", sources)).toBe("public");
  });
});

describe("profile helpers", () => {
  it("splits a provider's full name into first and rest", () => {
    expect(namesFromFullName("Ada King Lovelace", "ada@x.io")).toEqual({ firstName: "Ada", lastName: "King Lovelace" });
    expect(namesFromFullName("  ", "ada@x.io")).toEqual({ firstName: "ada", lastName: "" });
  });
  it("names a user by first and last name, then full name, then email, then User", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace", email: "a@x.io" })).toBe("Ada Lovelace");
    expect(displayName({ fullName: "Grace Hopper", email: "g@x.io" })).toBe("Grace Hopper");
    expect(displayName({ email: "grace@x.io" })).toBe("grace");
    expect(displayName({})).toBe("User");
  });
  it("makes initials as SPEC says", () => {
    expect(initials("ada")).toBe("AD");
    expect(initials("Ada King Lovelace")).toBe("AL");
    expect(initials("")).toBe("?");
    expect(initials(undefined)).toBe("?");
  });
  it("masks emails for public winner display", () => {
    expect(maskEmail("jonathan@example.com")).toBe("jon***@example.com");
    expect(maskEmail("jo@example.com")).toBe("j***@example.com");
    expect(maskEmail("not-an-email")).toBe("Winner");
    expect(maskEmail(null)).toBe("Winner");
  });
});

describe("navigation per role", () => {
  it("gives admins the admin links (Campaigns still coming soon) and no call-to-action", () => {
    const nav = navigationFor("admin");
    expect(nav.links.map((l) => [l.label, l.to, Boolean(l.soon)])).toEqual([
      ["Admin Dashboard", "/admin/dashboard", false],
      ["Campaigns", "/admin/campaigns", true],
      ["Users", "/admin/dashboard/users", false],
      ["Orders", "/admin/orders", false],
      ["API Keys / Settings", "/admin/dashboard/settings", false],
    ]);
    expect(nav.account.map((l) => l.label)).toEqual(["Profile", "Full Admin Panel"]);
    expect(nav.cta).toBeNull();
  });
  it("gives editors the support queue and moderation as coming soon", () => {
    const nav = navigationFor("editor");
    expect(nav.links.find((l) => l.label === "Support Queue")?.soon).toBe(true);
    expect(nav.account.find((l) => l.label === "Moderate Campaigns")?.soon).toBe(true);
    expect(nav.cta?.to).toBe("/create-campaign");
  });
  it("gives users Dashboard, My Campaigns, How It Works and Create Giveaway", () => {
    const nav = navigationFor("user");
    expect(nav.links.map((l) => l.label)).toEqual(["Dashboard", "My Campaigns", "How It Works"]);
    expect(nav.account.map((l) => l.label)).toEqual(["Profile", "Settings"]);
    expect(nav.cta).toEqual({ label: "Create Giveaway", to: "/create-campaign" });
  });
  it("gives visitors How It Works, Browse Giveaways and Get Started", () => {
    const nav = navigationFor("public");
    expect(nav.links.map((l) => l.label)).toEqual(["How It Works", "Browse Giveaways"]);
    // Decision 046: Get Started leads to the wizard, not back to the landing page the visitor is on.
    expect(nav.cta).toEqual({ label: "Get Started", to: "/create-campaign-v2" });
  });
});
