import nodemailer, { type Transporter } from "nodemailer";
import { fillTemplate, htmlToText } from "../domain/templates";
import { getConfig } from "./config.server";
import { prisma } from "./db.server";

export interface TemplatedEmail {
  to: string;
  /** EmailTemplate id, e.g. "login_code". */
  template: string;
  tokens: Record<string, string | number | null | undefined>;
}

let transporter: Transporter | undefined;
function smtpTransport(): Transporter | undefined {
  const url = getConfig().SMTP_URL;
  if (!url) return undefined;
  transporter ??= nodemailer.createTransport(url);
  return transporter;
}

/**
 * Every message is written to the outbox first (the record of what we sent), then delivered
 * through SMTP when it is configured. Without SMTP the outbox and the log are the delivery.
 */
export async function sendTemplatedEmail({ to, template, tokens }: TemplatedEmail) {
  const row = await prisma.emailTemplate.findUnique({ where: { id: template } });
  if (!row) throw new Error(`Email template "${template}" is missing; run the seed.`);
  const subject = fillTemplate(row.subject, tokens, false);
  const html = fillTemplate(row.htmlBody, tokens);
  const text = htmlToText(html);
  const message = await prisma.outboundEmail.create({ data: { to, subject, html, text, template } });

  const transport = smtpTransport();
  if (!transport) {
    console.info(`[outbox] ${template} to ${to}: "${subject}" (no SMTP_URL; stored as ${message.id})`);
    return message;
  }
  try {
    await transport.sendMail({ from: getConfig().MAIL_FROM, to, subject, html, text });
    return prisma.outboundEmail.update({
      where: { id: message.id },
      data: { status: "sent", sentAt: new Date(), attempts: { increment: 1 } },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[email] delivery of ${message.id} to ${to} failed: ${reason}`);
    return prisma.outboundEmail.update({
      where: { id: message.id },
      data: { status: "failed", lastError: reason, attempts: { increment: 1 } },
    });
  }
}
