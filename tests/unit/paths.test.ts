import { href as routerHref } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { href } from "~/paths";

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
