import { expect, test } from "@playwright/test";
import { insertCampaign, insertOrder, orderRow } from "./campaigns";
import { expectToast, latestEmail, signInAsAdmin } from "./support";

test("an admin marks a claimed prize shipped from the manual queue, and the winner is emailed", async ({ page }) => {
  const campaign = insertCampaign({
    status: "completed",
    title: `Orders E2E ${Date.now().toString(36)}`,
    finalDesignUrl: "/uploads/design/e2e-print.png",
  });
  const order = insertOrder(campaign.id, { size: "L", color: "black", shipName: "Grace Hopper", shipLine1: "7 Harbor Road" });

  await signInAsAdmin(page);
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByText(/Manual fulfilment/)).toBeVisible();

  const card = page.locator(`[data-order-id="${order.id}"]`);
  await expect(card.getByRole("heading", { name: campaign.title })).toBeVisible();
  await expect(card).toContainText(order.winnerEmail);
  await expect(card).toContainText("T-Shirt · L · Unisex · Black");
  await expect(card).toContainText("7 Harbor Road");
  await expect(card.getByTestId("order-status")).toHaveText("Pending");

  await expect(card.getByRole("link", { name: "Print file (full size)" })).toHaveAttribute(
    "href",
    /^http:\/\/[^/]+\/uploads\/design\/e2e-print\.png$/,
  );
  await card.getByLabel("Carrier", { exact: true }).selectOption("UPS");
  await card.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await card.getByRole("button", { name: "Mark shipped" }).click();

  await expectToast(page, "Order Shipped");
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(card.getByTestId("order-status")).toHaveText("Shipped");
  await expect(card.getByRole("link", { name: "1Z999AA10123456784" })).toHaveAttribute(
    "href",
    "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  );
  await expect(card.getByRole("button", { name: "Mark shipped" })).toHaveCount(0);

  expect(orderRow(order.id)).toMatchObject({ status: "shipped", trackingNumber: "1Z999AA10123456784", carrier: "UPS" });
  const email = latestEmail(order.winnerEmail);
  expect(email?.subject).toBe(`Your ${campaign.title} prize is on its way`);
  expect(email?.text).toContain("1Z999AA10123456784");
});

test("the Shipped filter lists only shipped orders, and the CSV export is one click away", async ({ page }) => {
  const campaign = insertCampaign({ status: "completed" });
  const pending = insertOrder(campaign.id);
  const other = insertCampaign({ status: "completed" });
  const shipped = insertOrder(other.id, { status: "shipped", trackingNumber: "SHIPPED-1", shippedAt: new Date() });

  await signInAsAdmin(page);
  await page.goto("/admin/orders");
  await page
    .getByRole("navigation", { name: "Filter orders by status" })
    .getByRole("link", { name: /^Shipped/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=shipped$/);
  await expect(page.locator(`[data-order-id="${shipped.id}"]`)).toBeVisible();
  await expect(page.locator(`[data-order-id="${pending.id}"]`)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/admin/orders.csv?status=shipped");
});
