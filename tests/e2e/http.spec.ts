import { expect, test } from "@playwright/test";
import { BUDGET, measurePageWeight } from "../../scripts/bench/page-weight";
import { APP_PORT } from "../../playwright.config";
import { insertCampaign } from "./campaigns";
import { latestEmail, loginCodeFor, uniqueEmail } from "./support";

// Real HTTP against the production server: headers, cookies and request checks a browser relies on.
// No browser involved, so it runs in one Playwright project only (see playwright.config.ts).
test.describe("HTTP baseline", () => {
  test("pages carry a per-request CSP nonce and the usual security headers", async ({ request }) => {
    const first = await request.get("/start");
    const second = await request.get("/start");
    const csp = first.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers()["content-security-policy"]).not.toContain(nonce);
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers()["x-powered-by"]).toBeUndefined();
  });

  test("built assets are cached for a year, immutable", async ({ request }) => {
    const html = await (await request.get("/start")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset ?? "");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("robots.txt lets crawlers read giveaways but not accounts, dashboards, claims or embeds", async ({ request }) => {
    const response = await request.get("/robots.txt", { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/admin", "/dashboard", "/my-campaigns", "/claim/", "/campaign/*/embed"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.some((line) => /^Disallow: \/campaign\/?$/.test(line))).toBe(false);
  });

  test("responses are compressed", async ({ request }) => {
    const response = await request.get("/start", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("/healthz checks the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  test("the session cookie is HttpOnly, SameSite=Lax and Secure in production", async ({ request }) => {
    const email = uniqueEmail("cookie");
    await request.post("/login", { form: { email }, headers: { Origin: test.info().project.use.baseURL ?? "" }, maxRedirects: 0 });
    const code = await loginCodeFor(email);
    const verified = await request.post("/login/otp", {
      form: { code },
      headers: { Origin: test.info().project.use.baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(verified.status()).toBe(302);
    const session = verified
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value)
      .find((value) => value.startsWith("gw_session="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Secure/i);
  });

  test("a form post from another origin is refused and changes nothing", async ({ request }) => {
    const email = uniqueEmail("csrf");
    const response = await request.post("/login", { form: { email }, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(response.status()).toBe(400);
    expect(latestEmail(email)).toBeUndefined();
  });
});

test("the campaign page ships no client runtime and stays within the entrant speed budget", async () => {
  const campaign = insertCampaign();
  const weight = await measurePageWeight(`http://127.0.0.1:${APP_PORT}/campaign/${campaign.id}`);
  expect(weight.items.filter((item) => item.kind === "js")).toEqual([]);
  expect(weight.javascript).toBeGreaterThan(0); // the inline countdown/copy script
  expect(weight.javascript).toBeLessThanOrEqual(BUDGET.javascript);
  expect(weight.total).toBeLessThanOrEqual(BUDGET.total);
});
