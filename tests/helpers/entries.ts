/**
 * Double opt-in for tests (decision 038): an entry made through the form is pending until the
 * link in its "confirm your entry" email is followed and its button pressed. These helpers do
 * what the entrant does, over real HTTP, reading the link from the outbox like an inbox would.
 */
import { prisma } from "~/server/core/db.server";
import { postForm } from "./http";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

/** The confirm page's path from the newest "confirm your entry" email to this entry, as the entrant's inbox shows it. */
export async function confirmLinkPath(entryId: string): Promise<string> {
  const entry = await prisma.entry.findUniqueOrThrow({ where: { id: entryId }, select: { email: true } });
  const message = await prisma.outboundEmail.findFirstOrThrow({
    where: { to: entry.email, template: "entry_confirm_request", text: { contains: `/confirm/${entryId}-` } },
    orderBy: { createdAt: "desc" },
  });
  const link = /https?:\/\/\S+\/confirm\/[a-z0-9]+-[0-9a-f]+/.exec(message.text ?? "")?.[0];
  if (!link) throw new Error(`No confirm link in the email to ${entry.email}`);
  return new URL(link).pathname;
}

/** Presses "Confirm my entry" on the page the email links to (a form POST, as without JavaScript). */
export async function confirmEntryByEmail(appUrl: string, entryId: string, headers: Record<string, string> = {}): Promise<Response> {
  return postForm(appUrl, await confirmLinkPath(entryId), {}, { "User-Agent": BROWSER, ...headers });
}

/** Confirms the entry this address made in the campaign, by its emailed link. */
export async function confirmEntryOf(appUrl: string, campaignId: string, email: string): Promise<Response> {
  const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId, email }, orderBy: { createdAt: "desc" } });
  return confirmEntryByEmail(appUrl, entry.id);
}
