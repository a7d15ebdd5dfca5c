import { reviewProblems } from "../../domain/campaign-schemas";
import { applyCoupon } from "../../domain/pricing";
import { prisma, type Campaign } from "../core/db.server";
import { deliverWebhooksSoon, queueCampaignLaunched } from "../integrations/webhooks.server";
import { launchDrawFields } from "../draw/commitment.server";
import { CampaignStatus, EDITABLE_STATUSES } from "../../domain/campaign-status";
import { toAnalyticsLevel } from "../../domain/plan-features";
import { mayAddAction, tooManyActionsMessage } from "../../domain/entry-action-forms";
import { needsRegistrationWarning, NY_FL_REGIONS, RULES_VERSION, totalPrizeValueCents } from "../../domain/official-rules";

export type LaunchResult =
  | { kind: "problems"; problems: { step: number; message: string }[] }
  | { kind: "free"; campaignId: string }
  | { kind: "payment"; campaignId: string; totalCents: number };

/**
 * Launch: prices the plan again (a coupon may have expired since it was applied), then either goes
 * live at once when the total is zero, or waits for payment. The status moves only from draft (or
 * an unpaid attempt) so a double submit cannot launch twice.
 */
export async function launchCampaign(campaign: Campaign, options: { excludeNyFl?: boolean } = {}): Promise<LaunchResult> {
  const prizes = await prisma.additionalPrize.findMany({ where: { campaignId: campaign.id }, select: { rank: true, valueCents: true } });
  // Decision 053: the official rules need the sponsor and every prize's value before anything goes live.
  const problems = reviewProblems({ ...campaign, additionalPrizes: prizes });
  const totalPrizeCents = totalPrizeValueCents([campaign.prizeValueCents, ...prizes.map((p) => p.valueCents)]);
  // The NY/FL exclusion is offered only above the registration threshold; it is fixed with the rules.
  const excludedRegions = options.excludeNyFl && needsRegistrationWarning(totalPrizeCents) ? NY_FL_REGIONS : "";
  const plan = campaign.planId ? await prisma.plan.findFirst({ where: { id: campaign.planId, active: true } }) : null;
  if (!plan && !problems.some((p) => p.step === 2)) problems.push({ step: 2, message: "No plan selected. Please go back to Step 2." });
  // Decision 076: a draft may hold more actions than a plan chosen later includes; it says so before launch.
  const actionCount = await prisma.entryAction.count({ where: { campaignId: campaign.id } });
  if (plan && !mayAddAction(actionCount - 1, plan.entryActionLimit))
    problems.push({ step: 4, message: tooManyActionsMessage(actionCount, plan.entryActionLimit ?? 0) });
  if (problems.length || !plan) return { kind: "problems", problems };

  const coupon = campaign.couponCode ? await prisma.coupon.findUnique({ where: { code: campaign.couponCode } }) : null;
  const now = new Date();
  const { discountCents, totalCents } = applyCoupon(plan.priceCents, coupon, now);
  // What the plan gives the campaign is frozen with its price (decision 046): a later catalogue edit
  // changes new launches only. A paid launch freezes it here too, before the checkout, so the
  // payment that puts the campaign live (payments/launch.server.ts) finds it already set.
  const frozen = {
    entryLimit: plan.entryLimit,
    entryActionLimit: plan.entryActionLimit,
    analyticsLevel: toAnalyticsLevel(plan.analyticsLevel),
    customBranding: plan.customBranding,
    discountCents,
    totalCents,
    couponCode: discountCents > 0 ? campaign.couponCode : null,
    excludedRegions,
  };

  if (totalCents > 0) {
    await prisma.campaign.updateMany({
      where: { id: campaign.id, status: { in: [...EDITABLE_STATUSES] } },
      data: { ...frozen, status: CampaignStatus.pendingPayment },
    });
    return { kind: "payment", campaignId: campaign.id, totalCents };
  }

  const draw = launchDrawFields(campaign.endDate);
  const { launched, webhooks } = await prisma.$transaction(async (tx) => {
    const moved = await tx.campaign.updateMany({
      where: { id: campaign.id, status: { in: [...EDITABLE_STATUSES] } },
      // The rules are fixed in the wording of this version (decision 057).
      data: { ...frozen, status: CampaignStatus.active, launchedAt: now, rulesVersion: RULES_VERSION, ...draw },
    });
    if (moved.count !== 1) return { launched: false, webhooks: [] };
    if (frozen.couponCode) {
      await tx.coupon.updateMany({ where: { code: frozen.couponCode }, data: { redemptions: { increment: 1 } } });
    }
    // The brand's campaign.launched webhooks (decision 055), committed with the launch.
    return { launched: true, webhooks: await queueCampaignLaunched(tx, campaign.id, now) };
  });
  deliverWebhooksSoon(webhooks);
  if (!launched) {
    const current = await prisma.campaign.findUnique({ where: { id: campaign.id }, select: { status: true } });
    if (current?.status !== CampaignStatus.active)
      return { kind: "problems", problems: [{ step: 5, message: "This campaign can no longer be launched." }] };
  }
  return { kind: "free", campaignId: campaign.id };
}

/** The creator's own campaign as the page after its launch (or its payment) shows it; null for anyone else's. */
export function successPageCampaign(creatorId: string, campaignId: string) {
  return prisma.campaign.findFirst({
    where: { id: campaignId, creatorId },
    select: { id: true, title: true, status: true, finalDesignUrl: true, productType: true, stripeCheckoutSessionId: true },
  });
}
