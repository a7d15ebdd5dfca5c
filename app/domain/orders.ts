import { z } from "zod";

/**
 * Prize orders (decision 014): their statuses and how they move, the shape of a claimed prize's
 * order, what a fulfilment provider reports about one, and the admin's marking one shipped.
 * Nothing here is Printify's: its catalogue, the order it takes and its words for our statuses
 * live beside this, in domain/printify. Orders are written in app/server/fulfilment/.
 */

// ---------------------------------------------------------------------------------------------
// Statuses (SPEC "Order statuses": submitted, fulfilled, others shown as pending)

/**
 * Order.status: the one place its values are spelled out. The column is a plain string, so code
 * compares and writes these names (`OrderStatus.shipped`), never the bare words.
 */
export const OrderStatus = {
  pending: "pending",
  submitted: "submitted",
  fulfilled: "fulfilled",
  shipped: "shipped",
  delivered: "delivered",
  cancelled: "cancelled",
} as const;

export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Every status, in fulfilment order. */
export const ORDER_STATUSES = [
  OrderStatus.pending,
  OrderStatus.submitted,
  OrderStatus.fulfilled,
  OrderStatus.shipped,
  OrderStatus.delivered,
  OrderStatus.cancelled,
] as const satisfies readonly OrderStatus[];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  submitted: "Submitted",
  fulfilled: "Fulfilled",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The creator's dashboard: a prize without an order yet is "Not Yet Initiated"; a status we do not know reads as pending. */
export function orderStatusLabel(status: string | null | undefined): string {
  if (status === null || status === undefined) return "Not Yet Initiated";
  return ORDER_STATUS_LABELS[isOrderStatus(status) ? status : OrderStatus.pending];
}

// ---------------------------------------------------------------------------------------------
// What the winner is told (decision 052): one step, never two that contradict each other

/** The winner's view of an order, in order; "problem" stands beside them (cancelled, on hold). */
export const WINNER_STEPS = ["prepared", "production", "shipped", "delivered", "problem"] as const;
export type WinnerStep = (typeof WINNER_STEPS)[number];

export const WINNER_STEP_TEXT: Record<WinnerStep, string> = {
  prepared: "Being prepared for printing",
  production: "In production",
  shipped: "Shipped",
  delivered: "Delivered",
  problem: "There is a problem with your order; our team will contact you.",
};

/** Printify's words for an order it is making (anything after "we sent it", before it ships). */
const PROVIDER_IN_PRODUCTION = new Set([
  "sending-to-production",
  "in-production",
  "ready-for-production",
  "checking-quality",
  "quality-approved",
  "partially-fulfilled",
  "callback-received",
]);
/** Printify's words for an order that is stuck: the winner is told there is a problem. */
const PROVIDER_PROBLEM = new Set(["on-hold", "has-issues", "payment-not-received", "quality-declined", "canceled", "cancelled"]);

/** The facts of an order the winner's step is read from. */
export interface WinnerOrderFacts {
  status: string;
  providerStatus?: string | null;
  printifyOrderId?: string | null;
}

/**
 * The winner's step: pending is being prepared; a submitted order follows Printify's own word
 * (in production, or a problem when on hold or with issues); fulfilled is in production when made by
 * hand (printed and packed, not yet handed to the carrier) and shipped when Printify says so
 * (Printify's "fulfilled" means it left the printer); shipped, delivered; cancelled is a problem.
 */
export function winnerOrderStep(order: WinnerOrderFacts): WinnerStep {
  const provider = (order.providerStatus ?? "").toLowerCase();
  switch (order.status) {
    case OrderStatus.delivered:
      return "delivered";
    case OrderStatus.shipped:
      return "shipped";
    case OrderStatus.cancelled:
      return "problem";
    case OrderStatus.fulfilled:
      return order.printifyOrderId ? "shipped" : "production";
    case OrderStatus.submitted:
      if (PROVIDER_PROBLEM.has(provider)) return "problem";
      return PROVIDER_IN_PRODUCTION.has(provider) ? "production" : "prepared";
    default:
      return "prepared";
  }
}

/** A prize tier as the queue, its CSV and the public timeline name it: "Grand prize", "2nd prize", "3rd prize". */
export function prizeRankLabel(rank: number): string {
  return PRIZE_RANK_LABELS[rank] ?? `Prize ${rank}`;
}

const PRIZE_RANK_LABELS: Record<number, string> = { 1: "Grand prize", 2: "2nd prize", 3: "3rd prize" };

/** An order's postal address, as Prisma selects it: the print queue and the creator's gift panel read all of it. */
export const SHIP_ADDRESS_FIELDS = {
  shipName: true,
  shipLine1: true,
  shipLine2: true,
  shipCity: true,
  shipRegion: true,
  shipPostalCode: true,
  shipCountry: true,
  shipPhone: true,
} as const;

/** The order's fields the winner's progress is read from (a Prisma select). */
export const WINNER_ORDER_FIELDS = {
  status: true,
  providerStatus: true,
  printifyOrderId: true,
  carrier: true,
  trackingNumber: true,
  trackingUrl: true,
  shippedAt: true,
  deliveredAt: true,
} as const;

/** What the claim page shows of the order's progress: one step, and once shipped the carrier, number and link. */
export interface WinnerOrderProgress {
  step: WinnerStep;
  text: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingLink: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
}

export function winnerOrderProgress(order: {
  status: string;
  providerStatus: string | null;
  printifyOrderId: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
}): WinnerOrderProgress {
  const step = winnerOrderStep(order);
  const onItsWay = step === "shipped" || step === "delivered";
  return {
    step,
    text: WINNER_STEP_TEXT[step],
    carrier: onItsWay ? carrierName(order.carrier) : null,
    trackingNumber: onItsWay ? order.trackingNumber : null,
    trackingLink: onItsWay ? trackingLink(order) : null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
  };
}

/** What the winner's claim page says about the order (see winnerOrderStep). */
export function winnerOrderStatusText(status: string, providerStatus: string | null = null, printifyOrderId: string | null = null): string {
  return WINNER_STEP_TEXT[winnerOrderStep({ status, providerStatus, printifyOrderId })];
}

/** SPEC: "Shipped is true when status is fulfilled or shipped" (and, since decision 052, delivered). */
export function isShipped(status: string | null | undefined): boolean {
  return status === OrderStatus.fulfilled || status === OrderStatus.shipped || status === OrderStatus.delivered;
}

const PROGRESS: Record<OrderStatus, number> = { pending: 0, submitted: 1, fulfilled: 2, shipped: 3, delivered: 4, cancelled: -1 };

/**
 * Where an order goes when news arrives. Webhooks come in any order and are retried, so an order
 * only ever moves forward (pending → submitted → fulfilled → shipped → delivered); a cancellation
 * stops one that has not left the printer, and nothing moves a cancelled order but a shipment or a
 * delivery.
 */
export function advanceStatus(current: OrderStatus, incoming: OrderStatus | null): OrderStatus {
  if (!incoming || incoming === current) return current;
  if (incoming === OrderStatus.cancelled) return isShipped(current) ? current : OrderStatus.cancelled;
  if (current === OrderStatus.cancelled) return incoming === OrderStatus.shipped || incoming === OrderStatus.delivered ? incoming : current;
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
// Carriers and tracking links (decision 052)

export interface Carrier {
  name: string;
  /** Printify's carrier codes and other spellings that mean this carrier (compared lower-case, letters and digits only). */
  aliases: readonly string[];
  /** The carrier's public tracking page for a number. */
  url: (number: string) => string;
  /**
   * The shapes of the carrier's own tracking numbers, as it publishes them, matched against the
   * number upper-cased without spaces and dashes (decision 069): a UPS "1Z…" number is not a USPS one.
   */
  formats: readonly RegExp[];
  /** What the admin is told a number of this carrier looks like, with a real-format example. */
  expected: string;
}

/** The Universal Postal Union's S10 item id: 2 letters, 8 digits and a check digit, then the issuing post's country. */
const s10 = (country: string) => new RegExp(`^[A-Z]{2}\\d{9}${country}$`);

/** Carriers whose tracking page we can link to. Anything else is "Other": shown, never linked. */
export const CARRIERS: readonly Carrier[] = [
  {
    name: "USPS",
    aliases: ["usps", "unitedstatespostalservice"],
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
    // Intelligent Mail package barcodes (22 digits, 20 for older labels such as Certified Mail), also
    // as scanned with the "420" + ZIP (or ZIP+4) routing prefix; Global Express Guaranteed (82 and 8
    // digits); international items (S10 ending US).
    formats: [/^(420\d{5}(\d{4})?)?(\d{20}|\d{22})$/, /^82\d{8}$/, s10("US")],
    expected:
      "USPS tracking numbers are 20 or 22 digits (e.g. 9400 1000 0000 0000 0000 00), or 2 letters, 9 digits and US (e.g. EA 123 456 785 US).",
  },
  {
    name: "UPS",
    aliases: ["ups", "upsmailinnovations"],
    url: (n) => `https://www.ups.com/track?tracknum=${n}`,
    // 1Z and 16 letters or digits; T and 10 digits (waybill); Mail Innovations: MI, the 6-digit
    // customer number and the shipper's id, its 18-digit sequence number, or the USPS number it carries.
    formats: [/^1Z[0-9A-Z]{16}$/, /^T\d{10}$/, /^MI\d{6}[0-9A-Z]{1,22}$/, /^\d{18}$/, /^\d{22,34}$/],
    expected: "UPS tracking numbers are 1Z and 16 letters or digits (e.g. 1Z 999 AA1 01 2345 6784), or T and 10 digits.",
  },
  {
    name: "FedEx",
    aliases: ["fedex", "fedexground", "fedexsmartpost"],
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
    // Express 12 digits, Ground 15, SmartPost/Ground Economy 20 or 22, the Ground barcode's 34; door tags DT and 12 digits.
    formats: [/^(\d{12}|\d{15}|\d{20}|\d{22}|\d{34})$/, /^DT\d{12}$/],
    expected: "FedEx tracking numbers are 12, 15, 20 or 22 digits (e.g. 1234 5678 9012).",
  },
  {
    name: "DHL",
    aliases: ["dhl", "dhlexpress", "dhlecommerce", "dhlglobalmail", "dhlpaket"],
    url: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
    // DHL's own list: Express 10 digits, or starting 000, JJD00, JJD01 or JVGL; Parcel 3S, JVGL or JJD;
    // eCommerce up to five letters (GM, LX, RX…) then digits, 10 to 39 characters, or an S10 id; Paket 12 or 20 digits.
    formats: [/^\d{10}$/, /^(000|JJD|JVGL|3S)[0-9A-Z]{6,36}$/, /^(?=.{10,39}$)[A-Z]{0,5}\d+$/, /^[A-Z]{2}\d{9}[A-Z]{2}$/],
    expected:
      "DHL tracking numbers are 10 digits (Express, e.g. 1234567890), or start with JJD, JVGL, 3S, GM, LX or RX (e.g. JJD0099999999, GM2951173225174494).",
  },
  {
    name: "Royal Mail",
    aliases: ["royalmail"],
    url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
    formats: [s10("GB")],
    expected: "Royal Mail tracking numbers are 2 letters, 9 digits and GB (e.g. AB 123 456 785 GB).",
  },
  {
    name: "Canada Post",
    aliases: ["canadapost", "postescanada"],
    url: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
    formats: [/^(\d{12}|\d{16})$/, s10("CA")],
    expected: "Canada Post tracking numbers are 16 digits (e.g. 0073 9380 0054 9297), 12 digits, or 2 letters, 9 digits and CA.",
  },
  {
    name: "Australia Post",
    aliases: ["australiapost", "auspost"],
    url: (n) => `https://auspost.com.au/mypost/track/details/${n}`,
    // Domestic article ids are 10 to 23 letters and digits, often starting with letters (but not another
    // post's S10 id or a UPS 1Z number); international items S10 ending AU.
    formats: [/^(?![A-Z]{2}\d{9}[A-Z]{2}$)(?!1Z[0-9A-Z]{16}$)(?=[A-Z0-9]*\d)[A-Z0-9]{10,23}$/, s10("AU")],
    expected: "Australia Post tracking numbers are 10 to 23 letters and digits (e.g. 33ABC123456789), or 2 letters, 9 digits and AU.",
  },
];

export const OTHER_CARRIER = "Other";

const carrierKey = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The known carrier a name (ours, or Printify's code such as "usps") stands for. */
export function findCarrier(name: string | null | undefined): Carrier | null {
  const key = carrierKey(name ?? "");
  if (!key) return null;
  return CARRIERS.find((carrier) => carrierKey(carrier.name) === key || carrier.aliases.includes(key)) ?? null;
}

/**
 * The tracking link shown to the winner and the admin: the provider's own link when it gave one
 * (Printify's tracking_url), else the known carrier's tracking page, else none ("Other").
 */
export function trackingLink(order: { carrier: string | null; trackingNumber: string | null; trackingUrl?: string | null }): string | null {
  const given = safeTrackingUrl(order.trackingUrl);
  if (given) return given;
  const carrier = findCarrier(order.carrier);
  // Labels group a number with spaces or dashes; carriers' pages take it without them.
  const number = (order.trackingNumber ?? "").replace(/[\s-]+/g, "");
  return carrier && number ? carrier.url(encodeURIComponent(number)) : null;
}

/** A carrier's name as shown: a known carrier by its own spelling ("usps" → "USPS"), anything else as given. */
export function carrierName(name: string | null | undefined): string | null {
  const value = name?.trim();
  if (!value) return null;
  return findCarrier(value)?.name ?? value;
}

// ---------------------------------------------------------------------------------------------
// The admin's manual queue: marking an order shipped

export const SHIP_MESSAGES = {
  carrierRequired: "Choose the carrier.",
  carrierOtherRequired: "Name the carrier.",
  carrierOtherInvalid: "The carrier's name can be 2 to 60 letters, digits, spaces and . & ' ( ) / -.",
  trackingRequired: "Tracking number is required.",
  trackingInvalid: "A tracking number is 4 to 40 letters, digits, spaces and dashes.",
} as const;

/** The number as carriers' formats read it: upper-case, without the spaces and dashes labels group it with. */
export function compactTrackingNumber(number: string): string {
  return number.replace(/[\s-]+/g, "").toUpperCase();
}

/**
 * Why `number` is not one of `carrier`'s tracking numbers ("This does not look like a tracking number
 * from USPS. USPS tracking numbers are 20 or 22 digits…"), or null when its shape is the carrier's (or the carrier
 * is not one we know: "Other" takes any number of the general shape).
 */
export function trackingNumberProblem(carrier: string, number: string): string | null {
  const known = CARRIERS.find((c) => c.name === carrier);
  if (!known) return null;
  const compact = compactTrackingNumber(number);
  return known.formats.some((format) => format.test(compact))
    ? null
    : `This does not look like a tracking number from ${known.name}. ${known.expected}`;
}

export const CARRIER_CHOICES: readonly string[] = [...CARRIERS.map((carrier) => carrier.name), OTHER_CARRIER];

const TRACKING_NUMBER = /^[A-Za-z0-9 -]{4,40}$/;
const CARRIER_OTHER = /^[\p{L}\p{N} .&'()/-]{2,60}$/u;

/**
 * Marking shipped takes a carrier (a known one, or "Other" with its name) and a tracking number;
 * the tracking link is built from the carrier (none for "Other"). Both land in emails and pages,
 * escaped there like every value; the patterns keep them plain anyway.
 */
export const ShipOrderSchema = z
  .object({
    carrier: z
      .string({ error: SHIP_MESSAGES.carrierRequired })
      .trim()
      .refine((value) => CARRIER_CHOICES.includes(value), SHIP_MESSAGES.carrierRequired),
    carrierOther: z.string().trim().optional().default(""),
    trackingNumber: z
      .string({ error: SHIP_MESSAGES.trackingRequired })
      .trim()
      .min(1, { message: SHIP_MESSAGES.trackingRequired, abort: true })
      .regex(TRACKING_NUMBER, SHIP_MESSAGES.trackingInvalid),
  })
  .superRefine((value, ctx) => {
    // A known carrier's number must have that carrier's shape (decision 069); its general shape was checked above.
    if (value.carrier !== OTHER_CARRIER) {
      const problem = TRACKING_NUMBER.test(value.trackingNumber) ? trackingNumberProblem(value.carrier, value.trackingNumber) : null;
      if (problem) ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: problem });
      return;
    }
    if (!value.carrierOther) ctx.addIssue({ code: "custom", path: ["carrierOther"], message: SHIP_MESSAGES.carrierOtherRequired });
    else if (!CARRIER_OTHER.test(value.carrierOther))
      ctx.addIssue({ code: "custom", path: ["carrierOther"], message: SHIP_MESSAGES.carrierOtherInvalid });
  })
  .transform((value): Shipment => {
    const carrier = value.carrier === OTHER_CARRIER ? value.carrierOther.replace(/\s+/g, " ") : value.carrier;
    const trackingNumber = value.trackingNumber.replace(/\s+/g, " ");
    return {
      carrier,
      trackingNumber,
      trackingUrl: trackingLink({ carrier: value.carrier === OTHER_CARRIER ? null : carrier, trackingNumber }),
    };
  });
export type ShipOrderInput = z.output<typeof ShipOrderSchema>;
