/**
 * npm run bench:draw [-- --entries 1000000] [-- --completions 2000000] [-- --no-postgres]
 *
 * Seeds a campaign with 1,000,000 confirmed entries (about one in ten came through a referral
 * link, so their referrers hold 3 bonus entries per referral) and 2,000,000 entry action
 * completions (five actions of every kind, 0 to 4 completions per entry, one in a thousand claims
 * rejected; the bonuses counted in the entries as completing them does, decision 074), so the freeze
 * writes a draw.csv and an actions.csv (procedure version 3, decision 075), into a temporary SQLite database
 * and, when PostgreSQL answers on TEST_POSTGRES_URL (default
 * postgresql://postgres@127.0.0.1:5432/postgres), into a temporary database giveawear_bench_<pid>;
 * then times, each in a fresh process as a server or the CLI would run them: the freeze
 * (freezeEntryList: the frozen draw.csv bytes), the draw (drawCampaign over the stored bytes, with
 * the in-process demo beacon: no network) and the verification (scripts/verify-draw.ts). Prints
 * wall time, CPU time (the process's user and system time: on a machine shared with other work
 * it moves less than wall time) and peak memory (the process's maximum resident set size, Prisma and all, next to what
 * the process held before the step). Goals (decisions 060 and 061): the draw, the verification and
 * the freeze under 1 s and 256 MB each (with the completions too: issue budget of decision 075).
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
import { roundAt } from "../../app/domain/beacon";
import { CampaignStatus } from "../../app/domain/campaign-status";
import { DEMO_CHAIN } from "../../app/server/draw/beacon.server";
import { WORKER_HEAP_FLAGS } from "../../server/worker-flags.js";
import { POSTGRES_SERVER_SHOWN, createPostgresDatabase, postgresReachable } from "./postgres";
import { nodeArgs } from "./server";

const GOAL_MS = 1000;
const GOAL_MB = 256;
const DAY = 24 * 60 * 60 * 1000;
const CAMPAIGN_ID = "benchdrawcampaign000001";
const thisFile = fileURLToPath(import.meta.url);
const repoRoot = path.resolve(path.dirname(thisFile), "../..");

interface ChildReport {
  ms: number;
  /** CPU time of the process (user and system, all threads) during the step: less noisy than wall time on a shared machine. */
  cpuMs: number;
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
  const { freezeEntryList } = await import("../../app/server/draw/freeze.server");
  const { verifyDraw } = await import("../verify-draw");
  const { prisma, disconnectPrisma } = await import("../../app/server/core/db.server");
  await prisma.$queryRaw`SELECT 1`;
  const baseMb = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let detail: string;
  let ok: boolean;
  if (operation === "freeze") {
    // Frozen a minute after the end, in time for the round published at launch.
    const campaign = await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { endDate: true } });
    const outcome = await freezeEntryList(campaignId, { now: new Date(campaign.endDate!.getTime() + 60_000) });
    ok = outcome.kind === "frozen";
    detail =
      outcome.kind === "frozen"
        ? `${outcome.list.entryCount} entries, ${(outcome.list.byteLength / 2 ** 20).toFixed(1)} MiB, sha256 ${outcome.list.sha256.slice(0, 12)}…; actions.csv ${outcome.actions.completionCount} completions (${outcome.actions.disqualifiedCount} rejected), ${(outcome.actions.byteLength / 2 ** 20).toFixed(1)} MiB`
        : outcome.kind;
  } else if (operation === "draw") {
    const outcome = await drawCampaign(campaignId);
    ok = outcome.kind === "drawn";
    detail = outcome.kind === "drawn" ? `winners ${outcome.winners.map((w) => `${w.rank}:${w.entryId}`).join(" ")}` : outcome.kind;
  } else {
    const result = await verifyDraw(campaignId);
    ok = result.ok;
    detail = `${result.ok ? "MATCH" : "MISMATCH"} (${result.checks.length} checks over ${result.entries} entries)`;
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  await disconnectPrisma();
  const report: ChildReport = { ms, cpuMs, peakMb, baseMb, detail, ok };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

function runChild(operation: string, url: string, dataDir: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    // With the heap sizes of the server's workers: freezes and draws run in worker 1's job timer.
    const proc = spawn(
      process.execPath,
      [...WORKER_HEAP_FLAGS, ...nodeArgs(), "--import", "tsx", thisFile, "--child", operation, url, CAMPAIGN_ID],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, JOBS_INTERVAL_MS: "0" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
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
  /** The part of bonusEntries its counted completions earned. */
  actionBonus: number;
  referrerId: string | null;
  createdAt: Date;
  completions: SeedCompletion[];
}

interface SeedCompletion {
  id: string;
  actionId: string;
  day: string;
  answer: string | null;
  bonus: number;
  completedAt: Date;
  rejected: boolean;
}

/** The campaign's five actions, one of each kind (the bench's 2,000,000 completions are spread over them). */
const BENCH_ACTIONS = [
  { id: "benchactionvisit00000001", kind: "visit", label: "Visit our shop", bonus: 2, url: "https://bench.example" },
  { id: "benchactioncode000000002", kind: "code", label: "Enter the code", bonus: 3, code: "BENCH-24" },
  {
    id: "benchactionquestion00003",
    kind: "question",
    label: "Pick a colour",
    bonus: 1,
    question: "Which colour?",
    choices: "Black\nWhite",
  },
  { id: "benchactiondaily00000004", kind: "daily", label: "Come back daily", bonus: 1 },
  {
    id: "benchactionfollow0000005",
    kind: "follow",
    label: "Follow us",
    bonus: 2,
    platform: "instagram",
    url: "https://www.instagram.com/bench",
  },
] as const;

/** An EntryAction row's columns from "id" to "position" (both databases' inserts add "createdAt"). */
function actionColumns(a: (typeof BENCH_ACTIONS)[number], position: number) {
  return [
    a.id,
    CAMPAIGN_ID,
    a.kind,
    a.label,
    a.bonus,
    "url" in a ? a.url : null,
    "platform" in a ? a.platform : null,
    "code" in a ? a.code : null,
    "question" in a ? a.question : null,
    "choices" in a ? a.choices : "",
    position,
  ] as const;
}

/**
 * The completions of entry i: `perEntry` on average (entry i does i mod (2 x perEntry + 1) of the
 * actions, each once, a minute apart after entering, never after the end); one claim in a thousand
 * was rejected by the creator (its bonus not counted).
 */
function completionsOf(
  i: number,
  perEntry: number,
  createdMs: number,
  endMs: number,
  ids: string[],
  next: { id: number },
): SeedCompletion[] {
  const count = perEntry <= 0 ? 0 : Math.min(BENCH_ACTIONS.length, i % (2 * perEntry + 1));
  const completions: SeedCompletion[] = [];
  for (let j = 0; j < count; j++) {
    const action = BENCH_ACTIONS[(i + j) % BENCH_ACTIONS.length]!;
    const completedAt = new Date(Math.min(createdMs + (j + 1) * 60_000, endMs - 1));
    const serial = next.id++;
    completions.push({
      id: ids[serial % ids.length]! + String(Math.floor(serial / ids.length)),
      actionId: action.id,
      day: action.kind === "daily" ? completedAt.toISOString().slice(0, 10) : "",
      answer: action.kind === "question" ? "Black" : action.kind === "follow" ? `fan${i}` : null,
      bonus: action.bonus,
      completedAt,
      rejected: serial % 1000 === 999,
    });
  }
  return completions;
}

/**
 * A week of confirmed entries; about one in ten came through the referral link of an earlier entry
 * (credited), whose bonus counter holds 3 per such referral, as the confirm step keeps it. Built
 * whole (ids and referrers first), then handed out in chunks.
 */
function* entryChunks(total: number, chunkSize: number, start: Date, perEntry: number): Generator<SeedEntry[]> {
  const span = 7 * DAY;
  const endMs = start.getTime() + span;
  // Completion ids: a pool of cuid2-shaped ids, made unique by a serial suffix.
  const completionIds = fakeIds(Math.min(100_000, Math.max(1, total)));
  const serial = { id: 0 };
  const ids = fakeIds(total);
  const bonus = new Int32Array(total);
  const referrers = new Int32Array(total).fill(-1);
  for (let i = 1; i < total; i++) {
    if (Math.random() >= 0.1) continue;
    // Referrers cluster: a few entrants bring many friends.
    const referrer = Math.floor(Math.random() ** 2 * i);
    referrers[i] = referrer;
    bonus[referrer] = (bonus[referrer] ?? 0) + 3;
  }
  for (let first = 0; first < total; first += chunkSize) {
    const size = Math.min(chunkSize, total - first);
    const chunk: SeedEntry[] = new Array<SeedEntry>(size);
    for (let k = 0; k < size; k++) {
      const i = first + k;
      const referrer = referrers[i] ?? -1;
      // Whole milliseconds, increasing, with a few entries sharing a millisecond.
      const createdMs = start.getTime() + Math.floor((i * span) / total);
      const completions = completionsOf(i, perEntry, createdMs, endMs, completionIds, serial);
      const actionBonus = completions.reduce((sum, completion) => sum + (completion.rejected ? 0 : completion.bonus), 0);
      chunk[k] = {
        id: ids[i]!,
        email: `fan${i}@bench.test`,
        bonusEntries: (bonus[i] ?? 0) + actionBonus,
        actionBonus,
        referrerId: referrer >= 0 ? ids[referrer]! : null,
        createdAt: new Date(createdMs),
        completions,
      };
    }
    yield chunk;
  }
}

function campaignValues(now: Date) {
  const seed = randomBytes(32).toString("hex");
  const end = new Date(now.getTime() - DAY);
  return {
    seed,
    commitment: createHash("sha256").update(seed).digest("hex"),
    start: new Date(now.getTime() - 8 * DAY),
    end,
    // The in-process demo chain: the draw step needs no network.
    chain: DEMO_CHAIN.hash,
    round: roundAt(DEMO_CHAIN, end.getTime() + 10 * 60_000),
  };
}

async function seedSqlite(url: string, entries: number, perEntry: number): Promise<void> {
  const file = url.replace(/^file:/, "");
  const db = new Database(file);
  const now = new Date();
  const c = campaignValues(now);
  const iso = (date: Date) => date.toISOString().replace("Z", "+00:00");
  db.prepare(
    `INSERT INTO "Campaign" ("id", "status", "title", "startDate", "durationDays", "endDate", "drawSeed", "drawCommitment", "createdAt", "updatedAt", "entryCount", "drawBeaconChain", "drawBeaconRound")
     VALUES (?, ?, 'Bench giveaway', ?, 7, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    CAMPAIGN_ID,
    CampaignStatus.active,
    iso(c.start),
    iso(c.end),
    c.seed,
    c.commitment,
    iso(c.start),
    iso(now),
    entries,
    c.chain,
    c.round,
  );
  const prize = db.prepare(`INSERT INTO "AdditionalPrize" ("id", "campaignId", "rank", "title") VALUES (?, ?, ?, ?)`);
  prize.run("benchprize2", CAMPAIGN_ID, 2, "Second prize");
  prize.run("benchprize3", CAMPAIGN_ID, 3, "Third prize");
  const action = db.prepare(
    `INSERT INTO "EntryAction" ("id", "campaignId", "kind", "label", "bonus", "url", "platform", "code", "question", "choices", "position", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const [position, a] of BENCH_ACTIONS.entries()) action.run(...actionColumns(a, position), iso(c.start));
  const insert = db.prepare(
    `INSERT INTO "Entry" ("id", "campaignId", "email", "emailNormalized", "agreedToTerms", "bonusEntries", "actionBonus", "referrerId", "referralCredited", "createdAt", "confirmedAt") VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
  );
  const complete = db.prepare(
    `INSERT INTO "ActionCompletion" ("id", "campaignId", "actionId", "entryId", "day", "answer", "bonus", "completedAt", "disqualifiedAt", "disqualifyReason") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertChunk = db.transaction((chunk: SeedEntry[]) => {
    for (const e of chunk) {
      insert.run(
        e.id,
        CAMPAIGN_ID,
        e.email,
        e.email,
        e.bonusEntries,
        e.actionBonus,
        e.referrerId,
        e.referrerId ? 1 : 0,
        iso(e.createdAt),
        iso(e.createdAt),
      );
      for (const done of e.completions)
        complete.run(
          done.id,
          CAMPAIGN_ID,
          done.actionId,
          e.id,
          done.day,
          done.answer,
          done.bonus,
          iso(done.completedAt),
          done.rejected ? iso(done.completedAt) : null,
          done.rejected ? "false_claim" : null,
        );
    }
  });
  for (const chunk of entryChunks(entries, 50_000, c.start, perEntry)) insertChunk(chunk);
  db.close();
}

/** timestamp(3) columns hold UTC without a zone; ISO text keeps node-postgres from applying the local one. */
const utc = (date: Date) => date.toISOString().replace("Z", "");

async function seedPostgres(url: string, entries: number, perEntry: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = new Date();
    const c = campaignValues(now);
    await client.query(
      `INSERT INTO "Campaign" ("id", "status", "title", "startDate", "durationDays", "endDate", "drawSeed", "drawCommitment", "createdAt", "updatedAt", "entryCount", "drawBeaconChain", "drawBeaconRound")
       VALUES ($1, $8, 'Bench giveaway', $2, 7, $3, $4, $5, $2, $6, $7, $9, $10)`,
      [CAMPAIGN_ID, utc(c.start), utc(c.end), c.seed, c.commitment, utc(now), entries, CampaignStatus.active, c.chain, c.round],
    );
    await client.query(
      `INSERT INTO "AdditionalPrize" ("id", "campaignId", "rank", "title") VALUES ('benchprize2', $1, 2, 'Second prize'), ('benchprize3', $1, 3, 'Third prize')`,
      [CAMPAIGN_ID],
    );
    for (const [position, a] of BENCH_ACTIONS.entries()) {
      await client.query(
        `INSERT INTO "EntryAction" ("id", "campaignId", "kind", "label", "bonus", "url", "platform", "code", "question", "choices", "position", "createdAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [...actionColumns(a, position), utc(c.start)],
      );
    }
    for (const chunk of entryChunks(entries, 50_000, c.start, perEntry)) {
      await client.query(
        `INSERT INTO "Entry" ("id", "campaignId", "email", "emailNormalized", "agreedToTerms", "bonusEntries", "actionBonus", "referrerId", "referralCredited", "createdAt", "confirmedAt")
         SELECT u.id, $1, u.email, u.email, true, u.bonus, u.action_bonus, u.referrer, u.referrer IS NOT NULL, u.created, u.created
         FROM unnest($2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::timestamp(3)[]) AS u(id, email, bonus, action_bonus, referrer, created)`,
        [
          CAMPAIGN_ID,
          chunk.map((e) => e.id),
          chunk.map((e) => e.email),
          chunk.map((e) => e.bonusEntries),
          chunk.map((e) => e.actionBonus),
          chunk.map((e) => e.referrerId),
          chunk.map((e) => utc(e.createdAt)),
        ],
      );
      const done = chunk.flatMap((e) => e.completions.map((completion) => ({ entryId: e.id, ...completion })));
      if (done.length === 0) continue;
      await client.query(
        `INSERT INTO "ActionCompletion" ("id", "campaignId", "actionId", "entryId", "day", "answer", "bonus", "completedAt", "disqualifiedAt", "disqualifyReason")
         SELECT u.id, $1, u.action, u.entry, u.day, u.answer, u.bonus, u.done, CASE WHEN u.rejected THEN u.done END, CASE WHEN u.rejected THEN 'false_claim' END
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::timestamp(3)[], $9::boolean[])
           AS u(id, action, entry, day, answer, bonus, done, rejected)`,
        [
          CAMPAIGN_ID,
          done.map((d) => d.id),
          done.map((d) => d.actionId),
          done.map((d) => d.entryId),
          done.map((d) => d.day),
          done.map((d) => d.answer),
          done.map((d) => d.bonus),
          done.map((d) => utc(d.completedAt)),
          done.map((d) => d.rejected),
        ],
      );
    }
    // What autovacuum does to a table written over the weeks of a campaign: besides the statistics, the
    // visibility map, without which no scan reads an index alone (decision 111's covering index).
    await client.query(`VACUUM ANALYZE "Entry"`);
    await client.query(`VACUUM ANALYZE "ActionCompletion"`);
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
  freeze: ChildReport;
  draw: ChildReport;
  verify: ChildReport;
}

async function benchOne(
  name: string,
  url: string,
  entries: number,
  perEntry: number,
  dataDir: string,
  seed: (url: string, entries: number, perEntry: number) => Promise<void>,
): Promise<Row> {
  const { migrate } = await import("../../app/server/startup/migrate.server");
  await migrate(url);
  const seeding = performance.now();
  process.stdout.write(
    `${name}: seeding ${entries.toLocaleString("en-US")} entries, ${(entries * perEntry).toLocaleString("en-US")} completions… `,
  );
  await seed(url, entries, perEntry);
  const seedS = (performance.now() - seeding) / 1000;
  process.stdout.write(`${seedS.toFixed(1)} s\n`);
  const freeze = await runChild("freeze", url, dataDir);
  console.log(
    `${name}: freeze ${freeze.ms.toFixed(0)} ms (CPU ${freeze.cpuMs.toFixed(0)} ms), peak ${freeze.peakMb.toFixed(0)} MB (${freeze.baseMb.toFixed(0)} MB before): ${freeze.detail}`,
  );
  const draw = await runChild("draw", url, dataDir);
  console.log(
    `${name}: draw   ${draw.ms.toFixed(0)} ms (CPU ${draw.cpuMs.toFixed(0)} ms), peak ${draw.peakMb.toFixed(0)} MB (${draw.baseMb.toFixed(0)} MB before): ${draw.detail}`,
  );
  const verify = await runChild("verify", url, dataDir);
  console.log(
    `${name}: verify ${verify.ms.toFixed(0)} ms (CPU ${verify.cpuMs.toFixed(0)} ms), peak ${verify.peakMb.toFixed(0)} MB (${verify.baseMb.toFixed(0)} MB before): ${verify.detail}`,
  );
  return { database: name, seedS, freeze, draw, verify };
}

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf("--entries");
  const entries = at === -1 ? 1_000_000 : Number(argv[at + 1]);
  if (!Number.isInteger(entries) || entries < 1) throw new Error("--entries needs a positive whole number");
  const completionsAt = argv.indexOf("--completions");
  const completions = completionsAt === -1 ? 2 * entries : Number(argv[completionsAt + 1]);
  // Whole completions per entry on average (0 to 2 x perEntry each, at most one per action).
  const perEntry = completions / entries;
  if (!Number.isInteger(perEntry) || perEntry < 0 || perEntry > 2)
    throw new Error("--completions must be 0, 1 or 2 times the number of entries");
  const dir = await mkdtemp(path.join(os.tmpdir(), "giveawear-bench-draw-"));
  const rows: Row[] = [];
  try {
    rows.push(await benchOne("SQLite", `file:${path.join(dir, "bench.db")}`, entries, perEntry, dir, seedSqlite));
    await rm(path.join(dir, "bench.db"), { force: true });

    if (argv.includes("--no-postgres")) console.log("PostgreSQL: skipped (--no-postgres)");
    else if (!(await postgresReachable())) console.log(`PostgreSQL: not reachable at ${POSTGRES_SERVER_SHOWN}, skipped`);
    else {
      const db = await createPostgresDatabase(`giveawear_bench_${process.pid}`);
      try {
        rows.push(await benchOne("PostgreSQL", db.url, entries, perEntry, dir, seedPostgres));
      } finally {
        await db.drop();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  console.log(
    `\nFreeze, draw and verify over ${entries.toLocaleString("en-US")} entries and ${completions.toLocaleString("en-US")} completions (goal: under ${GOAL_MS} ms and ${GOAL_MB} MB peak each)`,
  );
  console.log("database     step     wall time    CPU time   peak memory   (process before the step)   time/goal  memory/goal  result");
  let allOk = true;
  for (const row of rows) {
    for (const [step, report] of [
      ["freeze", row.freeze],
      ["draw", row.draw],
      ["verify", row.verify],
    ] as const) {
      const withinGoal = report.ms < GOAL_MS && report.peakMb < GOAL_MB;
      allOk &&= report.ok;
      console.log(
        `${row.database.padEnd(12)} ${step.padEnd(8)} ${`${report.ms.toFixed(0)} ms`.padStart(9)}  ${`${report.cpuMs.toFixed(0)} ms`.padStart(10)}   ${`${report.peakMb.toFixed(0)} MB`.padStart(11)}   ${`(${report.baseMb.toFixed(0)} MB)`.padStart(26)}   ${(report.ms / GOAL_MS).toFixed(2).padStart(9)}  ${(report.peakMb / GOAL_MB).toFixed(2).padStart(11)}  ${report.ok ? "ok" : "FAILED"}${withinGoal ? "" : " (over goal)"}`,
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
