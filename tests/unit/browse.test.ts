import { describe, expect, it } from "vitest";
import {
  browseSearch,
  cardEntriesLabel,
  cardTimeLabel,
  DEFAULT_BROWSE_QUERY,
  isFiltered,
  pageWindow,
  parseBrowseQuery,
  resultSummary,
} from "~/domain/browse";

const parse = (search: string) => parseBrowseQuery(new URLSearchParams(search));

describe("the browse query", () => {
  it("defaults to live giveaways of every product, ending soonest first, page 1", () => {
    expect(parse("")).toEqual({ q: "", status: "live", product: "all", sort: "endingSoon", page: 1 });
    expect(parse("")).toEqual(DEFAULT_BROWSE_QUERY);
  });

  it("reads every valid value", () => {
    expect(parse("q=summit&status=past&product=hoodie&sort=popularity&page=3")).toEqual({
      q: "summit",
      status: "past",
      product: "hoodie",
      sort: "popularity",
      page: 3,
    });
    for (const status of ["live", "past", "all"]) expect(parse(`status=${status}`).status).toBe(status);
    for (const product of ["all", "t-shirt", "hoodie", "mug"]) expect(parse(`product=${product}`).product).toBe(product);
    for (const sort of ["endingSoon", "newest", "popularity"]) expect(parse(`sort=${sort}`).sort).toBe(sort);
  });

  it("falls back to the default for each bad value, keeping the good ones", () => {
    expect(parse("status=LIVE&product=socks&sort=cheapest&page=abc&q=mug")).toEqual({
      q: "mug",
      status: "live",
      product: "all",
      sort: "endingSoon",
      page: 1,
    });
    for (const page of ["0", "-2", "1.5", "", "NaN", "Infinity", "1e400", "%00"]) expect(parse(`page=${page}`).page, page).toBe(1);
    expect(parse("status=&product=&sort=").status).toBe("live");
  });

  it("caps absurd page numbers instead of failing", () => {
    expect(parse("page=99999999999999999999").page).toBe(100_000);
    expect(parse("page=7").page).toBe(7);
  });

  it("tidies the search text: trimmed, single spaces, at most 100 characters", () => {
    expect(parse("q=%20%20summit%20%20%20hoodie%20").q).toBe("summit hoodie");
    expect(parse(`q=${"a".repeat(250)}`).q).toHaveLength(100);
    expect(parse("q=%20%20%20").q).toBe("");
  });

  it("takes the first of repeated parameters", () => {
    expect(parse("status=past&status=all&q=one&q=two")).toMatchObject({ status: "past", q: "one" });
  });
});

describe("browse links", () => {
  it("leave defaults out of the URL", () => {
    expect(browseSearch(DEFAULT_BROWSE_QUERY)).toBe("");
    expect(browseSearch(parse("q=tee&status=past&sort=newest&page=2"))).toBe("?q=tee&status=past&sort=newest&page=2");
    expect(browseSearch(parse("q=a b&product=mug"), { page: 3 })).toBe("?q=a+b&product=mug&page=3");
    expect(browseSearch(parse("page=4&product=mug"), { page: 1 })).toBe("?product=mug");
  });

  it("know whether anything is filtered", () => {
    expect(isFiltered(DEFAULT_BROWSE_QUERY)).toBe(false);
    expect(isFiltered(parse("page=3"))).toBe(false);
    expect(isFiltered(parse("status=all"))).toBe(true);
    expect(isFiltered(parse("q=x"))).toBe(true);
  });

  it("number the pages around the current one", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });

  it("summarise the result", () => {
    expect(resultSummary(1, 12, 37)).toBe("Showing 1–12 of 37 giveaways");
    expect(resultSummary(4, 1, 37)).toBe("Showing 37–37 of 37 giveaways");
    expect(resultSummary(1, 1, 1)).toBe("Showing 1–1 of 1 giveaway");
  });
});

describe("card labels", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  it("say how long is left, when it starts, or that it ended", () => {
    expect(cardTimeLabel("live", null, new Date("2026-03-04T13:00:00Z"), now)).toBe("3 days left");
    expect(cardTimeLabel("upcoming", new Date("2026-03-03T12:00:00Z"), new Date("2026-03-10T12:00:00Z"), now)).toBe("Starts in 2 days");
    expect(cardTimeLabel("ended", null, new Date("2026-02-01T00:00:00Z"), now)).toBe("Ended");
  });

  it("count entries, without 'so far' once ended", () => {
    expect(cardEntriesLabel("live", 1)).toBe("1 entry so far");
    expect(cardEntriesLabel("live", 1234)).toBe("1,234 entries so far");
    expect(cardEntriesLabel("ended", 42)).toBe("42 entries");
  });
});
