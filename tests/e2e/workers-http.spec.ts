import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { APP_PORT } from "../../playwright.config";

// WEB_CONCURRENCY (decision 059): the production server as worker processes sharing one
// port. Starts its own server from the build on another port and database; no browser, so one
// Playwright project only (see playwright.config.ts).
const PORT = APP_PORT + 40;

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "giveawear-workers-"));
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${dataDir}/app.db`,
      SESSION_SECRET: "workers-test-session-secret-0123456789abcdef",
      DEMO_DATA: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    /** Worker number → pid, from the workers' "listening" lines. */
    workers: () => new Map([...output.matchAll(/\(worker (\d+), pid (\d+)\)/g)].map((m) => [Number(m[1]), Number(m[2])])),
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test.describe("worker processes", () => {
  test.describe.configure({ timeout: 90_000 });

  test("two workers share the port, a worker that dies is replaced, and SIGTERM stops them all", async ({ request }) => {
    const server = startServer({ WEB_CONCURRENCY: "2" });
    try {
      await expect.poll(server.output, { timeout: 60_000 }).toContain("Giveawear: 2 workers listening");
      const first = server.workers();
      expect([...first.keys()].sort()).toEqual([1, 2]);
      expect((await request.get(`http://127.0.0.1:${PORT}/healthz`)).status()).toBe(200);

      // Worker 2 killed outright: another takes its place, and the port answers throughout.
      const killed = first.get(2) ?? 0;
      process.kill(killed, "SIGKILL");
      await expect.poll(server.output, { timeout: 30_000 }).toMatch(/worker 2 exited \(SIGKILL\); starting another/);
      await expect.poll(() => server.workers().get(2), { timeout: 30_000 }).not.toBe(killed);
      expect(alive(server.workers().get(2) ?? 0)).toBe(true);
      for (let i = 0; i < 20; i++) expect((await request.get(`http://127.0.0.1:${PORT}/start`)).status()).toBe(200);

      const pids = [...server.workers().values()];
      server.child.kill("SIGTERM");
      const [code] = await once(server.child, "exit");
      expect(code).toBe(0);
      for (const pid of pids) await expect.poll(() => alive(pid)).toBe(false);
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      server.cleanup();
    }
  });

  for (const [setting, value, range] of [
    ["WEB_CONCURRENCY", "lots", "from 1 to 64"],
    ["EMAIL_SENDER_NICE", "20", "from 0 to 19"],
  ] as const) {
    test(`a ${setting} out of its range (${value}) stops the start with one line`, async () => {
      const server = startServer({ [setting]: value });
      try {
        const [code] = await once(server.child, "exit");
        expect(code).toBe(1);
        expect(server.output().trim()).toBe(`Giveawear cannot start: ${setting} must be a whole number ${range} (got "${value}").`);
      } finally {
        server.cleanup();
      }
    });
  }
});
