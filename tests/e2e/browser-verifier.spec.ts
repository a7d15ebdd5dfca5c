/**
 * "Verify in your browser" (app/components/draw/browser-verifier.tsx) in Chromium: the component's
 * server-rendered markup and inline script, its Web Worker served by Vite, draw.json and draw.csv
 * from a local server and the beacon round from the fake drand relay (cross-origin, CORS like
 * drand's). The draw page itself is another branch's; this mounts the component alone on a page the
 * test serves (under the app's content security policy), so nothing test-only is added to the product.
 */
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Locator, test } from "@playwright/test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createServer, type ViteDevServer } from "vite";
import type * as BrowserVerifierModule from "~/components/draw/browser-verifier";
import type * as NonceModule from "~/components/nonce";
import { chainInfoJson } from "../../app/domain/beacon";
import { startFakeDrand, type FakeDrand } from "../fakes/drand-server";
import { buildDrawFixture, type Fixture } from "../helpers/draw-fixture";

const root = fileURLToPath(new URL("../..", import.meta.url));
const CAMPAIGN = "cfixturecampaign";
const NONCE = "e2e-nonce";
/**
 * The page gets the app's policy for pages (server/app.ts): scripts from the site or with the nonce,
 * connections to the site only. Built assets (the worker) are served before that middleware, without
 * a policy of their own, as here: so the worker may fetch the beacon from drand's relays.
 */
const PAGE_POLICY = `default-src 'self'; script-src 'self' 'nonce-${NONCE}'; script-src-attr 'none'; connect-src 'self'; object-src 'none'`;

let vite: ViteDevServer;
let drand: FakeDrand;
let site: http.Server;
let origin: string;
let draw: Fixture;
let csv: Uint8Array;
/** Procedure 3's actions.csv, served beside draw.csv while a test sets it. */
let actionsCsv: Uint8Array | null = null;
let drawOptions: Parameters<typeof buildDrawFixture>[0];

test.beforeAll(async () => {
  vite = await createServer({
    configFile: false,
    root,
    resolve: { alias: { "~": join(root, "app") } },
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
    cacheDir: mkdtempSync(join(tmpdir(), "giveawear-vite-")),
    // The worker's dependencies (@noble/*) are ES modules served as they are: no optimizer run that,
    // discovering them on the worker's first request, would answer it "outdated" under load.
    optimizeDeps: { noDiscovery: true, include: [] },
    logLevel: "silent",
  });
  const { BrowserVerifier } = (await vite.ssrLoadModule("/app/components/draw/browser-verifier.tsx")) as typeof BrowserVerifierModule;
  const { NonceProvider } = (await vite.ssrLoadModule("/app/components/nonce.tsx")) as typeof NonceModule;
  const markup = renderToStaticMarkup(
    createElement(NonceProvider, { value: NONCE }, createElement(BrowserVerifier, { campaignId: CAMPAIGN })),
  );
  const page = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Draw</title><main>${markup}</main></html>`;

  drand = await startFakeDrand();
  site = http.createServer((req, res) => {
    if (req.url === "/") res.writeHead(200, { "content-type": "text/html", "content-security-policy": PAGE_POLICY }).end(page);
    else if (req.url === `/campaign/${CAMPAIGN}/draw.json`)
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(draw.record));
    else if (req.url === `/campaign/${CAMPAIGN}/draw.csv`) res.writeHead(200, { "content-type": "text/csv" }).end(csv);
    else if (req.url === `/campaign/${CAMPAIGN}/actions.csv` && actionsCsv)
      res.writeHead(200, { "content-type": "text/csv" }).end(actionsCsv);
    else vite.middlewares(req, res);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  drawOptions = {
    entries: 500,
    prizes: 3,
    redraws: 1,
    chain: drand.chain,
    sign: drand.signRound,
    round: 200,
    baseUrl: origin,
    beaconUrls: [drand.url],
  };
  draw = buildDrawFixture(drawOptions);
  csv = draw.csvBytes;
});

test.afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  await drand?.close();
  await vite?.close();
});

/** Pastes the fake chain's /info JSON into "Another beacon chain", as the person verifying would. */
async function giveChain(section: Locator) {
  await section.getByText("Another beacon chain (optional)").click();
  await section.getByRole("textbox").fill(JSON.stringify(chainInfoJson(drand.chain)));
}

test("checks the draw in the browser: MATCH, then MISMATCH for a changed list", async ({ page, javaScriptEnabled }) => {
  await page.goto(`${origin}/`);
  const section = page.getByTestId("browser-verifier");
  const button = section.getByRole("button", { name: "Verify in your browser" });
  const scriptLink = section.getByRole("link", { name: "giveawear-verify-draw.mjs" });
  if (!javaScriptEnabled) {
    // Without JavaScript there is nothing to press: only the note on the Node script.
    await expect(button).toBeHidden();
    await expect(section).toContainText("To check it on your own computer with Node.js 20 or later");
    await expect(scriptLink).toHaveAttribute("href", "/verifier/giveawear-verify-draw.mjs");
    return;
  }
  await expect(scriptLink).toBeHidden();
  const status = section.getByRole("status");
  // The fake chain is not quicknet: without its key given by the person verifying, a MISMATCH (decision 082).
  await button.click();
  await expect(status).toHaveText(/^MISMATCH: /, { timeout: 20_000 });
  await expect(section.locator("li[data-ok=false]").first()).toContainText(
    `Failed: Beacon chain. The record names chain ${drand.chain.hash}, not drand quicknet`,
  );
  expect(drand.requests).not.toContain(`GET /${drand.chain.hash}/info`);

  await giveChain(section);
  const requestsBefore = drand.requests.length;
  await button.click();
  await expect(status).toHaveText(/^MATCH: every check passed/, { timeout: 20_000 });
  await expect(status).toHaveAttribute("aria-live", "polite");
  await expect(section.locator("li")).toHaveCount(13);
  await expect(section.locator("li").filter({ hasText: "Passed: Beacon." })).toContainText(
    `fetched from ${drand.url}/${drand.chain.hash}/public/200`,
  );
  await expect(section.locator("li").filter({ hasText: "Passed: Picks." })).toContainText("Recomputed 4 picks");
  expect(drand.requests.slice(requestsBefore)).toContain(`GET /${drand.chain.hash}/public/200`);

  csv = draw.csvBytes.slice();
  csv[100] = csv[100]! ^ 1;
  try {
    await button.click();
    await expect(status).toHaveText(/^MISMATCH: /, { timeout: 20_000 });
    await expect(section.locator("li[data-ok=false]").first()).toContainText("Failed: List hash.");
  } finally {
    csv = draw.csvBytes;
  }
});

test("checks a version 3 draw with its actions.csv: MATCH, then MISMATCH for a changed completion line", async ({
  page,
  javaScriptEnabled,
}) => {
  if (!javaScriptEnabled) {
    // The check runs in the browser: without JavaScript there is nothing to press (the first test covers the note).
    await page.goto(`${origin}/`);
    await expect(page.getByTestId("browser-verifier").getByRole("button", { name: "Verify in your browser" })).toBeHidden();
    return;
  }
  const v2 = draw;
  draw = buildDrawFixture({ ...drawOptions, actions: true });
  csv = draw.csvBytes;
  actionsCsv = draw.actionsBytes;
  try {
    await page.goto(`${origin}/`);
    const section = page.getByTestId("browser-verifier");
    const button = section.getByRole("button", { name: "Verify in your browser" });
    await giveChain(section);
    await button.click();
    const status = section.getByRole("status");
    await expect(status).toHaveText(/^MATCH: every check passed/, { timeout: 20_000 });
    await expect(section.locator("li").filter({ hasText: "Passed: Actions hash." })).toBeVisible();
    await expect(section.locator("li").filter({ hasText: "Passed: Weights." })).toBeVisible();

    // One completion line's bonus changed: its hash no longer matches, and the weights disagree with it.
    const text = new TextDecoder().decode(draw.actionsBytes!);
    const lines = text.split("\n");
    lines[1] = lines[1]!.replace(/,(\d+),(\d+)$/, (_, bonus: string, ms: string) => `,${Number(bonus) + 1},${ms}`);
    actionsCsv = new TextEncoder().encode(lines.join("\n"));
    await button.click();
    await expect(status).toHaveText(/^MISMATCH: /, { timeout: 20_000 });
    await expect(section.locator("li[data-ok=false]").filter({ hasText: "Failed: Actions hash." })).toBeVisible();
  } finally {
    draw = v2;
    csv = draw.csvBytes;
    actionsCsv = null;
  }
});
