import { handlePrintifyWebhook, SIGNATURE_HEADER } from "~/server/fulfilment/webhook.server";
import { webhookEndpoint } from "~/server/core/responses.server";

/** Printify's webhook endpoint ($APP_URL/webhooks/printify). */
const endpoint = webhookEndpoint((rawBody, request) => handlePrintifyWebhook(rawBody, request.headers.get(SIGNATURE_HEADER)));

export const loader = endpoint.loader;
export const action = endpoint.action;
