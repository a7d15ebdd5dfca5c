import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import {
  type CachedPage,
  createPublicPageCache,
  inlineScriptHashes,
  pickEncoding,
  preparePage,
  keyAcceptLanguage,
  publicPageKey,
} from "~/server/entries/page-cache.server";

const ID = "h7hghfhldd6cchmi1l013zxd";

describe("which requests share the anonymous campaign page (decision 059)", () => {
  it("takes GET and HEAD of the page, with or without a trailing slash", () => {
    expect(publicPageKey("GET", `/campaign/${ID}`, undefined)).toEqual({ campaignId: ID, key: `/campaign/${ID}` });
    expect(publicPageKey("HEAD", `/campaign/${ID}/`, undefined)).toEqual({ campaignId: ID, key: `/campaign/${ID}` });
    expect(publicPageKey("POST", `/campaign/${ID}`, undefined)).toBeNull();
    expect(publicPageKey("GET", `/campaign/${ID}/rules`, undefined)).toBeNull();
    expect(publicPageKey("GET", `/campaign/${ID.toUpperCase()}`, undefined)).toBeNull();
    expect(publicPageKey("GET", "/campaign/x", undefined)).toBeNull();
  });

  it("gives every query the same page: referral links, tracking tags, anything else (decision 067)", () => {
    for (const query of [
      "?ref=abcdefgh123",
      "?ref=zyxwvut987654",
      "?utm_source=ig&utm_medium=story&fbclid=x",
      "?ref=abcdefgh123&utm_campaign=x",
      "?ref=<script>",
      "?ref=abcdefgh123&ref=other12345",
      "?preview=1",
      "?x=1",
      "?",
    ]) {
      expect(publicPageKey("GET", `/campaign/${ID}${query}`, undefined), query).toEqual({ campaignId: ID, key: `/campaign/${ID}` });
    }
  });

  it("gives the personal page to whoever carries a cookie that changes it", () => {
    expect(publicPageKey("GET", `/campaign/${ID}`, "gw_bid=abc123456789")?.key).toBe(`/campaign/${ID}`);
    expect(publicPageKey("GET", `/campaign/${ID}`, "gw_bid=abc; dashboard_view=grid")?.key).toBe(`/campaign/${ID}`);
    for (const cookie of ["gw_session=x", "theme=dark", `entered_${ID}=x`, "gw_toast=x", "gw_after_post=x", "gw_bid=a; other=1"]) {
      expect(publicPageKey("GET", `/campaign/${ID}`, cookie), cookie).toBeNull();
    }
  });

  it("keys the page on the languages we speak that Accept-Language asks for, in its order (decision 097)", () => {
    const key = (acceptLanguage: string | undefined) => publicPageKey("GET", `/campaign/${ID}`, undefined, acceptLanguage)?.key;
    expect(key(undefined)).toBe(`/campaign/${ID}`);
    expect(key("ja, zh;q=0.8")).toBe(`/campaign/${ID}`);
    expect(key("es-MX,es;q=0.9,en;q=0.8")).toBe(`/campaign/${ID}#es,en`);
    expect(key("en;q=0.5, fr-CA, de;q=0")).toBe(`/campaign/${ID}#fr,en`);
    expect(keyAcceptLanguage(`/campaign/${ID}#fr,en`)).toBe("fr,en");
    expect(keyAcceptLanguage(`/campaign/${ID}`)).toBeNull();
    // However many tags a header lists, a campaign has at most one render per ordering of our five languages.
    expect(key(Array.from({ length: 200 }, (_, i) => `x${i}, pt`).join(","))).toBe(`/campaign/${ID}#pt`);
  });
});

describe("content negotiation", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("gzip;q=0")).toBe("identity");
    expect(pickEncoding("*")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("identity")).toBe("identity");
  });
});

describe("a prepared page", () => {
  it("hashes each inline script for the CSP, not scripts loaded from a file", () => {
    const code = "(function(){document.title='x'})()";
    const html = `<html><script>${code}</script><script src="/assets/a.js"></script><script nonce="">${code}</script></html>`;
    const expected = `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
  });

  it("holds the same page in every encoding, with its length, type and one ETag", async () => {
    const html = Buffer.from(`<!doctype html><p>${"Enter to win a shirt. ".repeat(200)}</p>`);
    const page = await preparePage(html, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=1" });
    expect(brotliDecompressSync(page.variants.br.body)).toEqual(html);
    expect(gunzipSync(page.variants.gzip.body)).toEqual(html);
    expect(page.variants.identity.body).toEqual(html);
    expect(page.variants.br.body.length).toBeLessThan(html.length / 10);
    expect(page.variants.br.headers).toMatchObject({ "Content-Encoding": "br", "Content-Length": String(page.variants.br.body.length) });
    expect(page.variants.gzip.headers["Content-Encoding"]).toBe("gzip");
    expect(page.variants.identity.headers["Content-Encoding"]).toBeUndefined();
    for (const variant of Object.values(page.variants)) {
      expect(variant.headers).toMatchObject({
        ETag: page.etag,
        Vary: "Accept-Encoding, Accept-Language, Cookie",
        "Content-Type": "text/html; charset=utf-8",
      });
    }
    expect(page.notModified).toEqual({
      ETag: page.etag,
      Vary: "Accept-Encoding, Accept-Language, Cookie",
      "Cache-Control": "public, max-age=0, s-maxage=1",
    });
  });
});

describe("the cache", () => {
  const pageSaying = (text: string) => preparePage(Buffer.from(text), { "Content-Type": "text/html" });
  const bodyOf = async (value: CachedPage | null | Promise<CachedPage | null>) => (await value)?.variants.identity.body.toString() ?? null;

  it("renders a page once for any number of visitors at once, and again once it is stale", async () => {
    let renders = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const cache = createPublicPageCache(60_000, async () => {
      renders += 1;
      await gate;
      return pageSaying(`render ${renders}`);
    });
    const visitors = Array.from({ length: 50 }, () => cache.get("/campaign/a"));
    release();
    expect(new Set(await Promise.all(visitors.map(bodyOf)))).toEqual(new Set(["render 1"]));
    expect(renders).toBe(1);
    // Fresh: answered from memory, without a promise.
    const fresh = cache.get("/campaign/a");
    expect(fresh).not.toBeInstanceOf(Promise);
    expect(await bodyOf(fresh)).toBe("render 1");
  });

  it("serves a page stale for at most the cache time while one render replaces it, then waits for a new one", async () => {
    // The cache reads the clock with Date.now(): a fake clock makes the ages exact.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      let renders = 0;
      const cache = createPublicPageCache(1000, async () => pageSaying(`render ${++renders}`));
      expect(await bodyOf(cache.get("k"))).toBe("render 1");
      vi.setSystemTime(Date.now() + 999);
      expect(await bodyOf(cache.get("k"))).toBe("render 1");
      expect(renders).toBe(1);
      // Past the cache time, within twice it: the old page at once, one new render behind it.
      vi.setSystemTime(Date.now() + 500);
      const stale = cache.get("k");
      expect(stale).not.toBeInstanceOf(Promise);
      expect(await bodyOf(stale)).toBe("render 1");
      await expect.poll(() => bodyOf(cache.get("k"))).toBe("render 2");
      expect(renders).toBe(2);
      // Long past: the visitor waits for a new render rather than get a page older than twice the cache time.
      vi.setSystemTime(Date.now() + 2000);
      const waited = cache.get("k");
      expect(waited).toBeInstanceOf(Promise);
      expect(await bodyOf(waited)).toBe("render 3");
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not keep a render that began before the pages were forgotten", async () => {
    let renders = 0;
    let release: () => void = () => {};
    const cache = createPublicPageCache(60_000, async () => {
      const n = ++renders;
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      return pageSaying(`render ${n}`);
    });
    const waiting = cache.get("k");
    await expect.poll(() => renders).toBe(1);
    cache.clear(); // say, a winner objected while the page was being rendered
    release();
    expect(await bodyOf(waiting)).toBe("render 1");
    expect(await bodyOf(cache.get("k"))).toBe("render 2");
  });

  it("remembers for the cache time that a page may not be shared, and renders it again after", async () => {
    let renders = 0;
    const cache = createPublicPageCache(60_000, async () => {
      renders += 1;
      return null;
    });
    expect(await cache.get("draft")).toBeNull();
    expect(cache.get("draft")).toBeNull();
    expect(renders).toBe(1);
    cache.clear();
    expect(await cache.get("draft")).toBeNull();
    expect(renders).toBe(2);
  });
});
