/**
 * The Klaviyo and Mailchimp fakes behind one listener, for the e2e server (playwright.config.ts):
 * Klaviyo's paths start with /api/, Mailchimp's with /3.0/, so KLAVIYO_API_URL and MAILCHIMP_API_URL
 * both point here. The keys below are the ones the e2e specs paste.
 *
 *   FAKE_EMAIL_TOOLS_PORT=3102 npx tsx tests/fakes/email-tools-e2e.ts
 */
import { fakeHttpServer } from "./http-server";
import { fileURLToPath } from "node:url";
import { createFakeKlaviyo } from "./klaviyo-server";
import { createFakeMailchimp } from "./mailchimp-server";

export const E2E_KLAVIYO_KEY = "pk_e2e00123456789abcdef0123456789abcd";
export const E2E_MAILCHIMP_KEY = "e2e00123456789abcdef0123456789ab-us21";

function start(port: number): void {
  const klaviyo = createFakeKlaviyo({ keys: { [E2E_KLAVIYO_KEY]: "full" } });
  const mailchimp = createFakeMailchimp({ keys: [E2E_MAILCHIMP_KEY] });
  const server = fakeHttpServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (path === "/healthz") return void response.end("ok");
    if (path.startsWith("/3.0/")) return void mailchimp.handler(request, response);
    return void klaviyo.handler(request, response);
  });
  server.listen(port, "127.0.0.1", () => {
    const { port: actual } = server.address() as { port: number };
    klaviyo.url = `http://127.0.0.1:${actual}`;
    mailchimp.url = klaviyo.url;
    console.log(`fake Klaviyo and Mailchimp on ${klaviyo.url}`);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) start(Number(process.env.FAKE_EMAIL_TOOLS_PORT ?? 0));
