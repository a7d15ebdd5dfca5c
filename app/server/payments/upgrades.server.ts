/**
 * Plan upgrades of a live campaign (decision 049): a checkout for the difference of two plans' list
 * prices, completed once by the test checkout or Stripe's webhook.
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { UPGRADE_MESSAGES } from "../../domain/plan-cap";
import { testCheckoutPath, upgradePath } from "../../paths";
import { higherPlans, isUpgradeable } from "../plans/cap-notices.server";
import { publicUrl } from "../core/public-url.server";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { CheckoutError, GENERIC_FAILURE, isTestCheckoutSession, newTestSessionId, paymentProvider, stripeClient } from "./stripe.server";
import { log } from "../core/log.server";

export type UpgradeStart =
  { kind: "checkout"; url: string } | { kind: "not-found" } | { kind: "not-active" } | { kind: "invalid-plan"; message: string };

/**
 * Opens a checkout for moving one of the creator's live campaigns to a dearer plan, for the
 * difference of the two plans' list prices (coupons applied at launch are not applied again). The
 * PlanUpgrade row records the plans and the amount; its checkout session completes it once.
 */
export async function startUpgrade({
  userId,
  campaignId,
  toPlanId,
  customerEmail,
}: {
  userId: string;
  campaignId: string;
  toPlanId: string;
  customerEmail: string;
}): Promise<UpgradeStart> {
  const campaign = await prisma.campaign.findFirst({
    where: { id: campaignId, creatorId: userId },
    select: { id: true, title: true, status: true, planId: true, endDate: true, listFrozenAt: true },
  });
  if (!campaign) return { kind: "not-found" };
  if (!isUpgradeable(campaign, new Date()) || !campaign.planId) return { kind: "not-active" };
  if (!toPlanId) return { kind: "invalid-plan", message: UPGRADE_MESSAGES.choosePlan };
  const choice = (await higherPlans(prisma, campaign.planId)).find((plan) => plan.id === toPlanId);
  if (!choice) return { kind: "invalid-plan", message: UPGRADE_MESSAGES.notHigher };

  const provider = paymentProvider();
  const upgrade = await prisma.planUpgrade.create({
    data: { campaignId: campaign.id, fromPlanId: campaign.planId, toPlanId: choice.id, amountCents: choice.differenceCents },
  });
  if (provider === "test") {
    const sessionId = newTestSessionId();
    await prisma.planUpgrade.update({ where: { id: upgrade.id }, data: { checkoutSessionId: sessionId } });
    return { kind: "checkout", url: testCheckoutPath(sessionId) };
  }
  try {
    const session = await stripeClient().checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: choice.differenceCents,
            product_data: { name: `Upgrade to ${choice.name} – ${campaign.title}`.slice(0, 250) },
          },
        },
      ],
      success_url: `${publicUrl(upgradePath(campaign.id))}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: publicUrl(upgradePath(campaign.id)),
      client_reference_id: campaign.id,
      customer_email: customerEmail,
      metadata: { campaignId: campaign.id, upgradeId: upgrade.id },
    });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL.`);
    await prisma.planUpgrade.update({ where: { id: upgrade.id }, data: { checkoutSessionId: session.id } });
    return { kind: "checkout", url: session.url };
  } catch (error) {
    await prisma.planUpgrade.update({ where: { id: upgrade.id }, data: { status: "cancelled" } });
    log.error({ err: error }, "payments: could not start an upgrade checkout");
    throw new CheckoutError(GENERIC_FAILURE);
  }
}

export async function isUpgradeSession(sessionId: string): Promise<boolean> {
  return (await prisma.planUpgrade.count({ where: { checkoutSessionId: sessionId } })) > 0;
}

/** The upgrade a checkout session pays for, with what its checkout page shows. */
export function upgradeCheckout(sessionId: string) {
  return prisma.planUpgrade.findUnique({
    where: { checkoutSessionId: sessionId },
    select: {
      id: true,
      status: true,
      amountCents: true,
      fromPlanId: true,
      toPlanId: true,
      campaign: { select: { id: true, title: true, creatorId: true, status: true, planId: true } },
    },
  });
}

export type UpgradeResult = "upgraded" | "already-paid" | "underpaid" | "not-applied" | "ignored";

export const UPGRADE_REPLIES: Record<UpgradeResult, string> = {
  upgraded: "Plan upgraded.",
  "already-paid": "Already upgraded.",
  underpaid: "Paid less than the upgrade costs; not applied.",
  "not-applied": "Paid, but the campaign was no longer on the plan upgraded from; not applied.",
  ignored: "Ignored.",
};

/**
 * Completes a paid upgrade, for the test checkout and Stripe's webhook alike: one conditional
 * update moves the PlanUpgrade from pending to paid, so however often either calls, it happens once.
 * In the same transaction the campaign takes the new plan's entry limit, analytics level and
 * branding, and the difference of the plans' AI credits, only if it is still live on the plan the
 * upgrade was priced from (a second upgrade paid from the same plan changes nothing and is logged
 * for a refund).
 */
export async function completeUpgrade(sessionId: string, paidCents: number | null = null): Promise<UpgradeResult> {
  if (!sessionId) return "ignored";
  const now = new Date();
  const result = await prisma.$transaction(async (tx): Promise<UpgradeResult> => {
    const upgrade = await tx.planUpgrade.findUnique({ where: { checkoutSessionId: sessionId } });
    if (!upgrade) return "ignored";
    if (paidCents !== null && paidCents < upgrade.amountCents) return "underpaid";
    const moved = await tx.planUpgrade.updateMany({ where: { id: upgrade.id, status: "pending" }, data: { status: "paid", paidAt: now } });
    if (moved.count !== 1) return upgrade.status === "cancelled" ? "ignored" : "already-paid";
    const [from, to] = await Promise.all([
      tx.plan.findUnique({ where: { id: upgrade.fromPlanId } }),
      tx.plan.findUnique({ where: { id: upgrade.toPlanId } }),
    ]);
    if (!to) return "not-applied";
    const applied = await tx.campaign.updateMany({
      where: { id: upgrade.campaignId, planId: upgrade.fromPlanId, status: CampaignStatus.active, listFrozenAt: null },
      data: {
        planId: to.id,
        entryLimit: to.entryLimit,
        entryActionLimit: to.entryActionLimit,
        analyticsLevel: to.analyticsLevel,
        customBranding: to.customBranding,
        remainingGenerations: { increment: Math.max(0, to.aiCredits - (from?.aiCredits ?? 0)) },
      },
    });
    return applied.count === 1 ? "upgraded" : "not-applied";
  });
  if (result === "not-applied" || result === "underpaid") {
    log.error(`payments: upgrade checkout ${sessionId} ${UPGRADE_REPLIES[result]} Refund it by hand if money was taken.`);
  }
  return result;
}

/**
 * The creator is back from Stripe's page: if the webhook has not arrived yet, ask Stripe about the
 * session and complete a paid upgrade now (the same completion; the webhook then finds it done).
 */
export async function settleUpgradeReturn(sessionId: string, campaignId: string): Promise<"paid" | "pending" | "unknown"> {
  const upgrade = await prisma.planUpgrade.findUnique({
    where: { checkoutSessionId: sessionId },
    select: { status: true, campaignId: true },
  });
  if (!upgrade || upgrade.campaignId !== campaignId) return "unknown";
  if (upgrade.status === "paid") return "paid";
  if (upgrade.status !== "pending" || isTestCheckoutSession(sessionId) || !getConfig().stripeEnabled) return "pending";
  try {
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    if (session.payment_status === "paid") {
      const result = await completeUpgrade(session.id, session.amount_total);
      if (result === "upgraded" || result === "already-paid") return "paid";
    }
  } catch (error) {
    log.error({ err: error }, `payments: could not look up upgrade checkout ${sessionId}`);
  }
  return "pending";
}
