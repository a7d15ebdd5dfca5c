/**
 * Entrants' data rights (decision 054), the pure parts: the sealed link to the data page, the consent
 * wordings and their versions, when a campaign counts as fulfilled, and the entrant emails' data line.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CONSENT_WORDINGS,
  CURRENT_CONSENT,
  CURRENT_CONSENT_IDS,
  consentSegments,
  consentWording,
  consentWordingId,
  entryConsentLabels,
  fillConsentWording,
  shownWordingId,
} from "~/domain/consent";
import { campaignFulfilledAt, DATA_LINK_DAYS, erasedPlaceholder, isErasedAddress, retentionDueAt } from "~/domain/data-rights";
import {
  DATA_LINK_FOOTER,
  DEFAULTS_BEFORE_DATA_LINK,
  EMAIL_TEMPLATE_DEFAULTS,
  ENTRANT_EMAIL_TEMPLATES,
} from "~/domain/email-template-defaults";
import { EntrySchema } from "~/domain/entries";
import { PlatformSettingsSchema, retentionDays } from "~/domain/platform-settings";
import { tokensIn } from "~/domain/templates";
import { resetConfigForTests } from "~/server/core/config.server";
import { dataLink, dataLinkToken, readDataLinkToken } from "~/server/core/data-rights-link.server";
import { restoreEnv } from "../helpers/env";

const DAY = 24 * 60 * 60 * 1000;
const saved = { ...process.env };

beforeEach(() => {
  restoreEnv(saved, { SESSION_SECRET: "unit-test-secret-0123456789abcdefghij", APP_URL: "https://giveawear.example" });
  resetConfigForTests();
});
afterEach(() => {
  restoreEnv(saved);
  resetConfigForTests();
});

describe("the link to the data page", () => {
  it("carries the normalised address and its issue time, sealed: the address is not in the URL", () => {
    const issued = new Date("2026-06-01T10:00:00Z");
    const token = dataLinkToken("Jane.Doe+Giveaways@GMail.com", issued);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token.toLowerCase()).not.toContain("jane");
    expect(readDataLinkToken(token, new Date(issued.getTime() + DAY))).toEqual({
      kind: "valid",
      email: "janedoe@gmail.com",
      issuedAt: issued,
      expiresAt: new Date(issued.getTime() + DATA_LINK_DAYS * DAY),
    });
    // A fresh IV each time.
    expect(dataLinkToken("jane@example.com", issued)).not.toBe(dataLinkToken("jane@example.com", issued));
  });

  it(`works for ${DATA_LINK_DAYS} days, then only says whose it was (for a new link to the same address)`, () => {
    const issued = new Date("2026-06-01T10:00:00Z");
    const token = dataLinkToken("fan@example.com", issued);
    expect(readDataLinkToken(token, new Date(issued.getTime() + DATA_LINK_DAYS * DAY - 1000)).kind).toBe("valid");
    expect(readDataLinkToken(token, new Date(issued.getTime() + DATA_LINK_DAYS * DAY))).toEqual({
      kind: "expired",
      email: "fan@example.com",
    });
    // Issued in the future (beyond a minute's clock difference): not ours.
    expect(readDataLinkToken(token, new Date(issued.getTime() - 5 * 60_000))).toEqual({ kind: "invalid" });
  });

  it("refuses a changed token, another secret's token and anything that is not a token", () => {
    const token = dataLinkToken("fan@example.com");
    const flipped = token.slice(0, 20) + (token[20] === "A" ? "B" : "A") + token.slice(21);
    expect(readDataLinkToken(flipped)).toEqual({ kind: "invalid" });
    expect(readDataLinkToken(token.slice(0, -2))).toEqual({ kind: "invalid" });
    for (const junk of ["", "abc", "../../etc/passwd", "x".repeat(2000), "a+b/c=".repeat(10)])
      expect(readDataLinkToken(junk)).toEqual({ kind: "invalid" });

    process.env.SESSION_SECRET = "another-secret-0123456789abcdefghijkl";
    resetConfigForTests();
    expect(readDataLinkToken(token)).toEqual({ kind: "invalid" });
  });

  it("is an absolute link on the public origin, and none for an erased address", () => {
    const link = dataLink("fan@example.com");
    expect(link).toMatch(/^https:\/\/giveawear\.example\/privacy\/my-data\/[A-Za-z0-9_-]+$/);
    expect(readDataLinkToken(link.split("/").pop()!)).toMatchObject({ kind: "valid", email: "fan@example.com" });
    expect(dataLink(erasedPlaceholder("abc"))).toBe("");
    expect(isErasedAddress("erased:abc")).toBe(true);
    expect(isErasedAddress("fan@example.com")).toBe(false);
  });
});

describe("consent wordings", () => {
  it("have unique ids, and the current ones are the newest versions", () => {
    const ids = CONSENT_WORDINGS.map(consentWordingId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(CURRENT_CONSENT_IDS).toEqual({ terms: "terms-v1", marketing: "marketing-v1" });
    expect(consentWording("marketing-v1")).toBe(CURRENT_CONSENT.marketing);
    expect(consentWording("marketing-v99")).toBeNull();
    expect(consentWording(null)).toBeNull();
  });

  it("fill the campaign's minimum age and brand, and keep the marketing box's second sentence", () => {
    const labels = entryConsentLabels({ brand: "Northwind Coffee", minimumAge: 21 });
    expect(labels.terms).toEqual({
      id: "terms-v1",
      text: "I am 21 or older and agree to the official rules and the terms and conditions.",
    });
    expect(labels.marketing).toEqual({
      id: "marketing-v1",
      text: "Send me news and offers from Northwind Coffee. Optional: it does not change your chances.",
    });
    expect(fillConsentWording("{brand}", { brand: "  ", minimumAge: 18 })).toBe("the brand");
  });

  it("cut into linked runs whose text is exactly the wording", () => {
    const text = entryConsentLabels({ brand: "B", minimumAge: 18 }).terms.text;
    const segments = consentSegments(text);
    expect(segments.map((segment) => segment.text).join("")).toBe(text);
    expect(segments.filter((segment) => segment.link)).toEqual([
      { text: "official rules", link: "rules" },
      { text: "terms and conditions", link: "terms" },
    ]);
    expect(consentSegments("No links here.")).toEqual([{ text: "No links here.", link: null }]);
  });

  it("record the version a form says it showed, or the current one for anything else", () => {
    expect(shownWordingId("terms", "terms-v1")).toBe("terms-v1");
    expect(shownWordingId("terms", "marketing-v1")).toBe("terms-v1");
    expect(shownWordingId("marketing", "marketing-v7")).toBe("marketing-v1");
    expect(shownWordingId("marketing", undefined)).toBe("marketing-v1");
    const parsed = EntrySchema.parse({ email: "a@example.com", agreedToTerms: "on", termsWording: "terms-v1", marketingWording: ["x"] });
    expect(parsed).toMatchObject({ termsWording: "terms-v1", marketingWording: "marketing-v1", marketingConsent: false });
  });
});

describe("fulfilment and retention", () => {
  const drawn = new Date("2026-06-01T12:00:00Z");
  const campaign = { status: "completed", drawnAt: drawn, endDate: new Date("2026-06-01T11:50:00Z") };
  const now = new Date("2026-08-01T00:00:00Z");
  const order = (status: string, at: Date) => ({
    status,
    shippedAt: status === "shipped" || status === "delivered" ? at : null,
    deliveredAt: status === "delivered" ? new Date(at.getTime() + DAY) : null,
    updatedAt: at,
  });

  it("is the latest of the draw and every tier's settling: delivered, shipped, cancelled, or the claim window over", () => {
    const shipped = new Date("2026-06-10T00:00:00Z");
    const lapsed = new Date("2026-06-15T12:00:00Z");
    expect(
      campaignFulfilledAt(
        campaign,
        [
          { winnerEntryId: "a", claimDeadline: lapsed, order: order("delivered", shipped) },
          { winnerEntryId: "b", claimDeadline: lapsed, order: null },
          { winnerEntryId: "c", claimDeadline: lapsed, order: order("cancelled", new Date("2026-06-05T00:00:00Z")) },
          { winnerEntryId: null, claimDeadline: null, order: null },
        ],
        now,
      ),
    ).toEqual(lapsed);
    expect(campaignFulfilledAt(campaign, [{ winnerEntryId: "a", claimDeadline: lapsed, order: order("delivered", shipped) }], now)).toEqual(
      new Date(shipped.getTime() + DAY),
    );
    // Nobody to draw: fulfilled at the draw.
    expect(campaignFulfilledAt(campaign, [{ winnerEntryId: null, claimDeadline: null, order: null }], now)).toEqual(drawn);
  });

  it("is not reached while a prize is being made or its claim window is open, nor before the draw", () => {
    expect(campaignFulfilledAt(campaign, [{ winnerEntryId: "a", claimDeadline: null, order: order("submitted", drawn) }], now)).toBeNull();
    expect(
      campaignFulfilledAt(campaign, [{ winnerEntryId: "a", claimDeadline: new Date(now.getTime() + DAY), order: null }], now),
    ).toBeNull();
    expect(campaignFulfilledAt({ ...campaign, status: "active" }, [], now)).toBeNull();
    expect(retentionDueAt(drawn, 90)).toEqual(new Date(drawn.getTime() + 90 * DAY));
  });

  it("takes its period from the platform setting, 90 days unless an admin sets 1 to 3650", () => {
    expect(retentionDays(undefined)).toBe(90);
    expect(retentionDays("30")).toBe(30);
    expect(retentionDays("0")).toBe(90);
    expect(retentionDays("abc")).toBe(90);
    const base = { homepageCopy: "Copy" };
    expect(PlatformSettingsSchema.parse({ ...base, entrantDataRetentionDays: "30" }).entrantDataRetentionDays).toBe(30);
    expect(PlatformSettingsSchema.parse(base).entrantDataRetentionDays).toBeUndefined();
    for (const bad of ["0", "3651", "1.5", "-3", "ninety"]) {
      expect(PlatformSettingsSchema.safeParse({ ...base, entrantDataRetentionDays: bad }).success, bad).toBe(false);
    }
  });
});

describe("entrant emails", () => {
  it("every email to an entrant ends with the data-page line, and declares the token it fills", () => {
    for (const id of ENTRANT_EMAIL_TEMPLATES) {
      const template = EMAIL_TEMPLATE_DEFAULTS.find((candidate) => candidate.id === id);
      expect(template, id).toBeDefined();
      expect(tokensIn(template!.htmlBody), id).toContain("data_link");
      expect(template!.tokens as readonly string[], id).toContain("data_link");
    }
    for (const id of ["login_code", "contact_message", "prize_unclaimed", "entry_cap_near"]) {
      expect(EMAIL_TEMPLATE_DEFAULTS.find((template) => template.id === id)?.htmlBody, id).not.toContain(DATA_LINK_FOOTER);
    }
  });

  it("recognises each entrant email's text from before the line, so the seed brings unedited ones up to date", () => {
    for (const id of ENTRANT_EMAIL_TEMPLATES.filter((id) => id !== "data_request")) {
      const current = EMAIL_TEMPLATE_DEFAULTS.find((template) => template.id === id)!;
      const before = current.htmlBody.replace(`\n${DATA_LINK_FOOTER}`, "");
      expect(before, id).not.toBe(current.htmlBody);
      expect(
        DEFAULTS_BEFORE_DATA_LINK.some(
          (earlier) => earlier.id === id && earlier.subject === current.subject && earlier.htmlBody === before,
        ),
        id,
      ).toBe(true);
    }
  });
});
