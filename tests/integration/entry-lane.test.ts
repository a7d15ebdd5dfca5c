/**
 * The entry lane (decision 062) over real HTTP, against the app as production mounts it: a new
 * anonymous entry is answered before React Router with the page action's own redirect and cookies,
 * and stored by the entry store's driver connection exactly as Prisma stored it; every other form
 * is handed to the page's action with the body the lane read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_MESSAGES, ENTRY_MESSAGES } from "~/domain/entries";
import { HONEYPOT_FIELD } from "~/domain/honeypot";
import { prisma } from "~/server/core/db.server";
import { startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { CookieJar } from "../helpers/http";
import { testProvider } from "../helpers/database";

let url = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const server = await startAppServer();
  url = server.url;
  close = () => server.close();
}, 120_000);

afterAll(async () => {
  await close?.();
});

function postEntry(campaignId: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${url}/campaign/${campaignId}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (test) Chrome/124.0", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function cookieNames(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")));
}

/** A DateTime column's text with its digits blanked: the shape the provider stores. */
const shape = (text: unknown) => String(text).replace(/\d/g, "0");

describe("a new anonymous entry", () => {
  it("is answered with the page's redirect and cookies, and shows the pending card", async () => {
    const campaign = await createCampaign();
    const response = await postEntry(campaign.id, { email: "Lane.Person@Example.com", agreedToTerms: "on" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/campaign/${campaign.id}#enter`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(cookieNames(response).sort()).toEqual(["entered_" + campaign.id, "gw_after_post", "gw_bid", "gw_toast"].sort());

    const jar = new CookieJar();
    jar.absorb(response);
    const page = await fetch(`${url}/campaign/${campaign.id}`, { headers: { Cookie: jar.header() } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(CONFIRM_MESSAGES.checkEmail);
  });

  it("is stored as Prisma stored it: the row, its consent record and its confirm-request email", async () => {
    const campaign = await createCampaign();
    const referrer = await prisma.entry.create({
      data: {
        id: "referrer0000000000000001",
        campaignId: campaign.id,
        email: "friend@example.com",
        emailNormalized: "friend@example.com",
        agreedToTerms: true,
      },
    });
    const before = Date.now();
    const response = await postEntry(campaign.id, {
      email: "stored.person@example.com",
      // Optional, stored in E.164 (decision 094).
      phoneNumber: "(415) 555-0199",
      agreedToTerms: "on",
      marketingConsent: "on",
      ref: referrer.id,
    });
    expect(response.status).toBe(303);
    const entry = await prisma.entry.findUniqueOrThrow({
      where: { campaignId_emailNormalized: { campaignId: campaign.id, emailNormalized: "stored.person@example.com" } },
    });
    expect(entry).toMatchObject({
      email: "stored.person@example.com",
      phoneNumber: "+14155550199",
      referrerId: referrer.id,
      referralCredited: false,
      bonusEntries: 0,
      marketingConsent: true,
      agreedToTerms: true,
      ip: "127.0.0.1",
      ipNetwork: "127.0.0.0/24",
      userId: null,
      confirmedAt: null,
      disqualifiedAt: null,
    });
    expect(entry.browserId).toMatch(/^[a-z0-9]{25}$/);
    expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(entry.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(entry.marketingConsentAt).toEqual(entry.createdAt);
    const wordings = await prisma.consentWording.findMany({ where: { id: { in: [entry.termsWordingId!, entry.marketingWordingId!] } } });
    expect(wordings.map((wording) => wording.kind).sort()).toEqual(["marketing", "terms"]);

    const [email] = await prisma.outboundEmail.findMany({ where: { dedupeKey: `entry-confirm:${entry.id}` } });
    expect(email).toMatchObject({ to: "stored.person@example.com", template: "entry_confirm_request", status: "pending", attempts: 0 });
    expect(email!.subject).toContain(campaign.title);
    expect(email!.html).toContain(`/confirm/`);
    expect(email!.text).toContain(campaign.title);
    expect(email!.createdAt).toEqual(entry.createdAt);

    if (testProvider() === "sqlite") {
      // The same DateTime text as a row Prisma wrote (the campaign's), so SQL comparing times agrees.
      const [stored] = await prisma.$queryRawUnsafe<{ entry: string; email: string; campaign: string }[]>(
        `SELECT e."createdAt" AS entry, o."createdAt" AS email, c."createdAt" AS campaign FROM "Entry" e, "OutboundEmail" o, "Campaign" c
          WHERE e."id" = ? AND o."dedupeKey" = ? AND c."id" = ?`,
        entry.id,
        `entry-confirm:${entry.id}`,
        campaign.id,
      );
      expect(shape(stored!.entry)).toBe(shape(stored!.campaign));
      expect(shape(stored!.email)).toBe(shape(stored!.campaign));
    }
  });
});

describe("forms the lane hands to the page's action", () => {
  it("a repeat of the address: the action's neutral answer, the body it read intact, nothing stored twice", async () => {
    const campaign = await createCampaign();
    await postEntry(campaign.id, { email: "twice@example.com", agreedToTerms: "on" });
    const again = await postEntry(campaign.id, { email: "twice@example.com", agreedToTerms: "on" });
    expect(again.status).toBe(303);
    const jar = new CookieJar();
    jar.absorb(again);
    expect(jar.get(`entered_${campaign.id}`)).toBeUndefined();
    const page = await (await fetch(`${url}/campaign/${campaign.id}`, { headers: { Cookie: jar.header() } })).text();
    expect(page).toContain(ENTRY_MESSAGES.alreadyEntered);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(1);
  });

  it("a form the rules refuse: the page again with the spec's message and a 400", async () => {
    const campaign = await createCampaign();
    const response = await postEntry(campaign.id, { email: "not-an-address", agreedToTerms: "on" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(ENTRY_MESSAGES.emailInvalid);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("a closed campaign: the action's refusal", async () => {
    const campaign = await createCampaign({ endDate: new Date(Date.now() - 60_000) });
    const response = await postEntry(campaign.id, { email: "late@example.com", agreedToTerms: "on" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(ENTRY_MESSAGES.ended);
  });

  it("a filled honeypot: answered as if it had worked, nothing stored", async () => {
    const campaign = await createCampaign();
    const response = await postEntry(campaign.id, {
      email: "bot@example.com",
      agreedToTerms: "on",
      [HONEYPOT_FIELD]: "https://spam.example",
    });
    expect(response.status).toBe(303);
    expect(cookieNames(response)).toEqual(["gw_after_post"]);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("a form posted from another website: refused, nothing stored", async () => {
    const campaign = await createCampaign();
    const response = await postEntry(campaign.id, { email: "csrf@example.com", agreedToTerms: "on" }, { Origin: "https://evil.example" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("a form from this site's own page (its Origin): taken", async () => {
    const campaign = await createCampaign();
    const response = await postEntry(campaign.id, { email: "own.page@example.com", agreedToTerms: "on" }, { Origin: url });
    expect(response.status).toBe(303);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(1);
  });
});

describe("what the lane takes and what it hands on", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it("takes a new anonymous entry: the redirect and the cookies, and the row", async () => {
    const { enterInLane } = await import("~/server/entries/lane.server");
    const campaign = await createCampaign();
    const answer = await enterInLane(campaign.id, form({ email: "direct@example.com", agreedToTerms: "on" }), undefined, "203.0.113.9");
    expect(answer?.location).toBe(`/campaign/${campaign.id}#enter`);
    expect(answer?.cookies.map((line) => line.slice(0, line.indexOf("=")))).toEqual([
      "gw_after_post",
      "gw_bid",
      `entered_${campaign.id}`,
      "gw_toast",
    ]);
    const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(entry).toMatchObject({ email: "direct@example.com", ip: "203.0.113.9", ipNetwork: "203.0.113.0/24", confirmedAt: null });
  });

  it("takes the referral from the address the form was posted to (decision 067), the form's own ref first", async () => {
    const { enterInLane } = await import("~/server/entries/lane.server");
    const campaign = await createCampaign();
    await enterInLane(campaign.id, form({ email: "sharer@example.com", agreedToTerms: "on" }), undefined, "203.0.113.10");
    const sharer = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id, email: "sharer@example.com" } });
    const other = await createCampaign();
    const stranger = await prisma.entry.create({
      data: { campaignId: other.id, email: "x@example.com", emailNormalized: "x@example.com", agreedToTerms: true },
    });
    const entered = async (email: string, fields: Record<string, string>, search?: string) => {
      expect(
        await enterInLane(campaign.id, form({ email, agreedToTerms: "on", ...fields }), undefined, "203.0.113.11", search),
      ).not.toBeNull();
      return (await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id, email } })).referrerId;
    };
    expect(await entered("linked@example.com", {}, `?ref=${sharer.id}`)).toBe(sharer.id);
    expect(await entered("tagged@example.com", {}, `?utm_source=ig&ref=${sharer.id}`)).toBe(sharer.id);
    expect(await entered("mangled@example.com", {}, "?ref=%3Cb%3E")).toBeNull();
    expect(await entered("plain@example.com", {})).toBeNull();
    // A form that names its referrer (a page rendered before, a hand-made post) keeps it: here one of another campaign, so none.
    expect(await entered("fielded@example.com", { ref: stranger.id }, `?ref=${sharer.id}`)).toBeNull();
  });

  it("hands on, storing nothing: a session, a resend, a honeypot, a refusal, a control character, a repeat", async () => {
    const { enterInLane } = await import("~/server/entries/lane.server");
    const campaign = await createCampaign();
    const valid = { email: "handed@example.com", agreedToTerms: "on" };
    expect(await enterInLane(campaign.id, form(valid), "gw_session=abc", null)).toBeNull();
    expect(await enterInLane(campaign.id, form({ intent: "resend" }), undefined, null)).toBeNull();
    expect(await enterInLane(campaign.id, form({ ...valid, [HONEYPOT_FIELD]: "x" }), undefined, null)).toBeNull();
    expect(await enterInLane(campaign.id, form({ email: "handed@example.com" }), undefined, null)).toBeNull();
    expect(await enterInLane(campaign.id, form({ ...valid, phoneNumber: "555\u0000" }), undefined, null)).toBeNull();
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect(await enterInLane(campaign.id, form(valid), undefined, null)).not.toBeNull();
    expect(await enterInLane(campaign.id, form(valid), undefined, null)).toBeNull();
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(1);
  });

  it("stores the entries of one burst each once, a repeated address once", async () => {
    const { enterInLane } = await import("~/server/entries/lane.server");
    const campaign = await createCampaign();
    const addresses = [...Array.from({ length: 30 }, (_, i) => `burst${i}@example.com`), "burst3@example.com", "burst7@example.com"];
    const answers = await Promise.all(
      addresses.map((email, i) => enterInLane(campaign.id, form({ email, agreedToTerms: "on" }), undefined, `198.51.100.${i}`)),
    );
    expect(answers.filter(Boolean)).toHaveLength(30);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(30);
    expect(await prisma.outboundEmail.count({ where: { to: { startsWith: "burst" }, template: "entry_confirm_request" } })).toBe(30);
  });
});

describe("an entry while another process holds the write lock", () => {
  it("waits for it, without blocking this process, and is stored once it is free", async () => {
    const { enterInLane } = await import("~/server/entries/lane.server");
    const { sqliteFilePath } = await import("~/server/core/db.server");
    const campaign = await createCampaign();
    const url = process.env.DATABASE_URL!;
    let release: () => Promise<void>;
    if (testProvider() === "sqlite") {
      const { default: Database } = await import("better-sqlite3");
      const other = new Database(sqliteFilePath(url));
      other.exec("BEGIN IMMEDIATE");
      release = async () => {
        other.exec("COMMIT");
        other.close();
      };
    } else {
      const { default: pg } = await import("pg");
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query('BEGIN; LOCK TABLE "Entry" IN EXCLUSIVE MODE');
      release = async () => {
        await other.query("COMMIT");
        await other.end();
      };
    }
    let settled = false;
    const entering = enterInLane(
      campaign.id,
      new URLSearchParams({ email: "waits@example.com", agreedToTerms: "on" }).toString(),
      undefined,
      "192.0.2.1",
    ).finally(() => (settled = true));
    // This process goes on serving (its event loop turns) while the entry waits for the lock.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await release();
    expect(await entering).not.toBeNull();
    expect(await prisma.entry.count({ where: { campaignId: campaign.id, email: "waits@example.com" } })).toBe(1);
  });
});
