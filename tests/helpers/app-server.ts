/**
 * The whole app behind a real HTTP listener on 127.0.0.1, for tests that need what only HTTP
 * shows: many connections at once, headers, a process that dies mid-burst.
 *
 * - startAppServer(): in this process, through Vite's SSR loader (the same path as `npm run dev`),
 *   against the test file's database.
 * - spawnAppServer(): a separate `node server/index.js --dev` process that a test may SIGKILL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";

/**
 * Vite's dependency cache for the servers this test process starts. Test files run in parallel
 * processes, and Vite servers sharing node_modules/.vite re-optimise it over each other (one
 * deletes the folder another is reading: ENOTEMPTY), so each process and each spawned server gets
 * its own.
 */
const viteCaches = mkdtempSync(path.join(os.tmpdir(), "giveawear-vite-"));

/** Deletes this process's Vite caches; the integration setup calls it after each test file. */
export function removeViteCaches(): void {
  // A Vite server that is still shutting down may write one last optimiser folder meanwhile
  // (ENOTEMPTY): retry, and never fail a test file over leftover temporary files.
  try {
    rmSync(viteCaches, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (error) {
    console.warn(`[tests] could not remove ${viteCaches}:`, error);
  }
}

/** A fresh cache folder, for one Vite server (pass it to a spawned `server/index.js --dev` as VITE_CACHE_DIR). */
export function viteCacheDir(): string {
  return mkdtempSync(path.join(viteCaches, "server-"));
}

const processViteCache = viteCacheDir();

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
  /** The server's modules are Vite's copies: after changing process.env, re-read the config there. */
  resetConfig(): Promise<void>;
}

/**
 * `production: true` mounts server/app.ts alone, as server/index.js does in production, without
 * Vite's dev middlewares in front (which would answer some requests themselves). `unixSocket`: the
 * same app also listens on that socket path, for connections that come from no IP address at all.
 */
export async function startAppServer({
  production = false,
  unixSocket,
}: { production?: boolean; unixSocket?: string } = {}): Promise<InProcessAppServer> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
    cacheDir: processViteCache,
  });
  const source = (await vite.ssrLoadModule("./server/app.ts")) as { app: express.Express };
  const handler = (production ? express() : express().use(vite.middlewares)).use(source.app);
  const server = handler.listen(0, "127.0.0.1");
  await once(server, "listening");
  const socketServer = unixSocket ? handler.listen(unixSocket) : null;
  if (socketServer) await once(socketServer, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async resetConfig() {
      const config = (await vite.ssrLoadModule("./app/server/core/config.server.ts")) as { resetConfigForTests(): void };
      config.resetConfigForTests();
    },
    async close() {
      for (const listening of socketServer ? [server, socketServer] : [server]) {
        listening.closeAllConnections();
        await new Promise<void>((resolve) => listening.close(() => resolve()));
      }
      await vite.close();
    },
  };
}

export interface SpawnedServer extends AppServer {
  process: ChildProcess;
  output(): string;
}

/** A separate server process on `port`, sharing this process's environment (and so its database). */
export async function spawnAppServer(port: number, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ["server/index.js", "--dev"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", VITE_CACHE_DIR: viteCacheDir(), ...env },
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
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
    },
  };
}
