import { existsSync } from "node:fs";

/**
 * The Chromium every browser run here launches (decision 092): Playwright cannot download its own
 * browsers on these machines, so it drives Debian's. `chromium-headless-shell` (the package Playwright
 * itself uses for headless runs) first: Debian's `chromium` runs headless as the whole browser, with a
 * window's WebUI renderer beside every page, and opened contexts about 5 times slower. CHROMIUM_PATH
 * chooses another binary.
 */
export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

export const chromiumExecutable =
  process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? CHROMIUM_CANDIDATES[1];

export const chromiumLaunchOptions = {
  executablePath: chromiumExecutable,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-quic",
    "--no-first-run",
    "--disable-sync",
  ],
};
