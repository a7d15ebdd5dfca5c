import { describe, expect, it } from "vitest";
import { CARRIERS, SHIP_MESSAGES, ShipOrderSchema, trackingNumberProblem } from "~/domain/orders";

/**
 * Each carrier's tracking numbers have the shapes the carrier publishes (decision 069). Examples are
 * real-format numbers: the carriers' own specimen numbers and labels' layouts.
 */
const VALID: Record<string, string[]> = {
  USPS: [
    "9400 1000 0000 0000 0000 00", // USPS Tracking (IMpb, 22 digits)
    "9205 5000 0000 0000 0000 00", // Priority Mail
    "9270 1000 0000 0000 0000 00", // Priority Mail Express
    "7019 0140 0000 1234 5678", // Certified Mail, 20 digits
    "420 94105 9400 1000 0000 0000 0000 00", // as scanned: 420 + ZIP + the 22 digits
    "4209410512349400100000000000000000", // 420 + ZIP+4 + the 22 digits
    "82 000 000 00", // Global Express Guaranteed
    "EA 123 456 785 US", // Priority Mail Express International (S10)
    "cp123456785us",
  ],
  UPS: ["1Z 999 AA1 01 2345 6784", "1Z12345E0205271688", "T1234567890", "MI123456ABC123456789", "9274899992136003821767"],
  FedEx: ["1234 5678 9012", "123456789012345", "61299995669352455464", "9261292700000000000000", "DT123456789012"],
  DHL: [
    "1234567890",
    "JJD0099999999",
    "JJD000390007882403573",
    "JVGL9999999999",
    "3SBCC000123456",
    "GM2951173225174494",
    "LX123456789DE",
    "00340434161094042557",
  ],
  "Royal Mail": ["AB 123 456 785 GB", "TT123456785GB"],
  "Canada Post": ["0073 9380 0054 9297", "123456789012", "EE 123 456 785 CA"],
  "Australia Post": ["33ABC123456789", "JDQ012345678901", "RR 123 456 785 AU"],
};

const INVALID: Record<string, string[]> = {
  USPS: ["1Z999AA10123456784", "9400 1112 0200 8291", "EA123456785GB", "1234567890"],
  UPS: ["9400 1000 0000 0000 0000 00".slice(0, 12), "1Z999AA1", "EA123456785US", "T12345"],
  FedEx: ["1Z999AA10123456784", "12345678901", "EA123456785US"],
  DHL: ["1Z999AA10123456784", "123456789"],
  "Royal Mail": ["1Z999AA10123456784", "AB12345678GB", "AB123456785US"],
  "Canada Post": ["1Z999AA10123456784", "12345678901234", "EE123456785US"],
  "Australia Post": ["ABCDEFGHIJKL", "RR123456785US", "1Z999AA10123456784", "123456789"],
};

describe("tracking numbers by carrier", () => {
  it("covers every carrier the admin can choose", () => {
    expect(Object.keys(VALID).sort()).toEqual(CARRIERS.map((c) => c.name).sort());
    expect(Object.keys(INVALID).sort()).toEqual(CARRIERS.map((c) => c.name).sort());
  });

  for (const carrier of CARRIERS) {
    it(`${carrier.name}: accepts its own formats`, () => {
      for (const number of VALID[carrier.name] ?? []) expect(trackingNumberProblem(carrier.name, number), number).toBeNull();
    });
    it(`${carrier.name}: refuses other shapes, naming the format it expects`, () => {
      for (const number of INVALID[carrier.name] ?? []) {
        expect(trackingNumberProblem(carrier.name, number), number).toBe(
          `This does not look like a tracking number from ${carrier.name}. ${carrier.expected}`,
        );
      }
    });
  }

  it("refuses a UPS 1Z number marked as USPS, in the ship form, with a message naming USPS's format", () => {
    const parsed = ShipOrderSchema.safeParse({ carrier: "USPS", trackingNumber: "1Z999AA10123456784" });
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      [
        "trackingNumber",
        "This does not look like a tracking number from USPS. USPS tracking numbers are 20 or 22 digits (e.g. 9400 1000 0000 0000 0000 00), or 2 letters, 9 digits and US (e.g. EA 123 456 785 US).",
      ],
    ]);
    expect(ShipOrderSchema.parse({ carrier: "UPS", trackingNumber: " 1Z 999 AA1 01 2345 6784 " })).toEqual({
      carrier: "UPS",
      trackingNumber: "1Z 999 AA1 01 2345 6784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
  });

  it("keeps Other open to any number of the general shape, and the general shape first", () => {
    expect(ShipOrderSchema.safeParse({ carrier: "Other", carrierOther: "Poste Italiane", trackingNumber: "RR123456789IT" }).success).toBe(
      true,
    );
    expect(ShipOrderSchema.safeParse({ carrier: "USPS", trackingNumber: "<b>1Z</b>" }).error?.issues.map((i) => i.message)).toEqual([
      SHIP_MESSAGES.trackingInvalid,
    ]);
  });
});
