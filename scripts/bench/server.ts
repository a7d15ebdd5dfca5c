/**
 * What the entrant benchmarks share: the production build served on 127.0.0.1 from a temporary
 * data directory with its own SQLite database, and a live campaign written into it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CampaignStatus } from "../../app/domain/campaign-status";
import type { Prisma } from "../../app/server/core/db.server";
import { createPostgresDatabase } from "./postgres";

const DAY = 86_400_000;

/** Polls `url` until it answers (or the process exits, or a minute passes). */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

/** BENCH_NODE_ARGS: extra node flags for the server or a bench child (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it). */
export function nodeArgs(): string[] {
  return process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
}

export type BenchDatabase = "sqlite" | "postgres";

export interface BenchServer {
  process: ChildProcess;
  origin: string;
  dataDir: string;
  /** A live campaign (started yesterday, ends in a week) with these fields on top; returns its id. */
  createCampaign(data?: Partial<Prisma.CampaignUncheckedCreateInput>): Promise<string>;
  /** Stops the server and starts it again on the same database (a deploy), answering once /readyz says ready. */
  restart(): Promise<void>;
  /** Stops the server and deletes the data directory. */
  close(): Promise<void>;
}

/**
 * Starts `node server/index.js` (production, demo data off) on `port`, on a SQLite file of its own
 * or a new PostgreSQL database, and answers once it is ready (every worker listening). This process
 * points its own Prisma client at the same database, so campaigns can be written and rows counted.
 */
export async function startBenchServer(
  port: number,
  name: string,
  env: Record<string, string> = {},
  { database = "sqlite" }: { database?: BenchDatabase } = {},
): Promise<BenchServer> {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(path.join(buildDir, "server/index.js"))) throw new Error(`No production build in ${buildDir}/: run npm run build first.`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `giveawear-${name}-`));
  const db = database === "postgres" ? await createPostgresDatabase(`giveawear_${name.replace(/\W/g, "_")}_${process.pid}`) : null;
  Object.assign(process.env, { DATABASE_URL: db?.url ?? `file:${dataDir}/app.db`, DATA_DIR: dataDir });
  const origin = `http://127.0.0.1:${port}`;
  const start = () =>
    spawn(process.execPath, [...nodeArgs(), "server/index.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        BUILD_DIR: buildDir,
        SESSION_SECRET: `${name}-bench-secret-0123456789abcdef0123456789`,
        DEMO_DATA: "false",
        APP_URL: origin,
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
  /**
   * Once every worker has started and warmed up (/readyz, decision 109): /healthz answers as soon as
   * worker 1 listens, and a run started then had every connection on worker 1 (the others were still
   * starting), so it measured one worker.
   */
  const ready = async () => {
    await waitFor(`${origin}/healthz`, child);
    while ((await fetch(`${origin}/readyz`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  let child = start();
  await ready();
  const { getPrisma, disconnectPrisma } = await import("../../app/server/core/db.server");
  const { newDrawSeed } = await import("../../app/server/draw/commitment.server");
  return {
    get process() {
      return child;
    },
    origin,
    dataDir,
    async createCampaign(data = {}) {
      const { seed, commitment } = newDrawSeed();
      const campaign = await getPrisma().campaign.create({
        data: {
          status: CampaignStatus.active,
          title: "Benchmark Giveaway",
          description: "A campaign for the benchmark.",
          brandName: "Bench Brand",
          planId: "pro_tee",
          startDate: new Date(Date.now() - DAY),
          endDate: new Date(Date.now() + 7 * DAY),
          drawSeed: seed,
          drawCommitment: commitment,
          ...data,
        },
      });
      return campaign.id;
    },
    async restart() {
      await stop(child);
      child = start();
      await ready();
    },
    async close() {
      await disconnectPrisma();
      await stop(child);
      await rm(dataDir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}
