import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { CampaignStatus, isPublicStatus } from "../../domain/campaign-status";
import { UPGRADE_MESSAGES } from "../../domain/plan-cap";
import { RULES_VERSION } from "../../domain/official-rules";
import {
  ADD_ON_MESSAGES,
  ADD_ON_OFFERS,
  AddOnKind,
  AddOnStatus,
  FEATURED_MS,
  FEATURED_PLACES,
  isAddOnKind,
  isFeaturable,
  isReportable,
} from "../../domain/add-ons";
import { formatUtcDate } from "../../domain/campaign-status";
import { addOnsPath, campaignSuccessPath, testCheckoutPath, upgradePath, wizardPath } from "../../paths";
import { featuredNow } from "../campaigns/add-ons.server";
import { higherPlans, isUpgradeable } from "../plans/cap-notices.server";
import { publicUrl } from "../core/public-url.server";
import { launchBeaconRound, launchDrawFields } from "../draw/commitment.server";
import { getConfig, type Config } from "../core/config.server";
import { isUniqueConstraintError, prisma } from "../core/db.server";
import { deliverWebhooksSoon, queueCampaignLaunched } from "../integrations/webhooks.server";

/**
 * Payments (decision 004): Stripe Checkout when STRIPE_SECRET_KEY is set, otherwise the built-in TEST
 * MODE checkout. Both end in `completeCheckout`, the one place a paid campaign goes live.
 */

/** A message the creator may read: the wizard shows it in its "Submission Failed" toast. */
export class CheckoutError extends Error {
  override name = "CheckoutError";
}

export const PAYMENTS_NOT_CONFIGURED = "Payments are not configured.";
export const PRICE_MISSING = "Stripe Price ID is missing for the selected plan.";
const NOT_AWAITING_PAYMENT = "This campaign is not waiting for payment. Please check your dashboard.";
const GENERIC_FAILURE = "Could not process your request. Please try again.";
export const PAYMENT_PROCESSING = "Your payment is still being processed. The campaign launches as soon as it is confirmed.";
/** An earlier checkout was paid at the price before the creator changed the plan or coupon. */
export const PAID_EARLIER_PRICE =
  "We received a payment for this campaign's earlier price, which does not cover its current one. Please contact us and we will sort it out.";

const TEST_SESSION_PREFIX = "test_cs_";

export type PaymentProvider = "stripe" | "test";

export function paymentProvider(config: Config = getConfig()): PaymentProvider {
  if (config.stripeEnabled) return "stripe";
  if (config.testCheckoutEnabled) return "test";
  throw new CheckoutError(PAYMENTS_NOT_CONFIGURED);
}

export function isTestCheckoutSession(sessionId: string): boolean {
  return sessionId.startsWith(TEST_SESSION_PREFIX);
}

let cachedClient: { key: string; client: Stripe } | undefined;

/** The official SDK; STRIPE_API_URL points it at another host (the fake server in tests). */
function stripeClient(config: Config = getConfig()): Stripe {
  const secretKey = config.STRIPE_SECRET_KEY;
  if (!secretKey) throw new CheckoutError(PAYMENTS_NOT_CONFIGURED);
  const key = `${secretKey}\n${config.STRIPE_API_URL ?? ""}`;
  if (cachedClient?.key === key) return cachedClient.client;
  const client = createStripe(secretKey, config.STRIPE_API_URL, { maxNetworkRetries: 2, timeout: 20_000 });
  cachedClient = { key, client };
  return client;
}

/** A Stripe SDK client; `apiUrl` (STRIPE_API_URL) points it at another host, the fake server in tests. */
export function createStripe(
  secretKey: string,
  apiUrl: string | undefined,
  { maxNetworkRetries, timeout }: { maxNetworkRetries: number; timeout: number },
): Stripe {
  const api = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries,
    timeout,
    appInfo: { name: "Giveawear" },
    ...(api
      ? {
          protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
          host: api.hostname,
          port: api.port || (api.protocol === "http:" ? 80 : 443),
        }
      : {}),
  });
}

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
      const sessionId = `${TEST_SESSION_PREFIX}${randomBytes(18).toString("hex")}`;
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
    console.error("payments: could not start checkout", error);
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
  const { drawBeaconRound: _round, ...draw } = launchDrawFields(null);
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
    // The beacon round published with the launch follows from the end date the campaign went live with.
    if (campaign?.endDate) {
      await tx.campaign.update({ where: { id: campaign.id }, data: { drawBeaconRound: launchBeaconRound(campaign.endDate) } });
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
    console.error(
      `payments: checkout ${sessionId} paid ${paidCents} cents but campaign ${current.id} now costs ${current.totalCents}; not launched`,
    );
    return "underpaid";
  }
  return "ignored";
}

const COMPLETION_REPLIES: Record<CompletionResult, string> = {
  activated: "Campaign activated.",
  "already-active": "Already active.",
  underpaid: "Paid less than the campaign's current price; not activated.",
  ignored: "Ignored.",
};

const COMPLETING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * Stripe's webhook. The signature is checked on the raw body; each event id is recorded once (a
 * redelivery is acknowledged and does nothing); the session is read again from Stripe, because
 * only its current payment_status, not the event's snapshot, says whether the money arrived.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<{ status: number; body: string }> {
  const config = getConfig();
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!config.stripeEnabled || !secret) return { status: 404, body: "Stripe webhooks are not configured." };
  if (!signature) return { status: 400, body: "Missing Stripe-Signature header." };

  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    return { status: 400, body: "Invalid signature." };
  }

  try {
    await prisma.paymentEvent.create({ data: { id: event.id, type: event.type } });
  } catch (error) {
    if (isUniqueConstraintError(error)) return { status: 200, body: "Duplicate event." };
    throw error;
  }

  if (!COMPLETING_EVENTS.has(event.type)) return { status: 200, body: "Ignored." };
  const sessionId = sessionIdOf(event);
  if (!sessionId) return { status: 200, body: "Ignored." };
  try {
    const session = await stripeClient(config).checkout.sessions.retrieve(sessionId);
    if (session.payment_status !== "paid") return { status: 200, body: "Not paid yet." };
    // A plan upgrade of a live campaign (decision 049): the same event, its own completion.
    if (await isUpgradeSession(session.id)) {
      return { status: 200, body: UPGRADE_REPLIES[await completeUpgrade(session.id, session.amount_total)] };
    }
    // An add-on of one campaign (decision 068): likewise.
    if (await isAddOnSession(session.id)) {
      return { status: 200, body: ADD_ON_REPLIES[(await completeAddOn(session.id, session.amount_total)).result] };
    }
    await adoptPaidSession(session);
    const result = await completeCheckout(session.id, session.amount_total);
    return { status: 200, body: COMPLETION_REPLIES[result] };
  } catch (error) {
    // Forget the event so Stripe's retry is processed rather than taken for a duplicate.
    await prisma.paymentEvent.deleteMany({ where: { id: event.id } });
    console.error(`payments: webhook ${event.id} (${event.type}) failed`, error);
    return { status: 500, body: "Could not process the event; Stripe will retry." };
  }
}

/**
 * Two launches at once (a double click without JavaScript) open two sessions and the campaign keeps
 * only one. Money Stripe confirms for this campaign must still launch it, so a paid session of ours
 * takes the place of the one remembered, as long as the campaign is waiting for payment.
 */
async function adoptPaidSession(session: Stripe.Checkout.Session): Promise<void> {
  const campaignId = session.metadata?.campaignId ?? session.client_reference_id;
  if (!campaignId) return;
  await prisma.campaign.updateMany({
    where: { id: campaignId, status: CampaignStatus.pendingPayment },
    data: { stripeCheckoutSessionId: session.id },
  });
}

function sessionIdOf(event: Stripe.Event): string | null {
  const object: unknown = event.data.object;
  if (typeof object !== "object" || object === null) return null;
  const { object: kind, id } = object as { object?: unknown; id?: unknown };
  return kind === "checkout.session" && typeof id === "string" ? id : null;
}

// Plan upgrades of a live campaign (decision 049)

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
    const sessionId = `${TEST_SESSION_PREFIX}${randomBytes(18).toString("hex")}`;
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
    console.error("payments: could not start an upgrade checkout", error);
    throw new CheckoutError(GENERIC_FAILURE);
  }
}

async function isUpgradeSession(sessionId: string): Promise<boolean> {
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

const UPGRADE_REPLIES: Record<UpgradeResult, string> = {
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
        analyticsLevel: to.analyticsLevel,
        customBranding: to.customBranding,
        remainingGenerations: { increment: Math.max(0, to.aiCredits - (from?.aiCredits ?? 0)) },
      },
    });
    return applied.count === 1 ? "upgraded" : "not-applied";
  });
  if (result === "not-applied" || result === "underpaid") {
    console.error(`payments: upgrade checkout ${sessionId} ${UPGRADE_REPLIES[result]} Refund it by hand if money was taken.`);
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
    console.error(`payments: could not look up upgrade checkout ${sessionId}`, error);
  }
  return "pending";
}

// Add-ons of one campaign (decision 068): the Featured Listing Boost and the Advanced Analytics Report

export type AddOnStart =
  { kind: "checkout"; url: string } | { kind: "not-found" } | { kind: "refused"; status: 400 | 409; message: string };

/**
 * Opens a checkout for an add-on of one campaign, bought by its creator or an admin: an
 * AddOnPurchase row (pending) records the add-on and its price, and its checkout session completes
 * it once, as for plan upgrades. A boost is sold for a live campaign that is not featured already,
 * while fewer than FEATURED_PLACES campaigns are; a report for a launched campaign that has none.
 */
export async function startAddOn({
  user,
  campaignId,
  kind,
  now = new Date(),
}: {
  user: { id: string; email: string; isAdmin: boolean };
  campaignId: string;
  kind: string;
  now?: Date;
}): Promise<AddOnStart> {
  if (!isAddOnKind(kind)) return { kind: "refused", status: 400, message: ADD_ON_MESSAGES.chooseAddOn };
  if (!campaignId) return { kind: "refused", status: 400, message: ADD_ON_MESSAGES.chooseCampaign };
  // The creator's own campaign, or any campaign for an admin; anyone else's is answered as missing.
  const campaign = await prisma.campaign.findFirst({
    where: { id: campaignId, ...(user.isAdmin ? {} : { creatorId: user.id }) },
    select: { id: true, title: true, status: true, endDate: true },
  });
  if (!campaign) return { kind: "not-found" };
  if (kind === AddOnKind.featuredBoost) {
    if (!isFeaturable(campaign, now)) return { kind: "refused", status: 409, message: ADD_ON_MESSAGES.notLive };
    const featured = await featuredNow(now);
    const own = featured.find((row) => row.campaignId === campaign.id);
    if (own) return { kind: "refused", status: 409, message: ADD_ON_MESSAGES.alreadyFeatured(formatUtcDate(own.until)) };
    if (featured.length >= FEATURED_PLACES) {
      const next = featured.reduce((soonest, row) => (row.until < soonest ? row.until : soonest), featured[0]!.until);
      return { kind: "refused", status: 409, message: ADD_ON_MESSAGES.placesTaken(formatUtcDate(next)) };
    }
  } else {
    if (!isReportable(campaign)) return { kind: "refused", status: 409, message: ADD_ON_MESSAGES.notLaunched };
    const owned = await prisma.addOnPurchase.count({ where: { campaignId: campaign.id, kind, status: AddOnStatus.paid } });
    if (owned > 0) return { kind: "refused", status: 409, message: ADD_ON_MESSAGES.reportOwned };
  }

  const offer = ADD_ON_OFFERS[kind];
  const provider = paymentProvider();
  const purchase = await prisma.addOnPurchase.create({
    data: { campaignId: campaign.id, buyerId: user.id, kind, amountCents: offer.priceCents },
  });
  if (provider === "test") {
    const sessionId = `${TEST_SESSION_PREFIX}${randomBytes(18).toString("hex")}`;
    await prisma.addOnPurchase.update({ where: { id: purchase.id }, data: { checkoutSessionId: sessionId } });
    return { kind: "checkout", url: testCheckoutPath(sessionId) };
  }
  try {
    const back = addOnsPath({ campaignId: campaign.id });
    const session = await stripeClient().checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: offer.priceCents,
            product_data: { name: `${offer.name} – ${campaign.title}`.slice(0, 250) },
          },
        },
      ],
      // Stripe fills in {CHECKOUT_SESSION_ID} itself, so it must stay unencoded.
      success_url: `${publicUrl(back)}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: publicUrl(back),
      client_reference_id: campaign.id,
      customer_email: user.email,
      metadata: { campaignId: campaign.id, addOnId: purchase.id, addOn: kind },
    });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL.`);
    await prisma.addOnPurchase.update({ where: { id: purchase.id }, data: { checkoutSessionId: session.id } });
    return { kind: "checkout", url: session.url };
  } catch (error) {
    await prisma.addOnPurchase.update({ where: { id: purchase.id }, data: { status: AddOnStatus.cancelled } });
    console.error("payments: could not start an add-on checkout", error);
    throw new CheckoutError(GENERIC_FAILURE);
  }
}

async function isAddOnSession(sessionId: string): Promise<boolean> {
  return (await prisma.addOnPurchase.count({ where: { checkoutSessionId: sessionId } })) > 0;
}

/** The add-on a checkout session pays for, with what its checkout page shows. */
export function addOnCheckout(sessionId: string) {
  return prisma.addOnPurchase.findUnique({
    where: { checkoutSessionId: sessionId },
    select: {
      id: true,
      kind: true,
      status: true,
      amountCents: true,
      buyerId: true,
      featuredUntil: true,
      campaign: { select: { id: true, title: true, status: true, endDate: true } },
    },
  });
}

/**
 * featured: the boost is paid and the campaign featured; report: the report is paid and can be
 * downloaded; not-applied: a boost paid after its campaign had ended (recorded, refunded by hand);
 * duplicate: a second report of a campaign that had one (recorded, refunded by hand).
 */
export type AddOnResult = "featured" | "report" | "already-paid" | "underpaid" | "not-applied" | "duplicate" | "ignored";

const ADD_ON_REPLIES: Record<AddOnResult, string> = {
  featured: "Campaign featured.",
  report: "Report bought.",
  "already-paid": "Already paid.",
  underpaid: "Paid less than the add-on costs; not applied.",
  "not-applied": "Paid, but the campaign had ended; not featured.",
  duplicate: "Paid, but the campaign already had its report.",
  ignored: "Ignored.",
};

/**
 * Completes a paid add-on, for the test checkout and Stripe's webhook alike: one conditional update
 * moves the purchase from pending to paid, so however often either calls, it happens once. A boost
 * writes its featured week (paidAt + 7 days) in that update, only if the campaign is still live then;
 * otherwise it is recorded as paid without a week and logged for a refund.
 */
export async function completeAddOn(
  sessionId: string,
  paidCents: number | null = null,
  now: Date = new Date(),
): Promise<{ result: AddOnResult; featuredUntil: Date | null }> {
  if (!sessionId) return { result: "ignored", featuredUntil: null };
  const outcome = await prisma.$transaction(async (tx): Promise<{ result: AddOnResult; featuredUntil: Date | null }> => {
    const purchase = await tx.addOnPurchase.findUnique({
      where: { checkoutSessionId: sessionId },
      include: { campaign: { select: { status: true, endDate: true } } },
    });
    if (!purchase) return { result: "ignored", featuredUntil: null };
    if (paidCents !== null && paidCents < purchase.amountCents) return { result: "underpaid", featuredUntil: null };
    const boost = purchase.kind === AddOnKind.featuredBoost;
    const live = boost && isFeaturable(purchase.campaign, now);
    const featuredUntil = live ? new Date(now.getTime() + FEATURED_MS) : null;
    const moved = await tx.addOnPurchase.updateMany({
      where: { id: purchase.id, status: AddOnStatus.pending },
      data: { status: AddOnStatus.paid, paidAt: now, featuredUntil },
    });
    if (moved.count !== 1) {
      return { result: purchase.status === AddOnStatus.cancelled ? "ignored" : "already-paid", featuredUntil: purchase.featuredUntil };
    }
    if (boost) return { result: live ? "featured" : "not-applied", featuredUntil };
    const reports = await tx.addOnPurchase.count({
      where: { campaignId: purchase.campaignId, kind: AddOnKind.analyticsReport, status: AddOnStatus.paid },
    });
    return { result: reports > 1 ? "duplicate" : "report", featuredUntil: null };
  });
  if (outcome.result === "not-applied" || outcome.result === "underpaid" || outcome.result === "duplicate") {
    console.error(`payments: add-on checkout ${sessionId} ${ADD_ON_REPLIES[outcome.result]} Refund it by hand if money was taken.`);
  }
  return outcome;
}

/**
 * The buyer is back from Stripe's page: if the webhook has not arrived yet, ask Stripe about the
 * session and complete a paid add-on now (the same completion; the webhook then finds it done).
 */
export async function settleAddOnReturn(sessionId: string, userId: string): Promise<"paid" | "pending" | "unknown"> {
  const purchase = await prisma.addOnPurchase.findUnique({
    where: { checkoutSessionId: sessionId },
    select: { status: true, buyerId: true },
  });
  if (!purchase || purchase.buyerId !== userId) return "unknown";
  if (purchase.status === AddOnStatus.paid) return "paid";
  if (purchase.status !== AddOnStatus.pending || isTestCheckoutSession(sessionId) || !getConfig().stripeEnabled) return "pending";
  try {
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    if (session.payment_status === "paid") {
      const { result } = await completeAddOn(session.id, session.amount_total);
      if (result !== "underpaid" && result !== "ignored") return "paid";
    }
  } catch (error) {
    console.error(`payments: could not look up add-on checkout ${sessionId}`, error);
  }
  return "pending";
}
