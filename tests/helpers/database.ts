import { randomBytes } from "node:crypto";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { type PrismaClient, createPrismaClient } from "../../app/server/core/db.server";
import { migrate } from "../../app/server/startup/migrate.server";

export interface TestDatabase {
  url: string;
  provider: "sqlite" | "postgresql";
  prisma: PrismaClient;
  cleanup(): Promise<void>;
}

/** The Postgres server tests create their databases on (TEST_DATABASE=postgres). */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function testProvider(): TestDatabase["provider"] {
  return process.env.TEST_DATABASE === "postgres" ? "postgresql" : "sqlite";
}

/** Runs `sql` on the PostgreSQL server itself (database `postgres`): creating and dropping test databases. */
export async function onPostgresServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The migrated, seeded database the integration suite's global setup makes once per run
 * (tests/helpers/integration-global-setup.ts, decision 071): each test file's database is a copy
 * (a copied SQLite file, or on PostgreSQL `CREATE DATABASE ... TEMPLATE`), instead of applying
 * every migration and the seed again per file.
 */
export const TEMPLATE_DATABASE_ENV = "GIVEAWEAR_TEST_TEMPLATE_URL";

/**
 * A fresh, migrated database of its own: a temporary SQLite file, or with TEST_DATABASE=postgres a new
 * database test_<random> on TEST_POSTGRES_URL's server. `cleanup` removes it.
 * Pass `{ migrate: false }` to get it empty, `{ template: url }` to get a copy of that (migrated) database.
 */
export async function createTestDatabase(options: { migrate?: boolean; template?: string } = {}): Promise<TestDatabase> {
  let url: string;
  let dropDatabase: () => Promise<void>;
  const provider = testProvider();
  const template = options.template;
  if (provider === "postgresql") {
    const name = `test_${randomBytes(6).toString("hex")}`;
    const templateName = template ? new URL(template).pathname.slice(1) : undefined;
    await onPostgresServer(templateName ? `CREATE DATABASE "${name}" TEMPLATE "${templateName}"` : `CREATE DATABASE "${name}"`);
    const parsed = new URL(TEST_POSTGRES_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = () => onPostgresServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), "giveawear-test-"));
    const file = path.join(dir, "app.db");
    if (template) await copyFile(template.slice("file:".length), file);
    url = `file:${file}`;
    dropDatabase = () => rm(dir, { recursive: true, force: true });
  }
  if (options.migrate !== false && !template) await migrate(url);
  const prisma = createPrismaClient(url);
  return {
    url,
    provider,
    prisma,
    async cleanup() {
      await prisma.$disconnect();
      await dropDatabase();
    },
  };
}

/**
 * Makes the template: a database migrated and seeded as every install is (demo data aside), closed
 * so that it can be copied. SQLite's write-ahead log is folded into the file first.
 */
export async function createTemplateDatabase(): Promise<{ url: string; cleanup(): Promise<void> }> {
  const database = await createTestDatabase();
  const { seed } = await import("../../app/server/startup/seed.server");
  await seed(database.prisma, { demo: false });
  await database.prisma.$disconnect();
  if (database.provider === "sqlite") {
    const file = new Database(database.url.slice("file:".length));
    file.pragma("wal_checkpoint(TRUNCATE)");
    file.close();
  }
  return { url: database.url, cleanup: () => database.cleanup() };
}
