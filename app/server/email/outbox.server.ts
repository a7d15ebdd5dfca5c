/**
 * Email (decisions 019, 023). The outbox (OutboundEmail) is the source of truth: every message is written
 * there first, then delivered through SMTP when SMTP_URL is set (delivery.server.ts): at once by
 * whoever queued it, and by the job worker for anything still due (refused, interrupted, or queued by
 * a job). This module renders and queues; it loads no SMTP client, so whatever only queues a message
 * (a draw's alert to the admins) does not load nodemailer.
 */
import type { EntrantLanguage } from "../../domain/entrant-language";
import { translatedEntrantTemplate } from "../../i18n/entrant-emails";
import { isErasedAddress } from "../../domain/data-rights";
import { type EmailBrand, brandTokens, brandedEmailBody, emailSenderName } from "../../domain/email-brand";
import { DATA_LINK_FOOTER, ENTRANT_EMAIL_TEMPLATES } from "../../domain/email-template-defaults";
import { escapeHtml, fillTemplate, htmlToText } from "../../domain/templates";
import { dataLink } from "../core/data-rights-link.server";
import { getConfig } from "../core/config.server";
import { newId } from "../core/ids.server";
import { type EmailTemplate, type OutboundEmail, type Prisma, type PrismaClient, isUniqueConstraintError, prisma } from "../core/db.server";

export interface TemplatedEmail {
  to: string;
  /** EmailTemplate id, e.g. "login_code". */
  template: string;
  tokens: Record<string, string | number | null | undefined>;
  /**
   * Reply-To header (decision 051): where a reply reaches a person, e.g. the brand's support address
   * on winner and claim emails. Without it replies go to MAIL_FROM, so a template must then point at
   * the contact form instead of asking for a reply.
   */
  replyTo?: string | null;
  /**
   * The campaign's brand (decision 081), for an email to one of its entrants: the sender's name
   * "<Brand> via Giveawear", Reply-To the brand's support address (unless `replyTo` says otherwise),
   * and the brand's frame (logo, prize picture, accent buttons) around the template's body.
   */
  brand?: EmailBrand | null;
  /**
   * The entrant's language (decision 097): a template written in it (i18n/entrant-emails.ts) is
   * used instead of the admin's English one; absent or English, the admin's.
   */
  language?: EntrantLanguage;
}

type EmailWriter = Pick<PrismaClient, "emailTemplate" | "outboundEmail">;

/**
 * Templates are read on every message, and a burst of entries sends hundreds a second: each is
 * kept for a few seconds, so an admin's edit reaches new messages within TEMPLATE_CACHE_MS.
 */
const TEMPLATE_CACHE_MS = 5000;
const templateCache = new Map<string, { row: EmailTemplate; until: number }>();

async function emailTemplate(db: EmailWriter, id: string): Promise<EmailTemplate> {
  const cached = templateCache.get(id);
  if (cached && cached.until > Date.now()) return cached.row;
  const row = await db.emailTemplate.findUnique({ where: { id } });
  if (!row) throw new Error(`Email template "${id}" is missing; run the seed.`);
  templateCache.set(id, { row, until: Date.now() + TEMPLATE_CACHE_MS });
  return row;
}

/** Forget cached templates (after an admin saves one, and in tests). */
export function clearEmailTemplateCache(): void {
  templateCache.clear();
}

async function renderTemplatedEmail(
  db: EmailWriter,
  { to, template, tokens, dedupeKey, replyTo, brand, language }: TemplatedEmail & { dedupeKey?: string },
): Promise<Prisma.OutboundEmailCreateManyInput> {
  // An entrant who erased their data (decision 054) is never mailed again: a job that still reaches
  // them (a redraw, a reminder) records the message as not sent, which also keeps its dedupe key.
  if (isErasedAddress(to)) {
    return {
      id: newId(),
      to,
      subject: "(not sent: the recipient erased their data)",
      html: "",
      text: null,
      template,
      dedupeKey,
      status: "failed",
      lastError: ERASED_NOT_SENT,
      nextAttemptAt: null,
    };
  }
  const row = translatedEntrantTemplate(template, language) ?? (await emailTemplate(db, template));
  // Our id rather than Prisma's cuid2 default: the outbox is written on hot paths (every entry,
  // reminder batches) and that default costs a fraction of a millisecond per row (core/ids.server.ts).
  return { id: newId(), to, template, dedupeKey, ...renderTemplate(row, { to, template, tokens, replyTo, brand }) };
}

/** What a message is made of: its template filled, framed by its brand, and its headers. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  replyTo: string | null;
  fromName: string | null;
}

/**
 * A template rendered for one recipient (the outbox's rows and the creator's preview alike). Every
 * email to an entrant links to their data page, signed for this address (decision 054); a template
 * an admin saved without the line gets it added. With a brand (decision 081) the body is wrapped
 * in its frame, the From header names it and replies reach its support address.
 */
export function renderTemplate(
  row: Pick<EmailTemplate, "subject" | "htmlBody">,
  { to, template, tokens, replyTo, brand }: TemplatedEmail,
): RenderedEmail {
  const entrant = ENTRANT_EMAIL_TEMPLATES.includes(template);
  const branded = entrant && brand ? brand : null;
  // The template's own tokens win over the frame's (a 2nd prize's own name and picture).
  const filled = entrant ? { ...(branded ? brandTokens(branded) : {}), ...tokens, data_link: tokens.data_link ?? dataLink(to) } : tokens;
  const body = entrant && !DATA_LINK_TOKEN.test(row.htmlBody) ? withDataLinkFooter(row.htmlBody) : row.htmlBody;
  const subject = fillTemplate(row.subject, filled, false);
  const html = withoutEmptyImages(fillTemplate(branded ? brandedEmailBody(body, branded) : body, filled));
  return {
    subject,
    html,
    // Every message has its plain-text alternative, made from the filled HTML (links as "label (url)").
    text: htmlToText(html),
    replyTo: replyTo?.trim() || branded?.supportEmail.trim() || null,
    fromName: branded ? emailSenderName(branded.name) : null,
  };
}

const DATA_LINK_TOKEN = /\{\{\s*data_link\s*\}\}/i;

/** Why an outbox row to an erased address was never sent. */
export const ERASED_NOT_SENT = "Not sent: the recipient erased their data.";

/** The data-page line, inside a layout's closing </div> when there is one, else at the end. */
function withDataLinkFooter(html: string): string {
  const close = html.lastIndexOf("</div>");
  return close >= 0 ? `${html.slice(0, close)}${DATA_LINK_FOOTER}\n${html.slice(close)}` : `${html}\n${DATA_LINK_FOOTER}`;
}

/**
 * An `<img>` whose source token came out empty (a brand without a logo, a prize without a picture)
 * would show as a broken picture, and a link whose address and text both came out empty (a campaign
 * without entry actions has no personal link, decision 077) as nothing: each is left out, with a
 * paragraph it leaves empty.
 */
export function withoutEmptyImages(html: string): string {
  return html
    .replace(/<img\b[^>]*\bsrc=(?:""|'')[^>]*>/gi, "")
    .replace(/<a\b[^>]*\bhref=(?:""|'')[^>]*>\s*<\/a>/gi, "")
    .replace(/<p(?:\s[^>]*)?>\s*<\/p>\n?/gi, "");
}

/**
 * How many messages whose dedupe key starts with `keyPrefix` were queued in the last `windowMs`.
 * Keys that name a sender or an entry (`contact:<network>:…`, `entry-resend:<entry>:…`) make the
 * outbox the ledger of per-sender limits.
 */
export function recentEmailsWithKeyPrefix(db: EmailWriter, keyPrefix: string, windowMs: number): Promise<number> {
  return db.outboundEmail.count({ where: { dedupeKey: { startsWith: keyPrefix }, createdAt: { gt: new Date(Date.now() - windowMs) } } });
}

/**
 * Renders a template into an outbox row. Pass a transaction as `db` to make the message part of
 * the write that causes it (an entry and its confirmation are committed together or not at all).
 */
export async function queueTemplatedEmail(db: EmailWriter, email: TemplatedEmail & { dedupeKey?: string }) {
  return db.outboundEmail.create({ data: await renderTemplatedEmail(db, email) });
}

/**
 * A message rendered into the outbox row it will be, not yet written: for a caller that writes it
 * in its own transaction on a driver connection (the entry store, decision 062).
 */
export async function renderOutboxRow(email: TemplatedEmail & { dedupeKey?: string }, createdAt: Date): Promise<OutboundEmail> {
  const row = await renderTemplatedEmail(prisma, email);
  return {
    id: row.id ?? newId(),
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text ?? null,
    replyTo: row.replyTo ?? null,
    fromName: row.fromName ?? null,
    template: row.template ?? null,
    status: row.status ?? "pending",
    attempts: 0,
    lastError: row.lastError ?? null,
    nextAttemptAt: null,
    sentAt: null,
    dedupeKey: row.dedupeKey ?? null,
    createdAt,
  };
}

/** Queues one message unless its dedupeKey is already in the outbox (its unique index decides); answers whether it was queued. */
export async function queueTemplatedEmailOnce(message: TemplatedEmail & { dedupeKey: string }): Promise<boolean> {
  try {
    await queueTemplatedEmail(prisma, message);
    return true;
  } catch (error) {
    if (isUniqueConstraintError(error)) return false;
    throw error;
  }
}

/**
 * A plain-text notice to every admin (ADMIN_EMAILS), once per `key` and admin (the outbox's dedupe
 * key): a draw whose beacon round is late or replaced by a later one (decision 099), an entry list that cannot be frozen.
 */
export async function queueAdminAlert(db: EmailWriter, key: string, subject: string, text: string): Promise<void> {
  for (const to of getConfig().ADMIN_EMAILS) {
    const dedupeKey = `${key}:${to}`;
    if (await db.outboundEmail.findUnique({ where: { dedupeKey }, select: { id: true } })) continue;
    await db.outboundEmail.create({
      data: { id: newId(), to, subject, html: `<p>${escapeHtml(text)}</p>`, text, template: null, dedupeKey },
    });
  }
}

/**
 * Queues many messages, leaving out any whose dedupeKey is already in the outbox, so a job that
 * runs again (after a crash, or on another instance at the same time) never queues one twice.
 * Works alike on SQLite and PostgreSQL (SQLite has no `skipDuplicates`). Returns how many it added.
 */
export async function queueTemplatedEmails(emails: (TemplatedEmail & { dedupeKey: string })[]): Promise<number> {
  const notQueued = async (batch: typeof emails) => {
    const present = await prisma.outboundEmail.findMany({
      where: { dedupeKey: { in: batch.map((email) => email.dedupeKey) } },
      select: { dedupeKey: true },
    });
    const queued = new Set(present.map((row) => row.dedupeKey));
    return batch.filter((email) => !queued.has(email.dedupeKey));
  };
  const fresh = emails.length ? await notQueued(emails) : [];
  if (fresh.length === 0) return 0;
  const rows = await Promise.all(fresh.map((email) => renderTemplatedEmail(prisma, email)));
  try {
    return (await prisma.outboundEmail.createMany({ data: rows })).count;
  } catch (error) {
    if (!isUniqueConstraintError(error)) throw error;
  }
  // Someone queued some of these since the check above, and the batch was refused as a whole:
  // what is still missing goes in one at a time.
  const missing = new Set<string | null | undefined>((await notQueued(fresh)).map((email) => email.dedupeKey));
  let added = 0;
  for (const row of rows.filter((row) => missing.has(row.dedupeKey))) {
    try {
      await prisma.outboundEmail.create({ data: row });
      added += 1;
    } catch (error) {
      if (!isUniqueConstraintError(error)) throw error;
    }
  }
  return added;
}

/** The newest messages in the outbox, newest first (the development mailbox). */
export function latestOutboundEmails(take: number): Promise<OutboundEmail[]> {
  return prisma.outboundEmail.findMany({ orderBy: { createdAt: "desc" }, take });
}
