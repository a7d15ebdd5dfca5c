/**
 * The payment provider (decision 004): Stripe Checkout when STRIPE_SECRET_KEY is set, otherwise the
 * built-in TEST MODE checkout; the Stripe SDK client, and the messages a failed checkout shows.
 */
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { getConfig, type Config } from "../core/config.server";

/** A message the creator may read: the wizard shows it in its "Submission Failed" toast. */
export class CheckoutError extends Error {
  override name = "CheckoutError";
}

export const PAYMENTS_NOT_CONFIGURED = "Payments are not configured.";
export const GENERIC_FAILURE = "Could not process your request. Please try again.";

const TEST_SESSION_PREFIX = "test_cs_";

/** A session id of the built-in TEST MODE checkout. */
export function newTestSessionId(): string {
  return `${TEST_SESSION_PREFIX}${randomBytes(18).toString("hex")}`;
}

export type PaymentProvider = "stripe" | "test";

export function paymentProvider(config: Config = getConfig()): PaymentProvider {
  if (config.stripeEnabled) return "stripe";
  if (config.testCheckoutEnabled) return "test";
  throw new CheckoutError(PAYMENTS_NOT_CONFIGURED);
}

export function isTestCheckoutSession(sessionId: string): boolean {
  return sessionId.startsWith(TEST_SESSION_PREFIX);
}

let cachedClient: { key: string; client: Stripe } | undefined;

/** The official SDK; STRIPE_API_URL points it at another host (the fake server in tests). */
export function stripeClient(config: Config = getConfig()): Stripe {
  const secretKey = config.STRIPE_SECRET_KEY;
  if (!secretKey) throw new CheckoutError(PAYMENTS_NOT_CONFIGURED);
  const key = `${secretKey}\n${config.STRIPE_API_URL ?? ""}`;
  if (cachedClient?.key === key) return cachedClient.client;
  const client = createStripe(secretKey, config.STRIPE_API_URL, { maxNetworkRetries: 2, timeout: 20_000 });
  cachedClient = { key, client };
  return client;
}

/** A Stripe SDK client; `apiUrl` (STRIPE_API_URL) points it at another host, the fake server in tests. */
export function createStripe(
  secretKey: string,
  apiUrl: string | undefined,
  { maxNetworkRetries, timeout }: { maxNetworkRetries: number; timeout: number },
): Stripe {
  const api = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries,
    timeout,
    appInfo: { name: "Giveawear" },
    ...(api
      ? {
          protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
          host: api.hostname,
          port: api.port || (api.protocol === "http:" ? 80 : 443),
        }
      : {}),
  });
}
