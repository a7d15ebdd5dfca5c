// Process entry: serves the Vite build, or with --dev mounts Vite's dev server. Without --dev it
// runs WEB_CONCURRENCY worker processes (default: one per core) sharing the port (decision 059).
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import compression from "compression";
import express from "express";
import { serveBuildFiles } from "./build-files.js";
import { answerWorkersMetrics, shareWorkerMetrics } from "./cluster-metrics.js";
import { withWorkerHeapFlags } from "./worker-flags.js";

// `--dev` mounts Vite's dev server; otherwise the production build in build/ is served.
const DEVELOPMENT = process.argv.includes("--dev");
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
// Outside production the server answers this machine only: the dev mailbox shows sign-in codes.
const HOST = process.env.HOST || (process.env.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1");
const BUILD_DIR = process.env.BUILD_DIR || "build";
/** WEB_CONCURRENCY worker processes; by default one per core, one with --dev. */
const WORKERS = wholeNumberSetting("WEB_CONCURRENCY", DEVELOPMENT ? 1 : os.availableParallelism(), 1, 64);
// With SMTP_URL set, one more process sends the outbox and the web workers only queue (decision 109);
// EMAIL_SENDER=inline has each process send its own requests' email, as before.
const SENDER = !DEVELOPMENT && Boolean(process.env.SMTP_URL) && process.env.EMAIL_SENDER !== "inline";
/** How much lower the sender process's CPU priority is than the web workers' (decision 118): a nice increment. */
const SENDER_NICE = wholeNumberSetting("EMAIL_SENDER_NICE", 10, 0, 19);
/** What a web worker sends when it queued mail, passed on to the sender (app/server/email/delivery.server.ts, OUTBOX_NUDGE). */
const OUTBOX_NUDGE = "giveawear:outbox";
/** What the primary tells its web workers once all of them listen (app/server/startup/readiness.server.ts). */
const WORKERS_STARTED = "giveawear:workers-started";
/** What the sender process tells the primary once it runs. */
const SENDER_STARTED = "giveawear:sender-started";

/**
 * A whole-number setting from `min` to `max` (unset or empty: `fallback`). Any other value stops the
 * start with one line.
 */
function wholeNumberSetting(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`Giveawear cannot start: ${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
    process.exit(1);
  }
  return value;
}

if (cluster.isPrimary && !DEVELOPMENT && (WORKERS > 1 || SENDER)) await runPrimary();
else if (process.env.GIVEAWEAR_ROLE === "sender") await runSender();
else await runServer();

/**
 * The primary process only minds its workers. Worker 1 starts alone (it migrates the database and
 * runs the background jobs); the others, and the sender process when there is one, start once it
 * listens. A worker that dies is replaced; one that cannot start at all (a configuration error) stops
 * the server with its message. A sender that dies is replaced a second later.
 */
async function runPrimary() {
  // The log's chunk of the build alone, no app code: the workers' format and level (decision 083).
  const { rootLog: log } = await import(new URL(`../${BUILD_DIR}/server/log.js`, import.meta.url).href);
  let stopping = false;
  let started = 0;
  // Two malloc arenas (unless the operator chose): the native work on the thread pool (compression,
  // images, SQLite) otherwise spreads over one arena per thread, which costs resident memory.
  const MALLOC_ARENA_MAX = process.env.MALLOC_ARENA_MAX || "2";
  const fork = (index) => {
    const worker = cluster.fork({ GIVEAWEAR_WORKER: String(index), GIVEAWEAR_EMAIL_SENDER: SENDER ? "process" : "", MALLOC_ARENA_MAX });
    worker.once("listening", () => {
      worker.giveawearListening = true;
      if (index === 1 && started === 0) {
        for (let i = 2; i <= WORKERS; i++) fork(i);
        if (SENDER) forkSender();
      }
      started += 1;
      if (started === WORKERS) log.info(`Giveawear: ${WORKERS} workers listening`);
      announceIfStarted();
    });
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      if (!worker.giveawearListening) {
        log.error(`Giveawear: worker ${index} could not start (exit code ${code ?? signal})`);
        shutdownWorkers(code || 1);
        return;
      }
      log.error(`Giveawear: worker ${index} exited (${signal ?? `code ${code}`}); starting another`);
      fork(index);
    });
  };
  let sender;
  let senderStarted = false;
  // Ready (/readyz) once every worker listens and the sender, if any, runs: their start-up would
  // otherwise take the CPU from the first visitors. A replacement is told as soon as it listens.
  const announceIfStarted = () => {
    if (started < WORKERS || (SENDER && !senderStarted)) return;
    for (const each of Object.values(cluster.workers ?? {})) {
      if (each?.giveawearListening && each.isConnected()) each.send({ type: WORKERS_STARTED }, undefined, {}, () => {});
    }
  };
  const forkSender = () => {
    sender = cluster.fork({ GIVEAWEAR_ROLE: "sender", MALLOC_ARENA_MAX });
    sender.on("message", (message) => {
      if (message?.type !== SENDER_STARTED || senderStarted) return;
      senderStarted = true;
      announceIfStarted();
    });
    sender.once("exit", (code, signal) => {
      sender = undefined;
      if (stopping) return;
      log.error(`Giveawear: the email sender exited (${signal ?? `code ${code}`}); starting another`);
      setTimeout(() => stopping || forkSender(), 1000).unref();
    });
  };
  // A web worker queued mail: the sender starts a pass (or looks again within a second anyway).
  cluster.on("message", (_worker, message) => {
    if (message?.type === OUTBOX_NUDGE && sender?.isConnected()) sender.send(message, undefined, {}, () => {});
  });
  function shutdownWorkers(exitCode) {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    const done = () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(exitCode);
    cluster.on("exit", done);
    done();
  }
  const onSignal = (signal) => {
    if (stopping) return;
    log.info(`${signal} received: stopping the workers`);
    shutdownWorkers(0);
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
  // V8's heap sizes for the workers, unless the operator chose them (decision 062).
  cluster.setupPrimary({ execArgv: withWorkerHeapFlags(process.execArgv, process.env.NODE_OPTIONS) });
  // A scrape of /metrics in any worker answers every worker's series, summed here (decision 084).
  answerWorkersMetrics();
  fork(1);
}

/** The sender process (decision 109): sends the outbox until SIGTERM, serves nothing. */
async function runSender() {
  shareWorkerMetrics();
  const mod = await import(new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href);
  // Below the web workers from here on (decision 118): in a spike the entry path has the cores first,
  // and the sender uses what they leave; once the spike passes it has them all. Only once the app is
  // loaded: that runs at full speed, and the primary's readiness waits for it. Before the first pass
  // and the "email sender running" line. Linux sets a nice value per thread; this is the one that
  // composes and sends (nodemailer) and runs the outbox's queries.
  if (SENDER_NICE > 0) {
    try {
      os.setPriority(Math.min(19, os.getPriority() + SENDER_NICE));
    } catch (error) {
      console.error(`Giveawear: the email sender runs at the web workers' priority (${error instanceof Error ? error.message : error})`);
    }
  }
  const stop = mod.runEmailSender();
  process.send?.({ type: SENDER_STARTED });
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await stop();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

/** One server process: the whole app. Under the primary, only worker 1 runs the background jobs. */
async function runServer() {
  const firstWorker = !cluster.isWorker || process.env.GIVEAWEAR_WORKER === "1";
  // The primary may ask for this process's series from now on, while the app still loads (decision 084).
  if (cluster.isWorker) shareWorkerMetrics();

  const server = express();
  server.disable("x-powered-by");
  server.use(compression());

  /**
   * A configuration error (ConfigError) is the operator's to fix: its one-line message, no stack,
   * as plain text on stderr, not a log line (the logger may be what the configuration got wrong).
   */
  function exitOnConfigError(error) {
    if (error instanceof Error && error.name === "ConfigError") {
      console.error(`Giveawear cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let mod;
  if (DEVELOPMENT) {
    const vite = await import("vite");
    // VITE_CACHE_DIR: dev servers started side by side each keep their own dependency cache.
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true }, cacheDir: process.env.VITE_CACHE_DIR || undefined });
    server.use(viteDevServer.middlewares);
    // Checked before the app loads, so Vite does not report a bad configuration as a module error.
    const config = await viteDevServer.ssrLoadModule("./app/server/core/config.server.ts");
    try {
      config.getConfig();
    } catch (error) {
      exitOnConfigError(error);
    }
    mod = await viteDevServer.ssrLoadModule("./server/app.ts");
    server.use(async (req, res, next) => {
      try {
        const source = await viteDevServer.ssrLoadModule("./server/app.ts");
        return await source.app(req, res, next);
      } catch (error) {
        if (typeof error === "object" && error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    server.use(serveBuildFiles(BUILD_DIR));
    mod = await import(new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href).catch(exitOnConfigError);
    server.use(mod.app);
  }

  await mod.startup({ jobs: firstWorker }).catch(exitOnConfigError);

  // The process's logger, the one the app's modules log through (decision 083).
  const log = mod.rootLog;
  // Every request first gets its id and its access line (decision 083); then the anonymous campaign
  // page and its view beacon are answered before Express (decision 059).
  /** @type {import("node:http").RequestListener} */
  const listener = (req, res) => {
    mod.logRequest(req, res, () => mod.servePublicPage(req, res, () => server(req, res)));
  };
  // The first visitors after a deploy are not the ones who pay for compiling the entry path (issue 31):
  // it runs, and requests go through this listener, before the worker listens (decision 113).
  if (!DEVELOPMENT) await mod.warmUpWorker(listener);
  const httpServer = http.createServer(listener);
  // An idle keep-alive connection is kept 65 s (Node's default is 5 s), longer than the usual 60 s idle
  // timeout of the proxies and load balancers in front: a client that reuses a connection just as the
  // server drops it gets a reset (a proxy answers 502). headersTimeout must exceed it. close() still
  // ends idle connections at once on shutdown.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  httpServer.listen(PORT, HOST, () => {
    const where = `http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${PORT}`;
    log.info(`Giveawear listening on ${where}${cluster.isWorker ? ` (worker ${process.env.GIVEAWEAR_WORKER}, pid ${process.pid})` : ""}`);
  });

  let closing = false;
  function shutdown(signal) {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: finishing open requests, then exiting`);
    // process.exit writes out whatever the log still holds (pino's destination flushes on exit).
    const force = setTimeout(() => {
      log.error("Shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    httpServer.close(async () => {
      try {
        await mod.shutdown();
      } finally {
        process.exit(0);
      }
    });
    httpServer.closeIdleConnections?.();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
