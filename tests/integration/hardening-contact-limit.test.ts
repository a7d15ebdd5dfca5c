/**
 * The contact form over real HTTP: one network may send CONTACT_LIMIT_PER_IP messages
 * an hour (5 by default); past that it gets a 429 whose message the page shows without
 * JavaScript, and nothing is queued. Other networks are not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { postForm } from "../helpers/http";

const SUPPORT_EMAIL = "support@giveawear.local";
const TOO_MANY = "Too many messages from your network. Please try again in an hour.";

let app: InProcessAppServer;

beforeAll(async () => {
  // Client addresses come from X-Forwarded-For, so a test can speak from two networks.
  process.env.TRUST_PROXY = "true";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
  delete process.env.TRUST_PROXY;
});

let seq = 0;
function send(ip: string): Promise<Response> {
  seq += 1;
  return postForm(
    app.url,
    "/contact",
    { name: "Ada Lovelace", email: `ada-${seq}@example.com`, subject: `Question ${seq}`, message: "How do referral bonus entries work?" },
    { "X-Forwarded-For": ip },
  );
}

const queued = () => prisma.outboundEmail.count({ where: { to: SUPPORT_EMAIL, template: "contact_message" } });

describe("the contact form's limit per network", () => {
  it("takes five messages an hour from one IP address, then answers 429 on the page and queues nothing", async () => {
    const before = await queued();
    for (let i = 0; i < 5; i++) {
      const response = await send("203.0.113.10");
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/contact");
    }
    for (let i = 0; i < 3; i++) {
      const refused = await send("203.0.113.10");
      expect(refused.status).toBe(429);
      const html = await refused.text();
      // The form's own error box, rendered on the server: seen with JavaScript off.
      expect(html).toMatch(new RegExp(`role="alert"[^>]*>\\s*<p>${TOO_MANY}</p>`));
      // What was typed is kept for a later try.
      expect(html).toContain(`value="Question ${seq}"`);
    }
    expect(await queued()).toBe(before + 5);

    // Another network is not held back by the first.
    expect((await send("203.0.113.11")).status).toBe(303);
    expect(await queued()).toBe(before + 6);
  });

  it("counts only the last hour", async () => {
    const ip = "203.0.113.20";
    for (let i = 0; i < 5; i++) expect((await send(ip)).status).toBe(303);
    expect((await send(ip)).status).toBe(429);
    // The hour passes for the earlier messages.
    await prisma.outboundEmail.updateMany({
      where: { template: "contact_message", createdAt: { gt: new Date(Date.now() - 60_000) } },
      data: { createdAt: new Date(Date.now() - 61 * 60 * 1000) },
    });
    expect((await send(ip)).status).toBe(303);
  });
});
