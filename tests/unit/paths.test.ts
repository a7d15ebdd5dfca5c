import { existsSync, readdirSync, readFileSync } from "node:fs";
import { href as routerHref } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import {
  addOnsPath,
  adminEmailsPath,
  adminOrdersCsvPath,
  adminOrdersPath,
  dataRequestPath,
  emailToolsPath,
  FAVICON_PATH,
  href,
  integrationsPath,
  loginCodePath,
  loginPath,
  mockupPath,
  myCampaignsPath,
  privacyPath,
  SLIDER_IMAGE_PATHS,
  UPLOADS_PATH_PREFIX,
  uploadPath,
  VERIFIER_SCRIPT_PATH,
  webhooksPath,
  wizardPath,
  wizardSignInPath,
} from "~/paths";

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}

/** Every URL pattern of app/routes.ts, with its parents' paths. */
function patterns(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    return [...(entry.path === undefined ? [] : [path || "/"]), ...patterns(entry.children ?? [], path)];
  });
}

const call = (fn: (pattern: string, params?: Record<string, string>) => string, pattern: string, params?: Record<string, string>) => {
  try {
    return { url: fn(pattern, params) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

// app/paths.ts writes React Router's href() out so that importing it loads no React Router (decision 070).
describe("href in app/paths.ts", () => {
  const ours = href as unknown as (pattern: string, params?: Record<string, string>) => string;
  const theirs = routerHref as unknown as (pattern: string, params?: Record<string, string>) => string;
  const all = [
    ...patterns(routes as RouteEntry[]),
    // What the route table does not use today, React Router's href() does.
    "/:lang?/about",
    "/files/*",
    "/docs/:section/*",
    "/trailing/",
    "/",
  ];

  it("reads every route of app/routes.ts", () => {
    expect(all).toContain("/campaign/:campaignId");
    expect(all).toContain("/admin/dashboard/settings");
  });

  it.each(all)(
    "builds %s as React Router does, with every parameter, without the optional ones, and refuses a missing one alike",
    (pattern) => {
      const names = [...pattern.matchAll(/:([\w-]+)/g)].map((match) => match[1]!);
      const every = Object.fromEntries([...names.map((name) => [name, `v-${name}`]), ["*", "a/b"]]);
      expect(call(ours, pattern, every)).toEqual(call(theirs, pattern, every));
      const required = Object.fromEntries(names.filter((name) => !pattern.includes(`:${name}?`)).map((name) => [name, `v-${name}`]));
      expect(call(ours, pattern, required)).toEqual(call(theirs, pattern, required));
      expect(call(ours, pattern)).toEqual(call(theirs, pattern));
    },
  );
});

describe("the addresses with a query", () => {
  it("leave the defaults out and encode the rest", () => {
    expect(loginPath()).toBe("/login");
    expect(loginPath({ redirectTo: "/my-campaigns?tab=all" })).toBe("/login?redirectTo=%2Fmy-campaigns%3Ftab%3Dall");
    expect(loginCodePath({ verified: "1" })).toBe("/login/otp?verified=1");
    expect(myCampaignsPath()).toBe("/my-campaigns");
    expect(myCampaignsPath({ tab: "all" })).toBe("/my-campaigns?tab=all");
    expect(adminOrdersPath()).toBe("/admin/orders");
    expect(adminOrdersPath({ status: "shipped", page: 1 })).toBe("/admin/orders?status=shipped");
    expect(adminOrdersPath({ page: 3 })).toBe("/admin/orders?page=3");
    expect(adminOrdersCsvPath()).toBe("/admin/orders.csv");
    expect(adminOrdersCsvPath("pending")).toBe("/admin/orders.csv?status=pending");
    expect(adminEmailsPath({ status: null, q: "", page: 1 })).toBe("/admin/dashboard/emails");
    expect(adminEmailsPath({ status: "failed", q: "a b", page: 2 })).toBe("/admin/dashboard/emails?status=failed&q=a+b&page=2");
  });

  it("build the uploads' and mockups' addresses under their routes", () => {
    expect(UPLOADS_PATH_PREFIX).toBe("/uploads/");
    expect(uploadPath("logo/a.png").startsWith(UPLOADS_PATH_PREFIX)).toBe(true);
    expect(mockupPath("t-shirt/white/800/d.webp")).toBe("/mockups/t-shirt/white/800/d.webp");
  });
});

describe("the files served from public/", () => {
  it.each([FAVICON_PATH, VERIFIER_SCRIPT_PATH, ...SLIDER_IMAGE_PATHS])("%s is there", (path) => {
    expect(existsSync(new URL(`../../public${path}`, import.meta.url))).toBe(true);
  });
});

describe("one way to each page", () => {
  // A page that has its own function in app/paths.ts is linked through it, never as href("/…") (decision 073).
  const named = new Map(
    Object.entries({
      addOnsPath,
      adminEmailsPath,
      adminOrdersPath,
      dataRequestPath,
      emailToolsPath,
      integrationsPath,
      loginCodePath,
      loginPath,
      myCampaignsPath,
      privacyPath,
      webhooksPath,
      wizardPath,
      wizardSignInPath,
    }).map(([name, path]) => [path(), name]),
  );
  const app = new URL("../../app/", import.meta.url);
  const sources = readdirSync(app, { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.tsx?$/.test(file) && !file.startsWith("generated") && file !== "paths.ts",
  );

  it("finds the app's modules", () => {
    expect(sources).toContain("root.tsx");
    expect(sources.length).toBeGreaterThan(100);
  });

  it("links no such page with href()", () => {
    const found = sources.flatMap((file) =>
      [...readFileSync(new URL(file, app), "utf8").matchAll(/\bhref\("([^"]+)"\)/g)]
        .filter((match) => named.has(match[1]!))
        .map((match) => `${file}: href("${match[1]}") is ${named.get(match[1]!)}()`),
    );
    expect(found).toEqual([]);
  });
});
