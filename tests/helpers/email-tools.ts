/**
 * Email tools in tests (decision 056): both fakes with their keys, creators with connections, and
 * entrants who enter and confirm over real HTTP as a browser without JavaScript does.
 */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { prisma } from "~/server/core/db.server";
import { sealSecret } from "~/server/core/secrets.server";
import { authSessionStorage } from "~/server/auth/session.server";
import { type FakeKlaviyo, startFakeKlaviyoServer } from "../fakes/klaviyo-server";
import { type FakeMailchimp, startFakeMailchimpServer } from "../fakes/mailchimp-server";
import { confirmEntryOf } from "./entries";
import { postForm } from "./http";

export const KLAVIYO_KEY = "pk_live0123456789abcdef0123456789abcd";
export const KLAVIYO_READ_ONLY_KEY = "pk_read0123456789abcdef0123456789abcd";
export const KLAVIYO_SECOND_KEY = "pk_next0123456789abcdef0123456789abcd";
export const MAILCHIMP_KEY = "0123456789abcdef0123456789abcdef-us21";
export const MAILCHIMP_SECOND_KEY = "fedcba9876543210fedcba9876543210-us21";
export const KLAVIYO_LIST = { id: "Xy12Ab", name: "Newsletter" };
export const MAILCHIMP_LIST = { id: "a1b2c3d4e5", name: "Brand Newsletter" };

export const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

export async function startEmailToolFakes(): Promise<{ klaviyo: FakeKlaviyo; mailchimp: FakeMailchimp }> {
  const klaviyo = await startFakeKlaviyoServer({
    keys: { [KLAVIYO_KEY]: "full", [KLAVIYO_SECOND_KEY]: "full", [KLAVIYO_READ_ONLY_KEY]: "read-only" },
  });
  const mailchimp = await startFakeMailchimpServer({ keys: [MAILCHIMP_KEY, MAILCHIMP_SECOND_KEY] });
  return { klaviyo, mailchimp };
}

export const tag = () => randomBytes(4).toString("hex");

/** A signed-in creator: their id and the session cookie a browser would send. */
export async function creator(): Promise<{ userId: string; cookie: string }> {
  const user = await prisma.user.create({ data: { email: `brand-${tag()}@example.com`, firstName: "Brin" } });
  const session = await prisma.session.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) } });
  const storage = authSessionStorage();
  const cookieSession = await storage.getSession();
  cookieSession.set("sessionId", session.id);
  return { userId: user.id, cookie: (await storage.commitSession(cookieSession)).split(";")[0] ?? "" };
}

/** Both tools connected, with their lists, as the connect page leaves them. */
export async function connectBoth(userId: string): Promise<void> {
  await prisma.emailToolConnection.createMany({
    data: [
      {
        userId,
        provider: "klaviyo",
        apiKeySealed: sealSecret(KLAVIYO_KEY),
        keyLast4: KLAVIYO_KEY.slice(-4),
        listId: KLAVIYO_LIST.id,
        listName: KLAVIYO_LIST.name,
        status: "active",
      },
      {
        userId,
        provider: "mailchimp",
        apiKeySealed: sealSecret(MAILCHIMP_KEY),
        keyLast4: MAILCHIMP_KEY.slice(-4),
        listId: MAILCHIMP_LIST.id,
        listName: MAILCHIMP_LIST.name,
        status: "active",
      },
    ],
  });
}

/** Enters with the form (ticking the marketing box or not) and confirms from the emailed link. */
export async function enterAndConfirm(appUrl: string, campaignId: string, email: string, marketingConsent: boolean): Promise<string> {
  const entered = await postForm(
    appUrl,
    `/campaign/${campaignId}`,
    { email, agreedToTerms: "on", ...(marketingConsent ? { marketingConsent: "on" } : {}) },
    { "User-Agent": BROWSER },
  );
  expect(entered.status).toBe(303);
  expect((await confirmEntryOf(appUrl, campaignId, email)).status).toBe(303);
  const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId, email }, select: { id: true, confirmedAt: true } });
  expect(entry.confirmedAt).not.toBeNull();
  return entry.id;
}

/**
 * The entry's rows once the immediate try after its confirmation has finished with each: none is
 * being sent, and none is still waiting untried (a row put back to wait carries the reason).
 */
export async function settledRows(entryId: string) {
  await expect
    .poll(
      async () =>
        prisma.emailToolSync.count({
          where: { entryId, OR: [{ status: "sending" }, { status: "pending", lastError: null }] },
        }),
      { timeout: 10_000 },
    )
    .toBe(0);
  return prisma.emailToolSync.findMany({
    where: { entryId },
    include: { connection: { select: { provider: true } } },
    orderBy: { createdAt: "asc" },
  });
}
