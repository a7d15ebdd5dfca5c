import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";
import { insertCampaign } from "./campaigns";
import { confirmFromEmail, latestEmail, uniqueEmail } from "./support";

/**
 * An entrant's data rights (decision 054), with JavaScript on and off: ask for the link on the
 * privacy pages, open it from the email, see the entry and its consents, download, withdraw
 * marketing consent, erase.
 */

function main(page: Page) {
  return page.getByRole("main");
}

function entryRow(email: string): { email: string; marketingConsent: number; erasedAt: string | null } | undefined {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db
      .prepare(`SELECT email, marketingConsent, erasedAt FROM "Entry" WHERE id = (SELECT id FROM "Entry" WHERE email = ?)`)
      .get(email) as { email: string; marketingConsent: number; erasedAt: string | null } | undefined;
  } finally {
    db.close();
  }
}

function entryById(id: string): { email: string; erasedAt: string | null } | undefined {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db.prepare(`SELECT email, erasedAt FROM "Entry" WHERE id = ?`).get(id) as { email: string; erasedAt: string | null } | undefined;
  } finally {
    db.close();
  }
}

/** The data-page link in the newest email to this address. */
function dataLinkFor(email: string): string {
  const link = /https?:\/\/\S+\/privacy\/my-data\/[A-Za-z0-9_-]+/.exec(latestEmail(email)?.text ?? "")?.[0];
  expect(link, "the email carries a link to the data page").toBeTruthy();
  return new URL(link!).pathname;
}

test("an entrant asks for the link, sees their entry and consents, downloads them, withdraws consent and erases their data", async ({
  page,
}) => {
  const campaign = insertCampaign({ brandName: "Rights Brand", minimumAge: 21 });
  const email = uniqueEmail("rights");

  // Entering: the boxes' words are the campaign's own; marketing consent is a separate choice.
  await page.goto(`/campaign/${campaign.id}`);
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("I am 21 or older and agree to the official rules and the terms and conditions.").check();
  const consent = main(page).getByLabel("Send me news and offers from Rights Brand. Optional: it does not change your chances.");
  await expect(consent).not.toBeChecked();
  await consent.check();
  await main(page).getByRole("button", { name: "Enter Now" }).click();
  await confirmFromEmail(page, email);
  expect(entryRow(email)?.marketingConsent).toBe(1);
  // The confirmation email links to the data page too.
  expect(latestEmail(email)?.text).toMatch(/your data page \(https?:\/\/\S+\/privacy\/my-data\/[A-Za-z0-9_-]+\)/);

  // The privacy policy offers the request form; it answers without saying whether we know the address.
  await page.goto("/privacy");
  await expect(main(page).getByRole("heading", { name: "See, download or erase your data" })).toBeVisible();
  await main(page).getByTestId("data-request").getByLabel("Email").fill(email);
  await main(page).getByRole("button", { name: "Email me a link" }).click();
  await expect(page).toHaveURL(/\/privacy\/my-data\?sent=1$/);
  await expect(main(page).getByRole("status")).toHaveText(
    "If we have data for that address, we've emailed a link to it. The link works for 7 days.",
  );
  await expect.poll(() => latestEmail(email)?.subject).toBe("Your data at Giveawear");

  // The link opens the page: the entry, the words of each consent as shown, and the buttons.
  const link = dataLinkFor(email);
  await page.goto(link);
  await expect(main(page).getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
  await expect(main(page).getByTestId("data-address")).toHaveText(email);
  const card = main(page).getByTestId("data-entry");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { name: campaign.title })).toBeVisible();
  await expect(card.getByTestId("consent-terms")).toContainText(
    "I am 21 or older and agree to the official rules and the terms and conditions. (version 1) Agreed",
  );
  await expect(card.getByTestId("consent-marketing")).toContainText(
    "Send me news and offers from Rights Brand. Optional: it does not change your chances. (version 1) Given",
  );

  // Download: everything as JSON.
  const href = await main(page).getByRole("link", { name: "Download all my data (JSON)" }).getAttribute("href");
  const download = await page.request.get(href!);
  expect(download.headers()["content-disposition"]).toBe('attachment; filename="giveawear-my-data.json"');
  const exported = (await download.json()) as { entries: { id: string; campaign: { title: string }; ipAddress: string | null }[] };
  expect(exported.entries.map((entry) => entry.campaign.title)).toEqual([campaign.title]);
  expect(exported.entries[0]!.ipAddress).toBeTruthy();
  const entryId = exported.entries[0]!.id;

  // Withdraw marketing consent.
  await card.getByRole("button", { name: "Withdraw marketing consent for Rights Brand" }).click();
  await expect(main(page).getByRole("status").first()).toHaveText(
    "Done: you will get no more news and offers from the brands you withdrew consent from.",
  );
  await expect(main(page).getByTestId("consent-marketing")).toContainText("Withdrawn");
  expect(entryRow(email)?.marketingConsent).toBe(0);

  // Erase: a confirm step first, then the data is gone.
  await main(page).getByRole("link", { name: "Erase my data…" }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: "Erase your data?" })).toBeVisible();
  await expect(main(page)).toContainText("Each entry stays in its giveaway's draw only as an anonymous id");
  await main(page).getByLabel("I understand: erase my data now. This cannot be undone.").check();
  await main(page).getByRole("button", { name: "Erase my data" }).click();
  await expect(main(page).getByRole("status").first()).toHaveText("Your data has been erased.");
  await expect(main(page).getByTestId("no-data")).toHaveText("We hold no giveaway entries for this address.");
  expect(entryById(entryId)).toMatchObject({ email: `erased:${entryId}` });
  expect(entryById(entryId)?.erasedAt).not.toBeNull();
  expect(entryRow(email)).toBeUndefined();
});

test("the request form refuses a malformed address with the reason, and a forged link opens nothing", async ({ page }) => {
  await page.goto("/privacy/my-data");
  await main(page).getByLabel("Email").fill("not an address");
  await main(page).getByRole("button", { name: "Email me a link" }).click();
  await expect(main(page).getByRole("alert")).toHaveText("Please enter a valid email address.");
  await expect(main(page).getByLabel("Email")).toHaveValue("not an address");

  const forged = await page.goto(`/privacy/my-data/${"A".repeat(60)}`);
  expect(forged?.status()).toBe(404);
  await expect(main(page).getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Email me a link" })).toBeVisible();
});
