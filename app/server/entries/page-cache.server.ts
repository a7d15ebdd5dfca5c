/**
 * The anonymous campaign page, rendered once and served to everyone for a second
 * (decision 059). A visitor without cookies of ours sees the same bytes as every other one: the
 * page is rendered once per campaign per PUBLIC_PAGE_CACHE_MS, whatever the query (a referral
 * link's ?ref= included: the entry form posts to the page's own address, query and all, and the
 * referral is read from there, decision 067), compressed once with gzip and brotli, and answered
 * from memory. Whoever carries a session, an entry, a toast or a
 * theme gets the personal page, rendered for them as before.
 *
 * Staleness is bounded: a page is served fresh for the cache time, then for as long again while one
 * render refreshes it in the background; older than that, the visitor waits for the new render.
 * Views are counted by the page's beacon image (page-views.server.ts), not by rendering.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { acceptedLanguages } from "../../domain/entrant-language";
import { campaignPath } from "../../paths";
import { log } from "../core/log.server";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Encoding = "br" | "gzip" | "identity";

/** A rendered page, ready to send in any encoding: each one's body and complete headers. */
export interface CachedPage {
  etag: string;
  variants: Record<Encoding, { body: Buffer; headers: Record<string, string> }>;
  /** The headers of a 304 answer to a request that already holds this page. */
  notModified: Record<string, string>;
}

/** The anonymous page a request may be given, keyed by what changes it. */
export interface PublicPageKey {
  campaignId: string;
  /**
   * The path rendered (the campaign page itself: the page reads no query), then, after "#", the
   * languages we speak that the visitor's Accept-Language asks for, in its order (decision 097):
   * "/campaign/abc#es,en". At most five languages, so a campaign has a bounded number of renders.
   */
  key: string;
}

/** The Accept-Language header a page-cache key stands for (renderPublicPage sends it). */
export function keyAcceptLanguage(key: string): string | null {
  const hash = key.indexOf("#");
  return hash === -1 ? null : key.slice(hash + 1);
}

const CAMPAIGN_PAGE = /^\/campaign\/([a-z0-9]{8,40})\/?$/;
/** Cookies that do not change what the campaign page shows: the browser id, a sign-in in progress, the dashboard's view. */
const NEUTRAL_COOKIES = new Set(["gw_bid", "gw_oauth", "dashboard_view"]);

/**
 * The cached page a GET or HEAD of `url` may be answered with, or null when the request needs its
 * own render: another path, or a cookie of ours that personalises the page. The query is not part
 * of the key (decision 067): the page reads none, so a referral link (`?ref=`), tracking tags or
 * any other query get the one render, and a query made up for each request cannot make the server
 * render the page for each of them.
 */
export function publicPageKey(
  method: string | undefined,
  url: string | undefined,
  cookie: string | undefined,
  acceptLanguage?: string,
): PublicPageKey | null {
  if ((method !== "GET" && method !== "HEAD") || !url) return null;
  const query = url.indexOf("?");
  const match = CAMPAIGN_PAGE.exec(query === -1 ? url : url.slice(0, query));
  if (!match) return null;
  if (cookie && !neutralCookies(cookie)) return null;
  const campaignId = match[1]!;
  const languages = acceptedLanguages(acceptLanguage);
  return { campaignId, key: `${campaignPath(campaignId)}${languages.length ? `#${languages.join(",")}` : ""}` };
}

function neutralCookies(header: string): boolean {
  for (const pair of header.split(";")) {
    const name = pair.slice(0, pair.includes("=") ? pair.indexOf("=") : undefined).trim();
    if (name && !NEUTRAL_COOKIES.has(name)) return false;
  }
  return true;
}

/** The encoding to send: brotli, then gzip, when the client accepts them (q > 0); else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let gzipOk = false;
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (q !== undefined && !(Number(q) > 0)) continue;
    if (token === "br") return "br";
    if (token === "gzip" || token === "*") gzipOk = true;
  }
  return gzipOk ? "gzip" : "identity";
}

/** sha256 sources for the CSP of every inline script in `html` (a cached page cannot carry a per-request nonce). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...new Set(hashes)];
}

/**
 * Compresses a rendered page once, for every visitor after it. `headers` are the page's own (type,
 * caching, security); Vary, ETag, Content-Length and Content-Encoding are added here.
 */
export async function preparePage(html: Buffer, headers: Record<string, string>): Promise<CachedPage> {
  const [gz, br] = await Promise.all([
    gzip(html, { level: 9 }),
    brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
  ]);
  const etag = `W/"${createHash("sha1").update(html).digest("base64url")}"`;
  // Personal pages are sent to whoever carries cookies: a shared cache must key on them too.
  // The page speaks the language Accept-Language picks among the campaign's (decision 097).
  const common = { ...headers, Vary: "Accept-Encoding, Accept-Language, Cookie", ETag: etag };
  const variant = (body: Buffer, encoding: Encoding) => ({
    body,
    headers: { ...common, "Content-Length": String(body.length), ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }) },
  });
  return {
    etag,
    variants: { br: variant(br, "br"), gzip: variant(gz, "gzip"), identity: variant(html, "identity") },
    notModified: { ETag: etag, Vary: common.Vary, ...(headers["Cache-Control"] ? { "Cache-Control": headers["Cache-Control"] } : {}) },
  };
}

/** The bytes a page holds in memory. */
function pageSize(page: CachedPage): number {
  return page.variants.br.body.length + page.variants.gzip.body.length + page.variants.identity.body.length;
}

interface Slot {
  /** The page, or null while the first render runs or when the page may not be shared. */
  page: CachedPage | null;
  renderedAt: number;
  refreshing: Promise<CachedPage | null> | null;
}

/**
 * The cache itself: at most 1,000 pages and 64 MB, least recently used out first. `render` makes a
 * page for a key, or null when the page must not be shared (not a 200, or it set a cookie): that
 * answer, too, is remembered for the cache time, so such a request is rendered once, for itself.
 */
export function createPublicPageCache(ttlMs: number, render: (key: string) => Promise<CachedPage | null>) {
  const slots = new LRUCache<string, Slot>({
    max: 1000,
    maxSize: 64 * 2 ** 20,
    sizeCalculation: (slot) => (slot.page ? pageSize(slot.page) : 1),
  });

  // Counts clear()s: a render that began before one may hold what was just changed, so it is handed
  // to the visitors who waited for it but not kept.
  let generation = 0;

  function refresh(key: string, slot: Slot): Promise<CachedPage | null> {
    const startedIn = generation;
    slot.refreshing ??= render(key)
      .then((page) => {
        if (startedIn !== generation) return page;
        slot.page = page;
        slot.renderedAt = Date.now();
        slots.set(key, slot); // again, so the cache weighs the page
        return page;
      })
      .catch((error: unknown) => {
        slots.delete(key);
        throw error;
      })
      .finally(() => {
        slot.refreshing = null;
      });
    return slot.refreshing;
  }

  return {
    /**
     * The page for `key`: from memory (synchronously) when fresh enough, else once rendered; null
     * when this request must be rendered for itself.
     */
    get(key: string): CachedPage | null | Promise<CachedPage | null> {
      let slot = slots.get(key);
      if (!slot) {
        slot = { page: null, renderedAt: 0, refreshing: null };
        slots.set(key, slot);
      }
      const age = Date.now() - slot.renderedAt;
      if (age < ttlMs && (slot.page || !slot.refreshing)) return slot.page;
      if (slot.page && age < 2 * ttlMs) {
        // Stale for less than the cache time: this visitor gets it, one render replaces it.
        void refresh(key, slot).catch((error: unknown) => log.error({ err: error }, `[page-cache] could not render ${key}`));
        return slot.page;
      }
      return refresh(key, slot);
    },
    /** Forgets every page (after a change that a page may show), and what renders in flight will bring. */
    clear(): void {
      generation += 1;
      slots.clear();
    },
  };
}
