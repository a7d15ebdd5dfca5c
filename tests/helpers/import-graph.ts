/**
 * The import graph of a folder of the app (app/server by default), read with TypeScript's parser:
 * what `tests/unit/server-floors.test.ts` holds to its figures (decision 070).
 *
 * - A node is a module under the folder. An edge is an import that loads the other module when this
 *   one runs: `import … from`, `export … from` and `import()`, but not `import type` nor
 *   `export type` (erased by the compiler). An `import { type A }` whose every name is a type still
 *   loads its module under `verbatimModuleSyntax`, so it counts.
 * - A room is the folder a module sits in, relative to the graph's folder (`entries`, `draw`,
 *   `wizard/steps`); a module loose in the folder itself is a room of its own. An edge between rooms
 *   exists when any module of one imports any module of the other.
 * - An import running back up is any cycle: between modules, or between rooms.
 * - Floors: the number of rooms on the longest chain of room edges; the longest module chain counts
 *   modules the same way. With cycles, chains are counted on the graph whose cycles are merged into one node.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface ImportGraph {
  /** The modules, as paths relative to the repository, sorted. */
  modules: string[];
  /** Value imports between the graph's modules: from → to. */
  imports: Map<string, Set<string>>;
  /** The room each module belongs to. */
  roomOf: Map<string, string>;
}

const EXTENSIONS = [".ts", ".tsx"];

function listModules(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...listModules(full));
    else if (EXTENSIONS.some((extension) => name.endsWith(extension)) && !name.endsWith(".d.ts")) found.push(full);
  }
  return found;
}

function resolveSpecifier(repo: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(repo, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** The specifiers of the imports that load a module when `source` runs. */
export function valueImportSpecifiers(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specifiers;
}

export function readImportGraph(repo: string, folder = "app/server"): ImportGraph {
  const root = path.join(repo, folder);
  const files = listModules(root).sort();
  const relative = (file: string) => path.relative(repo, file).split(path.sep).join("/");
  const inside = new Set(files);
  const imports = new Map<string, Set<string>>();
  const roomOf = new Map<string, string>();
  for (const file of files) {
    const from = relative(file);
    const dir = path.relative(root, path.dirname(file)).split(path.sep).join("/");
    roomOf.set(from, dir === "" ? path.basename(file) : dir);
    const targets = new Set<string>();
    for (const specifier of valueImportSpecifiers(file, readFileSync(file, "utf8"))) {
      const target = resolveSpecifier(repo, file, specifier);
      if (target && inside.has(target) && target !== file) targets.add(relative(target));
    }
    imports.set(from, targets);
  }
  return { modules: files.map(relative), imports, roomOf };
}

/** The edges between rooms (an import inside one room is no edge). */
export function roomGraph(graph: ImportGraph): Map<string, Set<string>> {
  const rooms = new Map<string, Set<string>>();
  for (const room of graph.roomOf.values()) rooms.set(room, rooms.get(room) ?? new Set());
  for (const [from, targets] of graph.imports) {
    const fromRoom = graph.roomOf.get(from)!;
    for (const to of targets) {
      const toRoom = graph.roomOf.get(to)!;
      if (toRoom !== fromRoom) rooms.get(fromRoom)!.add(toRoom);
    }
  }
  return rooms;
}

/** Strongly connected components (Tarjan), each sorted; only those that are cycles (two nodes or more). */
export function cycles(edges: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return found.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/**
 * The longest chain of edges, as the nodes on it (a node reached by none first). Cycles are merged
 * into one node first, which the chain names as `{a, b, …}`.
 */
export function longestChain(edges: Map<string, Set<string>>): string[] {
  const merged = new Map<string, string>();
  for (const component of cycles(edges)) {
    const name = `{${component.join(", ")}}`;
    for (const member of component) merged.set(member, name);
  }
  const nodeOf = (node: string) => merged.get(node) ?? node;
  const dag = new Map<string, Set<string>>();
  for (const [from, targets] of edges) {
    const node = nodeOf(from);
    const next = dag.get(node) ?? new Set<string>();
    for (const to of targets) if (nodeOf(to) !== node) next.add(nodeOf(to));
    dag.set(node, next);
  }
  const best = new Map<string, string[]>();
  const chainFrom = (node: string): string[] => {
    const known = best.get(node);
    if (known) return known;
    let longest: string[] = [];
    for (const next of [...(dag.get(node) ?? [])].sort()) {
      const chain = chainFrom(next);
      if (chain.length > longest.length) longest = chain;
    }
    const chain = [node, ...longest];
    best.set(node, chain);
    return chain;
  };
  let longest: string[] = [];
  for (const node of [...dag.keys()].sort()) {
    const chain = chainFrom(node);
    if (chain.length > longest.length) longest = chain;
  }
  return longest;
}

export interface GraphFigures {
  modules: number;
  looseModules: number;
  rooms: number;
  floors: number;
  floorChain: string[];
  longestModuleChain: string[];
  roomCycles: string[][];
  moduleCycles: string[][];
}

export function graphFigures(graph: ImportGraph): GraphFigures {
  const rooms = roomGraph(graph);
  const floorChain = longestChain(rooms);
  const longestModuleChain = longestChain(graph.imports);
  return {
    modules: graph.modules.length,
    looseModules: [...graph.roomOf.values()].filter((room) => room.endsWith(".ts") || room.endsWith(".tsx")).length,
    rooms: rooms.size,
    floors: floorChain.length,
    floorChain,
    longestModuleChain,
    roomCycles: cycles(rooms),
    moduleCycles: cycles(graph.imports),
  };
}

/** The figures as lines of text, for a test's output or a decision record. */
export function describeFigures(figures: GraphFigures): string {
  return [
    `${figures.modules} modules, ${figures.looseModules} loose, ${figures.rooms} rooms`,
    `floors: ${figures.floors} (${figures.floorChain.join(" → ")})`,
    `longest module chain: ${figures.longestModuleChain.length} (${figures.longestModuleChain.join(" → ")})`,
    `room cycles: ${figures.roomCycles.length}${figures.roomCycles.map((cycle) => `\n  ${cycle.join(" ↔ ")}`).join("")}`,
    `module cycles: ${figures.moduleCycles.length}${figures.moduleCycles.map((cycle) => `\n  ${cycle.join(" ↔ ")}`).join("")}`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describeFigures(graphFigures(readImportGraph(process.cwd(), process.argv[2]))));
}
