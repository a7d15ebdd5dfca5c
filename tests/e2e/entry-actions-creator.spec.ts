import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { insertCampaign, userIdByEmail } from "./campaigns";
import { expectToast, signIn, uniqueEmail } from "./support";

/** Decision 076: the creator picks entry actions in the wizard's step 4 and adds them to a live campaign; the rules list them. */

const SHOTS = "/tmp/shots-creator";

// Whole flows on a shared two-core machine: sign-in, two wizard steps, several posts and screenshots.
test.describe.configure({ timeout: 120_000 });

function main(page: Page) {
  return page.getByRole("main");
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${project}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a creator picks entry actions in step 4, within the plan's limit", async ({ page }) => {
  const email = uniqueEmail("actions-wizard");
  await signIn(page, email);
  await page.goto("/create-campaign-v2");
  await main(page).getByLabel("Giveaway Title").fill("Entry Actions Tee");
  await main(page).getByLabel("Description", { exact: true }).fill("A giveaway with entry actions.");
  await main(page).getByLabel("Brand Name").fill("Acme");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Step 2: Select Plan" })).toBeVisible();
  // The plan cards say each plan's action limit.
  await expect(main(page).getByText("Up to 5 entry actions")).toBeVisible();
  await expect(main(page).getByText("Unlimited entry actions")).toBeVisible();
  await page.getByRole("radio", { name: /Growth Tee/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: /Step 3/ })).toBeVisible();
  const url = new URL(page.url());
  url.searchParams.set("step", "4");
  await page.goto(url.pathname + url.search);

  await expect(page.getByRole("heading", { name: "Step 4: Entry Rules & Rewards" })).toBeVisible();
  const section = main(page).getByTestId("entry-actions");
  await expect(section.getByTestId("entry-actions-limit")).toHaveText("Your plan includes up to 5 entry actions.");
  // Each kind is offered with its verification and hint.
  await expect(section.getByText("Counted when the entrant follows our tracked link to it.", { exact: false }).first()).toBeVisible();

  // A code too short: the schema's words, nothing added.
  await section.getByRole("radio", { name: /^Enter a code/ }).check();
  await section.getByLabel("Label entrants see").fill("Code from our newsletter");
  await section.getByLabel(/Code entrants type/).fill("AB");
  await section.getByRole("button", { name: "Add this action" }).click();
  await expect(section.getByText("The code needs at least 3 letters or digits.")).toBeVisible();

  await section.getByRole("radio", { name: /^Visit a page/ }).check();
  await section.getByLabel("Label entrants see").fill("Visit our new collection");
  await section.getByLabel("Bonus entries").fill("2");
  await section.getByLabel(/Page or profile address/).fill("https://acme.example/new");
  await section.getByRole("button", { name: "Add this action" }).click();
  await expectToast(page, "Action added");
  const list = section.getByTestId("entry-actions-list");
  await expect(list.getByTestId("entry-action")).toHaveCount(1);
  await expect(list).toContainText("Visit our new collection");
  await expect(list).toContainText("+2 entries");
  await expect(list).toContainText("Tracked");

  await section.getByRole("radio", { name: /^Follow or subscribe/ }).check();
  await section.getByLabel("Label entrants see").fill("Follow us on Instagram");
  await section.getByRole("combobox", { name: /^Platform/ }).selectOption("instagram");
  await section.getByLabel(/Page or profile address/).fill("https://instagram.com/acme");
  await section.getByRole("button", { name: "Add this action" }).click();
  await expect(list.getByTestId("entry-action")).toHaveCount(2);
  await expect(list).toContainText("Self-reported");
  await shoot(page, "wizard-step4");

  await list.getByRole("button", { name: "Remove Follow us on Instagram" }).click();
  await expectToast(page, "Action removed");
  await expect(list.getByTestId("entry-action")).toHaveCount(1);
});

test("a creator adds an action to a live campaign, and the official rules list it", async ({ page }) => {
  const email = uniqueEmail("actions-live");
  await signIn(page, email);
  const live = insertCampaign({ creatorId: userIdByEmail(email), entryActionLimit: 5, prizeValueCents: 2500 });
  await page.goto(`/create-campaign-v2?campaignId=${live.id}`);
  const section = main(page).getByTestId("entry-actions");
  await expect(section.getByTestId("entry-actions-limit")).toHaveText("Your plan includes up to 5 entry actions.");
  await section.getByRole("radio", { name: /^Answer a question/ }).check();
  await section.getByLabel("Label entrants see").fill("Tell us your favourite colour");
  await section.getByRole("textbox", { name: /^Question/ }).fill("Which colour should we print next?");
  await section.getByLabel(/Choices, one per line/).fill("Forest green\nSunset orange\nOcean blue");
  await section.getByLabel("Bonus entries").fill("3");
  await section.getByRole("button", { name: "Add this action" }).click();
  await expectToast(page, "Action added");
  await expect(section.getByTestId("entry-action")).toContainText(
    "Which colour should we print next? (Forest green / Sunset orange / Ocean blue)",
  );

  await page.goto(`/campaign/${live.id}/rules`);
  const rules = main(page);
  await expect(rules.getByTestId("rules-bonus-list")).toContainText(
    "“Tell us your favourite colour” (Answer a question): +3 entries. Verification: answered.",
  );
  await expect(rules.getByText("Agreeing to marketing emails never earns entries: consent stays free.")).toBeVisible();
  await expect(rules.getByTestId("rules-actions-close")).toBeVisible();
  await expect(rules.getByTestId("rules-action-change")).toContainText(
    "added “Tell us your favourite colour” (Answer a question, answered, +3 entries).",
  );
  await shoot(page, "rules");
});
