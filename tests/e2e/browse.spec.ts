import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface CampaignSeed {
  title: string;
  brandName?: string;
  productType?: "t-shirt" | "hoodie" | "mug";
  status?: string;
  /** Milliseconds from now. */
  start: number;
  end: number;
  entryCount?: number;
}

/** Dates as Prisma's SQLite adapter writes them, so the app's comparisons see them the same way. */
const sqliteDate = (offset: number) => new Date(Date.now() + offset).toISOString().replace("Z", "+00:00");

/** Inserts campaigns straight into the e2e database; returns their ids by title. */
function insertCampaigns(campaigns: CampaignSeed[]): Map<string, string> {
  const db = new Database(E2E_DATABASE);
  const ids = new Map<string, string>();
  try {
    const insert = db.prepare(
      `INSERT INTO "Campaign" (id, status, title, brandName, productType, startDate, endDate, entryCount, createdAt, updatedAt)
       VALUES (@id, @status, @title, @brandName, @productType, @startDate, @endDate, @entryCount, @createdAt, @updatedAt)`,
    );
    db.transaction(() => {
      for (const c of campaigns) {
        const id = `e2e${randomUUID().replaceAll("-", "")}`;
        ids.set(c.title, id);
        insert.run({
          id,
          status: c.status ?? "active",
          title: c.title,
          brandName: c.brandName ?? "E2E Brand",
          productType: c.productType ?? "t-shirt",
          startDate: sqliteDate(c.start),
          endDate: sqliteDate(c.end),
          entryCount: c.entryCount ?? 0,
          createdAt: sqliteDate(c.start - DAY),
          updatedAt: sqliteDate(0),
        });
      }
    })();
  } finally {
    db.close();
  }
  return ids;
}

/** Letters only, so it never looks like a number and sits inside titles as one word. */
function uniqueToken(): string {
  return `x${randomUUID()
    .replaceAll("-", "")
    .slice(0, 12)
    .replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)] ?? "q")}`;
}

const jsEnabled = () => test.info().project.name === "js";

function cardTitles(page: Page) {
  return page.getByRole("list", { name: "Giveaways" }).getByRole("heading", { level: 3 });
}

function param(page: Page, name: string) {
  return new URL(page.url()).searchParams.get(name);
}

/** With JavaScript a changed select submits by itself; without it the visitor presses Search. */
async function choose(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).selectOption(value);
  if (!jsEnabled()) await page.getByRole("button", { name: "Search" }).click();
}

test("filters giveaways by status and product, keeping the state in the URL", async ({ page }) => {
  const token = uniqueToken();
  insertCampaigns([
    { title: `Live Tee ${token}`, start: -DAY, end: 2 * DAY + HOUR, entryCount: 12 },
    { title: `Live Mug ${token}`, productType: "mug", start: -DAY, end: 4 * DAY + HOUR, entryCount: 1 },
    { title: `Past Hoodie ${token}`, productType: "hoodie", status: "completed", start: -9 * DAY, end: -2 * DAY, entryCount: 40 },
    { title: `Draft Tee ${token}`, status: "draft", start: -DAY, end: DAY },
    { title: `Unpaid Tee ${token}`, status: "pending_payment", start: -DAY, end: DAY },
  ]);

  await page.goto(`/giveaways?q=${token}`);
  await expect(page.getByRole("heading", { level: 1, name: "Browse Giveaways" })).toBeVisible();
  await expect(page).toHaveTitle("Browse Giveaways · Giveawear");
  await expect(cardTitles(page)).toHaveText([`Live Tee ${token}`, `Live Mug ${token}`]);
  await expect(page.getByTestId("result-summary")).toHaveText("Showing 1–2 of 2 giveaways");
  const liveTee = page.getByRole("listitem").filter({ hasText: `Live Tee ${token}` });
  await expect(liveTee).toContainText("T-Shirt");
  await expect(liveTee).toContainText("by E2E Brand");
  await expect(liveTee).toContainText("12 entries so far");
  await expect(liveTee).toContainText("2 days left");

  await choose(page, "Status", "past");
  await expect(cardTitles(page)).toHaveText([`Past Hoodie ${token}`]);
  expect(param(page, "status")).toBe("past");
  expect(param(page, "q")).toBe(token);
  const pastHoodie = page.getByRole("listitem").filter({ hasText: `Past Hoodie ${token}` });
  await expect(pastHoodie).toContainText("Ended");
  await expect(pastHoodie).toContainText("40 entries");

  await choose(page, "Status", "all");
  await expect(cardTitles(page)).toHaveText([`Live Tee ${token}`, `Live Mug ${token}`, `Past Hoodie ${token}`]);
  await choose(page, "Product", "mug");
  await expect(cardTitles(page)).toHaveText([`Live Mug ${token}`]);
  expect(param(page, "product")).toBe("mug");
  expect(param(page, "status")).toBe("all");

  // The URL alone restores the view: it can be shared.
  await page.goto(page.url());
  await expect(cardTitles(page)).toHaveText([`Live Mug ${token}`]);
  await expect(page.getByLabel("Product", { exact: true })).toHaveValue("mug");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("all");
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(token);
});

test("searches titles and brands in any letter case, and a card opens its campaign", async ({ page }) => {
  const token = uniqueToken();
  const ids = insertCampaigns([
    { title: `Sunrise Tee ${token}`, brandName: "Northwind", start: -DAY, end: 3 * DAY },
    { title: "Morning Mug", brandName: `Roasters ${token} Co`, productType: "mug", start: -DAY, end: 5 * DAY },
  ]);

  await page.goto("/giveaways");
  const search = page.getByLabel("Search", { exact: true });
  await search.fill(token.toUpperCase());
  // With JavaScript the search runs once typing pauses; without, the button sends it.
  if (!jsEnabled()) await search.press("Enter");
  await expect(cardTitles(page)).toHaveText([`Sunrise Tee ${token}`, "Morning Mug"]);
  expect(param(page, "q")).toBe(token.toUpperCase());

  await search.fill(`roasters ${token.toUpperCase()}`);
  if (!jsEnabled()) await page.getByRole("button", { name: "Search" }).click();
  await expect(cardTitles(page)).toHaveText(["Morning Mug"]);

  // The whole card is the link, not just its title: a click in its middle (the picture) opens it.
  await page.getByRole("listitem").filter({ hasText: "Morning Mug" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${ids.get("Morning Mug")}$`));
});

test("pages through results with Previous and Next, keeping search and sort", async ({ page }) => {
  const token = uniqueToken();
  const titles = Array.from({ length: 14 }, (_, i) => `Paged ${token} ${String(i + 1).padStart(2, "0")}`);
  // Most entries first: 01 has the most.
  insertCampaigns(titles.map((title, i) => ({ title, start: -DAY, end: 10 * DAY, entryCount: 100 - i })));

  await page.goto(`/giveaways?q=${token}&sort=popularity`);
  await expect(cardTitles(page)).toHaveText(titles.slice(0, 12));
  await expect(page.getByTestId("result-summary")).toHaveText("Showing 1–12 of 14 giveaways");
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);

  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(cardTitles(page)).toHaveText(titles.slice(12));
  await expect(page.getByTestId("result-summary")).toHaveText("Showing 13–14 of 14 giveaways");
  expect(param(page, "page")).toBe("2");
  expect(param(page, "q")).toBe(token);
  expect(param(page, "sort")).toBe("popularity");
  await expect(page.getByLabel("Sort by")).toHaveValue("popularity");
  await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);

  await pagination.getByRole("link", { name: "Previous" }).click();
  await expect(cardTitles(page)).toHaveText(titles.slice(0, 12));
  expect(param(page, "page")).toBeNull();

  // A page past the end lands on the last one.
  await page.goto(`/giveaways?q=${token}&sort=popularity&page=40`);
  await expect(cardTitles(page)).toHaveText(titles.slice(12));
  expect(param(page, "page")).toBe("2");
});

test("says when nothing matches and offers to clear the filters", async ({ page }) => {
  await page.goto(`/giveaways?q=${uniqueToken()}&status=past&product=hoodie&sort=bogus&page=zz`);
  await expect(page.getByRole("heading", { name: "No giveaways match your filters." })).toBeVisible();
  await expect(page.getByRole("list", { name: "Giveaways" })).toHaveCount(0);
  await expect(page.getByLabel("Sort by")).toHaveValue("endingSoon");

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/giveaways$/);
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("live");
  await expect(page.getByLabel("Product", { exact: true })).toHaveValue("all");
});
