import { TWILIO_SIGNATURE_HEADER, handleTwilioStatus } from "~/server/sms/webhooks.server";
import { twilioEndpoint } from "~/server/sms/endpoint.server";

/** Twilio's status callback for our SMS ($APP_URL/webhooks/twilio/status, decision 094). */
const endpoint = twilioEndpoint((rawBody, request) => handleTwilioStatus(rawBody, request.headers.get(TWILIO_SIGNATURE_HEADER)));

export const loader = endpoint.loader;
export const action = endpoint.action;
