/**
 * npm run bench:draw [-- --entries 1000000] [-- --no-postgres]
 *
 * Seeds a campaign with 1,000,000 entries (about 10% holding referral bonus entries) into a
 * temporary SQLite database and, when PostgreSQL answers on TEST_POSTGRES_URL (default
 * postgresql://postgres@127.0.0.1:5432/postgres), into a temporary database giveawear_bench_<pid>;
 * then times drawCampaign and the verification (scripts/verify-draw.ts) each in a fresh process,
 * as a server or the CLI would run them, and prints wall time and peak memory (the process's
 * maximum resident set size, Prisma and all, next to what the process held before the step: the
 * tsx loader and the Prisma client account for most of that). Goal: under 2 s and 256 MB each.
 * Everything it creates is removed afterwards.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import { CampaignStatus } from "../../app/domain/campaign-status";

const GOAL_MS = 2000;
const GOAL_MB = 256;
const DAY = 24 * 60 * 60 * 1000;
const CAMPAIGN_ID = "benchdrawcampaign000001";
const POSTGRES_SERVER = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const thisFile = fileURLToPath(import.meta.url);
const repoRoot = path.resolve(path.dirname(thisFile), "../..");

interface ChildReport {
  ms: number;
  peakMb: number;
  baseMb: number;
  detail: string;
  ok: boolean;
}

// ---------------------------------------------------------------------------------------------
// Child: one measured operation in a fresh process
// ---------------------------------------------------------------------------------------------

async function child(operation: string, url: string, campaignId: string): Promise<void> {
  process.env.DATABASE_URL = url;
  const { drawCampaign } = await import("../../app/server/draw/run.server");
  const { verifyDraw } = await import("../verify-draw");
  const { prisma, disconnectPrisma } = await import("../../app/server/db.server");
  await prisma.$queryRaw`SELECT 1`;
  const baseMb = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  let detail: string;
  let ok: boolean;
  if (operation === "draw") {
    const outcome = await drawCampaign(campaignId);
    ok = outcome.kind === "drawn";
    detail = outcome.kind === "drawn" ? `winners ${outcome.winners.map((w) => `${w.rank}:${w.entryId}`).join(" ")}` : outcome.kind;
  } else {
    const result = await verifyDraw(campaignId);
    ok = result.ok;
    detail = `${result.ok ? "MATCH" : "MISMATCH"} (${result.checks.length} checks over ${result.entries} entries)`;
  }
  const ms = performance.now() - started;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  await disconnectPrisma();
  const report: ChildReport = { ms, peakMb, baseMb, detail, ok };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

function runChild(operation: string, url: string, dataDir: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", thisFile, "--child", operation, url, CAMPAIGN_ID], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, JOBS_INTERVAL_MS: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    proc.on("error", reject);
    proc.on("exit", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code !== 0 || !line.startsWith("{")) reject(new Error(`${operation} child failed (${code}):\n${out}\n${err}`));
      else resolve(JSON.parse(line) as ChildReport);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** cuid2-shaped ids (24 characters, a letter first) without cuid2's per-id cost. */
function fakeIds(count: number): string[] {
  const bytes = randomBytes(count * 23);
  const ids = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    let id = ID_ALPHABET[bytes[i * 23]! % 26]!;
    for (let k = 1; k < 23; k++) id += ID_ALPHABET[bytes[i * 23 + k]! % 36]!;
    ids[i] = `${id}${ID_ALPHABET[i % 36]}`;
  }
  return ids;
}

interface SeedEntry {
  id: string;
  email: string;
  bonusEntries: number;
  createdAt: Date;
}

/** A week of entries; about one in ten referred friends (3 bonus entries each, up to 30). */
function* entryChunks(total: number, chunkSize: number, start: Date): Generator<SeedEntry[]> {
  const span = 7 * DAY;
  for (let first = 0; first < total; first += chunkSize) {
    const size = Math.min(chunkSize, total - first);
    const ids = fakeIds(size);
    const chunk: SeedEntry[] = new Array<SeedEntry>(size);
    for (let k = 0; k < size; k++) {
      const i = first + k;
      const referrer = Math.random() < 0.1;
      chunk[k] = {
        id: ids[k]!,
        email: `fan${i}@bench.test`,
        bonusEntries: referrer ? 3 * (1 + Math.floor(Math.random() ** 3 * 10)) : 0,
        // Whole milliseconds, increasing, with a few entries sharing a millisecond.
        createdAt: new Date(start.getTime() + Math.floor((i * span) / total)),
      };
    }
    yield chunk;
  }
}

function campaignValues(now: Date) {
  const seed = randomBytes(32).toString("hex");
  return {
    seed,
    commitment: createHash("sha256").update(seed).digest("hex"),
    start: new Date(now.getTime() - 8 * DAY),
    end: new Date(now.getTime() - DAY),
  };
}

async function seedSqlite(url: string, entries: number): Promise<void> {
  const file = url.replace(/^file:/, "");
  const db = new Database(file);
  const now = new Date();
  const c = campaignValues(now);
  const iso = (date: Date) => date.toISOString().replace("Z", "+00:00");
  db.prepare(
    `INSERT INTO "Campaign" ("id", "status", "title", "startDate", "durationDays", "endDate", "drawSeed", "drawCommitment", "createdAt", "updatedAt", "entryCount")
     VALUES (?, ?, 'Bench giveaway', ?, 7, ?, ?, ?, ?, ?, ?)`,
  ).run(CAMPAIGN_ID, CampaignStatus.active, iso(c.start), iso(c.end), c.seed, c.commitment, iso(c.start), iso(now), entries);
  const prize = db.prepare(`INSERT INTO "AdditionalPrize" ("id", "campaignId", "rank", "title") VALUES (?, ?, ?, ?)`);
  prize.run("benchprize2", CAMPAIGN_ID, 2, "Second prize");
  prize.run("benchprize3", CAMPAIGN_ID, 3, "Third prize");
  const insert = db.prepare(
    `INSERT INTO "Entry" ("id", "campaignId", "email", "emailNormalized", "agreedToTerms", "bonusEntries", "createdAt") VALUES (?, ?, ?, ?, 1, ?, ?)`,
  );
  const insertChunk = db.transaction((chunk: SeedEntry[]) => {
    for (const e of chunk) insert.run(e.id, CAMPAIGN_ID, e.email, e.email, e.bonusEntries, iso(e.createdAt));
  });
  for (const chunk of entryChunks(entries, 50_000, c.start)) insertChunk(chunk);
  db.close();
}

/** timestamp(3) columns hold UTC without a zone; ISO text keeps node-postgres from applying the local one. */
const utc = (date: Date) => date.toISOString().replace("Z", "");

async function seedPostgres(url: string, entries: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = new Date();
    const c = campaignValues(now);
    await client.query(
      `INSERT INTO "Campaign" ("id", "status", "title", "startDate", "durationDays", "endDate", "drawSeed", "drawCommitment", "createdAt", "updatedAt", "entryCount")
       VALUES ($1, $8, 'Bench giveaway', $2, 7, $3, $4, $5, $2, $6, $7)`,
      [CAMPAIGN_ID, utc(c.start), utc(c.end), c.seed, c.commitment, utc(now), entries, CampaignStatus.active],
    );
    await client.query(
      `INSERT INTO "AdditionalPrize" ("id", "campaignId", "rank", "title") VALUES ('benchprize2', $1, 2, 'Second prize'), ('benchprize3', $1, 3, 'Third prize')`,
      [CAMPAIGN_ID],
    );
    for (const chunk of entryChunks(entries, 50_000, c.start)) {
      await client.query(
        `INSERT INTO "Entry" ("id", "campaignId", "email", "emailNormalized", "agreedToTerms", "bonusEntries", "createdAt")
         SELECT u.id, $1, u.email, u.email, true, u.bonus, u.created
         FROM unnest($2::text[], $3::text[], $4::int[], $5::timestamp(3)[]) AS u(id, email, bonus, created)`,
        [
          CAMPAIGN_ID,
          chunk.map((e) => e.id),
          chunk.map((e) => e.email),
          chunk.map((e) => e.bonusEntries),
          chunk.map((e) => utc(e.createdAt)),
        ],
      );
    }
    await client.query(`ANALYZE "Entry"`);
  } finally {
    await client.end();
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function onPostgresServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

interface Row {
  database: string;
  seedS: number;
  draw: ChildReport;
  verify: ChildReport;
}

async function benchOne(
  name: string,
  url: string,
  entries: number,
  dataDir: string,
  seed: (url: string, entries: number) => Promise<void>,
): Promise<Row> {
  const { migrate } = await import("../../app/server/migrate.server");
  await migrate(url);
  const seeding = performance.now();
  process.stdout.write(`${name}: seeding ${entries.toLocaleString("en-US")} entries… `);
  await seed(url, entries);
  const seedS = (performance.now() - seeding) / 1000;
  process.stdout.write(`${seedS.toFixed(1)} s\n`);
  const draw = await runChild("draw", url, dataDir);
  console.log(
    `${name}: draw   ${draw.ms.toFixed(0)} ms, peak ${draw.peakMb.toFixed(0)} MB (${draw.baseMb.toFixed(0)} MB before): ${draw.detail}`,
  );
  const verify = await runChild("verify", url, dataDir);
  console.log(
    `${name}: verify ${verify.ms.toFixed(0)} ms, peak ${verify.peakMb.toFixed(0)} MB (${verify.baseMb.toFixed(0)} MB before): ${verify.detail}`,
  );
  return { database: name, seedS, draw, verify };
}

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf("--entries");
  const entries = at === -1 ? 1_000_000 : Number(argv[at + 1]);
  if (!Number.isInteger(entries) || entries < 1) throw new Error("--entries needs a positive whole number");
  const dir = await mkdtemp(path.join(os.tmpdir(), "giveawear-bench-draw-"));
  const rows: Row[] = [];
  try {
    rows.push(await benchOne("SQLite", `file:${path.join(dir, "bench.db")}`, entries, dir, seedSqlite));
    await rm(path.join(dir, "bench.db"), { force: true });

    if (argv.includes("--no-postgres")) console.log("PostgreSQL: skipped (--no-postgres)");
    else if (!(await postgresReachable()))
      console.log(`PostgreSQL: not reachable at ${POSTGRES_SERVER.replace(/\/\/[^@]*@/, "//")}, skipped`);
    else {
      const name = `giveawear_bench_${process.pid}`;
      await onPostgresServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await onPostgresServer(`CREATE DATABASE "${name}"`);
      try {
        const url = new URL(POSTGRES_SERVER);
        url.pathname = `/${name}`;
        rows.push(await benchOne("PostgreSQL", url.toString(), entries, dir, seedPostgres));
      } finally {
        await onPostgresServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  console.log(`\nDraw over ${entries.toLocaleString("en-US")} entries (goal: under ${GOAL_MS} ms and ${GOAL_MB} MB peak each)`);
  console.log("database     step     wall time   peak memory   (process before the step)   result");
  let allOk = true;
  for (const row of rows) {
    for (const [step, report] of [
      ["draw", row.draw],
      ["verify", row.verify],
    ] as const) {
      const withinGoal = report.ms < GOAL_MS && report.peakMb < GOAL_MB;
      allOk &&= report.ok;
      console.log(
        `${row.database.padEnd(12)} ${step.padEnd(8)} ${`${report.ms.toFixed(0)} ms`.padStart(9)}   ${`${report.peakMb.toFixed(0)} MB`.padStart(11)}   ${`(${report.baseMb.toFixed(0)} MB)`.padStart(26)}   ${report.ok ? "ok" : "FAILED"}${withinGoal ? "" : " (over goal)"}`,
      );
    }
  }
  return allOk ? 0 : 1;
}

const args = process.argv.slice(2);
if (args[0] === "--child") {
  await child(args[1] ?? "", args[2] ?? "", args[3] ?? "");
} else {
  process.exitCode = await main(args);
}
