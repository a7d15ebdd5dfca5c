/**
 * Screenshots of pages at 360 px and 1280 px, light and dark, for looking at what we build.
 *   npx tsx scripts/screenshots.ts --base http://localhost:3000 --db ./data/app.db --out /tmp/shots /start /login
 * With --email, it signs in first (reading the code from the outbox in --db) and shoots as that user.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: "string", default: "http://localhost:3000" },
    db: { type: "string", default: "./data/app.db" },
    out: { type: "string", default: "/tmp/giveawear-shots" },
    email: { type: "string" },
    themes: { type: "string", default: "light,dark" },
  },
});

async function signIn(page: Page, email: string) {
  await page.goto(`${values.base}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await page.waitForURL(/\/login\/otp/);
  const db = new Database(values.db, { readonly: true });
  const row = db.prepare(`SELECT text FROM "OutboundEmail" WHERE "to" = ? ORDER BY rowid DESC LIMIT 1`).get(email) as { text: string };
  db.close();
  const code = /\b(\d{6})\b/.exec(row.text)?.[1] ?? "";
  await page.getByLabel("One-Time Password").fill(code);
  await page.getByRole("button", { name: "Verify OTP & Login" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const theme of values.themes.split(",")) {
  for (const width of [360, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 } });
    // The theme cookie holds React Router's encoding of the value: base64 of its JSON.
    await context.addCookies([{ name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), url: values.base }]);
    const page = await context.newPage();
    if (values.email) await signIn(page, values.email);
    for (const route of positionals) {
      await page.goto(`${values.base}${route}`);
      const file = path.join(values.out, `${route.replace(/[^a-z0-9]+/gi, "_") || "root"}-${width}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
}
await browser.close();
