import type { OrderStatus, PrizeOrder } from "./orders";

/** A queue row: the order as Printify would get it (PrizeOrder), plus what the admin needs to see. */
export interface QueueOrder extends PrizeOrder {
  campaignId: string;
  campaignTitle: string;
  productType: string;
  /** "Grand prize", or "2nd prize: {title}". */
  prize: string;
  status: OrderStatus;
  /** The colour's name ("Heather Gray"), or the stored key when unknown. */
  color: string | null;
  printifyOrderId: string | null;
  providerStatus: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  carrier: string | null;
  lastError: string | null;
  claimedAt: string;
  submittedAt: string | null;
  fulfilledAt: string | null;
  shippedAt: string | null;
}
