import { z } from "zod";

/**
 * Prize orders (decision 014): their statuses and how they move, the shape of a claimed prize's
 * order, what a fulfilment provider reports about one, and the admin's marking one shipped.
 * Nothing here is Printify's: its catalogue, the order it takes and its words for our statuses
 * live beside this, in domain/printify. Orders are written in app/server/fulfilment/.
 */

// ---------------------------------------------------------------------------------------------
// Statuses (SPEC "Order statuses": submitted, fulfilled, others shown as pending)

/** Order.status values, in fulfilment order. */
export const ORDER_STATUSES = ["pending", "submitted", "fulfilled", "shipped", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  submitted: "Submitted",
  fulfilled: "Fulfilled",
  shipped: "Shipped",
  cancelled: "Cancelled",
};

/** The creator's dashboard: a prize without an order yet is "Not Yet Initiated"; a status we do not know reads as pending. */
export function orderStatusLabel(status: string | null | undefined): string {
  if (status === null || status === undefined) return "Not Yet Initiated";
  return ORDER_STATUS_LABELS[isOrderStatus(status) ? status : "pending"];
}

/**
 * What the winner's claim page says: SPEC "Order statuses" (submitted, fulfilled, shipped), anything
 * else as pending, except a cancelled order: it is not being prepared, so the winner is told so (an
 * admin re-queues or ships it).
 */
export function winnerOrderStatusText(status: string): string {
  switch (status) {
    case "submitted":
      return "Submitted to our print partner";
    case "fulfilled":
      return "Printed, about to ship";
    case "shipped":
      return "Shipped";
    case "cancelled":
      return "There is a problem with your order; our team will contact you.";
    default:
      return "Pending: being prepared for printing";
  }
}

/** SPEC: "Shipped is true when status is fulfilled or shipped". */
export function isShipped(status: string | null | undefined): boolean {
  return status === "fulfilled" || status === "shipped";
}

const PROGRESS: Record<OrderStatus, number> = { pending: 0, submitted: 1, fulfilled: 2, shipped: 3, cancelled: -1 };

/**
 * Where an order goes when news arrives. Webhooks come in any order and are retried, so an order
 * only ever moves forward (pending → submitted → fulfilled → shipped); a cancellation stops one
 * that has not left the printer, and nothing moves a cancelled order but a shipment.
 */
export function advanceStatus(current: OrderStatus, incoming: OrderStatus | null): OrderStatus {
  if (!incoming || incoming === current) return current;
  if (incoming === "cancelled") return isShipped(current) ? current : "cancelled";
  if (current === "cancelled") return incoming === "shipped" ? "shipped" : current;
  return PROGRESS[incoming] > PROGRESS[current] ? incoming : current;
}

// ---------------------------------------------------------------------------------------------
// The order and what its provider reports

/** A claimed prize's order, as the fulfilment provider gets it. */
export interface PrizeOrder {
  /** Our Order.id: sent to the provider (Printify's external_id), so a retried send can be recognised. */
  id: string;
  prizeRank: number;
  winnerEmail: string;
  size: string | null;
  style: string | null;
  color: string | null;
  shipName: string | null;
  shipLine1: string | null;
  shipLine2: string | null;
  shipCity: string | null;
  shipRegion: string | null;
  shipPostalCode: string | null;
  shipCountry: string | null;
  shipPhone: string | null;
}

export interface Shipment {
  carrier: string | null;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** A tracking link we may put in an email or a page: http(s) only. */
export function safeTrackingUrl(value: unknown): string | null {
  if (typeof value !== "string" || !value.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** What the fulfilment provider reports about an order: its own status word, ours, and a shipment. */
export interface ProviderUpdate {
  providerStatus: string | null;
  status: OrderStatus | null;
  shipment: Shipment | null;
}

// ---------------------------------------------------------------------------------------------
// The admin's manual queue: marking an order shipped

export const SHIP_MESSAGES = {
  trackingRequired: "Tracking number is required.",
  trackingMax: "Tracking number must be at most 100 characters.",
  carrierMax: "Carrier must be at most 60 characters.",
  urlInvalid: "Tracking URL must be a web address starting with http:// or https://.",
} as const;

export const ShipOrderSchema = z.object({
  trackingNumber: z
    .string({ error: SHIP_MESSAGES.trackingRequired })
    .trim()
    .min(1, SHIP_MESSAGES.trackingRequired)
    .max(100, SHIP_MESSAGES.trackingMax),
  carrier: z
    .string()
    .trim()
    .max(60, SHIP_MESSAGES.carrierMax)
    .optional()
    .transform((value) => value || null),
  trackingUrl: z
    .string()
    .trim()
    .max(500, SHIP_MESSAGES.urlInvalid)
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || safeTrackingUrl(value) !== null, SHIP_MESSAGES.urlInvalid)
    .transform((value) => (value === null ? null : safeTrackingUrl(value))),
});
export type ShipOrderInput = z.output<typeof ShipOrderSchema>;
