/** A copy of a (possibly immutable) redirect with extra Set-Cookie headers. */
export function withCookies(response: Response, cookies: string[], location?: string): Response {
  const headers = new Headers(response.headers);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  if (location) headers.set("Location", location);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function isRedirectTo(value: unknown, location: string): value is Response {
  return value instanceof Response && value.status >= 300 && value.status < 400 && value.headers.get("Location") === location;
}

const PLAIN_TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } as const;

/** A short plain-text answer for a machine caller (a webhook's provider), never cached. */
export function plainText(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...PLAIN_TEXT, ...headers } });
}

/** A webhook handler's answer: plain text unless it names another type (Twilio's TwiML, decision 094). */
export interface WebhookAnswer {
  status: number;
  body: string;
  contentType?: string;
}

/**
 * The webhook endpoints (Stripe, Printify, Twilio's status and inbound messages): only POST is served.
 * GET and HEAD reach the loader, PUT, PATCH and DELETE the action; `handle` gets the raw body, whose
 * exact bytes the provider's signature covers.
 */
export function webhookEndpoint(handle: (rawBody: string, request: Request) => Promise<WebhookAnswer>) {
  const methodNotAllowed = () => plainText("Method Not Allowed. This endpoint only accepts POST.", 405, { Allow: "POST" });
  return {
    loader: methodNotAllowed,
    async action({ request }: { request: Request }): Promise<Response> {
      if (request.method !== "POST") return methodNotAllowed();
      const { status, body, contentType } = await handle(await request.text(), request);
      return plainText(body, status, contentType ? { "Content-Type": contentType } : {});
    },
  };
}

/**
 * A download of entrants' personal data (a CSV streamed as it is read, a report): an attachment named
 * `fileName`, never kept by a shared cache or the browser's, never sniffed as something else.
 */
export function privateDownload(body: BodyInit, fileName: string, contentType = "text/csv; charset=utf-8"): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
