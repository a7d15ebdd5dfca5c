/**
 * The provably fair draw (decisions 012, 013) against the database.
 *
 * - drawCampaign: takes the drawStartedAt lease with one conditional update, computes the picks for
 *   rank 1 and each AdditionalPrize rank from the revealed seed, and writes the Draw row and the
 *   winners (Campaign.winnerEntryId/winnerEmail/claimDeadline = now + CLAIM_WINDOW_DAYS,
 *   AdditionalPrize.winnerEntryId/winnerEmail/claimDeadline, status "completed") in one transaction.
 *   Sends no email.
 * - loadDrawPool / drawEntryBlocks: the entries in draw order, read as a few large blocks of
 *   canonical "<id>:<weight>" lines built by the database, so a million entries cost a handful of
 *   strings rather than a million row objects.
 *
 * The rest of the draw lives beside this file:
 * - redraw.server.ts: redrawPrize, the next pick of the same sequence for a prize left unclaimed past its deadline.
 * - published.server.ts: publishedDraw, the Draw row as the public draw page shows it.
 * - notify.server.ts: notifyWinners, the winners' emails after a draw or a redraw.
 * - controls.server.ts: the creator's draw controls (draw, redraw, show or hide the winner).
 */
import { createHash, randomBytes } from "node:crypto";
import { addDays } from "../../domain/campaign-dates";
import { CampaignStatus } from "../../domain/campaign-status";
import { type DrawHashing, type DrawPool, DrawEntryList, drawPicks } from "../../domain/draw";
import { getConfig } from "../config.server";
import { Prisma, type PrismaClient, clientProvider, isUniqueConstraintError, prisma } from "../db.server";
import { currentTime } from "../leases.server";

export type DrawOutcome =
  | { kind: "drawn"; winners: { rank: number; entryId: string; email: string }[] }
  | { kind: "already-drawn" }
  | { kind: "not-due" }
  | { kind: "busy" }
  | { kind: "no-entries" }
  | { kind: "not-found" };

/** A lease older than this belongs to a draw that crashed; another runner may take over. */
export const DRAW_LEASE_MS = 10 * 60 * 1000;

/** SQLite runs one write transaction at a time: wait behind a burst of entries rather than fail. */
export const WRITE_TRANSACTION = { maxWait: 15_000, timeout: 15_000 };

/** Entries per database round trip when reading the ordered list (about 3 MB of text each). */
export const ENTRY_BLOCK_SIZE = 100_000;

export interface EntryBlockOptions {
  /** Entries per block (ENTRY_BLOCK_SIZE); tests use tiny blocks to cross many block boundaries. */
  blockSize?: number;
}

export const nodeDrawHashing: DrawHashing = {
  digest: (text) => createHash("sha256").update(text, "utf8").digest(),
  stream() {
    const hash = createHash("sha256");
    return {
      update: (text) => {
        hash.update(text, "utf8");
      },
      hex: () => hash.digest("hex"),
    };
  },
};

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

// ---------------------------------------------------------------------------------------------
// The ordered entry list
// ---------------------------------------------------------------------------------------------

interface EntryBlockRow {
  lines: string | null;
  count: bigint | number;
  lastCreatedAt: Date | string | null;
}

/** SQLite keeps DateTime as Prisma writes it: ISO 8601 with milliseconds and "+00:00". */
function sqliteTimestamp(value: Date | string): string {
  return typeof value === "string" ? value : value.toISOString().replace("Z", "+00:00");
}

/**
 * The campaign's entries in draw order (createdAt, then id by character code), as blocks of
 * canonical "<id>:<weight>" lines joined by "\n" (no trailing newline). Keyset pagination over the
 * (campaignId, createdAt) index; the database builds each block, so only a few rows cross over.
 */
export async function* drawEntryBlocks(
  campaignId: string,
  client: PrismaClient = prisma,
  { blockSize = ENTRY_BLOCK_SIZE }: EntryBlockOptions = {},
): AsyncGenerator<string> {
  if (!Number.isSafeInteger(blockSize) || blockSize < 1)
    throw new RangeError(`blockSize must be a whole number of at least 1, got ${blockSize}`);
  const postgres = clientProvider(client) === "postgresql";
  let after: { createdAt: Date | string; id: string } | null = null;
  for (;;) {
    let rows: EntryBlockRow[];
    if (postgres) {
      const keyset: Prisma.Sql = after
        ? Prisma.sql`AND "createdAt" >= ${after.createdAt} AND ("createdAt" > ${after.createdAt} OR "id" COLLATE "C" > ${after.id})`
        : Prisma.empty;
      rows = await client.$queryRaw<EntryBlockRow[]>`
        SELECT string_agg("id" || ':' || (1 + "bonusEntries")::text, E'\n' ORDER BY "createdAt", "id" COLLATE "C") AS "lines",
               count(*)::int AS "count", max("createdAt") AS "lastCreatedAt"
        FROM (SELECT "id", "bonusEntries", "createdAt" FROM "Entry"
              WHERE "campaignId" = ${campaignId} ${keyset}
              ORDER BY "createdAt", "id" COLLATE "C" LIMIT ${blockSize}) AS "block"`;
    } else {
      const since = after ? sqliteTimestamp(after.createdAt) : "";
      const keyset: Prisma.Sql = after
        ? Prisma.sql`AND "createdAt" >= ${since} AND ("createdAt" > ${since} OR "id" > ${after.id})`
        : Prisma.empty;
      rows = await client.$queryRaw<EntryBlockRow[]>`
        SELECT group_concat("id" || ':' || (1 + "bonusEntries"), char(10) ORDER BY "createdAt", "id") AS "lines",
               count(*) AS "count", max("createdAt") AS "lastCreatedAt"
        FROM (SELECT "id", "bonusEntries", "createdAt" FROM "Entry"
              WHERE "campaignId" = ${campaignId} ${keyset}
              ORDER BY "createdAt", "id" LIMIT ${blockSize}) AS "block"`;
    }
    const row = rows[0];
    const count = Number(row?.count ?? 0);
    if (!row || count === 0 || !row.lines || row.lastCreatedAt === null) return;
    yield row.lines;
    if (count < blockSize) return;
    const lastLine = row.lines.slice(row.lines.lastIndexOf("\n") + 1);
    after = { createdAt: row.lastCreatedAt, id: lastLine.slice(0, lastLine.indexOf(":")) };
  }
}

/** The campaign's entries as the draw sees them: order, tickets, total weight and list hash. */
export async function loadDrawPool(
  campaignId: string,
  client: PrismaClient = prisma,
  expectedCount?: number,
  options: EntryBlockOptions = {},
): Promise<DrawPool> {
  const list = new DrawEntryList(nodeDrawHashing, expectedCount);
  for await (const block of drawEntryBlocks(campaignId, client, options)) list.addLines(block);
  return list.finish();
}

/** The ordered entry list as CSV ("id,weight"), streamed block by block. */
export function drawEntriesCsv(campaignId: string, client: PrismaClient = prisma): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const blocks = drawEntryBlocks(campaignId, client);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("id,weight\n"));
    },
    async pull(controller) {
      const next = await blocks.next();
      if (next.done) controller.close();
      // Entry ids never contain ":" (the list parser refuses them), so this only touches separators.
      else controller.enqueue(encoder.encode(`${next.value.replaceAll(":", ",")}\n`));
    },
    async cancel() {
      await blocks.return(undefined);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

class LeaseLost extends Error {}

async function classify(campaignId: string, now: Date): Promise<DrawOutcome> {
  const campaign = await prisma.campaign.findUnique({
    where: { id: campaignId },
    select: { status: true, endDate: true, draw: { select: { id: true } } },
  });
  if (!campaign) return { kind: "not-found" };
  if (campaign.draw || campaign.status === CampaignStatus.completed) return { kind: "already-drawn" };
  if (campaign.status !== CampaignStatus.active || !campaign.endDate || campaign.endDate > now) return { kind: "not-due" };
  return { kind: "busy" };
}

export async function drawCampaign(campaignId: string, options: { now?: Date } = {}): Promise<DrawOutcome> {
  const now = options.now ?? new Date();
  // The lease runs from the moment it is taken, not from the start of a pass that may have spent
  // minutes drawing other campaigns: a stale start would hand another runner the campaign early.
  const lease = currentTime(now);
  const taken = await prisma.campaign.updateMany({
    where: {
      id: campaignId,
      status: CampaignStatus.active,
      endDate: { lte: now },
      draw: { is: null },
      OR: [{ drawStartedAt: null }, { drawStartedAt: { lt: new Date(lease.getTime() - DRAW_LEASE_MS) } }],
    },
    data: { drawStartedAt: lease },
  });
  if (taken.count !== 1) return classify(campaignId, now);

  try {
    return await drawLeased(campaignId, now, lease);
  } catch (error) {
    // Hand the campaign back at once (the lease would expire on its own after DRAW_LEASE_MS anyway).
    await prisma.campaign
      .updateMany({ where: { id: campaignId, status: CampaignStatus.active, drawStartedAt: lease }, data: { drawStartedAt: null } })
      .catch((release: unknown) => console.error(`[draw] could not release the lease of campaign ${campaignId}`, release));
    if (error instanceof LeaseLost || isUniqueConstraintError(error)) return classify(campaignId, now);
    throw error;
  }
}

async function drawLeased(campaignId: string, now: Date, lease: Date): Promise<DrawOutcome> {
  const campaign = await prisma.campaign.findUniqueOrThrow({
    where: { id: campaignId },
    select: { drawSeed: true, drawCommitment: true, entryCount: true, additionalPrizes: { select: { rank: true } } },
  });
  let seed = campaign.drawSeed;
  let commitment = campaign.drawCommitment;
  let newCommitment = false;
  if (!seed) {
    // Every launch commits to a seed; a campaign that somehow has none still gets a recorded one.
    seed = randomBytes(32).toString("hex");
    commitment = sha256Hex(seed);
    newCommitment = true;
  }
  if (commitment !== sha256Hex(seed)) throw new Error(`Campaign ${campaignId}: the stored seed does not match its published commitment`);

  const pool = await loadDrawPool(campaignId, prisma, campaign.entryCount);
  // The list is read block by block, not in one snapshot: make sure the blocks add up to every
  // entry (an entry added meanwhile also moves entryCount, which the completing write re-checks).
  const rows = await prisma.entry.count({ where: { campaignId } });
  if (rows !== pool.count) {
    throw new Error(`Campaign ${campaignId}: the ordered entry list has ${pool.count} entries but the campaign has ${rows}; not drawing`);
  }
  const ranks = [1, ...campaign.additionalPrizes.map((prize) => prize.rank).sort((a, b) => a - b)];
  const { picks } = drawPicks(nodeDrawHashing, pool, seed, ranks);
  const emails = await entryEmails(
    campaignId,
    picks.map((pick) => pick.entryId),
  );
  const winners = picks.map((pick) => ({ rank: pick.rank, entryId: pick.entryId, email: emails.get(pick.entryId) ?? "" }));
  const grand = winners.find((winner) => winner.rank === 1);
  const deadline = addDays(now, getConfig().CLAIM_WINDOW_DAYS);

  await prisma.$transaction(async (tx) => {
    // The lease, the status and the entry counter are all re-checked by the write that completes
    // the campaign: a second runner, or an entry that slipped in at the very end, makes it fail.
    const completed = await tx.campaign.updateMany({
      where: { id: campaignId, status: CampaignStatus.active, drawStartedAt: lease, entryCount: campaign.entryCount },
      data: {
        status: CampaignStatus.completed,
        drawStartedAt: null,
        winnerEntryId: grand?.entryId ?? null,
        winnerEmail: grand?.email ?? null,
        claimDeadline: grand ? deadline : null,
        // Nobody has been told yet (a campaign copied from a finished one must not carry its marks over).
        winnersNotifiedAt: null,
        winnersNotifyLeaseUntil: null,
        ...(newCommitment ? { drawSeed: seed, drawCommitment: commitment } : {}),
      },
    });
    if (completed.count !== 1) throw new LeaseLost();
    await tx.draw.create({
      data: {
        campaignId,
        seed,
        commitment: commitment ?? sha256Hex(seed),
        entriesHash: pool.entriesHash,
        totalWeight: pool.totalWeight,
        entryCount: pool.count,
        picks: JSON.stringify(picks),
        createdAt: now,
      },
    });
    for (const winner of winners) {
      if (winner.rank === 1) continue;
      await tx.additionalPrize.update({
        where: { campaignId_rank: { campaignId, rank: winner.rank } },
        data: { winnerEntryId: winner.entryId, winnerEmail: winner.email, claimDeadline: deadline },
      });
    }
  }, WRITE_TRANSACTION);
  return winners.length ? { kind: "drawn", winners } : { kind: "no-entries" };
}

/** The emails of the given entries of a campaign, by entry id. */
export async function entryEmails(campaignId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const entries = await prisma.entry.findMany({ where: { campaignId, id: { in: ids } }, select: { id: true, email: true } });
  return new Map(entries.map((entry) => [entry.id, entry.email]));
}

/** Active campaigns whose end has passed and that have no draw yet (oldest end first). */
export async function dueCampaignIds(now: Date, limit = 20): Promise<string[]> {
  const campaigns = await prisma.campaign.findMany({
    where: { status: CampaignStatus.active, endDate: { lte: now }, draw: { is: null } },
    orderBy: [{ endDate: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true },
  });
  return campaigns.map((campaign) => campaign.id);
}
