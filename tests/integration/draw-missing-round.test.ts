/**
 * drand misses a round (issue 30, decision 099): the fake drand on 127.0.0.1 never publishes round
 * R (404 forever) while serving every round after it. The server's own job passes, on the test's
 * clock, freeze the list and stamp it, then wait for R: no winner and no draw on the secret alone,
 * retrying with backoff and alerting the admins; 24 hours after R's time they decide on the first
 * round at least 10 minutes later, publish when and why, and draw with it once it exists. Every
 * verifier says MATCH on the result: `npm run verify-draw`, the verifier the browser and the single
 * file run (app/verifier; the committed single file too, on the saved files), and the stranger's
 * written from the procedure text. A replacement decided too early is a MISMATCH for all of them.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainInfoJson, roundAt, roundTimeMs } from "~/domain/beacon";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { launchDrawFields } from "~/server/draw/commitment.server";
import { runJobsOnce } from "~/server/jobs/run.server";
import { verifyDraw as verifyIndependently } from "~/verifier/verify";
import { verifyDraw } from "../../scripts/verify-draw";
import { VERIFIER_SCRIPT } from "../../scripts/build-verifier";
import { type FakeTsaPair, startFakeTsaPair } from "../fakes/tsa-server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, setUpFakeBeacon } from "../helpers/draw";
import { type Chain, fetchedByStranger, getOwnConnection, missingSentences, strangerVerify } from "../helpers/procedure-5-stranger";

const run = promisify(execFile);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const beacon = setUpFakeBeacon();
let app: InProcessAppServer;
let tsas: FakeTsaPair;
/** The test's clock: the job passes run at it, and the fake drand and the fake authorities follow it. */
let clock = Date.now();

beforeAll(async () => {
  tsas = await startFakeTsaPair("Missing", () => clock);
  process.env.TSA_URLS = tsas.urls.join(",");
  resetConfigForTests();
  app = await startAppServer();
  await app.resetConfig();
});
afterAll(async () => {
  await app?.close();
  await tsas?.close();
  delete process.env.TSA_URLS;
  resetConfigForTests();
});

/** A job pass of the server at `ms` on the test's clock (the fakes' clocks follow it). */
async function passAt(ms: number) {
  clock = ms;
  beacon.setClock(ms);
  return runJobsOnce(new Date(ms));
}

/** draw.json, draw.csv, actions.csv and the draw page's procedure, as anyone fetches them from the server. */
const published = (campaignId: string) => fetchedByStranger(app.url, campaignId);

describe("a drand round that never comes", () => {
  // About fifteen job passes of every step and seven verifier runs: 10-15 s on SQLite, 20-30 s on PostgreSQL on a loaded machine.
  it("waits and retries without drawing, uses the replacement round 24 hours later, and every verifier says MATCH", async () => {
    const chain = beacon.fake().chain;
    // Launched three days ago, for two hours: the whole story is in the past of the real clock.
    const launch = new Date(Date.now() - 3 * DAY);
    const end = new Date(launch.getTime() + 2 * HOUR);
    const campaign = await createCampaign({ startDate: launch, endDate: end, launchedAt: launch, ...launchDrawFields(end) });
    expect(campaign.drawBeaconChain).toBe(chain.hash);
    const R = campaign.drawBeaconRound!;
    expect(R).toBe(roundAt(chain, end.getTime() + 10 * MINUTE));
    beacon.fake().skipRound(R);

    expect((await passAt(launch.getTime() + 1000)).timestamps).toBe(2);
    const t = Date.now().toString(36);
    await addConfirmedEntries(
      campaign.id,
      Array.from({ length: 9 }, (_, k) => ({
        id: `mr${k}${t}`,
        email: `mr${k}${t}@missing.test`,
        createdAt: new Date(launch.getTime() + (k + 1) * MINUTE),
      })),
    );
    const freeze = await passAt(end.getTime() + 1000);
    expect(freeze).toMatchObject({ frozen: 1, timestamps: 2 });
    const row = () => prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    const draws = () => prisma.draw.count({ where: { campaignId: campaign.id } });

    // Round R's time: drand has no round R, the rounds after it are out; the draw waits and will try again.
    const dueAt = roundTimeMs(chain, R);
    const firstTry = dueAt + 1000;
    beacon.setClock(firstTry + 30_000);
    const base = `${beacon.fake().url}/${chain.hash}/public`;
    expect((await getOwnConnection(`${base}/${R}`)).status).toBe(404);
    expect((await getOwnConnection(`${base}/${R + 1}`)).status).toBe(200);
    expect(JSON.parse((await getOwnConnection(`${base}/latest`)).body.toString()).round).toBeGreaterThan(R);
    expect((await passAt(firstTry)).draws).toEqual({ "waiting-for-beacon": 1 });
    expect(await row()).toMatchObject({
      beaconAttempts: 1,
      nextBeaconAttemptAt: new Date(firstTry + 15_000),
      status: "active",
      winnerEntryId: null,
    });
    expect(await draws()).toBe(0);
    // Before the next attempt's time the pass leaves it alone; after, it asks again.
    expect((await passAt(firstTry + 14_000)).draws).toEqual({});
    expect((await passAt(firstTry + 15_000)).draws).toEqual({ "waiting-for-beacon": 1 });
    expect((await row()).beaconAttempts).toBe(2);
    const asked = beacon.fake().requests.filter((request) => request === `GET /${chain.hash}/public/${R}`);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    // An hour late: the admins hear of it; still no draw, and nothing published but the wait.
    await passAt(dueAt + HOUR + MINUTE);
    expect(await prisma.outboundEmail.count({ where: { dedupeKey: `draw-beacon-late:${campaign.id}:${R}:admin@int.test` } })).toBe(1);
    expect(await draws()).toBe(0);
    const waiting = (await published(campaign.id)).record as {
      draw: unknown;
      beacon: { response: unknown; missing: boolean; replacement: unknown };
    };
    expect(waiting).toMatchObject({ draw: null, beacon: { response: null, missing: false, replacement: null } });
    // A second before 24 hours: still waiting on R.
    expect((await passAt(dueAt + DAY - 1000)).draws).toEqual({ "waiting-for-beacon": 1 });
    const lastDay = await row();
    expect(lastDay.beaconReplacementRound).toBeNull();

    // The next attempt, 24 hours after R's time or later (backoff): R2, the first round at least 10 minutes
    // after it, decided and published before it exists.
    const D = lastDay.nextBeaconAttemptAt!.getTime();
    expect(D).toBeGreaterThanOrEqual(dueAt + DAY);
    expect((await passAt(D)).draws).toEqual({ "waiting-for-beacon": 1 });
    const R2 = roundAt(chain, D + 10 * MINUTE);
    expect(roundTimeMs(chain, R2 - 1)).toBeLessThan(D + 10 * MINUTE);
    expect(await row()).toMatchObject({ beaconReplacementRound: R2, beaconReplacementDecidedAt: new Date(D) });
    expect(await draws()).toBe(0);
    const decided = (await published(campaign.id)).record as { beacon: { replacement: Record<string, unknown> } };
    expect(decided.beacon.replacement).toMatchObject({ round: R2, decidedAt: new Date(D).toISOString() });
    expect(decided.beacon.replacement.reason).toContain(`round ${R} could not be fetched`);
    // Not before its time; then drawn with it.
    expect((await passAt(roundTimeMs(chain, R2) - 1000)).draws).toEqual({});
    expect((await passAt(roundTimeMs(chain, R2) + 1000)).draws).toEqual({ drawn: 1 });

    const files = await published(campaign.id);
    const record = files.record as { beacon: { round: number; response: { round: number } }; draw: { drawnAt: string } };
    expect(record.beacon.round).toBe(R);
    expect(record.beacon.response.round).toBe(R2);
    const roots = [tsas.ca.rootPem];

    // npm run verify-draw, the browser's verifier, and the stranger's.
    const script = await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), tsaRoots: roots });
    expect(script.checks.filter((check) => !check.ok)).toEqual([]);
    expect(script.ok).toBe(true);
    const browserInput = {
      record: files.record,
      csvBytes: files.drawCsv,
      actionsBytes: files.actionsCsv,
      chainInfo: { json: chainInfoJson(chain), source: "test relay" },
      tsaRoots: roots,
    };
    const browser = await verifyIndependently(browserInput);
    expect(browser.checks.filter((check) => check.ok !== true)).toEqual([]);
    expect(browser.verdict).toBe("MATCH");
    const testChain: Chain = { hash: chain.hash, publicKey: chain.publicKey, period: chain.period, genesisTime: chain.genesisTime };
    expect(missingSentences(files.procedureText)).toEqual([]);
    const strangerInput = { ...files, checkedAt: Date.now(), trust: { tsaRootsPem: roots, chains: [testChain] } };
    const stranger = await strangerVerify(strangerInput);
    expect(stranger.reasons).toEqual([]);
    expect(stranger.verdict).toBe("MATCH");

    // The committed single-file verifier, run with plain node on the saved files and its own trust store.
    const directory = await mkdtemp(join(tmpdir(), "giveawear-missing-"));
    try {
      await writeFile(join(directory, "draw.json"), JSON.stringify(files.record));
      await writeFile(join(directory, "draw.csv"), files.drawCsv);
      await writeFile(join(directory, "actions.csv"), files.actionsCsv ?? new Uint8Array());
      await writeFile(join(directory, "chain.json"), beacon.chainInfo());
      await writeFile(join(directory, "root.pem"), tsas.ca.rootPem);
      const args = [
        "--record",
        "draw.json",
        "--list",
        "draw.csv",
        "--actions",
        "actions.csv",
        "--chain-info",
        "chain.json",
        "--tsa-root",
        "root.pem",
      ];
      const { stdout } = await run(process.execPath, [join(process.cwd(), VERIFIER_SCRIPT), ...args], { cwd: directory });
      expect(stdout).toMatch(/\nMATCH: every check passed/);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }

    // The operator dates the replacement an hour earlier than 24 hours after R's time: every verifier objects.
    const early = new Date(dueAt + DAY - HOUR);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { beaconReplacementDecidedAt: early } });
    const tampered = await published(campaign.id);
    const scriptAfter = await verifyDraw(campaign.id, { chainInfo: beacon.chainInfo(), tsaRoots: roots });
    expect(scriptAfter.ok).toBe(false);
    expect(
      scriptAfter.checks
        .filter((check) => !check.ok)
        .map((check) => check.actual)
        .join(" "),
    ).toMatch(/before round \d+'s time \+ 24 hours/);
    const browserAfter = await verifyIndependently({ ...browserInput, record: tampered.record });
    expect(browserAfter.verdict).toBe("MISMATCH");
    const strangerAfter = await strangerVerify({ ...strangerInput, record: tampered.record });
    expect(strangerAfter.verdict).toBe("MISMATCH");
    expect(strangerAfter.reasons.join(" | ")).toContain(
      `beacon and seed (steps 4 and 5): the replacement was decided at ${early.toISOString()}, earlier than round ${R}'s time plus 24 hours`,
    );
  }, 120_000);
});
