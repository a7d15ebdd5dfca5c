import { describe, expect, it } from "vitest";
import { entryCsvValues, ENTRY_CSV_HEADER, type ExportedEntry, hasMarketingConsent } from "~/domain/entries-export";
import {
  DisplayNameSchema,
  WINNER_LISTING_MESSAGES,
  WINNERS_LIST_TEXT,
  isListingIntent,
  listingShownAs,
  shownWinner,
  shownWinnerText,
  tierPrizeLabel,
  winnerRegion,
  winnersPendingText,
} from "~/domain/winners-list";

const facts = { email: "grace.hopper@example.com", erased: false, listing: null };
const PUBLIC = { winnersPublic: true };

describe("how a winner is shown (decision 057)", () => {
  it("by their masked email, their chosen display name, or the creator's name only when the winner chose nothing", () => {
    expect(shownWinnerText(shownWinner(facts, PUBLIC))).toBe("gra***@example.com");
    expect(shownWinner({ ...facts, listing: { displayName: "Grace H.", objected: false } }, PUBLIC)).toEqual({
      kind: "named",
      name: "Grace H.",
      chosen: true,
    });
    expect(shownWinnerText(shownWinner({ ...facts, creatorName: "Lucky Grace" }, PUBLIC))).toBe("Lucky Grace");
    // The winner's own choice, even "my masked email", outranks the creator's.
    expect(
      shownWinnerText(shownWinner({ ...facts, creatorName: "Lucky Grace", listing: { displayName: null, objected: false } }, PUBLIC)),
    ).toBe("gra***@example.com");
  });

  it("names nobody when the winner objected or the creator hid the winners, and an erased entrant only as Winner", () => {
    const objected = { ...facts, listing: { displayName: "Grace H.", objected: true } };
    expect(shownWinnerText(shownWinner(objected, PUBLIC))).toBe(WINNERS_LIST_TEXT.objected);
    expect(WINNERS_LIST_TEXT.objected).toBe("Winner chose not to be listed");
    expect(shownWinnerText(shownWinner(facts, { winnersPublic: false }))).toBe("Hidden by the organiser");
    const erased = { email: "grace.hopper@example.com", erased: true, listing: { displayName: "Grace H.", objected: false } };
    expect(shownWinnerText(shownWinner(erased, PUBLIC))).toBe("Winner");
    expect(shownWinnerText(shownWinner({ ...erased, creatorName: "Lucky Grace" }, { winnersPublic: false }))).toBe("Winner");
  });

  it("gives the region from the claim's address: state and country, the country alone, or nothing", () => {
    expect(winnerRegion({ shipRegion: " VA ", shipCountry: "US" })).toBe("VA, United States of America");
    expect(winnerRegion({ shipRegion: null, shipCountry: "EE" })).toBe("Estonia");
    expect(winnerRegion({ shipRegion: "", shipCountry: "GB" })).toBe("United Kingdom");
    expect(winnerRegion({ shipRegion: "Ontario", shipCountry: null })).toBeNull();
    expect(winnerRegion(null)).toBeNull();
  });

  it("says when the winners will be listed, before the draw", () => {
    const end = new Date("2026-12-01T12:00:00Z");
    const round = new Date("2026-12-01T12:05:00Z");
    expect(winnersPendingText({ endDate: end, beaconRoundTime: round, ended: false, timeZone: "UTC" })).toBe(
      "The giveaway ends on Tuesday 1 December 2026, 12:00 UTC. The winners are drawn once the public beacon round is out (Tuesday 1 December 2026, 12:05 UTC) and listed here as soon as they are drawn.",
    );
    expect(winnersPendingText({ endDate: end, beaconRoundTime: null, ended: true, timeZone: "UTC" })).toContain(
      "The giveaway ended on Tuesday 1 December 2026, 12:00 UTC. The winners are drawn a few minutes after it ends",
    );
    // In the campaign's zone, named; the beacon round's UTC instant stays for a verifier (decision 096).
    expect(winnersPendingText({ endDate: end, beaconRoundTime: round, ended: false, timeZone: "America/New_York" })).toBe(
      "The giveaway ends on Tuesday 1 December 2026, 07:00 New York time. The winners are drawn once the public beacon round is out (Tuesday 1 December 2026, 07:05 New York time (2026-12-01 12:05 UTC)) and listed here as soon as they are drawn.",
    );
    expect(winnersPendingText({ endDate: null, beaconRoundTime: null, ended: false, timeZone: "UTC" })).toContain("after the draw");
  });

  it("labels the tiers", () => {
    expect(tierPrizeLabel(1, "")).toBe("Grand prize");
    expect(tierPrizeLabel(2, "$50 gift card")).toBe("2nd prize: $50 gift card");
    expect(tierPrizeLabel(3, "Stickers")).toBe("3rd prize: Stickers");
  });

  it("tells the claim page's winner how they are shown", () => {
    const view = {
      displayName: "",
      objected: false,
      maskedEmail: "gra***@example.com",
      winnersPath: "/campaign/c1/winners",
      regions: true,
      hidden: false,
      erased: false,
    };
    expect(listingShownAs(view)).toBe("gra***@example.com");
    expect(listingShownAs({ ...view, displayName: "Grace H." })).toBe("Grace H.");
    expect(listingShownAs({ ...view, displayName: "Grace H.", objected: true })).toBe("Winner chose not to be listed");
    expect(listingShownAs({ ...view, hidden: true })).toBe("Hidden by the organiser");
    expect(listingShownAs({ ...view, erased: true, displayName: "Grace H." })).toBe("Winner");
  });
});

describe("the display name the winner chooses", () => {
  const parse = (displayName: unknown) => DisplayNameSchema.safeParse({ displayName });
  const error = (displayName: unknown) => {
    const result = parse(displayName);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("is trimmed, its spaces collapsed; empty means the masked email", () => {
    expect(parse("  Grace   H.  ").data).toEqual({ displayName: "Grace H." });
    expect(parse("").data).toEqual({ displayName: null });
    expect(parse("   ").data).toEqual({ displayName: null });
    expect(parse(undefined).data).toEqual({ displayName: null });
    expect(parse("Zoë Ø. 李").data).toEqual({ displayName: "Zoë Ø. 李" });
    expect(parse("x".repeat(40)).success).toBe(true);
  });

  it("refuses what is too long, an email address, a link, invisible characters, or no letter at all", () => {
    expect(error("x".repeat(41))).toBe(WINNER_LISTING_MESSAGES.nameMax);
    expect(error("grace@example.com")).toBe(WINNER_LISTING_MESSAGES.nameInvalid);
    expect(error("https://spam.example")).toBe(WINNER_LISTING_MESSAGES.nameInvalid);
    expect(error("visit www.spam")).toBe(WINNER_LISTING_MESSAGES.nameInvalid);
    expect(error("buy at cheap.shop")).toBe(WINNER_LISTING_MESSAGES.nameInvalid);
    expect(error("Grace\u202EH")).toBe(WINNER_LISTING_MESSAGES.nameInvalid);
    expect(error("Gra\u0000ce")).toBe(WINNER_LISTING_MESSAGES.nameInvalid);
    expect(error("!!! ...")).toBe(WINNER_LISTING_MESSAGES.nameInvalid);
  });

  it("comes with one of the three listing intents", () => {
    expect(["listing-name", "listing-object", "listing-unobject"].every(isListingIntent)).toBe(true);
    expect(isListingIntent("country")).toBe(false);
    expect(isListingIntent(null)).toBe(false);
  });
});

describe("the entries CSV row (decision 057)", () => {
  const entered = new Date("2026-11-01T10:00:00Z");
  const base: ExportedEntry = {
    id: "e1",
    email: "fan@example.com",
    phoneNumber: "+1 555 0100",
    createdAt: entered,
    confirmedAt: new Date("2026-11-01T10:05:00Z"),
    bonusEntries: 6,
    referrals: 2,
    marketingConsent: true,
    marketingConsentAt: entered,
    marketingWithdrawnAt: null,
    marketingWordingVersion: 3,
    erasedAt: null,
  };
  const row = (entry: ExportedEntry) => Object.fromEntries(ENTRY_CSV_HEADER.map((name, i) => [name, entryCsvValues(entry)[i]]));

  it("carries the contact details and the consent record of a consenting entrant", () => {
    expect(row(base)).toEqual({
      entry_id: "e1",
      status: "confirmed",
      email: "fan@example.com",
      phone: "+1 555 0100",
      entered_at: entered,
      confirmed_at: base.confirmedAt,
      referrals_credited: 2,
      bonus_entries: 6,
      weight: 7,
      marketing_consent: true,
      consent_given_at: entered,
      consent_wording_version: 3,
      consent_withdrawn_at: null,
    });
  });

  it("leaves the contact details out without consent, after a withdrawal, and of an erased entry", () => {
    const none = row({ ...base, marketingConsent: false, marketingConsentAt: null, marketingWordingVersion: null });
    expect(none).toMatchObject({ email: null, phone: null, marketing_consent: false, consent_given_at: null, weight: 7 });
    const withdrawnAt = new Date("2026-11-05T00:00:00Z");
    const withdrawn = row({ ...base, marketingConsent: false, marketingWithdrawnAt: withdrawnAt });
    expect(withdrawn).toMatchObject({ email: null, phone: null, marketing_consent: false, consent_given_at: entered });
    expect(withdrawn.consent_withdrawn_at).toBe(withdrawnAt);
    // A withdrawal counts even if the flag was left on.
    expect(hasMarketingConsent({ ...base, marketingWithdrawnAt: withdrawnAt })).toBe(false);
    const erased = row({ ...base, erasedAt: withdrawnAt });
    expect(erased).toMatchObject({ status: "erased", email: null, phone: null, marketing_consent: false, consent_given_at: null });
    expect(erased.consent_wording_version).toBeNull();
  });

  it("dates a consent recorded before consents had their own time by the entry", () => {
    expect(row({ ...base, marketingConsentAt: null }).consent_given_at).toBe(entered);
  });
});
