import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOfUtcDay } from "~/domain/campaign-dates";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { CookieJar, postForm } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const DAY = 24 * 60 * 60 * 1000;
const BROWSER = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

function get(jar: CookieJar, path: string): Promise<Response> {
  return fetch(`${app.url}${path}`, { redirect: "manual", headers: { Cookie: jar.header() } }).then((r) => jar.absorb(r));
}

function post(jar: CookieJar, path: string, fields: Record<string, string>): Promise<Response> {
  return postForm(app.url, path, fields, { Cookie: jar.header() }).then((r) => jar.absorb(r));
}

/** React escapes text; the figures and labels compared here only need these undone. */
function unescape(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function testId(html: string, id: string): string | undefined {
  const match = new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html);
  return match ? unescape(match[1] ?? "") : undefined;
}

/** The [label, value] rows of the data table with this caption. */
function tableRows(html: string, caption: string): [string, string][] {
  const start = html.indexOf(`>${caption}</caption>`);
  if (start < 0) return [];
  const table = html.slice(start, html.indexOf("</table>", start));
  return [...table.matchAll(/<th scope="row"[^>]*>([^<]*)<\/th><td[^>]*>([^<]*)<\/td>/g)].map((m) => [
    unescape(m[1] ?? ""),
    unescape(m[2] ?? ""),
  ]);
}

const dayName = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(date);

/**
 * A live campaign that started three UTC days ago with 8 entries: 2 on the first day, none on the
 * second, 4 on the third (2 of them through a shared link) and 2 today (1 through a link).
 */
async function campaignWithEntries(creatorId: string) {
  const today = startOfUtcDay(new Date());
  const start = new Date(today.getTime() - 3 * DAY);
  const campaign = await createCampaign({
    creatorId,
    title: "Analytics Tee",
    startDate: start,
    endDate: new Date(start.getTime() + 7 * DAY),
    pageViews: 32,
    entryCount: 8,
    planId: "growth_tee",
    aiGenerationsUsed: 3,
    remainingGenerations: 2,
  });
  const at = (day: number, hour: number) => new Date(start.getTime() + day * DAY + hour * 60 * 60 * 1000);
  const entry = (id: string, email: string, createdAt: Date, extra: Record<string, unknown> = {}) => ({
    id: `${campaign.id}-${id}`,
    campaignId: campaign.id,
    email,
    emailNormalized: email.toLowerCase(),
    agreedToTerms: true,
    createdAt,
    // Confirmed (decision 038): only confirmed entries are counted.
    confirmedAt: createdAt,
    ...extra,
  });
  const a = `${campaign.id}-a`;
  await prisma.entry.createMany({
    data: [
      entry("a", "Ann@Gmail.com", at(0, 9), { phoneNumber: "+1 555 0100", marketingConsent: true, bonusEntries: 6 }),
      entry("b", "bob@yahoo.com", at(0, 23)),
      entry("c", "cat@gmail.com", at(2, 0), { referrerId: a, referralCredited: true }),
      entry("d", "dan@gmail.com", at(2, 5), { referrerId: a, referralCredited: true }),
      entry("e", '"quoted,name"@example.com', at(2, 6), { phoneNumber: '=HYPERLINK("http://evil")', marketingConsent: true }),
      entry("f", "@fan@outlook.com", at(2, 7), { marketingConsent: true }),
      entry("g", "gus@hotmail.com", new Date(today.getTime() + 60 * 1000), { referrerId: `${campaign.id}-b`, referralCredited: true }),
      // Came through a link, but the referral did not count (e.g. referrals were switched off).
      entry("h", "hal@gmail.com", new Date(today.getTime() + 2 * 60 * 1000), { referrerId: `${campaign.id}-b`, referralCredited: false }),
    ],
  });
  return { campaign, start, today };
}

describe("campaign analytics", () => {
  it("shows the owner true figures, charts and their data tables", async () => {
    const owner = await signedInJar("analytics-owner");
    const { campaign, start, today } = await campaignWithEntries(owner.userId);
    await prisma.order.create({
      data: {
        campaignId: campaign.id,
        winnerEmail: "ann@gmail.com",
        status: "shipped",
        printifyOrderId: "PF-123",
        trackingNumber: "1Z999",
      },
    });

    const response = await get(owner.jar, `/dashboard/campaigns/${campaign.id}/analytics`);
    expect(response.status).toBe(200);
    const html = await response.text();

    expect(html).toContain("Analytics Tee - Analytics");
    expect(testId(html, "total-entries")).toBe("8");
    expect(testId(html, "entry-rate")).toBe("25%");
    expect(html).toContain("Vs. page views");
    expect(testId(html, "referral-entries")).toBe("3");
    expect(html).toContain("Via shared links");
    expect(testId(html, "campaign-status")).toBe("Active");

    expect(tableRows(html, "Entries per day (UTC)")).toEqual([
      [dayName(start), "2"],
      [dayName(new Date(start.getTime() + DAY)), "0"],
      [dayName(new Date(start.getTime() + 2 * DAY)), "4"],
      [dayName(today), "2"],
    ]);
    expect(tableRows(html, "Entries by source")).toEqual([
      ["Referral", "3"],
      ["Direct", "5"],
    ]);
    expect(tableRows(html, "Entries by email domain")).toEqual([
      ["gmail.com", "4"],
      ["example.com", "1"],
      ["hotmail.com", "1"],
      ["outlook.com", "1"],
      ["yahoo.com", "1"],
    ]);
    // The charts are SVG images with a title and a description.
    expect(html).toMatch(/<svg role="img"[^>]*data-testid="entries-over-time-chart"[^>]*>\s*<title[^>]*>Entries over time/);
    expect(html).toContain("8 entries over 4 days");

    // Design Performance: plan credits used/total (Growth Tee has 5), generations used.
    expect(testId(html, "credits-used")).toBe("3/5");
    // Fulfilment
    expect(html).toContain("ann@gmail.com");
    expect(html).toContain("PF-123");
    expect(html).toContain(">Shipped<");
    expect(html).not.toContain("Fulfilment data not available yet.");

    expect(html).toContain(`href="/create-campaign-v2?duplicateId=${campaign.id}"`);
    expect(html).toContain(`href="/dashboard/campaigns/${campaign.id}/entries.csv"`);
    expect(html).toMatch(new RegExp(`href="/campaign/${campaign.id}"[^>]*target="_blank"`));
  });

  it("counts a New York campaign's entries per New York day (decision 096)", async () => {
    const owner = await signedInJar("analytics-zone");
    // Friday 20 November 00:00 to Sunday 22 November 23:59, New York time (UTC-5 in November).
    const campaign = await createCampaign({
      creatorId: owner.userId,
      timeZone: "America/New_York",
      startDate: new Date("2026-11-20T05:00:00Z"),
      endDate: new Date("2026-11-23T04:59:00Z"),
      planId: "growth_tee",
    });
    const entry = (id: string, createdAt: string) => ({
      id: `${campaign.id}-${id}`,
      campaignId: campaign.id,
      email: `${id}@zone.example`,
      emailNormalized: `${id}@zone.example`,
      agreedToTerms: true,
      createdAt: new Date(createdAt),
      confirmedAt: new Date(createdAt),
    });
    await prisma.entry.createMany({
      data: [
        entry("a", "2026-11-21T03:30:00Z"), // Friday 22:30 in New York (Saturday in UTC)
        entry("b", "2026-11-21T04:59:00Z"), // Friday 23:59
        entry("c", "2026-11-21T05:10:00Z"), // Saturday 00:10
        entry("d", "2026-11-23T04:30:00Z"), // Sunday 23:30 (Monday in UTC)
      ],
    });
    const html = await (await get(owner.jar, `/dashboard/campaigns/${campaign.id}/analytics`)).text();
    expect(html).toContain("Daily, New York time");
    expect(tableRows(html, "Entries per day (New York time)")).toEqual([
      ["Nov 20, 2026", "2"],
      ["Nov 21, 2026", "1"],
      ["Nov 22, 2026", "1"],
    ]);
  });

  it("shows a dash for the entry rate before any view, and the fulfilment placeholders", async () => {
    const owner = await signedInJar("analytics-empty");
    const campaign = await createCampaign({ creatorId: owner.userId, title: "Quiet Tee", pageViews: 0 });
    const html = await (await get(owner.jar, `/dashboard/campaigns/${campaign.id}/analytics`)).text();
    expect(testId(html, "total-entries")).toBe("0");
    expect(testId(html, "entry-rate")).toBe("—");
    expect(html).toContain("Pending Selection");
    expect(html).toContain("Not Yet Initiated");
    expect(html).toContain("Not Yet Shipped");
    expect(html).toContain("Fulfilment data not available yet.");
  });

  it("counts views of the embedded entry card, and never shows a rate above 100%: more entries than views says so", async () => {
    const owner = await signedInJar("analytics-embed");
    const campaign = await createCampaign({ creatorId: owner.userId, title: "Embedded Tee", pageViews: 0 });
    const views = async () => (await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).pageViews;
    const rate = async () => {
      const html = await (await get(owner.jar, `/dashboard/campaigns/${campaign.id}/analytics`)).text();
      const card = html.slice(html.indexOf('data-testid="entry-rate"'), html.indexOf('data-testid="referral-entries"'));
      return { value: testId(html, "entry-rate"), note: card.includes("More entries than counted page views") ? "more" : card };
    };

    // The card on another site carries the page's view beacon, and a browser showing it counts a view.
    const embed = await (await fetch(`${app.url}/campaign/${campaign.id}/embed`, { headers: { "User-Agent": BROWSER } })).text();
    const beacon = /<img src="([^"]*\/view\.gif)"/.exec(embed)?.[1];
    expect(beacon).toBe(`/campaign/${campaign.id}/view.gif`);
    await fetch(`${app.url}${beacon}`, { headers: { "User-Agent": BROWSER } });
    await expect.poll(views).toBe(1);

    // Entering through it: the card's answer is no new view.
    const entered = await postForm(
      app.url,
      `/campaign/${campaign.id}/embed`,
      { email: "embedded@example.com", agreedToTerms: "on" },
      { "User-Agent": BROWSER },
    );
    expect(entered.status).toBe(200);
    const answer = await entered.text();
    expect(answer).toContain("Check your email to confirm your entry");
    expect(answer).not.toContain("view.gif");

    // Three counted entries against one counted view (two came straight from elsewhere): no "300%".
    const confirmed = new Date();
    await prisma.entry.updateMany({ where: { campaignId: campaign.id }, data: { confirmedAt: confirmed } });
    await prisma.entry.createMany({
      data: ["direct1@example.com", "direct2@example.com"].map((email) => ({
        campaignId: campaign.id,
        email,
        emailNormalized: email,
        agreedToTerms: true,
        confirmedAt: confirmed,
      })),
    });
    expect(await rate()).toEqual({ value: "N/A", note: "more" });

    // Once the views catch up, the share is a figure again.
    for (let i = 0; i < 3; i += 1) await fetch(`${app.url}${beacon}`, { headers: { "User-Agent": BROWSER } });
    await expect.poll(views).toBe(4);
    const shown = await rate();
    expect(shown.value).toBe("75%");
    expect(shown.note).toContain("Vs. page views");
  });

  it("sends anyone but the owner back to their dashboard with the spec's error", async () => {
    const owner = await signedInJar("analytics-owner2");
    const other = await signedInJar("analytics-other");
    const { campaign } = await campaignWithEntries(owner.userId);

    const response = await get(other.jar, `/dashboard/campaigns/${campaign.id}/analytics`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/my-campaigns");
    const dashboard = unescape(await (await get(other.jar, "/my-campaigns")).text());
    expect(dashboard).toContain("Campaign not found or you don't have access.");
    expect(dashboard).not.toContain("Analytics Tee");

    const anonymous = await get(new CookieJar(), `/dashboard/campaigns/${campaign.id}/analytics`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("entries CSV export", () => {
  it("gives the owner every entry with referral counts and consent, contact details quoted and defused", async () => {
    const owner = await signedInJar("csv-owner");
    const { campaign, start } = await campaignWithEntries(owner.userId);
    const response = await get(owner.jar, `/dashboard/campaigns/${campaign.id}/entries.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="analytics-tee-entries-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await response.text();
    expect(body.endsWith("\r\n")).toBe(true);
    const lines = body.split("\r\n").slice(0, -1);
    expect(lines[0]).toBe(
      "entry_id,status,email,phone,entered_at,confirmed_at,referrals_credited,bonus_entries,weight,marketing_consent,consent_given_at,consent_wording_version,consent_withdrawn_at",
    );
    expect(lines).toHaveLength(9);
    const iso = (day: number, hour: number) => new Date(start.getTime() + day * DAY + hour * 3600 * 1000).toISOString();
    const id = (key: string) => `${campaign.id}-${key}`;
    // Consent given with the entry (before consents had their own time): the entry's time.
    expect(lines[1]).toBe(`${id("a")},confirmed,Ann@Gmail.com,'+1 555 0100,${iso(0, 9)},${iso(0, 9)},2,6,7,yes,${iso(0, 9)},,`);
    // No consent: no email, no phone (decision 057).
    expect(lines[2]).toBe(`${id("b")},confirmed,,,${iso(0, 23)},${iso(0, 23)},1,0,1,no,,,`);
    expect(body).not.toContain("bob@yahoo.com");
    expect(lines[5]).toBe(
      `${id("e")},confirmed,"""quoted,name""@example.com","'=HYPERLINK(""http://evil"")",${iso(2, 6)},${iso(2, 6)},0,0,1,yes,${iso(2, 6)},,`,
    );
    expect(lines[6]).toBe(`${id("f")},confirmed,'@fan@outlook.com,,${iso(2, 7)},${iso(2, 7)},0,0,1,yes,${iso(2, 7)},,`);
  });

  it("pages through a big campaign without losing or repeating a row", async () => {
    const owner = await signedInJar("csv-big");
    const campaign = await createCampaign({ creatorId: owner.userId, title: "Big Tee" });
    const sameInstant = new Date(Date.now() - DAY);
    // Many rows share one timestamp, so paging must also order by id.
    await prisma.entry.createMany({
      data: Array.from({ length: 1203 }, (_, i) => ({
        campaignId: campaign.id,
        email: `fan${i}@example.com`,
        emailNormalized: `fan${i}@example.com`,
        agreedToTerms: true,
        createdAt: i < 700 ? sameInstant : new Date(sameInstant.getTime() + i),
        confirmedAt: sameInstant,
      })),
    });
    const body = await (await get(owner.jar, `/dashboard/campaigns/${campaign.id}/entries.csv`)).text();
    const ids = body
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[0]);
    expect(ids).toHaveLength(1203);
    expect(new Set(ids).size).toBe(1203);
  });

  it("marks consent per row: only consenting rows carry email and phone; withdrawn and erased rows carry none (decision 057)", async () => {
    const owner = await signedInJar("csv-consent");
    const campaign = await createCampaign({ creatorId: owner.userId, title: "Consent Tee" });
    const wording = await prisma.consentWording.upsert({
      where: { id: "marketing-v1" },
      create: { id: "marketing-v1", kind: "marketing", version: 1, text: "Send me news and offers from {brand}." },
      update: {},
    });
    const entered = new Date(Date.now() - 2 * DAY);
    const given = new Date(entered.getTime() + 1000);
    const withdrawn = new Date(Date.now() - DAY);
    const row = (key: string, extra: Record<string, unknown>) => ({
      id: `${campaign.id}-${key}`,
      campaignId: campaign.id,
      email: `${key}-person@example.com`,
      emailNormalized: `${key}-person@example.com`,
      phoneNumber: `+1 555 01${key.length}${key.length}`,
      agreedToTerms: true,
      createdAt: new Date(entered.getTime() + key.length * 60_000),
      confirmedAt: new Date(entered.getTime() + key.length * 60_000),
      ...extra,
    });
    await prisma.entry.createMany({
      data: [
        row("a", { marketingConsent: true, marketingConsentAt: given, marketingWordingId: wording.id, bonusEntries: 3 }),
        row("bb", { marketingConsent: false }),
        row("ccc", { marketingConsent: false, marketingConsentAt: given, marketingWordingId: wording.id, marketingWithdrawnAt: withdrawn }),
        // Erased while its address is still in the row (as a half-finished erasure would leave it): nothing personal goes out.
        row("dddd", { marketingConsent: true, marketingConsentAt: given, erasedAt: withdrawn }),
      ],
    });
    const body = await (await get(owner.jar, `/dashboard/campaigns/${campaign.id}/entries.csv`)).text();
    const lines = body.split("\r\n").slice(1, -1);
    const cells = (key: string) => {
      const line = lines.find((l) => l.startsWith(`${campaign.id}-${key},`)) ?? "";
      const header = body.split("\r\n")[0]?.split(",") ?? [];
      return Object.fromEntries(line.split(",").map((value, i) => [header[i], value]));
    };
    expect(cells("a")).toMatchObject({
      status: "confirmed",
      email: "a-person@example.com",
      phone: "'+1 555 0111",
      bonus_entries: "3",
      weight: "4",
      marketing_consent: "yes",
      consent_given_at: given.toISOString(),
      consent_wording_version: "1",
      consent_withdrawn_at: "",
    });
    expect(cells("bb")).toMatchObject({ status: "confirmed", email: "", phone: "", marketing_consent: "no", consent_given_at: "" });
    expect(cells("ccc")).toMatchObject({
      email: "",
      phone: "",
      marketing_consent: "no",
      consent_given_at: given.toISOString(),
      consent_wording_version: "1",
      consent_withdrawn_at: withdrawn.toISOString(),
    });
    expect(cells("dddd")).toMatchObject({ status: "erased", email: "", phone: "", marketing_consent: "no", consent_given_at: "" });
    for (const key of ["bb", "ccc", "dddd"]) expect(body).not.toContain(`${key}-person@example.com`);
    expect(body).not.toContain("555 0122");
    expect(body).not.toContain("555 0133");
    expect(body).not.toContain("555 0144");
  });

  it("is a 404 for another creator and a sign-in for visitors", async () => {
    const owner = await signedInJar("csv-owner2");
    const other = await signedInJar("csv-other");
    const { campaign } = await campaignWithEntries(owner.userId);
    const response = await get(other.jar, `/dashboard/campaigns/${campaign.id}/entries.csv`);
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toContain("@");
    expect((await get(new CookieJar(), `/dashboard/campaigns/${campaign.id}/entries.csv`)).status).toBe(302);
  });
});

describe("the creator dashboard", () => {
  it("lists only the creator's campaigns, by tab, and remembers the list view", async () => {
    const owner = await signedInJar("dash-owner");
    const other = await signedInJar("dash-other");
    await createCampaign({ creatorId: owner.userId, title: "Live Owner Tee", entryCount: 12 });
    await createCampaign({ creatorId: owner.userId, title: "Draft Owner Tee", status: "draft" });
    await createCampaign({ creatorId: owner.userId, title: "Unpaid Owner Tee", status: "pending_payment" });
    await createCampaign({
      creatorId: owner.userId,
      title: "Ended Owner Tee",
      entryCount: 30,
      startDate: new Date(Date.now() - 10 * DAY),
      endDate: new Date(Date.now() - 3 * DAY),
    });
    await createCampaign({ creatorId: other.userId, title: "Someone Else's Tee" });

    const all = unescape(await (await get(owner.jar, "/my-campaigns")).text());
    for (const title of ["Live Owner Tee", "Draft Owner Tee", "Unpaid Owner Tee", "Ended Owner Tee"]) expect(all).toContain(title);
    expect(all).not.toContain("Someone Else's Tee");
    expect(all).toContain("Pending Payment");
    expect(all).toMatch(/<dt[^>]*>Campaigns<\/dt><dd[^>]*>4<\/dd>/);
    expect(all).toMatch(/<dt[^>]*>Active<\/dt><dd[^>]*>1<\/dd>/);
    expect(all).toMatch(/<dt[^>]*>Total entries<\/dt><dd[^>]*>42<\/dd>/);
    expect(all).toContain('data-view="grid"');

    const drafts = unescape(await (await get(owner.jar, "/my-campaigns?tab=draft&view=list")).text());
    expect(drafts).toContain("Draft Owner Tee");
    expect(drafts).toContain("Unpaid Owner Tee");
    expect(drafts).not.toContain("Live Owner Tee");
    expect(drafts).toContain('data-view="list"');
    expect(owner.jar.get("dashboard_view")).toBeDefined();

    const completed = unescape(await (await get(owner.jar, "/my-campaigns?tab=completed")).text());
    expect(completed).toContain("Ended Owner Tee");
    expect(completed).not.toContain("Draft Owner Tee");
    expect(completed).toContain('data-view="list"');
  });

  it("gives every card a link to its page: View when live, Preview before launch, which only the owner can open", async () => {
    const owner = await signedInJar("preview-owner");
    const other = await signedInJar("preview-other");
    const live = await createCampaign({ creatorId: owner.userId, title: "Viewable Live Tee" });
    const draft = await createCampaign({ creatorId: owner.userId, title: "Previewable Draft Tee", status: "draft" });
    const unpaid = await createCampaign({ creatorId: owner.userId, title: "Previewable Unpaid Tee", status: "pending_payment" });

    for (const view of ["grid", "list"]) {
      const html = unescape(await (await get(owner.jar, `/my-campaigns?view=${view}`)).text());
      /** The card's link to a campaign page: its accessible name and its text. */
      const link = (id: string) => {
        const anchor = new RegExp(`<a([^>]*href="/campaign/${id}"[^>]*)>([^<]*)</a>`).exec(html);
        return anchor ? [/aria-label="([^"]*)"/.exec(anchor[1] ?? "")?.[1], anchor[2]] : null;
      };
      expect(link(live.id), view).toEqual(["View Viewable Live Tee", "View"]);
      expect(link(draft.id), view).toEqual(["Preview Previewable Draft Tee", "Preview"]);
      expect(link(unpaid.id), view).toEqual(["Preview Previewable Unpaid Tee", "Preview"]);
    }
    for (const id of [draft.id, unpaid.id]) {
      const preview = await get(owner.jar, `/campaign/${id}`);
      expect(preview.status).toBe(200);
      expect(unescape(await preview.text())).toContain("Preview: only you can see this page");
      expect((await get(other.jar, `/campaign/${id}`)).status).toBe(404);
    }
  });

  it("deletes the creator's own draft, refuses a live campaign, and gives 404 for someone else's", async () => {
    const owner = await signedInJar("delete-owner");
    const other = await signedInJar("delete-other");
    const draft = await createCampaign({ creatorId: owner.userId, title: "Doomed Draft", status: "draft" });
    await prisma.additionalPrize.create({ data: { campaignId: draft.id, rank: 2, title: "Stickers" } });
    const live = await createCampaign({ creatorId: owner.userId, title: "Live Keeper" });

    const foreign = await post(other.jar, "/my-campaigns", { intent: "delete", campaignId: draft.id });
    expect(foreign.status).toBe(404);
    expect(await prisma.campaign.count({ where: { id: draft.id } })).toBe(1);

    const refused = await post(owner.jar, "/my-campaigns", { intent: "delete", campaignId: live.id, tab: "active", view: "list" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/my-campaigns?tab=active&view=list");
    expect(await prisma.campaign.count({ where: { id: live.id } })).toBe(1);
    const refusedPage = unescape(await (await get(owner.jar, "/my-campaigns?tab=active&view=list")).text());
    expect(refusedPage).toContain("Deletion Failed");
    expect(refusedPage).toContain("Live and ended giveaways can't be deleted");

    const deleted = await post(owner.jar, "/my-campaigns", { intent: "delete", campaignId: draft.id, tab: "draft", view: "grid" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/my-campaigns?tab=draft&view=grid");
    expect(await prisma.campaign.count({ where: { id: draft.id } })).toBe(0);
    expect(await prisma.additionalPrize.count({ where: { campaignId: draft.id } })).toBe(0);
    const after = unescape(await (await get(owner.jar, "/my-campaigns?tab=draft&view=grid")).text());
    expect(after).toContain("Campaign Deleted");
    expect(after).not.toContain("Doomed Draft</h3>");

    const anonymous = await post(new CookieJar(), "/my-campaigns", { intent: "delete", campaignId: live.id });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    expect(await prisma.campaign.count({ where: { id: live.id } })).toBe(1);
  });
});
