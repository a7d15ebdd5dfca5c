import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import type { JobStep } from "../../app/domain/system";
import { expectToast, signIn, signInAsAdmin, uniqueEmail } from "./support";
import { insertFailedEmail, outboxRow, recordFailedJobStep } from "./system-rows";

// The admin's System page (decision 085), with and without JavaScript: a failure the database holds
// (a failed email, a failing job step) shows, and Retry queues the email for the next job pass.

test("an admin sees a failed email and a job step's error, and queues the email for retry", async ({ page }, testInfo) => {
  const tag = `${testInfo.project.name}-${randomUUID().slice(0, 6)}`;
  const subject = `Your prize is on its way ${tag}`;
  const emailId = insertFailedEmail(`sam-${tag}@example.com`, subject, "Message failed: 550 Mailbox unavailable");
  // Each project its own step (the row is one per step), one that never fails here: no Printify, no old drafts.
  const step: JobStep = testInfo.project.name === "no-js" ? "drafts" : "mockups";
  recordFailedJobStep(step, `Seeded failure ${tag}`);

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "System" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();

  await expect(page.locator(`[data-testid="job-step"][data-step="${step}"]`)).toContainText(`Seeded failure ${tag}`);
  const row = page.getByTestId("failed-email").filter({ hasText: subject });
  await expect(row).toContainText("s***@example.com");
  await expect(row).toContainText("550 Mailbox unavailable");
  await expect(row).not.toContainText(`sam-${tag}`);

  await row.getByRole("button", { name: `Retry the email to s***@example.com: ${subject}` }).click();
  await expectToast(page, "Queued for Retry", "The email to s***@example.com goes out with the next job pass.");
  await expect(page.getByTestId("failed-email").filter({ hasText: subject })).toHaveCount(0);
  // No SMTP server here: it waits, pending, for a pass that can send it.
  expect(outboxRow(emailId)).toEqual({ status: "pending", attempts: 0 });
});

test("a visitor is sent to sign in and a normal user is turned away from the System page", async ({ page }) => {
  await page.goto("/admin/dashboard/system");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard%2Fsystem$/);
  await signIn(page, uniqueEmail("not-ops"));
  await page.goto("/admin/dashboard/system");
  await expect(page).toHaveURL(/\/my-campaigns$/);
});
