import { mkdirSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_DATA_DIR } from "../../playwright.config";
import { insertCampaign, userIdByEmail } from "./campaigns";
import { signIn, uniqueEmail } from "./support";

/**
 * The creator's preview of the emails to entrants (decision 081), with JavaScript on and off, on a
 * phone and a desktop: the brand's sender name and Reply-To, and the email itself with the brand's
 * logo and the prize's picture loaded as PNG and JPEG.
 */
const SHOTS = "/tmp/shots-brandmail";

/** A picture stored where the server keeps uploads, as if the creator had uploaded it. */
async function storedUpload(kind: "logo" | "custom_design", svg: string): Promise<string> {
  const file = `${randomUUID().replace(/-/g, "")}.png`;
  const dir = path.join(E2E_DATA_DIR, "uploads", kind);
  mkdirSync(dir, { recursive: true });
  await sharp(Buffer.from(svg)).png().toFile(path.join(dir, file));
  return `/uploads/${kind}/${file}`;
}

for (const size of [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a creator previews the winner email with the brand's sender, logo, prize and accent", async ({ page }, testInfo) => {
      const creator = uniqueEmail("preview-creator");
      await signIn(page, creator);
      const logoUrl = await storedUpload(
        "logo",
        `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><rect width="400" height="120" rx="20" fill="#0f766e"/><text x="200" y="78" font-size="56" text-anchor="middle" fill="#fff" font-family="sans-serif">KESTREL</text></svg>`,
      );
      const finalDesignUrl = await storedUpload(
        "custom_design",
        `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><circle cx="300" cy="300" r="220" fill="#f97316"/><text x="300" y="330" font-size="90" text-anchor="middle" fill="#fff" font-family="sans-serif">BREW</text></svg>`,
      );
      const campaign = insertCampaign({
        creatorId: userIdByEmail(creator),
        brandName: "Kestrel Coffee",
        supportEmail: "help@kestrel.example",
        accentColor: "#0f766e",
        logoUrl,
        finalDesignUrl,
        productType: "t-shirt",
        selectedColors: "white",
      });

      await page.goto(`/dashboard/campaigns/${campaign.id}/emails`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Emails to entrants");
      await page.getByRole("link", { name: "Winner", exact: true }).click();
      await expect(page).toHaveURL(/\?email=winner_notification$/);
      await expect(page.getByTestId("email-from")).toHaveText(/^Kestrel Coffee via Giveawear </);
      await expect(page.getByTestId("email-reply-to")).toHaveText("help@kestrel.example");

      const email = page.frameLocator('iframe[title^="Winner"]');
      await expect(email.getByText("Congratulations!")).toBeVisible();
      await expect(email.getByRole("link", { name: "Claim your prize" })).toHaveCSS("background-color", "rgb(15, 118, 110)");
      // Both pictures are loaded, and are this app's PNG and JPEG renditions.
      const images = email.locator("img");
      await expect(images).toHaveCount(2);
      for (const image of await images.all()) {
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        const src = (await image.getAttribute("src")) ?? "";
        const response = await page.request.get(src);
        expect(response.status()).toBe(200);
        expect(response.headers()["content-type"]).toMatch(/^image\/(png|jpeg)$/);
      }

      mkdirSync(SHOTS, { recursive: true });
      // The frame is painted once it has been on screen: below the first screen of a phone it is scrolled to first.
      const frame = page.locator('iframe[title^="Winner"]');
      await frame.scrollIntoViewIfNeeded();
      await frame.screenshot({ path: `${SHOTS}/preview-${size.width}-${testInfo.project.name}-email.png` });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/preview-${size.width}-${testInfo.project.name}.png`, fullPage: true });
    });
  });
}
