// The static files of a production build: served by server/index.js, and by the integration
// suite's in-process server (tests/helpers/app-server.ts, decision 071).
import { readdirSync } from "node:fs";
import path from "node:path";
import express from "express";

/** Express middleware answering the built client files of `buildDir`; anything else goes on to `next`. */
export function serveBuildFiles(buildDir) {
  // Built assets carry a content hash in their name, so they never change.
  const assets = express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" });
  // The few other files of the build (favicon, robots.txt, ...): listed once, so a page request
  // costs no file lookup.
  const publicFiles = new Set(listFiles(`${buildDir}/client`).filter((file) => !file.startsWith("/assets/")));
  const serveFile = express.static(`${buildDir}/client`, { maxAge: "1h", index: false });
  const router = express.Router();
  router.use("/assets", assets);
  router.use((req, res, next) => (publicFiles.has(req.path) ? serveFile(req, res, next) : next()));
  return router;
}

/** Every file under `dir`, as a URL path ("/favicon.svg"). */
function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
}
