import { expect, test, type Page } from "@playwright/test";
import { configuredAccount, expectToast, signIn, uniqueEmail } from "./support";

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

test.describe("navigation by role", () => {
  test("visitors see How It Works, Browse Giveaways, Login and Get Started", async ({ page }) => {
    await page.goto("/start");
    await expect(mainNav(page).getByRole("link")).toHaveText(["How It Works", "Browse Giveaways"]);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    // Decision 046: Get Started leads to the wizard, not back to this page.
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/create-campaign-v2");
    await expect(page.getByRole("banner").getByRole("link", { name: "Giveawear" })).toHaveAttribute("href", "/start");
  });

  test("users see their links, the call-to-action and their account menu", async ({ page }) => {
    const email = uniqueEmail("navuser");
    await signIn(page, email);
    await expect(mainNav(page).getByRole("link")).toHaveText(["Dashboard", "My Campaigns", "How It Works"]);
    await expect(page.getByRole("banner").getByRole("link", { name: "Create Giveaway" })).toHaveAttribute("href", "/create-campaign");
    await page.getByLabel("Account menu").click();
    const menu = page.locator("details[open]");
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByText(email.split("@")[0] ?? "", { exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Profile" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Settings" })).toBeVisible();
  });

  test("editors see the support queue and moderation marked coming soon", async ({ page }) => {
    await signIn(page, configuredAccount("editor"));
    await expect(mainNav(page)).toContainText("Support Queue (Soon)");
    await expect(mainNav(page).getByRole("link", { name: /Support Queue/ })).toHaveCount(0);
    await page.getByLabel("Account menu").click();
    await expect(page.locator("details[open]")).toContainText("Moderate Campaigns (Soon)");
    await expect(page.getByRole("banner").getByRole("link", { name: "Create Giveaway" })).toBeVisible();
  });

  test("admins see the admin links and no call-to-action", async ({ page }) => {
    await signIn(page, configuredAccount("shell-admin"));
    await expect(mainNav(page)).toContainText("Admin Dashboard");
    await expect(mainNav(page)).toContainText("Campaigns (Soon)");
    await expect(mainNav(page).getByRole("link", { name: "Users" })).toHaveAttribute("href", "/admin/dashboard/users");
    await expect(mainNav(page).getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/admin/orders");
    await expect(mainNav(page).getByRole("link", { name: "API Keys / Settings" })).toHaveAttribute("href", "/admin/dashboard/settings");
    await expect(page.getByRole("banner").getByRole("link", { name: "Create Giveaway" })).toHaveCount(0);
    await page.getByLabel("Account menu").click();
    await expect(page.locator("details[open]").getByRole("link", { name: "Full Admin Panel" })).toHaveAttribute("href", "/admin/dashboard");
  });
});

test.describe("site shell", () => {
  test("the footer carries every column and the current year", async ({ page }) => {
    await page.goto("/start");
    const footer = page.getByRole("contentinfo");
    for (const label of [
      "Home",
      "How It Works",
      "Browse Giveaways",
      "Launch Giveaway",
      "Login",
      "About Us",
      "Contact Us",
      "Create Campaign",
      "Browse Campaigns",
      "Pricing",
      "Terms of Service",
      "Privacy Policy",
    ]) {
      await expect(footer.getByRole("link", { name: label }).first()).toBeVisible();
    }
    for (const network of ["Twitter", "Facebook", "Instagram", "LinkedIn"]) {
      await expect(footer.getByRole("link", { name: network })).toBeVisible();
    }
    await expect(footer).toContainText(`© ${new Date().getUTCFullYear()} Giveawear`);
  });

  test("the theme toggle switches to dark and the server remembers it", async ({ page }) => {
    await page.goto("/start");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    // Reload only once the server has answered: with JavaScript the page turns dark before the
    // cookie is set (optimistically), and a reload racing the fetcher would lose the choice.
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/theme"));
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await saved;
    await expect(page).toHaveURL(/\/start$/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("unknown paths go to /start", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Launch T-Shirt Giveaways");
  });

  test("coming-soon pages offer the way home", async ({ page }) => {
    await signIn(page, uniqueEmail("soon"));
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
    await page.getByRole("link", { name: "Go Back Home" }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Launch T-Shirt Giveaways");
  });
});

test.describe("mobile menu at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("opens, shows the links and navigates", async ({ page }) => {
    await page.goto("/start");
    await expect(mainNav(page)).toBeHidden();
    await page.getByLabel("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "Browse Giveaways" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Get Started" })).toBeVisible();
    await menu.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("signed in, it offers Log Out", async ({ page }) => {
    await signIn(page, uniqueEmail("mobile"));
    await page.getByLabel("Menu", { exact: true }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/start$/);
    await expectToast(page, "Logged Out");
  });
});
