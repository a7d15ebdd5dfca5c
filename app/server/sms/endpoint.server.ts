/**
 * Twilio's webhook endpoints (decision 094): like the other providers' (core/responses.server.ts,
 * webhookEndpoint), POST only with the raw body the signature covers, but the answer may be TwiML.
 */
import type { WebhookAnswer } from "./webhooks.server";

export function twilioEndpoint(handle: (rawBody: string, request: Request) => Promise<WebhookAnswer>) {
  const methodNotAllowed = () =>
    new Response("Method Not Allowed. This endpoint only accepts POST.", {
      status: 405,
      headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
    });
  return {
    loader: methodNotAllowed,
    async action({ request }: { request: Request }): Promise<Response> {
      if (request.method !== "POST") return methodNotAllowed();
      const answer = await handle(await request.text(), request);
      return new Response(answer.body, {
        status: answer.status,
        headers: { "Content-Type": answer.contentType ?? "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    },
  };
}
