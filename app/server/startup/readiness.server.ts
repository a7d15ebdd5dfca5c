/**
 * /readyz (decision 084): whether this process can serve now. /healthz asks the database only (a
 * liveness probe); readiness also asks that every migration this build ships is applied and that
 * the file store takes files. The answer names each check's state in a word, never an error's
 * text: the probe's answer may be seen by whoever reaches the port.
 */
import { checkDatabase } from "./database.server";
import { unappliedMigrations } from "./migrate.server";
import { probeFileStore } from "../storage/file-store.server";
import { log } from "../core/log.server";

/** A check that has not answered after this long has failed (a probe's own timeout is usually 1-5 s). */
const CHECK_TIMEOUT_MS = 3000;

export interface Readiness {
  status: "ok" | "error";
  database: "ok" | "unreachable";
  /** "unknown" while the database does not answer. */
  migrations: "ok" | "pending" | "unknown";
  storage: "ok" | "unreachable";
}

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Runs the checks side by side; a failure is logged here with its cause and answered in a word. */
export async function readiness(): Promise<Readiness> {
  const failed = (check: string) => (error: unknown) => {
    log.error({ err: error }, `readyz: the ${check} check failed`);
    return false;
  };
  const [database, storage] = await Promise.all([
    withinTimeout(checkDatabase()).then(() => true, failed("database")),
    withinTimeout(probeFileStore()).then(() => true, failed("storage")),
  ]);
  let migrations: Readiness["migrations"] = "unknown";
  if (database) {
    migrations = await withinTimeout(unappliedMigrations()).then(
      (names) => {
        if (names.length > 0) log.error(`readyz: ${names.length} migration(s) not applied: ${names.join(", ")}`);
        return names.length === 0 ? "ok" : "pending";
      },
      (error: unknown) => {
        failed("migrations")(error);
        return "unknown" as const;
      },
    );
  }
  return {
    status: database && storage && migrations === "ok" ? "ok" : "error",
    database: database ? "ok" : "unreachable",
    migrations,
    storage: storage ? "ok" : "unreachable",
  };
}
