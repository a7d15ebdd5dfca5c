/**
 * A paid launch (decision 004): the checkout that launchCampaign (wizard/launch.server.ts) leaves a
 * campaign waiting for, through Stripe Checkout or the built-in TEST MODE checkout. Both end in
 * `completeCheckout`, the one place a paid campaign goes live.
 */
import Stripe from "stripe";
import { CampaignStatus, isPublicStatus } from "../../domain/campaign-status";
import { RULES_VERSION } from "../../domain/official-rules";
import { campaignSuccessPath, testCheckoutPath, wizardPath } from "../../paths";
import { publicUrl } from "../core/public-url.server";
import { launchBeaconPlan, launchDrawFields } from "../draw/commitment.server";
import { prisma } from "../core/db.server";
import { deliverWebhooksSoon, queueCampaignLaunched } from "../integrations/webhooks.server";
import { CheckoutError, GENERIC_FAILURE, isTestCheckoutSession, newTestSessionId, paymentProvider, stripeClient } from "./stripe.server";
import { log } from "../core/log.server";

export const PRICE_MISSING = "Stripe Price ID is missing for the selected plan.";
const NOT_AWAITING_PAYMENT = "This campaign is not waiting for payment. Please check your dashboard.";
export const PAYMENT_PROCESSING = "Your payment is still being processed. The campaign launches as soon as it is confirmed.";
/** An earlier checkout was paid at the price before the creator changed the plan or coupon. */
export const PAID_EARLIER_PRICE =
  "We received a payment for this campaign's earlier price, which does not cover its current one. Please contact us and we will sort it out.";

/** Where a paid (or paying) creator lands; the success page waits there for the payment to be confirmed. */
export function checkoutSuccessPath(campaignId: string, sessionId: string): string {
  return campaignSuccessPath(campaignId, { session_id: sessionId });
}

/** Back to the wizard's last step, where the creator can pay again. */
export function checkoutCancelPath(campaignId: string): string {
  return wizardPath({ step: "5", campaignId });
}

/** The campaign a checkout session is for, with what its checkout page shows. */
export function checkoutCampaign(sessionId: string) {
  return prisma.campaign.findUnique({
    where: { stripeCheckoutSessionId: sessionId },
    select: {
      id: true,
      creatorId: true,
      status: true,
      title: true,
      couponCode: true,
      discountCents: true,
      totalCents: true,
      plan: { select: { name: true, priceCents: true } },
    },
  });
}

/**
 * Opens a checkout for a campaign that launchCampaign left in pending_payment, with its totals
 * frozen. Answers where to send the creator: Stripe's hosted page, or the test checkout.
 * Throws CheckoutError with a message for the creator.
 */
export async function startCheckout({
  campaignId,
  customerEmail,
}: {
  campaignId: string;
  customerEmail: string;
}): Promise<{ url: string }> {
  try {
    const provider = paymentProvider();
    const campaign = await prisma.campaign.findUnique({ where: { id: campaignId }, include: { plan: true } });
    if (!campaign || campaign.status !== CampaignStatus.pendingPayment || campaign.totalCents <= 0)
      throw new CheckoutError(NOT_AWAITING_PAYMENT);
    if (!campaign.plan) throw new CheckoutError(PRICE_MISSING);

    if (provider === "test") {
      const sessionId = newTestSessionId();
      await rememberSession(campaignId, sessionId);
      return { url: testCheckoutPath(sessionId) };
    }

    const stripe = stripeClient();
    const settled = await retirePreviousSession(stripe, campaignId, campaign.stripeCheckoutSessionId);
    if (settled) return settled;
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: campaign.totalCents,
            product_data: { name: `${campaign.plan.name} – ${campaign.title}`.slice(0, 250) },
          },
        },
      ],
      // Stripe fills in {CHECKOUT_SESSION_ID} itself, so it must stay unencoded.
      success_url: `${publicUrl(campaignSuccessPath(campaignId))}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: publicUrl(checkoutCancelPath(campaignId)),
      client_reference_id: campaignId,
      customer_email: customerEmail,
      metadata: { campaignId },
    });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL.`);
    await rememberSession(campaignId, session.id);
    return { url: session.url };
  } catch (error) {
    if (error instanceof CheckoutError) throw error;
    log.error({ err: error }, "payments: could not start checkout");
    throw new CheckoutError(GENERIC_FAILURE);
  }
}

/** Only the newest session can activate the campaign; a conditional write so a paid one is never overwritten. */
async function rememberSession(campaignId: string, sessionId: string): Promise<void> {
  const stored = await prisma.campaign.updateMany({
    where: { id: campaignId, status: CampaignStatus.pendingPayment },
    data: { stripeCheckoutSessionId: sessionId },
  });
  if (stored.count !== 1) throw new CheckoutError(NOT_AWAITING_PAYMENT);
}

/**
 * A creator who cancelled (or changed the coupon) and launches again gets a new session at the
 * current price, so the earlier one is expired first: it can then never be paid at an old price.
 * If it was paid meanwhile, the campaign goes live and the creator is sent to the success page; if
 * its payment is still on its way (bank debits), it must stay the campaign's session, so no new one.
 */
async function retirePreviousSession(stripe: Stripe, campaignId: string, sessionId: string | null): Promise<{ url: string } | null> {
  if (!sessionId || isTestCheckoutSession(sessionId)) return null;
  let previous: Stripe.Checkout.Session;
  try {
    previous = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    // Unknown to this Stripe account (keys changed): nothing there can be paid.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return null;
    throw error;
  }
  if (previous.status === "open") {
    try {
      await stripe.checkout.sessions.expire(sessionId);
      return null;
    } catch (error) {
      // It completed between our two calls; look again to see whether it was paid.
      previous = await stripe.checkout.sessions.retrieve(sessionId);
      if (previous.status === "open") throw error;
    }
  }
  if (previous.payment_status === "paid") {
    if ((await completeCheckout(sessionId, previous.amount_total)) === "underpaid") throw new CheckoutError(PAID_EARLIER_PRICE);
    return { url: checkoutSuccessPath(campaignId, sessionId) };
  }
  if (previous.status === "complete") throw new CheckoutError(PAYMENT_PROCESSING);
  return null;
}

export type CompletionResult = "activated" | "already-active" | "underpaid" | "ignored";

/**
 * Puts a paid campaign live: one conditional update from pending_payment, so however often and in
 * whatever order the webhook and the test checkout call it, the campaign launches (and its coupon
 * counts a redemption) once. Only the campaign's current session can do it.
 */
export async function completeCheckout(sessionId: string, paidCents: number | null = null): Promise<CompletionResult> {
  if (!sessionId) return "ignored";
  // A payment covers the campaign only if it is at least today's price: a checkout opened before the
  // creator changed the plan (and paid later, in another tab) must not launch it at the old price.
  const covered = paidCents === null ? {} : { totalCents: { lte: paidCents } };
  const now = new Date();
  const { drawBeaconRound: _round, drawBeaconMarginMinutes: _margin, ...draw } = launchDrawFields(null);
  const { activated, webhooks } = await prisma.$transaction(async (tx) => {
    const moved = await tx.campaign.updateMany({
      where: { stripeCheckoutSessionId: sessionId, status: CampaignStatus.pendingPayment, ...covered },
      // The rules are fixed in the wording of this version (decision 057).
      data: { status: CampaignStatus.active, paidAt: now, launchedAt: now, rulesVersion: RULES_VERSION, ...draw },
    });
    if (moved.count !== 1) return { activated: false, webhooks: [] };
    const campaign = await tx.campaign.findUnique({
      where: { stripeCheckoutSessionId: sessionId },
      select: { id: true, couponCode: true, endDate: true },
    });
    // The beacon round published with the launch (and its margin, decision 110) follows from the end date the campaign went live with.
    if (campaign?.endDate) {
      await tx.campaign.update({ where: { id: campaign.id }, data: launchBeaconPlan(campaign.endDate) });
    }
    if (campaign?.couponCode) {
      await tx.coupon.updateMany({ where: { code: campaign.couponCode }, data: { redemptions: { increment: 1 } } });
    }
    // The brand's campaign.launched webhooks (decision 055), committed with the launch.
    return { activated: true, webhooks: campaign ? await queueCampaignLaunched(tx, campaign.id, now) : [] };
  });
  deliverWebhooksSoon(webhooks);
  if (activated) return "activated";
  const current = await prisma.campaign.findUnique({
    where: { stripeCheckoutSessionId: sessionId },
    select: { id: true, status: true, totalCents: true },
  });
  if (current && isPublicStatus(current.status)) return "already-active";
  if (current?.status === CampaignStatus.pendingPayment && paidCents !== null && current.totalCents > paidCents) {
    log.error(
      `payments: checkout ${sessionId} paid ${paidCents} cents but campaign ${current.id} now costs ${current.totalCents}; not launched`,
    );
    return "underpaid";
  }
  return "ignored";
}

export const COMPLETION_REPLIES: Record<CompletionResult, string> = {
  activated: "Campaign activated.",
  "already-active": "Already active.",
  underpaid: "Paid less than the campaign's current price; not activated.",
  ignored: "Ignored.",
};

/**
 * Two launches at once (a double click without JavaScript) open two sessions and the campaign keeps
 * only one. Money Stripe confirms for this campaign must still launch it, so a paid session of ours
 * takes the place of the one remembered, as long as the campaign is waiting for payment.
 */
export async function adoptPaidSession(session: Stripe.Checkout.Session): Promise<void> {
  const campaignId = session.metadata?.campaignId ?? session.client_reference_id;
  if (!campaignId) return;
  await prisma.campaign.updateMany({
    where: { id: campaignId, status: CampaignStatus.pendingPayment },
    data: { stripeCheckoutSessionId: session.id },
  });
}
