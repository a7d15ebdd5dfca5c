import { handleStripeWebhook } from "~/server/payments/webhook.server";
import { webhookEndpoint } from "~/server/core/responses.server";

/** Stripe's webhook endpoint ($APP_URL/webhooks/stripe). */
const endpoint = webhookEndpoint((rawBody, request) => handleStripeWebhook(rawBody, request.headers.get("Stripe-Signature")));

export const loader = endpoint.loader;
export const action = endpoint.action;
