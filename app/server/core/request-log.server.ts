/**
 * The access log and the request id (decision 083). server/index.js runs logRequest first for every
 * request, before the page cache and the entry lane answer: each request gets an id (the client's
 * or proxy's X-Request-Id when it is a sane token, a fresh UUID otherwise), sent back as
 * X-Request-Id, written on its access line and, through the log's context, on every line the app
 * logs while serving it.
 *
 * The access line is cheap on purpose: method, the path with its tokens and addresses taken out,
 * status, time; no headers (cookies, and a Referer can carry a token), no IP address, no user agent.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { redactText, saneRequestId } from "../../domain/log-redaction";
import { rootLog, withLog } from "./log.server";

export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * The probes and the scrape (decision 084), polled every few seconds by every load balancer and
 * Prometheus, are logged only at debug: their lines would bury the visitors'.
 */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/** While set, every access line is written at debug (accessLinesAtDebug). */
let warmingUp = false;

/**
 * Runs `work` with every access line written at debug, however its request ends: a worker's warm-up
 * requests (decision 113), sent before it listens, so no visitor's request is among them.
 */
export async function accessLinesAtDebug<T>(work: () => Promise<T>): Promise<T> {
  warmingUp = true;
  try {
    return await work();
  } finally {
    warmingUp = false;
  }
}

/** Marks a request whose access line is under way, in whichever copy of this module saw it first. */
const LOGGED = Symbol.for("giveawear.access-line");

/**
 * Starts `req`'s access line (written when the response finishes or the connection closes) and runs
 * `next` in its log context. A request already seen (the dev server's app runs behind index.js)
 * goes straight on.
 *
 * The line is written with the root logger and names the request's id itself: no child logger is
 * made for it, nor for the request unless the app logs a line while serving it (log.server.ts). The
 * two child loggers pino-http made for every request were about a quarter of the server's CPU per
 * cached campaign page (decision 112).
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const seen = req as IncomingMessage & { [LOGGED]?: true };
  if (seen[LOGGED]) return next();
  seen[LOGGED] = true;
  const reqId = saneRequestId(req.headers["x-request-id"]) ?? randomUUID();
  res.setHeader(REQUEST_ID_HEADER, reqId);
  const started = Date.now();
  const done = (error?: unknown) => {
    res.off("finish", done);
    res.off("close", done);
    res.off("error", done);
    writeAccessLine(req, res, reqId, Date.now() - started, error !== undefined);
  };
  res.on("finish", done);
  res.on("close", done);
  res.on("error", done);
  withLog({ reqId }, next);
}

/**
 * method, the path with its tokens and addresses taken out, status (and whether the page cache
 * answered), time in ms; its message says whether the response was sent whole, the connection closed
 * first, or it failed. A server fault's stack is logged where it happened, with this request's id;
 * the access line only says the request failed.
 */
function writeAccessLine(req: IncomingMessage, res: ServerResponse, reqId: string, responseTime: number, failed: boolean): void {
  const error = failed || res.statusCode >= 500;
  const level = warmingUp ? "debug" : error ? "error" : PROBES.has(req.url ?? "") ? "debug" : "info";
  if (!rootLog.isLevelEnabled(level)) return;
  const pageCache = res.getHeader("x-page-cache");
  rootLog[level](
    {
      reqId,
      req: { method: req.method, url: redactText(req.url ?? "") },
      res: pageCache === undefined ? { statusCode: res.statusCode } : { statusCode: res.statusCode, pageCache },
      responseTime,
    },
    error ? "request failed" : res.writableEnded && !req.readableAborted ? "request completed" : "request aborted",
  );
}
