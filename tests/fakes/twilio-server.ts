/**
 * A stand-in for Twilio's Messages API on 127.0.0.1 (decision 094): POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, with HTTP basic auth (the account SID
 * and auth token), answering 201 with the message resource as JSON (sid "SM…", status "queued"), as
 * Twilio does. Like Twilio it refuses a wrong account or token (401, code 20003), a missing To/Body or
 * sender (400, code 21604/21602/21603), a To that is not E.164 (400, code 21211) and a number that
 * replied STOP to the sender (400, code 21610).
 *
 * It also plays Twilio's side of the webhooks: `statusCallback` posts a message's status to the
 * StatusCallback it was sent with, and `reply` posts an incoming message to an inbound-message URL,
 * each signed with X-Twilio-Signature the way Twilio signs (HMAC-SHA1 under the auth token over the
 * URL and the form's parameters sorted by name, base64). The signature covers the public URL the app
 * gave (its APP_URL); the request goes to `deliverTo`, the test server's own address.
 */
import { createHmac, randomBytes } from "node:crypto";
import { fakeHttpServer } from "./http-server";
import { readBody, send } from "./service-faults";

export interface FakeTwilioMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  status: string;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  messages: FakeTwilioMessage[];
  /** Every request to the Messages API, with the basic-auth user it named. */
  requests: { method: string; path: string; user: string | null }[];
  /**
   * When set, the next messages' status callbacks are posted (and answered) before the Messages API
   * answers the create request: Twilio's race, where the callback names a SID the sender has not seen.
   */
  callBackBeforeAnswering: { statuses: string[]; deliverTo: string; answers: number[] } | null;
  /** Posts `status` for `message` to its StatusCallback (signed), at `deliverTo`'s host. */
  statusCallback(message: FakeTwilioMessage, status: string, deliverTo: string): Promise<Response>;
  /** An incoming SMS from `from` to the sending number, posted to `webhookUrl` (signed), at `deliverTo`'s host. */
  reply(from: string, body: string, webhookUrl: string, deliverTo: string): Promise<Response>;
  close(): Promise<void>;
}

/** Twilio's request signature: base64 HMAC-SHA1 of the URL followed by each parameter's name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac("sha1", authToken).update(Buffer.from(data, "utf-8")).digest("base64");
}

function twilioError(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const from = "+15005550006";
  const messages: FakeTwilioMessage[] = [];
  const requests: FakeTwilio["requests"] = [];
  /** Numbers that replied STOP to the sending number. */
  const stopped = new Set<string>();

  const server = fakeHttpServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    const auth = /^Basic (.+)$/i.exec(request.headers.authorization ?? "");
    const [user, password] = auth ? Buffer.from(auth[1]!, "base64").toString("utf8").split(":") : [null, null];
    requests.push({ method: request.method ?? "", path, user: user ?? null });
    const body = await readBody(request);
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match || request.method !== "POST") return send(response, 404, twilioError(404, 20404, "The requested resource was not found"));
    if (user !== accountSid || password !== authToken || match[1] !== accountSid)
      return send(response, 401, twilioError(401, 20003, "Authenticate"));
    const form = new URLSearchParams(body);
    const to = form.get("To") ?? "";
    const text = form.get("Body") ?? "";
    const sender = form.get("From") ?? form.get("MessagingServiceSid") ?? "";
    if (!to) return send(response, 400, twilioError(400, 21604, "A 'To' phone number is required."));
    if (!text) return send(response, 400, twilioError(400, 21602, "Message body is required."));
    if (!sender) return send(response, 400, twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required."));
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return send(response, 400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (stopped.has(to)) return send(response, 400, twilioError(400, 21610, "Attempt to send to unsubscribed recipient"));
    const message: FakeTwilioMessage = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      accountSid,
      to,
      from: sender,
      body: text,
      statusCallback: form.get("StatusCallback"),
      status: "queued",
    };
    messages.push(message);
    const early = fake.callBackBeforeAnswering;
    if (early && message.statusCallback) {
      for (const status of early.statuses) early.answers.push((await fake.statusCallback(message, status, early.deliverTo)).status);
    }
    const now = new Date().toUTCString();
    send(response, 201, {
      account_sid: accountSid,
      api_version: "2010-04-01",
      body: text,
      date_created: now,
      date_updated: now,
      date_sent: null,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from: sender,
      messaging_service_sid: form.get("MessagingServiceSid"),
      num_media: "0",
      num_segments: String(Math.ceil(text.length / 153)),
      price: null,
      price_unit: "USD",
      sid: message.sid,
      status: "queued",
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Twilio did not start");

  /** Posts `params` to `signedUrl`'s path at `deliverTo`, signed for `signedUrl`. */
  async function post(signedUrl: string, params: Record<string, string>, deliverTo: string): Promise<Response> {
    const target = new URL(signedUrl);
    return fetch(new URL(target.pathname + target.search, deliverTo), {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": twilioSignature(authToken, signedUrl, params),
        "User-Agent": "TwilioProxy/1.1",
      },
      body: new URLSearchParams(params).toString(),
    });
  }

  const fake: FakeTwilio = {
    callBackBeforeAnswering: null,
    url: `http://127.0.0.1:${address.port}`,
    accountSid,
    authToken,
    from,
    messages,
    requests,
    statusCallback(message, status, deliverTo) {
      if (!message.statusCallback) throw new Error("the message was sent without a StatusCallback");
      message.status = status;
      return post(
        message.statusCallback,
        {
          AccountSid: accountSid,
          ApiVersion: "2010-04-01",
          From: message.from,
          MessageSid: message.sid,
          MessageStatus: status,
          SmsSid: message.sid,
          SmsStatus: status,
          To: message.to,
        },
        deliverTo,
      );
    },
    reply(fromNumber, body, webhookUrl, deliverTo) {
      if (/^\s*(stop|stopall|unsubscribe|cancel|end|quit|revoke|optout)\s*$/i.test(body)) stopped.add(fromNumber);
      if (/^\s*(start|yes|unstop)\s*$/i.test(body)) stopped.delete(fromNumber);
      const sid = `SM${randomBytes(16).toString("hex")}`;
      return post(
        webhookUrl,
        {
          AccountSid: accountSid,
          ApiVersion: "2010-04-01",
          Body: body,
          From: fromNumber,
          MessageSid: sid,
          NumMedia: "0",
          NumSegments: "1",
          OptOutType: /stop/i.test(body) ? "STOP" : "",
          SmsMessageSid: sid,
          SmsSid: sid,
          SmsStatus: "received",
          To: from,
        },
        deliverTo,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
