// Process entry: serves the Vite build, or with --dev mounts Vite's dev server.
import compression from "compression";
import express from "express";
import morgan from "morgan";

// `--dev` mounts Vite's dev server; otherwise the production build in build/ is served.
const DEVELOPMENT = process.argv.includes("--dev");
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
// Outside production the server answers this machine only: the dev mailbox shows sign-in codes.
const HOST = process.env.HOST || (process.env.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1");
const BUILD_DIR = process.env.BUILD_DIR || "build";

const server = express();
server.disable("x-powered-by");
server.use(compression());
server.use(morgan(DEVELOPMENT ? "dev" : "combined", { skip: (req) => req.url === "/healthz" }));

/** A configuration error (ConfigError) is the operator's to fix: its one-line message, no stack. */
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
  // VITE_CACHE_DIR: servers started side by side (the test suite) each keep their own dependency cache.
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true }, cacheDir: process.env.VITE_CACHE_DIR || undefined });
  server.use(viteDevServer.middlewares);
  // Checked before the app loads, so Vite does not report a bad configuration as a module error.
  const config = await viteDevServer.ssrLoadModule("./app/server/config.server.ts");
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
  // Built assets carry a content hash in their name, so they never change.
  server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  server.use(express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false }));
  mod = await import(new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href).catch(exitOnConfigError);
  server.use(mod.app);
}

await mod.startup().catch(exitOnConfigError);

const httpServer = server.listen(PORT, HOST, () => {
  console.log(`Giveawear listening on http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${PORT}`);
});

let closing = false;
function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received: finishing open requests, then exiting`);
  const force = setTimeout(() => {
    console.error("Shutdown took longer than 10 s; exiting");
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
