/**
 * Regenerates prisma/postgres/schema.prisma from prisma/schema.prisma, then both Prisma clients
 * (app/generated/prisma for SQLite, app/generated/prisma-postgres for PostgreSQL):
 *
 *   npm run db:generate
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { syncPostgresSchema } from "./sync-postgres-schema";

if (syncPostgresSchema()) console.log("Updated prisma/postgres/schema.prisma from prisma/schema.prisma.");
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "prisma-generate.mjs");
const result = spawnSync(process.execPath, [script], { stdio: "inherit" });
process.exitCode = result.status ?? 1;
