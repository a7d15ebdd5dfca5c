import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/domain/honeypot";
import { prisma } from "~/server/core/db.server";
import { startUserSession } from "~/server/auth/session.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { postForm } from "../helpers/http";

const SUPPORT_EMAIL = "support@giveawear.local";

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

/** What a browser without JavaScript sends when the contact form is submitted. */
function submit(fields: Record<string, string>): Promise<Response> {
  return postForm(app.url, "/contact", fields);
}

async function contactPage(cookie = ""): Promise<string> {
  const response = await fetch(`${app.url}/contact`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

const messagesToSupport = () =>
  prisma.outboundEmail.findMany({ where: { to: SUPPORT_EMAIL, template: "contact_message" }, orderBy: { createdAt: "asc" } });

let seq = 0;
function validFields(overrides: Record<string, string> = {}) {
  seq += 1;
  return {
    name: "Ada Lovelace",
    email: `ada-${seq}@example.com`,
    subject: `Question number ${seq}`,
    message: "How do referral bonus entries work for my giveaway?",
    [HONEYPOT_FIELD]: "",
    ...overrides,
  };
}

describe("the contact form", () => {
  it("sends the message to SUPPORT_EMAIL through the outbox, escaped, then redirects to a 'Message Sent' toast", async () => {
    const before = (await messagesToSupport()).length;
    const fields = validFields({
      name: "Eve <script>alert(1)</script>",
      message: 'Is <b>bold</b> & "quoted" text safe?\nSecond line.',
    });

    const response = await submit(fields);

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact");
    const page = await contactPage(cookiesOf(response));
    expect(page).toContain("Message Sent");
    expect(page).toContain("Thanks! We&#x27;ll get back to you soon.");

    const sent = await messagesToSupport();
    expect(sent).toHaveLength(before + 1);
    const message = sent.at(-1)!;
    expect(message.subject).toBe(`Contact form: ${fields.subject}`);
    expect(message.html).toContain(fields.email);
    // Whatever a visitor types reaches the team as text, never as markup.
    expect(message.html).toContain("Eve &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("Is &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; text safe?");
    expect(message.text).toContain('Is <b>bold</b> & "quoted" text safe?');
  });

  it.each([
    ["no name", { name: "  " }, "Please enter your name."],
    ["no email", { email: "" }, "Email is required."],
    ["an invalid email", { email: "not-an-email" }, "Please enter a valid email address."],
    ["no subject", { subject: "" }, "Please enter a subject."],
    ["no message", { message: "" }, "Please enter a message."],
    ["a very short message", { message: "Hi" }, "Please tell us a little more (at least 10 characters)."],
  ])("refuses %s with 400 and a clear message, and sends nothing", async (_case, overrides, error) => {
    const before = (await messagesToSupport()).length;
    const response = await submit(validFields(overrides));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(error);
    expect(await messagesToSupport()).toHaveLength(before);
  });

  it("answers an empty form with one message per field", async () => {
    const response = await submit({});
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of ["Please enter your name.", "Email is required.", "Please enter a subject.", "Please enter a message."]) {
      expect(html).toContain(message);
    }
    expect(html).not.toContain("Please enter a valid email address.");
  });

  it("sends nothing when the honeypot field is filled", async () => {
    const before = (await messagesToSupport()).length;
    const response = await submit(validFields({ [HONEYPOT_FIELD]: "https://spam.example" }));
    expect(response.status).toBe(400);
    expect(await messagesToSupport()).toHaveLength(before);
  });

  it("prefills a signed-in visitor's name and email", async () => {
    const user = await prisma.user.create({ data: { email: `prefill-${Date.now()}@example.com`, firstName: "Grace", lastName: "Hopper" } });
    const signedIn = await startUserSession(new Request(`${app.url}/login/otp`), user, "/contact", { title: "Login Successful" });

    const page = await contactPage(cookiesOf(signedIn));
    expect(page).toMatch(new RegExp(`<input[^>]*name="email"[^>]*value="${user.email}"|<input[^>]*value="${user.email}"[^>]*name="email"`));
    expect(page).toMatch(/<input[^>]*value="Grace Hopper"/);

    const anonymous = await contactPage();
    expect(anonymous).not.toContain(user.email);
  });
});
