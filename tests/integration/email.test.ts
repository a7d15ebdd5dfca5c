import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { sendTemplatedEmail } from "~/server/email/delivery.server";
import { startFakeSmtpServer } from "../fakes/smtp-server";

describe("email from templates", () => {
  it("fills the template with escaped tokens and keeps it in the outbox without SMTP", async () => {
    const message = await sendTemplatedEmail({
      to: "outbox@example.com",
      template: "login_code",
      tokens: { email: "outbox@example.com", code: "<b>123456</b>", magic_link: "http://localhost:3000/login/otp?t=x" },
    });
    const stored = await prisma.outboundEmail.findUniqueOrThrow({ where: { id: message.id } });
    expect(stored.status).toBe("pending");
    expect(stored.html).toContain("&lt;b&gt;123456&lt;/b&gt;");
    expect(stored.html).not.toContain("<b>123456</b>");
    expect(stored.text).toContain("http://localhost:3000/login/otp?t=x");
  });

  it("uses the template as an admin edited it", async () => {
    await prisma.emailTemplate.update({
      where: { id: "contact_message" },
      data: { subject: "Edited {{email}}", htmlBody: "<p>Edited body for {{email}}</p>" },
    });
    const message = await sendTemplatedEmail({
      to: "edit@example.com",
      template: "contact_message",
      tokens: { email: "edit@example.com" },
    });
    expect(message.subject).toBe("Edited edit@example.com");
    expect(message.html).toBe("<p>Edited body for edit@example.com</p>");
  });
});

describe("email through SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer({ failFirst: 1 });
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetConfigForTests();
    await smtp.close();
  });

  it("records a refused delivery as failed, with the reason, and delivers the next one", async () => {
    const failed = await sendTemplatedEmail({ to: "smtp@example.com", template: "login_code", tokens: { code: "111111" } });
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(/451|unavailable/i);

    const sent = await sendTemplatedEmail({ to: "smtp@example.com", template: "login_code", tokens: { code: "222222" } });
    expect(sent.status).toBe("sent");
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["smtp@example.com"]);
    expect(smtp.received[0]?.raw).toContain("222222");
  });
});
