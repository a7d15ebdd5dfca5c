/**
 * The provably fair draw (decisions 012, 013, 039) against the database.
 *
 * - drawCampaign (procedure v2): once the campaign's entry list is frozen (freeze.server.ts) and
 *   its beacon round's time has come, fetches and verifies the round (beacon.server.ts), takes the
 *   drawStartedAt lease with one conditional update, computes the picks for rank 1 and each
 *   AdditionalPrize rank over the frozen bytes with the final seed SHA-256("<secret>:<randomness>"),
 *   and writes the Draw row (procedureVersion 2, the beacon JSON) and the winners
 *   (Campaign.winnerEntryId/winnerEmail/claimDeadline = now + CLAIM_WINDOW_DAYS,
 *   AdditionalPrize.winnerEntryId/winnerEmail/claimDeadline, status "completed") in one
 *   transaction. Sends no email to winners.
 * - loadDrawPool / drawEntryBlocks: the live entries as procedure v1 read them ("<id>:<weight>"
 *   lines built by the database), for draws made before decision 039: their redraws and checks.
 *
 * The rest of the draw lives beside this file:
 * - freeze.server.ts: freezeEntryList, the frozen bytes of draw.csv.
 * - redraw.server.ts: redrawPrize, the next pick of the same sequence for a prize left unclaimed past its deadline.
 * - published.server.ts: publishedDraw, the Draw row as the public draw page shows it.
 * - notify.server.ts: notifyWinners, the winners' emails after a draw or a redraw.
 * - controls.server.ts: the creator's draw controls (draw, redraw, show or hide the winner).
 */
import { createHash } from "node:crypto";
import { type BeaconResponse, roundTimeMs } from "../../domain/beacon";
import { finalSeed } from "../../domain/beacon-verify";
import { BEACON_REPLACEMENT_AFTER_MS, replacementRoundAt, unavailableReason } from "../../domain/beacon-replacement";
import { addDays } from "../../domain/campaign-dates";
import { CampaignStatus } from "../../domain/campaign-status";
import { DRAW_PROCEDURE_VERSION, type DrawHashing, type DrawPool, DrawEntryList, drawPicks } from "../../domain/draw";
import { campaignDrawPath } from "../../paths";
import { getConfig } from "../core/config.server";
import { Prisma, type PrismaClient, clientProvider, isUniqueConstraintError, prisma, sqliteTimestamp } from "../core/db.server";
import { queueAdminAlert } from "../email/outbox.server";
import { deliverWebhooksSoon, queueWinnersDrawn } from "../integrations/webhooks.server";
import { currentTime } from "../core/leases.server";
import { publicUrl } from "../core/public-url.server";
import { type FetchBeaconOptions, fetchBeacon, knownChain } from "./beacon.server";
import { freezeEntryList, frozenProcedureVersion, overStoredList } from "./freeze.server";
import { log } from "../core/log.server";

/** Why a draw is waiting for its beacon round. */
export interface BeaconWait {
  kind: "waiting-for-beacon";
  round: number;
  /** The chain's hash. */
  chain: string;
  /** The round's time. */
  dueAt: Date;
  /** The round named by the frozen list, when `round` replaces it (decision 099). */
  replaces?: number;
  /** "not-yet": the round's time has not come (or no mirror has it yet); otherwise the failed fetch's reason. */
  reason: "not-yet" | "unavailable" | "invalid";
  detail: string;
  /** When the job tries again after a failed fetch. */
  nextAttemptAt: Date | null;
}

export type DrawOutcome =
  | { kind: "drawn"; winners: { rank: number; entryId: string; email: string }[]; replacedRound?: number }
  | BeaconWait
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

/**
 * The campaign's entries in draw order (createdAt, then id by character code), as blocks of
 * canonical "<id>:<weight>" lines joined by "\n" (no trailing newline). Keyset pagination over the
 * (campaignId, createdAt, id, ...) index; the database builds each block, so only a few rows cross over.
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
// Drawing (procedure v2)
// ---------------------------------------------------------------------------------------------

class LeaseLost extends Error {}

/** The first retry after a failed beacon fetch, doubling up to BEACON_BACKOFF_MAX_MS. */
export const BEACON_BACKOFF_MIN_MS = 15_000;
export const BEACON_BACKOFF_MAX_MS = 10 * 60 * 1000;
/**
 * After this long past the round's time without a valid beacon, the draw decides on a later round
 * (decision 099): never on the secret alone.
 */
export const BEACON_GIVE_UP_MS = BEACON_REPLACEMENT_AFTER_MS;
/** A round this late is worth an admin's look (once per campaign) before any replacement. */
export const BEACON_LATE_ALERT_MS = 60 * 60 * 1000;

/** The wait before the next beacon fetch after `attempts` failed ones (1, 2, ...). */
export function beaconBackoffMs(attempts: number): number {
  return Math.min(BEACON_BACKOFF_MAX_MS, BEACON_BACKOFF_MIN_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

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

export interface DrawOptions {
  /** The time of the pass (tests stand later times for waiting). */
  now?: Date;
  /** Beacon mirrors (default DRAND_URLS) and the per-mirror timeout. */
  beacon?: Pick<FetchBeaconOptions, "urls" | "timeoutMs">;
}

/**
 * Draws a campaign by procedure v2: freezes its entry list first if nobody has, waits for the
 * beacon round the list names, fetches and verifies it, then draws over the frozen bytes with the
 * final seed SHA-256("<secret>:<randomness>"). A failed fetch is recorded (beaconAttempts,
 * nextBeaconAttemptAt with backoff) and answered "waiting-for-beacon", and the admins are alerted
 * once the round is an hour late. 24 hours after the round's time the draw never goes ahead on the
 * secret alone (decision 099): it records a replacement, the first round at least the margin after
 * that moment, with when and why, alerts the admins, and waits for that round like any other.
 */
export async function drawCampaign(campaignId: string, options: DrawOptions = {}): Promise<DrawOutcome> {
  const now = options.now ?? new Date();
  const state = await prisma.campaign.findUnique({
    where: { id: campaignId },
    select: { status: true, endDate: true, draw: { select: { id: true } }, entryList: { select: { campaignId: true } } },
  });
  if (!state) return { kind: "not-found" };
  if (state.draw || state.status === CampaignStatus.completed) return { kind: "already-drawn" };
  if (state.status !== CampaignStatus.active || !state.endDate || state.endDate > now) return { kind: "not-due" };
  if (!state.entryList) {
    const frozen = await freezeEntryList(campaignId, { now });
    if (frozen.kind === "not-found" || frozen.kind === "not-due") return classify(campaignId, now);
  }
  const list = await prisma.entryList.findUniqueOrThrow({ where: { campaignId } });
  const chain = knownChain(list.beaconChain);
  if (!chain) throw new Error(`Campaign ${campaignId}: its list names beacon chain ${list.beaconChain}, which this server does not know`);
  const { beaconReplacementRound: replacement } = await prisma.campaign.findUniqueOrThrow({
    where: { id: campaignId },
    select: { beaconReplacementRound: true },
  });
  // The round the draw waits for: the list's, or the replacement decided 24 hours after it (decision 099).
  const round = replacement ?? list.beaconRound;
  const namedDueAt = new Date(roundTimeMs(chain, list.beaconRound));
  const dueAt = new Date(roundTimeMs(chain, round));
  const waiting = (reason: BeaconWait["reason"], detail: string, nextAttemptAt: Date | null = null): DrawOutcome => ({
    kind: "waiting-for-beacon",
    round,
    ...(replacement !== null ? { replaces: list.beaconRound } : {}),
    chain: chain.hash,
    dueAt,
    reason,
    detail,
    nextAttemptAt,
  });
  if (now < dueAt) return waiting("not-yet", `round ${round} is due at ${dueAt.toISOString()}`);

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
    const fetched = await fetchBeacon(chain, round, { ...options.beacon, now: () => now.getTime() });
    if (fetched.ok) return await drawLeased(campaignId, now, lease, list, fetched, replacement);
    if (replacement === null && now.getTime() >= namedDueAt.getTime() + BEACON_GIVE_UP_MS) {
      // Decision 099: a round nobody knows yet, recorded (with when and why) before it exists.
      const later = replacementRoundAt(chain, now.getTime());
      const reason = unavailableReason(list.beaconRound, `${fetched.reason}: ${fetched.detail}`);
      const decided = await recordReplacement(campaignId, lease, now, later, reason, list.beaconRound);
      if (!decided) return classify(campaignId, now);
      log.error(
        `[draw] campaign ${campaignId}: beacon round ${list.beaconRound} not available 24 hours after its time (${fetched.reason}: ${fetched.detail}); the draw will use round ${later} instead, due at ${new Date(roundTimeMs(chain, later)).toISOString()}; ${alerted()}`,
      );
      return {
        kind: "waiting-for-beacon",
        round: later,
        replaces: list.beaconRound,
        chain: chain.hash,
        dueAt: new Date(roundTimeMs(chain, later)),
        reason: "not-yet",
        detail: reason,
        nextAttemptAt: null,
      };
    }
    const late = now.getTime() >= dueAt.getTime() + BEACON_LATE_ALERT_MS;
    const attempts = await recordBeaconFailure(
      campaignId,
      lease,
      now,
      late ? { round, detail: `${fetched.reason}: ${fetched.detail}` } : null,
    );
    const next = new Date(now.getTime() + beaconBackoffMs(attempts));
    log.warn(
      `[draw] campaign ${campaignId}: beacon round ${round} not available (${fetched.reason}: ${fetched.detail}); attempt ${attempts}, next at ${next.toISOString()}${late ? `; ${alerted()}` : ""}`,
    );
    return waiting(fetched.reason, fetched.detail, next);
  } catch (error) {
    // Hand the campaign back at once (the lease would expire on its own after DRAW_LEASE_MS anyway).
    await releaseLease(campaignId, lease);
    if (error instanceof LeaseLost || isUniqueConstraintError(error)) return classify(campaignId, now);
    throw error;
  }
}

async function releaseLease(campaignId: string, lease: Date): Promise<void> {
  await prisma.campaign
    .updateMany({ where: { id: campaignId, status: CampaignStatus.active, drawStartedAt: lease }, data: { drawStartedAt: null } })
    .catch((release: unknown) => log.error({ err: release }, `[draw] could not release the lease of campaign ${campaignId}`));
}

/** Who a draw alert goes to, for the log line: the admins by address, or that nobody is configured. */
function alerted(): string {
  const admins = getConfig().ADMIN_EMAILS;
  return admins.length ? `admins alerted: ${admins.join(", ")}` : "nobody alerted: no admin is configured (ADMIN_EMAILS is empty)";
}

/**
 * Counts a failed fetch, sets the next attempt's time and gives the lease back; answers the attempts
 * so far. With `late`, alerts the admins (once per campaign and round) that the round is overdue.
 */
async function recordBeaconFailure(
  campaignId: string,
  lease: Date,
  now: Date,
  late: { round: number; detail: string } | null = null,
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const counted = await tx.campaign.updateMany({
      where: { id: campaignId, drawStartedAt: lease },
      data: { beaconAttempts: { increment: 1 }, drawStartedAt: null },
    });
    const { beaconAttempts } = await tx.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { beaconAttempts: true } });
    if (counted.count === 1) {
      await tx.campaign.update({
        where: { id: campaignId },
        data: { nextBeaconAttemptAt: new Date(now.getTime() + beaconBackoffMs(beaconAttempts)) },
      });
      if (late) {
        const text = `The draw of campaign ${campaignId} is waiting for drand round ${late.round}, whose time passed more than an hour ago: no configured mirror (DRAND_URLS) serves a valid beacon for it (${late.detail}). The draw keeps retrying. If the round cannot be had within 24 hours of its time, the draw will use the first round at least 10 minutes after that moment, as the published procedure says, and the draw page will say why. Check the mirrors and the server's network access. Draw page: ${publicUrl(campaignDrawPath(campaignId))}`;
        await queueAdminAlert(
          tx,
          `draw-beacon-late:${campaignId}:${late.round}`,
          `Draw waiting for its beacon: campaign ${campaignId}`,
          text,
        );
      }
    }
    return beaconAttempts;
  }, WRITE_TRANSACTION);
}

/**
 * Records the replacement round (decision 099) under the lease, once: the round, the decision's time
 * and the reason, and alerts the admins. The next attempt waits for the new round's time. Answers
 * false when the lease was lost (another runner has the campaign).
 */
async function recordReplacement(
  campaignId: string,
  lease: Date,
  now: Date,
  round: number,
  reason: string,
  namedRound: number,
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const set = await tx.campaign.updateMany({
      where: { id: campaignId, drawStartedAt: lease, beaconReplacementRound: null },
      data: {
        beaconReplacementRound: round,
        beaconReplacementDecidedAt: now,
        beaconReplacementReason: reason,
        beaconAttempts: 0,
        nextBeaconAttemptAt: null,
        drawStartedAt: null,
      },
    });
    if (set.count !== 1) return false;
    const text = `The draw of campaign ${campaignId} could not use its drand round ${namedRound}: ${reason}. As the published procedure says, the draw never uses the launch secret alone: it will use round ${round}, the first round at least 10 minutes after this decision (${now.toISOString()}), which nobody could know in advance. The decision and its reason are on the draw page. Check the mirrors and the server's network access, or the draw will keep waiting. Draw page: ${publicUrl(campaignDrawPath(campaignId))}`;
    await queueAdminAlert(tx, `draw-beacon-replaced:${campaignId}`, `Draw uses a later beacon round: campaign ${campaignId}`, text);
    return true;
  }, WRITE_TRANSACTION);
}

type FrozenListRow = Awaited<ReturnType<typeof prisma.entryList.findUniqueOrThrow>>;

async function drawLeased(
  campaignId: string,
  now: Date,
  lease: Date,
  listRow: FrozenListRow,
  beacon: { beacon: BeaconResponse; json: string },
  replacement: number | null,
): Promise<DrawOutcome> {
  const campaign = await prisma.campaign.findUniqueOrThrow({
    where: { id: campaignId },
    select: { drawSeed: true, drawCommitment: true, additionalPrizes: { select: { rank: true } } },
  });
  // A campaign that published no commitment draws with the empty secret, and its record says so
  // (commitment null): it is never given a commitment after the fact.
  const secret = campaign.drawSeed ?? "";
  const commitment = campaign.drawSeed ? campaign.drawCommitment : null;
  if (campaign.drawSeed && commitment !== sha256Hex(secret)) {
    throw new Error(`Campaign ${campaignId}: the stored secret does not match its published commitment`);
  }
  // Never the secret alone (decision 099): a draw always has a beacon, the list's round or its replacement.
  const seed = finalSeed(secret, beacon.beacon.randomness);

  const ranks = [1, ...campaign.additionalPrizes.map((prize) => prize.rank).sort((a, b) => a - b)];
  const deadline = addDays(now, getConfig().CLAIM_WINDOW_DAYS);
  // Over the stored bytes, read once piece by piece; only the blocks the tickets fall in are read again.
  const drawn = await overStoredList(listRow, (frozen) => ({
    count: frozen.count,
    totalWeight: frozen.totalWeight,
    picks: drawPicks(nodeDrawHashing, frozen, seed, ranks).picks,
  }));
  const picks = drawn.picks.map((pick) => ({ ...pick, claimDeadline: deadline.toISOString() }));
  // Version 3 when the list was frozen with actions.csv (decision 075); a list frozen before keeps version 2.
  const procedureVersion = Math.min(DRAW_PROCEDURE_VERSION, await frozenProcedureVersion(campaignId));
  const emails = await entryEmails(
    campaignId,
    picks.map((pick) => pick.entryId),
  );
  const winners = picks.map((pick) => ({ rank: pick.rank, entryId: pick.entryId, email: emails.get(pick.entryId) ?? "" }));
  const grand = winners.find((winner) => winner.rank === 1);

  const webhooks = await prisma.$transaction(async (tx) => {
    // The lease and the status are re-checked by the write that completes the campaign: a second
    // runner makes it fail. The list itself is frozen: nothing that changes it can commit any more.
    const completed = await tx.campaign.updateMany({
      where: { id: campaignId, status: CampaignStatus.active, drawStartedAt: lease },
      data: {
        status: CampaignStatus.completed,
        drawStartedAt: null,
        nextBeaconAttemptAt: null,
        winnerEntryId: grand?.entryId ?? null,
        winnerEmail: grand?.email ?? null,
        claimDeadline: grand ? deadline : null,
        // Nobody has been told yet (a campaign copied from a finished one must not carry its marks over).
        winnersNotifiedAt: null,
        winnersNotifyLeaseUntil: null,
      },
    });
    if (completed.count !== 1) throw new LeaseLost();
    await tx.draw.create({
      data: {
        campaignId,
        procedureVersion,
        seed,
        secret,
        commitment,
        entriesHash: listRow.sha256,
        totalWeight: drawn.totalWeight,
        entryCount: drawn.count,
        picks: JSON.stringify(picks),
        // The round named by the list; a replacement is on the campaign (beaconReplacementRound), and beaconJson is its beacon.
        beaconRound: listRow.beaconRound,
        beaconChain: listRow.beaconChain,
        beaconJson: beacon.json,
        beaconMissing: false,
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
    // The brand's winner.drawn webhooks (decision 055), committed with the draw.
    return queueWinnersDrawn(tx, campaignId, winners, { claimDeadline: deadline, drawnAt: now, redraw: false });
  }, WRITE_TRANSACTION);
  deliverWebhooksSoon(webhooks);
  return winners.length
    ? { kind: "drawn", winners, ...(replacement !== null ? { replacedRound: listRow.beaconRound } : {}) }
    : { kind: "no-entries" };
}

/** The emails of the given entries of a campaign, by entry id. */
export async function entryEmails(campaignId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // By id alone, then the campaign checked here: with the campaign in the query too, SQLite's planner
  // takes the (campaignId, createdAt, ...) index and reads every entry of the campaign (0.2 s for a
  // million) instead of looking up a handful of primary keys.
  const entries = await prisma.entry.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, campaignId: true } });
  return new Map(entries.filter((entry) => entry.campaignId === campaignId).map((entry) => [entry.id, entry.email]));
}

/**
 * Active campaigns with a frozen list, no draw yet, whose beacon round's time has come and whose
 * next beacon attempt (after a failed one) is due (oldest end first).
 */
export async function dueCampaignIds(now: Date, limit = 20): Promise<string[]> {
  const campaigns = await prisma.campaign.findMany({
    where: {
      status: CampaignStatus.active,
      endDate: { lte: now },
      draw: { is: null },
      entryList: { isNot: null },
      OR: [{ nextBeaconAttemptAt: null }, { nextBeaconAttemptAt: { lte: now } }],
    },
    orderBy: [{ endDate: "asc" }, { id: "asc" }],
    take: limit * 5,
    select: { id: true, beaconReplacementRound: true, entryList: { select: { beaconRound: true, beaconChain: true } } },
  });
  return campaigns
    .filter((campaign) => {
      const list = campaign.entryList;
      const chain = list ? knownChain(list.beaconChain) : undefined;
      // A list on an unknown chain is handed to drawCampaign, which says why it cannot draw.
      return !list || !chain || roundTimeMs(chain, campaign.beaconReplacementRound ?? list.beaconRound) <= now.getTime();
    })
    .slice(0, limit)
    .map((campaign) => campaign.id);
}

/**
 * Ended campaigns whose list is frozen and whose draw has not happened (decision 084, for /metrics):
 * each waits for its beacon round, for a fetch of a round that is out to succeed, or (with the
 * automatic draw off) for an admin.
 */
export function drawsWaitingForBeacon(now: Date = new Date()): Promise<number> {
  return prisma.campaign.count({
    where: { status: CampaignStatus.active, endDate: { lte: now }, draw: { is: null }, entryList: { isNot: null } },
  });
}
