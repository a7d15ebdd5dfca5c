import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";
import { accentTheme } from "../../app/domain/brand-colors";
import { brandCampaign } from "./brand-campaign";
import { insertEntryAction, insertEntryWith, pastDates, notifiedWinnerClaimPath } from "./campaigns";
import { latestEmail, uniqueEmail } from "./support";

/**
 * Every page an entrant reaches from a campaign wears the campaign's brand frame (decision 080): its
 * logo and name, its accent on the page's links and buttons, "Powered by Giveawear", and not the
 * site's navigation or footer. At 360 and 1280 px, with JavaScript on and off (the two projects).
 */
const main = (page: Page) => page.getByRole("main");
const SHOTS = "/tmp/shots-brandpages";
const DAY = 24 * 60 * 60 * 1000;
const BRAND = "Pixel & Pine";
/** The shade the page shows for the brand campaign's #1d4ed8 (darkened until links read on slate-100). */
const ACCENT = accentTheme("#1d4ed8")!.accent;

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The brand's logo, name and accent are shown, the "Powered by" line is there, the site's navigation and footer are not. */
async function expectBrandFrame(page: Page) {
  await expect(main(page).getByRole("img", { name: `${BRAND} logo` })).toBeVisible();
  await expect(main(page).getByText(BRAND, { exact: true }).first()).toBeVisible();
  await expect(main(page).getByTestId("powered-by")).toHaveText("Powered by Giveawear");
  // Some link or button the visitor sees is drawn in the brand's accent, not Giveawear's purple.
  const accented = await main(page).evaluate((root, colour) => {
    return [...root.querySelectorAll<HTMLElement>("a, button")].some((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && (style.color === colour || style.backgroundColor === colour);
    });
  }, rgb(ACCENT));
  expect(accented, `a link or button in the accent ${ACCENT}`).toBe(true);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByLabel("Menu", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pricing" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
}

async function shot(page: Page, name: string, width: number) {
  mkdirSync(SHOTS, { recursive: true });
  // The first screen, and the whole page.
  await page.screenshot({ path: `${SHOTS}/${name}-${width}-${test.info().project.name}.png` });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}-${test.info().project.name}-full.png`, fullPage: true });
}

/** An ended, drawn brand campaign, its winner and the claim link the winner's email carries. */
async function drawnBrandCampaign() {
  const deadline = new Date(Date.now() + 14 * DAY);
  const campaign = brandCampaign({ status: "completed", ...pastDates(), selectedSizes: "S,M,L" });
  const winner = insertEntryWith(campaign.id, uniqueEmail("brand-winner"));
  return { campaign, winner, path: await notifiedWinnerClaimPath(campaign.id, winner, deadline) };
}

const QUICKNET_HASH = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971";

/** The entry list frozen with one counted entry (the rows the freeze writes), so the draw page offers "Check my entry". */
function freezeList(campaignId: string, entry: { id: string }) {
  const frozenAt = new Date(Date.now() - DAY);
  const csv = `entry_id,created_ms,referrer_id,weight\n${entry.id},${frozenAt.getTime() - DAY},,1\ndisqualified_entry_id,reason\n`;
  const bytes = Buffer.from(csv, "ascii");
  const at = frozenAt.toISOString().replace("Z", "+00:00");
  const db = new Database(E2E_DATABASE);
  try {
    db.prepare(`UPDATE "Campaign" SET "listFrozenAt" = ?, "drawBeaconRound" = ?, "drawBeaconChain" = ? WHERE id = ?`).run(
      at,
      30_000_000,
      QUICKNET_HASH,
      campaignId,
    );
    db.prepare(
      `INSERT INTO "EntryList" ("campaignId", "frozenAt", "sha256", "byteLength", "entryCount", "totalWeight", "disqualifiedCount", "beaconRound", "beaconChain") VALUES (?, ?, ?, ?, 1, 1, 0, ?, ?)`,
    ).run(campaignId, at, createHash("sha256").update(bytes).digest("hex"), bytes.length, 30_000_000, QUICKNET_HASH);
    db.prepare(`INSERT INTO "EntryListChunk" ("campaignId", "index", "bytes") VALUES (?, 0, ?)`).run(campaignId, bytes);
  } finally {
    db.close();
  }
}

for (const size of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("the confirm page and a refused bonus action wear the brand", async ({ page }) => {
      const campaign = brandCampaign();
      insertEntryAction(campaign.id, {
        kind: "code",
        label: "Enter the code from our newsletter",
        bonus: 3,
        position: 0,
        code: "SPRING24",
      });
      await page.goto(`/campaign/${campaign.id}`);
      const email = uniqueEmail("brand-confirm");
      await main(page).getByLabel("Email").fill(email);
      await main(page)
        .getByLabel(/I am 18 or older/)
        .check();
      await main(page).getByRole("button", { name: "Enter Now" }).click();
      await expect(main(page).getByRole("heading", { name: "Check your email to confirm your entry" })).toBeVisible();

      // The emailed confirm link.
      const link = /https?:\/\/\S+\/confirm\/[a-z0-9]+-[0-9a-f]+/.exec(latestEmail(email)?.text ?? "")?.[0];
      expect(link).toBeTruthy();
      await page.goto(new URL(link!).pathname);
      await expect(main(page).getByRole("heading", { name: "Confirm your entry" })).toBeVisible();
      await expectBrandFrame(page);
      await shot(page, "confirm", size.width);
      await main(page).getByRole("button", { name: "Confirm my entry" }).click();
      await expect(main(page).getByRole("heading", { name: "You're In!" })).toBeVisible();

      // A wrong code: the refusal page.
      const row = main(page).getByTestId("action-row").filter({ hasText: "Enter the code from our newsletter" });
      await row.getByLabel("Code").fill("NOPE");
      await row.getByRole("button", { name: "Check code" }).click();
      await expect(main(page).getByTestId("action-refusal")).toHaveText("That code does not match. Check it and try again.");
      await expectBrandFrame(page);
      await shot(page, "action-refused", size.width);

      // The confirm link again: already confirmed, still the brand's page.
      await page.goto(new URL(link!).pathname);
      await expect(main(page).getByRole("heading", { name: "Your entry is confirmed" })).toBeVisible();
      await expectBrandFrame(page);
    });

    test("the winner's claim page wears the brand", async ({ page }) => {
      const { path } = await drawnBrandCampaign();
      await page.goto(path);
      await expect(main(page).getByRole("heading", { name: "Claim your prize" })).toBeVisible();
      await expectBrandFrame(page);
      await shot(page, "claim", size.width);
    });

    test("the draw page, check my entry, the rules and the winners list wear the brand", async ({ page }) => {
      const { campaign, winner } = await drawnBrandCampaign();
      freezeList(campaign.id, winner);
      await page.goto(`/campaign/${campaign.id}/draw`);
      await expect(main(page).getByRole("heading", { level: 1 })).toBeVisible();
      await expectBrandFrame(page);
      await shot(page, "draw", size.width);

      // Check my entry: a plain GET form on the draw page.
      await main(page).getByLabel("Entry id or link").fill(winner.id);
      await main(page).getByRole("button", { name: "Check my entry" }).click();
      await expect(page).toHaveURL(/\/draw\?entry=/);
      await expect(main(page).getByTestId("check-result")).toHaveAttribute("data-kind", "listed");
      await expectBrandFrame(page);
      await shot(page, "check-my-entry", size.width);

      await page.goto(`/campaign/${campaign.id}/rules`);
      await expect(main(page).getByRole("heading", { level: 1, name: /^Official Rules/ })).toBeVisible();
      await expectBrandFrame(page);
      await shot(page, "rules", size.width);

      await page.goto(`/campaign/${campaign.id}/winners`);
      await expect(main(page).getByRole("heading", { level: 1, name: /^Winners/ })).toBeVisible();
      await expectBrandFrame(page);
      await shot(page, "winners", size.width);
    });

    test("an entry action's page and a personal link not valid wear the brand", async ({ page }) => {
      const campaign = brandCampaign();
      const action = insertEntryAction(campaign.id, { kind: "daily", label: "Come back every day", bonus: 1, position: 0 });
      await page.goto(`/campaign/${campaign.id}/actions/${action.id}`);
      await expect(main(page).getByRole("heading", { name: "Bonus entries" })).toBeVisible();
      await expectBrandFrame(page);
      await shot(page, "action", size.width);

      const response = await page.goto(`/campaign/${campaign.id}/entry/enotarealentry-${"0".repeat(32)}`);
      expect(response?.status()).toBe(404);
      await expect(main(page).getByRole("heading", { name: "Link not valid" })).toBeVisible();
      await expectBrandFrame(page);
      await shot(page, "entry-link-invalid", size.width);
    });

    test("a draft's brand never shows on a made-up link; a wrong confirm link gets the plain frame", async ({ page }) => {
      const draft = brandCampaign({ status: "draft" });
      const response = await page.goto(`/campaign/${draft.id}/confirm/enotarealentry-${"0".repeat(32)}`);
      expect(response?.status()).toBe(404);
      await expect(main(page).getByRole("heading", { name: "Confirmation link not valid" })).toBeVisible();
      await expect(main(page).getByRole("img", { name: `${BRAND} logo` })).toHaveCount(0);
      await expect(main(page).getByRole("link", { name: "Giveawear" }).first()).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    });
  });
}
