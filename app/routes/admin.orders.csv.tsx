import { ADMIN_LOAD_ERRORS } from "~/domain/admin-load-errors";
import { countryName } from "~/domain/claims";
import { csvRow } from "~/domain/csv";
import { isOrderStatus, ORDER_STATUS_LABELS } from "~/domain/orders";
import { allQueueOrders } from "~/server/fulfilment/orders.server";
import type { Route } from "./+types/admin.orders.csv";
import { log } from "~/server/core/log.server";

const HEADER = [
  "Order ID",
  "Campaign",
  "Prize",
  "Winner email",
  "Status",
  "Product",
  "Printify variant ID",
  "Print file",
  "Mockup",
  "Size",
  "Style",
  "Colour",
  "Name",
  "Address line 1",
  "Address line 2",
  "City",
  "State / region",
  "Postal code",
  "Country",
  "Phone",
  "Printify order ID",
  "Printify status",
  "Carrier",
  "Tracking number",
  "Tracking link",
  "Claimed at",
  "Submitted at",
  "Fulfilled at",
  "Shipped at",
  "Delivered at",
] as const;

/** The manual queue as CSV (admins only), with the page's status filter: what a print shop needs to make and send each prize. */
export async function loader({ request }: Route.LoaderArgs) {
  const status = new URL(request.url).searchParams.get("status");
  let orders;
  try {
    orders = await allQueueOrders(isOrderStatus(status) ? status : undefined);
  } catch (error) {
    log.error({ err: error }, "admin: exporting orders failed");
    return new Response(ADMIN_LOAD_ERRORS.orders, {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const rows = orders.map((o) => [
    o.id,
    o.campaignTitle,
    o.prize,
    o.winnerEmail,
    ORDER_STATUS_LABELS[o.status],
    o.productType,
    o.variantId === null ? "" : String(o.variantId),
    o.printFileUrl,
    o.mockupUrl,
    o.size,
    o.style,
    o.color,
    o.shipName,
    o.shipLine1,
    o.shipLine2,
    o.shipCity,
    o.shipRegion,
    o.shipPostalCode,
    o.shipCountry ? `${countryName(o.shipCountry)} (${o.shipCountry})` : "",
    o.shipPhone,
    o.printifyOrderId,
    o.providerStatus,
    o.carrier,
    o.trackingNumber,
    o.trackingLink,
    o.claimedAt,
    o.submittedAt,
    o.fulfilledAt,
    o.shippedAt,
    o.deliveredAt,
  ]);
  const day = new Date().toISOString().slice(0, 10);
  // Quoting and formula-injection safety: domain/csv. The byte-order mark makes Excel read the UTF-8 (accented names) as UTF-8.
  const body = `\uFEFF${csvRow(HEADER)}${rows.map(csvRow).join("")}`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="giveawear-orders${isOrderStatus(status) ? `-${status}` : ""}-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
