/**
 * How the server process starts (server/index.js): a production configuration it must not run with
 * stops it with one clear line and no stack, and outside production it listens on this machine
 * only, since the local mailbox shows everyone's sign-in codes.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { MIN_SESSION_SECRET_LENGTH } from "~/server/core/config.server";
import { DEMO_CHAIN, DEMO_CHAIN_INFO_JSON } from "~/server/draw/beacon.server";
import { type SpawnedServer, freePort, spawnAppServer } from "../helpers/app-server";

let server: SpawnedServer | undefined;

afterAll(async () => {
  await server?.close();
});

/** The local addresses with a listening TCP socket on `port`, from /proc/net/tcp and tcp6 (hex, as the kernel writes them). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Columns: sl, local_address (ADDR:PORT), rem_address, st (0A is LISTEN), ...
      .filter((columns) => columns[1]?.endsWith(`:${hexPort}`) && columns[3] === "0A")
      .map((columns) => columns[1]!.split(":")[0]!),
  );
}

/** Starts the server with `env` and answers its exit code and stderr; one that starts serving instead is stopped (code null). */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/index.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", WEB_CONCURRENCY: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const exited = once(child, "exit") as Promise<[number | null]>;
  // Either it exits, or it starts serving (which is the failure): then it is stopped.
  const started = (async () => {
    while (child.exitCode === null) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return true;
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
    }
    return false;
  })();
  const [code] = await Promise.race([exited, started.then((ok) => (ok ? ([null] as [null]) : exited))]);
  if (child.exitCode === null) {
    child.kill("SIGKILL");
    await exited;
  }
  return { code, stderr };
}

it("refuses to start in production with a short SESSION_SECRET: one line, no stack, exit code 1", async () => {
  const { code, stderr } = await refusedStart({ NODE_ENV: "production", SESSION_SECRET: "a" });
  expect(code).toBe(1);
  const lines = stderr.split("\n").filter((line) => line.includes("SESSION_SECRET"));
  expect(lines).toEqual([
    `Giveawear cannot start: SESSION_SECRET is too short for production: it needs at least ${MIN_SESSION_SECRET_LENGTH} characters and has 1 (generate one with \`openssl rand -hex 32\`).`,
  ]);
  expect(stderr).not.toMatch(/^\s+at /m);
}, 60_000);

it("refuses to start with a DRAND_CHAIN_INFO the draw could not use: one line, no stack, exit code 1", async () => {
  const { code, stderr } = await refusedStart({ DRAND_CHAIN_INFO: '{"public_key":"zz","period":3}' });
  expect(code).toBe(1);
  const lines = stderr.split("\n").filter((line) => line.includes("DRAND_CHAIN_INFO"));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Giveawear cannot start: /);
  expect(stderr).not.toMatch(/^\s+at /m);
}, 60_000);

it("refuses to start in production with a DRAND_CHAIN_INFO naming another chain than quicknet (decision 082): one line, exit code 1", async () => {
  const { code, stderr } = await refusedStart({
    NODE_ENV: "production",
    SESSION_SECRET: "s".repeat(MIN_SESSION_SECRET_LENGTH),
    DRAND_CHAIN_INFO: DEMO_CHAIN_INFO_JSON,
  });
  expect(code).toBe(1);
  const lines = stderr.split("\n").filter((line) => line.includes("DRAND_CHAIN_INFO"));
  expect(lines).toEqual([
    `Giveawear cannot start: DRAND_CHAIN_INFO names chain ${DEMO_CHAIN.hash} (the public demo chain), not drand quicknet: in production every real campaign's draw uses quicknet, pinned in the code, so unset DRAND_CHAIN_INFO.`,
  ]);
  expect(stderr).not.toMatch(/^\s+at /m);
}, 60_000);

it("listens on 127.0.0.1 only when HOST is not set outside production", async () => {
  const port = await freePort();
  server = await spawnAppServer(port, { HOST: "" });
  expect(server.output()).toContain(`listening on http://127.0.0.1:${port}`);
  // 0100007F is 127.0.0.1 (little-endian hex); 0.0.0.0 or :: would mean every interface.
  expect(listeningAddresses(port)).toEqual(["0100007F"]);
}, 120_000);
