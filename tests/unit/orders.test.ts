import { describe, expect, it } from "vitest";
import {
  advanceStatus,
  isShipped,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderStatusLabel,
  SHIP_MESSAGES,
  ShipOrderSchema,
  winnerOrderStatusText,
} from "~/domain/orders";

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

  it("tells the winner where the prize is, and that a cancelled order has a problem", () => {
    expect(winnerOrderStatusText("submitted")).toBe("Submitted to our print partner");
    expect(winnerOrderStatusText("fulfilled")).toBe("Printed, about to ship");
    expect(winnerOrderStatusText("shipped")).toBe("Shipped");
    expect(winnerOrderStatusText("cancelled")).toBe("There is a problem with your order; our team will contact you.");
    expect(winnerOrderStatusText("pending")).toBe("Pending: being prepared for printing");
    expect(winnerOrderStatusText("weird")).toBe("Pending: being prepared for printing");
  });
});

describe("the admin's ship form", () => {
  it("needs a tracking number; carrier and URL are optional, the URL http(s) only", () => {
    expect(ShipOrderSchema.safeParse({ trackingNumber: " ", carrier: "", trackingUrl: "" }).error?.issues[0]?.message).toBe(
      SHIP_MESSAGES.trackingRequired,
    );
    expect(ShipOrderSchema.safeParse({ trackingNumber: "1Z999", trackingUrl: "javascript:alert(1)" }).error?.issues[0]?.message).toBe(
      SHIP_MESSAGES.urlInvalid,
    );
    expect(ShipOrderSchema.parse({ trackingNumber: " 1Z999 ", carrier: "", trackingUrl: "" })).toEqual({
      trackingNumber: "1Z999",
      carrier: null,
      trackingUrl: null,
    });
    expect(ShipOrderSchema.parse({ trackingNumber: "1Z999", carrier: "UPS", trackingUrl: "https://ups.example/t?n=1Z999" })).toEqual({
      trackingNumber: "1Z999",
      carrier: "UPS",
      trackingUrl: "https://ups.example/t?n=1Z999",
    });
  });
});
