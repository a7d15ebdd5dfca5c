import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let app: InProcessAppServer;

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();

interface Card {
  title: string;
  href: string;
  /** Everything the card says, as text. */
  text: string;
}

/** A real GET of /giveaways over HTTP; the cards are read from the rendered page, in order. */
async function browse(search: string) {
  const response = await fetch(`${app.url}/giveaways${search}`, { redirect: "manual" });
  const html = response.status === 200 ? await response.text() : "";
  const list = /<ul[^>]*aria-label="Giveaways"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  const cards: Card[] = [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, card = ""]) => ({
    title: decode(/<h3[^>]*>([\s\S]*?)<\/h3>/.exec(card)?.[1] ?? ""),
    href: /<a[^>]*href="([^"]+)"/.exec(card)?.[1] ?? "",
    text: decode(card),
  }));
  const summary = decode(/data-testid="result-summary"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "");
  return { status: response.status, location: response.headers.get("location"), html, cards, summary };
}

async function titles(search: string): Promise<string[]> {
  const { status, cards } = await browse(search);
  expect(status, search).toBe(200);
  return cards.map((card) => card.title);
}

const PAGED = Array.from({ length: 14 }, (_, i) => `Paged Tee ${String(i + 1).padStart(2, "0")}`);

afterAll(async () => {
  await app?.close();
});

beforeAll(async () => {
  app = await startAppServer();
  const now = Date.now();
  const at = (offset: number) => new Date(now + offset);
  const campaign = (
    title: string,
    brandName: string,
    productType: string,
    status: string,
    start: number,
    end: number,
    entryCount: number,
  ) => ({ title, brandName, productType, status, startDate: at(start), endDate: at(end), entryCount, createdAt: at(start - DAY) });

  await prisma.campaign.createMany({
    data: [
      // Live (and one upcoming), ending at +1, +3, +5 and +9 days.
      campaign("Alpha Sunrise Tee", "Northwind", "t-shirt", "active", -5 * DAY, DAY + HOUR, 10),
      campaign("Bravo Hoodie Drop", "Zürich Outfitters", "hoodie", "active", -2 * DAY, 3 * DAY + HOUR, 50),
      campaign("charlie MUG Madness", "Cedar & Salt", "mug", "active", -10 * DAY, 5 * DAY + HOUR, 30),
      campaign("Delta Future Tee", "Lumen", "t-shirt", "active", 2 * DAY + HOUR, 9 * DAY + HOUR, 3),
      // Past: completed ones, and an active one whose end has passed before the end job ran.
      campaign("Echo Classic Tee", "Harbor", "t-shirt", "completed", -8 * DAY, -DAY, 100),
      campaign("Foxtrot Late Hoodie", "Velocity", "hoodie", "active", -4 * DAY, -3 * DAY, 5),
      campaign("Golf Vintage Mug", "Ölmühle Roasters", "mug", "completed", -17 * DAY, -10 * DAY, 70),
      // Never public, however popular or current.
      campaign("Hidden Draft Tee", "Northwind", "t-shirt", "draft", -DAY, 2 * DAY, 999),
      campaign("Hidden Unpaid Tee", "Northwind", "t-shirt", "pending_payment", -DAY, 2 * DAY, 999),
      // Enough live ones for a second page, all ending after the ones above and started long ago.
      ...PAGED.map((title, i) => campaign(title, "Pager Co", "t-shirt", "active", -30 * DAY - i * HOUR, 20 * DAY + i * HOUR, 0)),
    ],
  });
});

describe("browsing giveaways", () => {
  it("shows live giveaways ending soonest first by default, 12 to a page", async () => {
    const first = await browse("");
    expect(first.status).toBe(200);
    expect(first.html).toContain("<title>Browse Giveaways · Giveawear</title>");
    expect(first.summary).toBe("Showing 1–12 of 18 giveaways");
    expect(first.cards.map((c) => c.title)).toEqual([
      "Alpha Sunrise Tee",
      "Bravo Hoodie Drop",
      "charlie MUG Madness",
      "Delta Future Tee",
      ...PAGED.slice(0, 8),
    ]);
    expect(await titles("?page=2")).toEqual(PAGED.slice(8));
    expect((await browse("?page=2")).summary).toBe("Showing 13–18 of 18 giveaways");
  });

  it("shows each card's product, brand, entries and time left, or when it starts, linking to its page", async () => {
    const { cards } = await browse("?status=all&sort=popularity");
    const card = (title: string) => cards.find((c) => c.title === title);
    const alpha = card("Alpha Sunrise Tee");
    expect(alpha?.text).toContain("T-Shirt");
    expect(alpha?.text).toContain("by Northwind");
    expect(alpha?.text).toContain("10 entries so far");
    expect(alpha?.text).toContain("1 day left");
    const id = (await prisma.campaign.findFirstOrThrow({ where: { title: "Alpha Sunrise Tee" } })).id;
    expect(alpha?.href).toBe(`/campaign/${id}`);
    expect(card("Delta Future Tee")?.text).toContain("Starts in 2 days");
    expect(card("Delta Future Tee")?.text).toContain("3 entries so far");
    expect(card("Foxtrot Late Hoodie")?.text).toMatch(/Hoodie.*Ended.*5 entries$/);
    expect(card("Golf Vintage Mug")?.text).toMatch(/Mug.*Ended.*by Ölmühle Roasters 70 entries$/);
    expect(card("charlie MUG Madness")?.text).toContain("by Cedar & Salt");
  });

  it("shows past giveaways, most recently ended first, including active ones past their end", async () => {
    expect(await titles("?status=past")).toEqual(["Echo Classic Tee", "Foxtrot Late Hoodie", "Golf Vintage Mug"]);
  });

  it("shows all giveaways as live ones then past ones, across page boundaries", async () => {
    const first = await browse("?status=all");
    expect(first.summary).toBe("Showing 1–12 of 21 giveaways");
    expect(first.cards).toHaveLength(12);
    expect(await titles("?status=all&page=2")).toEqual([...PAGED.slice(8), "Echo Classic Tee", "Foxtrot Late Hoodie", "Golf Vintage Mug"]);
  });

  it("sorts by newest start and by most entries", async () => {
    expect((await titles("?sort=newest")).slice(0, 5)).toEqual([
      "Delta Future Tee",
      "Bravo Hoodie Drop",
      "Alpha Sunrise Tee",
      "charlie MUG Madness",
      "Paged Tee 01",
    ]);
    expect(await titles("?status=past&sort=newest")).toEqual(["Foxtrot Late Hoodie", "Echo Classic Tee", "Golf Vintage Mug"]);
    expect((await titles("?status=all&sort=popularity")).slice(0, 8)).toEqual([
      "Echo Classic Tee",
      "Golf Vintage Mug",
      "Bravo Hoodie Drop",
      "charlie MUG Madness",
      "Alpha Sunrise Tee",
      "Foxtrot Late Hoodie",
      "Delta Future Tee",
      "Paged Tee 01",
    ]);
  });

  it("filters by product", async () => {
    expect(await titles("?status=all&product=mug")).toEqual(["charlie MUG Madness", "Golf Vintage Mug"]);
    expect(await titles("?status=all&product=hoodie")).toEqual(["Bravo Hoodie Drop", "Foxtrot Late Hoodie"]);
    expect(await titles("?status=past&product=t-shirt")).toEqual(["Echo Classic Tee"]);
  });

  it("searches titles and brand names in any letter case", async () => {
    expect(await titles("?q=SUNRISE")).toEqual(["Alpha Sunrise Tee"]);
    expect(await titles("?q=northWIND")).toEqual(["Alpha Sunrise Tee"]);
    expect(await titles("?q=Charlie%20mug")).toEqual(["charlie MUG Madness"]);
    expect(await titles("?q=pager%20co&page=2")).toEqual(PAGED.slice(12));
    expect(await titles("?status=past&q=tee")).toEqual(["Echo Classic Tee"]);
  });

  it("finds names with accented capitals whichever way they are typed", async () => {
    expect(await titles("?q=zürich")).toEqual(["Bravo Hoodie Drop"]);
    expect(await titles("?q=ZÜRICH")).toEqual(["Bravo Hoodie Drop"]);
    expect(await titles("?status=past&q=ölmühle")).toEqual(["Golf Vintage Mug"]);
    expect(await titles("?status=past&q=ÖLMÜHLE%20roasters")).toEqual(["Golf Vintage Mug"]);
  });

  it("treats % and _ in a search as plain characters", async () => {
    expect(await titles("?status=all&q=%25")).toEqual([]);
    expect(await titles("?status=all&q=_")).toEqual([]);
  });

  it("never lists drafts or unpaid campaigns", async () => {
    const everything = [...(await titles("?status=all&sort=popularity")), ...(await titles("?status=all&sort=popularity&page=2"))];
    expect(everything).toHaveLength(21);
    expect(everything.filter((title) => title.startsWith("Hidden"))).toEqual([]);
    expect(await titles("?status=all&q=hidden")).toEqual([]);
  });

  it("answers junk parameters with the default list, not an error", async () => {
    const defaults = await titles("");
    expect(await titles("?status=LIVE&product=socks&sort=cheapest&page=abc")).toEqual(defaults);
    expect(await titles("?page=-1&status[]=x&q")).toEqual(defaults);
    expect(await titles("?page=1e3&sort=popularity&sort=newest")).toEqual(await titles("?sort=popularity"));
    const junk = await browse(`?q=${"%F0%9F".repeat(3)}&page=1.5`);
    expect(junk.status).toBe(200);
    expect(junk.html).toContain("No giveaways match your filters.");
  });

  it("keeps the other parameters in the page links", async () => {
    const { html } = await browse("?q=pager&sort=popularity&product=t-shirt");
    const nav = /<nav aria-label="Pagination"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect(nav).toContain('href="/giveaways?q=pager&amp;product=t-shirt&amp;sort=popularity&amp;page=2"');
    expect(nav).toMatch(/<a[^>]*href="[^"]*page=2"[^>]*>Next<\/a>/);
  });

  it("says when nothing matches and offers to clear the filters", async () => {
    const empty = await browse("?q=nothing-like-this&status=all");
    expect(empty.status).toBe(200);
    expect(empty.cards).toEqual([]);
    expect(empty.html).toContain("No giveaways match your filters.");
    expect(empty.html).toMatch(/<a[^>]*href="\/giveaways"[^>]*>Clear filters<\/a>/);
  });

  it("sends a page past the end to the last page, keeping the other parameters", async () => {
    expect(await browse("?page=99")).toMatchObject({ status: 302, location: "/giveaways?page=2" });
    expect(await browse("?status=past&sort=newest&page=5")).toMatchObject({
      status: 302,
      location: "/giveaways?status=past&sort=newest",
    });
    expect(await browse("?q=nothing-like-this&page=3")).toMatchObject({ status: 302, location: "/giveaways?q=nothing-like-this" });
  });
});
