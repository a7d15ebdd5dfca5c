import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;
}

/** The newest message the app wrote to its outbox for this address. */
export function latestEmail(to: string): { subject: string; text: string; html: string } | undefined {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT subject, text, html FROM "OutboundEmail" WHERE "to" = ? ORDER BY rowid DESC LIMIT 1`).get(to) as
      { subject: string; text: string; html: string } | undefined;
  } finally {
    db.close();
  }
}

/** The campaign row with this title, as the database holds it. */
export function campaignRow(title: string) {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db.prepare(`SELECT * FROM "Campaign" WHERE title = ?`).get(title) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

export async function loginCodeFor(email: string): Promise<string> {
  let code = "";
  await expect
    .poll(() => {
      code = /\b(\d{6})\b/.exec(latestEmail(email)?.text ?? "")?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

export async function magicLinkFor(email: string): Promise<string> {
  const text = latestEmail(email)?.text ?? "";
  const link = /(https?:\/\/\S+\/login\/otp\?t=[^\s)]+)/.exec(text)?.[1];
  expect(link, "the sign-in email carries a magic link").toBeTruthy();
  return link ?? "";
}

export async function requestCode(page: Page, email: string, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page).toHaveURL(/\/login\/otp$/);
}

export async function submitCode(page: Page, code: string) {
  await page.getByLabel("One-Time Password").fill(code);
  await page.getByRole("button", { name: "Verify OTP & Login" }).click();
}

/**
 * Signs in through the real screens: request a code, read it from the outbox, enter it. The
 * sign-in specs (auth.spec.ts) use this; others sign in with `signIn`.
 */
export async function signInThroughScreens(page: Page, email: string, path = "/login") {
  await requestCode(page, email, path);
  await submitCode(page, await loginCodeFor(email));
  await expectToast(page, "Login Successful");
}

/**
 * Signs in as a test's setup (decision 071): the same two form posts the screens send (the code
 * request, then the code read from the outbox), sent from the page's own context so that the session
 * cookie is the browser's, then the page opens where the sign-in leads and shows its toast. The
 * screens themselves are tested in auth.spec.ts; rendering them for every test cost two page loads.
 */
export async function signIn(page: Page, email: string) {
  const requested = await page.request.post("/login", { form: { email }, maxRedirects: 0 });
  expect(requested.status(), "the code request redirects to the code page").toBe(302);
  expect(requested.headers()["location"]).toMatch(/\/login\/otp$/);
  const verified = await page.request.post("/login/otp", { form: { code: await loginCodeFor(email) }, maxRedirects: 0 });
  expect(verified.status(), "the code signs in").toBe(302);
  await page.goto(verified.headers()["location"]!);
  await expectToast(page, "Login Successful");
}

export async function expectToast(page: Page, title: string, description?: string) {
  // Hidden toasts (a page's, replaced by an action's) are in the DOM but not shown.
  const toast = page.getByTestId("toast").filter({ visible: true });
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

/** A configured admin or editor (ADMIN_EMAILS / EDITOR_EMAILS in playwright.config.ts) of its own for this spec and project. */
export function configuredAccount(prefix: "admin" | "shell-admin" | "editor"): string {
  return test.info().project.name === "no-js" ? `${prefix}-nojs@e2e.test` : `${prefix}@e2e.test`;
}

/**
 * Signs in a new account and gives it the stored role "admin" (as an admin can from the Users tab),
 * so tests running at the same time never share an address.
 */
export async function signInAsAdmin(page: Page): Promise<string> {
  const email = uniqueEmail("admin");
  await signIn(page, email);
  const db = new Database(E2E_DATABASE);
  try {
    db.prepare(`UPDATE "User" SET role = 'admin' WHERE email = ?`).run(email);
  } finally {
    db.close();
  }
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  return email;
}

/** Fills a campaign page's entry form (email, the age box) and presses Enter Now. */
export async function submitEntry(page: Page, email: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel(/I am 18 or older/).check();
  await main.getByRole("button", { name: "Enter Now" }).click();
}

/**
 * Double opt-in (decision 038): the page says to check the inbox; the emailed link opens a page
 * whose one button confirms the entry, then the campaign page shows the entry with its receipt.
 */
export async function confirmFromEmail(page: Page, email: string) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Check your email to confirm your entry" })).toBeVisible();
  const link = /https?:\/\/\S+\/confirm\/[a-z0-9]+-[0-9a-f]+/.exec(latestEmail(email)?.text ?? "")?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await main.getByRole("button", { name: "Confirm my entry" }).click();
  await expect(main.getByRole("heading", { name: "You're In!" })).toBeVisible();
  await expect(main.getByTestId("receipt-id")).toHaveText(/^[a-z0-9]+$/);
}
