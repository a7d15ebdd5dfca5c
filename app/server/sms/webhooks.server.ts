/**
 * Twilio's requests to us (decision 094), both signed with X-Twilio-Signature (HMAC-SHA1 under the
 * account's auth token over the URL Twilio called and the form's parameters), checked with the
 * SDK's own validateRequest before anything is read or written: a forged or unsigned request gets
 * 403 and changes nothing.
 *
 * - The status callback (/webhooks/twilio/status): a message's delivery status, moved only forward.
 * - Incoming messages (/webhooks/twilio/inbound): a STOP reply puts the number on the opt-out list
 *   (SmsOptOut), after which nothing more is sent to it; START takes it off again.
 *
 * The URL signed is the one Twilio was given: our public URL (APP_URL) with the route's path, never
 * the request's own Host, which a proxy in front may have rewritten.
 */
import twilio from "twilio";
import { smsReplyIntent } from "../../domain/sms";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import type { WebhookAnswer } from "../core/responses.server";
import { publicUrl } from "../core/public-url.server";
import { href } from "../../paths";
import { log } from "../core/log.server";
import { applySmsStatus, recordEarlySmsStatus } from "./sms.server";

export const TWILIO_SIGNATURE_HEADER = "x-twilio-signature";

const FORBIDDEN: WebhookAnswer = { status: 403, body: "Forbidden: the X-Twilio-Signature does not match this request." };
/** TwiML that replies nothing: Twilio's own opt-out handling answers STOP and START. */
const EMPTY_TWIML: WebhookAnswer = {
  status: 200,
  body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
  contentType: "text/xml",
};

/** The form's parameters when `signature` is Twilio's for `url`; null otherwise (or with no auth token). */
function signedParams(rawBody: string, signature: string | null, path: string): Record<string, string> | null {
  const token = getConfig().TWILIO_AUTH_TOKEN;
  if (!token || !signature) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawBody)) params[key] = value;
  // The SDK's own check (a CommonJS module: its functions hang off the default export).
  return twilio.validateRequest(token, signature, publicUrl(path), params) ? params : null;
}

export async function handleTwilioStatus(rawBody: string, signature: string | null): Promise<WebhookAnswer> {
  const params = signedParams(rawBody, signature, href("/webhooks/twilio/status"));
  if (!params) return FORBIDDEN;
  const sid = params.MessageSid ?? params.SmsSid ?? "";
  const reported = (params.MessageStatus ?? params.SmsStatus ?? "").toLowerCase();
  if (!sid || !reported) return { status: 400, body: "MessageSid and MessageStatus are required." };
  const errorCode = params.ErrorCode || null;
  // Twilio can call back before messages.create() has answered us with the SID: kept until it is stored.
  if (!(await applySmsStatus(sid, reported, errorCode))) await recordEarlySmsStatus(sid, reported, errorCode);
  return { status: 200, body: "OK" };
}

export async function handleTwilioInbound(rawBody: string, signature: string | null): Promise<WebhookAnswer> {
  const params = signedParams(rawBody, signature, href("/webhooks/twilio/inbound"));
  if (!params) return FORBIDDEN;
  const from = params.From ?? "";
  const intent = smsReplyIntent(params.Body ?? "");
  if (!/^\+\d{6,16}$/.test(from) || !intent) return EMPTY_TWIML;
  if (intent === "stop") {
    await prisma.smsOptOut.upsert({ where: { phone: from }, create: { phone: from }, update: {} });
    // Queued and not yet sent: never sent now.
    await prisma.outboundSms.updateMany({
      where: { to: from, status: { in: ["pending", "failed"] } },
      data: { status: "opted-out", nextAttemptAt: null },
    });
    log.info("[sms] a number replied STOP: no more SMS to it");
  } else {
    await prisma.smsOptOut.deleteMany({ where: { phone: from } });
  }
  return EMPTY_TWIML;
}
