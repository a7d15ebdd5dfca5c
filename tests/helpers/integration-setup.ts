/**
 * Each integration test file gets its own migrated, seeded database (SQLite file, or PostgreSQL
 * with TEST_DATABASE=postgres), copied from the run's template (decision 071), and a configuration
 * of its own, before the app's modules load.
 */
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { TEMPLATE_DATABASE_ENV, createTestDatabase } from "./database";

const template = process.env[TEMPLATE_DATABASE_ENV];
if (!template)
  throw new Error(
    `${TEMPLATE_DATABASE_ENV} is not set: run the integration project through vitest.config.ts (its globalSetup makes the template)`,
  );
const database = await createTestDatabase({ template });
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

afterAll(async () => {
  const { disconnectPrisma } = await import("../../app/server/core/db.server");
  await disconnectPrisma();
  await database.cleanup();
});
