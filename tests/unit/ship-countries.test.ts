import { describe, expect, it } from "vitest";
import { entryRulesSchema } from "~/domain/campaign-schemas";
import {
  PARTNER_COUNTRIES,
  PARTNER_EXCLUDED_COUNTRIES,
  SHIP_COUNTRY_MESSAGES,
  addressRule,
  countryName,
  formatShipCountries,
  parseShipCountries,
  shipCountriesOf,
  shipCountriesSentence,
} from "~/domain/ship-countries";

describe("shipping countries (decision 050)", () => {
  it("lists every ISO 3166-1 country by its full name, minus the documented exclusions", () => {
    const codes = PARTNER_COUNTRIES.map((c) => c.code);
    expect(codes.length).toBeGreaterThan(230);
    for (const code of PARTNER_EXCLUDED_COUNTRIES) expect(codes).not.toContain(code);
    expect(countryName("US")).toBe("United States of America");
    expect(countryName("GB")).toBe("United Kingdom");
    expect(PARTNER_COUNTRIES.find((c) => c.code === "DE")?.name).toBe("Germany");
    // A to Z by name.
    const names = PARTNER_COUNTRIES.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names);
  });

  it("stores the creator's choice as known codes, and reads an empty choice as everywhere", () => {
    expect(formatShipCountries(["us", "CA", "XX", "RU"].map((c) => c.toUpperCase()))).toBe("CA,US");
    expect(parseShipCountries("US, CA ,ZZ")).toEqual(["CA", "US"]);
    expect(shipCountriesOf("").length).toBe(PARTNER_COUNTRIES.length);
    expect(shipCountriesOf("US,CA").map((c) => c.code)).toEqual(["CA", "US"]);
  });

  it("says in the rules where the prize ships", () => {
    expect(shipCountriesSentence("")).toBe(
      `The prize ships to every country our print partner serves (${PARTNER_COUNTRIES.length} countries).`,
    );
    expect(shipCountriesSentence("DE")).toBe("The prize ships to: Germany.");
    expect(shipCountriesSentence("US,CA,MX")).toBe("The prize ships to: Canada, Mexico and United States of America.");
  });

  it("has an address rule per country with sensible defaults", () => {
    expect(addressRule("US")).toMatchObject({ regionLabel: "State", regionRequired: true, postalLabel: "ZIP code", postal: "required" });
    expect(addressRule("GB")).toMatchObject({ regionRequired: false, postalLabel: "Postcode", postal: "required" });
    expect(addressRule("HK").postal).toBe("none");
    expect(addressRule("EE")).toMatchObject({ regionRequired: false, postal: "optional" });
  });

  it("the wizard's step 4 takes everywhere or the ticked countries, and refuses 'chosen' with none", () => {
    const schema = entryRulesSchema({ today: new Date("2030-01-01T00:00:00Z") });
    const base = { startDate: "2030-01-10", durationDays: 7, termsAccepted: true, limitOneEntryPerPerson: true };
    const parse = (value: Record<string, unknown>) => schema.safeParse({ ...base, ...value });
    expect(parse({}).data?.shipCountries).toBe("");
    expect(parse({ shipScope: "everywhere", shipCountries: ["US"] }).data?.shipCountries).toBe("");
    expect(parse({ shipScope: "chosen", shipCountries: ["US", "CA"] }).data?.shipCountries).toBe("CA,US");
    expect(parse({ shipScope: "chosen", shipCountries: "GB" }).data?.shipCountries).toBe("GB");
    const none = parse({ shipScope: "chosen" });
    expect(none.success).toBe(false);
    expect(none.error?.issues.map((issue) => issue.message)).toContain(SHIP_COUNTRY_MESSAGES.noneChosen);
    const embargoed = parse({ shipScope: "chosen", shipCountries: ["US", "KP"] });
    expect(embargoed.error?.issues.map((issue) => issue.message)).toContain(SHIP_COUNTRY_MESSAGES.unknown);
  });
});
