import { CAMPAIGN_STATUSES, CampaignStatus } from "../../domain/campaign-status";
import { ORDER_STATUSES } from "../../domain/orders";
import { prisma } from "../core/db.server";

export interface StatusCount {
  status: string;
  count: number;
}

/** Known statuses first, in their usual order (zeros included), then anything else the table holds. */
function ordered(known: readonly string[], rows: { status: string; _count: { _all: number } }[]): StatusCount[] {
  const counts = new Map(rows.map((row) => [row.status, row._count._all]));
  const extra = [...counts.keys()].filter((status) => !known.includes(status)).sort();
  return [...known, ...extra].map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** The Overview tab: counts of users, campaigns by status, entries, orders by status. */
export async function adminOverview(now: Date = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const [users, newUsers, campaigns, liveNow, entries, newEntries, orders] = await Promise.all([
    prisma.user.count(),
    prisma.user.count({ where: { createdAt: { gte: weekAgo } } }),
    prisma.campaign.groupBy({ by: ["status"], _count: { _all: true } }),
    prisma.campaign.count({ where: { status: CampaignStatus.active, endDate: { gt: now } } }),
    // Counted entries only (decision 038): confirmed and not disqualified.
    prisma.entry.count({ where: { confirmedAt: { not: null }, disqualifiedAt: null } }),
    prisma.entry.count({ where: { confirmedAt: { not: null }, disqualifiedAt: null, createdAt: { gte: weekAgo } } }),
    prisma.order.groupBy({ by: ["status"], _count: { _all: true } }),
  ]);
  const campaignsByStatus = ordered(CAMPAIGN_STATUSES, campaigns);
  const ordersByStatus = ordered(ORDER_STATUSES, orders);
  return {
    users,
    newUsers,
    campaigns: campaignsByStatus.reduce((sum, row) => sum + row.count, 0),
    campaignsByStatus,
    liveNow,
    entries,
    newEntries,
    orders: ordersByStatus.reduce((sum, row) => sum + row.count, 0),
    ordersByStatus,
  };
}

/** The older reference dashboard: campaign counts, now from the database. */
export async function campaignCounts(now: Date = new Date()) {
  const [total, active, draft, pending, ended] = await Promise.all([
    prisma.campaign.count(),
    prisma.campaign.count({ where: { status: CampaignStatus.active, endDate: { gt: now } } }),
    prisma.campaign.count({ where: { status: CampaignStatus.draft } }),
    prisma.campaign.count({ where: { status: CampaignStatus.pendingPayment } }),
    prisma.campaign.count({
      where: { OR: [{ status: CampaignStatus.completed }, { status: CampaignStatus.active, endDate: { lte: now } }] },
    }),
  ]);
  return { total, active, draft, pending, ended };
}
