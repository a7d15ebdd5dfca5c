/**
 * The entrant side under load: the production build on 127.0.0.1, driven by autocannon.
 *   npm run bench:public                      (50 connections, 20 s per run)
 *   npm run bench:public -- --duration 5 --connections 20
 * Prints requests/s, p50/p99 latency and failures for GET of a campaign page and POST of entries
 * with distinct emails, checks every acknowledged entry is in the database, and compares both
 * with a bare node:http + better-sqlite3 handler doing the same work (ours ÷ bare).
 * Works in a temporary DATA_DIR with its own SQLite database; needs `npm run build` first.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Result } from "autocannon";
import { startBenchServer, stop, waitFor } from "./server";

const { values } = parseArgs({
  options: { duration: { type: "string", default: "20" }, connections: { type: "string", default: "50" } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const APP_PORT = 3950;
const BARE_PORT = 3951;
const bareDir = await mkdtemp(path.join(os.tmpdir(), "giveawear-bench-bare-"));

function rssOf(pid: number | undefined): number {
  // Resident memory of the server process, from /proc (Linux); 0 elsewhere.
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function failures(result: Result): number {
  const bad = Object.entries(result.statusCodeStats).filter(([code]) => Number(code) >= 400);
  return bad.reduce((sum, [, stat]) => sum + stat.count, 0) + result.errors + result.timeouts;
}

function acknowledged(result: Result, status: string): number {
  return result.statusCodeStats[status]?.count ?? 0;
}

function row(name: string, result: Result) {
  return {
    run: name,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "non-2xx/3xx": failures(result),
  };
}

function postRun(url: string, prefix: string) {
  let n = 0;
  return autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (bench) Chrome/124.0" },
        setupRequest: (request) => ({ ...request, body: `email=${prefix}${n++}%40bench.example&agreedToTerms=on` }),
      },
    ],
  });
}

const browser = {
  "User-Agent": "Mozilla/5.0 (Linux; Android 10) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36",
  "Accept-Encoding": "gzip",
};

// ---- ours ----
const app = await startBenchServer(APP_PORT, "bench-public", { ENTRY_LIMIT_PER_IP: "100000000" });
const results: ReturnType<typeof row>[] = [];
let ours: { get: Result; post: Result };
let stored = 0;
let rss = 0;
try {
  const campaignId = await app.createCampaign();
  const pageUrl = `${app.origin}/campaign/${campaignId}`;
  await autocannon({ url: pageUrl, connections: 10, duration: 2, headers: browser }); // warm-up
  const get = await autocannon({ url: pageUrl, connections, duration, headers: browser });
  const post = await postRun(pageUrl, "ours");
  rss = rssOf(app.process.pid);
  ours = { get, post };
  const { getPrisma } = await import("../../app/server/db.server");
  stored = await getPrisma().entry.count({ where: { campaignId } });
  results.push(row("ours GET /campaign/:id", get), row("ours POST entry", post));
} finally {
  await app.close();
}

// ---- bare ----
const bare = spawn(process.execPath, ["scripts/bench/bare-entry-server.mjs", path.join(bareDir, "bare.db"), String(BARE_PORT)], {
  stdio: ["ignore", "ignore", "inherit"],
});
let bareResults: { get: Result; post: Result };
try {
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`, bare);
  const url = `http://127.0.0.1:${BARE_PORT}/campaign/bare`;
  await autocannon({ url, connections: 10, duration: 2 });
  const get = await autocannon({ url, connections, duration });
  const post = await postRun(url, "bare");
  bareResults = { get, post };
  results.push(row("bare GET", get), row("bare POST", post));
} finally {
  await stop(bare);
}
await rm(bareDir, { recursive: true, force: true });

const acked = acknowledged(ours.post, "303");
console.log(`\nbench:public — ${connections} connections, ${duration} s per run, Node ${process.version}, ${os.cpus().length} CPUs\n`);
console.table(results);
console.log(`entries acknowledged (303): ${acked}; rows in the database: ${stored}; lost: ${Math.max(0, acked - stored)}`);
console.log(`server memory after the runs (RSS): ${rss.toFixed(0)} MB`);
const ratio = (a: Result, b: Result) => (a.requests.average / b.requests.average).toPrecision(2);
console.log(
  `ours ÷ bare, requests/s: GET ${ratio(ours.get, bareResults.get)}, POST ${ratio(ours.post, bareResults.post)} (goal POST ≥ 0.30)`,
);
if (acked > stored) process.exitCode = 1;
