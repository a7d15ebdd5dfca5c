/**
 * The server's log (decision 083): pino, one JSON line per event on stdout in production, readable
 * lines (pino-pretty, in this process) elsewhere. `log` is the module every server module logs
 * through; inside a request it writes with that request's id (`reqId`), inside a job pass with the
 * pass's (`jobId`), carried by AsyncLocalStorage, so lines logged deep in the app are tied to what
 * caused them without passing a logger around.
 *
 * The production build puts this module in a chunk of its own (build/server/log.js, vite.config.ts):
 * server/index.js loads it in the cluster's primary, which loads no app code, and in a worker it is
 * the very module the app's bundle imports, so each process has one logger.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { type Bindings, type DestinationStream, type LogFn, type Logger, pino } from "pino";
import type PinoPretty from "pino-pretty";
import { logLevelFrom, redactText, REDACTED } from "../../domain/log-redaction";

export type { Logger } from "pino";

/**
 * Structured fields that must never be written, should a caller log them (messages and errors are
 * scrubbed by redactText instead; the access line carries no headers at all). Fixed paths, no
 * wildcards: pino checks them on every line, the access lines included, and fixed paths cost
 * almost nothing.
 */
const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "headers.cookie",
  "headers.authorization",
  "cookie",
  "authorization",
  "email",
  "to",
  "token",
  "code",
  "password",
  "secret",
  "apiKey",
];

/**
 * An error as the log shows it: its type, message and stack (with its causes', as pino writes them)
 * and its code or HTTP status, all scrubbed. Other properties an error carries (an SDK's request,
 * its headers, a response body) are left out: they are where keys and addresses hide. Something
 * else thrown shows its type (and a Response its status), a string its scrubbed text.
 */
function serializeError(error: unknown): unknown {
  if (typeof error === "string") return redactText(error);
  if (error instanceof Response) return { type: "Response", status: error.status };
  if (!(error instanceof Error)) return typeof error === "object" && error !== null ? { type: error.constructor?.name ?? "Object" } : error;
  const plain = pino.stdSerializers.err(error) as { type: string; message: string; stack: string } & Record<string, unknown>;
  const shown: Record<string, unknown> = { type: plain.type, message: redactText(plain.message), stack: redactText(plain.stack) };
  for (const key of ["code", "statusCode", "status"] as const) {
    const value = plain[key];
    if (typeof value === "string" || typeof value === "number") shown[key] = value;
  }
  return shown;
}

/**
 * Scrubs a call's text before pino formats it: the message and its format arguments. An error
 * logged alone (`log.error(error)`) gets its scrubbed message as the line's message.
 */
function scrubArguments(this: Logger, args: Parameters<LogFn>, method: LogFn) {
  const values = args as unknown[];
  if (values.length === 1 && values[0] instanceof Error) values.push(values[0].message);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (typeof value === "string") values[index] = redactText(value);
  }
  return method.apply(this, values as Parameters<LogFn>);
}

/**
 * Outside production, lines go through pino-pretty in this process (a dev dependency, so a
 * production install without it falls back to JSON): the access line reads as
 * "[<id>] GET /path 200 3 ms", other lines as "[<id>] message" followed by their fields.
 */
function prettyStream(): DestinationStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
    return pretty({
      sync: true,
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "pid,hostname,req,res,responseTime,reqId,jobId",
      singleLine: true,
      messageFormat: (line: Record<string, unknown>, messageKey: string) => {
        const id = line.reqId ?? line.jobId;
        const request = line.req as { method?: string; url?: string } | undefined;
        const response = line.res as { statusCode?: number } | undefined;
        const text =
          request && response
            ? `${request.method} ${request.url} ${response.statusCode} ${line.responseTime} ms`
            : String(line[messageKey] ?? "");
        return id ? `[${String(id)}] ${text}` : text;
      },
    });
  } catch {
    return undefined;
  }
}

function createRootLogger(): Logger {
  const production = process.env.NODE_ENV === "production";
  return pino(
    {
      level: logLevelFrom(process.env.LOG_LEVEL),
      // "level":"error" rather than 50, and an ISO time: lines a person can read and jq can select on.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: serializeError },
      hooks: { logMethod: scrubArguments },
    },
    // Asynchronous writes in production: lines written while a write is under way go out together
    // with the next one, so a burst of requests costs a few writes, not one each. Whatever is still
    // buffered is written when the process exits.
    production ? pino.destination({ dest: 1, sync: false }) : (prettyStream() ?? pino.destination({ dest: 1, sync: true })),
  );
}

/**
 * One logger and one context per process, kept on globalThis: Vite's dev server may load this
 * module again after an edit, and the tests load both the build's copy and the source's, and a
 * request's context set by one copy must be seen by the other.
 */
const GLOBAL = Symbol.for("giveawear.log");
interface LogState {
  root: Logger;
  context: AsyncLocalStorage<LogScope>;
}
/**
 * What a request or a job pass logs with: its ids, and the child logger made from them when it first
 * writes a line. Most requests (a cached page, a static file) write none but their access line, which
 * names its id itself, so they never pay for a child logger.
 */
interface LogScope {
  bindings: Bindings;
  logger?: Logger;
}
const state: LogState = ((globalThis as Record<symbol, unknown>)[GLOBAL] as LogState | undefined) ?? {
  root: createRootLogger(),
  context: new AsyncLocalStorage<LogScope>(),
};
(globalThis as Record<symbol, unknown>)[GLOBAL] = state;

/** The process's logger, with no request's or job's id: for start-up, shutdown and the access log's parent. */
export const rootLog: Logger = state.root;

/** The logger of what is running now: the request's or the job pass's child, or the root logger. */
export function currentLog(): Logger {
  const scope = state.context.getStore();
  if (!scope) return state.root;
  return (scope.logger ??= state.root.child(scope.bindings));
}

/**
 * Runs `work` with the root logger's child bound to `bindings` (a request's or a job pass's id) as
 * what `log` writes through, for everything it starts, awaited or not.
 */
export function withLog<T>(bindings: Bindings, work: () => T): T {
  return state.context.run({ bindings }, work);
}

/**
 * Runs `work` outside any request's or job's context: for work one request starts on behalf of
 * many (a timer that writes every visitor's views), whose lines belong to no single request.
 */
export function outsideContext<T>(work: () => T): T {
  return state.context.exit(work);
}

/**
 * A job pass (jobs/run.server.ts): `work` logs with an id of its own, `job-<uuid>`; inside a pass
 * already (the timer's pass calling runJobsOnce), with that pass's.
 */
export function inJobPass<T>(work: () => T): T {
  const bindings = state.context.getStore()?.bindings ?? {};
  if (bindings.jobId) return work();
  return withLog({ ...bindings, jobId: `job-${randomUUID()}` }, work);
}

function delegate(level: "trace" | "debug" | "info" | "warn" | "error" | "fatal"): LogFn {
  return function (this: unknown, ...args: unknown[]) {
    const logger = currentLog();
    return Reflect.apply(logger[level], logger, args) as void;
  } as LogFn;
}

/**
 * What server code logs through: `log.error({ err }, "what failed")`, `log.info("what happened")`.
 * Each call writes with the logger of the request or job pass it runs in (currentLog).
 */
export const log = {
  trace: delegate("trace"),
  debug: delegate("debug"),
  info: delegate("info"),
  warn: delegate("warn"),
  error: delegate("error"),
  fatal: delegate("fatal"),
  /** Whether a line at `level` would be written, for work done only to log it. */
  isLevelEnabled: (level: string) => currentLog().isLevelEnabled(level),
};
