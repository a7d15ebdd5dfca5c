/**
 * Procedure 4's anchors (decision 090) against a real database, a fake drand and fake RFC 3161
 * authorities on 127.0.0.1 (openssl ts -reply, with test CAs made here): the job stamps the
 * commitment after launch and the list hash after the freeze with every authority, draw.json
 * publishes the tokens, and both verifiers (told to trust the test CA, as only tests do) say MATCH;
 * then a rewritten list hash, a swapped commitment, a token from a CA no verifier ships and a list
 * token dated after the round each make them say MISMATCH. An authority that is down delays nothing
 * and is asked again next pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainInfoJson } from "~/domain/beacon";
import { prisma } from "~/server/core/db.server";
import { launchDrawFields, newDrawSeed } from "~/server/draw/commitment.server";
import { freezeEntryList } from "~/server/draw/freeze.server";
import { drawRecord } from "~/server/draw/record.server";
import { drawCampaign } from "~/server/draw/run.server";
import { requestTimestamp, timestampDraws } from "~/server/draw/timestamps.server";
import { knownChain } from "~/server/draw/beacon.server";
import { roundTimeMs } from "~/domain/beacon";
import { type VerifyInput, verifyDraw as verifyIndependently } from "~/verifier/verify";
import { verifyDraw } from "../../scripts/verify-draw";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, publishedDrawFiles, setUpFakeBeacon } from "../helpers/draw";
import { type FakeTsa, type TestTsaCa, makeTestTsaCa, removeTestTsaCa, startFakeTsa } from "../fakes/tsa-server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const beacon = setUpFakeBeacon();
let ca: TestTsaCa;
let rogueCa: TestTsaCa;
let tsaA: FakeTsa;
let tsaB: FakeTsa;
let rogue: FakeTsa;
let urls: string[];

beforeAll(async () => {
  ca = makeTestTsaCa("Anchor");
  rogueCa = makeTestTsaCa("Rogue");
  tsaA = await startFakeTsa(ca);
  tsaB = await startFakeTsa(ca);
  rogue = await startFakeTsa(rogueCa);
  urls = [tsaA.url, tsaB.url];
});
afterAll(async () => {
  await Promise.all([tsaA?.close(), tsaB?.close(), rogue?.close()]);
  await Promise.all([ca && removeTestTsaCa(ca), rogueCa && removeTestTsaCa(rogueCa)]);
});

/** A campaign launched now (the launch's own draw fields), ending `endsIn` from now. */
async function launched(endsIn: number) {
  const now = new Date();
  const end = new Date(now.getTime() + endsIn);
  const campaign = await createCampaign({
    startDate: new Date(now.getTime() - DAY),
    endDate: end,
    launchedAt: now,
    ...launchDrawFields(end),
  });
  return { campaign, end };
}

/**
 * The draws here are dated at their beacon round, up to an hour ahead of the clock: the verifiers
 * check them as of a day later (no time of a record may be in the future, decision 102).
 */
const checkedAt = () => Date.now() + 24 * 60 * 60 * 1000;

function independent(files: Awaited<ReturnType<typeof publishedDrawFiles>>, tsaRoots = [ca.rootPem]): VerifyInput {
  return {
    record: files.record,
    csvBytes: files.csvBytes,
    actionsBytes: files.actionsBytes,
    chainInfo: { json: chainInfoJson(beacon.fake().chain), source: "test relay" },
    tsaRoots,
    now: checkedAt(),
  };
}

const scriptOptions = () => ({ chainInfo: beacon.chainInfo(), tsaRoots: [ca.rootPem], now: new Date(checkedAt()) });
const failedChecks = (result: { checks: { name: string; ok: boolean | null; detail?: string; actual?: string }[] }) =>
  result.checks.filter((check) => check.ok === false);

/** Launch, stamp, entries, freeze, stamp, draw: a procedure 4 draw with four tokens. */
async function drawnAndAnchored() {
  const { campaign, end } = await launched(2 * MINUTE);
  const launchPass = await timestampDraws(new Date(), urls);
  expect(launchPass.problems).toEqual([]);
  const tag = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  await addConfirmedEntries(campaign.id, [
    { email: `a${tag}@ts.test`, createdAt: new Date(end.getTime() - 50_000) },
    { email: `b${tag}@ts.test`, createdAt: new Date(end.getTime() - 40_000) },
    { email: `c${tag}@ts.test`, createdAt: new Date(end.getTime() - 30_000) },
  ]);
  const freezeAt = new Date(end.getTime() + 1000);
  const frozen = await freezeEntryList(campaign.id, { now: freezeAt });
  if (frozen.kind !== "frozen") throw new Error(frozen.kind);
  const listPass = await timestampDraws(freezeAt, urls);
  expect(listPass.problems).toEqual([]);
  const chain = knownChain(frozen.list.beaconChain)!;
  const outcome = await drawCampaign(campaign.id, { now: new Date(roundTimeMs(chain, frozen.list.beaconRound) + 1000) });
  expect(outcome.kind).toBe("drawn");
  return { campaign, list: frozen.list };
}

describe("time-stamped anchors (procedure 4)", () => {
  it("stamps the commitment at launch and the list at the freeze, publishes the tokens, and both verifiers match", async () => {
    const { campaign, list } = await drawnAndAnchored();
    const tokens = await prisma.timestampToken.findMany({ where: { campaignId: campaign.id } });
    expect(tokens.map((token) => `${token.subject} ${token.tsaUrl}`).sort()).toEqual(
      [`commitment ${tsaA.url}`, `commitment ${tsaB.url}`, `list ${tsaA.url}`, `list ${tsaB.url}`].sort(),
    );
    const files = await publishedDrawFiles(campaign.id);
    // Time-stamped campaigns are drawn as procedure 5 (its anchors are procedure 4's; decision 099).
    expect(files.record.procedureVersion).toBe(5);
    const timestamps = files.record.timestamps as { subject: string; token: string }[];
    expect(timestamps).toHaveLength(4);
    expect((files.record.list as { sha256: string }).sha256).toBe(list.sha256);

    const script = await verifyDraw(campaign.id, scriptOptions());
    expect(failedChecks(script)).toEqual([]);
    expect(script.ok).toBe(true);
    const result = await verifyIndependently(independent(files));
    expect(result.checks.filter((check) => check.ok !== true)).toEqual([]);
    expect(result.verdict).toBe("MATCH");
    expect(result.checks.find((check) => check.name === "List time-stamps")?.detail).toContain("Anchor Test TSA");

    // Without the test CA (only the roots shipped in the code), the tokens are not trusted.
    const shipped = await verifyIndependently(independent(files, []));
    expect(shipped.verdict).toBe("MISMATCH");
    expect(shipped.checks.find((check) => check.name === "Commitment time-stamps")?.detail).toContain("roots this verifier trusts");
  });

  it("catches a list and its stored hash rewritten after the beacon", async () => {
    const { campaign } = await drawnAndAnchored();
    const before = await publishedDrawFiles(campaign.id);
    const rewritten = "f".repeat(64);
    await prisma.entryList.update({ where: { campaignId: campaign.id }, data: { sha256: rewritten } });
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { entriesHash: rewritten } });
    const script = await verifyDraw(campaign.id, scriptOptions());
    expect(script.ok).toBe(false);
    expect(script.checks.find((check) => check.name === "List time-stamps")?.actual).toContain(`not SHA-256 of "${rewritten}"`);
    // The record now names the rewritten hash (the bytes served are beside the point: the anchor alone fails).
    const current = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    const record = JSON.parse(JSON.stringify(await drawRecord(current))) as Record<string, unknown>;
    const result = await verifyIndependently(independent({ ...before, record }));
    expect(result.verdict).toBe("MISMATCH");
    const anchor = result.checks.find((check) => check.name === "List time-stamps");
    expect(anchor?.ok).toBe(false);
    expect(anchor?.detail).toContain(`not SHA-256 of "${rewritten}"`);
  });

  it("catches a secret and commitment swapped after the beacon", async () => {
    const { campaign } = await drawnAndAnchored();
    const { seed, commitment } = newDrawSeed();
    await prisma.campaign.update({ where: { id: campaign.id }, data: { drawSeed: seed, drawCommitment: commitment } });
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { secret: seed, commitment } });
    const script = await verifyDraw(campaign.id, scriptOptions());
    expect(script.ok).toBe(false);
    expect(script.checks.find((check) => check.name === "Commitment time-stamps")?.actual).toContain(`not SHA-256 of "${commitment}"`);
    const result = await verifyIndependently(independent(await publishedDrawFiles(campaign.id)));
    expect(result.verdict).toBe("MISMATCH");
    expect(result.checks.find((check) => check.name === "Commitment time-stamps")?.ok).toBe(false);
  });

  it("rejects a token signed under a CA the verifier does not ship", async () => {
    const { campaign } = await drawnAndAnchored();
    const current = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    const forged = await requestTimestamp(rogue.url, current.drawCommitment!);
    await prisma.timestampToken.updateMany({
      where: { campaignId: campaign.id, subject: "commitment", tsaUrl: tsaB.url },
      data: { token: forged.token },
    });
    const script = await verifyDraw(campaign.id, scriptOptions());
    expect(script.ok).toBe(false);
    expect(script.checks.find((check) => check.name === "Commitment time-stamps")?.actual).toContain("roots this verifier trusts");
    expect((await verifyIndependently(independent(await publishedDrawFiles(campaign.id)))).verdict).toBe("MISMATCH");
  });

  it("asks with a nonce in minimal DER whatever its random first byte", async () => {
    // 0x00 or 0x80 first: kept as it came, the INTEGER would start 00 0x, which is not DER and is refused.
    for (const first of [0x00, 0x80]) {
      const stamped = await requestTimestamp(tsaA.url, "a".repeat(64), undefined, Uint8Array.from([first, 5, 1, 2, 3, 4, 5, 6]));
      expect(stamped.genTime).toBeInstanceOf(Date);
    }
  });

  it("does not store a list token dated after the round, and a verifier rejects one put there", async () => {
    // Ended an hour ago: the round is long past, so any token asked for now is late.
    const now = new Date();
    const end = new Date(now.getTime() - 60 * MINUTE);
    const campaign = await createCampaign({
      startDate: new Date(end.getTime() - DAY),
      endDate: end,
      launchedAt: now,
      ...launchDrawFields(end),
    });
    expect((await timestampDraws(now, urls)).problems).toEqual([]);
    await addConfirmedEntries(campaign.id, [{ email: `late${Date.now()}@ts.test`, createdAt: new Date(end.getTime() - 1000) }]);
    const freezeAt = new Date(end.getTime() + 1000);
    const frozen = await freezeEntryList(campaign.id, { now: freezeAt });
    if (frozen.kind !== "frozen") throw new Error(frozen.kind);
    const pass = await timestampDraws(freezeAt, urls);
    expect(pass.problems.join(" ")).toContain("too late");
    expect(await prisma.timestampToken.count({ where: { campaignId: campaign.id, subject: "list" } })).toBe(0);
    const chain = knownChain(frozen.list.beaconChain)!;
    expect((await drawCampaign(campaign.id, { now: new Date(roundTimeMs(chain, frozen.list.beaconRound) + 1000) })).kind).toBe("drawn");
    // Without a list token the draw does not verify...
    expect((await verifyDraw(campaign.id, scriptOptions())).checks.find((check) => check.name === "List time-stamps")?.actual).toContain(
      "No time-stamp",
    );
    // ...and with one dated after the round it does not either.
    const late = await requestTimestamp(tsaA.url, frozen.list.sha256);
    await prisma.timestampToken.create({
      data: { campaignId: campaign.id, subject: "list", tsaUrl: tsaA.url, token: late.token, genTime: late.genTime },
    });
    const script = await verifyDraw(campaign.id, scriptOptions());
    expect(script.ok).toBe(false);
    expect(script.checks.find((check) => check.name === "List time-stamps")?.actual).toContain("not before the beacon round's time");
    const result = await verifyIndependently(independent(await publishedDrawFiles(campaign.id)));
    expect(result.verdict).toBe("MISMATCH");
    expect(result.checks.find((check) => check.name === "List time-stamps")?.detail).toContain("not before the beacon round's time");
  });

  it("asks an authority that was down at launch again in a later pass", async () => {
    const { campaign } = await launched(30 * MINUTE);
    tsaB.down = true;
    try {
      const first = await timestampDraws(new Date(), urls);
      expect(first.problems.join(" ")).toContain("HTTP 503");
      expect(await prisma.timestampToken.count({ where: { campaignId: campaign.id, tsaUrl: tsaB.url } })).toBe(0);
      expect(await prisma.timestampToken.count({ where: { campaignId: campaign.id, tsaUrl: tsaA.url } })).toBe(1);
    } finally {
      tsaB.down = false;
    }
    const second = await timestampDraws(new Date(), urls);
    expect(second.problems).toEqual([]);
    expect(await prisma.timestampToken.count({ where: { campaignId: campaign.id, subject: "commitment" } })).toBe(2);
    // The campaign was active (launched) all along.
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("active");
  });
});
