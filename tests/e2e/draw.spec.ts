import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";
import { insertCampaign, insertDraw, insertEntryWith } from "./campaigns";

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

  // Each answer is a page of its own (a GET form): wait for the one asked for, not the one before it,
  // whose URL also has ?entry= (without JavaScript a click on a page still loading could be read too early).
  const check = async (input: string) => {
    await page.waitForLoadState();
    await main(page).getByLabel("Entry id or link").fill(input);
    await main(page).getByRole("button", { name: "Check my entry" }).click();
    await page.waitForURL((url) => url.pathname === `/campaign/${campaign.id}/draw` && url.searchParams.get("entry") === input);
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

/**
 * What "Check my entry" should say of `id`, worked out from the frozen list's bytes: its line among the
 * entry lines, and its tickets from the cumulative weights (numbered from 0, as the procedure does).
 */
function expectedAnswer(csv: string, id: string): string {
  const lines = csv.split("\n").slice(1);
  const entries = lines.slice(0, lines.indexOf("disqualified_entry_id,reason"));
  const weights = entries.map((line) => Number(line.split(",")[3]));
  const index = entries.findIndex((line) => line.startsWith(`${id},`));
  const first = weights.slice(0, index).reduce((sum, weight) => sum + weight, 0);
  const last = first + weights[index]! - 1;
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const tickets = first === last ? `ticket ${first}` : `tickets ${first}–${last}`;
  return `Your entry is line ${index + 1} of ${entries.length} and holds ${tickets} of ${total}.`;
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the result and Check my entry come first, the check answers in words, and the procedure waits behind a disclosure", async ({
    page,
  }) => {
    const { campaign, ada, bob, cyd, csv } = frozenCampaign();
    insertDraw(campaign.id, [{ rank: 1, entryId: cyd.id, ticket: "5", counter: 0 }]);
    const db = new Database(E2E_DATABASE);
    try {
      db.prepare(`UPDATE "Draw" SET "procedureVersion" = 3, "secret" = '' WHERE "campaignId" = ?`).run(campaign.id);
    } finally {
      db.close();
    }
    const top = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!.y;

    await page.goto(`/campaign/${campaign.id}/draw?entry=${ada.id}`);
    const result = main(page).getByTestId("draw-result-pick");
    await expect(result).toContainText("Grand prize");
    await expect(result).toContainText("Ticket 5");
    // The winner stands on the first screen; the record's steps come after the result and the check.
    const resultBox = (await result.boundingBox())!;
    expect(resultBox.y + resultBox.height).toBeLessThanOrEqual(740);
    const check = main(page).getByRole("heading", { name: "Check my entry" });
    const firstStep = main(page).getByRole("heading", { name: "1. Fixed at launch" });
    expect(await top(result)).toBeLessThan(await top(check));
    expect(await top(check)).toBeLessThan(await top(firstStep));

    const answer = main(page).getByTestId("check-answer");
    await expect(answer).toHaveText(expectedAnswer(csv, ada.id));
    await expect(answer).toHaveText("Your entry is line 1 of 3 and holds tickets 0–3 of 6.");
    // The raw line stands below the words.
    expect(await top(main(page).getByTestId("check-line"))).toBeGreaterThan(await top(answer));

    await page.goto(`/campaign/${campaign.id}/draw?entry=${bob.id}`);
    await expect(main(page).getByTestId("check-answer")).toHaveText(expectedAnswer(csv, bob.id));

    // The procedure's text is behind a closed disclosure, opened without JavaScript too.
    const procedure = main(page).getByTestId("draw-procedure");
    await expect(procedure).toBeHidden();
    await main(page).getByText("The procedure, in full").click();
    await expect(procedure).toBeVisible();
    expect(await top(procedure)).toBeGreaterThan(await top(firstStep));
  });
});
