import { createHmac, timingSafeEqual } from "node:crypto";
import {
  hasExternalId,
  type PrintifyOrder,
  type PrintifyOrderRequest,
  PrintifyOrderSchema,
  type PrintifyProductAnswer,
  type PrintifyProductRequest,
  PrintifyProductSchema,
  PrintifyUploadSchema,
} from "../../domain/printify";
import { type Config, getConfig } from "../core/config.server";

/**
 * A small client for Printify's REST API (https://developers.printify.com): a personal access token
 * as a Bearer token, JSON bodies, shop-scoped paths under /v1. PRINTIFY_API_URL points it at
 * another host (the fake server in tests).
 */

const TIMEOUT_MS = 20_000;
/** How far back the external_id lookup reads the shop's order list (newest first). */
const LOOKUP_PAGES = 5;
const PAGE_SIZE = 50;

export class PrintifyApiError extends Error {
  override name = "PrintifyApiError";
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`Printify ${what} answered ${status}: ${body.slice(0, 300)}`);
  }

  /**
   * Printify refuses a second order with an external_id it already has. It documents no error code
   * for this, so it is recognised by its words; a false negative only costs the lookup that a
   * retry after a stale lease does anyway.
   */
  get isDuplicateExternalId(): boolean {
    return (
      this.status >= 400 &&
      this.status < 500 &&
      /external[ _-]?id/i.test(this.body) &&
      /exist|duplicate|already|taken|unique/i.test(this.body)
    );
  }
}

/** Printify orders are sent only with a token and a shop; otherwise the admin's manual queue is the fulfilment. */
export function printifyEnabled(config: Config = getConfig()): boolean {
  return Boolean(config.PRINTIFY_API_TOKEN && config.PRINTIFY_SHOP_ID);
}

function shopUrl(config: Config, path: string): string {
  const base = config.PRINTIFY_API_URL.replace(/\/+$/, "");
  return `${base}/v1/shops/${encodeURIComponent(config.PRINTIFY_SHOP_ID ?? "")}${path}`;
}

/** Paths outside the shop (uploads are the account's) start with /v1/. */
function apiUrl(config: Config, path: string): string {
  return path.startsWith("/v1/") ? `${config.PRINTIFY_API_URL.replace(/\/+$/, "")}${path}` : shopUrl(config, path);
}

async function call(method: "GET" | "POST", path: string, what: string, body?: unknown): Promise<unknown> {
  const config = getConfig();
  if (!printifyEnabled(config)) throw new Error("Printify is not configured (PRINTIFY_API_TOKEN and PRINTIFY_SHOP_ID).");
  const response = await fetch(apiUrl(config, path), {
    method,
    headers: {
      Authorization: `Bearer ${config.PRINTIFY_API_TOKEN}`,
      Accept: "application/json",
      "User-Agent": "Giveawear",
      ...(body === undefined ? {} : { "Content-Type": "application/json;charset=utf-8" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new PrintifyApiError(response.status, text, what);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PrintifyApiError(response.status, text, `${what} (not JSON)`);
  }
}

/** POST /v1/shops/{shop_id}/orders.json: answers the new order's id. */
export async function createPrintifyOrder(order: PrintifyOrderRequest): Promise<{ id: string }> {
  const answer = await call("POST", "/orders.json", "order creation", order);
  const id = (answer as { id?: unknown } | null)?.id;
  if (typeof id !== "string" && typeof id !== "number")
    throw new Error(`Printify created an order without an id: ${JSON.stringify(answer).slice(0, 200)}`);
  return { id: String(id) };
}

/**
 * POST /v1/uploads/images.json: the design into the account's media library, as base64 contents
 * (works without a public APP_URL) or, for files too large to send inline, as a URL Printify fetches.
 */
export async function uploadPrintifyImage(image: { fileName: string; contents?: string; url?: string }): Promise<{ id: string }> {
  const body = image.contents ? { file_name: image.fileName, contents: image.contents } : { file_name: image.fileName, url: image.url };
  return PrintifyUploadSchema.parse(await call("POST", "/v1/uploads/images.json", "image upload", body));
}

/** POST /v1/shops/{shop_id}/products.json: answers the product with its mockup images. */
export async function createPrintifyProduct(product: PrintifyProductRequest): Promise<PrintifyProductAnswer> {
  return PrintifyProductSchema.parse(await call("POST", "/products.json", "product creation", product));
}

/** GET /v1/shops/{shop_id}/products/{id}.json */
export async function getPrintifyProduct(id: string): Promise<PrintifyProductAnswer> {
  return PrintifyProductSchema.parse(await call("GET", `/products/${encodeURIComponent(id)}.json`, "product lookup"));
}

/** GET /v1/shops/{shop_id}/orders/{id}.json */
export async function getPrintifyOrder(id: string): Promise<PrintifyOrder> {
  return PrintifyOrderSchema.parse(await call("GET", `/orders/${encodeURIComponent(id)}.json`, "order lookup"));
}

/**
 * The order we sent with this external_id, if Printify has it. Printify's order list has no
 * external_id filter, so this reads the newest pages: a retry follows its failed attempt within
 * minutes, so the order is among the newest.
 */
export async function findPrintifyOrderByExternalId(externalId: string): Promise<PrintifyOrder | null> {
  for (let page = 1; page <= LOOKUP_PAGES; page += 1) {
    const answer = (await call(
      "GET",
      `/orders.json?${new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) })}`,
      "order list",
    )) as {
      data?: unknown;
      last_page?: unknown;
    };
    const orders = Array.isArray(answer?.data) ? answer.data : [];
    for (const raw of orders) {
      const parsed = PrintifyOrderSchema.safeParse(raw);
      if (parsed.success && hasExternalId(parsed.data, externalId)) return parsed.data;
    }
    if (orders.length < PAGE_SIZE || (typeof answer.last_page === "number" && page >= answer.last_page)) break;
  }
  return null;
}

/** Printify signs each webhook body: X-Pfy-Signature is "sha256=" + hex HMAC-SHA256 of the raw body under the subscription's secret. */
export function printifySignature(rawBody: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`;
}

/** Compares in constant time (for equal lengths; the length of a hex digest is public anyway). */
export function verifyPrintifySignature(rawBody: string, header: string | null, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(printifySignature(rawBody, secret), "utf8");
  const hex = header
    .trim()
    .replace(/^sha256=/i, "")
    .toLowerCase();
  const given = Buffer.from(`sha256=${hex}`, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
