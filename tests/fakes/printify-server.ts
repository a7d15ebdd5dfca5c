/**
 * A stand-in for Printify's REST API on 127.0.0.1, enough for products and orders. Products (decision
 * 044): upload an image (POST /v1/uploads/images.json with `contents` base64 or `url`), create a
 * product from catalogue variants with that image on its print areas
 * (POST /v1/shops/{shop_id}/products.json), read it (GET …/products/{id}.json); the product answer
 * carries `images` as Printify's does (src, variant_ids, position, is_default,
 * is_selected_for_publishing), one set per colour, and each src is a JPEG this server serves
 * without a token (Printify's image CDN is public). Orders: create one
 * (POST /v1/shops/{shop_id}/orders.json, checking the payload the way Printify's validation does),
 * read one (GET …/orders/{id}.json), list them newest first (GET …/orders.json?page=&limit=).
 * Every call needs the Bearer token. A second order with an external_id the shop already has is
 * refused, as Printify does. Tests play Printify's production line (`setStatus`, `ship`) and its
 * webhook sender (`event` + `sign` + `deliver`, HMAC-SHA256 of the body in X-Pfy-Signature).
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type http from "node:http";
import { fakeHttpServer } from "./http-server";
import sharp from "sharp";
import { PRINTIFY_PRODUCTS, type PrintifyProduct } from "~/domain/printify";

/** The catalogue's colour of each variant id (our mapping stands in for Printify's catalogue). */
const VARIANT_COLORS = new Map<number, string>(
  Object.values(PRINTIFY_PRODUCTS as Record<string, PrintifyProduct>).flatMap((product) =>
    Object.entries(product.variants).flatMap(([color, sizes]) => Object.values(sizes).map((id): [number, string] => [id, color])),
  ),
);
const SWATCH: Record<string, string> = { white: "#F5F5F5", black: "#202020", heather_gray: "#A9A9AD" };

export interface FakeUpload {
  id: string;
  file_name: string;
  height: number;
  width: number;
  size: number;
  mime_type: string;
  preview_url: string;
  upload_time: string;
}

export interface FakeProductImage {
  src: string;
  variant_ids: number[];
  position: string;
  is_default: boolean;
  is_selected_for_publishing: boolean;
}

export interface FakeProduct {
  id: string;
  title: string;
  description: string;
  tags: string[];
  options: unknown[];
  variants: {
    id: number;
    sku: string;
    cost: number;
    price: number;
    title: string;
    grams: number;
    is_enabled: boolean;
    is_default: boolean;
    is_available: boolean;
    options: number[];
  }[];
  images: FakeProductImage[];
  created_at: string;
  updated_at: string;
  visible: boolean;
  is_locked: boolean;
  blueprint_id: number;
  user_id: number;
  shop_id: number | string;
  print_provider_id: number;
  print_areas: unknown[];
  sales_channel_properties: unknown[];
}

export interface FakeAddress {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  region: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
}

export interface FakeLineItem {
  print_provider_id: number;
  blueprint_id: number;
  variant_id: number;
  print_areas: Record<string, string>;
  quantity: number;
}

export interface FakeShipment {
  carrier: string;
  number: string;
  url: string;
  delivered_at: string | null;
}

export interface FakePrintifyOrder {
  id: string;
  address_to: FakeAddress;
  line_items: (FakeLineItem & { status: string })[];
  metadata: { order_type: "external"; shop_order_id: string; shop_order_label: string; shop_fulfilled_at: string | null };
  shipping_method: number;
  send_shipping_notification: boolean;
  status: string;
  shipments: FakeShipment[];
  created_at: string;
  sent_to_production_at: string | null;
  fulfilled_at: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorized: boolean;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isInt = (value: unknown, min = 1): value is number => typeof value === "number" && Number.isInteger(value) && value >= min;
const isString = (value: unknown): value is string => typeof value === "string";
const printifyTime = (date = new Date()) =>
  date
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "+00:00");

const invalid = (reason: string) => new ApiError(400, "Validation failed.", reason);

/** Printify's rules for a new order, as far as this app relies on them. */
function validateOrder(body: unknown): {
  externalId: string;
  label: string;
  items: FakeLineItem[];
  address: FakeAddress;
  method: number;
  notify: boolean;
} {
  if (!isRecord(body)) throw invalid("The request body must be a JSON object.");
  const externalId = body.external_id;
  if (!isString(externalId) || !externalId.trim()) throw invalid("external_id is required.");
  if (body.label !== undefined && (!isString(body.label) || body.label.length > 100))
    throw invalid("label must be a string of at most 100 characters.");

  const items = body.line_items;
  if (!Array.isArray(items) || items.length === 0) throw invalid("line_items is required.");
  items.forEach((item: unknown, index) => {
    const at = `line_items.${index}`;
    if (!isRecord(item)) throw invalid(`${at} must be an object.`);
    if ("product_id" in item)
      throw invalid(`${at}: this fake takes catalogue items (blueprint_id, print_provider_id, variant_id, print_areas), not product_id.`);
    for (const key of ["print_provider_id", "blueprint_id", "variant_id", "quantity"] as const) {
      if (!isInt(item[key])) throw invalid(`${at}.${key} must be a positive integer.`);
    }
    const areas = item.print_areas;
    if (!isRecord(areas) || Object.keys(areas).length === 0) throw invalid(`${at}.print_areas is required.`);
    for (const [position, url] of Object.entries(areas)) {
      if (!["front", "back"].includes(position)) throw invalid(`${at}.print_areas.${position} is not a print area of this blueprint.`);
      if (!isString(url) || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
        throw invalid(`${at}.print_areas.${position} must be a public image URL (absolute http or https).`);
      }
    }
  });

  if (!isInt(body.shipping_method) || body.shipping_method > 4)
    throw invalid("shipping_method must be 1 (standard), 2 (priority), 3 (express) or 4 (economy).");
  if (body.send_shipping_notification !== undefined && typeof body.send_shipping_notification !== "boolean") {
    throw invalid("send_shipping_notification must be a boolean.");
  }

  const address = body.address_to;
  if (!isRecord(address)) throw invalid("address_to is required.");
  const fields = ["first_name", "last_name", "email", "phone", "country", "region", "address1", "address2", "city", "zip"] as const;
  for (const field of fields) {
    if (address[field] !== undefined && !isString(address[field])) throw invalid(`address_to.${field} must be a string.`);
  }
  for (const field of ["first_name", "address1", "city", "country"] as const) {
    if (!isString(address[field]) || !address[field].trim()) throw invalid(`address_to.${field} is required.`);
  }
  if (!/^[A-Z]{2}$/.test(String(address.country))) throw invalid("address_to.country must be an ISO 3166-1 alpha-2 code.");
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(String(address.email ?? ""))) throw invalid("address_to.email must be a valid email address.");

  return {
    externalId,
    label: isString(body.label) ? body.label : "",
    items: items as FakeLineItem[],
    address: Object.fromEntries(fields.map((field) => [field, String(address[field] ?? "")])) as unknown as FakeAddress,
    method: body.shipping_method,
    notify: body.send_shipping_notification === true,
  };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const orderId = () => randomBytes(12).toString("hex");

export async function startFakePrintifyServer(options: { token: string; shopId: string; port?: number }) {
  /** Newest last. */
  const orders: FakePrintifyOrder[] = [];
  const requests: RecordedRequest[] = [];
  const failures: number[] = [];
  const uploads: (FakeUpload & { bytes: Buffer })[] = [];
  const products: FakeProduct[] = [];
  const imageRequests: string[] = [];
  let brokenImages = 0;
  let base = "";

  /** Printify's upload rules: a file_name and exactly one of contents (base64) or url; the bytes must be an image. */
  async function upload(body: unknown): Promise<FakeUpload> {
    if (!isRecord(body)) throw invalid("The request body must be a JSON object.");
    if (!isString(body.file_name) || !body.file_name.trim()) throw invalid("file_name is required.");
    const hasContents = isString(body.contents) && body.contents.length > 0;
    const hasUrl = isString(body.url) && body.url.length > 0;
    if (hasContents === hasUrl) throw invalid("Either contents (base64) or url is required, not both.");
    let bytes: Buffer;
    if (hasContents) {
      bytes = Buffer.from(String(body.contents), "base64");
    } else {
      const fetched = await fetch(String(body.url));
      if (!fetched.ok) throw invalid(`The image at url could not be downloaded (${fetched.status}).`);
      bytes = Buffer.from(await fetched.arrayBuffer());
    }
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => {
        throw invalid("The file is not a supported image.");
      });
    const id = randomBytes(12).toString("hex");
    const stored = {
      id,
      file_name: body.file_name,
      height: meta.height ?? 0,
      width: meta.width ?? 0,
      size: bytes.length,
      mime_type: `image/${meta.format === "jpeg" ? "jpeg" : (meta.format ?? "png")}`,
      preview_url: `${base}/uploads/${id}.${meta.format ?? "png"}`,
      upload_time: printifyTime(),
      bytes,
    };
    uploads.push(stored);
    const { bytes: _bytes, ...answer } = stored;
    return answer;
  }

  /** Printify's product rules as far as this app relies on them; the answer has the real product's shape. */
  function createProduct(body: unknown): FakeProduct {
    if (!isRecord(body)) throw invalid("The request body must be a JSON object.");
    if (!isString(body.title) || !body.title.trim()) throw invalid("title is required.");
    if (!isString(body.description)) throw invalid("description is required.");
    for (const key of ["blueprint_id", "print_provider_id"] as const)
      if (!isInt(body[key])) throw invalid(`${key} must be a positive integer.`);
    const variants = body.variants;
    if (!Array.isArray(variants) || !variants.length) throw invalid("variants is required.");
    for (const [index, variant] of variants.entries()) {
      if (!isRecord(variant) || !isInt(variant.id) || !isInt(variant.price, 0))
        throw invalid(`variants.${index} needs an id and a price in cents.`);
      if (!VARIANT_COLORS.has(variant.id))
        throw invalid(`variants.${index}.id ${variant.id} is not a variant of this blueprint and provider.`);
    }
    const areas = body.print_areas;
    if (!Array.isArray(areas) || !areas.length) throw invalid("print_areas is required.");
    for (const [index, area] of areas.entries()) {
      if (!isRecord(area) || !Array.isArray(area.variant_ids) || !Array.isArray(area.placeholders))
        throw invalid(`print_areas.${index} needs variant_ids and placeholders.`);
      for (const placeholder of area.placeholders as unknown[]) {
        if (!isRecord(placeholder) || !isString(placeholder.position) || !Array.isArray(placeholder.images))
          throw invalid(`print_areas.${index}.placeholders need a position and images.`);
        for (const image of placeholder.images as unknown[]) {
          if (!isRecord(image) || !uploads.some((u) => u.id === image.id))
            throw invalid(`print_areas.${index}: image ${isRecord(image) ? String(image.id) : "?"} is not an uploaded image.`);
          for (const key of ["x", "y", "scale", "angle"] as const)
            if (typeof image[key] !== "number") throw invalid(`print_areas.${index}: image ${key} must be a number.`);
        }
      }
    }
    const id = randomBytes(12).toString("hex");
    const enabled = (variants as { id: number; price: number; is_enabled?: boolean }[]).filter((v) => v.is_enabled !== false);
    // One set of mockups per colour: front and back, the first colour's front is the default.
    const byColor = new Map<string, number[]>();
    for (const variant of enabled) {
      const color = VARIANT_COLORS.get(variant.id) ?? "white";
      byColor.set(color, [...(byColor.get(color) ?? []), variant.id]);
    }
    const images: FakeProductImage[] = [...byColor.values()].flatMap((ids, group) =>
      (["front", "back"] as const).map((position) => ({
        src: `${base}/mockup/${id}/${ids[0]}/${position}.jpg`,
        variant_ids: ids,
        position,
        is_default: group === 0 && position === "front",
        is_selected_for_publishing: true,
      })),
    );
    const product: FakeProduct = {
      id,
      title: body.title,
      description: body.description,
      tags: [],
      options: [],
      variants: (variants as { id: number; price: number; is_enabled?: boolean }[]).map((v) => ({
        id: v.id,
        sku: `${v.id}-${id.slice(0, 6)}`,
        cost: 1200,
        price: v.price,
        title: `${VARIANT_COLORS.get(v.id) ?? ""}`,
        grams: 150,
        is_enabled: v.is_enabled !== false,
        is_default: v === variants[0],
        is_available: true,
        options: [],
      })),
      images,
      created_at: printifyTime(),
      updated_at: printifyTime(),
      visible: true,
      is_locked: false,
      blueprint_id: body.blueprint_id as number,
      user_id: 1,
      shop_id: Number(options.shopId) || options.shopId,
      print_provider_id: body.print_provider_id as number,
      print_areas: areas,
      sales_channel_properties: [],
    };
    products.push(product);
    return product;
  }

  function store(input: ReturnType<typeof validateOrder>): FakePrintifyOrder {
    const order: FakePrintifyOrder = {
      id: orderId(),
      address_to: input.address,
      line_items: input.items.map((item) => ({ ...item, status: "on-hold" })),
      metadata: { order_type: "external", shop_order_id: input.externalId, shop_order_label: input.label, shop_fulfilled_at: null },
      shipping_method: input.method,
      send_shipping_notification: input.notify,
      status: "on-hold",
      shipments: [],
      created_at: printifyTime(),
      sent_to_production_at: null,
      fulfilled_at: null,
    };
    orders.push(order);
    return order;
  }

  const server = fakeHttpServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    // The mockup images: public, like Printify's image CDN.
    const mockup = /^\/mockup\/([a-f0-9]+)\/(\d+)\/(front|back)\.jpg$/.exec(url.pathname);
    if (mockup && req.method === "GET") {
      imageRequests.push(url.pathname);
      const color = VARIANT_COLORS.get(Number(mockup[2])) ?? "white";
      if (brokenImages > 0) {
        brokenImages -= 1;
        res.writeHead(404, { "Content-Type": "text/plain" });
        return res.end("Not found");
      }
      const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: SWATCH[color] ?? "#F5F5F5" } })
        .jpeg()
        .toBuffer();
      res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": String(jpeg.length) });
      return res.end(jpeg);
    }
    try {
      const raw = await readBody(req);
      let body: unknown = null;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          throw new ApiError(400, "Malformed JSON.");
        }
      }
      const authorized = req.headers.authorization === `Bearer ${options.token}`;
      requests.push({ method: req.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), body, authorized });
      if (!authorized) throw new ApiError(401, "Unauthenticated.");

      const failure = failures.shift();
      if (failure) throw new ApiError(failure, "Something went wrong on our side (fake failure).");

      // The token's shops (the admin's API Keys check).
      if (url.pathname === "/v1/shops.json" && req.method === "GET") {
        return json(200, [{ id: Number(options.shopId) || options.shopId, title: "Fake shop", sales_channel: "custom_integration" }]);
      }

      if (url.pathname === "/v1/uploads/images.json" && req.method === "POST") {
        return json(200, await upload(body));
      }

      const shop = `/v1/shops/${options.shopId}`;
      if (!url.pathname.startsWith(`${shop}/`)) throw new ApiError(404, "Shop not found.");
      const path = url.pathname.slice(shop.length);

      if (path === "/orders.json" && req.method === "POST") {
        if (!String(req.headers["content-type"] ?? "").startsWith("application/json"))
          throw new ApiError(400, "The body must be JSON (Content-Type: application/json).");
        const input = validateOrder(body);
        if (orders.some((o) => o.metadata.shop_order_id === input.externalId)) {
          throw invalid(`An order with external_id "${input.externalId}" already exists.`);
        }
        return json(200, { id: store(input).id });
      }

      if (path === "/orders.json" && req.method === "GET") {
        const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 10) || 10, 1), 50);
        const page = Math.max(Number(url.searchParams.get("page") ?? 1) || 1, 1);
        const newestFirst = [...orders].reverse();
        return json(200, {
          current_page: page,
          data: newestFirst.slice((page - 1) * limit, page * limit),
          per_page: limit,
          last_page: Math.max(1, Math.ceil(orders.length / limit)),
          total: orders.length,
        });
      }

      if (path === "/products.json" && req.method === "POST") {
        return json(200, createProduct(body));
      }
      const product = /^\/products\/([^/]+)\.json$/.exec(path);
      if (product?.[1] && req.method === "GET") {
        const found = products.find((p) => p.id === decodeURIComponent(product[1] ?? ""));
        if (!found) throw new ApiError(404, "Product not found.");
        return json(200, found);
      }

      const one = /^\/orders\/([^/]+)\.json$/.exec(path);
      if (one?.[1] && req.method === "GET") {
        const order = orders.find((o) => o.id === decodeURIComponent(one[1] ?? ""));
        if (!order) throw new ApiError(404, "Order not found.");
        return json(200, order);
      }
      throw new ApiError(404, `Not found (${req.method} ${url.pathname}).`);
    } catch (error) {
      const known = error instanceof ApiError ? error : new ApiError(500, String(error));
      if (known.status === 401) return json(401, { error: known.message });
      return json(known.status, {
        status: "error",
        code: 8150,
        message: known.message,
        ...(known.reason ? { errors: { reason: known.reason, code: 8150 } } : {}),
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;

  function order(id: string): FakePrintifyOrder {
    const found = orders.find((o) => o.id === id);
    if (!found) throw new Error(`fake Printify: no order ${id}`);
    return found;
  }

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    orders,
    requests,
    order,
    uploads,
    products,
    /** Paths of mockup images fetched. */
    imageRequests,
    /** The next `count` mockup image downloads answer 404. */
    breakImages(count = 1) {
      brokenImages += count;
    },
    /** Orders the shop holds with this external_id (a real shop holds at most one). */
    withExternalId: (externalId: string) => orders.filter((o) => o.metadata.shop_order_id === externalId),
    /** Calls that created an order. */
    creations: () => requests.filter((r) => r.method === "POST" && r.path.endsWith("/orders.json")),
    /** An order that reached Printify earlier (a send whose answer never arrived). */
    addOrder(body: unknown): FakePrintifyOrder {
      return store(validateOrder(body));
    },
    /** The next `count` calls answer `status` (default 500). */
    failNext(count = 1, status = 500) {
      for (let i = 0; i < count; i += 1) failures.push(status);
    },
    setStatus(id: string, status: string) {
      const found = order(id);
      found.status = status;
      for (const item of found.line_items) item.status = status;
      if (status === "in-production" || status === "sending-to-production") found.sent_to_production_at ??= printifyTime();
    },
    /** The print provider hands the parcel to the carrier. */
    ship(id: string, shipment: { carrier: string; number: string; url: string }): FakeShipment {
      const found = order(id);
      const added = { ...shipment, delivered_at: null };
      found.shipments.push(added);
      found.status = "fulfilled";
      found.fulfilled_at = printifyTime();
      for (const item of found.line_items) item.status = "fulfilled";
      return added;
    },
    /** A webhook body as Printify POSTs it. */
    event(type: string, resourceId: string, data: Json = {}, id: string = randomUUID()): string {
      return JSON.stringify({
        id,
        type,
        created_at: printifyTime(),
        resource: { id: resourceId, type: "order", data: { shop_id: Number(options.shopId) || options.shopId, ...data } },
      });
    },
    /** Printify's X-Pfy-Signature for a body. */
    sign(body: string, secret: string): string {
      return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
    },
    /** POSTs a webhook to the app, as Printify's sender would. */
    async deliver(target: string, body: string, signature: string | null): Promise<{ status: number; text: string }> {
      const response = await fetch(target, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "Printify-Webhooks",
          ...(signature === null ? {} : { "X-Pfy-Signature": signature }),
        },
        body,
      });
      return { status: response.status, text: await response.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakePrintify = Awaited<ReturnType<typeof startFakePrintifyServer>>;
