import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium";

export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
export const FAKE_OAUTH_PORT = Number(process.env.E2E_OAUTH_PORT ?? 3101);
/** The Klaviyo and Mailchimp fakes (decision 056), one listener for both. */
export const FAKE_EMAIL_TOOLS_PORT = Number(process.env.E2E_EMAIL_TOOLS_PORT ?? APP_PORT + 2);
/** Another port gets its own database, data and build (BUILD_DIR), so two checkouts' suites can run side by side. */
const SUFFIX = APP_PORT === 3100 ? "" : `-${APP_PORT}`;
export const E2E_DATABASE = `tests/.output/e2e${SUFFIX}.db`;
/** The server's DATA_DIR: uploads a spec writes here are served as if a creator had uploaded them. */
export const E2E_DATA_DIR = `tests/.output/data${SUFFIX}`;
/** The e2e server's SESSION_SECRET: specs sign claim links with a key derived from it (campaigns.ts, signedClaimToken). */
export const E2E_SESSION_SECRET = "e2e-session-secret-that-is-long-enough-to-sign-cookies";
const baseURL = `http://localhost:${APP_PORT}`;
const oauthBase = `http://127.0.0.1:${FAKE_OAUTH_PORT}`;
const emailToolsBase = `http://127.0.0.1:${FAKE_EMAIL_TOOLS_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results${SUFFIX}`,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two at once on 2 cores: the suite is bound by the CPU (Chromium's renderers), and four took longer
  // (decision 098). E2E_WORKERS chooses another number.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_500 },
  // A trace records every test's screencast and DOM snapshots while it runs (about a fifth of the suite's
  // CPU here) and is kept only on failure; CI keeps nothing but the log, so it records none there.
  // E2E_TRACE=retain-on-failure (or off) chooses it (decision 071).
  use: {
    baseURL,
    trace: (process.env.E2E_TRACE ?? (process.env.CI ? "off" : "retain-on-failure")) as "off" | "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions, javaScriptEnabled: true } },
    {
      name: "no-js",
      testIgnore: /(http|a11y)\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions, javaScriptEnabled: false },
    },
  ],
  webServer: [
    {
      command: "npx tsx tests/fakes/oauth-server.ts",
      port: FAKE_OAUTH_PORT,
      reuseExistingServer: false,
      env: { FAKE_OAUTH_PORT: String(FAKE_OAUTH_PORT), GOOGLE_CLIENT_ID: "e2e-client", GOOGLE_CLIENT_SECRET: "e2e-secret" },
    },
    {
      command: "npx tsx tests/fakes/email-tools-e2e.ts",
      url: `${emailToolsBase}/healthz`,
      reuseExistingServer: false,
      env: { FAKE_EMAIL_TOOLS_PORT: String(FAKE_EMAIL_TOOLS_PORT) },
    },
    {
      // The production build on a fresh database, like a new install.
      command: `rm -f ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm && node server/index.js`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: "production",
        // One process: the suite's anonymous pages are checked right after changes, and each worker
        // keeps its own page cache (decision 059). workers-http.spec.ts starts a server of two.
        WEB_CONCURRENCY: "1",
        PORT: String(APP_PORT),
        HOST: "127.0.0.1",
        APP_URL: baseURL,
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: `file:./${E2E_DATABASE}`,
        SESSION_SECRET: E2E_SESSION_SECRET,
        // One configured admin per spec and project: a new sign-in code replaces the open one, so two
        // tests signing in the same address at once would race.
        ADMIN_EMAILS: "admin@e2e.test,admin-nojs@e2e.test,shell-admin@e2e.test,shell-admin-nojs@e2e.test",
        EDITOR_EMAILS: "editor@e2e.test,editor-nojs@e2e.test",
        GOOGLE_CLIENT_ID: "e2e-client",
        GOOGLE_CLIENT_SECRET: "e2e-secret",
        GOOGLE_AUTHORIZATION_URL: `${oauthBase}/authorize`,
        GOOGLE_TOKEN_URL: `${oauthBase}/token`,
        GOOGLE_USERINFO_URL: `${oauthBase}/userinfo`,
        // Creators' API keys are sealed with it (decision 056); the email tools talk to the fakes.
        ENCRYPTION_KEY: "e2e0".repeat(16),
        KLAVIYO_API_URL: emailToolsBase,
        MAILCHIMP_API_URL: emailToolsBase,
        // Every e2e sign-in comes from 127.0.0.1; the per-IP limit has its own integration test.
        LOGIN_CODE_LIMIT_PER_IP: "100000",
        LOGIN_CODE_LIMIT_PER_EMAIL: "100000",
        LOGIN_CODE_LIMIT_PER_EMAIL_IP: "100000",
        // Likewise every entry and data-link request: the suite enters far more than 30 times in 10 minutes from
        // 127.0.0.1. The per-IP limits have their own integration tests.
        ENTRY_LIMIT_PER_IP: "100000",
        ENTRY_RESEND_LIMIT_PER_IP: "100000",
        DATA_REQUEST_LIMIT_PER_IP: "100000",
        DEMO_DATA: "false",
        // No Stripe keys here: payments go through the built-in test checkout, which production only offers when asked.
        TEST_CHECKOUT: "true",
        // The real job timer, often, so ended campaigns are drawn and their emails queued without anyone acting.
        JOBS_INTERVAL_MS: "1000",
        // Webhooks (decision 055): the specs' receiver listens on 127.0.0.1 (a port of its own, any), which
        // production otherwise refuses as a loopback address, over plain http.
        WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
      },
    },
  ],
});
