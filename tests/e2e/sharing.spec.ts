/**
 * The embeddable entry card inside another website (decision 045): a page served from a
 * second origin frames /campaign/<id>/embed; a visitor enters through it with JavaScript on and off
 * and the frame itself says "Check your email". Only the embed may be framed.
 */
import { once } from "node:events";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { APP_PORT } from "../../playwright.config";
import { seriousViolations } from "./axe";
import { entryRows, insertCampaign } from "./campaigns";
import { latestEmail, uniqueEmail } from "./support";

const APP = `http://localhost:${APP_PORT}`;
let foreign: Server;
let foreignOrigin = "";

test.beforeAll(async () => {
  // Another site: 127.0.0.1 is a different site from localhost, so the frame is cross-site.
  foreign = createServer((request, response) => {
    const target = new URL(request.url ?? "/", "http://x").searchParams.get("frame") ?? "";
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html><head><title>A shop</title></head><body>
<h1>Our shop's giveaway</h1>
<iframe src="${APP}${target}" title="Shop giveaway" width="100%" height="520" style="border:0;max-width:420px"></iframe>
</body></html>`);
  }).listen(0, "127.0.0.1");
  await once(foreign, "listening");
  foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  foreign.close();
});

/** axe-core on the page as it is: no serious or critical violation. */
async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test("the embed on its own has no serious accessibility problem, before and after an entry", async ({ page, javaScriptEnabled }) => {
  const campaign = insertCampaign();
  await page.goto(`/campaign/${campaign.id}/embed`);
  const button = page.getByRole("button", { name: "Enter Now" });
  await expect(button).toBeVisible();
  // Why Enter Now waits (decision 091): with JavaScript it is disabled until the terms are ticked.
  await expect(button).toHaveAccessibleDescription("Tick the terms box above to enter.");
  const hint = page.getByText("Tick the terms box above to enter.");
  await expect(hint).toBeVisible();
  if (javaScriptEnabled) await expect(button).toBeDisabled();
  // axe runs as a script in the page, so only where the page runs scripts (the a11y spec's rule too).
  if (javaScriptEnabled) await expectAccessible(page);
  await page.getByLabel("Email").fill(uniqueEmail("embed-a11y"));
  await page.getByLabel(/I am 18 or older/).check();
  if (javaScriptEnabled) await expect(hint).toBeHidden();
  await button.click();
  await expect(page.getByTestId("embed-done")).toContainText("Check your email to confirm your entry");
  if (javaScriptEnabled) await expectAccessible(page);
});

test("a visitor enters through the embed on another website and the frame says to check their email", async ({ page }) => {
  const campaign = insertCampaign();
  const email = uniqueEmail("embed");
  await page.goto(`${foreignOrigin}/?frame=${encodeURIComponent(`/campaign/${campaign.id}/embed`)}`);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(campaign.title);
  await expect(frame.getByRole("link", { name: "Official rules" }).last()).toHaveAttribute("target", "_blank");

  await frame.getByLabel("Email").fill(email);
  await frame.getByLabel(/I am 18 or older/).check();
  await frame.getByRole("button", { name: "Enter Now" }).click();

  await expect(frame.getByTestId("embed-done")).toContainText("Check your email to confirm your entry");
  await expect(frame.getByRole("link", { name: "Open the giveaway page" })).toHaveAttribute("href", `${APP}/campaign/${campaign.id}`);
  // The foreign page is still there around it.
  await expect(page.getByRole("heading", { name: "Our shop's giveaway" })).toBeVisible();
  expect(entryRows(campaign.id).map((row) => row.email)).toEqual([email]);
  expect(latestEmail(email)?.subject).toContain(campaign.title);
});

test("the embed wears the brand's accent, never cuts a long title, and takes the host page's background", async ({ page }) => {
  const title = `The Longest Summer Giveaway Title We Could Write For A Shirt That Deserves Every Word Of It ${Date.now()}`;
  const campaign = insertCampaign({ title, accentColor: "#0f766e" });
  await page.goto(`/campaign/${campaign.id}/embed?bg=transparent`);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(title);
  // The whole title is laid out: nothing clipped below a third line.
  expect(await heading.evaluate((h) => h.scrollHeight <= h.clientHeight && getComputedStyle(h).webkitLineClamp === "none")).toBe(true);
  expect(
    await page.evaluate(() => [
      getComputedStyle(document.documentElement).backgroundColor,
      getComputedStyle(document.body).backgroundColor,
    ]),
  ).toEqual(["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);

  await page.goto(`/campaign/${campaign.id}/embed?bg=f5f0e8`);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(245, 240, 232)");
  await page.getByLabel("Email").fill(uniqueEmail("embed-brand"));
  await page.getByLabel(/I am 18 or older/).check();
  await page.getByRole("button", { name: "Enter Now" }).click();
  // Posting keeps the address's ?bg=, and the answer's link is in the brand's teal, not the site's blue.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(245, 240, 232)");
  await expect(page.getByRole("link", { name: "Open the giveaway page" })).toHaveCSS("color", "rgb(15, 118, 110)");
});

test("a refused entry comes back inside the frame with its message", async ({ page, javaScriptEnabled }) => {
  const campaign = insertCampaign();
  await page.goto(`${foreignOrigin}/?frame=${encodeURIComponent(`/campaign/${campaign.id}/embed`)}`);
  const frame = page.frameLocator("iframe");
  await frame.getByLabel("Email").fill("not-an-email");
  await frame.getByLabel(/I am 18 or older/).check();
  if (javaScriptEnabled) {
    // The page script says so before anything is sent, and holds the button back.
    await expect(frame.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(frame.getByRole("button", { name: "Enter Now" })).toBeDisabled();
  } else {
    // Without it the server refuses (400) and the frame shows the form again with the message.
    await frame.getByRole("button", { name: "Enter Now" }).click();
    await expect(frame.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(frame.getByLabel("Email")).toHaveValue("not-an-email");
  }
  expect(entryRows(campaign.id)).toEqual([]);
});

test("only the embed may be framed by other sites", async ({ request }) => {
  const campaign = insertCampaign();
  const embed = await request.get(`/campaign/${campaign.id}/embed`);
  expect(embed.headers()["content-security-policy"]).toContain("frame-ancestors *");
  expect(embed.headers()["x-frame-options"]).toBeUndefined();
  for (const path of [`/campaign/${campaign.id}`, `/campaign/${campaign.id}/rules`, "/giveaways", "/"]) {
    const response = await request.get(path);
    expect(response.headers()["content-security-policy"], path).toContain("frame-ancestors 'self'");
    expect(response.headers()["x-frame-options"], path).toBe("SAMEORIGIN");
  }
});

test("the campaign page itself does not render inside another site's frame", async ({ page }) => {
  const campaign = insertCampaign();
  await page.goto(`${foreignOrigin}/?frame=${encodeURIComponent(`/campaign/${campaign.id}`)}`);
  await expect(page.getByRole("heading", { name: "Our shop's giveaway" })).toBeVisible();
  // Chromium refuses to show it (frame-ancestors 'self'): the frame holds its error page instead.
  const frameUrl = () =>
    page
      .frames()
      .find((candidate) => candidate !== page.mainFrame())
      ?.url() ?? "";
  await expect.poll(frameUrl).toMatch(/^chrome-error:/);
  await expect(page.frameLocator("iframe").getByText(campaign.title)).toHaveCount(0);
});
