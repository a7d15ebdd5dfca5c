import { expect, test, type Page } from "@playwright/test";
import { insertCampaign, insertEntryAction, userIdByEmail } from "./campaigns";
import { confirmFromEmail, expectToast, signIn, uniqueEmail } from "./support";

/**
 * Action claims (decision 078), with JavaScript on and off (the two projects), on a phone and a
 * desktop: an entrant claims a follow, the creator disqualifies that claim on the Action claims page,
 * and the entrant's count drops by that bonus only.
 */
const main = (page: Page) => page.getByRole("main");
const SHOTS = "/tmp/shots-claims";

for (const size of [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a creator disqualifies a false follow claim and the entrant's count drops", async ({
      page,
      browser,
      javaScriptEnabled,
    }, testInfo) => {
      test.setTimeout(90_000);
      const creator = uniqueEmail("claims-creator");
      await signIn(page, creator);
      const campaign = insertCampaign({ creatorId: userIdByEmail(creator) });
      insertEntryAction(campaign.id, {
        kind: "follow",
        label: "Follow us on Instagram",
        bonus: 2,
        position: 0,
        platform: "instagram",
        url: "https://www.instagram.com/e2ebrand",
      });

      // The entrant, in a browser of their own: enters, confirms, claims a follow.
      const entrantContext = await browser.newContext({ javaScriptEnabled, viewport: { width: size.width, height: size.height } });
      const entrant = await entrantContext.newPage();
      const email = uniqueEmail("claimer");
      await entrant.goto(`/campaign/${campaign.id}`);
      await main(entrant).getByLabel("Email").fill(email);
      await main(entrant)
        .getByLabel(/I am 18 or older/)
        .check();
      await main(entrant).getByRole("button", { name: "Enter Now" }).click();
      await confirmFromEmail(entrant, email);
      const follow = main(entrant).getByTestId("action-row").filter({ hasText: "Follow us on Instagram" });
      await follow.getByLabel("Your Instagram handle").fill("@not.really");
      await follow.getByRole("button", { name: "I follow" }).click();
      await expect(main(entrant).getByTestId("action-total")).toHaveText("You have 3 entries");

      // The creator finds the claim from the analytics page.
      await page.goto(`/dashboard/campaigns/${campaign.id}/analytics`);
      await page.getByTestId("claims-review-link").click();
      await expect(page.getByRole("heading", { name: `${campaign.title} - Action claims` })).toBeVisible();
      const handles = page.getByTestId("handle-claims");
      const claim = handles.locator("li").filter({ hasText: "@not.really" });
      await expect(claim).toContainText(email);
      await expect(claim).toContainText("Counted: +2 entries");
      await page.screenshot({ path: `${SHOTS}/claims-${size.width}-${testInfo.project.name}.png`, fullPage: true });

      await claim.getByLabel("Reason").selectOption("false_claim");
      await claim.getByRole("button", { name: "Disqualify claim" }).click();
      await expectToast(
        page,
        "Claim disqualified",
        "“Follow us on Instagram” no longer counts: 2 entries less for that entry, which stays in the draw.",
      );
      await expect(page.getByTestId("handle-claims").locator("li").filter({ hasText: "@not.really" })).toContainText(
        "Disqualified: False claim",
      );
      await expect(page.getByTestId("rejected-claims")).toContainText("@not.really");
      await page.screenshot({ path: `${SHOTS}/disqualified-${size.width}-${testInfo.project.name}.png`, fullPage: true });

      // The entrant's count drops by that bonus only, and their page says why.
      await entrant.reload();
      await expect(main(entrant).getByTestId("action-total")).toHaveText("You have 1 entry");
      await expect(main(entrant).getByTestId("action-rejected")).toHaveText("Not counted: the organiser rejected this claim.");
      await main(entrant).getByTestId("entry-actions").scrollIntoViewIfNeeded();
      await entrant.screenshot({ path: `${SHOTS}/entrant-${size.width}-${testInfo.project.name}.png` });
      await entrantContext.close();
    });
  });
}
