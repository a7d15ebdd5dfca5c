import { buildPrintifyOrder, type PrintifyOrder, PrintifyMappingError, updateFromPrintifyOrder } from "../../domain/printify";
import { OrderStatus } from "../../domain/orders";
import { publicUrl } from "../core/public-url.server";
import { prisma } from "../core/db.server";
import { leaseUntil } from "../core/leases.server";
import { applyProviderUpdate } from "./orders.server";
import { createPrintifyOrder, findPrintifyOrderByExternalId, getPrintifyOrder, PrintifyApiError, printifyEnabled } from "./printify.server";
import { log } from "../core/log.server";

/**
 * Fulfilment jobs (decision 014). With PRINTIFY_API_TOKEN and PRINTIFY_SHOP_ID a
 * pass sends claimed orders to Printify and polls the ones whose webhook is overdue; without them
 * it does nothing and orders wait in the admin's manual queue (/admin/orders).
 *
 * Crash safety. An order is taken with ONE conditional update that sets syncLeaseUntil, compared
 * against the value just read (null, or a lease that has expired), so two passes (two instances,
 * or the timer and `npm run jobs`) never both hold it. Our order id travels as external_id. A
 * lease is set before the first call to Printify and stays set (as the retry time) after a
 * failure, so a pending order with a lease has maybe reached Printify: before sending it again the
 * pass looks for an order with that external_id and adopts it instead. And should Printify answer
 * a create with "external_id already exists", the pass looks it up and adopts it too. So a crash
 * between Printify's answer and our write, or a timeout whose request did get through, never
 * orders the prize twice.
 */

/** Long enough for the few HTTP calls of one order (each times out after 20 s). */
export const LEASE_MS = 5 * 60 * 1000;
/** After a failed send or poll. */
export const RETRY_AFTER_MS = 10 * 60 * 1000;
/** Webhooks normally keep orders fresh; an order without news for this long is read from Printify. */
export const POLL_AFTER_MS = 30 * 60 * 1000;
const BATCH = 20;

export interface FulfilmentSummary {
  mode: "printify" | "manual";
  sent: number;
  adopted: number;
  failed: number;
  polled: number;
}

export async function runFulfilmentJobs(now: Date = new Date()): Promise<FulfilmentSummary> {
  const summary: FulfilmentSummary = { mode: printifyEnabled() ? "printify" : "manual", sent: 0, adopted: 0, failed: 0, polled: 0 };
  if (summary.mode === "manual") return summary;
  await sendClaimedOrders(now, summary);
  await pollOverdueOrders(now, summary);
  return summary;
}

const leaseFree = (now: Date) => [{ syncLeaseUntil: null }, { syncLeaseUntil: { lt: now } }];

/**
 * One conditional update: the lease is ours only if nobody changed it since we read it. It runs
 * from the moment it is taken (not from the start of the pass), so an order reached late in a slow
 * pass is still ours for the whole LEASE_MS.
 */
async function takeLease(id: string, seen: Date | null, where: { status: { in: string[] } | string }, now: Date): Promise<boolean> {
  const taken = await prisma.order.updateMany({
    where: { id, ...where, syncLeaseUntil: seen },
    data: { syncLeaseUntil: leaseUntil(now, LEASE_MS) },
  });
  return taken.count === 1;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

// ---------------------------------------------------------------------------------------------
// Sending

const SENDABLE = {
  // Only printed prizes go to Printify; a brand's own gift never does (decision 050).
  kind: "merch",
  status: OrderStatus.pending,
  printifyOrderId: null,
  shipName: { not: null },
  shipLine1: { not: null },
  shipCity: { not: null },
  shipCountry: { not: null },
} as const;

async function sendClaimedOrders(now: Date, summary: FulfilmentSummary): Promise<void> {
  const candidates = await prisma.order.findMany({
    where: { ...SENDABLE, OR: leaseFree(now) },
    select: { id: true, syncLeaseUntil: true },
    orderBy: { createdAt: "asc" },
    take: BATCH,
  });
  for (const candidate of candidates) {
    if (!(await takeLease(candidate.id, candidate.syncLeaseUntil, { status: OrderStatus.pending }, now))) continue;
    const outcome = await sendOrder(candidate.id, candidate.syncLeaseUntil !== null, now);
    summary[outcome] += 1;
  }
}

async function sendOrder(orderId: string, mayExist: boolean, now: Date): Promise<"sent" | "adopted" | "failed"> {
  try {
    if (mayExist) {
      const existing = await findPrintifyOrderByExternalId(orderId);
      if (existing) {
        await recordSubmission(orderId, existing.id, existing, now);
        return "adopted";
      }
    }
    const order = await prisma.order.findUniqueOrThrow({
      where: { id: orderId },
      include: {
        campaign: { select: { title: true, productType: true, finalDesignUrl: true, customDesignUrl: true, selectedAiDesignId: true } },
      },
    });
    const payload = buildPrintifyOrder(order, order.campaign, await printFileUrl(order.campaign));
    let created: { id: string };
    try {
      created = await createPrintifyOrder(payload);
    } catch (error) {
      if (!(error instanceof PrintifyApiError && error.isDuplicateExternalId)) throw error;
      const existing = await findPrintifyOrderByExternalId(orderId);
      if (!existing) throw error;
      await recordSubmission(orderId, existing.id, existing, now);
      return "adopted";
    }
    await recordSubmission(orderId, created.id, null, now);
    return "sent";
  } catch (error) {
    // Printify's refusals and gaps in the catalogue mapping are expected news: one line, no stack.
    if (error instanceof PrintifyApiError || error instanceof PrintifyMappingError)
      log.error(`[fulfilment] order ${orderId} not sent: ${errorText(error)}`);
    else log.error({ err: error }, `[fulfilment] sending order ${orderId} to Printify failed`);
    // Stays pending; the lease becomes the retry time, and marks that this attempt may have reached Printify.
    await prisma.order.updateMany({
      where: { id: orderId, status: OrderStatus.pending, printifyOrderId: null },
      data: { lastError: errorText(error), syncLeaseUntil: new Date(now.getTime() + RETRY_AFTER_MS) },
    });
    return "failed";
  }
}

/**
 * The design Printify prints, as an absolute URL it can download: an AI design's full-resolution
 * print file when the campaign uses one, otherwise the campaign's final design (an upload).
 */
async function printFileUrl(campaign: {
  finalDesignUrl: string | null;
  customDesignUrl: string | null;
  selectedAiDesignId: string | null;
}) {
  let url = campaign.finalDesignUrl || campaign.customDesignUrl;
  if (campaign.selectedAiDesignId) {
    const design = await prisma.aiDesign.findUnique({
      where: { id: campaign.selectedAiDesignId },
      select: { printUrl: true, imageUrl: true },
    });
    url = design?.printUrl || url || design?.imageUrl || null;
  }
  if (!url) throw new Error("The campaign has no design to print.");
  return /^https?:\/\//i.test(url) ? url : publicUrl(url);
}

async function recordSubmission(orderId: string, printifyOrderId: string, known: PrintifyOrder | null, now: Date): Promise<void> {
  const providerStatus = known?.status || null;
  const submitted = await prisma.order.updateMany({
    where: { id: orderId, status: OrderStatus.pending },
    data: {
      status: OrderStatus.submitted,
      printifyOrderId,
      providerStatus,
      submittedAt: now,
      lastSyncedAt: now,
      lastError: null,
      syncLeaseUntil: null,
    },
  });
  if (submitted.count !== 1) {
    // An admin settled it meanwhile (fulfilled or shipped by hand): keep their status, remember Printify's order.
    await prisma.order.updateMany({
      where: { id: orderId, printifyOrderId: null },
      data: { printifyOrderId, providerStatus, syncLeaseUntil: null },
    });
  }
  // An adopted order may already be further along than "submitted".
  if (known) await applyProviderUpdate(orderId, updateFromPrintifyOrder(known), now);
}

// ---------------------------------------------------------------------------------------------
// Polling: the fallback when webhooks do not arrive

const FOLLOWED = [OrderStatus.submitted, OrderStatus.fulfilled, OrderStatus.shipped];
/** A shipped order is followed for its delivery (decision 052) this long; carriers rarely take longer, and some never report it. */
export const FOLLOW_DELIVERY_MS = 45 * 24 * 60 * 60 * 1000;

async function pollOverdueOrders(now: Date, summary: FulfilmentSummary): Promise<void> {
  const staleBefore = new Date(now.getTime() - POLL_AFTER_MS);
  const candidates = await prisma.order.findMany({
    where: {
      OR: [
        { status: { in: [OrderStatus.submitted, OrderStatus.fulfilled] } },
        { status: OrderStatus.shipped, shippedAt: { gt: new Date(now.getTime() - FOLLOW_DELIVERY_MS) } },
      ],
      printifyOrderId: { not: null },
      AND: [{ OR: [{ lastSyncedAt: null }, { lastSyncedAt: { lt: staleBefore } }] }, { OR: leaseFree(now) }],
    },
    select: { id: true, printifyOrderId: true, syncLeaseUntil: true },
    orderBy: { lastSyncedAt: { sort: "asc", nulls: "first" } },
    take: BATCH,
  });
  for (const candidate of candidates) {
    if (!candidate.printifyOrderId) continue;
    if (!(await takeLease(candidate.id, candidate.syncLeaseUntil, { status: { in: FOLLOWED } }, now))) continue;
    try {
      const order = await getPrintifyOrder(candidate.printifyOrderId);
      await applyProviderUpdate(candidate.id, updateFromPrintifyOrder(order), now);
      await prisma.order.updateMany({ where: { id: candidate.id }, data: { syncLeaseUntil: null } });
      summary.polled += 1;
    } catch (error) {
      log.error({ err: error }, `[fulfilment] polling order ${candidate.id} (Printify ${candidate.printifyOrderId}) failed`);
      await prisma.order.updateMany({
        where: { id: candidate.id },
        data: { lastError: errorText(error), syncLeaseUntil: new Date(now.getTime() + RETRY_AFTER_MS) },
      });
      summary.failed += 1;
    }
  }
}
