/**
 * Email addresses over real HTTP (decision 066), on every form that takes one: sign-in, the
 * campaign page's entry form (the entry lane and the page's action), the embed, and the data-rights
 * request. An address holding a control or invisible character, or passing for another (a Cyrillic
 * letter among Latin ones, a word wholly of Latin look-alikes), gets a 400 with the spec's message
 * and nothing is stored or sent. And Yahoo's "-" no longer makes two people one: entries stored
 * under the old key are given the new one by a migration.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_MESSAGES, canonicalEmail } from "~/domain/email-address";
import { databaseProvider, prisma } from "~/server/core/db.server";
import { FORM_MESSAGES } from "~/server/core/forms.server";
import { migrationsDirectory } from "~/server/startup/migrate.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { postForm } from "../helpers/http";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
let app: InProcessAppServer;

beforeAll(async () => {
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  process.env.DATA_REQUEST_LIMIT_PER_IP = "100000";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

const post = (pathname: string, fields: Record<string, string>) => postForm(app.url, pathname, fields, { "User-Agent": BROWSER });

/** The text a reader sees: tags, React's empty comments and entities undone. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const INVISIBLE: [string, string][] = [
  ["a zero-width space", "an\u200bne@example.com"],
  ["a right-to-left override", "anne\u202e@example.com"],
];
const LOOKALIKE: [string, string][] = [
  ["a Cyrillic а among Latin letters", "\u0430nne@example.com"],
  ["a Cyrillic е in the domain", "anne@\u0435xample.com"],
  ["a local part wholly of Cyrillic look-alikes", "\u0440\u043e\u0440@example.com"],
];
const REFUSED: [string, string, string][] = [
  ...INVISIBLE.map(([what, email]) => [what, email, EMAIL_MESSAGES.invisible] as [string, string, string]),
  ...LOOKALIKE.map(([what, email]) => [what, email, EMAIL_MESSAGES.lookalike] as [string, string, string]),
];

/** What nothing may have been written to for `email`. */
async function traces(email: string) {
  const lower = email.toLowerCase();
  return {
    codes: await prisma.loginCode.count({ where: { email: { in: [email, lower] } } }),
    users: await prisma.user.count({ where: { email: { in: [email, lower] } } }),
    entries: await prisma.entry.count({ where: { email: { in: [email, lower] } } }),
    emails: await prisma.outboundEmail.count({ where: { to: { in: [email, lower] } } }),
  };
}
const NONE = { codes: 0, users: 0, entries: 0, emails: 0 };

describe("an address with a C1 control character (the finding: ok4@b.co\\x85)", () => {
  // The form-wide check (readForm) may refuse it before the address rule does; either way it is a
  // 400 with a plain message, and nothing is stored.
  const shown = (body: string) => text(body).includes(EMAIL_MESSAGES.invisible) || body.includes(FORM_MESSAGES.forbiddenCharacters);

  it("is refused by sign-in, the entry form, the embed and the data request", async () => {
    const email = "ok4@b.co\x85";
    const campaign = await createCampaign();
    for (const [pathname, fields] of [
      ["/login", { email }],
      [`/campaign/${campaign.id}`, { email, agreedToTerms: "on" }],
      [`/campaign/${campaign.id}/embed`, { email, agreedToTerms: "on" }],
      ["/privacy/my-data", { email }],
    ] as const) {
      const response = await post(pathname, fields);
      expect(response.status, pathname).toBe(400);
      expect(shown(await response.text()), pathname).toBe(true);
    }
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect(await traces(email)).toEqual(NONE);
    expect(await prisma.loginCode.count({ where: { email: { startsWith: "ok4@b.co" } } })).toBe(0);
  });
});

describe("an invisible character or a look-alike", () => {
  it.each(REFUSED)("is refused at sign-in: %s", async (_, email, message) => {
    const response = await post("/login", { email });
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain(message);
    expect(await traces(email)).toEqual(NONE);
  });

  it.each(REFUSED)("is refused by the entry form (entry lane and page) and the embed: %s", async (_, email, message) => {
    const campaign = await createCampaign();
    for (const pathname of [`/campaign/${campaign.id}`, `/campaign/${campaign.id}/embed`]) {
      const response = await post(pathname, { email, agreedToTerms: "on" });
      expect(response.status, pathname).toBe(400);
      expect(text(await response.text()), pathname).toContain(message);
    }
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect(await traces(email)).toEqual(NONE);
  });

  it.each(REFUSED)("is refused by the data-rights request: %s", async (_, email, message) => {
    const before = await prisma.dataLinkRequest.count();
    const response = await post("/privacy/my-data", { email });
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain(message);
    expect(await prisma.dataLinkRequest.count()).toBe(before);
    expect(await traces(email)).toEqual(NONE);
  });

  it("leaves real addresses in other scripts alone", async () => {
    const campaign = await createCampaign();
    for (const email of ["jos\u00e9@example.com", "\u0438\u0432\u0430\u043d@example.com", "\u5c71\u7530@example.jp"]) {
      expect((await post(`/campaign/${campaign.id}`, { email, agreedToTerms: "on" })).status, email).toBe(303);
    }
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(3);
    expect((await post("/login", { email: "\u0438\u0432\u0430\u043d@example.com" })).status).toBe(302);
  });
});

describe("Yahoo addresses (decision 066)", () => {
  it("anne-marie@yahoo.com and anne@yahoo.com are two entrants", async () => {
    const campaign = await createCampaign();
    for (const email of ["anne@yahoo.com", "anne-marie@yahoo.com"]) {
      const response = await post(`/campaign/${campaign.id}`, { email, agreedToTerms: "on" });
      expect(response.status, email).toBe(303);
    }
    const rows = await prisma.entry.findMany({ where: { campaignId: campaign.id }, orderBy: { email: "asc" } });
    expect(rows.map((row) => [row.email, row.emailNormalized])).toEqual([
      ["anne-marie@yahoo.com", "anne-marie@yahoo.com"],
      ["anne@yahoo.com", "anne@yahoo.com"],
    ]);
    for (const row of rows)
      expect(await prisma.outboundEmail.count({ where: { to: row.email, template: "entry_confirm_request" } })).toBe(1);
  });

  it("the migration gives entries stored under the old key the new one, and nothing else", async () => {
    const campaign = await createCampaign();
    const other = await createCampaign();
    const row = (campaignId: string, email: string, emailNormalized: string, extra: Record<string, unknown> = {}) =>
      prisma.entry.create({ data: { campaignId, email, emailNormalized, agreedToTerms: true, ...extra } });
    // As decision 038 stored them: Yahoo's "-keyword" stripped.
    const anneMarie = await row(campaign.id, "anne-marie@yahoo.com", "anne@yahoo.com");
    const jeanLuc = await row(campaign.id, "Jean-Luc@YMail.com.", "jean@ymail.com");
    const plain = await row(campaign.id, "plain@yahoo.com", "plain@yahoo.com");
    const gmail = await row(campaign.id, "first-last+x@gmail.com", "first-last@gmail.com");
    const elsewhere = await row(campaign.id, "a-b@example.com", "a-b@example.com");
    // Another campaign where the new key is taken already (it cannot happen, but must not fail).
    const taken = await row(other.id, "x-y@yahoo.com", "x@yahoo.com");
    await row(other.id, "X-Y@yahoo.com", "x-y@yahoo.com");

    const directory = migrationsDirectory(databaseProvider(process.env.DATABASE_URL ?? ""));
    const folder = (await readdir(directory)).find((name) => name.endsWith("_yahoo_entry_keys"));
    expect(folder).toBeDefined();
    await prisma.$executeRawUnsafe(await readFile(path.join(directory, folder!, "migration.sql"), "utf8"));

    const keyOf = async (id: string) => (await prisma.entry.findUniqueOrThrow({ where: { id } })).emailNormalized;
    expect(await keyOf(anneMarie.id)).toBe("anne-marie@yahoo.com");
    expect(await keyOf(jeanLuc.id)).toBe("jean-luc@ymail.com");
    for (const entry of [anneMarie, jeanLuc, plain, gmail, elsewhere]) expect(await keyOf(entry.id)).toBe(canonicalEmail(entry.email));
    expect(await keyOf(taken.id)).toBe("x@yahoo.com");

    // Now anne@yahoo.com can enter, and anne-marie entering again is the entry she has.
    expect((await post(`/campaign/${campaign.id}`, { email: "anne@yahoo.com", agreedToTerms: "on" })).status).toBe(303);
    expect((await post(`/campaign/${campaign.id}`, { email: "Anne-Marie@yahoo.com", agreedToTerms: "on" })).status).toBe(303);
    const annes = await prisma.entry.findMany({
      where: { campaignId: campaign.id, email: { contains: "anne" } },
      orderBy: { createdAt: "asc" },
    });
    expect(annes.map((entry) => entry.emailNormalized)).toEqual(["anne-marie@yahoo.com", "anne@yahoo.com"]);
  });
});
