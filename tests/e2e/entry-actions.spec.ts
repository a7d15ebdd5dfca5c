import { expect, test, type Page } from "@playwright/test";
import { insertCampaign, insertEntryAction } from "./campaigns";
import { confirmFromEmail, expectToast, latestEmail, uniqueEmail } from "./support";

/**
 * Entrants completing entry actions (decision 077), with JavaScript on and off (the two projects),
 * on a phone and a desktop: every action is a plain link or form POST.
 */
const main = (page: Page) => page.getByRole("main");
const SHOTS = "/tmp/shots-entrant";

function campaignWithActions() {
  const campaign = insertCampaign();
  insertEntryAction(campaign.id, { kind: "visit", label: "Visit our new drop", bonus: 2, position: 0, url: "https://shop.example/new" });
  insertEntryAction(campaign.id, { kind: "code", label: "Enter the code from our newsletter", bonus: 3, position: 1, code: "SPRING24" });
  insertEntryAction(campaign.id, {
    kind: "question",
    label: "Tell us your colour",
    bonus: 1,
    position: 2,
    question: "Which colour do you wear most?",
    choices: "Black\nWhite\nBlue",
  });
  insertEntryAction(campaign.id, { kind: "daily", label: "Come back every day", bonus: 1, position: 3 });
  insertEntryAction(campaign.id, {
    kind: "follow",
    label: "Follow us on Instagram",
    bonus: 2,
    position: 4,
    platform: "instagram",
    url: "https://www.instagram.com/e2ebrand",
  });
  return campaign;
}

const row = (page: Page, label: string) => main(page).getByTestId("action-row").filter({ hasText: label });

for (const size of [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("an entrant confirms, completes each kind of action, is refused a wrong code, and returns by the personal link", async ({
      page,
      browser,
      javaScriptEnabled,
    }, testInfo) => {
      // One entrant's whole visit: some twenty page loads.
      test.setTimeout(120_000);
      const campaign = campaignWithActions();
      await page.goto(`/campaign/${campaign.id}`);
      // The phone's first screen still shows the entry form, its button included.
      await expect(main(page).getByRole("button", { name: "Enter Now" })).toBeInViewport();

      const email = uniqueEmail("doer");
      await main(page).getByLabel("Email").fill(email);
      await main(page)
        .getByLabel(/I am 18 or older/)
        .check();
      await main(page).getByRole("button", { name: "Enter Now" }).click();
      await expect(main(page).getByTestId("actions-pending")).toHaveText(
        "5 bonus actions: Bonus actions open once you confirm your entry.",
      );
      await confirmFromEmail(page, email);
      await expect(main(page).getByTestId("action-total")).toHaveText("You have 1 entry");
      await main(page).getByTestId("entry-actions").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/open-${size.width}-${testInfo.project.name}.png`, fullPage: size.width < 400 });
      await expect(row(page, "Follow us on Instagram")).toContainText("Self-reported");
      await expect(row(page, "Enter the code from our newsletter")).toContainText("+3 entries");
      await expect(row(page, "Refer friends")).toContainText("+3 entries per friend");
      await expect(row(page, "Refer friends")).toContainText("Counted when a friend enters through your link and confirms.");

      // A wrong code: refused with its words, and the form again.
      await row(page, "Enter the code from our newsletter").getByLabel("Code").fill("NOPE");
      await row(page, "Enter the code from our newsletter").getByRole("button", { name: "Check code" }).click();
      await expect(page.getByTestId("action-refusal")).toHaveText("That code does not match. Check it and try again.");
      await page.getByLabel("Code").fill("spring24");
      await page.getByRole("button", { name: "Check code" }).click();
      await expectToast(page, "Bonus entries", "+3 entries counted. You have 4 entries.");
      await expect(main(page).getByTestId("action-total")).toHaveText("You have 4 entries");
      await expect(row(page, "Enter the code from our newsletter").getByTestId("action-done")).toBeVisible();
      await expect(row(page, "Enter the code from our newsletter").getByText("4 tries left.")).toHaveCount(0);

      await row(page, "Tell us your colour").getByLabel("Blue").check();
      await row(page, "Tell us your colour").getByRole("button", { name: "Answer" }).click();
      await expect(main(page).getByTestId("action-total")).toHaveText("You have 5 entries");

      await row(page, "Follow us on Instagram").getByLabel("Your Instagram handle").fill("@anne.doe");
      await row(page, "Follow us on Instagram").getByRole("button", { name: "I follow" }).click();
      await expect(main(page).getByTestId("action-total")).toHaveText("You have 7 entries");

      await row(page, "Come back every day").getByRole("button", { name: "I'm back today" }).click();
      await expect(main(page).getByTestId("action-total")).toHaveText("You have 8 entries");
      await expect(row(page, "Come back every day")).toContainText("Done today. Come back tomorrow for another bonus entry.");

      // The tracked link opens the brand's page in a new tab; the entry counts it.
      // The brand's site is out of this machine's reach: what counts is that the new tab asks for it, after our
      // redirect (the headless shell does not route a popup's redirect, so the request itself is the evidence).
      const brandPage = page.context().waitForEvent("request", (request) => request.url() === "https://shop.example/new");
      const [shop] = await Promise.all([
        page.waitForEvent("popup"),
        row(page, "Visit our new drop").getByRole("link", { name: "Visit the page" }).click(),
      ]);
      const request = await brandPage;
      expect(request.isNavigationRequest()).toBe(true);
      expect(request.frame().page()).toBe(shop);
      expect(request.redirectedFrom()?.url()).toMatch(/\/campaign\/[a-z0-9]+\/actions\/[a-z0-9]+\/go$/);
      await shop.close();
      await page.reload();
      await expect(main(page).getByTestId("action-total")).toHaveText("You have 10 entries");
      await expect(main(page).getByTestId("your-entries")).toHaveText("10 entries");
      await expect(main(page).getByTestId("action-done")).toHaveCount(5);

      await main(page).getByTestId("entry-actions").scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${SHOTS}/entered-${size.width}-${testInfo.project.name}.png`,
        fullPage: size.width > 400 ? false : true,
      });

      // The personal link from the confirmation email opens the entry in another browser.
      const link = /https?:\/\/\S+\/entry\/[a-z0-9]+-[0-9a-f]{32}/.exec(latestEmail(email)?.text ?? "")?.[0];
      expect(latestEmail(email)?.text).toContain("Visit our new drop (+2 entries, Tracked)");
      expect(link).toBeTruthy();
      const phone = await browser.newContext({ javaScriptEnabled, viewport: { width: size.width, height: size.height } });
      const other = await phone.newPage();
      await other.goto(new URL(link!).pathname);
      await expect(main(other).getByTestId("action-total")).toHaveText("You have 10 entries");
      // Twice the same day: refused.
      await expect(row(other, "Come back every day").getByRole("button", { name: "I'm back today" })).toHaveCount(0);
      await phone.close();
    });
  });
}
