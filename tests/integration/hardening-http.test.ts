/**
 * HTTP-level hardening, over real HTTP against the app as production mounts it (server/app.ts
 * without Vite's dev middlewares in front): methods the site does not serve, caching of responses
 * that belong to one visitor, the local mailbox for this machine only, and control characters in
 * forms. TRUST_PROXY is on here, so X-Forwarded-For stands in for a visitor on another machine.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { FORM_MESSAGES } from "~/server/core/forms.server";
import { CLIENT_IP_HEADER } from "~/server/core/request.server";
import { startAppServer } from "../helpers/app-server";
import { draftThroughStep, signedInJar } from "../helpers/wizard";

let url = "";
let close: () => Promise<void>;
let ownerCookie = "";
let draftId = "";

beforeAll(async () => {
  process.env.TRUST_PROXY = "true";
  const server = await startAppServer();
  url = server.url;
  close = () => server.close();
  const owner = await signedInJar("hardening");
  ownerCookie = owner.jar.header();
  draftId = await draftThroughStep(owner.jar, 1);
}, 120_000);

afterAll(async () => {
  await close?.();
});

/** Any method, which fetch() refuses to send for TRACE and friends. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${path}`, { method, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("methods the site does not serve", () => {
  it.each([
    ["TRACE", "/start"],
    ["TRACE", "/"],
    ["TRACE", "/no-such-page"],
    ["PUT", "/my-campaigns"],
    ["DELETE", "/create-campaign-v2"],
    ["PATCH", "/contact"],
    ["PROPFIND", "/start"],
  ])("%s %s gets 405 with Allow: GET, HEAD, POST", async (method, path) => {
    const response = await raw(method, path, { Cookie: ownerCookie });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
    expect(response.body).toContain("Method Not Allowed");
  });

  it.each(["TRACE", "DELETE"])("%s to a webhook gets 405 with Allow: POST", async (method) => {
    const response = await raw(method, "/webhooks/stripe");
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("POST");
  });

  it("OPTIONS is answered with what is allowed", async () => {
    const page = await raw("OPTIONS", "/start");
    expect(page.status).toBe(204);
    expect(page.headers.allow).toBe("GET, HEAD, POST");
    const webhook = await raw("OPTIONS", "/webhooks/printify");
    expect(webhook.status).toBe(204);
    expect(webhook.headers.allow).toBe("POST");
  });

  it("GET and HEAD still serve pages", async () => {
    expect((await raw("GET", "/start")).status).toBe(200);
    expect((await raw("HEAD", "/start")).status).toBe(200);
  });
});

describe("caching of responses that belong to one visitor", () => {
  it.each(["/my-campaigns", "/my-campaigns.data", `/create-campaign-v2?campaignId=${"DRAFT"}`, "/start"])(
    "a signed-in GET %s is private, no-store",
    async (path) => {
      const response = await fetch(`${url}${path.replace("DRAFT", draftId)}`, { headers: { Cookie: ownerCookie }, redirect: "manual" });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    },
  );

  it("an answer that sets a cookie is private, no-store", async () => {
    const response = await fetch(`${url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
      body: new URLSearchParams({ email: "cache-check@example.com" }),
    });
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a route's own caching is kept, and a public page without cookies is left alone", async () => {
    const avatar = await fetch(`${url}/avatars/0123456789abcdef0123.svg`, { headers: { Cookie: ownerCookie } });
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const page = await fetch(`${url}/start`);
    expect(page.headers.get("Cache-Control")).toBeNull();
  });
});

describe("the local mailbox", () => {
  beforeAll(async () => {
    await prisma.outboundEmail.create({
      data: {
        to: "mailbox-secret@example.com",
        template: "login_code",
        subject: "Your Giveawear sign-in code",
        html: "<p>Your code is 123456</p>",
        text: "Your code is 123456",
        status: "pending",
      },
    });
  });

  it("is shown to this machine", async () => {
    const response = await fetch(`${url}/dev/mailbox`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("mailbox-secret@example.com");
  });

  it.each(["/dev/mailbox", "/dev/mailbox.data"])("is Not Found for a visitor on another machine (%s)", async (path) => {
    const response = await fetch(`${url}${path}`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("mailbox-secret@example.com");
  });

  it("cannot be opened by a visitor claiming to be this machine in the server's own header", async () => {
    const response = await fetch(`${url}/dev/mailbox`, { headers: { "X-Forwarded-For": "203.0.113.9", [CLIENT_IP_HEADER]: "127.0.0.1" } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("mailbox-secret@example.com");
  });
});

describe("control characters in a form", () => {
  const counts = () =>
    Promise.all([prisma.outboundEmail.count(), prisma.campaign.count(), prisma.campaign.findUnique({ where: { id: draftId } })]);

  it("a contact message holding a NUL gets 400 and nothing is sent", async () => {
    const before = await counts();
    const response = await fetch(`${url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
      body: "name=Ada&email=ada%40example.com&subject=Hello%20there&message=A%20fine%20question%00with%20a%20NUL",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(FORM_MESSAGES.forbiddenCharacters);
    expect(await counts()).toEqual(before);
  });

  it("a wizard step whose title holds a NUL gets 400 and the draft is unchanged", async () => {
    const before = await counts();
    const body = new FormData();
    for (const [name, value] of Object.entries({
      step: "1",
      title: "Null\u0000Giveaway",
      description: "A campaign made by the hardening suite.",
      brandName: "Suite Co",
      productType: "t-shirt",
      isPromotingProduct: "no",
    })) {
      body.append(name, value);
    }
    const response = await fetch(`${url}/create-campaign-v2?campaignId=${draftId}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: ownerCookie, Origin: url },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(FORM_MESSAGES.forbiddenCharacters);
    expect(await counts()).toEqual(before);
  });

  it("an escape character in a sign-in address gets the same 400", async () => {
    const codes = await prisma.loginCode.count();
    const response = await fetch(`${url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
      body: "email=someone%1B%40example.com",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(FORM_MESSAGES.forbiddenCharacters);
    expect(await prisma.loginCode.count()).toBe(codes);
  });
});
