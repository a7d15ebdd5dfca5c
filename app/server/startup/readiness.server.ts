/**
 * /readyz (decision 084): whether this process can serve now. /healthz asks the database only (a
 * liveness probe); readiness also asks that every migration this build ships is applied, that the
 * file store takes files and, under the cluster, that every worker has started (issue 31: the workers
 * after the first start, load and warm up while the first already listens, and the first visitors
 * sent meanwhile would wait on their CPU). The answer names each check's state in a word, never an
 * error's text: the probe's answer may be seen by whoever reaches the port.
 */
import cluster from "node:cluster";
import { checkDatabase } from "./database.server";
import { unappliedMigrations } from "./migrate.server";
import { probeFileStore } from "../storage/file-store.server";
import { log } from "../core/log.server";

/** A check that has not answered after this long has failed (a probe's own timeout is usually 1-5 s). */
const CHECK_TIMEOUT_MS = 3000;

/** What the cluster's primary tells its workers once each of them listens (server/index.js). */
export const WORKERS_STARTED = "giveawear:workers-started";

/** A process outside the cluster is all its workers; a cluster worker waits for the primary's word. */
let workersStarted = !cluster.isWorker;
if (cluster.isWorker) {
  process.on("message", (message: { type?: unknown } | null) => {
    if (message?.type === WORKERS_STARTED) workersStarted = true;
  });
}

export interface Readiness {
  status: "ok" | "error";
  /** "starting" while workers of this process's cluster are still starting. */
  workers: "ok" | "starting";
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
    status: database && storage && migrations === "ok" && workersStarted ? "ok" : "error",
    workers: workersStarted ? "ok" : "starting",
    database: database ? "ok" : "unreachable",
    migrations,
    storage: storage ? "ok" : "unreachable",
  };
}
