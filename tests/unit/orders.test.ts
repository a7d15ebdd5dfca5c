import { describe, expect, it } from "vitest";
import {
  advanceStatus,
  isShipped,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderStatusLabel,
  SHIP_MESSAGES,
  ShipOrderSchema,
  trackingLink,
  winnerOrderStatusText,
  winnerOrderStep,
} from "~/domain/orders";
import { updateFromEvent, updateFromPrintifyOrder } from "~/domain/printify";

describe("statuses", () => {
  it("only moves forward, whatever order the news arrives in", () => {
    expect(advanceStatus("pending", "submitted")).toBe("submitted");
    expect(advanceStatus("shipped", "submitted")).toBe("shipped");
    expect(advanceStatus("fulfilled", "submitted")).toBe("fulfilled");
    expect(advanceStatus("submitted", "shipped")).toBe("shipped");
    expect(advanceStatus("submitted", "cancelled")).toBe("cancelled");
    expect(advanceStatus("shipped", "cancelled")).toBe("shipped");
    expect(advanceStatus("cancelled", "submitted")).toBe("cancelled");
    expect(advanceStatus("cancelled", "shipped")).toBe("shipped");
    expect(advanceStatus("shipped", "delivered")).toBe("delivered");
    expect(advanceStatus("delivered", "shipped")).toBe("delivered");
    expect(advanceStatus("delivered", "cancelled")).toBe("delivered");
    expect(advanceStatus("cancelled", "delivered")).toBe("delivered");
    for (const status of ORDER_STATUSES) expect(advanceStatus(status, null)).toBe(status);
  });
});

describe("labels", () => {
  it("labels fulfilment as SPEC's order statuses", () => {
    expect(orderStatusLabel(null)).toBe("Not Yet Initiated");
    expect(orderStatusLabel("submitted")).toBe("Submitted");
    expect(orderStatusLabel("fulfilled")).toBe("Fulfilled");
    expect(orderStatusLabel("pending")).toBe("Pending");
    expect(orderStatusLabel("weird")).toBe("Pending");
    expect(isShipped("fulfilled")).toBe(true);
    expect(isShipped("shipped")).toBe(true);
    expect(isShipped("submitted")).toBe(false);
    expect(isShipped(undefined)).toBe(false);
  });

  it("calls each status the same on the creator's dashboard as in the admin queue", () => {
    for (const status of ORDER_STATUSES) expect(orderStatusLabel(status)).toBe(ORDER_STATUS_LABELS[status]);
    expect(orderStatusLabel(undefined)).toBe("Not Yet Initiated");
  });

  it("tells the winner one step: prepared, in production, shipped, delivered or a problem", () => {
    expect(winnerOrderStatusText("pending")).toBe("Being prepared for printing");
    expect(winnerOrderStatusText("weird")).toBe("Being prepared for printing");
    expect(winnerOrderStatusText("submitted")).toBe("Being prepared for printing");
    expect(winnerOrderStatusText("submitted", "in-production")).toBe("In production");
    expect(winnerOrderStatusText("submitted", "sending-to-production")).toBe("In production");
    expect(winnerOrderStatusText("submitted", "on-hold")).toBe("There is a problem with your order; our team will contact you.");
    expect(winnerOrderStatusText("fulfilled")).toBe("In production");
    expect(winnerOrderStatusText("fulfilled", "fulfilled", "pfy-1")).toBe("Shipped");
    expect(winnerOrderStatusText("shipped")).toBe("Shipped");
    expect(winnerOrderStatusText("delivered")).toBe("Delivered");
    expect(winnerOrderStatusText("cancelled")).toBe("There is a problem with your order; our team will contact you.");
    // A re-queued order keeps Printify's old word; pending is pending.
    expect(winnerOrderStep({ status: "pending", providerStatus: "canceled", printifyOrderId: "pfy-1" })).toBe("prepared");
  });
});

describe("Printify's news", () => {
  const event = (type: string, data: Record<string, unknown>) => ({ id: "e", type, resource: { id: "p1", type: "order", data } });
  it("maps in-production, shipments and deliveries", () => {
    expect(updateFromEvent(event("order:updated", { status: "in-production" }))).toEqual({
      providerStatus: "in-production",
      status: "submitted",
      shipment: null,
    });
    const carrier = { code: "usps", tracking_number: "9400 1000", tracking_url: "" };
    expect(updateFromEvent(event("order:shipment:created", { status: "fulfilled", carrier }))).toMatchObject({ status: "shipped" });
    expect(updateFromEvent(event("order:shipment:delivered", { carrier }))).toMatchObject({
      status: "delivered",
      providerStatus: "delivered",
    });
    expect(
      updateFromPrintifyOrder({
        id: "p1",
        status: "fulfilled",
        shipments: [{ carrier: "ups", number: "1Z9", url: null, delivered_at: "2026-01-02" }],
      }),
    ).toMatchObject({ status: "delivered" });
  });
});

describe("the admin's ship form", () => {
  it("needs a known carrier (or Other with a name) and a tracking number of 4–40 letters, digits, spaces and dashes", () => {
    const error = (input: Record<string, string>) =>
      ShipOrderSchema.safeParse(input).error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(error({ carrier: "", trackingNumber: " " })).toEqual([
      ["carrier", SHIP_MESSAGES.carrierRequired],
      ["trackingNumber", SHIP_MESSAGES.trackingRequired],
    ]);
    expect(error({ carrier: "Pigeon", trackingNumber: "1Z999" })).toEqual([["carrier", SHIP_MESSAGES.carrierRequired]]);
    expect(error({ carrier: "UPS", trackingNumber: "1Z9" })).toEqual([["trackingNumber", SHIP_MESSAGES.trackingInvalid]]);
    expect(error({ carrier: "UPS", trackingNumber: "<b>1Z999</b>" })).toEqual([["trackingNumber", SHIP_MESSAGES.trackingInvalid]]);
    expect(error({ carrier: "UPS", trackingNumber: "x".repeat(41) })).toEqual([["trackingNumber", SHIP_MESSAGES.trackingInvalid]]);
    expect(error({ carrier: "Other", carrierOther: "", trackingNumber: "AB-1234" })).toEqual([
      ["carrierOther", SHIP_MESSAGES.carrierOtherRequired],
    ]);
    expect(error({ carrier: "Other", carrierOther: "<script>", trackingNumber: "AB-1234" })).toEqual([
      ["carrierOther", SHIP_MESSAGES.carrierOtherInvalid],
    ]);
    expect(ShipOrderSchema.parse({ carrier: "UPS", trackingNumber: " 1Z 999 AA1-01 2345 6784 " })).toEqual({
      carrier: "UPS",
      trackingNumber: "1Z 999 AA1-01 2345 6784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
    expect(ShipOrderSchema.parse({ carrier: "Other", carrierOther: "Poste Italiane", trackingNumber: "RR123456789IT" })).toEqual({
      carrier: "Poste Italiane",
      trackingNumber: "RR123456789IT",
      trackingUrl: null,
    });
  });

  it("links known carriers (Printify's codes too) and prefers the provider's own link", () => {
    expect(trackingLink({ carrier: "usps", trackingNumber: "9400 1000" })).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000",
    );
    expect(trackingLink({ carrier: "Royal Mail", trackingNumber: "AB123" })).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/AB123",
    );
    expect(trackingLink({ carrier: "Poste Italiane", trackingNumber: "RR1" })).toBeNull();
    expect(trackingLink({ carrier: "dhl", trackingNumber: "1", trackingUrl: "https://track.example/1" })).toBe("https://track.example/1");
    expect(trackingLink({ carrier: "dhl", trackingNumber: "1", trackingUrl: "javascript:alert(1)" })).toContain("https://www.dhl.com/");
  });
});
