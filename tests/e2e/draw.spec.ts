import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";
import { insertCampaign, insertEntryWith } from "./campaigns";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const QUICKNET_HASH = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971";
const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

function main(page: Page) {
  return page.getByRole("main");
}

/**
 * An ended giveaway whose entry list has been frozen (the rows h-draw's freeze writes): three
 * counted entries, the first with one referral (weight 4), one pending, one disqualified.
 */
function frozenCampaign() {
  const end = new Date(Date.now() - 30 * MINUTE);
  const campaign = insertCampaign({
    startDate: new Date(end.getTime() - 7 * DAY),
    endDate: end,
    launchedAt: new Date(end.getTime() - 7 * DAY),
  });
  const at = (ms: number) => new Date(end.getTime() - DAY + ms);
  const ada = insertEntryWith(campaign.id, "ada@e2e.test", { createdAt: at(0), confirmedAt: at(0), bonusEntries: 3 });
  const bob = insertEntryWith(campaign.id, "bob@e2e.test", {
    createdAt: at(1000),
    confirmedAt: at(1000),
    referrerId: ada.id,
    referralCredited: true,
  });
  const cyd = insertEntryWith(campaign.id, "cyd@e2e.test", { createdAt: at(2000), confirmedAt: at(2000) });
  const pending = insertEntryWith(campaign.id, "pending@e2e.test", { createdAt: at(3000), confirmedAt: null });
  const bot = insertEntryWith(campaign.id, "bot@e2e.test", {
    createdAt: at(4000),
    confirmedAt: at(4000),
    disqualifiedAt: end,
    disqualifyReason: "fake",
  });
  const csv =
    "entry_id,created_ms,referrer_id,weight\n" +
    `${ada.id},${at(0).getTime()},,4\n${bob.id},${at(1000).getTime()},${ada.id},1\n${cyd.id},${at(2000).getTime()},,1\n` +
    `disqualified_entry_id,reason\n${bot.id},fake\n`;
  const bytes = Buffer.from(csv, "ascii");
  const frozenAt = new Date(end.getTime() + MINUTE);
  const db = new Database(E2E_DATABASE);
  try {
    // "completed" keeps the e2e server's job runner from drawing it: this test is about the frozen list alone.
    db.prepare(
      `UPDATE "Campaign" SET "status" = 'completed', "listFrozenAt" = ?, "drawBeaconRound" = ?, "drawBeaconChain" = ? WHERE id = ?`,
    ).run(sqliteDate(frozenAt), 30_000_000, QUICKNET_HASH, campaign.id);
    db.prepare(
      `INSERT INTO "EntryList" ("campaignId", "frozenAt", "sha256", "byteLength", "entryCount", "totalWeight", "disqualifiedCount", "beaconRound", "beaconChain") VALUES (?, ?, ?, ?, 3, 6, 1, ?, ?)`,
    ).run(campaign.id, sqliteDate(frozenAt), createHash("sha256").update(bytes).digest("hex"), bytes.length, 30_000_000, QUICKNET_HASH);
    // Two chunks, split inside bob's line.
    const split = csv.indexOf(bob.id) + 5;
    const insert = db.prepare(`INSERT INTO "EntryListChunk" ("campaignId", "index", "bytes") VALUES (?, ?, ?)`);
    insert.run(campaign.id, 0, bytes.subarray(0, split));
    insert.run(campaign.id, 1, bytes.subarray(split));
  } finally {
    db.close();
  }
  return { campaign, ada, bob, cyd, pending, bot, csv };
}

test("check my entry works as a plain GET form, by id or by link, and explains entries that are not in the list", async ({ page }) => {
  const { campaign, ada, bob, pending, bot } = frozenCampaign();
  await page.goto(`/campaign/${campaign.id}/draw`);
  await expect(main(page).getByTestId("draw-list-hash")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(main(page).getByTestId("draw-disqualified")).toContainText("Fake entry");

  const check = async (input: string) => {
    await main(page).getByLabel("Entry id or link").fill(input);
    await main(page).getByRole("button", { name: "Check my entry" }).click();
    await expect(page).toHaveURL(new RegExp(`/campaign/${campaign.id}/draw\\?entry=`));
    return main(page).getByTestId("check-result");
  };

  const adaResult = await check(ada.id);
  await expect(adaResult).toContainText("is in the draw: number 1 of 3, on line 2 of draw.csv");
  await expect(main(page).getByTestId("check-tickets")).toHaveText("Weight 4: it holds tickets 0 to 3 of the 6 tickets (0 to 5).");

  // The referral link finds the entry it names; the line straddles the two stored chunks.
  const bobResult = await check(`https://giveawear.example/campaign/${campaign.id}?ref=${bob.id}`);
  await expect(bobResult).toContainText("number 2 of 3");
  await expect(main(page).getByTestId("check-line")).toHaveText(new RegExp(`^${bob.id},[0-9]+,${ada.id},1$`));
  await expect(main(page).getByTestId("check-tickets")).toHaveText("Weight 1: it holds ticket 4 of the 6 tickets (0 to 5).");
  await expect(main(page).getByLabel("Entry id or link")).toHaveValue(`https://giveawear.example/campaign/${campaign.id}?ref=${bob.id}`);

  await expect(await check(pending.id)).toContainText("it was not confirmed before the giveaway ended");
  await expect(await check(bot.id)).toContainText("was disqualified (Fake entry) and is not in the draw");
  await expect(await check("zzzzzzzzzzzzzzzzzzzzzzzz")).toContainText("No entry of this giveaway has that id.");
});

test("draw.csv downloads the frozen bytes", async ({ request }) => {
  const { campaign, csv } = frozenCampaign();
  const response = await request.get(`/campaign/${campaign.id}/draw.csv`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await response.body()).toString("ascii")).toBe(csv);
});
