/**
 * The public draw record over real HTTP (decision 042): draw.json at each stage, draw.csv from the
 * stored chunks, "Check my entry", the seed check against the displayed commitment, the late-freeze
 * round and the missing beacon. The freeze and the draw are h-draw's; here their rows are written
 * straight into the database, in the formats the shared design fixes, so these tests pin what the
 * pages say about them. The beacon comes from a fake drand on 127.0.0.1 with real BLS signatures.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUICKNET, chainInfoJson, roundAt, roundTimeMs } from "~/domain/beacon";
import { finalSeed } from "~/domain/beacon-verify";
import { DEMO_CHAIN } from "~/server/draw/beacon.server";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { type FakeDrand, startFakeDrand } from "../fakes/drand-server";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

let app: InProcessAppServer;
let drand: FakeDrand;

beforeAll(async () => {
  // Genesis two days back, so every round these tests use is already out on the fake's clock.
  drand = await startFakeDrand({ genesisTimeSec: Math.floor((Date.now() - 2 * DAY) / 1000) });
  process.env.DRAND_CHAIN_INFO = JSON.stringify(chainInfoJson(drand.chain));
  process.env.DRAND_URLS = drand.url;
  app = await startAppServer();
  await app.resetConfig();
});

afterAll(async () => {
  await app.close();
  await drand.close();
  delete process.env.DRAND_CHAIN_INFO;
  delete process.env.DRAND_URLS;
});

async function fetchPage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}`, { redirect: "manual", headers });
  return response;
}

async function html(path: string): Promise<string> {
  const response = await fetchPage(path);
  expect(response.status).toBe(200);
  return response.text();
}

/** The page's text without tags, whitespace collapsed (for sentences that span elements). */
const text = (page: string) =>
  page
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ");

const json = async (path: string) => {
  const response = await fetchPage(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("application/json");
  return { body: await response.text(), headers: response.headers };
};

interface Spec {
  email: string;
  createdAt: Date;
  referrer?: number;
  confirmed?: boolean;
  disqualify?: "duplicate" | "fake" | "automated" | "rules";
}

/**
 * A campaign that ended `endedAgo` ms ago with entries in the live table (confirmed, pending,
 * disqualified), its beacon round planned at launch on the fake drand chain.
 */
async function endedCampaign(specs: Spec[], options: { endedAgo?: number; chain?: string; plannedRound?: number | null } = {}) {
  const end = new Date(Date.now() - (options.endedAgo ?? 60 * MINUTE));
  const secret = randomBytes(32).toString("hex");
  const chain = options.chain ?? drand.chain.hash;
  const plannedRound = options.plannedRound !== undefined ? options.plannedRound : roundAt(drand.chain, end.getTime() + 10 * MINUTE);
  const campaign = await createCampaign({
    startDate: new Date(end.getTime() - 7 * DAY),
    endDate: end,
    launchedAt: new Date(end.getTime() - 7 * DAY),
    drawSeed: secret,
    drawCommitment: sha256(secret),
    drawBeaconRound: plannedRound,
    drawBeaconChain: plannedRound === null ? null : chain,
    additionalPrizes: { create: [{ rank: 2, title: "Sticker pack" }] },
  });
  const ids: string[] = [];
  for (const spec of specs) {
    const entry = await prisma.entry.create({
      data: {
        campaignId: campaign.id,
        email: spec.email,
        emailNormalized: spec.email,
        agreedToTerms: true,
        createdAt: spec.createdAt,
        confirmedAt: spec.confirmed === false ? null : spec.createdAt,
        referrerId: spec.referrer === undefined ? null : ids[spec.referrer],
        referralCredited: spec.referrer !== undefined,
        disqualifiedAt: spec.disqualify ? end : null,
        disqualifyReason: spec.disqualify ?? null,
      },
    });
    ids.push(entry.id);
  }
  return { campaign, secret, ids, end, plannedRound };
}

/** draw.csv exactly as the design specifies it, from the live rows (what a freeze would write). */
async function listBytes(campaignId: string): Promise<string> {
  const rows = await prisma.entry.findMany({ where: { campaignId, confirmedAt: { not: null } } });
  const counted = rows.filter((row) => row.disqualifiedAt === null);
  counted.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const referrerOf = (row: (typeof rows)[number]) => (row.referralCredited && row.referrerId ? row.referrerId : "");
  const lines = counted.map((row) => {
    const weight = 1 + 3 * counted.filter((other) => referrerOf(other) === row.id).length;
    return `${row.id},${row.createdAt.getTime()},${referrerOf(row)},${weight}\n`;
  });
  const disqualified = rows
    .filter((row) => row.disqualifiedAt !== null)
    .map((row) => row.id)
    .sort()
    .map((id) => `${id},${rows.find((row) => row.id === id)?.disqualifyReason}\n`);
  return `entry_id,created_ms,referrer_id,weight\n${lines.join("")}disqualified_entry_id,reason\n${disqualified.join("")}`;
}

/** Freezes the list as h-draw's freeze does: listFrozenAt, then EntryList and its chunks (tiny here, to cross chunk boundaries). */
async function freeze(campaignId: string, options: { frozenAt: Date; round: number; chain?: string; chunkSize?: number }) {
  const csv = await listBytes(campaignId);
  const bytes = Buffer.from(csv, "ascii");
  const entries = csv.split("disqualified_entry_id,reason\n")[0]!.split("\n").slice(1, -1);
  const totalWeight = entries.reduce((sum, line) => sum + BigInt(line.slice(line.lastIndexOf(",") + 1)), 0n);
  const chunkSize = options.chunkSize ?? 50;
  await prisma.campaign.update({ where: { id: campaignId }, data: { listFrozenAt: options.frozenAt } });
  await prisma.entryList.create({
    data: {
      campaignId,
      frozenAt: options.frozenAt,
      sha256: sha256(bytes),
      byteLength: bytes.length,
      entryCount: entries.length,
      totalWeight,
      disqualifiedCount: csv.split("disqualified_entry_id,reason\n")[1]!.split("\n").filter(Boolean).length,
      beaconRound: options.round,
      beaconChain: options.chain ?? drand.chain.hash,
      chunks: {
        create: Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, index) => ({
          index,
          bytes: new Uint8Array(bytes.subarray(index * chunkSize, (index + 1) * chunkSize)),
        })),
      },
    },
  });
  return { csv, entries, totalWeight };
}

/** The beacon round as drand serves it, fetched from the fake over HTTP. */
async function beaconJson(round: number): Promise<string> {
  const response = await fetch(`${drand.url}/${drand.chain.hash}/public/${round}`);
  expect(response.status).toBe(200);
  return response.text();
}

async function draw(
  campaignId: string,
  secret: string,
  options: { round: number; beacon: string | null; picks: object[]; chain?: string; commitment?: string | null },
) {
  const randomness = options.beacon ? (JSON.parse(options.beacon) as { randomness: string }).randomness : null;
  await prisma.draw.create({
    data: {
      campaignId,
      procedureVersion: 2,
      secret,
      commitment: options.commitment === undefined ? sha256(secret) : options.commitment,
      seed: randomness ? finalSeed(secret, randomness) : secret,
      entriesHash: (await prisma.entryList.findUniqueOrThrow({ where: { campaignId } })).sha256,
      totalWeight: (await prisma.entryList.findUniqueOrThrow({ where: { campaignId } })).totalWeight,
      entryCount: (await prisma.entryList.findUniqueOrThrow({ where: { campaignId } })).entryCount,
      picks: JSON.stringify(options.picks),
      beaconRound: options.round,
      beaconChain: options.chain ?? drand.chain.hash,
      beaconJson: options.beacon,
      beaconMissing: options.beacon === null,
    },
  });
  await prisma.campaign.update({ where: { id: campaignId }, data: { status: "completed" } });
}

const ago = (ms: number) => new Date(Date.now() - ms);

/** Five counted entries (the 4th brought in by the 1st), one pending, one disqualified. */
const STANDARD: Spec[] = [
  { email: "ada@rec.test", createdAt: ago(5 * DAY) },
  { email: "bob@rec.test", createdAt: ago(5 * DAY - 1000) },
  { email: "cyd@rec.test", createdAt: ago(5 * DAY - 2000) },
  { email: "dee@rec.test", createdAt: ago(4 * DAY), referrer: 0 },
  { email: "eve@rec.test", createdAt: ago(3 * DAY) },
  { email: "pending@rec.test", createdAt: ago(2 * DAY), confirmed: false },
  { email: "bot@rec.test", createdAt: ago(2 * DAY - 5), disqualify: "automated" },
];

describe("draw.json", () => {
  it("grows stage by stage, and never holds the secret before the draw", async () => {
    const { campaign, secret, ids, end, plannedRound } = await endedCampaign(STANDARD, { endedAgo: -DAY });
    const path = `/campaign/${campaign.id}/draw.json`;

    // Live: commitment, launch time, chain and planned round only.
    const live = await json(path);
    expect(live.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(live.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(live.body).not.toContain(secret);
    const liveRecord = JSON.parse(live.body);
    expect(liveRecord).toMatchObject({
      format: 1,
      procedureVersion: 2,
      campaignId: campaign.id,
      pageUrl: `http://localhost:3000/campaign/${campaign.id}/draw`,
      launchedAt: campaign.launchedAt!.toISOString(),
      endsAt: end.toISOString(),
      commitment: sha256(secret),
      beacon: {
        chainHash: drand.chain.hash,
        publicKey: drand.chain.publicKey,
        period: 3,
        genesisTime: drand.chain.genesisTime,
        scheme: "bls-unchained-g1-rfc9380",
        demo: false,
        plannedRound,
        plannedRoundTime: new Date(roundTimeMs(drand.chain, plannedRound!)).toISOString(),
        round: null,
        roundTime: null,
        urls: [],
        response: null,
        missing: false,
      },
      list: null,
      draw: null,
    });

    // Frozen: the list's facts from the stored bytes; still no secret.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { endDate: ago(20 * MINUTE) } });
    const frozenAt = ago(15 * MINUTE);
    const round = roundAt(drand.chain, frozenAt.getTime() + 10 * MINUTE);
    const { csv, totalWeight } = await freeze(campaign.id, { frozenAt, round });
    const frozen = await json(path);
    expect(frozen.body).not.toContain(secret);
    const frozenRecord = JSON.parse(frozen.body);
    expect(frozenRecord.list).toEqual({
      frozenAt: frozenAt.toISOString(),
      sha256: sha256(csv),
      bytes: csv.length,
      entries: 5,
      totalWeight: totalWeight.toString(),
      // No referral cap (decision 104): every friend's referral earns the bonus.
      referralCap: null,
      csvUrl: `http://localhost:3000/campaign/${campaign.id}/draw.csv`,
      disqualified: [{ id: ids[6], reason: "automated" }],
    });
    expect(totalWeight).toBe(8n);
    expect(frozenRecord.beacon).toMatchObject({
      round,
      roundTime: new Date(roundTimeMs(drand.chain, round)).toISOString(),
      urls: [`${drand.url}/${drand.chain.hash}/public/${round}`],
    });
    expect(frozenRecord.draw).toBeNull();

    // Drawn: the secret, the beacon as fetched, the final seed and the picks with their accounting.
    const beacon = await beaconJson(round);
    const picks = [
      {
        rank: 1,
        entryId: ids[3],
        ticket: "5",
        counter: 0,
        replaced: true,
        claimDeadline: ago(-DAY).toISOString(),
        notifiedAt: ago(DAY).toISOString(),
      },
      { rank: 2, entryId: ids[1], ticket: "4", counter: 2, notifiedAt: ago(DAY).toISOString() },
      {
        rank: 1,
        entryId: ids[4],
        ticket: "7",
        counter: 3,
        redrawnAt: ago(MINUTE).toISOString(),
        reason: "The prize was not claimed by its deadline.",
        claimDeadline: ago(-14 * DAY).toISOString(),
        notifiedAt: ago(30_000).toISOString(),
      },
    ];
    await draw(campaign.id, secret, { round, beacon, picks });
    const drawn = JSON.parse((await json(path)).body);
    const row = await prisma.draw.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    expect(drawn.beacon.response).toEqual(JSON.parse(beacon));
    expect(drawn.draw).toEqual({
      drawnAt: row.createdAt.toISOString(),
      secret,
      seed: finalSeed(secret, JSON.parse(beacon).randomness),
      entriesHash: sha256(csv),
      entries: 5,
      totalWeight: "8",
      // The grand prize's first deadline is not a whole number of days after this hand-made draw (decision 102).
      claimWindowDays: null,
      picks: [
        { ...picks[0], redrawnAt: null, reason: null },
        { ...picks[1], replaced: false, redrawnAt: null, reason: null, claimDeadline: null },
        { ...picks[2], replaced: false },
      ],
    });
    // The disqualified ids and the list are unchanged by later edits of the live table.
    await prisma.entry.update({ where: { id: ids[6]! }, data: { disqualifiedAt: null, disqualifyReason: null } });
    expect(JSON.parse((await json(path)).body).list.disqualified).toEqual([{ id: ids[6], reason: "automated" }]);
  });

  it("is 404 for unknown and unpublished campaigns", async () => {
    const { campaign } = await endedCampaign([]);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { status: "draft" } });
    for (const id of [campaign.id, "nosuchcampaign00000000"]) {
      expect((await fetchPage(`/campaign/${id}/draw.json`)).status).toBe(404);
      expect((await fetchPage(`/campaign/${id}/draw.csv`)).status).toBe(404);
    }
  });
});

describe("draw.csv", () => {
  it("is the stored bytes, byte for byte, whatever happens to the entries afterwards", async () => {
    const { campaign, ids } = await endedCampaign(STANDARD);
    const path = `/campaign/${campaign.id}/draw.csv`;
    const before = await fetchPage(path);
    expect(before.status).toBe(404);
    expect(await before.text()).toBe("The entry list is frozen when the giveaway ends.\n");

    const { csv } = await freeze(campaign.id, {
      frozenAt: ago(50 * MINUTE),
      round: roundAt(drand.chain, Date.now() - 40 * MINUTE),
      chunkSize: 37,
    });
    const download = async () => {
      const response = await fetchPage(path);
      expect(response.status).toBe(200);
      return { headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const first = await download();
    expect(first.bytes.toString("ascii")).toBe(csv);
    expect(first.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(first.headers.get("Content-Length")).toBe(String(csv.length));
    expect(first.headers.get("ETag")).toBe(`"${sha256(csv)}"`);
    expect(sha256(first.bytes)).toBe(sha256(csv));
    expect(csv.split("\n")[0]).toBe("entry_id,created_ms,referrer_id,weight");
    expect(csv).toContain(`${ids[3]},${STANDARD[3]!.createdAt.getTime()},${ids[0]},1\n`);
    expect(csv).toContain(`${ids[0]},${STANDARD[0]!.createdAt.getTime()},,4\n`);

    // Edits of the live table (a late entry, a deleted one, a changed weight) change nothing.
    await prisma.entry.create({
      data: {
        campaignId: campaign.id,
        email: "late@rec.test",
        emailNormalized: "late@rec.test",
        agreedToTerms: true,
        confirmedAt: new Date(),
      },
    });
    await prisma.entry.delete({ where: { id: ids[2]! } });
    await prisma.entry.update({ where: { id: ids[4]! }, data: { bonusEntries: 30 } });
    expect((await download()).bytes.equals(first.bytes)).toBe(true);

    // A cache that holds it revalidates with its ETag.
    const revalidated = await fetchPage(path, { "If-None-Match": `"${sha256(csv)}"` });
    expect(revalidated.status).toBe(304);
  });

  it("keeps serving the regenerated id,weight list of a version 1 draw, and the page labels it", async () => {
    const { campaign, secret, ids } = await endedCampaign(STANDARD.slice(0, 3), { plannedRound: null });
    await prisma.campaign.update({ where: { id: campaign.id }, data: { status: "completed" } });
    await prisma.draw.create({
      data: {
        campaignId: campaign.id,
        procedureVersion: 1,
        seed: secret,
        commitment: sha256(secret),
        entriesHash: sha256(ids.map((id) => `${id}:1\n`).join("")),
        totalWeight: 3n,
        entryCount: 3,
        picks: JSON.stringify([{ rank: 1, entryId: ids[1], ticket: "1", counter: 0 }]),
      },
    });
    const response = await fetchPage(`/campaign/${campaign.id}/draw.csv`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`id,weight\n${ids.map((id) => `${id},1\n`).join("")}`);
    const record = JSON.parse((await json(`/campaign/${campaign.id}/draw.json`)).body);
    expect(record).toMatchObject({ procedureVersion: 1, beacon: null, list: null, draw: { secret: null, seed: secret } });
    const page = text(await html(`/campaign/${campaign.id}/draw`));
    expect(page).toContain("drawn with version 1 of the procedure");
    expect(page).toContain("SHA-256 of the seed equals the commitment shown above.");
  });
});

describe("check my entry", () => {
  it("finds an entry by id, referral link or confirmation link, with its line and ticket range from the frozen bytes", async () => {
    // Enough entries that the list spans many 50-byte chunks; some referred, so weights vary.
    const specs: Spec[] = Array.from({ length: 30 }, (_, i) => ({
      email: `fan${i}@rec.test`,
      createdAt: ago(6 * DAY - i * 1000),
      ...(i >= 10 && i % 3 === 0 ? { referrer: i % 7 } : {}),
    }));
    specs.push({ email: "late@rec.test", createdAt: ago(2 * DAY), confirmed: false });
    specs.push({ email: "dupe@rec.test", createdAt: ago(2 * DAY + 1), disqualify: "duplicate" });
    const { campaign, ids } = await endedCampaign(specs);
    const check = async (input: string) => {
      const page = await html(`/campaign/${campaign.id}/draw?${new URLSearchParams({ entry: input })}`);
      const result = /data-testid="check-result" data-kind="([a-z-]+)"/.exec(page);
      return { kind: result?.[1], text: text(page) };
    };

    expect((await check(ids[0]!)).kind).toBe("not-frozen");
    const { entries } = await freeze(campaign.id, { frozenAt: ago(50 * MINUTE), round: roundAt(drand.chain, Date.now() - 40 * MINUTE) });

    // Every listed entry: the line, its position and tickets [first, last] as the procedure assigns them.
    const weightOf = (line: string) => BigInt(line.slice(line.lastIndexOf(",") + 1));
    const total = entries.reduce((sum, line) => sum + weightOf(line), 0n);
    for (const index of [0, 13, 29]) {
      const id = ids[index]!;
      const position = entries.findIndex((line) => line.startsWith(`${id},`));
      const line = entries[position]!;
      const weight = weightOf(line);
      const firstTicket = entries.slice(0, position).reduce((sum, other) => sum + weightOf(other), 0n);
      const found = await check(id);
      expect(found.kind).toBe("listed");
      expect(found.text).toContain(`number ${position + 1} of 30, on line ${position + 2} of draw.csv`);
      expect(found.text).toContain(line);
      expect(found.text).toContain(
        weight === 1n
          ? `Weight 1: it holds ticket ${firstTicket} of the ${total} tickets (0 to ${total - 1n}).`
          : `Weight ${weight}: it holds tickets ${firstTicket} to ${firstTicket + weight - 1n} of the ${total} tickets (0 to ${total - 1n}).`,
      );
    }
    // Entry 0 brought in entry 21: weight 4, tickets 0 to 3.
    expect(entries[0]).toMatch(new RegExp(`^${ids[0]},[0-9]+,,4$`));
    expect((await check(ids[0]!)).text).toContain(`Weight 4: it holds tickets 0 to 3 of the ${total} tickets (0 to ${total - 1n}).`);

    // The referral link and the confirmation email's link find the same entry.
    const id = ids[13]!;
    const line = entries.find((candidate) => candidate.startsWith(`${id},`))!;
    expect((await check(`http://localhost:3000/campaign/${campaign.id}?ref=${id}`)).text).toContain(line);
    expect((await check(`  https://giveawear.example/campaign/${campaign.id}/confirm/${id}-${"0f".repeat(16)}  `)).text).toContain(line);

    const pending = await check(ids[30]!);
    expect(pending.kind).toBe("pending");
    expect(pending.text).toContain("it was not confirmed before the giveaway ended");

    const disqualified = await check(ids[31]!);
    expect(disqualified.kind).toBe("disqualified");
    expect(disqualified.text).toContain("was disqualified (Duplicate of another entry) and is not in the draw");
    expect(disqualified.text).toContain(`${ids[31]},duplicate`);

    expect((await check("zzzzzzzzzzzzzzzzzzzzzzzz")).kind).toBe("unknown");
    expect((await check("not an id")).kind).toBe("no-id");
    // Another campaign's entry is unknown here.
    const other = await endedCampaign([{ email: "x@rec.test", createdAt: ago(DAY) }]);
    expect((await check(other.ids[0]!)).kind).toBe("unknown");
  });
});

describe("the public draw page", () => {
  it("before the end: commitment, launch time, chain and planned round with its time; no secret", async () => {
    const { campaign, secret, plannedRound } = await endedCampaign(STANDARD, { endedAgo: -DAY });
    const page = await html(`/campaign/${campaign.id}/draw`);
    const words = text(page);
    expect(page).not.toContain(secret);
    expect(words).toContain(`SHA-256 hash of the secret seed, published when the giveaway launched (`);
    expect(words).toContain(sha256(secret));
    expect(words).toContain(`drand chain ${drand.chain.hash}`);
    expect(words).toContain(`Round ${plannedRound}, produced at`);
    expect(words).toContain("The entry list is frozen when the giveaway ends");
    expect(words).toContain("When the entry list is frozen at the end of the giveaway, you can paste your entry id");
    expect(page).not.toContain('name="entry"');
    expect(page).not.toMatch(/<script[^>]+type="module"/);

    // The same facts on the campaign page and in the rules.
    for (const path of [`/campaign/${campaign.id}`, `/campaign/${campaign.id}/rules`]) {
      const other = text(await html(path));
      expect(other).toContain(sha256(secret));
      expect(other).toContain(`Beacon: drand chain ${drand.chain.hash}, round ${plannedRound}, produced at`);
      expect(other).toMatch(/[Ll]aunched/);
    }
    const rules = text(await html(`/campaign/${campaign.id}/rules`));
    expect(rules).toContain("Your entry counts once you confirm it");
    expect(rules).toContain("Entries not confirmed by the end of the giveaway are not in the draw.");
    expect(rules).toContain("adds 3 bonus entries to yours once they confirm their entry");
    expect(rules).toContain("Disqualified entry ids are published on the draw page with the reason.");
    expect(await html(`/campaign/${campaign.id}/rules`)).toContain(`href="/campaign/${campaign.id}/draw#procedure"`);
  });

  it("names drand quicknet and the demo beacon plainly, and says when a round is chosen at the freeze", async () => {
    const quick = await endedCampaign([], { endedAgo: -DAY, chain: QUICKNET.hash, plannedRound: 1000 });
    expect(text(await html(`/campaign/${quick.campaign.id}/draw`))).toContain("drand quicknet (League of Entropy)");
    const demo = await endedCampaign([], { endedAgo: -DAY, chain: DEMO_CHAIN.hash, plannedRound: 1000 });
    const demoPage = text(await html(`/campaign/${demo.campaign.id}/draw`));
    expect(demoPage).toContain("Demo beacon, not drand");
    expect(demoPage).toContain("its beacon is a local demo chain whose signing key is public, not drand");
    expect(text(await html(`/campaign/${demo.campaign.id}`))).toContain("Beacon: Demo beacon, not drand, round 1000");
    const old = await endedCampaign([], { endedAgo: -DAY, plannedRound: null });
    expect(text(await html(`/campaign/${old.campaign.id}/draw`))).toContain("its beacon round is chosen when the entry list is frozen");
    expect(text(await html(`/campaign/${old.campaign.id}/rules`))).toContain("its round is chosen when the entry list is frozen");
  });

  it("after the draw: secret, beacon, final seed and the seed check against the commitment the page displays", async () => {
    const { campaign, secret, ids, plannedRound } = await endedCampaign(STANDARD);
    await freeze(campaign.id, { frozenAt: ago(55 * MINUTE), round: plannedRound! });
    const beacon = await beaconJson(plannedRound!);
    await draw(campaign.id, secret, {
      round: plannedRound!,
      beacon,
      picks: [
        { rank: 1, entryId: ids[0], ticket: "2", counter: 0, claimDeadline: ago(-14 * DAY).toISOString() },
        { rank: 2, entryId: ids[4], ticket: "7", counter: 1 },
      ],
    });
    const path = `/campaign/${campaign.id}/draw`;
    const words = text(await html(path));
    const { randomness, signature } = JSON.parse(beacon) as { randomness: string; signature: string };
    expect(words).toContain(secret);
    expect(words).toContain(randomness);
    expect(words).toContain(signature);
    expect(words).toContain(finalSeed(secret, randomness));
    expect(words).toContain("SHA-256 of the secret equals the commitment shown above.");
    expect(words).toContain("The signature verifies under the chain's public key");
    expect(words).toContain('The final seed is SHA-256 of "<secret>:<randomness>".');
    expect(words).toContain("The list and its hash were fixed before that round existed.");
    expect(words).toMatch(new RegExp(`${ids[6]}\\s*Automated entry`));
    expect(words).not.toContain("The list was frozen too late");

    // The check compares with the campaign's published commitment, the one displayed, not the draw row's copy.
    const forged = sha256("something else");
    await prisma.campaign.update({ where: { id: campaign.id }, data: { drawCommitment: forged } });
    const after = text(await html(path));
    expect(after).toContain(forged);
    expect(after).toContain("SHA-256 of the secret does NOT equal the commitment shown above.");
    expect(JSON.parse((await json(`${path}.json`)).body).commitment).toBe(forged);

    // A beacon that does not verify is called out.
    const tampered = JSON.parse(beacon) as { signature: string };
    tampered.signature = `${tampered.signature.slice(0, -2)}${tampered.signature.endsWith("00") ? "01" : "00"}`;
    await prisma.draw.update({ where: { campaignId: campaign.id }, data: { beaconJson: JSON.stringify(tampered) } });
    expect(text(await html(path))).toContain("The beacon does NOT verify under the chain's public key.");
  });

  it("says so when the freeze came too late for the planned round", async () => {
    const { campaign, plannedRound } = await endedCampaign(STANDARD);
    // Frozen after the planned round's time: the draw moves to the first round at or after frozenAt + margin.
    const frozenAt = new Date(roundTimeMs(drand.chain, plannedRound!) + 5000);
    const moved = roundAt(drand.chain, frozenAt.getTime() + 10 * MINUTE);
    await freeze(campaign.id, { frozenAt, round: moved });
    const words = text(await html(`/campaign/${campaign.id}/draw`));
    expect(words).toContain(`The draw uses beacon round ${moved}, produced at`);
    expect(words).toContain(`The list was frozen too late for the round published at launch (round ${plannedRound},`);
    expect(words).toContain(`So the draw uses the later round ${moved} instead`);
    const record = JSON.parse((await json(`/campaign/${campaign.id}/draw.json`)).body);
    expect(record.beacon).toMatchObject({ plannedRound, round: moved });
  });

  it("says plainly when the beacon was missing and the draw used the secret alone", async () => {
    const { campaign, secret, ids, plannedRound } = await endedCampaign(STANDARD);
    await freeze(campaign.id, { frozenAt: ago(55 * MINUTE), round: plannedRound! });
    await draw(campaign.id, secret, { round: plannedRound!, beacon: null, picks: [{ rank: 1, entryId: ids[0], ticket: "0", counter: 0 }] });
    const words = text(await html(`/campaign/${campaign.id}/draw`));
    expect(words).toContain(`Missing. No valid beacon for round ${plannedRound} could be had within 24 hours after its time`);
    expect(words).toContain("this draw used the secret alone as its seed");
    expect(words).toContain("The final seed is the secret.");
    const record = JSON.parse((await json(`/campaign/${campaign.id}/draw.json`)).body);
    expect(record.beacon).toMatchObject({ missing: true, response: null });
    expect(record.draw.seed).toBe(secret);
  });
});
