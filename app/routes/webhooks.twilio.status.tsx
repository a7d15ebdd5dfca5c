import { TWILIO_SIGNATURE_HEADER, handleTwilioStatus } from "~/server/sms/webhooks.server";
import { webhookEndpoint } from "~/server/core/responses.server";

/** Twilio's status callback for our SMS ($APP_URL/webhooks/twilio/status, decision 094). */
const endpoint = webhookEndpoint((rawBody, request) => handleTwilioStatus(rawBody, request.headers.get(TWILIO_SIGNATURE_HEADER)));

export const loader = endpoint.loader;
export const action = endpoint.action;
