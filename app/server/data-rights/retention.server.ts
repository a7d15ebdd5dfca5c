/**
 * Retention (decision 054): a fixed time (platform setting entrantDataRetentionDays, default 90 days)
 * after a campaign's fulfilment (domain/data-rights.ts campaignFulfilledAt: every prize shipped,
 * delivered or cancelled, or its claim window lapsed), the jobs erase the personal data of its
 * entrants who did not consent to marketing or withdrew it, with the same eraseEntries as an
 * entrant's own request. Entrants who consent are the brand's list and keep their address and
 * consent until they withdraw or erase; what was only needed to run the giveaway (phone, IP
 * address, browser id) is cleared from their entries, and the delivery details from every order.
 *
 * Each entry is claimed by eraseEntries' conditional update, so overlapping passes (two instances,
 * or a cron next to the timer) never erase one twice; each pass logs what it did per campaign, as a
 * RetentionRun row (shown to admins on the settings page) and a log line.
 */
import { campaignFulfilledAt, type FulfilmentTier, FINAL_ORDER_STATUSES, retentionDueAt } from "../../domain/data-rights";
import { prisma } from "../core/db.server";
import { newId } from "../core/ids.server";
import { loadPlatformSettings } from "../core/settings.server";
import { eraseEntries } from "./erase.server";
import { CampaignStatus } from "../../domain/campaign-status";
import { log } from "../core/log.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionSummary {
  /** Campaigns the pass erased or cleared something in. */
  campaigns: number;
  erased: number;
  minimised: number;
}

export interface RetentionOptions {
  /** Entries per erasure transaction. */
  batchSize?: number;
  /** Entries one pass erases at most (the next pass goes on), so a huge campaign never holds up the other jobs. */
  maxPerPass?: number;
}

const ORDER_FIELDS = { prizeRank: true, status: true, shippedAt: true, deliveredAt: true, updatedAt: true } as const;

const CANDIDATE_SELECT = {
  id: true,
  status: true,
  endDate: true,
  winnerEntryId: true,
  claimDeadline: true,
  draw: { select: { createdAt: true } },
  additionalPrizes: { select: { rank: true, winnerEntryId: true, claimDeadline: true } },
  orders: { select: ORDER_FIELDS },
} as const;

/** Campaigns evaluated per query; a pass goes through them all (its erasure budget aside). */
const CANDIDATE_PAGE = 100;

/**
 * One page of completed campaigns that ended before the cutoff and that retention has not finished
 * with (Campaign.entrantDataRetainedAt null: never done, or an entrant withdrew consent since), by
 * id after `after`. Finished campaigns drop out, so a pass never rescans their entries.
 */
function candidates(cutoff: Date, after: string | null) {
  return prisma.campaign.findMany({
    where: {
      status: CampaignStatus.completed,
      // Fulfilment comes after the end, so nothing that ended later can be due.
      endDate: { lte: cutoff },
      entrantDataRetainedAt: null,
      ...(after ? { id: { gt: after } } : {}),
    },
    orderBy: { id: "asc" },
    take: CANDIDATE_PAGE,
    select: CANDIDATE_SELECT,
  });
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number];

function tiersOf(campaign: Candidate): FulfilmentTier[] {
  const orderOf = (rank: number) => campaign.orders.find((order) => order.prizeRank === rank) ?? null;
  return [
    { winnerEntryId: campaign.winnerEntryId, claimDeadline: campaign.claimDeadline, order: orderOf(1) },
    ...campaign.additionalPrizes.map((prize) => ({
      winnerEntryId: prize.winnerEntryId,
      claimDeadline: prize.claimDeadline,
      order: orderOf(prize.rank),
    })),
  ];
}

/** One pass: every campaign whose retention time has come. */
export async function runRetention(now: Date = new Date(), options: RetentionOptions = {}): Promise<RetentionSummary> {
  const batchSize = options.batchSize ?? 500;
  let budget = options.maxPerPass ?? 5000;
  const days = (await loadPlatformSettings()).entrantDataRetentionDays;
  const summary: RetentionSummary = { campaigns: 0, erased: 0, minimised: 0 };
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let after: string | null = null;
  for (;;) {
    const page = await candidates(cutoff, after);
    for (const campaign of page) {
      if (budget <= 0) break;
      const done = await retainCampaign(campaign, days, now, batchSize, budget);
      budget -= done.taken;
      if (done.erased === 0 && done.minimised === 0) continue;
      summary.campaigns += 1;
      summary.erased += done.erased;
      summary.minimised += done.minimised;
    }
    if (page.length < CANDIDATE_PAGE || budget <= 0) break;
    after = page[page.length - 1]!.id;
  }
  return summary;
}

/**
 * One campaign, when its retention time has come: its entrants without marketing consent erased (up
 * to `budget` entries), delivery-only data cleared, the pass logged, and the campaign marked done
 * once nothing is left. Answers what it did and how many entries it took from the budget.
 */
async function retainCampaign(
  campaign: Candidate,
  days: number,
  now: Date,
  batchSize: number,
  budget: number,
): Promise<{ erased: number; minimised: number; taken: number }> {
  const fulfilledAt = campaignFulfilledAt(
    { status: campaign.status, drawnAt: campaign.draw?.createdAt ?? null, endDate: campaign.endDate },
    tiersOf(campaign),
    now,
  );
  if (!fulfilledAt || retentionDueAt(fulfilledAt, days) > now) return { erased: 0, minimised: 0, taken: 0 };

  let erased = 0;
  let taken = 0;
  let finished = false;
  while (taken < budget) {
    const batch = await prisma.entry.findMany({
      where: { campaignId: campaign.id, erasedAt: null, marketingConsent: false },
      orderBy: { id: "asc" },
      take: Math.min(batchSize, budget - taken),
      select: { id: true },
    });
    if (batch.length === 0) {
      finished = true;
      break;
    }
    // Another pass may have taken some of this batch: what it erased is not counted here.
    erased += (
      await eraseEntries(
        batch.map((entry) => entry.id),
        now,
      )
    ).entries;
    taken += batch.length;
  }
  const minimised = await minimise(campaign.id);
  // Done: until an entrant withdraws consent (withdrawMarketing clears the mark), nothing here is due again.
  if (finished) {
    await prisma.campaign.updateMany({ where: { id: campaign.id, entrantDataRetainedAt: null }, data: { entrantDataRetainedAt: now } });
    // A withdrawal committed between the last batch and the mark found nothing to clear: look once more.
    const left = await prisma.entry.findFirst({
      where: { campaignId: campaign.id, erasedAt: null, marketingConsent: false },
      select: { id: true },
    });
    if (left) await prisma.campaign.update({ where: { id: campaign.id }, data: { entrantDataRetainedAt: null } });
  }
  if (erased > 0 || minimised > 0) {
    await prisma.retentionRun.create({ data: { id: newId(), campaignId: campaign.id, erased, minimised, createdAt: now } });
    log.info(
      `[retention] campaign ${campaign.id}: erased ${erased} entrants without marketing consent, cleared delivery-only data of ${minimised} entries and orders (fulfilled ${fulfilledAt.toISOString()}, ${days}-day retention)`,
    );
  }
  return { erased, minimised, taken };
}

/**
 * What consenting entrants no longer need kept: phone (and the number on their texts), IP address,
 * browser id; and every finished
 * order's delivery details (the region and country stay: the winners list names them).
 */
async function minimise(campaignId: string): Promise<number> {
  const entries = await prisma.entry.updateMany({
    where: {
      campaignId,
      erasedAt: null,
      OR: [{ ip: { not: null } }, { ipNetwork: { not: null } }, { phoneNumber: { not: null } }, { browserId: { not: null } }],
    },
    data: { phoneNumber: null, ip: null, ipNetwork: null, browserId: null },
  });
  // The numbers their texts went to (decision 094) go with the entries' own.
  await prisma.$executeRaw`UPDATE "OutboundSms" SET "to" = 'erased:' || "entryId" WHERE "to" NOT LIKE 'erased:%' AND "entryId" IN (SELECT "id" FROM "Entry" WHERE "campaignId" = ${campaignId})`;
  const orders = await prisma.order.updateMany({
    where: {
      campaignId,
      status: { in: [...FINAL_ORDER_STATUSES] },
      OR: [{ shipLine1: { not: null } }, { shipName: { not: null } }, { trackingNumber: { not: null } }],
    },
    data: {
      shipName: null,
      shipLine1: null,
      shipLine2: null,
      shipCity: null,
      shipPostalCode: null,
      shipPhone: null,
      trackingNumber: null,
      trackingUrl: null,
      claimNote: "",
      lastError: null,
    },
  });
  return entries.count + orders.count;
}

/** The latest retention runs, newest first, with their campaigns' titles (the admin settings page). */
export async function recentRetentionRuns(take = 10) {
  const runs = await prisma.retentionRun.findMany({ orderBy: { createdAt: "desc" }, take });
  const titles = new Map(
    (await prisma.campaign.findMany({ where: { id: { in: runs.map((run) => run.campaignId) } }, select: { id: true, title: true } })).map(
      (campaign) => [campaign.id, campaign.title],
    ),
  );
  return runs.map((run) => ({
    id: run.id,
    campaignId: run.campaignId,
    campaignTitle: titles.get(run.campaignId) ?? null,
    erased: run.erased,
    minimised: run.minimised,
    at: run.createdAt.toISOString(),
  }));
}
