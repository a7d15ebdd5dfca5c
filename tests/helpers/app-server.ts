/**
 * The whole app behind a real HTTP listener on 127.0.0.1, for tests that need what only HTTP
 * shows: many connections at once, headers, a process that dies mid-burst. Both serve the
 * production build in BUILD_DIR (default build/), which the integration suite's global setup makes
 * once per run when the sources changed (scripts/build-once.ts, decision 071): a Vite dev server per
 * test file cost 15-30 s of start-up each.
 *
 * - startAppServer(): in this process, the build's Express app and static files (as server/index.js
 *   mounts them), against the test file's database.
 * - spawnAppServer(): a separate `node server/index.js` process that a test may SIGKILL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import { serveBuildFiles } from "../../server/build-files.js";

const BUILD_DIR = process.env.BUILD_DIR || "build";

/** A TCP port nothing listens on right now, for a server a test spawns. */
export async function freePort(): Promise<number> {
  const probe = createNetServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

export interface InProcessAppServer extends AppServer {
  /** The server's modules are the build's copies: after changing process.env, re-read the config there. */
  resetConfig(): Promise<void>;
}

interface BuiltServer {
  app: express.Express;
  resetConfigForTests(): void;
}

/**
 * `unixSocket`: the same app also listens on that socket path, for connections that come from no IP
 * address at all. The build is loaded once per test file (each runs in a process of its own), when
 * its first server starts: the app reads its configuration as it loads.
 */
export async function startAppServer({ unixSocket }: { unixSocket?: string } = {}): Promise<InProcessAppServer> {
  const built = (await import(pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href)) as BuiltServer;
  const handler = express().use(serveBuildFiles(BUILD_DIR)).use(built.app);
  const server = handler.listen(0, "127.0.0.1");
  await once(server, "listening");
  const socketServer = unixSocket ? handler.listen(unixSocket) : null;
  if (socketServer) await once(socketServer, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async resetConfig() {
      built.resetConfigForTests();
    },
    async close() {
      for (const listening of socketServer ? [server, socketServer] : [server]) {
        listening.closeAllConnections();
        await new Promise<void>((resolve) => listening.close(() => resolve()));
      }
    },
  };
}

/** A line of the server's structured log (decision 083), as JSON parses it. */
export interface LogLine {
  level: string;
  msg: string;
  reqId?: string;
  jobId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number; pageCache?: string };
  [field: string]: unknown;
}

export interface SpawnedServer extends AppServer {
  process: ChildProcess;
  output(): string;
  /** Every line the server has written so far, each parsed as JSON (a line that is not throws). */
  logLines(): LogLine[];
}

/**
 * A separate server process on `port` serving the build, sharing this process's environment (and so
 * its database); one worker process unless `env` sets WEB_CONCURRENCY.
 */
export async function spawnAppServer(port: number, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ["server/index.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BUILD_DIR, WEB_CONCURRENCY: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    output: () => output,
    logLines: () =>
      output
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => {
          try {
            return JSON.parse(line) as LogLine;
          } catch {
            throw new Error(`not a JSON line: ${line}`);
          }
        }),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
    },
  };
}
