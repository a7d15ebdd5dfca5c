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
import { pinoHttp } from "pino-http";
import { redactText, saneRequestId } from "../../domain/log-redaction";
import { rootLog, withLog } from "./log.server";

export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * The probes and the scrape (decision 084), polled every few seconds by every load balancer and
 * Prometheus, are logged only at debug: their lines would bury the visitors'.
 */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

const accessLog = pinoHttp({
  logger: rootLog,
  genReqId(req, res) {
    const id = saneRequestId(req.headers["x-request-id"]) ?? randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    return id;
  },
  // req.log (what the app's lines are written with) carries the id alone, not the request.
  quietReqLogger: true,
  // pino's standard serializers copy every header; the access line needs three fields.
  wrapSerializers: false,
  serializers: {
    req: (req: IncomingMessage) => ({ method: req.method, url: redactText(req.url ?? "") }),
    res: (res: ServerResponse) => {
      const pageCache = res.getHeader("x-page-cache");
      return pageCache === undefined ? { statusCode: res.statusCode } : { statusCode: res.statusCode, pageCache };
    },
  },
  customLogLevel: (req, res, error) => (error || res.statusCode >= 500 ? "error" : PROBES.has(req.url ?? "") ? "debug" : "info"),
  // A server fault's stack is logged where it happened (entry.server.tsx, the failing module),
  // with this request's id; the access line only says the request failed.
  customErrorObject: (_req, _res, _error, { err: _err, ...line }: Record<string, unknown>) => line,
  customErrorMessage: () => "request failed",
});

/**
 * Starts `req`'s access line (written when the response finishes or the connection closes) and runs
 * `next` in its log context. A request already seen (the dev server's app runs behind index.js)
 * goes straight on.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.log) return next();
  accessLog(req, res);
  withLog(req.log, next);
}
