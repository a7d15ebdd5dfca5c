/**
 * The API Keys tab: which outside services are configured, what stands in for each one that is not
 * (docs/architecture.md, "Outside services"), evidence from our own tables (recent deliveries and webhooks),
 * and, where a free read-only call exists, a live check that the keys work (SMTP, Stripe, Printify).
 * Secrets never leave this module: the page only learns whether each one is set.
 */
import nodemailer from "nodemailer";
import Stripe from "stripe";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { createStripe } from "../payments/stripe.server";
import { adminEmailsPath, href } from "../../paths";

export interface SecretState {
  label: string;
  set: boolean;
}

export type VerifiableIntegration = "smtp" | "stripe" | "printify";
export type CheckResult = { ok: true; message: string } | { ok: false; message: string };

export interface Integration {
  id: "smtp" | "stripe" | "google" | "ideogram" | "printify";
  name: string;
  configured: boolean;
  /** What the product does without it, or what it does with it. */
  summary: string;
  details: { label: string; value: string }[];
  secrets: SecretState[];
  /** Evidence from our own records, e.g. "Last email sent 5 minutes ago". */
  activity: string[];
  /** A page of the admin panel with more, e.g. the failed emails. */
  link: { label: string; to: string } | null;
  /** A live check exists and the service is configured. */
  canVerify: boolean;
}

const secret = (label: string, value: string | undefined): SecretState => ({ label, set: Boolean(value) });

function smtpEndpoint(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}`;
  } catch {
    return "unreadable URL";
  }
}

function when(date: Date | null | undefined): string {
  return date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : "never";
}

export async function integrationStatus(): Promise<Integration[]> {
  const config = getConfig();
  const [lastSent, lastFailed, pending, failed, lastPayment, lastFulfilment, designs] = await Promise.all([
    prisma.outboundEmail.findFirst({ where: { status: "sent" }, orderBy: { sentAt: "desc" }, select: { sentAt: true } }),
    prisma.outboundEmail.findFirst({
      where: { status: "failed" },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true, lastError: true },
    }),
    prisma.outboundEmail.count({ where: { status: "pending" } }),
    prisma.outboundEmail.count({ where: { status: "failed" } }),
    prisma.paymentEvent.findFirst({ orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
    prisma.fulfilmentEvent.findFirst({ orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
    prisma.aiDesign.findFirst({ orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
  ]);

  const smtpPassword = config.SMTP_URL ? safePassword(config.SMTP_URL) : undefined;
  return [
    {
      id: "smtp",
      name: "Email (SMTP)",
      configured: Boolean(config.SMTP_URL),
      summary: config.SMTP_URL
        ? "Every email is written to the outbox, then delivered through this SMTP server."
        : "Not configured: emails stay in the outbox and the server log (and the local mailbox page in development).",
      details: [
        ...(config.SMTP_URL ? [{ label: "Server", value: smtpEndpoint(config.SMTP_URL) }] : []),
        { label: "Sender", value: config.MAIL_FROM },
      ],
      secrets: [secret("SMTP password", smtpPassword)],
      activity: [
        `Last email delivered: ${when(lastSent?.sentAt)}`,
        `Waiting in the outbox: ${pending}`,
        `Failed: ${failed}`,
        ...(lastFailed
          ? [`Last failed delivery: ${when(lastFailed.createdAt)}${lastFailed.lastError ? ` (${lastFailed.lastError.slice(0, 160)})` : ""}`]
          : []),
      ],
      link:
        failed > 0
          ? { label: "See failed emails", to: adminEmailsPath({ status: "failed" }) }
          : { label: "See the outbox", to: adminEmailsPath() },
      canVerify: Boolean(config.SMTP_URL),
    },
    {
      id: "stripe",
      name: "Payments (Stripe)",
      configured: config.stripeEnabled,
      summary: config.stripeEnabled
        ? `Paid launches go through Stripe Checkout (${config.STRIPE_SECRET_KEY?.startsWith("sk_live_") ? "live" : "test"} mode).`
        : config.testCheckoutEnabled
          ? "Not configured: the built-in TEST MODE checkout takes pretend payments."
          : "Not configured, and the test checkout is off: paid plans cannot be launched.",
      details: [{ label: "Webhook endpoint", value: href("/webhooks/stripe") }],
      secrets: [secret("Secret key", config.STRIPE_SECRET_KEY), secret("Webhook signing secret", config.STRIPE_WEBHOOK_SECRET)],
      activity: [`Last payment event: ${when(lastPayment?.createdAt)}`],
      link: null,
      canVerify: config.stripeEnabled,
    },
    {
      id: "google",
      name: "Google sign-in",
      configured: config.googleEnabled,
      summary: config.googleEnabled
        ? "The login page offers “Sign in with Google”."
        : "Not configured: the login page hides the Google button; sign-in is by emailed code only.",
      details: config.googleEnabled ? [{ label: "Redirect URI", value: href("/auth/google/callback") }] : [],
      secrets: [secret("Client ID", config.GOOGLE_CLIENT_ID), secret("Client secret", config.GOOGLE_CLIENT_SECRET)],
      activity: [],
      link: null,
      canVerify: false,
    },
    {
      id: "ideogram",
      name: "AI designer (Ideogram)",
      configured: Boolean(config.IDEOGRAM_API_KEY),
      summary: config.IDEOGRAM_API_KEY
        ? "AI designs come from Ideogram, one call per prompt."
        : "Not configured: the built-in design generator makes AI designs.",
      details: [],
      secrets: [secret("API key", config.IDEOGRAM_API_KEY)],
      activity: [`Last AI design: ${when(designs?.createdAt)}`],
      link: null,
      // Ideogram has no free call: every request generates (and bills) an image.
      canVerify: false,
    },
    {
      id: "printify",
      name: "Fulfilment (Printify)",
      configured: Boolean(config.PRINTIFY_API_TOKEN && config.PRINTIFY_SHOP_ID),
      summary:
        config.PRINTIFY_API_TOKEN && config.PRINTIFY_SHOP_ID
          ? "Claimed prizes become Printify orders."
          : "Not configured: claimed prizes wait in the manual queue on the Orders tab.",
      details: config.PRINTIFY_SHOP_ID ? [{ label: "Shop", value: config.PRINTIFY_SHOP_ID }] : [],
      secrets: [secret("API token", config.PRINTIFY_API_TOKEN), secret("Webhook secret", config.PRINTIFY_WEBHOOK_SECRET)],
      activity: [`Last Printify webhook: ${when(lastFulfilment?.createdAt)}`],
      link: null,
      canVerify: Boolean(config.PRINTIFY_API_TOKEN && config.PRINTIFY_SHOP_ID),
    },
  ];
}

function safePassword(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

const VERIFY_TIMEOUT_MS = 10_000;

/** A message from outside that may echo what it was sent: every secret we hold is masked out of it. */
function scrub(message: string, secrets: (string | undefined)[]): string {
  let clean = message;
  for (const value of secrets) if (value) clean = clean.split(value).join("****");
  // Stripe names the refused key with its last characters ("sk_test_****1234"): none of it is shown.
  clean = clean.replace(/\b(sk|rk|pk)_(test|live)_[A-Za-z0-9*]+/g, "$1_$2_****");
  return clean.slice(0, 300);
}

/** Connects and authenticates to the SMTP server without sending anything. */
export async function verifySmtp(): Promise<CheckResult> {
  const url = getConfig().SMTP_URL;
  if (!url) return { ok: false, message: "SMTP_URL is not set." };
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: VERIFY_TIMEOUT_MS,
    greetingTimeout: VERIFY_TIMEOUT_MS,
    socketTimeout: VERIFY_TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return { ok: true, message: "Connected and signed in." };
  } catch (error) {
    // A server may echo what it was sent; the password must not reach the page even then.
    return { ok: false, message: scrub(error instanceof Error ? error.message : String(error), [safePassword(url)]) };
  } finally {
    transport.close();
  }
}

/** Reads the account's balance: free, read-only, and refused unless the secret key is valid. */
export async function verifyStripe(): Promise<CheckResult> {
  const config = getConfig();
  const key = config.STRIPE_SECRET_KEY;
  if (!key) return { ok: false, message: "STRIPE_SECRET_KEY is not set." };
  // A client of its own: a check answers once, quickly, without the payment client's retries.
  const stripe = createStripe(key, config.STRIPE_API_URL, { maxNetworkRetries: 0, timeout: VERIFY_TIMEOUT_MS });
  try {
    const balance = await stripe.balance.retrieve();
    return { ok: true, message: `Stripe accepted the secret key (${balance.livemode ? "live" : "test"} mode).` };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError) return { ok: false, message: "Stripe refused the secret key." };
    if (error instanceof Stripe.errors.StripePermissionError)
      return { ok: false, message: "Stripe accepted the key, but it may not read the account (a restricted key?)." };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message: scrub(`Stripe could not be reached: ${message}`, [key, config.STRIPE_WEBHOOK_SECRET]) };
  }
}

/** Lists the token's shops (GET /v1/shops.json): the token must be accepted and the configured shop among them. */
export async function verifyPrintify(): Promise<CheckResult> {
  const config = getConfig();
  const token = config.PRINTIFY_API_TOKEN;
  const shopId = config.PRINTIFY_SHOP_ID;
  if (!token || !shopId) return { ok: false, message: "PRINTIFY_API_TOKEN and PRINTIFY_SHOP_ID must both be set." };
  const secrets = [token, config.PRINTIFY_WEBHOOK_SECRET];
  let response: Response;
  try {
    response = await fetch(`${config.PRINTIFY_API_URL.replace(/\/+$/, "")}/v1/shops.json`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json", "User-Agent": "Giveawear" },
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
  } catch (error) {
    return {
      ok: false,
      message: scrub(`Printify could not be reached: ${error instanceof Error ? error.message : String(error)}`, secrets),
    };
  }
  if (response.status === 401 || response.status === 403)
    return { ok: false, message: `Printify refused the API token (${response.status}).` };
  const text = await response.text();
  if (!response.ok) return { ok: false, message: scrub(`Printify answered ${response.status}: ${text}`, secrets) };
  let shops: unknown;
  try {
    shops = JSON.parse(text);
  } catch {
    return { ok: false, message: "Printify's answer was not JSON." };
  }
  const ids = Array.isArray(shops) ? shops.map((shop: { id?: unknown } | null) => String(shop?.id ?? "")) : [];
  if (!ids.includes(shopId)) {
    return {
      ok: false,
      message: `The API token works, but shop ${shopId} is not one of its shops${ids.length ? ` (${ids.join(", ")})` : ""}. Check PRINTIFY_SHOP_ID.`,
    };
  }
  return { ok: true, message: `Printify accepted the API token, and shop ${shopId} is one of its shops.` };
}

export const VERIFY: Record<VerifiableIntegration, () => Promise<CheckResult>> = {
  smtp: verifySmtp,
  stripe: verifyStripe,
  printify: verifyPrintify,
};

export function isVerifiable(id: unknown): id is VerifiableIntegration {
  return typeof id === "string" && Object.hasOwn(VERIFY, id);
}
