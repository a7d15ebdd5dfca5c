/**
 * A stand-in for Stripe's REST API on 127.0.0.1, enough for Checkout: create a session (form-encoded
 * with bracketed keys, as the official SDK sends it), retrieve it, expire it. The app's real SDK talks
 * to it through its host/port/protocol options. Tests play the customer (`pay`) and Stripe's webhook
 * sender (`event` + `signature`, signed with the SDK's own test helper).
 */
import { randomBytes } from "node:crypto";
import type http from "node:http";
import { fakeHttpServer } from "./http-server";
import Stripe from "stripe";

export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  url: string | null;
  success_url: string;
  cancel_url: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  created: number;
  expires_at: number;
  livemode: false;
  payment_intent: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body decoded into nested objects and arrays, as Stripe reads it. */
  params: Record<string, unknown>;
  idempotencyKey: string | null;
}

type Params = Record<string, unknown>;

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** `a[b][0][c]=v` into `{ a: { b: [{ c: "v" }] } }`. */
export function decodeStripeForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) throw new RequestError(400, `Invalid parameter name: ${key}`);
    const path = [match[1], ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
    let node: Params = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (typeof next !== "object" || next === null) node[segment] = {};
      node = node[segment] as Params;
    });
  }
  return arraysFromIndexes(root) as Params;
}

function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as Params).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (!indexed) return Object.fromEntries(entries);
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
}

const isRecord = (value: unknown): value is Params => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === "string" ? value : null);

function integer(value: unknown, param: string, min: number): number {
  const text = str(value);
  if (text === null || !/^-?\d+$/.test(text)) throw new RequestError(400, `Invalid integer: ${String(value)}`, param);
  const number = Number(text);
  if (number < min) throw new RequestError(400, `This value must be greater than or equal to ${min}.`, param);
  return number;
}

function httpUrl(value: unknown, param: string): string {
  const text = str(value);
  if (!text || !URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw new RequestError(400, "Not a valid URL", param);
  return text;
}

/** Stripe's rules for a Checkout Session in payment mode, as far as this app relies on them. */
function validateCreate(params: Params): { amount: number; currency: string } {
  const mode = str(params.mode);
  if (!mode) throw new RequestError(400, "Missing required param: mode.", "mode", "parameter_missing");
  if (!["payment", "setup", "subscription"].includes(mode)) throw new RequestError(400, `Invalid mode: ${mode}`, "mode");
  if (mode !== "payment") throw new RequestError(400, "This fake only supports mode payment.", "mode");

  const items = params.line_items;
  if (!Array.isArray(items) || items.length === 0) {
    throw new RequestError(400, "line_items is required in payment mode.", "line_items", "parameter_missing");
  }
  let amount = 0;
  let currency = "";
  items.forEach((item: unknown, index) => {
    const at = `line_items[${index}]`;
    if (!isRecord(item)) throw new RequestError(400, "Invalid line item.", at);
    const quantity = integer(item.quantity, `${at}[quantity]`, 1);
    if (item.price !== undefined) throw new RequestError(400, "This fake only supports price_data.", `${at}[price]`);
    const priceData = item.price_data;
    if (!isRecord(priceData)) throw new RequestError(400, "You must specify either price or price_data.", at, "parameter_missing");
    const itemCurrency = str(priceData.currency)?.toLowerCase() ?? "";
    if (!/^[a-z]{3}$/.test(itemCurrency)) throw new RequestError(400, "Invalid currency.", `${at}[price_data][currency]`);
    const unitAmount = integer(priceData.unit_amount, `${at}[price_data][unit_amount]`, 0);
    const product = priceData.product_data;
    if (!isRecord(product) || !str(product.name)?.trim()) {
      throw new RequestError(
        400,
        "Missing required param: product_data[name].",
        `${at}[price_data][product_data][name]`,
        "parameter_missing",
      );
    }
    if (currency && itemCurrency !== currency) throw new RequestError(400, "All line items must use the same currency.", at);
    currency = itemCurrency;
    amount += unitAmount * quantity;
  });
  if (currency === "usd" && amount < 50) {
    throw new RequestError(400, "The Checkout Session's total amount due must add up to at least $0.50 usd", "line_items");
  }

  const successUrl = httpUrl(params.success_url, "success_url");
  // Not a Stripe rule, but the app's success page needs the session id back.
  if (!successUrl.includes("{CHECKOUT_SESSION_ID}")) {
    throw new RequestError(400, "success_url should carry {CHECKOUT_SESSION_ID} (fake's check).", "success_url");
  }
  if (params.cancel_url !== undefined) httpUrl(params.cancel_url, "cancel_url");
  const email = params.customer_email;
  if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(str(email) ?? "")) {
    throw new RequestError(400, "Invalid email address.", "customer_email");
  }
  const reference = params.client_reference_id;
  if (reference !== undefined && (str(reference)?.length ?? 201) > 200) {
    throw new RequestError(400, "client_reference_id must be at most 200 characters.", "client_reference_id");
  }
  if (params.metadata !== undefined && (!isRecord(params.metadata) || Object.values(params.metadata).some((v) => typeof v !== "string"))) {
    throw new RequestError(400, "Invalid metadata.", "metadata");
  }
  return { amount, currency };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const randomId = (prefix: string, length = 24) => `${prefix}${randomBytes(length).toString("base64url").replace(/[-_]/g, "0")}`;

export async function startFakeStripeServer(options: { secretKey: string; port?: number }) {
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: RecordedRequest[] = [];
  let base = "";

  const server = fakeHttpServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": randomId("req_", 10) });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    try {
      const raw = await readBody(req);
      const params = req.method === "GET" ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(raw);
      const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      requests.push({ method: req.method ?? "GET", path: url.pathname, params, idempotencyKey });

      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        throw new RequestError(401, "Invalid API Key provided.");
      }

      // The admin's API Keys check: a free, read-only call.
      if (url.pathname === "/v1/balance" && req.method === "GET") {
        const zero = [{ amount: 0, currency: "usd", source_types: { card: 0 } }];
        return json(200, { object: "balance", available: zero, pending: zero, livemode: false });
      }

      if (url.pathname === "/v1/checkout/sessions" && req.method === "POST") {
        const { amount, currency } = validateCreate(params);
        const id = randomId("cs_test_", 42);
        const now = Math.floor(Date.now() / 1000);
        const session: FakeCheckoutSession = {
          id,
          object: "checkout.session",
          mode: "payment",
          status: "open",
          payment_status: "unpaid",
          url: `${base}/c/pay/${id}`,
          success_url: String(params.success_url),
          cancel_url: str(params.cancel_url),
          client_reference_id: str(params.client_reference_id),
          customer_email: str(params.customer_email),
          metadata: isRecord(params.metadata) ? (params.metadata as Record<string, string>) : {},
          currency,
          amount_subtotal: amount,
          amount_total: amount,
          created: now,
          expires_at: now + 24 * 60 * 60,
          livemode: false,
          payment_intent: null,
        };
        sessions.set(id, session);
        return json(200, session);
      }

      const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
      if (one?.[1]) {
        const session = sessions.get(decodeURIComponent(one[1]));
        if (!session) throw new RequestError(404, `No such checkout.session: '${one[1]}'`, "session", "resource_missing");
        if (!one[2] && req.method === "GET") return json(200, session);
        if (one[2] && req.method === "POST") {
          if (session.status !== "open") {
            throw new RequestError(
              400,
              'Only Checkout Sessions with a status in ["open"] can be expired.',
              undefined,
              "checkout_session_not_open",
            );
          }
          session.status = "expired";
          session.url = null;
          return json(200, session);
        }
      }
      throw new RequestError(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
    } catch (error) {
      const known = error instanceof RequestError ? error : new RequestError(500, String(error));
      return json(known.status, {
        error: {
          type: known.status >= 500 ? "api_error" : "invalid_request_error",
          message: known.message,
          ...(known.param ? { param: known.param } : {}),
          ...(known.code ? { code: known.code } : {}),
        },
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;

  function session(id: string): FakeCheckoutSession {
    const found = sessions.get(id);
    if (!found) throw new Error(`fake Stripe: no session ${id}`);
    return found;
  }

  return {
    port,
    url: base,
    requests,
    sessions,
    session,
    /** The customer finished checkout and the card was charged. */
    pay(id: string) {
      Object.assign(session(id), { status: "complete", payment_status: "paid", url: null, payment_intent: randomId("pi_") });
    },
    /** Checkout finished with a delayed payment method (bank debit): completed, money not yet in. */
    completeUnpaid(id: string) {
      Object.assign(session(id), { status: "complete", payment_status: "unpaid", url: null });
    },
    /** An event as Stripe would POST it, carrying a snapshot of the session as it is now. */
    event(type: string, id: string, eventId = randomId("evt_")): string {
      return JSON.stringify({
        id: eventId,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...session(id) } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK keeps connections alive; without this close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripeServer>>;

/** The Stripe-Signature header Stripe would send with this payload. */
export function signature(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
