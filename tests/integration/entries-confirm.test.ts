/**
 * Double opt-in over real HTTP, as a browser without JavaScript does it (decision 038): an entry is
 * pending until its owner presses "Confirm my entry" on the page the emailed link opens. Opening
 * the link confirms nothing (mail scanners open links); only the POST does, once. Referral bonuses,
 * counts and the cap follow confirmations only. Also: address normalisation, throwaway domains,
 * signed-in entrants, the re-send limits and the fraud signals taken at entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { confirmEntryByEmail, confirmLinkPath } from "../helpers/entries";
import { postForm } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const DAY = 24 * 60 * 60 * 1000;

let app: InProcessAppServer;

beforeAll(async () => {
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

function enter(campaignId: string, email: string, extra: Record<string, string> = {}, cookie = ""): Promise<Response> {
  return postForm(app.url, `/campaign/${campaignId}`, { email, agreedToTerms: "on", ...extra }, { "User-Agent": BROWSER, Cookie: cookie });
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

const visible = (html: string) => html.replace(/<!-- -->/g, "");

async function get(path: string, cookie = ""): Promise<{ status: number; html: string; response: Response }> {
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie, "User-Agent": BROWSER } });
  return { status: response.status, html: visible(await response.text()), response };
}

const entryOf = (campaignId: string, emailNormalized: string) =>
  prisma.entry.findUniqueOrThrow({ where: { campaignId_emailNormalized: { campaignId, emailNormalized } } });

const entryCount = async (campaignId: string) => (await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } })).entryCount;

const emailsTo = (to: string, template: string) => prisma.outboundEmail.findMany({ where: { to, template } });

describe("the confirm link", () => {
  it("opens a page with one button and confirms nothing; the button's POST confirms once", async () => {
    const campaign = await createCampaign();
    expect((await enter(campaign.id, "opener@example.com")).status).toBe(303);
    const entry = await entryOf(campaign.id, "opener@example.com");
    const [request, ...others] = await emailsTo("opener@example.com", "entry_confirm_request");
    expect(others).toHaveLength(0);
    expect(request?.subject).toContain(campaign.title);
    const path = await confirmLinkPath(entry.id);

    // A mail scanner, or the entrant, opening the link: twice, and nothing changes.
    for (let i = 0; i < 2; i += 1) {
      const opened = await get(path);
      expect(opened.status).toBe(200);
      expect(opened.response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(opened.html).toContain("Confirm my entry");
      expect(opened.html).toMatch(/<form[^>]*action="\/campaign\/[^"]+\/confirm\/[^"]+" method="post">/);
      expect(opened.html).toContain("ope***@example.com");
    }
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).confirmedAt).toBeNull();
    expect(await entryCount(campaign.id)).toBe(0);

    const confirmed = await confirmEntryByEmail(app.url, entry.id);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(`/campaign/${campaign.id}#enter`);
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).confirmedAt).not.toBeNull();
    expect(await entryCount(campaign.id)).toBe(1);
    const [welcome] = await emailsTo("opener@example.com", "entry_confirmation");
    expect(welcome?.text).toContain(`entry id ${entry.id}`);
    expect(welcome?.text).toContain("weight 1");

    // Pressed again (a second tab, a double click): "already confirmed", nothing counted twice.
    const again = await confirmEntryByEmail(app.url, entry.id);
    expect(again.status).toBe(200);
    const againHtml = visible(await again.text());
    expect(againHtml).toContain("This entry is already confirmed.");
    expect(againHtml).toContain(entry.id);
    expect(againHtml).not.toContain("Confirm my entry</button>");
    expect(await entryCount(campaign.id)).toBe(1);
    expect(await emailsTo("opener@example.com", "entry_confirmation")).toHaveLength(1);

    // The page after confirming shows the entry with its receipt.
    const shown = await get(`/campaign/${campaign.id}`, cookiesOf(confirmed));
    expect(shown.html).toContain("You&#x27;re In!");
    expect(shown.html).toContain(entry.id);
    expect(shown.html).toContain("1 entry so far");
  });

  it("answers 404 to a forged or foreign token and writes nothing", async () => {
    const [campaign, other] = [await createCampaign(), await createCampaign()];
    await enter(campaign.id, "forged@example.com");
    const entry = await entryOf(campaign.id, "forged@example.com");
    const path = await confirmLinkPath(entry.id);
    const token = path.split("/").at(-1)!;
    const forged = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    for (const bad of [
      `/campaign/${campaign.id}/confirm/${forged}`,
      `/campaign/${other.id}/confirm/${token}`,
      `/campaign/${campaign.id}/confirm/${entry.id}`,
    ]) {
      const opened = await get(bad);
      expect(opened.status, bad).toBe(404);
      expect(opened.html).toContain("This confirmation link is not valid.");
      const posted = await postForm(app.url, bad, {}, { "User-Agent": BROWSER });
      expect(posted.status, bad).toBe(404);
    }
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).confirmedAt).toBeNull();
    expect(await entryCount(campaign.id)).toBe(0);
  });

  it("refuses to confirm once the giveaway has ended, plainly, and writes nothing", async () => {
    const campaign = await createCampaign();
    await enter(campaign.id, "late-confirm@example.com");
    const entry = await entryOf(campaign.id, "late-confirm@example.com");
    await prisma.campaign.update({ where: { id: campaign.id }, data: { endDate: new Date(Date.now() - 1000) } });
    const opened = await get(await confirmLinkPath(entry.id));
    expect(opened.html).toContain("This giveaway has ended, so your entry can no longer be confirmed.");
    expect(opened.html).not.toContain("Confirm my entry</button>");
    const posted = await confirmEntryByEmail(app.url, entry.id);
    expect(posted.status).toBe(409);
    expect(visible(await posted.text())).toContain("This giveaway has ended, so your entry can no longer be confirmed.");
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).confirmedAt).toBeNull();
    expect(await entryCount(campaign.id)).toBe(0);
    expect(await emailsTo("late-confirm@example.com", "entry_confirmation")).toHaveLength(0);
  });

  it("refuses to confirm after the entry list is frozen", async () => {
    const campaign = await createCampaign();
    await enter(campaign.id, "frozen@example.com");
    const entry = await entryOf(campaign.id, "frozen@example.com");
    await prisma.campaign.update({ where: { id: campaign.id }, data: { listFrozenAt: new Date() } });
    expect((await confirmEntryByEmail(app.url, entry.id)).status).toBe(409);
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).confirmedAt).toBeNull();
  });
});

describe("referrals under double opt-in", () => {
  it("credits +3 only when the referred friend confirms, once, and never for a pending friend", async () => {
    const campaign = await createCampaign();
    await enter(campaign.id, "host@example.com");
    const host = await entryOf(campaign.id, "host@example.com");
    await confirmEntryByEmail(app.url, host.id);

    // Three invented entrants through the host's link: none confirms, none counts.
    for (const fake of ["fake1@example.com", "fake2@example.com", "fake3@example.com"]) {
      expect((await enter(campaign.id, fake, { ref: host.id })).status).toBe(303);
    }
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: host.id } })).bonusEntries).toBe(0);
    expect(await entryCount(campaign.id)).toBe(1);

    await enter(campaign.id, "real.friend@example.com", { ref: host.id });
    const friend = await entryOf(campaign.id, "real.friend@example.com");
    expect(friend).toMatchObject({ referrerId: host.id, referralCredited: false });
    await confirmEntryByEmail(app.url, friend.id);
    await confirmEntryByEmail(app.url, friend.id);
    // The friend repeats through the link: no second credit.
    await enter(campaign.id, "Real.Friend@Example.com", { ref: host.id });
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: host.id } })).bonusEntries).toBe(3);
    expect(await prisma.entry.findUniqueOrThrow({ where: { id: friend.id } })).toMatchObject({ referralCredited: true });
    expect(await entryCount(campaign.id)).toBe(2);
  });
});

describe("one entry per person", () => {
  it("merges plus-tags, trailing dots, case and provider spellings, and sends to the address as typed", async () => {
    const campaign = await createCampaign();
    const groups: [string, string[]][] = [
      ["x@outlook.com", ["x+1@outlook.com", "x+2@outlook.com", "X@Outlook.com."]],
      ["dupuser@gmail.com", ["dupuser@gmail.com.", "dup.user+promo@googlemail.com"]],
      ["alice@proton.me", ["alice@proton.me", "a.l-i_ce+x@pm.me", "alice@protonmail.com"]],
      ["fan@icloud.com", ["fan+shop@me.com", "fan@icloud.com"]],
      ["me@fastmail.com", ["me+tag@fastmail.com", "me@fastmail.com"]],
      ["base-shopping@yahoo.com", ["base-shopping@yahoo.com", "Base-Shopping@Yahoo.com."]],
    ];
    for (const [key, spellings] of groups) {
      for (const spelling of spellings) expect((await enter(campaign.id, spelling)).status, spelling).toBe(303);
      const rows = await prisma.entry.findMany({ where: { campaignId: campaign.id, emailNormalized: key } });
      expect(rows, key).toHaveLength(1);
    }
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(groups.length);
    // The address is kept as typed, less the trailing dot, and the email goes there.
    const dup = await entryOf(campaign.id, "dupuser@gmail.com");
    expect(dup.email).toBe("dupuser@gmail.com");
    // (The repeat sent the confirm link again, to the same address.)
    expect((await emailsTo("dupuser@gmail.com", "entry_confirm_request")).length).toBeGreaterThan(0);
    expect(await prisma.outboundEmail.count({ where: { to: { endsWith: "gmail.com." } } })).toBe(0);
    expect((await entryOf(campaign.id, "x@outlook.com")).email).toBe("x+1@outlook.com");
    // Elsewhere "+" is an ordinary character: two addresses, two people.
    await enter(campaign.id, "team+a@example.com");
    await enter(campaign.id, "team+b@example.com");
    expect(await prisma.entry.count({ where: { campaignId: campaign.id, emailNormalized: { startsWith: "team+" } } })).toBe(2);
  });

  it("refuses throwaway inboxes with a field message and a 400, and stores nothing", async () => {
    const campaign = await createCampaign();
    for (const email of ["someone@mailinator.com", "someone@sub.mailinator.com", "Someone@Yopmail.com."]) {
      const response = await enter(campaign.id, email);
      expect(response.status, email).toBe(400);
      const html = visible(await response.text());
      expect(html).toMatch(/id="entry-email-error"[^>]*>Please use a permanent email address\.</);
      expect(html).toContain(`value="${email}"`);
    }
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect(await prisma.outboundEmail.count({ where: { to: { contains: "mailinator" } } })).toBe(0);
  });
});

describe("a signed-in entrant", () => {
  it("is confirmed at once with their account's address, and credits their referrer at once", async () => {
    const campaign = await createCampaign();
    await enter(campaign.id, "signed-host@example.com");
    const host = await entryOf(campaign.id, "signed-host@example.com");
    await confirmEntryByEmail(app.url, host.id);

    const { jar, email } = await signedInJar("auto");
    const response = await enter(campaign.id, "ignored@example.com", { ref: host.id }, jar.header());
    expect(response.status).toBe(303);
    const entry = await entryOf(campaign.id, email.toLowerCase());
    expect(entry.confirmedAt).not.toBeNull();
    expect(entry.referralCredited).toBe(true);
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: host.id } })).bonusEntries).toBe(3);
    expect(await entryCount(campaign.id)).toBe(2);
    expect(await emailsTo(email, "entry_confirm_request")).toHaveLength(0);
    expect(await emailsTo(email, "entry_confirmation")).toHaveLength(1);
    const page = await get(`/campaign/${campaign.id}`, jar.header());
    expect(page.html).toContain("You&#x27;re In!");
    expect(page.html).toContain(entry.id);
  });

  it("confirms the pending entry they made before signing in when they enter again signed in", async () => {
    const campaign = await createCampaign();
    const { jar, email } = await signedInJar("later");
    await enter(campaign.id, email);
    expect((await entryOf(campaign.id, email.toLowerCase())).confirmedAt).toBeNull();
    await enter(campaign.id, email, {}, jar.header());
    expect((await entryOf(campaign.id, email.toLowerCase())).confirmedAt).not.toBeNull();
    expect(await entryCount(campaign.id)).toBe(1);
  });
});

describe("resending the confirmation email", () => {
  const resends = (entryId: string) => prisma.outboundEmail.findMany({ where: { dedupeKey: { startsWith: `entry-resend:${entryId}:` } } });

  it("offers a plain form on the pending page and sends at most once per 10 minutes, saying the same each time", async () => {
    const campaign = await createCampaign();
    const entered = await enter(campaign.id, "resend.me@example.com");
    // The browser keeps its "entered" cookie; the toast it was shown once is used up.
    const cookie = cookiesOf(entered)
      .split("; ")
      .filter((pair) => pair.startsWith("entered_"))
      .join("; ");
    const entry = await entryOf(campaign.id, "resend.me@example.com");
    const pending = await get(`/campaign/${campaign.id}`, cookie);
    expect(pending.html).toContain("Check your email to confirm your entry");
    expect(pending.html).toMatch(/<input type="hidden" name="intent" value="resend"\/>/);
    expect(pending.html).toContain("Resend confirmation email");

    for (let i = 0; i < 3; i += 1) {
      const response = await postForm(app.url, `/campaign/${campaign.id}`, { intent: "resend" }, { "User-Agent": BROWSER, Cookie: cookie });
      expect(response.status).toBe(303);
      const landed = await get(`/campaign/${campaign.id}`, `${cookie}; ${cookiesOf(response)}`);
      expect(landed.html).toContain("If a confirmation email can be sent again now, it is on its way.");
    }
    const sent = await resends(entry.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.template).toBe("entry_confirm_request");
    expect(sent[0]?.to).toBe("resend.me@example.com");

    // A browser that holds no entry sends nothing.
    await postForm(app.url, `/campaign/${campaign.id}`, { intent: "resend" }, { "User-Agent": BROWSER });
    expect(await prisma.outboundEmail.count({ where: { dedupeKey: { startsWith: "entry-resend:" }, to: "resend.me@example.com" } })).toBe(
      1,
    );
  });

  it("limits re-sends per requesting address per hour", async () => {
    process.env.ENTRY_RESEND_LIMIT_PER_IP = "2";
    await app.resetConfig();
    try {
      await prisma.outboundEmail.deleteMany({ where: { dedupeKey: { startsWith: "entry-resend:" } } });
      const campaign = await createCampaign();
      const ids: string[] = [];
      for (const email of ["ipa@example.com", "ipb@example.com", "ipc@example.com"]) {
        const cookie = cookiesOf(await enter(campaign.id, email));
        ids.push((await entryOf(campaign.id, email)).id);
        await postForm(app.url, `/campaign/${campaign.id}`, { intent: "resend" }, { "User-Agent": BROWSER, Cookie: cookie });
      }
      const counts = await Promise.all(ids.map(async (id) => (await resends(id)).length));
      expect(counts).toEqual([1, 1, 0]);
    } finally {
      delete process.env.ENTRY_RESEND_LIMIT_PER_IP;
      await app.resetConfig();
    }
  });
});

describe("fraud signals taken at entry", () => {
  it("records the network and a browser id from a long-lived httpOnly cookie set when absent", async () => {
    const campaign = await createCampaign();
    const first = await enter(campaign.id, "signals1@example.com");
    const cookieLine = first.headers.getSetCookie().find((line) => line.startsWith("gw_bid="));
    expect(cookieLine).toBeDefined();
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/Path=\//);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookieLine ?? "")?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual((365 * DAY) / 1000);
    const one = await entryOf(campaign.id, "signals1@example.com");
    expect(one.ipNetwork).toBe("127.0.0.0/24");
    expect(one.browserId).toMatch(/^[a-z0-9]{8,40}$/);

    // The same browser again: the same id, and no new cookie.
    const bid = cookieLine!.split(";")[0]!;
    const second = await enter(campaign.id, "signals2@example.com", {}, bid);
    expect(second.headers.getSetCookie().some((line) => line.startsWith("gw_bid="))).toBe(false);
    expect((await entryOf(campaign.id, "signals2@example.com")).browserId).toBe(one.browserId);
  });
});
