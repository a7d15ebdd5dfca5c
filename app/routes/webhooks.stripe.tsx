import { handleStripeWebhook } from "~/server/payments.server";
import type { Route } from "./+types/webhooks.stripe";

/** Only POST is served: GET and HEAD reach the loader, PUT, PATCH and DELETE the action. */
function methodNotAllowed(): Response {
  return new Response("Method Not Allowed. This endpoint only accepts POST.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export const loader = () => methodNotAllowed();

/** Stripe's webhook endpoint ($APP_URL/webhooks/stripe): the signature covers the exact bytes, so the body is read raw. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const rawBody = await request.text();
  const { status, body } = await handleStripeWebhook(rawBody, request.headers.get("Stripe-Signature"));
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
