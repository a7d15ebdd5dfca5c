// The runtime's node_modules: after `npm prune --omit=dev`, npm still keeps the packages that only
// optional peer dependencies reach (@prisma/client's peers bring the Prisma CLI, TypeScript, PGlite,
// Prisma Studio: about 245 MB). package-lock.json marks them `devOptional`: in the development tree
// or reached only as optional peers. The server needs none of them (migrations run on
// @prisma/schema-engine-wasm), so this deletes them. Run in the app's directory:
//   npm prune --omit=dev && node scripts/ops/prune-runtime.mjs
import { existsSync, readFileSync, rmSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
let removed = 0;
for (const [path, meta] of Object.entries(lock.packages)) {
  if (!path || !meta.devOptional || !existsSync(path)) continue;
  rmSync(path, { recursive: true, force: true });
  removed += 1;
}
console.log(`prune-runtime: removed ${removed} packages reached only as optional peers`);
