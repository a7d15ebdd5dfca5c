import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
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

async function onPostgresServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database of its own: a temporary SQLite file, or with TEST_DATABASE=postgres a new
 * database test_<random> on TEST_POSTGRES_URL's server. `cleanup` removes it.
 * Pass `{ migrate: false }` to get it empty.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let url: string;
  let dropDatabase: () => Promise<void>;
  const provider = testProvider();
  if (provider === "postgresql") {
    const name = `test_${randomBytes(6).toString("hex")}`;
    await onPostgresServer(`CREATE DATABASE "${name}"`);
    const parsed = new URL(TEST_POSTGRES_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = () => onPostgresServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), "giveawear-test-"));
    url = `file:${path.join(dir, "app.db")}`;
    dropDatabase = () => rm(dir, { recursive: true, force: true });
  }
  if (options.migrate !== false) await migrate(url);
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
