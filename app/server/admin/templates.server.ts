import { EMAIL_TEMPLATE_DEFAULTS } from "../../domain/email-template-defaults";
import { currentTokenName, tokensIn } from "../../domain/templates";
import { prisma } from "../core/db.server";
import { clearEmailTemplateCache } from "../email/outbox.server";

/** The tokens each email fills, as the code that sends it passes them. */
export function tokensFilledBy(templateId: string): string[] {
  const known = EMAIL_TEMPLATE_DEFAULTS.find((template) => template.id === templateId);
  return known ? [...known.tokens] : [];
}

export async function listTemplates() {
  const rows = await prisma.emailTemplate.findMany({
    orderBy: { name: "asc" },
    select: { id: true, name: true, subject: true, updatedAt: true },
  });
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

export async function findTemplate(id: string) {
  const row = await prisma.emailTemplate.findUnique({ where: { id } });
  if (!row) return null;
  const filled = tokensFilledBy(row.id);
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    htmlBody: row.htmlBody,
    updatedAt: row.updatedAt.toISOString(),
    tokens: filled,
    /** Tokens the text uses that this email never fills (by any name): they would come out empty. */
    unknownTokens: tokensIn(row.subject, row.htmlBody).filter((token) => filled.length > 0 && !filled.includes(currentTokenName(token))),
  };
}

/** Saves an edit; the next email rendered from it uses the edit at once (the send-side cache is dropped). */
export async function saveTemplate(id: string, values: { subject: string; htmlBody: string }): Promise<boolean> {
  const updated = await prisma.emailTemplate.updateMany({ where: { id }, data: values });
  clearEmailTemplateCache();
  return updated.count === 1;
}
