// Prisma 7 reads connection details from here, not from schema.prisma. The app itself never uses
// this file: it builds its clients with driver adapters (app/server/core/db.server.ts) and applies
// migrations with the WebAssembly schema engine (app/server/startup/migrate.server.ts). This keeps the
// standard CLI (`prisma migrate deploy`, `prisma studio`) pointed at the same database and the
// right provider's schema and migrations, on machines that have Prisma's native engine.
import { defineConfig } from "prisma/config";

const url = process.env.DATABASE_URL ?? `file:${process.env.DATA_DIR ?? "./data"}/app.db`;
const postgres = /^postgres(ql)?:\/\//i.test(url);
const dir = postgres ? "prisma/postgres" : "prisma";

export default defineConfig({
  schema: `${dir}/schema.prisma`,
  migrations: {
    path: `${dir}/migrations`,
    seed: "tsx scripts/db/seed.ts",
  },
  datasource: { url },
});
