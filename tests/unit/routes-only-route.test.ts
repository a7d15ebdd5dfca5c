import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Routes only route (decision 072): a route module reads the request, calls a server function and
 * answers; its views live in app/components/<feature>/ and its work in app/server/<room>/. So each
 * module stays short, and none touches the database itself.
 */
const MAX_ROUTE_LINES = 250;
const ROUTES = new URL("../../app/routes/", import.meta.url);
const files = readdirSync(ROUTES, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
const source = (file: string) => readFileSync(new URL(file, ROUTES), "utf8");

describe("app/routes", () => {
  it("has its route modules", () => {
    expect(files).toContain("campaign.$campaignId.draw.tsx");
    expect(files.length).toBeGreaterThan(50);
  });

  it(`keeps every route module at most ${MAX_ROUTE_LINES} lines`, () => {
    const long = files
      .map((file) => [file, source(file).split("\n").length - 1] as const)
      .filter(([, lines]) => lines > MAX_ROUTE_LINES)
      .map(([file, lines]) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it("lets no route import Prisma: the database is the server functions' (app/server)", () => {
    const DATABASE = /from\s+["'](?:@prisma\/[^"']+|~\/server\/core\/db\.server|[./~]*\/generated\/[^"']*|~\/generated\/[^"']*)["']/;
    expect(DATABASE.test('import { prisma } from "~/server/core/db.server";')).toBe(true);
    expect(DATABASE.test('import type { Campaign } from "~/generated/prisma/client";')).toBe(true);
    const importers = files.filter((file) => DATABASE.test(source(file)));
    expect(importers).toEqual([]);
  });
});
