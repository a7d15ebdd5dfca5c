/**
 * Buying an add-on of one campaign (decision 068): the Featured Listing Boost and the Advanced
 * Analytics Report, each a checkout completed once by the test checkout or Stripe's webhook. What an
 * add-on gives once paid is campaigns/add-ons.server.ts.
 */
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
import { addOnsPath, testCheckoutPath } from "../../paths";
import { featuredNow } from "../campaigns/add-ons.server";
import { publicUrl } from "../core/public-url.server";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { CheckoutError, GENERIC_FAILURE, isTestCheckoutSession, newTestSessionId, paymentProvider, stripeClient } from "./stripe.server";
import { log } from "../core/log.server";

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
    const sessionId = newTestSessionId();
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
    log.error({ err: error }, "payments: could not start an add-on checkout");
    throw new CheckoutError(GENERIC_FAILURE);
  }
}

export async function isAddOnSession(sessionId: string): Promise<boolean> {
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

export const ADD_ON_REPLIES: Record<AddOnResult, string> = {
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
    log.error(`payments: add-on checkout ${sessionId} ${ADD_ON_REPLIES[outcome.result]} Refund it by hand if money was taken.`);
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
    log.error({ err: error }, `payments: could not look up add-on checkout ${sessionId}`);
  }
  return "pending";
}
