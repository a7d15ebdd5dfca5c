/**
 * The entry cap's notices (decision 049): an email to the creator when confirmed entries reach 80%
 * and 100% of the campaign's entryLimit, each once per cap, queued in the very transaction whose
 * confirmation crossed the threshold.
 */
import { CAP_EMAIL_TEMPLATES, UPGRADE_MESSAGES, capEmailKey, capLevel, type CapNotice, type UpgradeChoice } from "../../domain/plan-cap";
import { formatEntryLimit, formatPrice } from "../../domain/plans";
import { redirectWithToast } from "../core/toast.server";
import { CampaignStatus } from "../../domain/campaign-status";
import { myCampaignsPath, upgradePath } from "../../paths";
import { queueTemplatedEmail } from "../email/outbox.server";
import { type OutboundEmail, type Prisma, prisma } from "../core/db.server";

type Db = Prisma.TransactionClient | typeof prisma;

/** Active plans dearer than `planId`'s, cheapest first, with what moving to each costs now (list prices). */
export async function higherPlans(db: Db, planId: string | null): Promise<UpgradeChoice[]> {
  const current = planId ? await db.plan.findUnique({ where: { id: planId }, select: { priceCents: true, aiCredits: true } }) : null;
  const base = current ?? { priceCents: 0, aiCredits: 0 };
  const plans = await db.plan.findMany({
    where: { active: true, priceCents: { gt: base.priceCents }, ...(planId ? { id: { not: planId } } : {}) },
    orderBy: [{ priceCents: "asc" }, { sortOrder: "asc" }],
  });
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    priceCents: plan.priceCents,
    differenceCents: plan.priceCents - base.priceCents,
    entryLimit: plan.entryLimit,
    aiCredits: plan.aiCredits,
    extraCredits: Math.max(0, plan.aiCredits - base.aiCredits),
  }));
}

/** Whether a live campaign can be upgraded now (the banner's link, the upgrade page's 409). */
export function isUpgradeable(campaign: { status: string; endDate: Date | null; listFrozenAt: Date | null }, now: Date): boolean {
  return (
    campaign.status === CampaignStatus.active &&
    campaign.listFrozenAt === null &&
    (campaign.endDate === null || campaign.endDate.getTime() > now.getTime())
  );
}

/**
 * Inside the confirming transaction, right after its conditional update took a slot: queues the
 * threshold emails the new count has reached and that were not queued for this cap before. The
 * campaign row is locked by that update until the transaction ends (one writer at a time on SQLite),
 * so two confirmations never both find a threshold's email missing: the second one sees the first's.
 * Only the highest threshold reached is announced (a cap of 1 reaches 80% and 100% at once).
 */
export async function queueCapNotices(tx: Prisma.TransactionClient, campaignId: string, origin: string): Promise<OutboundEmail[]> {
  const campaign = await tx.campaign.findUniqueOrThrow({
    where: { id: campaignId },
    select: { id: true, title: true, entryCount: true, entryLimit: true, planId: true, creator: { select: { email: true } } },
  });
  const level = capLevel(campaign.entryCount, campaign.entryLimit);
  if (level === null || campaign.entryLimit === null || !campaign.creator) return [];
  const limit = campaign.entryLimit;
  const dedupeKey = capEmailKey(level, campaign.id, limit);
  if (await tx.outboundEmail.findUnique({ where: { dedupeKey }, select: { id: true } })) return [];
  // The 100% email was sent and entries fell back under it (disqualified): no 80% email after it.
  if (
    level === 80 &&
    (await tx.outboundEmail.findUnique({ where: { dedupeKey: capEmailKey(100, campaign.id, limit) }, select: { id: true } }))
  )
    return [];
  const [cheapest] = await higherPlans(tx, campaign.planId);
  const upgradeOffer = cheapest
    ? `Upgrade to ${cheapest.name} for ${formatPrice(cheapest.differenceCents)} and the limit rises at once: ${origin}${upgradePath(campaign.id)}`
    : "";
  const message = await queueTemplatedEmail(tx, {
    to: campaign.creator.email,
    template: CAP_EMAIL_TEMPLATES[level],
    dedupeKey,
    tokens: {
      campaign_title: campaign.title,
      entry_count: campaign.entryCount.toLocaleString("en-US"),
      entry_limit: limit.toLocaleString("en-US"),
      percent: Math.floor((campaign.entryCount / limit) * 100),
      dashboard_link: `${origin}/my-campaigns`,
      upgrade_offer: upgradeOffer,
    },
  });
  return [message];
}

/** The banners of a creator's campaigns at 80% or more of their cap (my-campaigns, analytics). */
export async function capNotices(
  campaigns: {
    id: string;
    title: string;
    status: string;
    entryCount: number;
    entryLimit: number | null;
    planId: string | null;
    endDate: Date | null;
    listFrozenAt: Date | null;
  }[],
  now: Date,
): Promise<CapNotice[]> {
  const notices: CapNotice[] = [];
  const offers = new Map<string | null, boolean>();
  for (const campaign of campaigns) {
    if (campaign.status !== CampaignStatus.active || (campaign.endDate && campaign.endDate.getTime() <= now.getTime())) continue;
    const level = capLevel(campaign.entryCount, campaign.entryLimit);
    if (level === null || campaign.entryLimit === null) continue;
    if (!offers.has(campaign.planId)) offers.set(campaign.planId, (await higherPlans(prisma, campaign.planId)).length > 0);
    notices.push({
      campaignId: campaign.id,
      title: campaign.title.trim() || "Untitled campaign",
      level,
      entryCount: campaign.entryCount,
      entryLimit: campaign.entryLimit,
      upgradeHref: offers.get(campaign.planId) && isUpgradeable(campaign, now) ? upgradePath(campaign.id) : null,
    });
  }
  return notices;
}

/** The upgrade page's data for the creator's own campaign, or null (another user's, or none). */
export async function upgradePageData(userId: string, campaignId: string, now: Date) {
  const campaign = await prisma.campaign.findFirst({
    where: { id: campaignId, creatorId: userId },
    select: {
      id: true,
      title: true,
      status: true,
      planId: true,
      entryCount: true,
      entryLimit: true,
      endDate: true,
      listFrozenAt: true,
      plan: { select: { name: true, priceCents: true } },
    },
  });
  if (!campaign) return null;
  const upgradeable = isUpgradeable(campaign, now) && campaign.planId !== null;
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title.trim() || "Untitled campaign",
      planName: campaign.plan?.name ?? null,
      planPriceCents: campaign.plan?.priceCents ?? 0,
      entryCount: campaign.entryCount,
      entryLimit: campaign.entryLimit,
      upgradeable,
    },
    choices: upgradeable ? await higherPlans(prisma, campaign.planId) : [],
  };
}

/** To the dashboard after a completed upgrade, with the new plan and limit in a toast. */
export function upgradedRedirect(title: string, planName: string | null, entryLimit: number | null): Promise<Response> {
  return redirectWithToast(myCampaignsPath(), {
    type: "success",
    title: UPGRADE_MESSAGES.upgraded,
    description: `"${title}" is now on ${planName ?? "its new plan"}: ${formatEntryLimit(entryLimit).toLowerCase()}.`,
  });
}

/** Plan names by id (the test checkout's upgrade summary). */
export async function planNames(ids: string[]): Promise<Map<string, string>> {
  const plans = await prisma.plan.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(plans.map((plan) => [plan.id, plan.name]));
}

/** A campaign's plan and limit after an upgrade, for the toast. */
export function upgradedCampaign(campaignId: string) {
  return prisma.campaign.findUnique({
    where: { id: campaignId },
    select: { title: true, entryLimit: true, plan: { select: { name: true } } },
  });
}

/** The upgrade page, while the campaign is live and a dearer plan is on offer (decision 049). */
export async function upgradeLink(
  campaign: { id: string; status: string; planId: string | null; endDate: Date | null; listFrozenAt: Date | null },
  now: Date,
): Promise<string | null> {
  if (!isUpgradeable(campaign, now) || !campaign.planId) return null;
  return (await higherPlans(prisma, campaign.planId)).length > 0 ? upgradePath(campaign.id) : null;
}
