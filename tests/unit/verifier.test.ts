/**
 * The independent verifier (app/verifier, decision 040) against draws built from the procedure text
 * with the production pick code: MATCH on honest draws, MISMATCH when any byte of the list, the
 * beacon, the secret, the commitment or a pick changes.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chainInfoJson, QUICKNET } from "~/domain/beacon";
import { DEMO_CHAIN } from "~/server/draw/beacon.server";
import { beaconProblem, DEMO as BUILT_IN_DEMO, QUICKNET as BUILT_IN_QUICKNET } from "~/verifier/drand";
import { recordUrlFrom, relayBases } from "~/verifier/sources";
import { type VerifyInput, type VerifyResult, verifyDraw } from "~/verifier/verify";
import { buildDrawFixture, type Fixture, type FixtureOptions } from "../helpers/draw-fixture";

/** A real quicknet round (https://api.drand.sh/52db.../public/1000). */
const QUICKNET_1000 = {
  round: 1000,
  randomness: "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
  signature: "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
};

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const clone = <T>(value: T): T => structuredClone(value);

function inputOf(fixture: Fixture, change: (input: { record: Fixture["record"]; csvBytes: Uint8Array }) => void = () => {}): VerifyInput {
  const input = { record: clone(fixture.record), csvBytes: fixture.csvBytes.slice() };
  change(input);
  // The fixture's test chain is neither quicknet nor the demo chain: the person verifying gives its key (decision 082).
  return { ...input, chainInfo: { json: chainInfoJson(fixture.chain), source: "test-chain.json" } };
}

function failed(result: VerifyResult): string[] {
  return result.checks.filter((check) => check.ok === false).map((check) => check.name);
}

const fixtures = new Map<string, Fixture>();
function fixture(options: FixtureOptions = {}): Fixture {
  const key = JSON.stringify(options);
  if (!fixtures.has(key)) fixtures.set(key, buildDrawFixture(options));
  return fixtures.get(key)!;
}

describe("verifyDraw: honest draws", () => {
  it("says MATCH for a draw with referrals, disqualified entries and a redraw", async () => {
    const result = await verifyDraw(inputOf(fixture({ entries: 40, prizes: 3, redraws: 1 })));
    expect(result.checks.filter((check) => check.ok !== true)).toEqual([]);
    expect(result.verdict).toBe("MATCH");
    expect(result.checks.map((check) => check.name)).toEqual([
      "Draw record",
      "List hash",
      "List format",
      "Draw order",
      "Weights",
      "Disqualified entries",
      "Counts",
      "Beacon chain",
      "Beacon round",
      "Beacon",
      "Commitment",
      "Final seed",
      "Picks",
    ]);
    expect(result.checks.find((check) => check.name === "Picks")!.detail).toMatch(/Recomputed 4 picks \(3 drawn, 1 redrawn\)/);
  });

  it("says MATCH for a procedure 3 draw whose weights add the bonuses of actions.csv, and MISMATCH for a changed or dropped completion line", async () => {
    const v3 = fixture({ entries: 60, prizes: 2, actions: true });
    const actionsText = new TextDecoder().decode(v3.actionsBytes!);
    expect(actionsText.split("\n").length).toBeGreaterThan(10);
    const result = await verifyDraw({ ...inputOf(v3), actionsBytes: v3.actionsBytes });
    expect(result.checks.filter((check) => check.ok !== true)).toEqual([]);
    expect(result.verdict).toBe("MATCH");
    expect(result.checks.map((check) => check.name)).toEqual(expect.arrayContaining(["Actions hash", "Actions list", "Weights"]));
    const lines = actionsText.split("\n");
    const changed = lines.map((line, k) =>
      k === 1 ? line.replace(/,(\d+),(\d+)$/, (_, bonus, ms) => `,${Number(bonus) + 1},${ms}`) : line,
    );
    for (const tampered of [changed.join("\n"), lines.filter((_, k) => k !== 1).join("\n")]) {
      const bytes = new TextEncoder().encode(tampered);
      // Even with its hash published for it, a changed completion breaks the weights of draw.csv.
      const mismatch = await verifyDraw({
        ...inputOf(v3, ({ record }) => {
          record.list.actions!.sha256 = sha256Hex(bytes);
          record.list.actions!.bytes = bytes.length;
        }),
        actionsBytes: bytes,
      });
      expect(mismatch.verdict).toBe("MISMATCH");
      expect(failed(mismatch)).toContain("Weights");
    }
  });

  it("says MATCH on drand quicknet with a real round, checked against the built-in key", async () => {
    const real = buildDrawFixture({ entries: 25, chain: QUICKNET, sign: () => QUICKNET_1000, round: 1000 });
    const result = await verifyDraw({ record: real.record, csvBytes: real.csvBytes });
    expect(result.verdict).toBe("MATCH");
    expect(result.checks.find((check) => check.name === "Beacon chain")!.detail).toMatch(/built into this verifier/);

    // A record that names quicknet but brings its own key is refused, even with a signature valid under that key.
    const forged = clone(real.record);
    forged.beacon.publicKey = fixture().chain.publicKey;
    expect(failed(await verifyDraw({ record: forged, csvBytes: real.csvBytes }))).toContain("Beacon chain");
  });

  it("refuses quicknet's hash with the operator's own key, the round validly signed under that key (decision 082)", async () => {
    const own = fixture({ entries: 20 });
    const swapped = clone(own.record);
    swapped.beacon.chainHash = QUICKNET.hash;
    // Whatever chain information is given, quicknet is checked under its built-in key.
    const given = { json: { ...chainInfoJson(own.chain), hash: QUICKNET.hash }, source: "own-quicknet.json" };
    const result = await verifyDraw({ record: swapped, csvBytes: own.csvBytes, chainInfo: given });
    expect(result.verdict).toBe("MISMATCH");
    expect(result.checks.find((check) => check.name === "Beacon chain")).toMatchObject({
      ok: false,
      detail: expect.stringContaining("gives another public key, period or genesis time than quicknet's"),
    });
    // Even a record that states quicknet's key: the operator's signature does not verify under it.
    swapped.beacon.publicKey = QUICKNET.publicKey;
    swapped.beacon.period = QUICKNET.period;
    swapped.beacon.genesisTime = QUICKNET.genesisTime;
    const underQuicknet = await verifyDraw({ record: swapped, csvBytes: own.csvBytes });
    expect(underQuicknet.verdict).toBe("MISMATCH");
    expect(failed(underQuicknet)).toContain("Beacon");
  });

  it("says MISMATCH for another chain unless the person verifying gives its key; never from the record (decision 082)", async () => {
    const own = fixture({ entries: 20 });
    const alone = await verifyDraw({ record: clone(own.record), csvBytes: own.csvBytes });
    expect(alone.verdict).toBe("MISMATCH");
    expect(alone.checks.find((check) => check.name === "Beacon chain")).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/not drand quicknet.*only when you give it yourself/),
    });
    // Another chain given than the record's.
    const other = { json: { ...chainInfoJson(own.chain), public_key: QUICKNET.publicKey }, source: "other.json" };
    expect(failed(await verifyDraw({ record: clone(own.record), csvBytes: own.csvBytes, chainInfo: other }))).toContain("Beacon chain");
    // Calling the own chain a demo does not help: only Giveawear's built-in demo chain is one.
    const posing = clone(own.record);
    posing.beacon.demo = true;
    expect(failed(await verifyDraw({ record: posing, csvBytes: own.csvBytes }))).toContain("Beacon chain");
    // Given by the person verifying: MATCH, and the report says whose chain it is.
    const given = await verifyDraw(inputOf(own));
    expect(given.verdict).toBe("MATCH");
    expect(given.checks.find((check) => check.name === "Beacon chain")!.detail).toMatch(/the ones you gave in test-chain\.json/);
  });

  it("checks the built-in quicknet key against drand's real round 1000", () => {
    expect(BUILT_IN_QUICKNET.publicKey).toBe(QUICKNET.publicKey);
    expect(beaconProblem(BUILT_IN_QUICKNET.publicKey, QUICKNET_1000)).toBeNull();
    expect(beaconProblem(BUILT_IN_QUICKNET.publicKey, { ...QUICKNET_1000, round: 1001 })).toMatch(/does not verify/);
  });

  it("says MATCH for a demo chain and says plainly that it is not drand", async () => {
    const demo = buildDrawFixture({ entries: 12, demo: true });
    const result = await verifyDraw({ record: demo.record, csvBytes: demo.csvBytes });
    expect(result.verdict).toBe("MATCH");
    expect(result.checks.find((check) => check.name === "Beacon chain")!.detail).toMatch(/demo beacon, not drand/);
    // The demo chain is built in too: its key is not taken from the record.
    expect(BUILT_IN_DEMO.publicKey).toBe(DEMO_CHAIN.publicKey);
    expect(BUILT_IN_DEMO.hash).toBe(DEMO_CHAIN.hash);
    const notDemo = clone(demo.record);
    notDemo.beacon.demo = false;
    expect(failed(await verifyDraw({ record: notDemo, csvBytes: demo.csvBytes }))).toContain("Beacon chain");
  });

  it("says MATCH when the beacon was missing and the seed is the secret, and says what that means", async () => {
    const missing = fixture({ entries: 20, beaconMissing: true });
    expect(missing.record.draw.seed).toBe(missing.secret);
    const result = await verifyDraw(inputOf(missing));
    expect(result.verdict).toBe("MATCH");
    expect(result.checks.find((check) => check.name === "Beacon")!.detail).toMatch(/used the launch secret alone/);
  });

  it("says MATCH for a replacement round decided 24 hours after the round, with why (decision 099)", async () => {
    const replaced = fixture({ entries: 20, replaced: true });
    const result = await verifyDraw(inputOf(replaced));
    expect(failed(result)).toEqual([]);
    expect(result.verdict).toBe("MATCH");
    expect(result.checks.find((check) => check.name === "Replacement round")!.detail).toMatch(/nobody could know then/);
  });

  it("says MATCH without a commitment (the secret is the empty string)", async () => {
    const result = await verifyDraw(inputOf(fixture({ entries: 15, noCommitment: true })));
    expect(result.verdict).toBe("MATCH");
    expect(result.checks.find((check) => check.name === "Commitment")!.detail).toMatch(/empty string/);
  });

  it("handles fewer entries than prizes, and no entries at all", async () => {
    const few = fixture({ entries: 2, prizes: 3, disqualified: 1 });
    expect(few.record.draw.picks).toHaveLength(2);
    expect((await verifyDraw(inputOf(few))).verdict).toBe("MATCH");
    const invented = inputOf(few, ({ record }) => record.draw.picks.push({ ...record.draw.picks[0]!, rank: 3 }));
    expect(failed(await verifyDraw(invented))).toEqual(["Picks"]);

    const none = fixture({ entries: 0, prizes: 3, disqualified: 2 });
    const result = await verifyDraw(inputOf(none));
    expect(result.verdict).toBe("MATCH");
    expect(result.checks.find((check) => check.name === "Picks")!.detail).toMatch(/No entries, so no picks/);
  });

  it("says INCOMPLETE before the draw and for procedure 1 records", async () => {
    const base = fixture();
    const beforeDraw = inputOf(base, ({ record }) => {
      (record as { draw: unknown }).draw = null;
      record.beacon.response = null;
      record.beacon.missing = false;
    });
    const result = await verifyDraw(beforeDraw);
    expect(result.verdict).toBe("INCOMPLETE");
    expect(failed(result)).toEqual([]);

    const v1 = inputOf(base, ({ record }) => ((record as { procedureVersion: number }).procedureVersion = 1));
    expect((await verifyDraw(v1)).verdict).toBe("INCOMPLETE");
  });
});

describe("verifyDraw: any change is a MISMATCH", () => {
  it("any byte of the list", async () => {
    // Without a beacon no BLS signature is checked (about 20 ms each), so every byte can be tried.
    const small = fixture({ entries: 8, prizes: 2, disqualified: 2, beaconMissing: true });
    expect((await verifyDraw(inputOf(small))).verdict).toBe("MATCH");
    const bytes = small.csvBytes;
    for (let at = 0; at < bytes.length; at++) {
      for (const replacement of [bytes[at]! ^ 1, 10, 13]) {
        if (replacement === bytes[at]) continue;
        const result = await verifyDraw(inputOf(small, (input) => (input.csvBytes[at] = replacement)));
        expect(result.verdict, `byte ${at} -> ${replacement}`).toBe("MISMATCH");
      }
    }
    // The same with a beacon.
    const withBeacon = fixture();
    expect((await verifyDraw(inputOf(withBeacon, (input) => (input.csvBytes[50] = input.csvBytes[50]! ^ 1)))).verdict).toBe("MISMATCH");
    // Removing or adding a byte.
    expect((await verifyDraw(inputOf(small, (input) => (input.csvBytes = bytes.slice(0, -1))))).verdict).toBe("MISMATCH");
    const longer = new Uint8Array([...bytes, 10]);
    expect(await verifyDraw(inputOf(small, (input) => (input.csvBytes = longer)))).toMatchObject({ verdict: "MISMATCH" });
  });

  /** A list rewritten with its hash (and size) updated in the record too: the other checks must still catch it. */
  async function rewritten(change: (csv: string) => string): Promise<string[]> {
    const base = fixture({ entries: 30, prizes: 2 });
    const csv = change(base.csv);
    expect(csv).not.toBe(base.csv);
    const bytes = new TextEncoder().encode(csv);
    const result = await verifyDraw(
      inputOf(base, (input) => {
        input.csvBytes = bytes;
        input.record.list.sha256 = sha256Hex(bytes);
        input.record.list.bytes = bytes.length;
      }),
    );
    expect(result.verdict).toBe("MISMATCH");
    return failed(result);
  }

  it("a list whose weights, order, format or disqualified section are wrong, even with a matching hash", async () => {
    const lines = (csv: string) => csv.split("\n");
    // A weight raised by one.
    expect(await rewritten((csv) => csv.replace(/,(\d+)\n/, (_, weight: string) => `,${Number(weight) + 1}\n`))).toContain("Weights");
    // Two entry lines swapped.
    expect(
      await rewritten((csv) => {
        const all = lines(csv);
        [all[3], all[4]] = [all[4]!, all[3]!];
        return all.join("\n");
      }),
    ).toContain("Draw order");
    // CRLF line endings, a missing final newline, a missing disqualified header.
    expect(await rewritten((csv) => csv.replaceAll("\n", "\r\n"))).toContain("List format");
    expect(await rewritten((csv) => csv.slice(0, -1))).toContain("List format");
    expect(await rewritten((csv) => csv.replace("disqualified_entry_id,reason\n", ""))).toContain("List format");
    // A disqualified entry dropped from the file: no longer the list the record publishes.
    expect(
      await rewritten((csv) => {
        const all = lines(csv);
        const header = all.indexOf("disqualified_entry_id,reason");
        return [...all.slice(0, header + 1), ...all.slice(header + 2)].join("\n");
      }),
    ).toContain("Disqualified entries");
    // An entry id both drawn and disqualified.
    expect(
      await rewritten((csv) => {
        const all = lines(csv);
        const header = all.indexOf("disqualified_entry_id,reason");
        all[header + 1] = `${all[1]!.split(",")[0]},fake`;
        return all.join("\n");
      }),
    ).toContain("Disqualified entries");
  });

  it("any change to the beacon: signature, randomness, round", async () => {
    const base = fixture();
    const beacon = base.record.beacon.response as { round: number; randomness: string; signature: string };
    // Every hexadecimal character of the signature (randomness recomputed, so only BLS can catch it).
    for (let at = 0; at < beacon.signature.length; at += 7) {
      const flipped = beacon.signature.slice(0, at) + (beacon.signature[at] === "a" ? "b" : "a") + beacon.signature.slice(at + 1);
      const result = await verifyDraw(
        inputOf(base, ({ record }) => {
          record.beacon.response = { ...beacon, signature: flipped, randomness: sha256Hex(Buffer.from(flipped, "hex")) };
        }),
      );
      expect(failed(result), `signature character ${at}`).toContain("Beacon");
    }
    for (let at = 0; at < beacon.randomness.length; at += 5) {
      const randomness = beacon.randomness.slice(0, at) + (beacon.randomness[at] === "0" ? "1" : "0") + beacon.randomness.slice(at + 1);
      const result = await verifyDraw(inputOf(base, ({ record }) => (record.beacon.response = { ...beacon, randomness })));
      expect(failed(result), `randomness character ${at}`).toContain("Beacon");
    }
    // Another round: in the beacon only, and in the record as well (then the signature is for the wrong round).
    expect(
      failed(await verifyDraw(inputOf(base, ({ record }) => (record.beacon.response = { ...beacon, round: beacon.round + 1 })))),
    ).toContain("Beacon");
    const both = inputOf(base, ({ record }) => {
      record.beacon.response = { ...beacon, round: beacon.round + 1 };
      record.beacon.round = beacon.round + 1;
      record.beacon.plannedRound = beacon.round + 1;
    });
    expect(failed(await verifyDraw(both))).toContain("Beacon");
    // A round that was already out when the list was frozen.
    const early = inputOf(
      base,
      ({ record }) => (record.list.frozenAt = new Date(Date.parse(record.beacon.roundTime) + 1000).toISOString()),
    );
    expect(failed(await verifyDraw(early))).toContain("Beacon round");
    // Claiming the beacon was missing while the seed mixes it in.
    expect(failed(await verifyDraw(inputOf(base, ({ record }) => (record.beacon.missing = true))))).toContain("Beacon");
    // A fetched round that differs from the record's copy.
    const fetched = { ...inputOf(base), beacon: { json: { ...beacon, randomness: "0".repeat(64) }, source: "relay" } };
    expect(failed(await verifyDraw(fetched))).toContain("Beacon");
  });

  it("a replacement round that breaks procedure 5, step 5, and a secret-only draw under procedure 5 (decision 099)", async () => {
    const replaced = fixture({ entries: 20, replaced: true });
    const chain = replaced.chain;
    const replacement = replaced.record.beacon.replacement!;
    const named = replaced.record.beacon.round!;
    const timeOf = (round: number) => (chain.genesisTime + (round - 1) * chain.period) * 1000;
    const detail = (result: VerifyResult) => result.checks.find((check) => check.name === "Replacement round")?.detail ?? "";

    // Decided before the named round's time + 24 hours (the replacement round itself the first 10 minutes after).
    const early = new Date(timeOf(named) + 23 * 3_600_000);
    const earlyRound = Math.ceil((early.getTime() + 10 * 60_000 - chain.genesisTime * 1000) / (chain.period * 1000)) + 1;
    const tooEarly = await verifyDraw(
      inputOf(replaced, ({ record }) => {
        record.beacon.replacement = { ...replacement, decidedAt: early.toISOString(), round: earlyRound };
      }),
    );
    expect(tooEarly.verdict).toBe("MISMATCH");
    expect(detail(tooEarly)).toMatch(/before round \d+'s time \+ 24 hours/);

    // A replacement round less than the margin after the decision (it may have been out already).
    const close = await verifyDraw(
      inputOf(replaced, ({ record }) => {
        record.beacon.replacement = { ...replacement, decidedAt: new Date(timeOf(replacement.round as number) - 60_000).toISOString() };
      }),
    );
    expect(failed(close)).toContain("Replacement round");
    expect(detail(close)).toMatch(/less than 10 minutes after the decision/);
    // Nor any later round than the first one after the margin.
    const notFirst = await verifyDraw(
      inputOf(replaced, ({ record }) => {
        record.beacon.replacement = {
          ...replacement,
          decidedAt: new Date(Date.parse(replacement.decidedAt as string) - 3_600_000).toISOString(),
        };
      }),
    );
    expect(detail(notFirst)).toMatch(/is not the first round at least 10 minutes after the decision/);

    // No reason given.
    for (const reason of ["", "   ", null]) {
      const unexplained = await verifyDraw(
        inputOf(replaced, ({ record }) => {
          record.beacon.replacement = { ...replacement, reason };
        }),
      );
      expect(failed(unexplained)).toEqual(["Replacement round"]);
      expect(detail(unexplained)).toMatch(/does not say why/);
    }

    // The beacon must be the replacement round's, not the named round's.
    const named_ = await verifyDraw(inputOf(replaced, ({ record }) => (record.beacon.replacement = null)));
    expect(failed(named_)).toContain("Beacon");

    // Procedure 5 never draws on the secret alone, even though procedures 2 to 4 allowed it.
    const missing = fixture({ entries: 20, beaconMissing: true });
    const secretOnly = await verifyDraw(inputOf(missing, ({ record }) => ((record as { procedureVersion: number }).procedureVersion = 5)));
    expect(secretOnly.verdict).toBe("MISMATCH");
    expect(failed(secretOnly)).toEqual(expect.arrayContaining(["Beacon", "Final seed"]));
    expect(secretOnly.checks.find((check) => check.name === "Beacon")!.detail).toMatch(/which procedure 5 forbids/);
  });

  it("the secret, the commitment, the seed", async () => {
    const base = fixture();
    const secret = base.secret;
    const other = (secret[0] === "a" ? "b" : "a") + secret.slice(1);
    expect(failed(await verifyDraw(inputOf(base, ({ record }) => (record.draw.secret = other))))).toEqual([
      "Commitment",
      "Final seed",
      "Picks",
    ]);
    expect(failed(await verifyDraw(inputOf(base, ({ record }) => (record.commitment = sha256Hex("x")))))).toEqual(["Commitment"]);
    // A different secret with a matching commitment (as if the commitment had been replaced): the seed gives it away.
    const swapped = inputOf(base, ({ record }) => {
      record.draw.secret = other;
      record.commitment = sha256Hex(other);
    });
    expect(failed(await verifyDraw(swapped))).toEqual(["Final seed", "Picks"]);
    // A seed that is not the one the procedure gives (the picks were drawn with the right one).
    expect(failed(await verifyDraw(inputOf(base, ({ record }) => (record.draw.seed = sha256Hex("another seed")))))).toEqual(["Final seed"]);
    expect(failed(await verifyDraw(inputOf(base, ({ record }) => (record.draw.secret = secret.toUpperCase()))))).toContain("Commitment");
  });

  it("any pick: entry, ticket, counter, order, replaced flag", async () => {
    const base = fixture({ entries: 40, prizes: 3, redraws: 1 });
    const picks = base.record.draw.picks;
    const changes: [string, (record: Fixture["record"]) => void][] = [
      ["entry", (record) => (record.draw.picks[1]!.entryId = picks[0]!.entryId === picks[2]!.entryId ? "x" : picks[2]!.entryId)],
      ["ticket", (record) => (record.draw.picks[0]!.ticket = String(Number(picks[0]!.ticket) + 1))],
      ["counter", (record) => (record.draw.picks[2]!.counter += 1)],
      ["redraw counter", (record) => (record.draw.picks[3]!.counter += 1)],
      ["order", (record) => ([record.draw.picks[0], record.draw.picks[1]] = [record.draw.picks[1]!, record.draw.picks[0]!])],
      ["replaced flag", (record) => (record.draw.picks[0]!.replaced = false)],
      ["extra replaced flag", (record) => (record.draw.picks[1]!.replaced = true)],
      ["dropped pick", (record) => record.draw.picks.splice(1, 1)],
      ["disqualified list", (record) => record.list.disqualified.pop()],
      ["counts", (record) => (record.list.totalWeight = String(Number(record.list.totalWeight) + 1))],
    ];
    for (const [what, change] of changes) {
      const result = await verifyDraw(inputOf(base, ({ record }) => change(record)));
      expect(result.verdict, what).toBe("MISMATCH");
    }
  });

  it("a record that is not a draw record", async () => {
    const base = fixture();
    expect((await verifyDraw({ record: "nope", csvBytes: base.csvBytes })).verdict).toBe("MISMATCH");
    const broken = inputOf(base, ({ record }) => ((record.draw as { picks: unknown }).picks = "none"));
    expect(failed(await verifyDraw(broken))).toEqual(["Draw record"]);
  });
});

describe("the verifier is independent", () => {
  it("imports nothing of the app it checks: only its own files, @noble, and pkijs/asn1js for the time-stamps", () => {
    const directory = new URL("../../app/verifier/", import.meta.url);
    for (const file of readdirSync(directory)) {
      const source = readFileSync(new URL(file, directory), "utf8");
      const imports = [...source.matchAll(/^import[^"]*"([^"]+)"/gm)].map((match) => match[1]!);
      for (const specifier of imports) {
        expect(`${file}: ${specifier}`).toMatch(/: (\.\/[a-z-]+|@noble\/(curves|hashes)\/[a-z0-9/-]+\.js|pkijs|asn1js|node:fs\/promises)$/);
        // pkijs and asn1js read the RFC 3161 tokens (decision 090), in timestamps.ts only.
        if (specifier === "pkijs" || specifier === "asn1js") expect(file).toBe("timestamps.ts");
        if (specifier.startsWith("node:")) expect(file).toBe("cli.ts");
      }
    }
  });
});

describe("where the verifier looks", () => {
  it("finds draw.json from a draw page, draw.json, draw.csv or campaign page address", () => {
    const json = "https://giveawear.test/campaign/c1/draw.json";
    for (const input of [
      "https://giveawear.test/campaign/c1/draw",
      "https://giveawear.test/campaign/c1/draw/",
      "https://giveawear.test/campaign/c1/draw?check=abc#verify",
      "https://giveawear.test/campaign/c1/draw.json",
      "https://giveawear.test/campaign/c1/draw.csv",
      "https://giveawear.test/campaign/c1",
    ]) {
      expect(recordUrlFrom(input), input).toBe(json);
    }
  });

  it("asks drand's public relays for quicknet first, and takes relay bases from full round URLs", () => {
    const hash = BUILT_IN_QUICKNET.hash;
    expect(relayBases({ chainHash: hash, urls: [`https://relay.example/${hash}/public/7`] }, ["http://mine.example/"])).toEqual([
      "http://mine.example",
      ...BUILT_IN_QUICKNET.mirrors,
      "https://relay.example",
    ]);
    expect(relayBases({ chainHash: "ab".repeat(32), urls: "not a list" })).toEqual([]);
  });
});
