import { TWILIO_SIGNATURE_HEADER, handleTwilioInbound } from "~/server/sms/webhooks.server";
import { webhookEndpoint } from "~/server/core/responses.server";

/** Replies to our sending number, for STOP (decision 094): the number's "A message comes in" webhook. */
const endpoint = webhookEndpoint((rawBody, request) => handleTwilioInbound(rawBody, request.headers.get(TWILIO_SIGNATURE_HEADER)));

export const loader = endpoint.loader;
export const action = endpoint.action;
