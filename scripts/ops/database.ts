/**
 * What the backup records of a database and the restore checks again (decision 086): the migration level
 * (the migrations _prisma_migrations records as applied) and the rows of every table.
 */
import type Database from "better-sqlite3";
import type pg from "pg";

export interface DatabaseFacts {
  migrations: { count: number; last: string | null; names: string[] };
  tables: Record<string, number>;
}

const APPLIED_MIGRATIONS =
  "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name";

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

function facts(names: string[], tables: Record<string, number>): DatabaseFacts {
  return { migrations: { count: names.length, last: names.at(-1) ?? null, names }, tables };
}

export function sqliteFacts(db: Database.Database): DatabaseFacts {
  const names = (db.prepare(APPLIED_MIGRATIONS).all() as { migration_name: string }[]).map((row) => row.migration_name);
  const tables: Record<string, number> = {};
  const listed = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
    name: string;
  }[];
  for (const { name } of listed) tables[name] = (db.prepare(`SELECT count(*) AS n FROM ${quoted(name)}`).get() as { n: number }).n;
  return facts(names, tables);
}

/** Read in the client's current transaction (the backup's exported snapshot). */
export async function postgresFacts(client: pg.ClientBase): Promise<DatabaseFacts> {
  const names = (await client.query<{ migration_name: string }>(APPLIED_MIGRATIONS)).rows.map((row) => row.migration_name);
  const tables: Record<string, number> = {};
  const listed = await client.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename",
  );
  for (const { tablename } of listed.rows) {
    const counted = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoted(tablename)}`);
    tables[tablename] = Number(counted.rows[0]?.n ?? 0);
  }
  return facts(names, tables);
}

/** How two sets of facts differ, one line each; empty when they agree. */
export function factDifferences(expected: DatabaseFacts, actual: DatabaseFacts): string[] {
  const differences: string[] = [];
  if (expected.migrations.names.join("\n") !== actual.migrations.names.join("\n")) {
    differences.push(
      `migrations: ${expected.migrations.count} (last ${expected.migrations.last}) in the backup, ${actual.migrations.count} (last ${actual.migrations.last}) restored`,
    );
  }
  for (const table of new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)])) {
    const want = expected.tables[table];
    const got = actual.tables[table];
    if (want !== got) differences.push(`${table}: ${want ?? "no table"} rows in the backup, ${got ?? "no table"} restored`);
  }
  return differences;
}
