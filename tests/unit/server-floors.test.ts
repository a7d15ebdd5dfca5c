import { describe, expect, it } from "vitest";
import { cycles, describeFigures, graphFigures, readImportGraph, roomGraph } from "../helpers/import-graph";

/**
 * app/server's shape (decision 070), read from its import graph (tests/helpers/import-graph.ts says
 * exactly what counts): each folder is a room, imports point down only (no cycle between modules
 * or between rooms), at most MAX_FLOORS rooms on the longest chain, and the start-up's seeding
 * (startup/) is reached by nothing in app/server.
 */
const MAX_FLOORS = 8;
/** A loose module is a room of its own; the top level is for what truly sits above everything. */
const MAX_LOOSE_MODULES = 5;

const graph = readImportGraph(process.cwd());
const figures = graphFigures(graph);

describe("app/server's floors", () => {
  it("reads the whole folder", () => {
    console.info(`app/server (decision 070):\n${describeFigures(figures)}`);
    expect(graph.modules).toContain("app/server/core/db.server.ts");
    expect(graph.imports.get("app/server/entries/submit.server.ts")).toContain("app/server/core/db.server.ts");
  });

  it("has no import running back up between modules", () => {
    expect(cycles(graph.imports)).toEqual([]);
  });

  it("has no import running back up between rooms", () => {
    expect(cycles(roomGraph(graph))).toEqual([]);
  });

  it(`has at most ${MAX_FLOORS} floors`, () => {
    expect(figures.floorChain.length, figures.floorChain.join(" → ")).toBeLessThanOrEqual(MAX_FLOORS);
  });

  it(`keeps at most ${MAX_LOOSE_MODULES} modules loose at the top`, () => {
    expect(figures.looseModules).toBeLessThanOrEqual(MAX_LOOSE_MODULES);
  });

  it("lets no module outside startup/ import the seeder or the demo content", () => {
    const importers = [...graph.imports]
      .filter(
        ([from, targets]) => !from.startsWith("app/server/startup/") && [...targets].some((to) => to.startsWith("app/server/startup/")),
      )
      .map(([from]) => from);
    expect(importers).toEqual([]);
  });
});
