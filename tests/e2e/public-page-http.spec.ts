import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { insertCampaign } from "./campaigns";

// The anonymous campaign page from the page cache (decision 059), over real HTTP against the
// production server. No browser: one Playwright project only (see playwright.config.ts).
test.describe("the anonymous campaign page", () => {
  test("is one render for every visitor without cookies: compressed, cacheable by a CDN, its script allowed by hash", async ({
    request,
  }) => {
    const campaign = insertCampaign();
    const path = `/campaign/${campaign.id}`;
    const plain = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.status()).toBe(200);
    const html = await plain.text();
    expect(html).toContain(campaign.title);
    const headers = plain.headers();
    expect(headers["cache-control"]).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=5");
    expect(headers["vary"]).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(headers["set-cookie"]).toBeUndefined();

    // The page's one inline script is allowed by its hash: the same bytes go to everyone, so no nonce.
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
    expect(scripts).toHaveLength(1);
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain(
      `script-src 'self' 'sha256-${createHash("sha256")
        .update(scripts[0] ?? "")
        .digest("base64")}'`,
    );
    expect(csp).not.toContain("nonce-");
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(headers["x-content-type-options"]).toBe("nosniff");

    // Brotli and gzip hold the same page, under the same ETag; a browser holding it gets a 304.
    for (const encoding of ["br", "gzip"]) {
      const compressed = await request.get(path, { headers: { "Accept-Encoding": encoding } });
      expect(compressed.headers()["content-encoding"]).toBe(encoding);
      expect(compressed.headers()["etag"]).toBe(headers["etag"]);
      expect(await compressed.text()).toBe(html);
    }
    const again = await request.get(path, { headers: { "If-None-Match": headers["etag"] ?? "" } });
    expect(again.status()).toBe(304);

    // A link from a social app (tracking tags), a referral link or any other query gets the same page
    // (decision 067): the page reads no query, so none can make the server render it for itself.
    for (const query of ["?utm_source=instagram&fbclid=abc", "?ref=abcdefgh12345678", "?ref=zyxwvut987654321&utm_source=x", "?x=1"]) {
      const same = await request.get(`${path}${query}`, { headers: { "Accept-Encoding": "identity" } });
      expect(same.headers()["etag"], query).toBe(headers["etag"]);
      expect(same.headers()["x-page-cache"], query).toBe("hit");
      expect(same.headers()["content-security-policy"], query).toBe(headers["content-security-policy"]);
      expect(await same.text(), query).toBe(html);
    }
  });

  test("is the visitor's own page when they carry a cookie that changes it", async ({ request }) => {
    const campaign = insertCampaign();
    // The theme cookie as the site sets it (React Router's cookie encoding: base64 of the JSON value).
    const dark = `theme=${Buffer.from(JSON.stringify("dark")).toString("base64")}`;
    const personal = await request.get(`/campaign/${campaign.id}`, { headers: { Cookie: dark } });
    expect(personal.status()).toBe(200);
    expect(personal.headers()["cache-control"]).toBe("private, no-store");
    expect(personal.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(await personal.text()).toContain('class="dark"');
  });

  test("counts a view by its beacon image, which no cache keeps", async ({ request }) => {
    const campaign = insertCampaign();
    const html = await (await request.get(`/campaign/${campaign.id}`)).text();
    const beacon = /<img src="([^"]+\/view\.gif)"/.exec(html)?.[1] ?? "";
    expect(beacon).toBe(`/campaign/${campaign.id}/view.gif`);
    const image = await request.get(beacon, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0" } });
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/gif");
    expect(image.headers()["cache-control"]).toBe("no-store");
  });
});
