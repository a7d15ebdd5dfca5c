/**
 * pg_dump and pg_restore for the backup and restore scripts (decision 086): where they are, and how
 * DATABASE_URL becomes their connection without the password on their command line.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { redactUrl } from "../../app/server/core/db.server";

export type PgTool = "pg_dump" | "pg_restore";

const DEBIAN_POSTGRESQL = "/usr/lib/postgresql";

/**
 * The tool in `pgBin` when given; else the newest under /usr/lib/postgresql/<version>/bin (Debian and
 * Ubuntu keep one folder per major version there; a newer pg_dump reads an older server, not the
 * reverse); else the one on PATH.
 */
export function findPgTool(tool: PgTool, pgBin?: string): string {
  if (pgBin) {
    const file = path.join(pgBin, tool);
    if (!existsSync(file)) throw new Error(`${tool} is not in ${pgBin} (given with --pg-bin)`);
    return file;
  }
  if (existsSync(DEBIAN_POSTGRESQL)) {
    const versions = readdirSync(DEBIAN_POSTGRESQL)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const file = path.join(DEBIAN_POSTGRESQL, version, "bin", tool);
      if (existsSync(file)) return file;
    }
  }
  return tool;
}

/** Parameters libpq knows; the rest of a node-postgres URL's query (Prisma's schema=…, ssl=true) it would refuse. */
const LIBPQ_PARAMETERS = new Set([
  "host",
  "port",
  "sslmode",
  "sslcert",
  "sslkey",
  "sslrootcert",
  "sslcrl",
  "sslpassword",
  "application_name",
  "connect_timeout",
  "options",
  "target_session_attrs",
  "gssencmode",
]);

/** The connection as libpq takes it: the URL without its password, which goes in PGPASSWORD instead. */
export function libpqConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv; display: string } {
  const parsed = new URL(databaseUrl);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  for (const name of [...parsed.searchParams.keys()]) {
    if (!LIBPQ_PARAMETERS.has(name)) parsed.searchParams.delete(name);
  }
  parsed.protocol = "postgresql:";
  return { url: parsed.toString(), env: password ? { PGPASSWORD: password } : {}, display: redactUrl(databaseUrl) };
}

/** The database a URL names. */
export function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

/** Runs a PostgreSQL client tool; rejects with its stderr when it fails. */
export function runPgTool(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${path.basename(file)} was not found: install the PostgreSQL client (e.g. postgresql-client) or pass --pg-bin <folder>`,
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(file)} failed (exit ${code}): ${stderr.trim() || stdout.trim()}`));
    });
  });
}

export async function toolVersion(file: string): Promise<string> {
  return (await runPgTool(file, ["--version"])).trim();
}
