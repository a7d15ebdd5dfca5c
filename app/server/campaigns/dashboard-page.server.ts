import { productLabel } from "../../domain/browse";
import { formatZonedDateTime } from "../../domain/campaign-time-zone";
import { CampaignStatus, campaignEndDate, DASHBOARD_STATUS_LABELS, formatUtcDate, isPublicStatus } from "../../domain/campaign-status";
import {
  type DashboardCampaign,
  DASHBOARD_PROMOS,
  DASHBOARD_TABS,
  dashboardStats,
  inTab,
  isDeletable,
  itemOfTheDay,
  plural,
  type DashboardTab,
  type Promo,
  type SavedDesignCard,
} from "../../domain/dashboard";
import { campaignImage } from "../../domain/mockups";
import { campaignEmbedPath, wizardPath } from "../../paths";
import { publicUrl } from "../core/public-url.server";
import { platformSetting } from "../core/settings.server";
import { capNotices } from "../plans/cap-notices.server";
import { savedDesigns } from "../wizard/designs.server";
import { creatorCampaigns, type DashboardCampaignRow } from "./dashboard.server";

function dateLabel(row: DashboardCampaignRow, now: Date): string {
  const end = campaignEndDate(row);
  switch (row.dashboardStatus) {
    case CampaignStatus.draft:
      return `Created ${formatUtcDate(row.createdAt)}`;
    case CampaignStatus.pendingPayment:
      return "Awaiting payment";
    case CampaignStatus.completed:
      return end ? `Ended ${formatZonedDateTime(end, row.timeZone)}` : "Ended";
    case CampaignStatus.active:
      // The campaign's own clock and zone name (decision 095).
      if (row.startDate && row.startDate.getTime() > now.getTime()) return `Starts ${formatZonedDateTime(row.startDate, row.timeZone)}`;
      return end ? `Ends ${formatZonedDateTime(end, row.timeZone)}` : "Live";
    default:
      return `Created ${formatUtcDate(row.createdAt)}`;
  }
}

function toCard(row: DashboardCampaignRow, now: Date): DashboardCampaign {
  return {
    id: row.id,
    title: row.title.trim() || "Untitled campaign",
    status: row.dashboardStatus,
    statusLabel: DASHBOARD_STATUS_LABELS[row.dashboardStatus],
    productLabel: productLabel(row.productType),
    image: campaignImage(row),
    dateLabel: dateLabel(row, now),
    entriesLabel: plural(row.entryCount, "entry", "entries"),
    viewsLabel: plural(row.pageViews, "view", "views"),
    isPublic: isPublicStatus(row.status),
    embedUrl: isPublicStatus(row.status) ? publicUrl(campaignEmbedPath(row.id)) : undefined,
    deletable: isDeletable(row.status),
  };
}

async function promos(): Promise<Promo[]> {
  // The admin's promo banner (decision 017) leads; a settings hiccup only drops it.
  const banner = (await platformSetting("promoBanner").catch(() => "")).trim();
  return banner
    ? [{ title: "Special offer", text: banner, href: wizardPath(), cta: "Start a giveaway" }, ...DASHBOARD_PROMOS]
    : [...DASHBOARD_PROMOS];
}

/**
 * My Campaigns' content for a creator (decision 072: the route only routes): the campaigns of the
 * chosen tab as cards, the counts per tab, the figures, the entry-cap banners (decision 049), the
 * saved designs and the promos. Throws when the campaigns cannot be read; the page then says so.
 */
export async function dashboardContent(userId: string, tab: DashboardTab, now: Date) {
  const [rows, designs, promoList] = await Promise.all([creatorCampaigns(userId, now), savedDesigns(userId, 12), promos()]);
  // The entry cap's banners (decision 049), for live campaigns at 80% or more of their limit.
  const notices = await capNotices(rows, now);
  const counts = Object.fromEntries(
    DASHBOARD_TABS.map((tab) => [tab.key, rows.filter((row) => inTab(row.dashboardStatus, tab.key)).length]),
  );
  const saved: SavedDesignCard[] = designs.map((design) => ({
    id: design.id,
    title: design.title,
    label: design.label,
    previewUrl: design.previewUrl,
    source: design.source,
    usedLabel: design.usedInCampaigns ? `Used in ${plural(design.usedInCampaigns, "campaign", "campaigns")}` : "Not used yet",
    reuseHref:
      design.source === "AI"
        ? wizardPath({ step: "3", mode: "upload", designId: design.id })
        : wizardPath({ step: "3", mode: "upload", designUrl: design.designUrl }),
  }));
  return {
    capNotices: notices,
    stats: dashboardStats(rows.map((row) => ({ status: row.dashboardStatus, entryCount: row.entryCount }))),
    counts,
    campaigns: rows.filter((row) => inTab(row.dashboardStatus, tab)).map((row) => toCard(row, now)),
    designs: saved,
    promos: promoList,
    promoIndex: itemOfTheDay(promoList.length, now),
  };
}
