import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { insertCampaign } from "./campaigns";
import { confirmFromEmail, expectToast, latestEmail, loginCodeFor, requestCode, signIn, signInAsAdmin, uniqueEmail } from "./support";

// The admin panel, with and without JavaScript. Each test signs in its own admin (signInAsAdmin).

function adminTabs(page: Page) {
  return page.getByRole("navigation", { name: "Admin sections" });
}

test("a visitor is sent to sign in and a normal user is turned away from every admin tab", async ({ page }) => {
  await page.goto("/admin/dashboard/users");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard%2Fusers$/);
  await expectToast(page, "Login Required", "Please log in to access this page.");

  await signIn(page, uniqueEmail("nosy"));
  for (const path of [
    "/admin/dashboard",
    "/admin/dashboard/users",
    "/admin/dashboard/settings/slider",
    "/admin/dashboard/api-keys",
    "/admin/dashboard/emails",
    "/admin-dashboard-old",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/my-campaigns$/);
  }
});

test("an admin changes a user's role, and the user's access follows", async ({ page, browser }) => {
  const member = uniqueEmail("member");
  const memberPage = await browser.newPage();
  await signIn(memberPage, member);
  await memberPage.goto("/admin/dashboard");
  await expect(memberPage).toHaveURL(/\/my-campaigns$/);

  await signInAsAdmin(page);
  await adminTabs(page).getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/users$/);
  await page.getByLabel("Search by email or name").fill(member);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=/);
  const row = page.getByTestId("user-row").filter({ hasText: member });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("user-row")).toHaveCount(1);

  await row.getByLabel("Stored role").selectOption("admin");
  await row.getByRole("button", { name: "Save role" }).click();
  await expectToast(page, "Role Saved", `${member} now has the stored role Admin.`);
  await expect(row.getByTestId("effective-role")).toHaveText("Admin");
  await memberPage.goto("/admin/dashboard");
  await expect(memberPage.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  await row.getByLabel("Stored role").selectOption("user");
  await row.getByRole("button", { name: "Save role" }).click();
  await expectToast(page, "Role Saved", `${member} now has the stored role User.`);
  await expect(row.getByTestId("effective-role")).toHaveText("User");
  await memberPage.goto("/admin/dashboard");
  await expect(memberPage).toHaveURL(/\/my-campaigns$/);

  // "Send sign-in code" emails the member a real code.
  await row.getByRole("button", { name: "Send sign-in code" }).click();
  await expectToast(page, "Sign-in Code Sent", `A sign-in code has been sent to ${member}.`);
  await expect.poll(() => latestEmail(member)?.text ?? "").toMatch(/\b\d{6}\b/);
  await memberPage.close();
});

test("an admin edits an email template, previews it, and the next email uses it", async ({ page, browser }, testInfo) => {
  // Each project edits its own template, so the two projects never race over one.
  const js = testInfo.project.name === "js";
  const marker = `e2e-${testInfo.project.name}-${randomUUID().slice(0, 6)}`;
  const template = js
    ? { name: "Sign-in code", subject: `Your code {{code}} · ${marker}` }
    : { name: "Entry confirmation", subject: `Entered {{campaign_title}} · ${marker}` };

  await signInAsAdmin(page);
  await adminTabs(page).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Email templates" }).click();
  await page.getByRole("link", { name: `Edit ${template.name}` }).click();
  await expect(page.getByRole("heading", { name: `Edit “${template.name}”` })).toBeVisible();
  await expect(page.getByTitle("Email preview")).toHaveAttribute("sandbox", "");

  await page.getByLabel("Subject").fill(template.subject);
  if (!js) await page.getByRole("button", { name: "Update preview" }).click();
  const sample = js ? `Your code 123456 · ${marker}` : `Entered Win the Northwind Morning Mug · ${marker}`;
  await expect(page.getByTestId("preview-subject")).toHaveText(sample);

  await page.getByRole("button", { name: "Save template" }).click();
  await expectToast(page, "Template Saved");
  await expect(page.getByLabel("Subject")).toHaveValue(template.subject);

  const visitor = await browser.newPage();
  const email = uniqueEmail("next-email");
  if (js) {
    await requestCode(visitor, email);
    const code = await loginCodeFor(email);
    expect(latestEmail(email)?.subject).toBe(`Your code ${code} · ${marker}`);
  } else {
    const campaign = insertCampaign();
    await visitor.goto(`/campaign/${campaign.id}`);
    const main = visitor.getByRole("main");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel(/I am 18 or older/).check();
    await main.getByRole("button", { name: "Enter Now" }).click();
    // The entry confirmation goes out once the entry is confirmed from the emailed link.
    await confirmFromEmail(visitor, email);
    await expect.poll(() => latestEmail(email)?.subject).toBe(`Entered ${campaign.title} · ${marker}`);
  }
  await visitor.close();
});

const SLIDES = {
  white: "White t-shirt with a sunrise brand print",
  black: "Black t-shirt with an empty print area",
  gray: "Heather gray hoodie and a branded mug",
};

async function adminOrder(page: Page): Promise<string[]> {
  return page.getByTestId("slide-alt").allTextContents();
}

/** The slider's image descriptions in the order the landing page shows them. */
async function homeOrder(page: Page): Promise<string[]> {
  await page.goto("/");
  const images = page.getByRole("region", { name: "Giveaway designs" }).getByRole("img");
  const alts: string[] = [];
  for (let index = 0; index < (await images.count()); index += 1) alts.push((await images.nth(index).getAttribute("alt")) ?? "");
  return alts;
}

const before = (order: string[], first: string, second: string) => order.indexOf(first) < order.indexOf(second);

/**
 * Moves `slide` one place at a time until it is on the wanted side of `other`. The other project
 * moves a different slide against a different neighbour at the same time, which never swaps this
 * pair, so the pair ends where this test puts it.
 */
async function moveUntil(page: Page, slide: string, direction: "up" | "down", other: string) {
  const done = (order: string[]) => (direction === "up" ? before(order, slide, other) : before(order, other, slide));
  for (let step = 0; step < 3; step += 1) {
    const order = await adminOrder(page);
    if (done(order)) break;
    await page.getByRole("button", { name: `Move “${slide}” ${direction}` }).click();
    // The list is shown again in its new order (a toast from the previous move may still be up).
    await expect(page.getByTestId("slide-alt")).not.toHaveText(order);
    await expectToast(page, direction === "up" ? "Moved Up" : "Moved Down");
  }
  expect(done(await adminOrder(page))).toBe(true);
}

test("an admin reorders the homepage slider and the home page follows", async ({ page, browser }, testInfo) => {
  // js swaps white and black; no-js swaps gray and black (see moveUntil). Both put them back.
  const [slide, other] = testInfo.project.name === "js" ? [SLIDES.white, SLIDES.black] : [SLIDES.gray, SLIDES.black];
  const startsBefore = testInfo.project.name === "js";

  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/settings");
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Homepage slider" }).click();
  await expect(page.getByRole("heading", { name: "Homepage slider" })).toBeVisible();
  expect(before(await adminOrder(page), slide, other)).toBe(startsBefore);

  const home = await browser.newPage();
  await moveUntil(page, slide, startsBefore ? "down" : "up", other);
  expect(before(await homeOrder(home), slide, other)).toBe(!startsBefore);

  await moveUntil(page, slide, startsBefore ? "up" : "down", other);
  expect(before(await homeOrder(home), slide, other)).toBe(startsBefore);
  await home.close();
});

test("an admin saves a plan as it stands and adds a coupon: every field reaches the server", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/settings/plans");
  await page.getByRole("button", { name: "Save Pro Tee" }).click();
  await expectToast(page, "Plan Saved", "Pro Tee is saved; new launches use it from now on.");

  const code = `E2E${randomUUID().slice(0, 8).toUpperCase()}`;
  await page.goto("/admin/dashboard/settings/coupons");
  const add = page.getByRole("region", { name: "Add a coupon" });
  await add.getByLabel("Code").fill(code);
  await add.getByLabel("Percent", { exact: true }).check();
  await add.getByLabel("Percent off").fill("15");
  await add.getByRole("button", { name: "Add coupon" }).click();
  await expectToast(page, "Coupon Added", `${code} can be used in the wizard now.`);
  await expect(page.getByTestId("coupon-row").filter({ hasText: code })).toContainText("15% off");
});
