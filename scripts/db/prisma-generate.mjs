// Generates the Prisma clients (one per provider) without network access. Runs on `npm install`
// (postinstall) and from `npm run db:generate`.
//
// `prisma generate` does not use the schema engine, but the CLI still tries to download it unless
// PRISMA_SCHEMA_ENGINE_BINARY names an existing file, and these machines cannot reach the download.
// Any existing file will do, so we point it at this script.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), "../..");
const schemas = ["prisma/schema.prisma", "prisma/postgres/schema.prisma"];

let cli;
try {
  cli = createRequire(import.meta.url).resolve("prisma/build/index.js");
} catch {
  // `npm ci --omit=dev` has no Prisma CLI; the clients must then come from the build machine.
  console.warn("[prisma-generate] prisma CLI not installed; skipping client generation.");
  process.exit(0);
}

const env = {
  ...process.env,
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = self;
}

for (const schema of schemas) {
  const result = spawnSync(process.execPath, [cli, "generate", "--schema", schema], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error(`[prisma-generate] prisma generate --schema ${schema} failed`);
    process.exit(result.status ?? 1);
  }
}
