/**
 * The committed single-file verifier (verifier/giveawear-verify-draw.mjs): it is exactly what
 * `npm run build:verifier` builds from app/verifier, and it runs with plain `node` from a directory
 * outside the repository, on saved files and on URLs (a local server for draw.json and draw.csv, the
 * fake drand relay for the beacon; never the network).
 */
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainInfoJson, QUICKNET } from "../../app/domain/beacon";
import { buildVerifierScript, VERIFIER_SCRIPT } from "../../scripts/build-verifier";
import { startFakeDrand, type FakeDrand } from "../fakes/drand-server";
import { buildDrawFixture, type Fixture } from "../helpers/draw-fixture";

const run = promisify(execFile);
const committed = new URL(`../../${VERIFIER_SCRIPT}`, import.meta.url);

let directory: string;
let script: string;

async function verify(args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [script, ...args], { cwd: directory, env: { PATH: process.env.PATH ?? "" } });
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "giveawear-verify-"));
  script = join(directory, "giveawear-verify-draw.mjs");
  await copyFile(committed, script);
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("the committed single-file verifier", () => {
  it("is exactly what npm run build:verifier builds (run it after changing app/verifier)", async () => {
    expect(await readFile(committed, "utf8")).toBe(await buildVerifierScript());
  });

  it("imports nothing but Node's own modules", async () => {
    const text = await readFile(committed, "utf8");
    const imports = [...text.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const specifier of imports) expect(specifier).toMatch(/^node:/);
  });

  it("checks saved files: MATCH (exit 0), MISMATCH (exit 1), usage (exit 2)", async () => {
    const demo = buildDrawFixture({ entries: 30, prizes: 3, redraws: 1, demo: true });
    await writeFile(join(directory, "draw.json"), JSON.stringify(demo.record));
    await writeFile(join(directory, "draw.csv"), demo.csvBytes);
    const match = await verify(["--record", "draw.json", "--list", "draw.csv"]);
    expect(match.output).toContain("[PASS] Picks: Recomputed 4 picks");
    expect(match.output).toMatch(/\nMATCH: every check passed/);
    expect(match.code).toBe(0);

    const tampered = Buffer.from(demo.csvBytes);
    tampered[tampered.length - 3] = tampered[tampered.length - 3]! ^ 1;
    await writeFile(join(directory, "tampered.csv"), tampered);
    const mismatch = await verify(["--record", "draw.json", "--list", "tampered.csv"]);
    expect(mismatch.output).toContain("[FAIL] List hash");
    expect(mismatch.output).toMatch(/\nMISMATCH: /);
    expect(mismatch.code).toBe(1);

    // A beacon file for another round.
    await writeFile(join(directory, "beacon.json"), JSON.stringify({ ...demo.beacon, round: demo.beacon!.round + 1 }));
    const wrongBeacon = await verify(["--record", "draw.json", "--list", "draw.csv", "--beacon", "beacon.json"]);
    expect(wrongBeacon.output).toContain("[FAIL] Beacon:");
    expect(wrongBeacon.code).toBe(1);

    expect((await verify([])).code).toBe(2);
    expect((await verify(["--help"])).code).toBe(0);
  });

  it("checks the referral cap the record states (decision 104): MATCH within it, MISMATCH with the reason past it", async () => {
    const capped = buildDrawFixture({ entries: 40, prizes: 2, demo: true });
    const lines = new TextDecoder().decode(capped.csvBytes).split("\n").slice(1);
    const named = new Map<string, number>();
    for (const line of lines) {
      const referrer = line.split(",")[2];
      if (referrer) named.set(referrer, (named.get(referrer) ?? 0) + 1);
    }
    const most = Math.max(...named.values());
    await writeFile(join(directory, "capped.csv"), capped.csvBytes);
    const check = async (referralCap: number) => {
      await writeFile(join(directory, "capped.json"), JSON.stringify({ ...capped.record, list: { ...capped.record.list, referralCap } }));
      return verify(["--record", "capped.json", "--list", "capped.csv"]);
    };
    const within = await check(most);
    expect(within.output).toContain("No entry is named as referrer by more than");
    expect(within.code).toBe(0);
    const past = await check(most - 1);
    expect(past.output).toMatch(
      new RegExp(`\\[FAIL\\] Weights: .*is named as referrer by ${most} lines, but the rules let at most ${most - 1} friends`),
    );
    expect(past.code).toBe(1);
  });

  it("checks a replacement round (decision 099): MATCH as the procedure says; MISMATCH decided early, too close, without a reason, or a secret-only draw under procedure 5", async () => {
    const replaced = buildDrawFixture({ entries: 12, prizes: 2, demo: true, replaced: true });
    const chain = replaced.chain;
    const timeOf = (round: number) => (chain.genesisTime + (round - 1) * chain.period) * 1000;
    const firstAfter = (ms: number) => Math.ceil((ms - chain.genesisTime * 1000) / (chain.period * 1000)) + 1;
    await writeFile(join(directory, "replaced.csv"), replaced.csvBytes);
    const check = async (record: unknown) => {
      await writeFile(join(directory, "replaced.json"), JSON.stringify(record));
      return verify(["--record", "replaced.json", "--list", "replaced.csv"]);
    };
    const honest = await check(replaced.record);
    expect(honest.output).toContain("[PASS] Replacement round");
    expect(honest.code).toBe(0);

    const replacement = replaced.record.beacon.replacement!;
    const named = replaced.record.beacon.round!;
    const early = timeOf(named) + 23 * 3_600_000;
    const cases: [string, unknown, RegExp][] = [
      ["decided early", { ...replacement, decidedAt: new Date(early).toISOString(), round: firstAfter(early + 600_000) }, /24 hours/],
      [
        "too close",
        { ...replacement, decidedAt: new Date(timeOf(replacement.round as number) - 60_000).toISOString() },
        /less than 10 minutes/,
      ],
      ["no reason", { ...replacement, reason: "" }, /does not say why/],
    ];
    for (const [, changed, why] of cases) {
      const result = await check({ ...replaced.record, beacon: { ...replaced.record.beacon, replacement: changed } });
      expect(result.output).toMatch(new RegExp(`\\[FAIL\\] Replacement round: .*${why.source}`));
      expect(result.code).toBe(1);
    }

    const missing = buildDrawFixture({ entries: 12, prizes: 2, demo: true, beaconMissing: true });
    await writeFile(join(directory, "replaced.csv"), missing.csvBytes);
    expect((await check(missing.record)).code).toBe(0);
    const secretOnly = await check({ ...missing.record, procedureVersion: 5 });
    expect(secretOnly.output).toMatch(/\[FAIL\] Beacon: .*procedure 5 forbids/);
    expect(secretOnly.code).toBe(1);
  });

  describe("with URLs", () => {
    let drand: FakeDrand;
    let site: http.Server;
    let siteUrl: string;
    let draw: Fixture;
    let served: { csv: Uint8Array } = { csv: new Uint8Array() };
    /** The fake chain's /info JSON, given by the person verifying (decision 082). */
    const given = ["--chain-info", "chain.json"];
    const requests: string[] = [];

    beforeAll(async () => {
      drand = await startFakeDrand();
      site = http.createServer((req, res) => {
        requests.push(req.url ?? "");
        if (req.url === "/campaign/cfixturecampaign/draw.json") {
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(draw.record));
        } else if (req.url === "/campaign/cfixturecampaign/draw.csv") {
          res.writeHead(200, { "content-type": "text/csv" }).end(served.csv);
        } else res.writeHead(404).end("not found");
      });
      await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
      siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
      // Round 100 of the fake chain came out long ago on the fake's clock (genesis an hour back).
      draw = buildDrawFixture({
        entries: 50,
        prizes: 2,
        chain: drand.chain,
        sign: drand.signRound,
        round: 100,
        baseUrl: siteUrl,
        beaconUrls: [drand.url],
      });
      served = { csv: draw.csvBytes };
      await writeFile(join(directory, "chain.json"), JSON.stringify(chainInfoJson(drand.chain)));
    });
    afterAll(async () => {
      await drand.close();
      await new Promise((resolve) => site.close(resolve));
    });

    it("fetches draw.json, draw.csv and the beacon from the relay: MATCH, with the test chain given by the person verifying", async () => {
      const result = await verify([`${siteUrl}/campaign/cfixturecampaign/draw`, ...given]);
      expect(result.output).toContain(`[PASS] Beacon: Round 100, fetched from ${drand.url}/${drand.chain.hash}/public/100`);
      expect(result.output).toContain("hash, public key, period and genesis are the ones you gave in chain.json");
      expect(drand.requests).not.toContain(`GET /${drand.chain.hash}/info`);
      expect(result.output).toMatch(/\nMATCH: /);
      expect(result.code).toBe(0);
      expect(drand.requests).toContain(`GET /${drand.chain.hash}/public/100`);
      expect(requests).toEqual(expect.arrayContaining(["/campaign/cfixturecampaign/draw.json", "/campaign/cfixturecampaign/draw.csv"]));
    });

    it("says MISMATCH when the served list differs from the published hash, or the relay's round from the record's", async () => {
      const tampered = draw.csvBytes.slice();
      tampered[60] = tampered[60]! ^ 1;
      served = { csv: tampered };
      try {
        const result = await verify([`${siteUrl}/campaign/cfixturecampaign/draw.json`, ...given]);
        expect(result.output).toContain("[FAIL] List hash");
        expect(result.code).toBe(1);
      } finally {
        served = { csv: draw.csvBytes };
      }

      drand.setFailure("bad-signature");
      try {
        const result = await verify([`${siteUrl}/campaign/cfixturecampaign/draw.json`, ...given]);
        expect(result.output).toContain("[FAIL] Beacon: The beacon fetched from the chain differs from the copy in draw.json");
        expect(result.code).toBe(1);
      } finally {
        drand.setFailure("none");
      }
    });

    it("says MISMATCH for a chain that is not quicknet unless its key is given, and for quicknet's hash with another key (decision 082)", async () => {
      // The relay answers /info, but a chain's key is never taken from a relay.
      const alone = await verify([`${siteUrl}/campaign/cfixturecampaign/draw`]);
      expect(alone.output).toContain(`[FAIL] Beacon chain: The record names chain ${drand.chain.hash}, not drand quicknet`);
      expect(alone.output).toMatch(/\nMISMATCH: /);
      expect(alone.code).toBe(1);

      // The operator's own key under quicknet's hash, the round validly signed by it.
      const original = draw;
      draw = { ...draw, record: structuredClone(draw.record) };
      draw.record.beacon.chainHash = QUICKNET.hash;
      draw.record.beacon.urls = [drand.url];
      try {
        await writeFile(join(directory, "own-quicknet.json"), JSON.stringify({ ...chainInfoJson(drand.chain), hash: QUICKNET.hash }));
        const swapped = await verify([
          `${siteUrl}/campaign/cfixturecampaign/draw`,
          "--chain-info",
          "own-quicknet.json",
          "--drand",
          `${siteUrl}/none`,
        ]);
        expect(swapped.output).toContain("[FAIL] Beacon chain: The record names drand quicknet but gives another public key");
        expect(swapped.code).toBe(1);
        await writeFile(join(directory, "draw.json"), JSON.stringify(draw.record));
        await writeFile(join(directory, "draw.csv"), draw.csvBytes);
        const saved = await verify(["--record", "draw.json", "--list", "draw.csv", "--chain-info", "own-quicknet.json"]);
        expect(saved.output).toContain("[FAIL] Beacon chain: The record names drand quicknet but gives another public key");
        expect(saved.code).toBe(1);
      } finally {
        draw = original;
      }
    });

    it("checks the record's copy of the beacon when no relay answers", async () => {
      drand.setFailure("500");
      try {
        const result = await verify([`${siteUrl}/campaign/cfixturecampaign/draw`, ...given]);
        expect(result.output).toContain("[PASS] Beacon: Round 100, the copy in draw.json");
        expect(result.code).toBe(0);
      } finally {
        drand.setFailure("none");
      }
    });

    it("asks the relays given with --drand first", async () => {
      const before = drand.requests.length;
      const result = await verify([`${siteUrl}/campaign/cfixturecampaign/draw`, "--drand", `${siteUrl}/no-relay-here`, ...given]);
      expect(result.output).toContain(`${siteUrl}/no-relay-here/${drand.chain.hash}/public/100`);
      expect(result.code).toBe(0);
      expect(drand.requests.length).toBeGreaterThan(before);
    });
  });
});
