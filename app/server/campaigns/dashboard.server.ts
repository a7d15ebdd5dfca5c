/**
 * The creator dashboard's reads and its one write (deleting a campaign), always scoped to the
 * signed-in creator.
 */
import { createCookie } from "react-router";
import { dashboardStatus, type DashboardStatus } from "../../domain/campaign-status";
import { DELETABLE_STATUSES, isDashboardView, type DashboardView } from "../../domain/dashboard";
import { getConfig } from "../core/config.server";
import { prisma, type Prisma } from "../core/db.server";

const dashboardCampaignSelect = {
  id: true,
  title: true,
  status: true,
  productType: true,
  finalDesignUrl: true,
  selectedColors: true,
  printifyMockups: true,
  startDate: true,
  timeZone: true,
  durationDays: true,
  endDate: true,
  entryCount: true,
  entryLimit: true,
  planId: true,
  listFrozenAt: true,
  pageViews: true,
  createdAt: true,
} satisfies Prisma.CampaignSelect;

export type DashboardCampaignRow = Prisma.CampaignGetPayload<{ select: typeof dashboardCampaignSelect }> & {
  dashboardStatus: DashboardStatus;
};

/** All of a creator's campaigns, newest first, each with its dashboard status. */
export async function creatorCampaigns(userId: string, now: Date): Promise<DashboardCampaignRow[]> {
  const rows = await prisma.campaign.findMany({
    where: { creatorId: userId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: dashboardCampaignSelect,
  });
  return rows.map((row) => ({ ...row, dashboardStatus: dashboardStatus(row, now) }));
}

export type DeleteOutcome = { kind: "deleted"; title: string } | { kind: "not-found" } | { kind: "refused"; status: string };

/**
 * Deletes one of the creator's own unlaunched campaigns with a single conditional delete, so a
 * campaign that launches (or changes hands) meanwhile is never removed. Entries, prizes and orders
 * go with it (cascade); AI designs made for it stay in the creator's saved designs.
 */
export async function deleteOwnCampaign(userId: string, campaignId: string): Promise<DeleteOutcome> {
  const campaign = await prisma.campaign.findFirst({ where: { id: campaignId, creatorId: userId }, select: { title: true } });
  if (!campaign) return { kind: "not-found" };
  const deleted = await prisma.campaign.deleteMany({
    where: { id: campaignId, creatorId: userId, status: { in: [...DELETABLE_STATUSES] } },
  });
  if (deleted.count === 1) return { kind: "deleted", title: campaign.title };
  const current = await prisma.campaign.findFirst({ where: { id: campaignId, creatorId: userId }, select: { status: true } });
  return current ? { kind: "refused", status: current.status } : { kind: "not-found" };
}

// Not secret and not signed: it only remembers grid or list. Secure in production, like every cookie of ours.
const viewCookie = () =>
  createCookie("dashboard_view", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: getConfig().isProduction,
    maxAge: 60 * 60 * 24 * 365,
  });

export async function rememberedView(request: Request): Promise<DashboardView | null> {
  const value: unknown = await viewCookie().parse(request.headers.get("Cookie"));
  return isDashboardView(value) ? value : null;
}

export function viewSetCookie(view: DashboardView): Promise<string> {
  return viewCookie().serialize(view);
}
