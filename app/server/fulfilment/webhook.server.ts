import { type PrintifyEvent, PrintifyEventSchema, updateFromEvent, updateFromPrintifyOrder } from "../../domain/printify";
import { getConfig } from "../core/config.server";
import { isUniqueConstraintError, prisma } from "../core/db.server";
import { applyProviderUpdate } from "./orders.server";
import { getPrintifyOrder, printifyEnabled, verifyPrintifySignature } from "./printify.server";
import { log } from "../core/log.server";

/** The header Printify signs its webhooks in: "sha256=" + hex HMAC-SHA256 of the raw body. */
export const SIGNATURE_HEADER = "X-Pfy-Signature";

export interface WebhookAnswer {
  status: number;
  body: string;
}

/**
 * Printify's webhook ($APP_URL/webhooks/printify). The signature is checked on the exact bytes
 * received, before anything is parsed or written: a bad one is refused (401) and changes nothing.
 * Each event id is recorded once in FulfilmentEvent, so a redelivery (or a replayed request) is
 * acknowledged and does nothing. The event updates the order it names; when it does not carry
 * enough (a status, a tracking number), the order is read from Printify instead.
 */
export async function handlePrintifyWebhook(rawBody: string, signature: string | null, now: Date = new Date()): Promise<WebhookAnswer> {
  const secret = getConfig().PRINTIFY_WEBHOOK_SECRET;
  if (!secret) return { status: 404, body: "Printify webhooks are not configured." };
  if (!verifyPrintifySignature(rawBody, signature, secret)) return { status: 401, body: "Invalid signature." };

  let event: PrintifyEvent;
  try {
    const parsed = PrintifyEventSchema.safeParse(JSON.parse(rawBody));
    if (!parsed.success) return { status: 400, body: "Not a Printify event." };
    event = parsed.data;
  } catch {
    return { status: 400, body: "Invalid JSON." };
  }

  try {
    await prisma.fulfilmentEvent.create({ data: { id: event.id, type: event.type.slice(0, 100) } });
  } catch (error) {
    if (isUniqueConstraintError(error)) return { status: 200, body: "Duplicate event." };
    throw error;
  }

  try {
    return await processEvent(event, now);
  } catch (error) {
    // Forget the event so Printify's retry is processed rather than taken for a duplicate.
    await prisma.fulfilmentEvent.deleteMany({ where: { id: event.id } });
    log.error({ err: error }, `[fulfilment] webhook ${event.id} (${event.type}) failed`);
    return { status: 500, body: "Could not process the event; Printify will retry." };
  }
}

async function processEvent(event: PrintifyEvent, now: Date): Promise<WebhookAnswer> {
  let update = updateFromEvent(event);
  if (update === "ignore") return { status: 200, body: "Ignored." };
  const order = await prisma.order.findFirst({ where: { printifyOrderId: event.resource.id }, select: { id: true } });
  // Not one of ours (another channel of the same shop), or news of an order whose id we have not
  // stored yet: the poll picks that up.
  if (!order) return { status: 200, body: "Unknown order." };
  if (update === "fetch") {
    if (!printifyEnabled()) return { status: 200, body: "Not enough detail, and the Printify API is not configured." };
    update = updateFromPrintifyOrder(await getPrintifyOrder(event.resource.id));
  }
  const result = await applyProviderUpdate(order.id, update, now);
  return { status: 200, body: result.kind === "updated" ? `Order ${result.status}.` : "Unknown order." };
}
