/**
 * Writes prisma/postgres/schema.prisma from prisma/schema.prisma.
 *
 * The two schemas must describe identical models; only the datasource provider and the client output
 * differ. Each provider needs its own generated client because Prisma compiles queries for the
 * provider the client was generated for.
 *
 *   npx tsx scripts/db/sync-postgres-schema.ts           write the Postgres schema
 *   npx tsx scripts/db/sync-postgres-schema.ts --check   exit 1 if it is out of date
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const sqliteSchemaPath = path.join(root, "prisma/schema.prisma");
export const postgresSchemaPath = path.join(root, "prisma/postgres/schema.prisma");

const HEADER =
  "// GENERATED from prisma/schema.prisma by scripts/db/sync-postgres-schema.ts. Do not edit:\n" +
  "// change prisma/schema.prisma and run `npm run db:generate`.\n\n";

/** Replaces the single match of a global `pattern`; more or fewer means the schema changed shape. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const count = [...text.matchAll(pattern)].length;
  if (count !== 1) throw new Error(`prisma/schema.prisma: expected exactly one ${what}, found ${count}`);
  return text.replace(pattern, replacement);
}

export function renderPostgresSchema(sqliteSchema: string): string {
  let schema = replaceOnce(sqliteSchema, /provider\s*=\s*"sqlite"/g, 'provider = "postgresql"', "sqlite provider line");
  // The Postgres schema sits one directory deeper, and its client goes next to the SQLite one.
  schema = replaceOnce(
    schema,
    /output(\s*)=(\s*)"\.\.\/app\/generated\/prisma"/g,
    'output$1=$2"../../app/generated/prisma-postgres"',
    'generator output "../app/generated/prisma"',
  );
  return HEADER + schema;
}

export function postgresSchemaIsInSync(): boolean {
  const expected = renderPostgresSchema(readFileSync(sqliteSchemaPath, "utf8"));
  let actual = "";
  try {
    actual = readFileSync(postgresSchemaPath, "utf8");
  } catch {
    return false;
  }
  return actual === expected;
}

export function syncPostgresSchema(): boolean {
  if (postgresSchemaIsInSync()) return false;
  writeFileSync(postgresSchemaPath, renderPostgresSchema(readFileSync(sqliteSchemaPath, "utf8")));
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (process.argv.includes("--check")) {
    if (!postgresSchemaIsInSync()) {
      console.error("prisma/postgres/schema.prisma is out of date: run `npm run db:generate`.");
      process.exit(1);
    }
    console.log("prisma/postgres/schema.prisma is in sync.");
  } else {
    console.log(syncPostgresSchema() ? "Wrote prisma/postgres/schema.prisma." : "prisma/postgres/schema.prisma already in sync.");
  }
}
