/**
 * The PostgreSQL server the benchmarks create their databases on (TEST_POSTGRES_URL, default
 * postgresql://postgres@127.0.0.1:5432/postgres): whether it answers, and a new empty database on it
 * that the benchmark drops afterwards. Shared by bench:public, bench:budget and bench:draw.
 */
import pg from "pg";

export const POSTGRES_SERVER = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** POSTGRES_SERVER without its credentials, for messages. */
export const POSTGRES_SERVER_SHOWN = POSTGRES_SERVER.replace(/\/\/[^@]*@/, "//");

async function onPostgresServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Whether POSTGRES_SERVER answers within two seconds. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A new, empty database `name` on POSTGRES_SERVER (replacing a leftover of that name); `drop` removes it. */
export async function createPostgresDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  await onPostgresServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await onPostgresServer(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_SERVER);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onPostgresServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
