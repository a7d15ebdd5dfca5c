/**
 * Stripe's webhook (decision 004): a paid checkout session completes the launch, the plan upgrade
 * or the add-on it was opened for.
 */
import Stripe from "stripe";
import { getConfig } from "../core/config.server";
import { isUniqueConstraintError, prisma } from "../core/db.server";
import { stripeClient } from "./stripe.server";
import { ADD_ON_REPLIES, completeAddOn, isAddOnSession } from "./add-ons.server";
import { UPGRADE_REPLIES, completeUpgrade, isUpgradeSession } from "./upgrades.server";
import { COMPLETION_REPLIES, adoptPaidSession, completeCheckout } from "./launch.server";
import { log } from "../core/log.server";

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
    log.error({ err: error }, `payments: webhook ${event.id} (${event.type}) failed`);
    return { status: 500, body: "Could not process the event; Stripe will retry." };
  }
}

function sessionIdOf(event: Stripe.Event): string | null {
  const object: unknown = event.data.object;
  if (typeof object !== "object" || object === null) return null;
  const { object: kind, id } = object as { object?: unknown; id?: unknown };
  return kind === "checkout.session" && typeof id === "string" ? id : null;
}
