/**
 * Each integration test file gets its own migrated, seeded database (SQLite file, or PostgreSQL
 * with TEST_DATABASE=postgres) and a configuration of its own, before the app's modules load.
 */
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { createTestDatabase } from "./database";

const database = await createTestDatabase();
Object.assign(process.env, {
  NODE_ENV: "test",
  DATABASE_URL: database.url,
  DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "giveawear-data-")),
  SESSION_SECRET: "integration-test-secret-0123456789abcdef",
  APP_URL: "http://localhost:3000",
  ADMIN_EMAILS: "admin@int.test",
  EDITOR_EMAILS: "editor@int.test",
  // Tests drive the jobs themselves (runJobsOnce); a server a test spawns runs no timer unless it asks.
  JOBS_INTERVAL_MS: "0",
});
delete process.env.SMTP_URL;

const { seed } = await import("../../app/server/startup/seed.server");
await seed(database.prisma, { demo: false });

afterAll(async () => {
  const { removeViteCaches } = await import("./app-server");
  removeViteCaches();
  const { disconnectPrisma } = await import("../../app/server/core/db.server");
  await disconnectPrisma();
  await database.cleanup();
});
