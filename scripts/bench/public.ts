/**
 * The entrant side under load: the production build on 127.0.0.1, driven by autocannon.
 *   npm run bench:public                          (SQLite, 50 connections, 20 s per run)
 *   npm run bench:public -- --database postgres   (a new database on TEST_POSTGRES_URL's server)
 *   npm run bench:public -- --duration 5 --connections 20 --workers 1 --port 3950
 * Prints requests/s, p50/p99 latency and failures for GET of a campaign page by anonymous visitors
 * (plain, and through referral links each with its own ?ref=) and POST of entries with distinct emails, each from its own address (X-Forwarded-For behind
 * TRUST_PROXY: a spike is many phones), checks every acknowledged entry is in the database, and
 * compares both with a bare node:http handler doing the same work on the same database (ours ÷
 * bare), against the goals of decisions 059 and 062. Then entry actions (decision 077): POSTs of a
 * code action's right code, each by another confirmed entry (its own signed entered_ cookie), p99
 * against the same 100 ms, and every acknowledged completion checked in the database. The server runs as in production: WEB_CONCURRENCY workers
 * (default: one per core; --workers to choose). Works in a temporary DATA_DIR (and database); needs
 * `npm run build` first (npm run bench:public builds).
 *
 * Modes (decision 089), `--mode outbox|smtp|both` (default both): "outbox" is the above, with no
 * SMTP server, so entries' emails only wait in the outbox; "smtp" starts another server with
 * SMTP_URL pointing at a receiver in its own process (scripts/bench/smtp-sink.mjs), so every entry's
 * email is sent while the runs measure, then reports emails/s during the entry run, the outbox's
 * backlog at its end and the time until every email arrived, and checks each went out once.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Result } from "autocannon";
import { HONEYPOT_FIELD } from "../../app/domain/honeypot";
import { createPostgresDatabase } from "./postgres";
import { type BenchDatabase, type BenchServer, startBenchServer, stop, waitFor } from "./server";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    database: { type: "string", default: "sqlite" },
    workers: { type: "string" },
    // Two benches on one machine need ports of their own: this one and the next four.
    port: { type: "string", default: "3950" },
    mode: { type: "string", default: "both" },
  },
});
if (!["outbox", "smtp", "both"].includes(values.mode!)) throw new Error("--mode is outbox, smtp or both");
const runOutbox = values.mode !== "smtp";
const runSmtp = values.mode !== "outbox";
const duration = Number(values.duration);
const connections = Number(values.connections);
if (values.database !== "sqlite" && values.database !== "postgres") throw new Error("--database is sqlite or postgres");
const database = values.database as BenchDatabase;
const APP_PORT = Number(values.port);
const BARE_PORT = APP_PORT + 1;
const SMTP_APP_PORT = APP_PORT + 2;
const SINK_SMTP_PORT = APP_PORT + 3;
const SINK_HTTP_PORT = APP_PORT + 4;
const GOALS = { getRatio: 0.25, postRatio: 0.1, p99Ms: 100, rssMb: 300 };
/** The goals with real email flowing (decision 089). */
const SMTP_GOALS = { postRatio: 0.3, postP99Ms: 50, getRatio: 0.75, getP99Ms: 20, rssMb: 250, drainS: 60 };
/** The continuous entry runs from a load's start (after the restart, and on the warm server), in seconds, and how many warm ones. */
const START_RUN_S = 3;
const WARM_STARTS = 3;
/** How long the bench waits for the last email after the entry run. */
const DRAIN_LIMIT_MS = 120_000;
const bareDir = await mkdtemp(path.join(os.tmpdir(), "giveawear-bench-bare-"));

/** Resident memory of a process, from /proc (Linux); 0 elsewhere. */
function rssOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A server's processes: the primary and its children (web workers, the sender). */
function processTree(pid: number | undefined): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // not Linux: the primary alone
  }
  return [pid ?? 0, ...children];
}

/** The server's processes, each with its RSS in MB and its nice value (the sender's is raised, decision 118). */
function serverProcesses(pid: number | undefined): ServerProcess[] {
  return processTree(pid).map((p) => ({ pid: p, rssMb: rssOf(p), nice: niceOf(p) }));
}

interface ServerProcess {
  pid: number;
  rssMb: number;
  nice: number;
}

function niceOf(pid: number): number {
  try {
    return os.getPriority(pid);
  } catch {
    return 0;
  }
}

/** CPU time (user and system, ms) a process and its children have used, from /proc (Linux, 100 ticks a second); 0 elsewhere. */
function treeCpuMs(pid: number | undefined): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone, or not Linux
    }
  }
  return ticks * 10;
}

/**
 * The server's CPU time per request of each run (µs): on a machine shared with other work, requests/s
 * move with the neighbours, the CPU a request costs far less.
 */
const cpuPerRequest = new Map<Result, number>();
async function measured(pid: number | undefined, run: () => Promise<Result>): Promise<Result> {
  const before = treeCpuMs(pid);
  const result = await run();
  if (result.requests.total > 0) cpuPerRequest.set(result, ((treeCpuMs(pid) - before) * 1000) / result.requests.total);
  return result;
}

/** An email the outbox has still to send (or send again). */
const UNSENT = { status: { in: ["pending", "sending", "failed"] } };

/** Waits until the bench server's outbox has sent everything, or `limitMs` has passed. */
async function outboxDrained(limitMs: number): Promise<void> {
  const { getPrisma } = await import("../../app/server/core/db.server");
  const until = Date.now() + limitMs;
  while (Date.now() < until && (await getPrisma().outboundEmail.count({ where: UNSENT })) > 0)
    await new Promise((resolve) => setTimeout(resolve, 200));
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
    "server CPU µs/req": Math.round(cpuPerRequest.get(result) ?? NaN),
  };
}

function postRun(url: string, prefix: string, seconds = duration, firstAddress = 0, extraFields = "") {
  let n = firstAddress;
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (bench) Chrome/124.0" },
        // Each entrant a phone of its own: its own address, as a load balancer in front reports it
        // (TRUST_PROXY), so the per-address limit is the default and counts for real.
        setupRequest: (request) => {
          const i = n++;
          return {
            ...request,
            headers: { ...request.headers, "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
            body: `email=${prefix}${i}%40bench.example&agreedToTerms=on${extraFields}`,
          };
        },
      },
    ],
  });
}

/** One second of a continuous entry run: the answers that arrived in it and their latencies (ms). */
interface EntrySecond {
  answered: number;
  p50: number;
  p99: number;
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
}

/**
 * A continuous entry run of `seconds` with its answers counted by the second they arrived in
 * (autocannon's own percentiles are the whole run's): how the first second of a load compares with
 * the next ones, and with the first second of the same load on a warm server.
 */
async function entriesBySecond(url: string, prefix: string, seconds: number, firstAddress: number): Promise<EntrySecond[]> {
  const latencies: number[][] = Array.from({ length: seconds }, () => []);
  const started = performance.now();
  await postRun(url, prefix, seconds, firstAddress).on("response", (_client, _status, _bytes, responseTime) => {
    latencies[Math.floor((performance.now() - started) / 1000)]?.push(responseTime);
  });
  return latencies.map((second) => {
    const sorted = second.sort((a, b) => a - b);
    return { answered: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
  });
}

/**
 * Entry actions (decision 077): a campaign with a code action and ENTRANTS confirmed entries, each
 * completing it once with the right code, each request another entrant's (its signed cookie).
 */
async function actionCompletionRun(app: BenchServer): Promise<{ run: Result; stored: number }> {
  // Enough for the whole run at a few thousand completions a second: a repeat is a refusal (409), not what is measured.
  const ENTRANTS = 120_000;
  const campaignId = await app.createCampaign({ title: "Benchmark Actions" });
  const origin = app.origin;
  const { getPrisma } = await import("../../app/server/core/db.server");
  const { rememberEntry } = await import("../../app/server/entries/visitor.server");
  const prisma = getPrisma();
  const action = await prisma.entryAction.create({
    data: { campaignId, kind: "code", label: "Enter the code", bonus: 3, code: "BENCH24" },
  });
  const ids = Array.from({ length: ENTRANTS }, (_, i) => `bench${i.toString(36).padStart(12, "0")}`);
  const now = new Date();
  for (let i = 0; i < ids.length; i += 2000) {
    await prisma.entry.createMany({
      data: ids.slice(i, i + 2000).map((id) => ({
        id,
        campaignId,
        email: `${id}@bench.example`,
        emailNormalized: `${id}@bench.example`,
        agreedToTerms: true,
        confirmedAt: now,
      })),
    });
  }
  const cookies = await Promise.all(ids.map(async (id) => (await rememberEntry(campaignId, id)).split(";")[0]!));
  let next = 0;
  const run = await measured(app.process.pid, () =>
    autocannon({
      url: `${origin}/campaign/${campaignId}/actions/${action.id}`,
      connections,
      duration,
      requests: [
        {
          method: "POST",
          setupRequest: (request) => {
            const i = next++;
            return {
              ...request,
              headers: {
                "Content-Type": "application/x-www-form-urlencoded",
                "User-Agent": "Mozilla/5.0 (bench) Chrome/124.0",
                "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
                Cookie: cookies[i % ENTRANTS]!,
              },
              body: "code=bench24",
            };
          },
        },
      ],
    }),
  );
  if (next > ENTRANTS) console.warn(`action run: ${next} requests for ${ENTRANTS} entrants; the repeats were refused (409)`);
  const stored = await prisma.actionCompletion.count({ where: { actionId: action.id } });
  return { run, stored };
}

const browser = {
  "User-Agent": "Mozilla/5.0 (Linux; Android 10) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36",
  "Accept-Encoding": "gzip",
};

// ---- ours ----
const workers: Record<string, string> = values.workers ? { WEB_CONCURRENCY: values.workers } : {};
// The server's secret, known here too: the action run signs each entrant's entered_ cookie as the entry form would.
const SECRET = "bench-public-action-secret-0123456789abcdef0123456789";
process.env.SESSION_SECRET = SECRET;
const results: ReturnType<typeof row>[] = [];
let ours: { get: Result; post: Result } | undefined;
let stored = 0;
let actionRun: Result | undefined;
let actionRows = 0;
let processes: ServerProcess[] = [];
if (runOutbox) {
  const app = await startBenchServer(APP_PORT, "bench-public", { TRUST_PROXY: "true", SESSION_SECRET: SECRET, ...workers }, { database });
  try {
    const campaignId = await app.createCampaign();
    const pageUrl = `${app.origin}/campaign/${campaignId}`;
    await autocannon({ url: pageUrl, connections: 10, duration: 2, headers: browser }); // warm-up
    const get = await measured(app.process.pid, () => autocannon({ url: pageUrl, connections, duration, headers: browser }));
    // Referral links (decision 067): a different, well-formed ?ref= on every request, as many shared
    // links bring (or anyone wanting to miss the page cache); served from the same cached render.
    let refs = 0;
    const referral = await measured(app.process.pid, () =>
      autocannon({
        url: pageUrl,
        connections,
        duration,
        headers: browser,
        requests: [
          { setupRequest: (request) => ({ ...request, path: `/campaign/${campaignId}?ref=r${(refs++).toString(36).padStart(10, "0")}` }) },
        ],
      }),
    );
    const post = await measured(app.process.pid, () => postRun(pageUrl, "ours"));
    ({ run: actionRun, stored: actionRows } = await actionCompletionRun(app));
    processes = serverProcesses(app.process.pid);
    ours = { get, post };
    const { getPrisma } = await import("../../app/server/core/db.server");
    stored = await getPrisma().entry.count({ where: { campaignId } });
    results.push(
      row("ours GET /campaign/:id", get),
      row("ours GET ?ref=<each its own>", referral),
      row("ours POST entry", post),
      row("ours POST action (code)", actionRun),
    );
  } finally {
    await app.close();
  }
}

// ---- ours, with email flowing (decision 089) ----
interface SinkStats {
  messages: number;
  recipients: number;
  duplicates: number;
  lastAt: number;
}
interface SmtpRun {
  get: Result;
  post: Result;
  stored: number;
  emailsPerSecond: number;
  /** A continuous entry run started once /readyz said ready after a restart (a deploy), by the second. */
  afterRestart: EntrySecond[];
  /** The same run on the warm server, WARM_STARTS times: what starting a load costs without a deploy. */
  warmStarts: EntrySecond[][];
  backlogAtEnd: number;
  drainSeconds: number | null;
  sink: SinkStats;
  processes: ServerProcess[];
  sinkRssMb: number;
}
let smtpRun: SmtpRun | undefined;
if (runSmtp) {
  const sinkStats = async (): Promise<SinkStats> => (await (await fetch(`http://127.0.0.1:${SINK_HTTP_PORT}/`)).json()) as SinkStats;
  const sinkProcess = spawn(process.execPath, ["scripts/bench/smtp-sink.mjs", String(SINK_SMTP_PORT), String(SINK_HTTP_PORT)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitFor(`http://127.0.0.1:${SINK_HTTP_PORT}/`, sinkProcess);
    const app = await startBenchServer(
      SMTP_APP_PORT,
      "bench-public-smtp",
      { TRUST_PROXY: "true", SESSION_SECRET: SECRET, SMTP_URL: `smtp://127.0.0.1:${SINK_SMTP_PORT}`, ...workers },
      { database },
    );
    try {
      const campaignId = await app.createCampaign();
      const pageUrl = `${app.origin}/campaign/${campaignId}`;
      // A deploy while the campaign is live: entries by the second once /readyz says ready (every
      // worker warmed up, decisions 109 and 113), then the same load started again on the warm
      // server: its first second is what 50 connections opening at once cost anyway. From
      // addresses the later run does not use; their emails are sent before the runs below.
      // The load generator's own first seconds (autocannon's code compiling in this process) are not
      // the server's, and the warm runs below start with it warm: a run of bots' entry forms first
      // (honeypot filled: answered 303, nothing stored, no email), before the restart.
      await postRun(pageUrl, "bot", START_RUN_S, 15 << 20, `&${HONEYPOT_FIELD}=bench`);
      await app.restart();
      const afterRestart = await entriesBySecond(pageUrl, "first", START_RUN_S, 1 << 20);
      const warmStarts: EntrySecond[][] = [];
      for (let i = 0; i < WARM_STARTS; i++) warmStarts.push(await entriesBySecond(pageUrl, `warm${i}-`, START_RUN_S, (2 + i) << 20));
      await outboxDrained(DRAIN_LIMIT_MS);
      await autocannon({ url: pageUrl, connections: 10, duration: 2, headers: browser }); // warm-up
      const get = await measured(app.process.pid, () => autocannon({ url: pageUrl, connections, duration, headers: browser }));
      const before = await sinkStats();
      const post = await measured(app.process.pid, () => postRun(pageUrl, "smtp"));
      const after = await sinkStats();
      const runEnd = Date.now();
      const { getPrisma } = await import("../../app/server/core/db.server");
      const prisma = getPrisma();
      const backlogAtEnd = await prisma.outboundEmail.count({ where: UNSENT });
      // Until the sink has every entry's email (a refused one is retried by the job passes), or
      // DRAIN_LIMIT_MS. Counted again each time: the requests in flight as the run stopped are
      // still stored after it.
      let stored = 0;
      let drainSeconds: number | null = null;
      let sink = after;
      while (Date.now() - runEnd < DRAIN_LIMIT_MS) {
        sink = await sinkStats();
        stored = await prisma.entry.count({ where: { campaignId } });
        if (sink.recipients >= stored && (await prisma.outboundEmail.count({ where: UNSENT })) === 0) {
          drainSeconds = Math.max(0, sink.lastAt - runEnd) / 1000;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      smtpRun = {
        get,
        post,
        afterRestart,
        warmStarts,
        stored,
        emailsPerSecond: (after.messages - before.messages) / duration,
        backlogAtEnd,
        drainSeconds,
        sink,
        processes: serverProcesses(app.process.pid),
        sinkRssMb: rssOf(sinkProcess.pid),
      };
      results.push(row("ours+SMTP GET /campaign/:id", get), row("ours+SMTP POST entry", post));
    } finally {
      await app.close();
    }
  } finally {
    await stop(sinkProcess);
  }
}

// ---- bare ----
const bareDb = database === "postgres" ? await createPostgresDatabase(`giveawear_bench_bare_${process.pid}`) : null;
const bare = spawn(
  process.execPath,
  ["scripts/bench/bare-entry-server.mjs", bareDb?.url ?? path.join(bareDir, "bare.db"), String(BARE_PORT)],
  {
    stdio: ["ignore", "ignore", "inherit"],
  },
);
let bareResults: { get: Result; post: Result };
try {
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`, bare);
  const url = `http://127.0.0.1:${BARE_PORT}/campaign/bare`;
  await autocannon({ url, connections: 10, duration: 2 });
  const get = await measured(bare.pid, () => autocannon({ url, connections, duration }));
  const post = await measured(bare.pid, () => postRun(url, "bare"));
  bareResults = { get, post };
  results.push(row("bare GET", get), row("bare POST", post));
} finally {
  await stop(bare);
  await bareDb?.drop();
}
await rm(bareDir, { recursive: true, force: true });

const ratio = (a: Result, b: Result) => a.requests.average / b.requests.average;
/** How many times the bare handler's CPU a request of ours cost. */
const cpuRatio = (a: Result, b: Result) => ((cpuPerRequest.get(a) ?? NaN) / (cpuPerRequest.get(b) ?? NaN)).toFixed(1);
const verdict = (ok: boolean) => (ok ? "met" : "NOT MET");
const workerCount = (list: { pid: number }[]) => (list.length > 1 ? list.length - 1 : 1);
console.log(
  `\nbench:public — ${database}, mode ${values.mode}, ${connections} connections, ${duration} s per run, ${workerCount(processes.length ? processes : (smtpRun?.processes ?? []))} worker process(es), Node ${process.version}, ${os.cpus().length} CPUs\n`,
);
console.table(results);
let failed = false;
if (ours) {
  const acked = acknowledged(ours.post, "303");
  const lost = Math.max(0, acked - stored);
  const getRatio = ratio(ours.get, bareResults.get);
  const postRatio = ratio(ours.post, bareResults.post);
  const maxRss = Math.max(...processes.map((p) => p.rssMb));
  console.log(`entries acknowledged (303): ${acked}; rows in the database: ${stored}; lost: ${lost}`);
  console.log(`server memory after the runs (RSS per process, MB): ${processes.map((p) => p.rssMb.toFixed(0)).join(", ")}`);
  const actionAcked = actionRun ? acknowledged(actionRun, "303") : 0;
  console.log(`action completions acknowledged (303): ${actionAcked}; rows in the database: ${actionRows}`);
  console.log(`ours ÷ bare, requests/s: GET ${getRatio.toPrecision(2)}, POST ${postRatio.toPrecision(2)}`);
  console.log(
    `server CPU per request, ours ÷ bare: GET ${cpuRatio(ours.get, bareResults.get)}×, POST ${cpuRatio(ours.post, bareResults.post)}×`,
  );
  console.log("goals (decisions 059 and 062):");
  console.log(`  GET ≥ ${GOALS.getRatio}× bare: ${getRatio.toPrecision(2)} ${verdict(getRatio >= GOALS.getRatio)}`);
  console.log(`  POST ≥ ${GOALS.postRatio}× bare: ${postRatio.toPrecision(2)} ${verdict(postRatio >= GOALS.postRatio)}`);
  console.log(
    `  p99 ≤ ${GOALS.p99Ms} ms: GET ${ours.get.latency.p99} ms, POST ${ours.post.latency.p99} ms ${verdict(Math.max(ours.get.latency.p99, ours.post.latency.p99) <= GOALS.p99Ms)}`,
  );
  console.log(
    `  action completion p99 ≤ ${GOALS.p99Ms} ms (decision 077): p50 ${actionRun?.latency.p50} ms, p99 ${actionRun?.latency.p99} ms ${verdict((actionRun?.latency.p99 ?? Infinity) <= GOALS.p99Ms)}`,
  );
  console.log(`  every acknowledged completion stored: ${verdict(actionAcked <= actionRows)}`);
  console.log(`  RSS ≤ ${GOALS.rssMb} MB per process: ${maxRss.toFixed(0)} MB ${verdict(maxRss <= GOALS.rssMb)}`);
  console.log(`  every acknowledged entry stored: ${verdict(lost === 0)}`);
  // More rows than 303s: requests the client timed out on still completed.
  if (lost > 0 || actionAcked > actionRows) failed = true;
}
if (smtpRun) {
  const run = smtpRun;
  const acked = acknowledged(run.post, "303");
  const getRatio = ratio(run.get, bareResults.get);
  const postRatio = ratio(run.post, bareResults.post);
  const rss = [...run.processes.map((p) => p.rssMb), run.sinkRssMb];
  const maxRss = Math.max(...rss);
  const deliveredOnce = run.sink.recipients === run.stored && run.sink.duplicates === 0 && run.sink.messages === run.stored;
  console.log(`\nwith email flowing (SMTP to a receiver in its own process, decision 089):`);
  console.log(
    `  entries acknowledged (303): ${acked}; rows in the database: ${run.stored}; entries/s ${Math.round(run.post.requests.average)}`,
  );
  console.log(`  emails sent during the entry run: ${run.emailsPerSecond.toFixed(0)}/s; outbox backlog at its end: ${run.backlogAtEnd}`);
  console.log(
    `  server CPU per request (web workers and sender), ours ÷ bare: GET ${cpuRatio(run.get, bareResults.get)}×, POST ${cpuRatio(run.post, bareResults.post)}×`,
  );
  console.log(
    `  every email arrived ${run.drainSeconds === null ? `NOT within ${DRAIN_LIMIT_MS / 1000} s` : `${run.drainSeconds.toFixed(1)} s after the run`}; sink: ${run.sink.messages} messages, ${run.sink.recipients} distinct recipients, ${run.sink.duplicates} duplicates`,
  );
  console.log(
    `  RSS after the runs (MB): server ${run.processes.map((p) => p.rssMb.toFixed(0)).join(", ")} (nice ${run.processes.map((p) => p.nice).join(", ")}); SMTP receiver ${run.sinkRssMb.toFixed(0)}`,
  );
  console.log("goals with email flowing (decision 089), figures beside them:");
  console.log(
    `  entry POST ≥ ${SMTP_GOALS.postRatio}× bare and p99 ≤ ${SMTP_GOALS.postP99Ms} ms: ${postRatio.toPrecision(2)}×, p50 ${run.post.latency.p50} ms, p99 ${run.post.latency.p99} ms ${verdict(postRatio >= SMTP_GOALS.postRatio && run.post.latency.p99 <= SMTP_GOALS.postP99Ms)}`,
  );
  console.log(
    `  GET ≥ ${SMTP_GOALS.getRatio}× bare and p99 ≤ ${SMTP_GOALS.getP99Ms} ms: ${getRatio.toPrecision(2)}×, p50 ${run.get.latency.p50} ms, p99 ${run.get.latency.p99} ms ${verdict(getRatio >= SMTP_GOALS.getRatio && run.get.latency.p99 <= SMTP_GOALS.getP99Ms)}`,
  );
  console.log(`  RSS ≤ ${SMTP_GOALS.rssMb} MB per process: ${maxRss.toFixed(0)} MB ${verdict(maxRss <= SMTP_GOALS.rssMb)}`);
  const seconds = (run: EntrySecond[]) => run.map((s) => `${s.answered} (p50 ${s.p50}, p99 ${s.p99})`).join(", ");
  console.log(`  entries answered by the second, p50 and p99 in ms, from a load's start (${connections} connections):`);
  console.log(`    after a restart:         ${seconds(run.afterRestart)}`);
  for (const warm of run.warmStarts) console.log(`    on the warm server:      ${seconds(warm)}`);
  // Starting a load costs its first second on any server (every connection opens at once): the
  // deploy's first second is no slower when it is within what the warm server's first seconds span.
  const [first] = run.afterRestart;
  const warmFirsts = run.warmStarts.map(([second]) => second!);
  const noSlower =
    first !== undefined &&
    first.answered >= Math.min(...warmFirsts.map((s) => s.answered)) &&
    first.p99 <= Math.max(...warmFirsts.map((s) => s.p99));
  console.log(
    `  the first second after a restart no slower than a load's first second on the warm server: ${first?.answered ?? 0} entries, p99 ${first?.p99 ?? 0} ms; warm: ${warmFirsts.map((s) => `${s.answered}, p99 ${s.p99} ms`).join("; ")} ${verdict(noSlower)}`,
  );
  console.log(
    `  every email delivered within ${SMTP_GOALS.drainS} s of the run's end: ${verdict(run.drainSeconds !== null && run.drainSeconds <= SMTP_GOALS.drainS)}; none twice, one per stored entry: ${verdict(deliveredOnce)}`,
  );
  if (acked > run.stored || !deliveredOnce) failed = true;
}
if (failed) process.exitCode = 1;
