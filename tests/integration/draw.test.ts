import { spawn } from "node:child_process";
import { once } from "node:events";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as entryListLoader } from "~/routes/campaign.$campaignId.draw.csv";
import { prisma } from "~/server/db.server";
import { redrawPrize } from "~/server/draw/redraw.server";
import { drawCampaign, drawEntryBlocks, dueCampaignIds, loadDrawPool, nodeDrawHashing } from "~/server/draw/run.server";
import { compareDrawOrder, drawPicks, drawPoolOf, parseDrawPicks } from "~/domain/draw";
import { seed } from "~/server/seed.server";
import { verifyDraw } from "../../scripts/verify-draw";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { createTestDatabase } from "../helpers/database";
import { CookieJar, get, run } from "../helpers/http";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** A campaign that ran for a week and ended an hour ago. */
function endedCampaign(overrides: Parameters<typeof createCampaign>[0] = {}) {
  const end = new Date(Date.now() - 60 * MINUTE);
  return createCampaign({ startDate: new Date(end.getTime() - 7 * DAY), endDate: end, ...overrides });
}

interface EntrySpec {
  email: string;
  bonusEntries?: number;
  createdAt?: Date;
  id?: string;
}

/** Entries straight in the database, counted like the entry form counts them. */
async function addEntries(campaignId: string, specs: EntrySpec[]) {
  const start = Date.now() - 3 * DAY;
  await prisma.entry.createMany({
    data: specs.map((spec, i) => ({
      ...(spec.id ? { id: spec.id } : {}),
      campaignId,
      email: spec.email,
      emailNormalized: spec.email.toLowerCase(),
      agreedToTerms: true,
      bonusEntries: spec.bonusEntries ?? 0,
      createdAt: spec.createdAt ?? new Date(start + i * 1000),
    })),
  });
  await prisma.campaign.update({ where: { id: campaignId }, data: { entryCount: { increment: specs.length } } });
}

const fans = (n: number, bonus: (i: number) => number = () => 0) =>
  Array.from({ length: n }, (_, i) => ({ email: `fan${i}@draw.test`, bonusEntries: bonus(i) }));

const campaignRow = (id: string) => prisma.campaign.findUniqueOrThrow({ where: { id }, include: { draw: true, additionalPrizes: true } });

async function entryListCsv(campaignId: string): Promise<{ status: number; body: string; type: string | null }> {
  const response = (await run(entryListLoader, get(new CookieJar(), `/campaign/${campaignId}/draw.csv`), { campaignId })) as Response;
  return { status: response.status, body: await response.text(), type: response.headers.get("Content-Type") };
}

describe("drawing a campaign", () => {
  it("writes the draw record and the winners of every prize, and completes the campaign", async () => {
    const campaign = await endedCampaign({
      additionalPrizes: {
        create: [
          { rank: 2, title: "Store credit" },
          { rank: 3, title: "Sticker pack" },
        ],
      },
    });
    await addEntries(
      campaign.id,
      fans(40, (i) => (i % 5 === 0 ? 3 : 0)),
    );
    const now = new Date();

    const outcome = await drawCampaign(campaign.id, { now });
    expect(outcome.kind).toBe("drawn");
    if (outcome.kind !== "drawn") return;
    expect(outcome.winners.map((winner) => winner.rank)).toEqual([1, 2, 3]);
    expect(new Set(outcome.winners.map((winner) => winner.entryId)).size).toBe(3);

    const row = await campaignRow(campaign.id);
    const entries = await prisma.entry.findMany({ where: { campaignId: campaign.id } });
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    for (const winner of outcome.winners) expect(winner.email).toBe(byId.get(winner.entryId)?.email);

    const deadline = new Date(now.getTime() + 14 * DAY);
    expect(row).toMatchObject({
      status: "completed",
      drawStartedAt: null,
      winnerEntryId: outcome.winners[0]?.entryId,
      winnerEmail: outcome.winners[0]?.email,
      claimDeadline: deadline,
    });
    for (const prize of row.additionalPrizes) {
      const winner = outcome.winners.find((w) => w.rank === prize.rank);
      expect(prize).toMatchObject({ winnerEntryId: winner?.entryId, winnerEmail: winner?.email, claimDeadline: deadline });
    }

    const draw = row.draw!;
    expect(draw.seed).toBe(campaign.drawSeed);
    expect(draw.commitment).toBe(campaign.drawCommitment);
    expect(createHash("sha256").update(draw.seed).digest("hex")).toBe(draw.commitment);
    expect(draw.totalWeight).toBe(BigInt(40 + 8 * 3));
    expect(draw.entryCount).toBe(40);
    const ordered = [...entries].sort(compareDrawOrder);
    const canonical = ordered.map((entry) => `${entry.id}:${1 + entry.bonusEntries}\n`).join("");
    expect(draw.entriesHash).toBe(createHash("sha256").update(canonical).digest("hex"));
    const picks = parseDrawPicks(draw.picks);
    expect(picks.map(({ rank, entryId }) => ({ rank, entryId }))).toEqual(outcome.winners.map(({ rank, entryId }) => ({ rank, entryId })));
    expect(picks.every((pick) => BigInt(pick.ticket) < draw.totalWeight && pick.replaced === undefined)).toBe(true);

    expect(await drawCampaign(campaign.id, { now })).toEqual({ kind: "already-drawn" });
    expect((await verifyDraw(campaign.id)).ok).toBe(true);
  });

  it("two draws at once make one draw record and one set of winners", async () => {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Tote bag" }] } });
    await addEntries(
      campaign.id,
      fans(30, (i) => (i % 3 === 0 ? 6 : 0)),
    );
    const outcomes = await Promise.all([drawCampaign(campaign.id), drawCampaign(campaign.id), drawCampaign(campaign.id)]);
    expect(outcomes.filter((outcome) => outcome.kind === "drawn")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind !== "drawn").every((o) => o.kind === "busy" || o.kind === "already-drawn")).toBe(true);
    expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(1);
    const drawn = outcomes.find((outcome) => outcome.kind === "drawn");
    const row = await campaignRow(campaign.id);
    expect(drawn?.kind === "drawn" && drawn.winners[0]?.entryId).toBe(row.winnerEntryId);
    expect(parseDrawPicks(row.draw!.picks)).toHaveLength(2);
  });

  it("two app instances drawing at once make one draw record", async () => {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Beanie" }] } });
    await addEntries(
      campaign.id,
      fans(5000, (i) => (i % 10 === 0 ? 3 : 0)),
    );
    // Each instance loads the app and connects, says "ready", then draws when told "go", so both draws overlap.
    const script = `
      const { drawCampaign } = await import("./app/server/draw/run.server.ts");
      const { prisma } = await import("./app/server/db.server.ts");
      await prisma.$queryRaw\`SELECT 1\`;
      process.stdout.write("ready\\n");
      process.stdin.once("data", async () => {
        const outcome = await drawCampaign(${JSON.stringify(campaign.id)});
        process.stdout.write(JSON.stringify(outcome) + "\\n");
        await prisma.$disconnect();
        process.stdin.destroy();
      });`;
    const instances = [0, 1].map(() => {
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        env: { ...process.env },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let output = "";
      let errors = "";
      const ready = new Promise<void>((resolve) =>
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("ready\n")) resolve();
        }),
      );
      child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      const exited = once(child, "exit").then(() => ({ output, errors }));
      return { child, ready, exited };
    });
    await Promise.all(instances.map((instance) => instance.ready));
    for (const instance of instances) instance.child.stdin.write("go\n");
    const results = await Promise.all(instances.map((instance) => instance.exited));
    const outcomes = results.map(({ output, errors }) => {
      const line = output.split("\n").find((text) => text.startsWith("{"));
      if (!line) throw new Error(`no outcome from an instance:\n${output}\n${errors}`);
      return JSON.parse(line) as { kind: string };
    });
    expect(outcomes.filter((outcome) => outcome.kind === "drawn")).toHaveLength(1);
    expect(["busy", "already-drawn"]).toContain(outcomes.find((outcome) => outcome.kind !== "drawn")?.kind);
    expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(1);
    expect((await verifyDraw(campaign.id)).ok).toBe(true);
  });

  it("draws nothing before the end, for unknown or unlaunched campaigns, or while another draw holds the lease", async () => {
    const live = await createCampaign();
    await addEntries(live.id, fans(3));
    expect(await drawCampaign(live.id)).toEqual({ kind: "not-due" });
    expect(await drawCampaign("nosuchcampaign00000000")).toEqual({ kind: "not-found" });
    const draft = await endedCampaign({ status: "draft" });
    expect(await drawCampaign(draft.id)).toEqual({ kind: "not-due" });
    expect(await prisma.draw.count({ where: { campaignId: { in: [live.id, draft.id] } } })).toBe(0);

    // A lease taken 5 minutes ago is someone else's draw in progress; one 11 minutes old is a crashed one.
    const now = new Date();
    const leased = await endedCampaign({ drawStartedAt: new Date(now.getTime() - 5 * MINUTE) });
    await addEntries(leased.id, fans(2));
    expect(await drawCampaign(leased.id, { now })).toEqual({ kind: "busy" });
    await prisma.campaign.update({ where: { id: leased.id }, data: { drawStartedAt: new Date(now.getTime() - 11 * MINUTE) } });
    expect((await drawCampaign(leased.id, { now })).kind).toBe("drawn");
    expect((await campaignRow(leased.id)).drawStartedAt).toBeNull();
  });

  it("completes a campaign without entries with an empty draw record", async () => {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Mug" }] } });
    expect(await drawCampaign(campaign.id)).toEqual({ kind: "no-entries" });
    const row = await campaignRow(campaign.id);
    expect(row).toMatchObject({ status: "completed", winnerEntryId: null, winnerEmail: null, claimDeadline: null, drawStartedAt: null });
    expect(row.draw).toMatchObject({ totalWeight: 0n, picks: "[]", entriesHash: createHash("sha256").update("").digest("hex") });
    expect(row.additionalPrizes[0]?.winnerEntryId).toBeNull();
    expect((await verifyDraw(campaign.id)).ok).toBe(true);
  });

  it("lists the campaigns due for a draw, oldest end first", async () => {
    const now = new Date(Date.now() + 365 * DAY);
    const older = await createCampaign({ endDate: new Date(now.getTime() - 2 * DAY) });
    const newer = await createCampaign({ endDate: new Date(now.getTime() - DAY) });
    const future = await createCampaign({ endDate: new Date(now.getTime() + DAY) });
    const draft = await createCampaign({ status: "draft", endDate: new Date(now.getTime() - DAY) });
    const due = await dueCampaignIds(now, 1000);
    expect(due.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(due.indexOf(older.id)).toBeLessThan(due.indexOf(newer.id));
    expect(due).not.toContain(future.id);
    expect(due).not.toContain(draft.id);
    await drawCampaign(older.id, { now });
    expect(await dueCampaignIds(now, 1000)).not.toContain(older.id);
  });

  it("orders the entries by entry time, then by id in character-code order", async () => {
    const campaign = await endedCampaign();
    const same = new Date(Date.now() - 2 * DAY);
    await addEntries(campaign.id, [
      { id: "zz0later", email: "later@draw.test", createdAt: new Date(same.getTime() + 1) },
      { id: "b0same", email: "b@draw.test", createdAt: same, bonusEntries: 3 },
      { id: "Z0same", email: "z@draw.test", createdAt: same },
      { id: "a0same", email: "a@draw.test", createdAt: same },
      { id: "yy0earlier", email: "earlier@draw.test", createdAt: new Date(same.getTime() - 1) },
    ]);
    await drawCampaign(campaign.id);
    const csv = await entryListCsv(campaign.id);
    expect(csv.body).toBe("id,weight\nyy0earlier,1\nZ0same,1\na0same,1\nb0same,4\nzz0later,1\n");
    expect((await verifyDraw(campaign.id)).ok).toBe(true);
  });
});

describe("the ordered entry list, read in blocks", () => {
  it("gives the same list, hash, weight and picks as the whole-list computation, whatever the block size", async () => {
    const campaign = await endedCampaign();
    const base = Date.now() - 2 * DAY;
    // Runs of five entries share a millisecond, and their ids sort differently by character code
    // than by insertion or case-insensitively, so block boundaries fall inside ties.
    const prefixes = ["b", "A", "a", "Z", "0", "z", "B"];
    await addEntries(
      campaign.id,
      Array.from({ length: 23 }, (_, i) => ({
        id: `${prefixes[(i * 3) % prefixes.length]}${String(23 - i).padStart(2, "0")}blk`,
        email: `block${i}@draw.test`,
        createdAt: new Date(base + Math.floor(i / 5)),
        bonusEntries: i % 4 === 0 ? 3 : 0,
      })),
    );
    const rows = await prisma.entry.findMany({ where: { campaignId: campaign.id } });
    const lines = [...rows].sort(compareDrawOrder).map((entry) => `${entry.id}:${1 + entry.bonusEntries}`);
    const whole = drawPoolOf(
      nodeDrawHashing,
      lines.map((line) => ({ id: line.split(":")[0]!, weight: Number(line.split(":")[1]) })),
    );
    const wholePicks = drawPicks(nodeDrawHashing, whole, campaign.drawSeed!, [1, 2, 3]).picks;
    expect(whole.count).toBe(23);

    for (const blockSize of [1, 2, 4, 5, 22, 23, 24, 100_000]) {
      const blocks: string[] = [];
      for await (const block of drawEntryBlocks(campaign.id, prisma, { blockSize })) blocks.push(block);
      const sizes = blocks.map((block) => block.split("\n").length);
      expect(
        sizes.slice(0, -1).every((size) => size === blockSize),
        `block size ${blockSize}`,
      ).toBe(true);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(23);
      expect(blocks.join("\n"), `block size ${blockSize}`).toBe(lines.join("\n"));

      const pool = await loadDrawPool(campaign.id, prisma, undefined, { blockSize });
      expect({ count: pool.count, hash: pool.entriesHash, total: pool.totalWeight }).toEqual({
        count: whole.count,
        hash: whole.entriesHash,
        total: whole.totalWeight,
      });
      expect(drawPicks(nodeDrawHashing, pool, campaign.drawSeed!, [1, 2, 3]).picks).toEqual(wholePicks);
    }
    await expect(drawEntryBlocks(campaign.id, prisma, { blockSize: 0 }).next()).rejects.toThrow(RangeError);
  });
});

describe("the demo data", () => {
  it("gives every past demo campaign a published draw that verifies, with its winners already notified", async () => {
    const db = await createTestDatabase();
    try {
      await seed(db.prisma, { demo: true });
      const past = await db.prisma.campaign.findMany({
        where: { status: "completed" },
        include: { draw: true, additionalPrizes: true, _count: { select: { entries: true } } },
      });
      expect(past.length).toBeGreaterThan(0);
      for (const campaign of past) {
        expect(campaign.draw, campaign.title).not.toBeNull();
        expect(campaign.draw!.entryCount).toBe(campaign._count.entries);
        expect(campaign.winnersNotifiedAt).not.toBeNull();
        const verification = await verifyDraw(campaign.id, { client: db.prisma });
        expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
        expect(verification.ok).toBe(true);
      }
      const live = await db.prisma.campaign.findMany({ where: { status: "active" }, include: { draw: true } });
      expect(live.every((campaign) => campaign.draw === null && campaign.winnersNotifiedAt === null)).toBe(true);
    } finally {
      await db.cleanup();
    }
  });
});

describe("redrawing an unclaimed prize", () => {
  async function drawnCampaign(entries = 20) {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Cap" }] } });
    await addEntries(
      campaign.id,
      fans(entries, (i) => (i % 4 === 0 ? 3 : 0)),
    );
    const drawnAt = new Date();
    const outcome = await drawCampaign(campaign.id, { now: drawnAt });
    if (outcome.kind !== "drawn") throw new Error(`expected a draw, got ${outcome.kind}`);
    return { campaign, outcome, afterDeadline: new Date(drawnAt.getTime() + 15 * DAY) };
  }

  it("is refused before the claim deadline and once the prize has been claimed", async () => {
    const { campaign, afterDeadline } = await drawnCampaign();
    expect(await redrawPrize(campaign.id, 1, { now: new Date(Date.now() + 13 * DAY) })).toMatchObject({ kind: "not-allowed" });
    await prisma.order.create({ data: { campaignId: campaign.id, prizeRank: 1, winnerEmail: "w@draw.test" } });
    expect(await redrawPrize(campaign.id, 1, { now: afterDeadline })).toMatchObject({ kind: "not-allowed" });
    expect(await redrawPrize(campaign.id, 7, { now: afterDeadline })).toMatchObject({ kind: "not-allowed" });
    const live = await createCampaign();
    expect(await redrawPrize(live.id, 1, { now: afterDeadline })).toMatchObject({ kind: "not-allowed" });
    expect(parseDrawPicks((await campaignRow(campaign.id)).draw!.picks)).toHaveLength(2);
  });

  it("after the deadline takes the next pick of the same sequence and keeps the record verifiable", async () => {
    const { campaign, outcome, afterDeadline } = await drawnCampaign();
    await prisma.campaign.update({ where: { id: campaign.id }, data: { winnersNotifiedAt: new Date(), winnerPublicName: "Old Winner" } });
    const before = parseDrawPicks((await campaignRow(campaign.id)).draw!.picks);

    const redrawn = await redrawPrize(campaign.id, 1, { now: afterDeadline });
    expect(redrawn.kind).toBe("redrawn");
    if (redrawn.kind !== "redrawn") return;
    expect(outcome.winners.map((winner) => winner.entryId)).not.toContain(redrawn.entryId);

    const row = await campaignRow(campaign.id);
    expect(row).toMatchObject({
      winnerEntryId: redrawn.entryId,
      winnerEmail: redrawn.email,
      winnerPublicName: null,
      winnersNotifiedAt: null,
      claimDeadline: new Date(afterDeadline.getTime() + 14 * DAY),
    });
    const picks = parseDrawPicks(row.draw!.picks);
    expect(picks).toHaveLength(3);
    expect(picks[0]).toEqual({ ...before[0], replaced: true });
    expect(picks[1]).toEqual(before[1]);
    expect(picks[2]).toMatchObject({ rank: 1, entryId: redrawn.entryId, redrawnAt: afterDeadline.toISOString() });
    expect(picks[2]!.counter).toBeGreaterThan(Math.max(before[0]!.counter, before[1]!.counter));

    const verification = await verifyDraw(campaign.id);
    expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
    expect(verification.ok).toBe(true);

    // The new winner's own deadline has to pass before another redraw.
    expect(await redrawPrize(campaign.id, 1, { now: new Date(afterDeadline.getTime() + DAY) })).toMatchObject({ kind: "not-allowed" });
  });

  it("two redraws at once append one pick", async () => {
    const { campaign, afterDeadline } = await drawnCampaign();
    const outcomes = await Promise.all([
      redrawPrize(campaign.id, 1, { now: afterDeadline }),
      redrawPrize(campaign.id, 1, { now: afterDeadline }),
    ]);
    expect(outcomes.filter((outcome) => outcome.kind === "redrawn")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "not-allowed")).toHaveLength(1);
    expect(parseDrawPicks((await campaignRow(campaign.id)).draw!.picks)).toHaveLength(3);
    expect((await verifyDraw(campaign.id)).ok).toBe(true);
  });

  it("redraws an additional prize and says when nobody is left", async () => {
    const { campaign, afterDeadline } = await drawnCampaign(3);
    const second = await redrawPrize(campaign.id, 2, { now: afterDeadline });
    expect(second.kind).toBe("redrawn");
    const row = await campaignRow(campaign.id);
    expect(row.additionalPrizes[0]).toMatchObject({
      winnerEntryId: second.kind === "redrawn" ? second.entryId : "",
      winnerEmail: second.kind === "redrawn" ? second.email : "",
    });
    // All three entrants have now been picked.
    expect(await redrawPrize(campaign.id, 1, { now: afterDeadline })).toEqual({ kind: "exhausted" });
    expect((await verifyDraw(campaign.id)).ok).toBe(true);
  });
});

describe("verify-draw", () => {
  async function verifiedCampaign() {
    const campaign = await endedCampaign({
      additionalPrizes: {
        create: [
          { rank: 2, title: "Hat" },
          { rank: 3, title: "Pin" },
        ],
      },
    });
    await addEntries(
      campaign.id,
      fans(60, (i) => (i % 6 === 0 ? 3 * (1 + (i % 4)) : 0)),
    );
    await drawCampaign(campaign.id);
    return campaign;
  }

  it("agrees with the published draw, from the database and from the downloaded entry list", async () => {
    const campaign = await verifiedCampaign();
    const result = await verifyDraw(campaign.id);
    expect(result.checks.map((check) => check.name)).toEqual([
      "commitment = SHA-256(seed)",
      "commitment published at launch",
      "entry list hash",
      "total weight",
      "pick 1 (grand prize)",
      "pick 2 (prize 2)",
      "pick 3 (prize 3)",
      "grand prize winner on record",
      "prize 2 winner on record",
      "prize 3 winner on record",
    ]);
    expect(result.ok).toBe(true);
    expect(result.entries).toBe(60);

    const csv = await entryListCsv(campaign.id);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain("text/csv");
    expect(csv.body.split("\n")).toHaveLength(62);
    const draw = (await campaignRow(campaign.id)).draw!;
    expect(createHash("sha256").update(csv.body.split("\n").slice(1).join("\n").replaceAll(",", ":")).digest("hex")).toBe(draw.entriesHash);
    expect((await verifyDraw(campaign.id, { entriesCsv: csv.body })).ok).toBe(true);
  });

  it("disagrees once an entry is added, removed or reweighted after the draw", async () => {
    const campaign = await verifiedCampaign();
    const entries = await prisma.entry.findMany({ where: { campaignId: campaign.id }, orderBy: { createdAt: "asc" } });
    const failed = async () => (await verifyDraw(campaign.id)).checks.filter((check) => !check.ok).map((check) => check.name);

    await addEntries(campaign.id, [{ email: "late@draw.test", createdAt: new Date() }]);
    expect(await failed()).toEqual(expect.arrayContaining(["entry list hash", "total weight"]));
    await prisma.entry.deleteMany({ where: { campaignId: campaign.id, email: "late@draw.test" } });
    expect(await failed()).toEqual([]);

    await prisma.entry.delete({ where: { id: entries[10]!.id } });
    expect(await failed()).toEqual(expect.arrayContaining(["entry list hash", "total weight"]));
    await prisma.entry.create({ data: entries[10]! });
    expect(await failed()).toEqual([]);

    await prisma.entry.update({ where: { id: entries[20]!.id }, data: { bonusEntries: { increment: 3 } } });
    expect(await failed()).toEqual(expect.arrayContaining(["entry list hash", "total weight"]));

    // An edited export is caught the same way.
    await prisma.entry.update({ where: { id: entries[20]!.id }, data: { bonusEntries: { decrement: 3 } } });
    const csv = (await entryListCsv(campaign.id)).body;
    expect((await verifyDraw(campaign.id, { entriesCsv: csv })).ok).toBe(true);
    const tampered = csv.replace(`${entries[5]!.id},1\n`, "");
    expect((await verifyDraw(campaign.id, { entriesCsv: tampered })).ok).toBe(false);
  });

  it("runs as `npm run verify-draw -- <id>` with exit code 0 on a match and 1 on a mismatch", async () => {
    const campaign = await verifiedCampaign();
    const cli = async () => {
      const child = spawn("node_modules/.bin/tsx", ["scripts/verify-draw.ts", campaign.id], {
        env: { ...process.env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, "exit")) as [number];
      return { code, output };
    };
    const match = await cli();
    expect(match.output).toContain("MATCH     entry list hash");
    expect(match.output).toContain("MATCH: the published draw is reproduced exactly.");
    expect(match.code).toBe(0);

    await prisma.entry.updateMany({ where: { campaignId: campaign.id, email: "fan1@draw.test" }, data: { bonusEntries: 3 } });
    const mismatch = await cli();
    expect(mismatch.output).toContain("MISMATCH  entry list hash");
    expect(mismatch.code).toBe(1);
  });
});

describe("the public draw page", () => {
  let app: InProcessAppServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app.close();
  });

  const page = async (path: string) => {
    const response = await fetch(`${app.url}${path}`, { redirect: "manual" });
    return { status: response.status, html: await response.text(), location: response.headers.get("Location") };
  };

  it("shows the commitment before the draw, and the seed, hash, weights and picks only after it", async () => {
    const campaign = await endedCampaign({ additionalPrizes: { create: [{ rank: 2, title: "Poster" }] } });
    await addEntries(campaign.id, [
      { email: "winner.one@draw.test", bonusEntries: 30 },
      { email: "second.fan@draw.test", bonusEntries: 30 },
      { email: "third@draw.test" },
    ]);

    const before = await page(`/campaign/${campaign.id}/draw`);
    expect(before.status).toBe(200);
    expect(before.html).toContain(campaign.drawCommitment!);
    expect(before.html).toContain("The giveaway has ended; the winners are drawn once the beacon round is out.");
    expect(before.html).not.toContain(campaign.drawSeed!);
    expect(before.html).toContain(`npm run verify-draw -- ${campaign.id}`);
    const campaignPage = await page(`/campaign/${campaign.id}`);
    expect(campaignPage.html).toContain(`href="/campaign/${campaign.id}/draw"`);
    expect(campaignPage.html).not.toContain(campaign.drawSeed!);
    expect((await entryListCsv(campaign.id)).status).toBe(404);

    const outcome = await drawCampaign(campaign.id);
    if (outcome.kind !== "drawn") throw new Error(outcome.kind);
    const draw = (await campaignRow(campaign.id)).draw!;
    const after = await page(`/campaign/${campaign.id}/draw`);
    expect(after.status).toBe(200);
    expect(after.html).toContain("How the winner was drawn");
    expect(after.html).toContain(draw.seed);
    expect(after.html).toContain(draw.commitment);
    expect(after.html).toContain(draw.entriesHash);
    expect(after.html).toContain("SHA-256 of the seed equals the commitment shown above.");
    expect(after.html).toMatch(/data-testid="draw-total-weight">63</);
    expect(after.html).toMatch(/data-testid="draw-entry-count">3</);
    // The page shows the entries the draw used, not the campaign's live counter.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { entryCount: 4 } });
    expect((await page(`/campaign/${campaign.id}/draw`)).html).toMatch(/data-testid="draw-entry-count">3</);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { entryCount: 3 } });
    expect(after.html).toContain(`href="/campaign/${campaign.id}/draw.csv"`);
    expect(after.html).toContain("Random numbers.");
    for (const pick of parseDrawPicks(draw.picks)) {
      expect(after.html).toContain(pick.entryId);
      expect(after.html).toContain(`>${pick.ticket}<`);
    }
    const winner = outcome.winners[0]!;
    const masked = `${winner.email.slice(0, 3)}***@draw.test`;
    expect(after.html).toContain(masked);
    expect(after.html).not.toContain(winner.email);
    // No client runtime on this page.
    expect(after.html).not.toMatch(/<script[^>]+type="module"/);

    const rules = await page(`/campaign/${campaign.id}/rules`);
    expect(rules.html).toContain("See how the winner was drawn");
    expect(rules.html).toContain(`href="/campaign/${campaign.id}/draw"`);

    // The creator may hide the winners: the draw stays verifiable without their names.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { winnerPublic: false } });
    const hidden = await page(`/campaign/${campaign.id}/draw`);
    expect(hidden.html).not.toContain(masked);
    expect(hidden.html).toContain("Hidden by the organiser");

    expect(await page(`/campaign/${campaign.id}/draw?format=csv`)).toMatchObject({
      status: 302,
      location: `/campaign/${campaign.id}/draw.csv`,
    });
  });

  it("answers 404 Campaign Not Found for unknown and unpublished campaigns", async () => {
    const draft = await endedCampaign({ status: "draft" });
    for (const id of ["nosuchcampaign00000000", draft.id]) {
      const response = await page(`/campaign/${id}/draw`);
      expect(response.status).toBe(404);
      expect(response.html).toContain("Campaign Not Found");
      expect((await entryListCsv(id)).status).toBe(404);
    }
  });
});
