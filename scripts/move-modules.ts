/**
 * Moves modules and rewrites every import of them, so a move never means hand edits (decision 070).
 *
 *   npx tsx scripts/move-modules.ts <moves.json> [--dry-run]
 *
 * moves.json: { "files": { "app/server/old.server.ts": "app/server/core/new.server.ts", … },
 *               "symbols": { "app/server/a.server.ts": { "name": "app/domain/b.ts", … }, … } }
 *
 * - files: each is moved with `git mv` (unless it is already at its new place), and every import,
 *   `export … from` and `import()` in app/, server/, scripts/ and tests/ (and the root's config
 *   files) that named its old place names its new one, in the same style: `~/…` stays `~/…`, a
 *   relative path stays relative (recomputed from where the importing module now lives), an
 *   extension stays or stays off. A moved module's own relative imports are recomputed too.
 * - symbols: names that moved from one module to another (the code moved by hand first). An import
 *   naming them is split: the moved names import from their new module (joined to an import of it
 *   that is already there), the others stay.
 * - Strings that name a moved file by its repository path (`app/server/old.server.ts` in
 *   ssrLoadModule, a child process's script, a comment or a document) are rewritten as well.
 *
 * Safe to run again, and on a tree merged from branches that still import the old places: an
 * import is resolved against the tree as it was before the moves.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

interface Moves {
  files?: Record<string, string>;
  symbols?: Record<string, Record<string, string>>;
}

const repo = process.cwd();
const [movesFile, ...flags] = process.argv.slice(2);
if (!movesFile) throw new Error("usage: npx tsx scripts/move-modules.ts <moves.json> [--dry-run]");
const dryRun = flags.includes("--dry-run");
const moves = JSON.parse(readFileSync(movesFile, "utf8")) as Moves;
const fileMoves = new Map(Object.entries(moves.files ?? {}));
const symbolMoves = new Map(Object.entries(moves.symbols ?? {}).map(([module, names]) => [module, new Map(Object.entries(names))]));
const backwards = new Map([...fileMoves].map(([from, to]) => [to, from]));

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const SKIP = new Set(["node_modules", "generated", ".react-router", "data", "playwright-report", ".git"]);
const TEXT = /\.(ts|tsx|js|mjs|md|json|yml|yaml)$|^Dockerfile$/;

function walk(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const name of readdirSync(path.join(repo, dir))) {
    const relative = dir ? `${dir}/${name}` : name;
    if (SKIP.has(name) || name.startsWith("build") || name.startsWith("test-results")) continue;
    if (statSync(path.join(repo, relative)).isDirectory()) found.push(...walk(relative, keep));
    else if (keep(name)) found.push(relative);
  }
  return found;
}

const roots = ["app", "server", "scripts", "tests"];
const sources = [
  ...roots.flatMap((root) => walk(root, (name) => SOURCE.test(name))),
  ...readdirSync(repo).filter((name) => SOURCE.test(name) && statSync(path.join(repo, name)).isFile()),
];
const textFiles = [...new Set([...sources, ...walk("docs", (name) => TEXT.test(name)), "README.md", "Dockerfile", "package.json"])].filter(
  (file) => existsSync(path.join(repo, file)),
);

/** The tree before the moves: a moved module is at its old place. */
const before = new Set(sources.map((file) => backwards.get(file) ?? file));
for (const from of fileMoves.keys()) before.add(from);
const oldPlace = (file: string) => backwards.get(file) ?? file;
const newPlace = (file: string) => fileMoves.get(file) ?? file;

const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs"];

/** The module a specifier names, in the tree before the moves; null for a package. */
function resolveBefore(importerBefore: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(importerBefore), specifier));
  else return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => `${base}/index${extension}`),
  ];
  return candidates.find((candidate) => before.has(candidate)) ?? null;
}

/** The specifier for `target` from `importer` (both new places), in the style of `original`. */
function specifierFor(importer: string, target: string, original: string): string {
  const extension = EXTENSIONS.find((candidate) => original.endsWith(candidate));
  const written = extension ? target : target.replace(/\.(ts|tsx)$/, "");
  if (original.startsWith("~/")) return `~/${written.slice("app/".length)}`;
  const relative = path.posix.relative(path.posix.dirname(importer), written);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

function quoteOf(node: ts.StringLiteralLike, source: string): string {
  return source[node.getStart()] ?? '"';
}

function rewriteImports(file: string): string | null {
  const absolute = path.join(repo, file);
  const source = readFileSync(absolute, "utf8");
  const importerBefore = oldPlace(file);
  const importerAfter = newPlace(importerBefore);
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const edits: Edit[] = [];
  /** Import declarations already present, by the module they name (after the moves), to join moved names to. */
  const present = new Map<string, ts.ImportDeclaration>();
  const splits: { node: ts.ImportDeclaration | ts.ExportDeclaration; target: string; moved: Map<string, string> }[] = [];

  const visit = (node: ts.Node) => {
    let literal: ts.StringLiteralLike | undefined;
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteralLike(node.moduleSpecifier)
    )
      literal = node.moduleSpecifier;
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      literal = node.arguments[0];
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteralLike(node.argument.literal))
      literal = node.argument.literal;
    if (literal) {
      const target = resolveBefore(importerBefore, literal.text);
      if (target) {
        const targetAfter = newPlace(target);
        const text = specifierFor(importerAfter, targetAfter, literal.text);
        if (text !== literal.text) {
          const quote = quoteOf(literal, source);
          edits.push({ start: literal.getStart(), end: literal.getEnd(), text: `${quote}${text}${quote}` });
        }
        if (ts.isImportDeclaration(node) && node.importClause?.namedBindings && ts.isNamedImports(node.importClause.namedBindings))
          present.set(targetAfter, node);
        const moved = symbolMoves.get(targetAfter);
        if (moved && (ts.isImportDeclaration(node) || ts.isExportDeclaration(node))) splits.push({ node, target: targetAfter, moved });
        else if (moved && ts.isCallExpression(node))
          console.warn(`${file}: import() of ${targetAfter}, whose names moved: check it by hand`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);

  /** Moved names with no import of their module to join: one new declaration per module, where the first of them stood. */
  const created = new Map<string, { at: ts.Node; keyword: string; typeOnly: boolean; quote: string; original: string; names: string[] }>();
  const replaced = new Map<ts.Node, string[]>();
  for (const { node, target, moved } of splits) {
    const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
    if (!bindings || !(ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
      if (ts.isImportDeclaration(node) && !node.importClause) continue;
      console.warn(`${file}: ${node.getText().split("\n")[0]} names no list of names; check it by hand`);
      continue;
    }
    const elements = [...bindings.elements] as (ts.ImportSpecifier | ts.ExportSpecifier)[];
    const byModule = new Map<string, string[]>();
    const staying: string[] = [];
    for (const element of elements) {
      const name = (element.propertyName ?? element.name).text;
      const to = moved.get(name);
      if (to) byModule.set(to, [...(byModule.get(to) ?? []), element.getText()]);
      else staying.push(element.getText());
    }
    if (byModule.size === 0) continue;
    const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
    const keyword = ts.isImportDeclaration(node) ? "import" : "export";
    const literal = node.moduleSpecifier as ts.StringLiteralLike;
    const quote = quoteOf(literal, source);
    const lines: string[] = [];
    if (staying.length) {
      const specifier = specifierFor(importerAfter, target, literal.text);
      lines.push(`${keyword} ${typeOnly ? "type " : ""}{ ${staying.join(", ")} } from ${quote}${specifier}${quote};`);
    }
    replaced.set(node, lines);
    for (const [to, names] of byModule) {
      const existing = ts.isImportDeclaration(node) && !typeOnly ? present.get(to) : undefined;
      if (existing && existing !== node && !existing.importClause?.isTypeOnly) {
        const named = existing.importClause!.namedBindings as ts.NamedImports;
        const last = named.elements[named.elements.length - 1];
        if (last) {
          edits.push({ start: last.getEnd(), end: last.getEnd(), text: `, ${names.join(", ")}` });
          continue;
        }
      }
      const key = `${keyword} ${typeOnly} ${to}`;
      const known = created.get(key);
      if (known) known.names.push(...names);
      else created.set(key, { at: node, keyword, typeOnly, quote, original: literal.text, names: [...names] });
    }
  }
  for (const [key, declaration] of created) {
    const to = key.slice(key.indexOf(" ", key.indexOf(" ") + 1) + 1);
    const specifier = specifierFor(importerAfter, to, declaration.original);
    replaced
      .get(declaration.at)!
      .push(
        `${declaration.keyword} ${declaration.typeOnly ? "type " : ""}{ ${declaration.names.join(", ")} } from ${declaration.quote}${specifier}${declaration.quote};`,
      );
  }
  for (const [node, lines] of replaced) {
    // This declaration's specifier may have been rewritten above: the whole declaration replaces it.
    for (let index = edits.length - 1; index >= 0; index -= 1) {
      const edit = edits[index]!;
      if (edit.start >= node.getStart() && edit.end <= node.getEnd() && edit.start !== edit.end) edits.splice(index, 1);
    }
    // Nothing stays: the line goes, with its line break.
    const end = lines.length === 0 && source[node.getEnd()] === "\n" ? node.getEnd() + 1 : node.getEnd();
    edits.push({ start: node.getStart(), end, text: lines.join("\n") });
  }

  if (edits.length === 0) return null;
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let text = source;
  for (const edit of edits) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return text;
}

/** Repository paths of moved files in any text (`app/server/old.server.ts`, with or without `.ts`). */
function rewritePaths(text: string): string {
  let result = text;
  for (const [from, to] of fileMoves) {
    const stem = from.replace(/\.(ts|tsx)$/, "");
    const toStem = to.replace(/\.(ts|tsx)$/, "");
    const pattern = new RegExp(`(?<![\\w.-])${stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w/-])`, "g");
    result = result.replace(pattern, toStem);
  }
  return result;
}

const rewritten = new Map<string, string>();
for (const file of sources) {
  const text = rewriteImports(file);
  if (text !== null) rewritten.set(file, text);
}
for (const file of textFiles) {
  const text = rewritten.get(file) ?? readFileSync(path.join(repo, file), "utf8");
  const paths = rewritePaths(text);
  if (paths !== text || rewritten.has(file)) rewritten.set(file, paths);
}

for (const [from, to] of fileMoves) {
  if (!existsSync(path.join(repo, from))) continue;
  console.log(`move ${from} → ${to}`);
  if (!dryRun) {
    execFileSync("mkdir", ["-p", path.dirname(to)]);
    execFileSync("git", ["mv", from, to]);
  }
}
for (const [file, text] of rewritten) {
  const at = newPlace(oldPlace(file));
  console.log(`rewrite ${at}`);
  if (!dryRun) writeFileSync(path.join(repo, existsSync(path.join(repo, at)) ? at : file), text);
}
