import { PRODUCT_COLORS } from "../../domain/campaign-schemas";
import { campaignColorImages } from "../../domain/mockups";
import type { QueueOrder } from "../../domain/order-queue";
import {
  advanceStatus,
  SHIP_ADDRESS_FIELDS,
  prizeRankLabel,
  carrierName,
  isOrderStatus,
  OrderStatus,
  type ProviderUpdate,
  type Shipment,
  trackingLink,
} from "../../domain/orders";
import { printifyVariantId } from "../../domain/printify";
import { shippedDedupeKey } from "../../domain/winner-emails";
import { campaignPath, claimPath } from "../../paths";
import { claimToken } from "../claims/claim.server";
import { type Prisma, prisma } from "../core/db.server";
import { EMAIL_BRAND_CAMPAIGN_FIELDS, emailBrand } from "../email/brand.server";
import { queueTemplatedEmail } from "../email/outbox.server";
import { type QueuedDelivery, deliverWebhooksSoon, queueOrderShipped } from "../integrations/webhooks.server";
import { publicUrl } from "../core/public-url.server";
import { contactLine, winnerReplyTo } from "../email/brand.server";
import { entrantLanguage } from "../../domain/entrant-language";
import { laterTokenWords } from "../../i18n/entrant-emails";

/**
 * Orders after the claim: status changes (from Printify or from an admin), the winner's "shipped"
 * email, and what the admin queue and its CSV export read. Every change is one conditional update
 * on the status it was decided from, so two sources at once (a webhook, the poll, an admin) never
 * undo each other, and the email is queued in the same transaction as the move to shipped.
 */

export const SHIPPED_TEMPLATE = "order_shipped";

type Db = Prisma.TransactionClient;

/** Queues the winner's order_shipped email unless it is already in the outbox; answers whether it queued one. */
async function queueShippedEmail(db: Db, orderId: string): Promise<boolean> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: {
      status: true,
      winnerEmail: true,
      prizeRank: true,
      entryId: true,
      trackingNumber: true,
      trackingUrl: true,
      carrier: true,
      campaign: {
        select: {
          ...EMAIL_BRAND_CAMPAIGN_FIELDS,
          id: true,
          language: true,
          claimDeadline: true,
          additionalPrizes: { select: { rank: true, claimDeadline: true } },
        },
      },
    },
  });
  if (!order || (order.status !== OrderStatus.shipped && order.status !== OrderStatus.delivered)) return false;
  const dedupeKey = shippedDedupeKey(orderId);
  if (await db.outboundEmail.findUnique({ where: { dedupeKey }, select: { id: true } })) return false;
  const carrier = carrierName(order.carrier);
  const link = trackingLink(order);
  // The campaign's language (decision 097); English keeps the words below.
  const language = entrantLanguage(order.campaign.language);
  const words = laterTokenWords(language);
  await queueTemplatedEmail(db, {
    to: order.winnerEmail,
    template: SHIPPED_TEMPLATE,
    dedupeKey,
    // Decision 051: a reply reaches the brand's support address, or the email points at our contact form.
    replyTo: winnerReplyTo(order.campaign),
    brand: emailBrand(order.campaign),
    language,
    tokens: {
      email: order.winnerEmail,
      brand_name: order.campaign.brandName || (words?.theBrand ?? "the brand"),
      campaign_title: order.campaign.title,
      tracking_number: order.trackingNumber ?? words?.notYet ?? "not available yet",
      carrier: carrier || (words?.theCarrier ?? "the carrier"),
      // Decision 052: the carrier's tracking page; with a carrier we cannot link to ("Other"), the
      // winner's own order page, which shows the tracking number and where the order stands.
      tracking_url: link ?? (await orderPageUrl(order)),
      tracking_link_text: words
        ? words.trackingLinkText(Boolean(link), carrier ?? null)
        : link
          ? `Track your parcel on ${carrier ?? "the carrier's website"}`
          : "See your order",
      order_link: await orderPageUrl(order),
      contact_line: contactLine(order.campaign, language),
    },
  });
  return true;
}

/** The winner's claim page (it shows the order's progress and tracking), or the campaign page when the order has no entry. */
async function orderPageUrl(order: {
  prizeRank: number;
  entryId: string | null;
  campaign: { id: string; claimDeadline: Date | null; additionalPrizes: { rank: number; claimDeadline: Date | null }[] };
}): Promise<string> {
  if (!order.entryId) return publicUrl(campaignPath(order.campaign.id));
  const deadline =
    (order.prizeRank === 1
      ? order.campaign.claimDeadline
      : order.campaign.additionalPrizes.find((p) => p.rank === order.prizeRank)?.claimDeadline) ?? new Date();
  const token = await claimToken({ campaignId: order.campaign.id, entryId: order.entryId, deadline, rank: order.prizeRank });
  return publicUrl(claimPath(token));
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
    let webhooks: QueuedDelivery[] = [];
    const result = await prisma.$transaction(async (tx): Promise<UpdateResult | null> => {
      const order = await tx.order.findUnique({
        where: { id: orderId },
        select: { status: true, fulfilledAt: true, shippedAt: true, deliveredAt: true },
      });
      if (!order) return { kind: "missing" };
      const current: OrderStatus = isOrderStatus(order.status) ? order.status : OrderStatus.pending;
      const next = advanceStatus(current, update.status);
      const data: Prisma.OrderUpdateManyMutationInput = { lastSyncedAt: now, lastError: null };
      if (update.providerStatus) data.providerStatus = update.providerStatus.slice(0, 100);
      if (next !== current) data.status = next;
      if (next === OrderStatus.fulfilled && !order.fulfilledAt) data.fulfilledAt = now;
      const onItsWay = next === OrderStatus.shipped || next === OrderStatus.delivered;
      if (onItsWay && !order.shippedAt) data.shippedAt = now;
      if (next === OrderStatus.delivered && !order.deliveredAt) data.deliveredAt = now;
      if (onItsWay && update.shipment) Object.assign(data, trackingData(update.shipment));
      const moved = await tx.order.updateMany({ where: { id: orderId, status: order.status }, data });
      if (moved.count !== 1) return null;
      // The shipped email goes once, also when the first news is the delivery (queueShippedEmail dedupes).
      const shippedNow = onItsWay && current !== OrderStatus.shipped && current !== OrderStatus.delivered;
      if (shippedNow) {
        await queueShippedEmail(tx, orderId);
        // The brand's order.shipped webhooks (decision 055), committed with the move to shipped.
        webhooks = await queueOrderShipped(tx, orderId, now);
      }
      return { kind: "updated", status: next, shippedNow };
    });
    deliverWebhooksSoon(webhooks);
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
  kind: "merch",
  OR: [{ status: OrderStatus.pending }, { status: OrderStatus.submitted, printifyOrderId: null }],
};

/** The print queue holds printed prizes only: a brand's own gift is delivered by the brand (decision 052). */
export const QUEUED: Prisma.OrderWhereInput = { kind: "merch" };

/** Made and packed outside Printify (see FULFILABLE). */
export async function markOrderFulfilled(orderId: string, now: Date = new Date()): Promise<AdminChange> {
  const moved = await prisma.order.updateMany({
    where: { id: orderId, ...FULFILABLE },
    data: { status: OrderStatus.fulfilled, fulfilledAt: now, syncLeaseUntil: null },
  });
  if (moved.count === 1) return "done";
  return (await prisma.order.count({ where: { id: orderId } })) ? "not-allowed" : "missing";
}

/** Orders an admin may mark shipped: any not shipped yet, a cancelled one too (its prize sent some other way). */
export const SHIPPABLE_STATUSES: readonly OrderStatus[] = [
  OrderStatus.pending,
  OrderStatus.submitted,
  OrderStatus.fulfilled,
  OrderStatus.cancelled,
];

/** Shipped with a tracking number (in Printify mode too, for a parcel sent some other way); the winner is emailed once. */
export async function markOrderShipped(orderId: string, shipment: Shipment, now: Date = new Date()): Promise<AdminChange> {
  const webhooks = await prisma.$transaction(async (tx) => {
    const moved = await tx.order.updateMany({
      where: { id: orderId, ...QUEUED, status: { in: [...SHIPPABLE_STATUSES] } },
      data: { status: OrderStatus.shipped, shippedAt: now, syncLeaseUntil: null, ...trackingData(shipment) },
    });
    if (moved.count !== 1) return null;
    await queueShippedEmail(tx, orderId);
    // The brand's order.shipped webhooks (decision 055), committed with the move to shipped.
    return queueOrderShipped(tx, orderId, now);
  });
  if (webhooks) {
    deliverWebhooksSoon(webhooks);
    return "done";
  }
  return (await prisma.order.count({ where: { id: orderId } })) ? "not-allowed" : "missing";
}

/** Delivered: the carrier (or the winner) confirmed the parcel arrived. Only a shipped order can be. */
export async function markOrderDelivered(orderId: string, now: Date = new Date()): Promise<AdminChange> {
  const moved = await prisma.order.updateMany({
    where: { id: orderId, ...QUEUED, status: OrderStatus.shipped },
    data: { status: OrderStatus.delivered, deliveredAt: now, syncLeaseUntil: null },
  });
  if (moved.count === 1) return "done";
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
    where: { id: orderId, ...QUEUED, status: OrderStatus.cancelled },
    data: { status: OrderStatus.pending, syncLeaseUntil: null, lastError: null },
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
  ...SHIP_ADDRESS_FIELDS,
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
  deliveredAt: true,
  campaign: {
    select: {
      id: true,
      title: true,
      productType: true,
      finalDesignUrl: true,
      customDesignUrl: true,
      selectedAiDesignId: true,
      selectedColors: true,
      printifyMockups: true,
      additionalPrizes: { select: { rank: true, title: true } },
    },
  },
} satisfies Prisma.OrderSelect;

type OrderRecord = Prisma.OrderGetPayload<{ select: typeof ORDER_SELECT }>;

/** An absolute link an admin (or a print shop given the CSV) can open: our uploads are served publicly at /uploads/… */
function absolute(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith("/") && !url.startsWith("//") ? publicUrl(url) : null;
}

/**
 * The full-size print file of each campaign, as Printify gets it (fulfilment/index printFileUrl):
 * the AI design's print file when the campaign uses one, else the final (uploaded) design.
 */
async function printFiles(campaigns: OrderRecord["campaign"][]): Promise<Map<string, string | null>> {
  const designIds = [...new Set(campaigns.map((c) => c.selectedAiDesignId).filter((id): id is string => Boolean(id)))];
  const designs = designIds.length
    ? await prisma.aiDesign.findMany({ where: { id: { in: designIds } }, select: { id: true, printUrl: true, imageUrl: true } })
    : [];
  const byId = new Map(designs.map((d) => [d.id, d]));
  const files = new Map<string, string | null>();
  for (const campaign of campaigns) {
    const design = campaign.selectedAiDesignId ? byId.get(campaign.selectedAiDesignId) : undefined;
    const url = design?.printUrl || campaign.finalDesignUrl || campaign.customDesignUrl || design?.imageUrl || null;
    files.set(campaign.id, absolute(url));
  }
  return files;
}

/** The mockup of the winner's colour (the partner's photo when there is one), else the campaign's first. */
function mockupFor(campaign: OrderRecord["campaign"], color: string | null): string | null {
  const images = campaignColorImages(campaign);
  const image = images.find((i) => i.color === color)?.image ?? images[0]?.image ?? null;
  // The full-size file: an upload without its ?w= resizing.
  return absolute(image?.src.replace(/\?w=\d+$/, ""));
}

function toQueueOrder(row: OrderRecord, printFile: string | null): QueueOrder {
  const { campaign, createdAt, submittedAt, fulfilledAt, shippedAt, deliveredAt, ...rest } = row;
  const rankWord = prizeRankLabel(row.prizeRank);
  const prizeTitle = row.prizeRank > 1 ? campaign.additionalPrizes.find((p) => p.rank === row.prizeRank)?.title : undefined;
  return {
    ...rest,
    status: isOrderStatus(row.status) ? row.status : OrderStatus.pending,
    color: row.color ? (PRODUCT_COLORS.find((c) => c.key === row.color)?.name ?? row.color) : null,
    campaignId: campaign.id,
    campaignTitle: campaign.title,
    productType: campaign.productType,
    prize: prizeTitle ? `${rankWord}: ${prizeTitle}` : rankWord,
    printFileUrl: printFile,
    mockupUrl: mockupFor(campaign, row.color),
    variantId: printifyVariantId({ productType: campaign.productType, style: row.style, size: row.size, color: row.color }),
    carrier: carrierName(row.carrier),
    trackingLink: trackingLink(row),
    deliveredAt: deliveredAt?.toISOString() ?? null,
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

async function toQueueOrders(rows: OrderRecord[]): Promise<QueueOrder[]> {
  const files = await printFiles(rows.map((row) => row.campaign));
  return rows.map((row) => toQueueOrder(row, files.get(row.campaign.id) ?? null));
}

export async function listQueueOrders({ status, page = 1 }: { status?: OrderStatus; page?: number }) {
  const where: Prisma.OrderWhereInput = status ? { ...QUEUED, status } : QUEUED;
  const [rows, total, groups] = await Promise.all([
    prisma.order.findMany({ where, select: ORDER_SELECT, orderBy: ORDER_BY, skip: (page - 1) * QUEUE_PAGE_SIZE, take: QUEUE_PAGE_SIZE }),
    prisma.order.count({ where }),
    prisma.order.groupBy({ by: ["status"], where: QUEUED, _count: { _all: true } }),
  ]);
  const counts: Record<string, number> = {};
  for (const group of groups) counts[group.status] = group._count._all;
  return { orders: await toQueueOrders(rows), total, counts };
}

/** Every order (optionally of one status), for the CSV export. */
export async function allQueueOrders(status?: OrderStatus): Promise<QueueOrder[]> {
  const rows = await prisma.order.findMany({ where: status ? { ...QUEUED, status } : QUEUED, select: ORDER_SELECT, orderBy: ORDER_BY });
  return toQueueOrders(rows);
}
