/**
 * Builds the app (`react-router build` into BUILD_DIR, default build/) unless the build there was
 * made from the sources as they are now (decision 071). The integration suite and the browser suite
 * both serve that one build, so `npm test` builds once, and a test run after an edit never serves a
 * stale build.
 *
 * The build's sources are hashed (paths and contents of app/, server/, public/ and the build's
 * configuration); the hash is written into the build folder after a successful build.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE_DIRS = ["app", "server", "public"];
const SOURCE_FILES = ["vite.config.ts", "react-router.config.ts", "package-lock.json", "tsconfig.json"];
const STAMP = ".source-hash";

export function buildDirectory(): string {
  return path.resolve(ROOT, process.env.BUILD_DIR || "build");
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** One hash over every file the build reads (its path and its bytes). */
export function sourceHash(): string {
  const hash = createHash("sha256");
  // The mode is part of what was built: a build stamped before builds were always production's is stale.
  hash.update("NODE_ENV=production\0");
  const files = [...SOURCE_DIRS.flatMap((dir) => filesUnder(path.join(ROOT, dir))), ...SOURCE_FILES.map((file) => path.join(ROOT, file))]
    .filter((file) => existsSync(file) && statSync(file).isFile())
    .sort();
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Builds unless BUILD_DIR holds a build of the current sources; says which it did. */
export function buildOnce(): "built" | "current" {
  const dir = buildDirectory();
  const stamp = path.join(dir, STAMP);
  const hash = sourceHash();
  if (existsSync(path.join(dir, "server", "index.js")) && existsSync(stamp) && readFileSync(stamp, "utf8") === hash) return "current";
  // Always the production build, whoever calls: Vitest sets NODE_ENV=test, and Vite builds a
  // development bundle (React's dev build, import.meta.env.DEV, no CSP) for any NODE_ENV but
  // "production". The suites must serve what production serves.
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`react-router build failed (exit ${result.status ?? result.signal})`);
  writeFileSync(stamp, hash);
  return "built";
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outcome = buildOnce();
  console.log(
    outcome === "built" ? `Built ${path.relative(ROOT, buildDirectory())}/` : `${path.relative(ROOT, buildDirectory())}/ is current`,
  );
}
