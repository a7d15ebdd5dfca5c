import { PRODUCT_COLORS } from "../../domain/campaign-schemas";
import type { QueueOrder } from "../../domain/order-queue";
import { advanceStatus, isOrderStatus, type OrderStatus, type ProviderUpdate, type Shipment } from "../../domain/orders";
import { type Prisma, prisma } from "../db.server";
import { queueTemplatedEmail } from "../email.server";

/**
 * Orders after the claim: status changes (from Printify or from an admin), the winner's "shipped"
 * email, and what the admin queue and its CSV export read. Every change is one conditional update
 * on the status it was decided from, so two sources at once (a webhook, the poll, an admin) never
 * undo each other, and the email is queued in the same transaction as the move to shipped.
 */

export const SHIPPED_TEMPLATE = "order_shipped";

export function shippedDedupeKey(orderId: string): string {
  return `shipped:${orderId}`;
}

type Db = Prisma.TransactionClient;

/** Queues the winner's order_shipped email unless it is already in the outbox; answers whether it queued one. */
async function queueShippedEmail(db: Db, orderId: string): Promise<boolean> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: {
      status: true,
      winnerEmail: true,
      trackingNumber: true,
      trackingUrl: true,
      carrier: true,
      campaign: { select: { title: true, brandName: true } },
    },
  });
  if (!order || order.status !== "shipped") return false;
  const dedupeKey = shippedDedupeKey(orderId);
  if (await db.outboundEmail.findUnique({ where: { dedupeKey }, select: { id: true } })) return false;
  await queueTemplatedEmail(db, {
    to: order.winnerEmail,
    template: SHIPPED_TEMPLATE,
    dedupeKey,
    tokens: {
      email: order.winnerEmail,
      brand_name: order.campaign.brandName || "the brand",
      campaign_title: order.campaign.title,
      tracking_number: order.trackingNumber ?? "not available yet",
      carrier: order.carrier || "the carrier",
      tracking_url: order.trackingUrl ?? "look the tracking number up on the carrier's website",
    },
  });
  return true;
}

export async function queueShippedEmailOnce(orderId: string): Promise<boolean> {
  return prisma.$transaction((tx) => queueShippedEmail(tx, orderId));
}

export type UpdateResult = { kind: "missing" } | { kind: "updated"; status: OrderStatus; shippedNow: boolean };

const ATTEMPTS = 5;

/**
 * Applies what Printify reported (a webhook or a poll): the status moves only forward, tracking is
 * kept, providerStatus and lastSyncedAt record the news. Reaching shipped queues the email, once.
 */
export async function applyProviderUpdate(orderId: string, update: ProviderUpdate, now: Date): Promise<UpdateResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const result = await prisma.$transaction(async (tx): Promise<UpdateResult | null> => {
      const order = await tx.order.findUnique({ where: { id: orderId }, select: { status: true, fulfilledAt: true, shippedAt: true } });
      if (!order) return { kind: "missing" };
      const current: OrderStatus = isOrderStatus(order.status) ? order.status : "pending";
      const next = advanceStatus(current, update.status);
      const data: Prisma.OrderUpdateManyMutationInput = { lastSyncedAt: now, lastError: null };
      if (update.providerStatus) data.providerStatus = update.providerStatus.slice(0, 100);
      if (next !== current) data.status = next;
      if (next === "fulfilled" && !order.fulfilledAt) data.fulfilledAt = now;
      if (next === "shipped" && !order.shippedAt) data.shippedAt = now;
      if (next === "shipped" && update.shipment) Object.assign(data, trackingData(update.shipment));
      const moved = await tx.order.updateMany({ where: { id: orderId, status: order.status }, data });
      if (moved.count !== 1) return null;
      const shippedNow = next === "shipped" && current !== "shipped";
      if (shippedNow) await queueShippedEmail(tx, orderId);
      return { kind: "updated", status: next, shippedNow };
    });
    if (result) return result;
  }
  throw new Error(`Order ${orderId} kept changing while an update was applied.`);
}

function trackingData(shipment: Shipment) {
  return {
    trackingNumber: shipment.trackingNumber.slice(0, 100),
    carrier: shipment.carrier?.slice(0, 60) || null,
    trackingUrl: shipment.trackingUrl?.slice(0, 500) || null,
  };
}

// ---------------------------------------------------------------------------------------------
// The admin's manual queue

export type AdminChange = "done" | "not-allowed" | "missing";

/**
 * Which orders an admin may mark fulfilled: made and packed outside Printify, so not one Printify
 * is making (it reports that itself). A pending order is never being made by Printify: either it
 * has not been sent, or it was re-queued after Printify cancelled it.
 */
export const FULFILABLE: Prisma.OrderWhereInput = {
  // A brand's own gift is never printed: the creator delivers it (decision 050).
  kind: "merch",
  OR: [{ status: "pending" }, { status: "submitted", printifyOrderId: null }],
};

/** Made and packed outside Printify (see FULFILABLE). */
export async function markOrderFulfilled(orderId: string, now: Date = new Date()): Promise<AdminChange> {
  const moved = await prisma.order.updateMany({
    where: { id: orderId, ...FULFILABLE },
    data: { status: "fulfilled", fulfilledAt: now, syncLeaseUntil: null },
  });
  if (moved.count === 1) return "done";
  return (await prisma.order.count({ where: { id: orderId } })) ? "not-allowed" : "missing";
}

/** Orders an admin may mark shipped: any not shipped yet, a cancelled one too (its prize sent some other way). */
export const SHIPPABLE_STATUSES: readonly OrderStatus[] = ["pending", "submitted", "fulfilled", "cancelled"];

/** Shipped with a tracking number (in Printify mode too, for a parcel sent some other way); the winner is emailed once. */
export async function markOrderShipped(orderId: string, shipment: Shipment, now: Date = new Date()): Promise<AdminChange> {
  const done = await prisma.$transaction(async (tx) => {
    const moved = await tx.order.updateMany({
      where: { id: orderId, kind: "merch", status: { in: [...SHIPPABLE_STATUSES] } },
      data: { status: "shipped", shippedAt: now, syncLeaseUntil: null, ...trackingData(shipment) },
    });
    if (moved.count !== 1) return false;
    await queueShippedEmail(tx, orderId);
    return true;
  });
  if (done) return "done";
  return (await prisma.order.count({ where: { id: orderId } })) ? "not-allowed" : "missing";
}

/**
 * A cancelled order back in the queue: pending again, to be made and sent by hand (mark it
 * fulfilled, then shipped). An order Printify cancelled keeps Printify's order id, which keeps the
 * jobs from sending it to Printify again: Printify refuses a second order with the same
 * external_id (our order id), and the lookup would only find the cancelled one. An order that never
 * reached Printify (no Printify id) is sent by the next job pass when Printify is connected.
 */
export async function requeueCancelledOrder(orderId: string): Promise<AdminChange> {
  const moved = await prisma.order.updateMany({
    where: { id: orderId, kind: "merch", status: "cancelled" },
    data: { status: "pending", syncLeaseUntil: null, lastError: null },
  });
  if (moved.count === 1) return "done";
  return (await prisma.order.count({ where: { id: orderId } })) ? "not-allowed" : "missing";
}

// ---------------------------------------------------------------------------------------------
// Reading the queue

const ORDER_SELECT = {
  id: true,
  prizeRank: true,
  winnerEmail: true,
  status: true,
  size: true,
  style: true,
  color: true,
  shipName: true,
  shipLine1: true,
  shipLine2: true,
  shipCity: true,
  shipRegion: true,
  shipPostalCode: true,
  shipCountry: true,
  shipPhone: true,
  printifyOrderId: true,
  providerStatus: true,
  trackingNumber: true,
  trackingUrl: true,
  carrier: true,
  lastError: true,
  createdAt: true,
  submittedAt: true,
  fulfilledAt: true,
  shippedAt: true,
  campaign: { select: { id: true, title: true, productType: true, additionalPrizes: { select: { rank: true, title: true } } } },
} satisfies Prisma.OrderSelect;

type OrderRecord = Prisma.OrderGetPayload<{ select: typeof ORDER_SELECT }>;

const RANK_WORDS: Record<number, string> = { 1: "Grand prize", 2: "2nd prize", 3: "3rd prize" };

function toQueueOrder(row: OrderRecord): QueueOrder {
  const { campaign, createdAt, submittedAt, fulfilledAt, shippedAt, ...rest } = row;
  const rankWord = RANK_WORDS[row.prizeRank] ?? `Prize ${row.prizeRank}`;
  const prizeTitle = row.prizeRank > 1 ? campaign.additionalPrizes.find((p) => p.rank === row.prizeRank)?.title : undefined;
  return {
    ...rest,
    status: isOrderStatus(row.status) ? row.status : "pending",
    color: row.color ? (PRODUCT_COLORS.find((c) => c.key === row.color)?.name ?? row.color) : null,
    campaignId: campaign.id,
    campaignTitle: campaign.title,
    productType: campaign.productType,
    prize: prizeTitle ? `${rankWord}: ${prizeTitle}` : rankWord,
    claimedAt: createdAt.toISOString(),
    submittedAt: submittedAt?.toISOString() ?? null,
    fulfilledAt: fulfilledAt?.toISOString() ?? null,
    shippedAt: shippedAt?.toISOString() ?? null,
  };
}

/** SPEC: orders listed by submitted_at descending; unsent ones (no submitted_at) first, newest claim first. */
const ORDER_BY: Prisma.OrderOrderByWithRelationInput[] = [
  { submittedAt: { sort: "desc", nulls: "first" } },
  { createdAt: "desc" },
  { id: "asc" },
];

export const QUEUE_PAGE_SIZE = 50;

export async function listQueueOrders({ status, page = 1 }: { status?: OrderStatus; page?: number }) {
  // The print queue: printed prizes only (a gift is the creator's to deliver, decision 050).
  const where: Prisma.OrderWhereInput = status ? { kind: "merch", status } : { kind: "merch" };
  const [rows, total, groups] = await Promise.all([
    prisma.order.findMany({ where, select: ORDER_SELECT, orderBy: ORDER_BY, skip: (page - 1) * QUEUE_PAGE_SIZE, take: QUEUE_PAGE_SIZE }),
    prisma.order.count({ where }),
    prisma.order.groupBy({ by: ["status"], where: { kind: "merch" }, _count: { _all: true } }),
  ]);
  const counts: Record<string, number> = {};
  for (const group of groups) counts[group.status] = group._count._all;
  return { orders: rows.map(toQueueOrder), total, counts };
}

/** Every order (optionally of one status), for the CSV export. */
export async function allQueueOrders(status?: OrderStatus): Promise<QueueOrder[]> {
  const rows = await prisma.order.findMany({
    where: status ? { kind: "merch", status } : { kind: "merch" },
    select: ORDER_SELECT,
    orderBy: ORDER_BY,
  });
  return rows.map(toQueueOrder);
}
