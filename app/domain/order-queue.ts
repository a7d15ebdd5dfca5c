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
  /** The full-size print file (absolute URL; uploads are served publicly so Printify can fetch them), or null when the campaign has no design. */
  printFileUrl: string | null;
  /** The mockup of the winner's colour (absolute URL). */
  mockupUrl: string | null;
  /** Printify's variant id for the winner's choices, from the catalogue mapping (decision 033), or null when it has none. */
  variantId: number | null;
  /** The tracking link (the provider's, or the known carrier's page), or null ("Other"). */
  trackingLink: string | null;
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
  deliveredAt: string | null;
}
