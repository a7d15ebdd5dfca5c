import { createHash } from "node:crypto";
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import {
  type BeaconResponse,
  type ChainInfo,
  chainInfoJson,
  parseBeacon,
  parseChainInfo,
  QUICKNET,
  roundAt,
  roundTimeMs,
} from "~/domain/beacon";
import { finalSeed, verifyBeacon } from "~/domain/beacon-verify";
import { ConfigError, resetConfigForTests } from "~/server/core/config.server";
import {
  configuredChain,
  DEMO_CHAIN,
  DEMO_CHAIN_INFO_JSON,
  demoBeacon,
  derivedDemoChain,
  fetchBeacon,
  knownChain,
} from "~/server/draw/beacon.server";
import { type FakeDrand, startFakeDrand } from "../fakes/drand-server";
import { restoreEnv } from "../helpers/env";

// Quicknet round 1000 as drand publishes it at {relay}/52db9ba7…/public/1000.
// Only the holders of the League of Entropy's threshold key can produce a signature that verifies.
const QUICKNET_ROUND_1000: BeaconResponse = {
  round: 1000,
  randomness: "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
  signature: "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
};

const flipLastHex = (text: string) => text.slice(0, -1) + (text.endsWith("0") ? "1" : "0");
const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("verifyBeacon", () => {
  it("accepts quicknet's real round 1000 under the pinned public key", () => {
    expect(verifyBeacon(QUICKNET, QUICKNET_ROUND_1000)).toBe(true);
  });

  it("refuses the same signature for another round", () => {
    expect(verifyBeacon(QUICKNET, { ...QUICKNET_ROUND_1000, round: 1001 })).toBe(false);
    expect(verifyBeacon(QUICKNET, { ...QUICKNET_ROUND_1000, round: 999 })).toBe(false);
  });

  it("refuses a changed signature even when its randomness is recomputed to match", async () => {
    for (const index of [0, 47, 95]) {
      const chars = QUICKNET_ROUND_1000.signature.split("");
      chars[index] = chars[index] === "a" ? "b" : "a";
      const signature = chars.join("");
      const randomness = sha256Hex(Buffer.from(signature, "hex"));
      expect(verifyBeacon(QUICKNET, { round: 1000, signature, randomness })).toBe(false);
    }
  });

  it("refuses randomness that is not SHA-256 of the signature", () => {
    expect(verifyBeacon(QUICKNET, { ...QUICKNET_ROUND_1000, randomness: flipLastHex(QUICKNET_ROUND_1000.randomness) })).toBe(false);
  });

  it("refuses the genuine round under another chain's key, and malformed input without throwing", () => {
    expect(verifyBeacon(DEMO_CHAIN, QUICKNET_ROUND_1000)).toBe(false);
    expect(verifyBeacon(QUICKNET, { ...QUICKNET_ROUND_1000, signature: "00".repeat(48) })).toBe(false);
    expect(verifyBeacon(QUICKNET, { ...QUICKNET_ROUND_1000, signature: QUICKNET_ROUND_1000.signature.slice(2) })).toBe(false);
    expect(verifyBeacon(QUICKNET, { ...QUICKNET_ROUND_1000, round: 0 })).toBe(false);
    expect(verifyBeacon({ ...QUICKNET, scheme: "pedersen-bls-chained" } as unknown as ChainInfo, QUICKNET_ROUND_1000)).toBe(false);
  });

  it("checks the demo chain's rounds like any other", () => {
    const beacon = demoBeacon(12345);
    expect(verifyBeacon(DEMO_CHAIN, beacon)).toBe(true);
    expect(verifyBeacon(DEMO_CHAIN, { ...beacon, round: 12346 })).toBe(false);
    expect(verifyBeacon(QUICKNET, beacon)).toBe(false);
  });
});

describe("finalSeed", () => {
  it("is SHA-256 of `<secret>:<randomness>` in lowercase hex", async () => {
    const secret = "ab".repeat(32);
    const expected = sha256Hex(new TextEncoder().encode(`${secret}:${QUICKNET_ROUND_1000.randomness}`));
    expect(finalSeed(secret, QUICKNET_ROUND_1000.randomness)).toBe(expected);
    // The empty secret of campaigns launched without a commitment.
    expect(finalSeed("", "00")).toBe(sha256Hex(new TextEncoder().encode(":00")));
  });
});

describe("round clock", () => {
  const genesisMs = QUICKNET.genesisTime * 1000;

  it("puts round 1 at genesis and one round every period after", () => {
    expect(roundTimeMs(QUICKNET, 1)).toBe(genesisMs);
    expect(roundTimeMs(QUICKNET, 2)).toBe(genesisMs + 3000);
    expect(roundTimeMs(QUICKNET, 1000)).toBe(genesisMs + 999 * 3000);
    expect(() => roundTimeMs(QUICKNET, 0)).toThrow();
    expect(() => roundTimeMs(QUICKNET, 1.5)).toThrow();
  });

  it("finds the first round at or after a time", () => {
    expect(roundAt(QUICKNET, 0)).toBe(1);
    expect(roundAt(QUICKNET, genesisMs - 1)).toBe(1);
    expect(roundAt(QUICKNET, genesisMs)).toBe(1);
    expect(roundAt(QUICKNET, genesisMs + 1)).toBe(2);
    expect(roundAt(QUICKNET, genesisMs + 2999)).toBe(2);
    expect(roundAt(QUICKNET, genesisMs + 3000)).toBe(2);
    expect(roundAt(QUICKNET, genesisMs + 3001)).toBe(3);
    // 2030-01-01T00:00:00Z and back: the round's time is the first one not before the instant.
    const instant = Date.UTC(2030, 0, 1);
    const round = roundAt(QUICKNET, instant);
    expect(roundTimeMs(QUICKNET, round)).toBeGreaterThanOrEqual(instant);
    expect(roundTimeMs(QUICKNET, round - 1)).toBeLessThan(instant);
  });
});

describe("parsing drand JSON", () => {
  it("reads quicknet's /info answer into the pinned chain", () => {
    const info = {
      public_key: QUICKNET.publicKey,
      period: 3,
      genesis_time: 1692803367,
      hash: QUICKNET.hash,
      groupHash: "f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e",
      schemeID: "bls-unchained-g1-rfc9380",
      metadata: { beaconID: "quicknet" },
    };
    expect(parseChainInfo(JSON.stringify(info))).toEqual(QUICKNET);
    expect(parseChainInfo(DEMO_CHAIN_INFO_JSON)).toEqual(DEMO_CHAIN);
    // DEMO_CHAIN is written out (no key derivation at import); it must be what the published key text gives.
    expect(derivedDemoChain()).toEqual(DEMO_CHAIN);
  });

  it("refuses chains of another scheme or with a malformed key", () => {
    const base = {
      public_key: QUICKNET.publicKey,
      period: 3,
      genesis_time: 1692803367,
      hash: QUICKNET.hash,
      schemeID: "pedersen-bls-chained",
    };
    expect(() => parseChainInfo(base)).toThrow(/scheme/);
    expect(() => parseChainInfo({ ...base, schemeID: "bls-unchained-g1-rfc9380", public_key: "abc" })).toThrow(/public_key/);
    expect(() => parseChainInfo("{not json")).toThrow();
  });

  it("reads a round, lowercasing its hex and ignoring other fields", () => {
    const upper = { ...QUICKNET_ROUND_1000, signature: QUICKNET_ROUND_1000.signature.toUpperCase(), previous_signature: "ff" };
    expect(parseBeacon(JSON.stringify(upper))).toEqual(QUICKNET_ROUND_1000);
    expect(() => parseBeacon({ ...QUICKNET_ROUND_1000, round: "1000" })).toThrow(/round/);
    expect(() => parseBeacon({ ...QUICKNET_ROUND_1000, signature: "b4" })).toThrow(/signature/);
  });
});

describe("configuredChain", () => {
  const saved = { ...process.env };
  afterEach(() => {
    restoreEnv(saved);
    resetConfigForTests();
  });
  const withEnv = (env: Record<string, string | undefined>) => {
    restoreEnv(saved, { SESSION_SECRET: "x".repeat(40), ...env });
    if (env.DRAND_CHAIN_INFO === undefined) delete process.env.DRAND_CHAIN_INFO;
    resetConfigForTests();
  };

  it("is quicknet unless DRAND_CHAIN_INFO names another chain", () => {
    withEnv({ DRAND_CHAIN_INFO: undefined });
    expect(configuredChain()).toEqual(QUICKNET);
    withEnv({ DRAND_CHAIN_INFO: DEMO_CHAIN_INFO_JSON });
    expect(configuredChain()).toEqual(DEMO_CHAIN);
    expect(knownChain(DEMO_CHAIN.hash)).toEqual(DEMO_CHAIN);
    expect(knownChain(QUICKNET.hash)).toEqual(QUICKNET);
    expect(knownChain("0".repeat(64))).toBeUndefined();
  });

  it("refuses quicknet's hash with another key anywhere, and in production any chain but quicknet (decision 082)", () => {
    const ownQuicknet = JSON.stringify({ ...chainInfoJson(derivedDemoChain()), hash: QUICKNET.hash, demo: undefined });
    withEnv({ DRAND_CHAIN_INFO: ownQuicknet });
    expect(() => configuredChain()).toThrow(/names drand quicknet's chain hash with another public key/);
    // The pinned quicknet and demo chain win over DRAND_CHAIN_INFO wherever a stored hash is looked up.
    withEnv({ DRAND_CHAIN_INFO: JSON.stringify({ ...chainInfoJson(DEMO_CHAIN), public_key: QUICKNET.publicKey }) });
    expect(knownChain(DEMO_CHAIN.hash)).toEqual(DEMO_CHAIN);

    withEnv({ NODE_ENV: "production", DRAND_CHAIN_INFO: DEMO_CHAIN_INFO_JSON });
    expect(() => configuredChain()).toThrow(ConfigError);
    expect(() => configuredChain()).toThrow(/\(the public demo chain\), not drand quicknet: in production/);
    withEnv({ NODE_ENV: "production", DRAND_CHAIN_INFO: JSON.stringify(chainInfoJson(QUICKNET)) });
    expect(configuredChain()).toEqual(QUICKNET);
    withEnv({ NODE_ENV: "production", DRAND_CHAIN_INFO: undefined });
    expect(configuredChain()).toEqual(QUICKNET);
  });

  it("stops on a DRAND_CHAIN_INFO that is not a usable chain", () => {
    withEnv({ DRAND_CHAIN_INFO: '{"public_key":"ab"}' });
    expect(() => configuredChain()).toThrow(ConfigError);
  });
});

describe("fake drand and fetchBeacon", () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  const start = async (clock: { ms: number }): Promise<FakeDrand> => {
    const fake = await startFakeDrand({ now: () => clock.ms, genesisTimeSec: 1_800_000_000, period: 3 });
    servers.push(fake);
    return fake;
  };
  /** A port that refuses connections: a server that was listening and is closed. */
  const deadUrl = async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${port}`;
  };

  it("serves rounds that verify against its chain, once their time has come, with CORS", async () => {
    const clock = { ms: 1_800_000_000_000 + 30_000 }; // round 11's time
    const fake = await start(clock);
    expect(fake.signRound(11)).toEqual(fake.signRound(11));
    expect(verifyBeacon(fake.chain, fake.signRound(11))).toBe(true);

    const info = await fetch(`${fake.url}/${fake.chain.hash}/info`);
    expect(info.headers.get("access-control-allow-origin")).toBe("*");
    expect(parseChainInfo(await info.text())).toEqual(fake.chain);

    const round11 = await fetch(`${fake.url}/${fake.chain.hash}/public/11`);
    expect(round11.status).toBe(200);
    expect(round11.headers.get("access-control-allow-origin")).toBe("*");
    expect(verifyBeacon(fake.chain, parseBeacon(await round11.text()))).toBe(true);

    expect((await fetch(`${fake.url}/${fake.chain.hash}/public/12`)).status).toBe(404);
    expect(parseBeacon(await (await fetch(`${fake.url}/${fake.chain.hash}/public/latest`)).text()).round).toBe(11);
    clock.ms += 3000;
    expect((await fetch(`${fake.url}/${fake.chain.hash}/public/12`)).status).toBe(200);
    expect((await fetch(`${fake.url}/${"0".repeat(64)}/public/1`)).status).toBe(404);
  });

  it("fetches from the next mirror when the first is down, keeping the exact text", async () => {
    const clock = { ms: 1_800_000_000_000 + 60_000 };
    const fake = await start(clock);
    const result = await fetchBeacon(fake.chain, 20, { urls: [await deadUrl(), fake.url], now: () => clock.ms });
    expect(result).toMatchObject({ ok: true, beacon: fake.signRound(20) });
    if (!result.ok) throw new Error("unreachable");
    expect(parseBeacon(result.json)).toEqual(fake.signRound(20));
    expect(fake.requests).toEqual([`GET /${fake.chain.hash}/public/20`]);
  });

  it("takes its mirrors from DRAND_URLS by default", async () => {
    const clock = { ms: 1_800_000_000_000 + 60_000 };
    const fake = await start(clock);
    const saved = { ...process.env };
    try {
      restoreEnv(saved, { SESSION_SECRET: "x".repeat(40), DRAND_URLS: `${await deadUrl()}, ${fake.url}/` });
      resetConfigForTests();
      expect(await fetchBeacon(fake.chain, 5, { now: () => clock.ms })).toMatchObject({ ok: true, beacon: fake.signRound(5) });
    } finally {
      restoreEnv(saved);
      resetConfigForTests();
    }
  });

  it("says not-yet for a round whose time has not come, here or on every mirror", async () => {
    const clock = { ms: 1_800_000_000_000 + 60_000 }; // round 21's time
    const fake = await start(clock);
    // Our clock says it is too early: no request at all.
    expect(await fetchBeacon(fake.chain, 22, { urls: [fake.url], now: () => clock.ms })).toMatchObject({ ok: false, reason: "not-yet" });
    expect(fake.requests).toEqual([]);
    // Our clock is ahead of drand's: every mirror answers 404.
    const result = await fetchBeacon(fake.chain, 22, { urls: [fake.url, fake.url], now: () => clock.ms + 3000 });
    expect(result).toMatchObject({ ok: false, reason: "not-yet" });
    expect(fake.requests).toHaveLength(2);
  });

  it("says invalid when a mirror serves a round that does not verify, unavailable when none answers", async () => {
    const clock = { ms: 1_800_000_000_000 + 60_000 };
    const fake = await start(clock);
    fake.setFailure("bad-signature");
    const bad = await fetchBeacon(fake.chain, 7, { urls: [fake.url], now: () => clock.ms });
    expect(bad).toMatchObject({ ok: false, reason: "invalid" });
    if (bad.ok) throw new Error("unreachable");
    expect(bad.detail).toContain("does not verify");

    fake.setFailure("500");
    expect(await fetchBeacon(fake.chain, 7, { urls: [fake.url], now: () => clock.ms })).toMatchObject({ ok: false, reason: "unavailable" });

    fake.setFailure("hang");
    const hung = await fetchBeacon(fake.chain, 7, { urls: [fake.url, await deadUrl()], now: () => clock.ms, timeoutMs: 200 });
    expect(hung).toMatchObject({ ok: false, reason: "unavailable" });
    if (hung.ok) throw new Error("unreachable");
    expect(hung.detail).toContain("no answer within 200 ms");

    fake.setFailure("none");
    expect(await fetchBeacon(fake.chain, 7, { urls: [fake.url], now: () => clock.ms })).toMatchObject({ ok: true });
  });

  it("answers the demo chain in-process, never before the round's time", async () => {
    const due = roundTimeMs(DEMO_CHAIN, 100);
    expect(await fetchBeacon(DEMO_CHAIN, 100, { urls: [], now: () => due - 1 })).toMatchObject({ ok: false, reason: "not-yet" });
    const result = await fetchBeacon(DEMO_CHAIN, 100, { urls: [], now: () => due });
    expect(result).toMatchObject({ ok: true, beacon: demoBeacon(100) });
    expect(DEMO_CHAIN.demo).toBe(true);
  });
});
