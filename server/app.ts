import cluster from "node:cluster";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import helmet from "helmet";
import { createRequestHandler } from "react-router";
import { getConfig } from "../app/server/core/config.server";
import { pooledRandomBytes } from "../app/server/core/ids.server";
import { describeJobsSummary, startJobRunner, stopJobRunner } from "../app/server/jobs/run.server";
import { countBeaconView, flushPageViews, VIEW_BEACON_GIF } from "../app/server/entries/page-views.server";
import {
  type CachedPage,
  createPublicPageCache,
  inlineScriptHashes,
  keyAcceptLanguage,
  pickEncoding,
  preparePage,
  publicPageKey,
} from "../app/server/entries/page-cache.server";
import {
  BODY_LIMITS,
  BodyTooLargeError,
  bodyLimitFor,
  bodyTooLargeMessage,
  urlencodedBodyRefusal,
  WEBHOOK_ROUTES,
} from "../app/server/core/forms.server";
import { UPLOADS_BUSY, UploadGate, UploadsBusyError, type UploadTicket } from "../app/server/core/multipart.server";
import { type ActionLaneOutcome, loadContext, routePatternContext } from "../app/server/core/load-context.server";
import {
  type LaneRoute,
  METRICS_CONTENT_TYPE,
  bearerTokenMatches,
  collectProcessMetrics,
  observeRequest,
  processMetricsText,
} from "../app/server/core/metrics.server";
import { scrapeTimeMetricsText } from "../app/server/operations/metrics.server";
import { readiness } from "../app/server/startup/readiness.server";
import { warmUp } from "../app/server/startup/warm-up.server";
import { clusterMetricsText } from "./cluster-metrics.js";
import { OUTBOX_NUDGE, closeSmtpConnections } from "../app/server/email/delivery.server";
import { startEmailSender } from "../app/server/email/sender.server";
import { completeInLane } from "../app/server/entries/action-lane.server";
import { enterInLane } from "../app/server/entries/lane.server";
import { CLIENT_IP_HEADER, PEER_IP_HEADER } from "../app/server/core/request.server";
import { checkDatabase, disconnectDatabase, prepareDatabase } from "../app/server/startup/database.server";
import { checkFileStore } from "../app/server/storage/file-store.server";
import { log } from "../app/server/core/log.server";

/**
 * The access log and the request id (decision 083): server/index.js runs logRequest before
 * servePublicPage, so the page cache and the lanes answer requests that have both, and logs its own
 * lines (listening, shutting down) through rootLog, the logger the app's modules use.
 */
export { logRequest } from "../app/server/core/request-log.server";
export { rootLog } from "../app/server/core/log.server";

export const app = express();

/**
 * The integration suite serves this module's build in its own process and changes the environment
 * between cases (tests/helpers/app-server.ts, decision 071): the build's copy of the configuration
 * is re-read through this.
 */
export { resetConfigForTests } from "../app/server/core/config.server";

/**
 * The embeddable entry card (/campaign/<id>/embed, decision 045) is the only page other websites
 * may frame: `frame-ancestors *` and no X-Frame-Options there; every other page keeps
 * `frame-ancestors 'self'` and X-Frame-Options SAMEORIGIN. React Router matches paths without
 * regard to case or a trailing slash, so neither does this.
 */
const EMBED_PATH = /^\/campaign\/[^/]+\/embed\/?$/i;
const config = getConfig();

app.set("trust proxy", config.TRUST_PROXY);

app.use((req, res, next) => {
  // Express resolved the address (honouring TRUST_PROXY); whatever a client sent here is replaced.
  req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
  // The connection's own address, for what only this machine may see (the dev mailbox, decision 066).
  req.headers[PEER_IP_HEADER] = req.socket.remoteAddress ?? "";
  // From the pool of system random bytes (decision 109): a call into the generator per request cost
  // about 50 µs of an entry's CPU on this machine.
  res.locals.cspNonce = pooledRandomBytes(16).toString("base64");
  res.locals.embeddable = EMBED_PATH.test(req.path);
  next();
});

/**
 * The security headers of every page. A page served from the page cache (decision 059) is the same
 * bytes for everyone, so instead of a per-request nonce its policy lists the hashes of its inline
 * scripts (res.locals.scriptHashes).
 */
const securityHeaders = helmet({
  // Vite's dev server injects its own inline modules; the policy applies to built code.
  contentSecurityPolicy: import.meta.env.DEV
    ? false
    : {
        useDefaults: true,
        directives: {
          "script-src": [
            "'self'",
            (_req, res) => {
              const locals = (res as express.Response).locals;
              if (!locals.scriptHashes) return `'nonce-${locals.cspNonce}'`;
              return (locals.scriptHashes as string[]).join(" ") || "'self'";
            },
          ],
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "connect-src": ["'self'"],
          // Any site may frame the embed: it shows only public facts and a form whose post goes to us.
          "frame-ancestors": [(_req, res) => ((res as express.Response).locals.embeddable ? "*" : "'self'")],
          // A form post may end in a redirect to these (Google sign-in, Stripe Checkout); browsers check redirects too.
          "form-action": [
            "'self'",
            ...(config.googleEnabled ? [new URL(config.GOOGLE_AUTHORIZATION_URL).origin] : []),
            ...(config.stripeEnabled
              ? ["https://checkout.stripe.com", ...(config.STRIPE_API_URL ? [new URL(config.STRIPE_API_URL).origin] : [])]
              : []),
          ],
          "upgrade-insecure-requests": config.APP_URL?.startsWith("https://") ? [] : null,
        },
      },
  // The site is served over plain HTTP locally; HSTS only makes sense behind TLS in production.
  strictTransportSecurity: config.isProduction && Boolean(config.APP_URL?.startsWith("https://")),
  crossOriginEmbedderPolicy: false,
  // "no-referrer" makes browsers send "Origin: null" with form posts, which the cross-origin
  // action check then (rightly) refuses.
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
});

/**
 * The anonymous campaign page and its view beacon, answered before anything else (decision 059):
 * server/index.js calls this for every request before Express, and the app runs it first too (the
 * dev server and the tests' in-process app). Calls `next` for every other request.
 */
export function servePublicPage(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const marked = req as IncomingMessage & { [PUBLIC_PAGE_TRIED]?: true };
  if (marked[PUBLIC_PAGE_TRIED]) return next();
  marked[PUBLIC_PAGE_TRIED] = true;
  timeRequest(req, res);
  const beacon = VIEW_BEACON.exec(req.url ?? "");
  if (beacon && (req.method === "GET" || req.method === "HEAD")) {
    labelRoute(res, "view-beacon");
    return void answerBeacon(req, res, beacon[1]!);
  }
  if (!pageCache) return next();
  const key = publicPageKey(req.method, req.url, req.headers.cookie, req.headers["accept-language"]);
  if (!key) return next();
  const page = pageCache.get(key.key);
  if (page === null) return next();
  if (!(page instanceof Promise)) return sendCachedPage(req, res, page, "hit");
  page.then(
    (rendered) => (rendered ? sendCachedPage(req, res, rendered, "miss") : next()),
    (error: unknown) => {
      log.error({ err: error }, `[page-cache] could not render ${key.key}`);
      next();
    },
  );
}

const PUBLIC_PAGE_TRIED = Symbol("public page tried");
const REQUEST_ROUTE = Symbol("request route");
const COUNTED_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * Labels the request for the request series of /metrics (decision 084): a route pattern of React
 * Router's, or the lane that answered before it (LaneRoute). Unlabelled requests are "other".
 */
function labelRoute(res: ServerResponse, route: LaneRoute | (string & {})) {
  (res as ServerResponse & { [REQUEST_ROUTE]?: string })[REQUEST_ROUTE] = route;
}

/**
 * Times every request from its first byte here to its answer's last: one histogram observation as
 * the response closes (the page cache and the entry lane are benchmarked; this is all they pay).
 */
function timeRequest(req: IncomingMessage, res: ServerResponse) {
  const start = performance.now();
  res.once("close", () => {
    const route = (res as ServerResponse & { [REQUEST_ROUTE]?: string })[REQUEST_ROUTE] ?? "other";
    // Methods and statuses a client invents are folded, so no client can add series.
    const method = COUNTED_METHODS.has(req.method ?? "") ? req.method! : "other";
    const status = res.writableFinished ? String(res.statusCode) : "aborted";
    observeRequest(route, method, status, (performance.now() - start) / 1000);
  });
}
const VIEW_BEACON = /^\/campaign\/([a-z0-9]{8,40})\/view\.gif(?:\?|$)/;

async function answerBeacon(req: IncomingMessage, res: ServerResponse, campaignId: string) {
  const purpose = req.headers["sec-purpose"] ?? req.headers.purpose;
  let clearMark: string | null = null;
  try {
    clearMark = await countBeaconView(campaignId, {
      method: req.method,
      cookie: req.headers.cookie,
      userAgent: req.headers["user-agent"],
      purpose: Array.isArray(purpose) ? purpose.join(",") : purpose,
    });
  } catch (error) {
    // A view not counted is no reason to break the page's image.
    log.error({ err: error }, "[page-views] could not count a view");
  }
  res.writeHead(200, {
    "Content-Type": "image/gif",
    "Content-Length": VIEW_BEACON_GIF.length,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...(clearMark ? { "Set-Cookie": clearMark } : {}),
  });
  res.end(req.method === "HEAD" ? undefined : VIEW_BEACON_GIF);
}

/**
 * Sends a page of the cache. `X-Page-Cache` says whether it came from memory ("hit") or this request
 * waited for its render ("miss"), for operators and tests; it is the same for every visitor anyway.
 */
function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, from: "hit" | "miss") {
  labelRoute(res, "page-cache");
  res.setHeader("X-Page-Cache", from);
  const holds = req.headers["if-none-match"];
  if (holds && holds.split(",").some((tag) => tag.trim() === page.etag)) {
    res.writeHead(304, page.notModified);
    return void res.end();
  }
  const variant = page.variants[pickEncoding(req.headers["accept-encoding"])];
  res.writeHead(200, variant.headers);
  res.end(req.method === "HEAD" ? undefined : variant.body);
}

/** The security headers helmet gives a page whose inline scripts have these hashes. */
function securityHeadersFor(scriptHashes: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    locals: { scriptHashes, embeddable: false },
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  securityHeaders({ headers: {} } as express.Request, recorder as unknown as express.Response, () => {});
  return headers;
}

app.use(servePublicPage);

/**
 * Entries and confirmations only move a page's count, which may lag the cache time; any other form
 * posted to the app (an edit, a draw, a winner's objection, a setting) forgets this process's cached
 * pages once it is answered, so the change shows at once here and within the cache time elsewhere.
 */
const COUNT_ONLY_POSTS = /^\/campaign\/[^/]+(?:\/embed|\/confirm\/[^/]+)?\/?$/i;
app.use((req, res, next) => {
  if (pageCache && req.method === "POST" && !COUNT_ONLY_POSTS.test(req.path)) res.once("finish", () => pageCache.clear());
  next();
});
app.use(securityHeaders);

// helmet sets X-Frame-Options: SAMEORIGIN everywhere; the embed alone drops it (browsers that know
// CSP follow frame-ancestors, older ones would otherwise refuse to frame it).
app.use((_req, res, next) => {
  if (res.locals.embeddable) res.removeHeader("X-Frame-Options");
  next();
});

// Pages and forms take GET, HEAD and POST; the webhooks only POST (their routes answer GET and HEAD
// themselves). Anything else (TRACE, PUT, ...) is refused here: a Fetch Request cannot even carry some.
const APP_METHODS = ["GET", "HEAD", "POST"];
app.use((req, res, next) => {
  if (APP_METHODS.includes(req.method)) return next();
  const webhook = (WEBHOOK_ROUTES as readonly string[]).includes(req.path.toLowerCase());
  const allow = webhook ? "POST" : APP_METHODS.join(", ");
  if (req.method === "OPTIONS") return void res.status(204).set("Allow", allow).end();
  res
    .status(405)
    .set("Allow", allow)
    .type("text/plain")
    .send(webhook ? "Method Not Allowed. This endpoint only accepts POST." : `Method Not Allowed. This site accepts ${allow}.`);
});

/**
 * How long, and for how many bytes, a refused body still in flight is discarded before the connection
 * closes. A client on a fast link can have tens of MB in flight before it reads the early answer; at
 * 16 MB and 1 s, 24 uploads of 39 MB at once were reset before their clients read the 413 (EPIPE).
 */
const LINGER_MS = 5000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Node ends a `Connection: close` answer with socket.destroySoon(): end, then destroy at once, which
 * with the client's bytes still arriving resets the connection, and the client may lose the answer.
 * This socket ends, then is destroyed LINGER_MS later (or when the client closes it).
 */
function lingerBeforeClosing(socket: Socket) {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once("close", () => clearTimeout(timer));
  };
}

/**
 * Refuses a body that is not going to be read, and ends the connection (`Connection: close`).
 * Closing a socket with the client's bytes still unread resets the connection, and clients then
 * often report the reset instead of our answer; so, as web servers do, the connection is
 * half-closed after the answer and whatever is still arriving is thrown away unread (not kept) for
 * at most LINGER_MS and LINGER_BYTES, then closed.
 */
function refuseAndClose(
  req: express.Request,
  res: express.Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  const socket = req.socket;
  lingerBeforeClosing(socket);
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > LINGER_BYTES) socket.destroy();
  });
  req.resume();
  res.status(status).set(headers).set("Connection", "close").type("text/plain").send(message);
}

// An oversized url-encoded form is refused before anything reads it (readForm would buffer it whole).
app.use((req, res, next) => {
  const refusal = urlencodedBodyRefusal(req.headers);
  if (!refusal) return next();
  refuseAndClose(req, res, refusal.status, refusal.message);
});

function refuseTooLarge(req: express.Request, res: express.Response, limit: number) {
  refuseAndClose(req, res, 413, bodyTooLargeMessage(limit));
}

function refuseBusy(req: express.Request, res: express.Response) {
  refuseAndClose(req, res, 503, UPLOADS_BUSY.message, { "Retry-After": String(UPLOADS_BUSY.retryAfterSeconds) });
}

/**
 * The upload bodies this process receives at once (decision 064): a post to a route that takes
 * uploads holds its Content-Length (or, sent without one, what has arrived) until its answer is
 * sent; one that would pass UPLOADS_IN_FLIGHT_MB is answered 503 with Retry-After.
 */
const uploadGate = new UploadGate(config.UPLOADS_IN_FLIGHT_MB * 1024 * 1024);

// Any body declared larger than its route's limit (BODY_LIMITS) is refused before a byte of it is read.
app.use((req, res, next) => {
  const limit = bodyLimitFor(req.path);
  const declared = req.headers["content-length"] === undefined ? null : Number(req.headers["content-length"]);
  if ((declared ?? 0) > limit) return refuseTooLarge(req, res, limit);
  res.locals.bodyLimit = limit;
  if (req.method === "POST" && limit === BODY_LIMITS.uploads) {
    const ticket = uploadGate.admit(req.headers["transfer-encoding"] && declared === null ? null : (declared ?? 0));
    if (!ticket) return refuseBusy(req, res);
    res.locals.uploadTicket = ticket;
    res.once("close", () => ticket.release());
  }
  next();
});

app.get("/healthz", async (_req, res) => {
  labelRoute(res, "healthz");
  try {
    await checkDatabase();
    res.set("Cache-Control", "no-store").json({ status: "ok", database: "ok" });
  } catch (error) {
    log.error({ err: error }, "healthz: database check failed");
    res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: "unreachable" });
  }
});

/**
 * Ready to serve (decision 084): the database answers, every migration this build ships is applied
 * and the file store takes files; 503 otherwise. The body names each check's state in a word.
 */
app.get("/readyz", async (_req, res) => {
  labelRoute(res, "readyz");
  const state = await readiness();
  res
    .status(state.status === "ok" ? 200 : 503)
    .set("Cache-Control", "no-store")
    .json(state);
});

/**
 * Prometheus's scrape (decision 084), with METRICS_TOKEN as a bearer token; without METRICS_TOKEN
 * the series are not served (404, where any other unknown address redirects to /start). Under the
 * cluster the answer is every worker's series summed by the primary; the database's series are
 * read once, here.
 */
app.get("/metrics", async (req, res) => {
  const token = getConfig().METRICS_TOKEN;
  labelRoute(res, "metrics");
  res.set("Cache-Control", "no-store");
  if (!token) {
    res.status(404).type("text/plain").send("Not Found\n");
    return;
  }
  if (!bearerTokenMatches(req.headers.authorization, token)) {
    res
      .status(401)
      .set("WWW-Authenticate", 'Bearer realm="metrics"')
      .type("text/plain")
      .send("Unauthorized: send Authorization: Bearer <METRICS_TOKEN>.\n");
    return;
  }
  try {
    const [own, atScrape] = await Promise.all([cluster.isWorker ? clusterMetricsText() : processMetricsText(), scrapeTimeMetricsText()]);
    res.type(METRICS_CONTENT_TYPE).send(own.endsWith("\n") || own === "" ? own + atScrape : `${own}\n${atScrape}`);
  } catch (error) {
    log.error({ err: error }, "metrics: the series could not be gathered");
    res.status(503).type("text/plain").send("The series could not be gathered.\n");
  }
});

// In production the build is loaded once. Handed a function, React Router calls it and rebuilds its
// route tables on every request (meant for hot reloading): that alone cost ~10 ms a page here.
const build = import.meta.env.DEV ? () => import("virtual:react-router/server-build") : await import("virtual:react-router/server-build");

const handleRequest = createRequestHandler(build, process.env.NODE_ENV);

/**
 * What an anonymous visitor's browser would be answered for `key`, rendered once for the page
 * cache: no cookies, no user agent (so the render counts no view: the beacon does). Only a 200 that
 * sets no cookie may be shared.
 */
async function renderPublicPage(key: string): Promise<CachedPage | null> {
  // The key's languages (decision 097) stand in for the visitor's Accept-Language; the fragment is not sent.
  const languages = keyAcceptLanguage(key);
  const response = await handleRequest(
    new Request(new URL(key, "http://localhost"), {
      headers: { Accept: "text/html", ...(languages ? { "Accept-Language": languages } : {}) },
    }),
    loadContext(""),
  );
  if (response.status !== 200 || response.headers.has("Set-Cookie")) {
    await response.body?.cancel();
    return null;
  }
  const html = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(response.headers);
  Object.assign(headers, securityHeadersFor(inlineScriptHashes(html.toString("utf8"))));
  headers["Cache-Control"] = PUBLIC_PAGE_CACHE_CONTROL;
  return preparePage(html, headers);
}

const PUBLIC_PAGE_TTL_MS = config.PUBLIC_PAGE_CACHE_MS;
/**
 * A CDN in front may keep the anonymous page as long as we do (at least a second), and serve it
 * stale for a little longer while it asks again; browsers always ask again (max-age=0, ETag).
 */
const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${Math.max(1, Math.ceil(PUBLIC_PAGE_TTL_MS / 1000))}, stale-while-revalidate=${Math.max(5, Math.ceil((5 * PUBLIC_PAGE_TTL_MS) / 1000))}`;
const pageCache = PUBLIC_PAGE_TTL_MS > 0 ? createPublicPageCache(PUBLIC_PAGE_TTL_MS, renderPublicPage) : null;

/**
 * The request body as React Router reads it, counted as it streams. Past `limit` bytes (chunked
 * bodies have no length to check up front) the server answers 413 at once, stops reading and ends
 * the connection, and whoever was reading gets a BodyTooLargeError (readForm answers it with 413).
 */
function countedBody(
  req: express.Request,
  res: express.Response,
  limit: number,
  abort: () => void,
  ticket: UploadTicket | undefined,
): ReadableStream<Uint8Array> {
  let received = 0;
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  let refused = false;
  const detach = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
  };
  function onData(chunk: Buffer) {
    received += chunk.byteLength;
    const tooLarge = received > limit;
    if (tooLarge || (ticket && !ticket.receive(chunk.byteLength))) {
      refused = true;
      req.pause();
      detach();
      // Aborted first, so React Router treats what follows as a cancelled request, not a fault to log.
      abort();
      stream?.error(tooLarge ? new BodyTooLargeError(limit) : new UploadsBusyError());
      stream = undefined;
      if (res.headersSent) req.destroy();
      else if (tooLarge) refuseTooLarge(req, res, limit);
      else refuseBusy(req, res);
      return;
    }
    stream?.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((stream?.desiredSize ?? 0) <= 0) req.pause();
  }
  function onEnd() {
    detach();
    stream?.close();
    stream = undefined;
  }
  function onError(error: Error) {
    detach();
    stream?.error(error);
    stream = undefined;
  }
  // Answered without reading all of the body (a redirect, a refusal): the rest is discarded, not
  // buffered, still counted, so the connection can serve the next request.
  res.once("finish", () => {
    if (refused || req.complete) return;
    detach();
    stream?.error(new Error("The response was sent before the request body was read."));
    stream = undefined;
    req.on("data", (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > limit) req.destroy();
    });
    req.resume();
  });
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream = controller;
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onError);
      },
      pull() {
        if (stream) req.resume();
      },
      cancel() {
        stream = undefined;
        detach();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** The request's own URL, as the browser addressed it (behind a trusted proxy, as the proxy says). */
function requestUrl(req: express.Request): URL {
  // The port comes from X-Forwarded-Host only behind a trusted proxy (Express's req.hostname drops it).
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

/** The Fetch Request React Router sees; as @react-router/express builds it, with a counted body. */
function fetchRequest(req: express.Request, res: express.Response): Request {
  const url = requestUrl(req);

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }

  let controller: AbortController | null = new AbortController();
  const abort = () => controller?.abort();
  res.on("finish", () => (controller = null));
  res.on("close", abort);
  const signal = controller.signal;
  if (req.method === "GET" || req.method === "HEAD") return new Request(url, { method: req.method, headers, signal });
  // A form a lane read and handed on (decisions 062, 077).
  const read = res.locals.formBody as Buffer | undefined;
  if (read) return new Request(url, { method: req.method, headers, signal, body: new Uint8Array(read) });
  const body = countedBody(req, res, res.locals.bodyLimit as number, abort, res.locals.uploadTicket as UploadTicket | undefined);
  return new Request(url, { method: req.method, headers, signal, body, duplex: "half" } as RequestInit);
}

async function sendResponse(req: express.Request, res: express.Response, response: Response) {
  // Already answered (413 for a body over its limit) or the client has gone.
  if (res.headersSent || res.writableEnded || res.destroyed) {
    await response.body?.cancel();
    return;
  }
  // Answered before the whole body arrived (a form refused as it streamed): the rest is discarded
  // (countedBody), and a connection the client asked to close is not reset under the answer.
  if (!req.complete) lingerBeforeClosing(req.socket);
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A response's own Cross-Origin-Resource-Policy replaces helmet's same-origin (an email's pictures
  // are loaded by webmail pages on other sites, decision 081); every other header is added.
  for (const [key, value] of response.headers.entries()) {
    if (key === "cross-origin-resource-policy") res.set(key, value);
    else res.append(key, value);
  }
  // What a visitor with cookies sees is theirs (the signed-in pages, a draft, an entry): no cache may
  // keep it. Responses that chose their own caching (immutable uploads, webhooks) keep it.
  if (!res.get("Cache-Control") && (req.headers.cookie || res.get("Set-Cookie"))) res.set("Cache-Control", "private, no-store");
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/** What a lane answers: a 303 to `location` with these Set-Cookie headers. */
interface LaneAnswer {
  location: string;
  cookies: string[];
}

const LANE_MAX_BYTES = 16 * 1024;
const URLENCODED = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
/** Decodes as request.text() does for readForm (a byte-order mark dropped), so a lane and the route read the same fields. */
const UTF8 = new TextDecoder();

/**
 * A lane before React Router (decisions 062, 077): a url-encoded POST to an address `path` matches,
 * of at most LANE_MAX_BYTES, from this site or from no page at all (no Origin: a cross-site post is
 * React Router's to refuse), is read here at once and offered to `take` with its text. What `take`
 * answers is sent as a 303; when it answers null, the request goes on to React Router with the body
 * it read (res.locals.formBody, read again by fetchRequest). Any other request goes on unread.
 */
function formLane(
  path: RegExp,
  lane: LaneRoute,
  take: (match: RegExpExecArray, body: string, req: express.Request, res: express.Response) => Promise<LaneAnswer | null>,
): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const match = path.exec(req.url);
    const length = Number(req.headers["content-length"]);
    if (!match || !URLENCODED.test(req.headers["content-type"] ?? "") || !(length > 0 && length <= LANE_MAX_BYTES)) return next();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== requestUrl(req).origin) return next();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("error", next);
    req.once("end", () => {
      const body = Buffer.concat(chunks);
      res.locals.formBody = body;
      take(match, UTF8.decode(body), req, res).then((answer) => {
        if (!answer) return next();
        labelRoute(res, lane);
        res.status(303).location(answer.location).set("Cache-Control", "private, no-store").append("Set-Cookie", answer.cookies).end();
      }, next);
    });
  };
}

/**
 * The entry lane (decision 062): an entry posted to a campaign page, offered to enterInLane; what it
 * does not answer goes on to the page's action. The page's form posts to the page's own address,
 * so a referral link's query comes along (decision 067).
 */
const ENTRY_POST = /^\/campaign\/([a-z0-9]{8,40})\/?(\?.*)?$/;
app.use(
  formLane(ENTRY_POST, "entry-lane", ([, campaignId, search], body, req) =>
    enterInLane(campaignId!, body, req.headers.cookie, req.ip ?? null, search, req.headers["accept-language"]),
  ),
);

/**
 * The action lane (decision 077): a completion posted to an entry action, offered to completeInLane.
 * A refusal it computed goes on to the action route with its outcome (res.locals.actionLane, then
 * the load context), which answers it without running the completion again.
 */
const ACTION_POST = /^\/campaign\/([a-z0-9]{8,40})\/actions\/([a-z0-9]{8,40})\/?$/;
app.use(
  formLane(ACTION_POST, "action-lane", async ([, campaignId, actionId], body, req, res) => {
    const result = await completeInLane(campaignId!, actionId!, body, req.headers.cookie, req.ip ?? null, req.headers["accept-language"]);
    if (result?.kind === "handedOn") res.locals.actionLane = result.handOff;
    return result?.kind === "answered" ? result : null;
  }),
);

app.use(async (req, res, next) => {
  try {
    const request = fetchRequest(req, res);
    const context = loadContext(res.locals.cspNonce as string, res.locals.actionLane as ActionLaneOutcome | undefined);
    const response = await handleRequest(request, context);
    labelRoute(res, context.get(routePatternContext) ?? "unmatched");
    await sendResponse(req, res, response);
  } catch (error) {
    next(error);
  }
});

/**
 * Runs before the server accepts connections: migrations, seed, then the background job timer
 * (`jobs: false` in every worker process but the first, decision 059: the jobs' leases would keep
 * them correct anyway, but one timer is enough).
 */
export async function startup({ jobs = true }: { jobs?: boolean } = {}) {
  collectProcessMetrics();
  // A bucket that does not answer stops the start here, with one line (decision 058).
  await checkFileStore();
  await prepareDatabase();
  // A pass that froze, drew or changed anything else forgets the cached pages (decision 059).
  if (jobs && getConfig().JOBS_INTERVAL_MS > 0)
    startJobRunner(getConfig().JOBS_INTERVAL_MS, { afterPass: (summary) => describeJobsSummary(summary) && pageCache?.clear() });
}

/**
 * The sender process (decision 109): sends the outbox, nudged by the web workers through the primary,
 * and serves nothing. Started by server/index.js once worker 1 has prepared the database. Answers
 * its stop: the pass in progress finishes, then the connections close.
 */
export function runEmailSender(): () => Promise<void> {
  collectProcessMetrics();
  const sender = startEmailSender();
  process.on("message", (message: { type?: unknown } | null) => {
    if (message?.type === OUTBOX_NUDGE) sender.nudge();
  });
  log.info(`Giveawear: email sender running (pid ${process.pid})`);
  return async () => {
    await sender.stop();
    closeSmtpConnections();
    await disconnectDatabase();
  };
}

/**
 * Runs the entry path and renders a page before the worker listens, then sends requests through its
 * `listener` (app/server/startup/warm-up.server.ts, decision 113).
 */
export function warmUpWorker(listener?: RequestListener): Promise<void> {
  return warmUp(renderPublicPage, listener);
}

export async function shutdown() {
  // A job pass in progress finishes first, so nothing it claimed is left waiting for its lease to run out.
  await stopJobRunner();
  await flushPageViews();
  closeSmtpConnections();
  await disconnectDatabase();
}
