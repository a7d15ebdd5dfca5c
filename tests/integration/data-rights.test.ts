/**
 * Entrants' data rights over real HTTP (decision 054), as a browser without JavaScript does it:
 * the consent words stored with each entry are the words the form showed; the request form emails a
 * link (and answers the same for an address we do not know); the link opens the data page, its JSON,
 * withdrawing and erasing; after erasure no table holds the address and the draw still verifies;
 * retention erases the entrants without consent a fixed time after fulfilment, once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONSENT_WORDINGS, consentWordingId, fillConsentWording } from "~/domain/consent";
import { DEFAULTS_BEFORE_DATA_LINK, EMAIL_TEMPLATE_DEFAULTS } from "~/domain/email-template-defaults";
import { entriesCsvStream, topEmailDomains } from "~/server/analytics/figures.server";
import { clientProvider, prisma } from "~/server/core/db.server";
import { finishDeferredOrderErasures } from "~/server/data-rights/erase.server";
import { readDataLinkToken } from "~/server/core/data-rights-link.server";
import { withdrawMarketing } from "~/server/data-rights/data.server";
import { runRetention } from "~/server/data-rights/retention.server";
import { drawControlsData } from "~/server/draw/controls.server";
import { plannedBeaconRound } from "~/server/draw/freeze.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { clearEmailTemplateCache } from "~/server/email/outbox.server";
import { markOrderShipped } from "~/server/fulfilment/orders.server";
import { seed } from "~/server/startup/seed.server";
import { clearPlatformSettingsCache } from "~/server/core/settings.server";
import { verifyDraw } from "../../scripts/verify-draw";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, freezeAndDraw, setUpFakeBeacon } from "../helpers/draw";
import { confirmEntryByEmail } from "../helpers/entries";
import { CookieJar, postForm } from "../helpers/http";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const beacon = setUpFakeBeacon();

let app: InProcessAppServer;

beforeAll(async () => {
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  process.env.DATA_REQUEST_LIMIT_PER_IP = "5";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  // Every request here comes from 127.0.0.1: each test starts with the per-IP count empty.
  await prisma.dataLinkRequest.deleteMany();
});

/** React separates adjacent text with empty comments; the text a reader sees has none. */
const visible = (html: string) => html.replace(/<!-- -->/g, "");
const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
/** The text a reader sees, tags dropped (not spaced): for a label or a line whose parts are inline elements. */
const plain = (html: string) => decode(visible(html).replace(/<[^>]+>/g, "")).replace(/\s+/g, " ");
const text = (html: string) =>
  visible(html)
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function get(path: string, jar?: CookieJar): Promise<{ status: number; html: string; response: Response }> {
  const response = await fetch(`${app.url}${path}`, {
    redirect: "manual",
    headers: { "User-Agent": BROWSER, Cookie: jar?.header() ?? "" },
  });
  return { status: response.status, html: visible(await response.text()), response };
}

function post(path: string, fields: Record<string, string>): Promise<Response> {
  return postForm(app.url, path, fields, { "User-Agent": BROWSER });
}

function enter(campaignId: string, email: string, extra: Record<string, string> = {}): Promise<Response> {
  return post(`/campaign/${campaignId}`, {
    email,
    agreedToTerms: "on",
    termsWording: "terms-v1",
    marketingWording: "marketing-v1",
    ...extra,
  });
}

/** The data-page path in the newest email of this template to `to`, as the inbox shows it. */
async function dataLinkIn(to: string, template: string): Promise<string> {
  const message = await prisma.outboundEmail.findFirstOrThrow({ where: { to, template }, orderBy: { createdAt: "desc" } });
  const link = /https?:\/\/[^\s)"]+\/privacy\/my-data\/[A-Za-z0-9_-]+/.exec(message.text ?? "")?.[0];
  expect(link, `a data link in ${template}`).toBeTruthy();
  expect(message.html).toContain(`href="${link}"`);
  return new URL(link!).pathname;
}

/**
 * Every table and every column of the database, text and bytes alike, searched for the needles
 * (case-insensitive): answers "table.column" for each hit.
 */
async function scanDatabase(needles: string[]): Promise<string[]> {
  const postgres = clientProvider(prisma) === "postgresql";
  const tables = postgres
    ? (
        await prisma.$queryRawUnsafe<{ name: string }[]>(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
        )
      ).map((row) => row.name)
    : (await prisma.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'table'`)).map((row) => row.name);
  expect(tables).toEqual(expect.arrayContaining(["Entry", "OutboundEmail", "Order", "Campaign", "LoginCode", "EntryListChunk", "User"]));
  const lowered = needles.map((needle) => needle.toLowerCase());
  const hits: string[] = [];
  for (const table of tables) {
    const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${table}"`);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        const content =
          typeof value === "string"
            ? value
            : value instanceof Uint8Array
              ? Buffer.from(value).toString("latin1")
              : value !== null && typeof value === "object" && !(value instanceof Date)
                ? JSON.stringify(value)
                : "";
        if (lowered.some((needle) => content.toLowerCase().includes(needle))) hits.push(`${table}.${column}`);
      }
    }
  }
  return hits;
}

describe("consent records", () => {
  it("store with each entry the versions of the words its form showed, whose filled text is the page's label", async () => {
    const campaign = await createCampaign({ brandName: "Northwind Coffee", minimumAge: 21 });
    const page = await get(`/campaign/${campaign.id}`);
    const label = (id: string) => plain(new RegExp(`<label for="${id}"[^>]*>([\\s\\S]*?)</label>`).exec(page.html)?.[1] ?? "").trim();
    const shownTerms = label("entry-terms");
    const shownMarketing = label("entry-consent");
    expect(shownTerms).toBe("I am 21 or older and agree to the official rules and the terms and conditions.");
    expect(shownMarketing).toBe("Send me news and offers from Northwind Coffee. Optional: it does not change your chances.");
    expect(page.html).toContain('name="termsWording" value="terms-v1"');
    expect(page.html).toContain('name="marketingWording" value="marketing-v1"');
    // The marketing box is never ticked for the entrant.
    expect(/<input[^>]*id="entry-consent"[^>]*>/.exec(page.html)?.[0]).not.toContain("checked");

    expect((await enter(campaign.id, "consents@example.com", { marketingConsent: "on" })).status).toBe(303);
    expect((await enter(campaign.id, "declines@example.com")).status).toBe(303);
    const consenting = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id, email: "consents@example.com" } });
    const declining = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id, email: "declines@example.com" } });
    expect(consenting).toMatchObject({ marketingConsent: true, termsWordingId: "terms-v1", marketingWordingId: "marketing-v1" });
    expect(consenting.marketingConsentAt).toEqual(consenting.createdAt);
    expect(declining).toMatchObject({
      marketingConsent: false,
      termsWordingId: "terms-v1",
      marketingWordingId: null,
      marketingConsentAt: null,
    });

    // The stored wording, filled with the campaign's own, is exactly what the page showed.
    const context = { brand: campaign.brandName, minimumAge: campaign.minimumAge };
    const terms = await prisma.consentWording.findUniqueOrThrow({ where: { id: consenting.termsWordingId! } });
    const marketing = await prisma.consentWording.findUniqueOrThrow({ where: { id: consenting.marketingWordingId! } });
    expect(fillConsentWording(terms.text, context)).toBe(shownTerms);
    expect(fillConsentWording(marketing.text, context)).toBe(shownMarketing);
    expect(marketing).toMatchObject({ kind: "marketing", version: 1 });
  });

  it("are seeded on every start without changing stored rows, and unedited entrant emails gain the data-page line", async () => {
    expect((await prisma.consentWording.findMany()).map((row) => row.id).sort()).toEqual(CONSENT_WORDINGS.map(consentWordingId).sort());
    const earlier = DEFAULTS_BEFORE_DATA_LINK.find((old) => old.id === "reminder_48h")!;
    await prisma.emailTemplate.update({ where: { id: "reminder_48h" }, data: { subject: earlier.subject, htmlBody: earlier.htmlBody } });
    const result = await seed(prisma, { demo: false });
    expect(result.consentWordings).toBe(0);
    expect(result.emailTemplatesUpdated).toBe(1);
    const current = EMAIL_TEMPLATE_DEFAULTS.find((template) => template.id === "reminder_48h")!;
    expect((await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "reminder_48h" } })).htmlBody).toBe(current.htmlBody);
  });

  it("an entrant email whose template an admin saved without the line still carries the data link", async () => {
    const original = await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "entry_confirm_request" } });
    await prisma.emailTemplate.update({
      where: { id: "entry_confirm_request" },
      data: { htmlBody: '<div><p>Confirm: <a href="{{confirm_link}}">here</a></p></div>' },
    });
    clearEmailTemplateCache();
    try {
      const campaign = await createCampaign();
      expect((await enter(campaign.id, "edited-template@example.com")).status).toBe(303);
      const path = await dataLinkIn("edited-template@example.com", "entry_confirm_request");
      expect(readDataLinkToken(path.split("/").pop()!)).toMatchObject({ kind: "valid", email: "edited-template@example.com" });
    } finally {
      await prisma.emailTemplate.update({ where: { id: "entry_confirm_request" }, data: { htmlBody: original.htmlBody } });
      clearEmailTemplateCache();
    }
  });
});

describe("the request form", () => {
  it("answers the same for any address and emails a link only to an address with entries; bots and floods get nothing", async () => {
    const campaign = await createCampaign();
    expect((await enter(campaign.id, "Known.Fan@Example.com")).status).toBe(303);
    const form = await get("/privacy/my-data");
    expect(form.status).toBe(200);
    expect(form.html).toMatch(/<form[^>]*action="\/privacy\/my-data" method="post"/);
    expect(form.html).not.toContain('<script type="module"');
    expect((await get("/privacy")).html).toContain('action="/privacy/my-data"');

    const answers: string[] = [];
    for (const email of ["known.fan@example.com", "nobody-here@example.com"]) {
      const response = await post("/privacy/my-data", { email });
      expect(response.status).toBe(303);
      answers.push(response.headers.get("Location") ?? "");
    }
    expect(answers[0]).toBe("/privacy/my-data?sent=1");
    expect(answers[1]).toBe(answers[0]);
    expect(text((await get(answers[0]!)).html)).toContain("If we have data for that address, we've emailed a link to it.");
    // The link goes to the address as the entrant typed it.
    const requests = await prisma.outboundEmail.findMany({ where: { template: "data_request" } });
    expect(requests.map((message) => message.to)).toEqual(["Known.Fan@Example.com"]);
    expect(requests[0]!.subject).toBe("Your data at Giveawear");
    expect(requests[0]!.text).toContain("The link works for 7 days");
    // A second request within 10 minutes is answered alike, and the address gets no second email.
    expect((await post("/privacy/my-data", { email: "KNOWN.fan@example.com" })).status).toBe(303);
    expect(await prisma.outboundEmail.count({ where: { template: "data_request" } })).toBe(1);

    // The honeypot: answered as a person is, nothing sent.
    expect((await post("/privacy/my-data", { email: "known.fan@example.com", company_website: "spam" })).headers.get("Location")).toBe(
      "/privacy/my-data?sent=1",
    );
    const bad = await post("/privacy/my-data", { email: "not an address" });
    expect(bad.status).toBe(400);
    expect(text(await bad.text())).toContain("Please enter a valid email address.");
    expect((await post("/privacy/my-data", {})).status).toBe(400);

    // Five requests an hour from one network (this test made 3 counted ones), then a 429 and nothing stored.
    expect((await post("/privacy/my-data", { email: "a@example.com" })).status).toBe(303);
    expect((await post("/privacy/my-data", { email: "b@example.com" })).status).toBe(303);
    const refused = await post("/privacy/my-data", { email: "known.fan@example.com" });
    expect(refused.status).toBe(429);
    expect(text(await refused.text())).toContain("Too many requests from your network.");
  });
});

describe("the data page", () => {
  it("opens from any entrant email, shows entries and consents as given, downloads, withdraws, erases; then nothing of the address is left and the draw verifies", async () => {
    const typed = "Fan.One+Win@Gmail.com";
    const normalised = "fanone@gmail.com";
    const other = "fanone@googlemail.com";

    // A giveaway still running: entered through the form with marketing consent, confirmed by email.
    const live = await createCampaign({ brandName: "Live Brand", minimumAge: 18 });
    expect((await enter(live.id, typed, { marketingConsent: "on" })).status).toBe(303);
    const liveEntry = await prisma.entry.findFirstOrThrow({ where: { campaignId: live.id } });
    // A phone number (decision 094): shown, exported, erased.
    await prisma.entry.update({ where: { id: liveEntry.id }, data: { phoneNumber: "+1 555 010 2030" } });
    expect((await confirmEntryByEmail(app.url, liveEntry.id)).status).toBe(303);
    const friendEntry = { email: "friend-of-fan@example.com" };
    expect((await enter(live.id, friendEntry.email, { ref: liveEntry.id })).status).toBe(303);

    // A giveaway that ended and was drawn: the fan is its only counted entrant, so its winner.
    const end = new Date(Date.now() - 60 * MINUTE);
    const chain = beacon.fake().chain;
    const drawn = await createCampaign({
      brandName: "Drawn Brand",
      startDate: new Date(end.getTime() - 7 * DAY),
      endDate: end,
      drawBeaconChain: chain.hash,
      drawBeaconRound: plannedBeaconRound(chain, end, 10),
    });
    await addConfirmedEntries(drawn.id, [
      { id: `fan${Date.now()}`, email: other, createdAt: new Date(end.getTime() - 2 * DAY) },
      { id: `pending${Date.now()}`, email: "someone-else@example.com", createdAt: new Date(end.getTime() - DAY), confirmed: false },
    ]);
    await prisma.entry.updateMany({
      where: { campaignId: drawn.id, email: other },
      data: { emailNormalized: normalised, ip: "203.0.113.7", ipNetwork: "203.0.113.0/24", browserId: "browserfan1" },
    });
    const { outcome } = await freezeAndDraw(drawn.id, { now: new Date(end.getTime() + MINUTE) });
    expect(outcome.kind).toBe("drawn");
    expect(await notifyWinners(drawn.id)).toBe(1);
    const drawnWinner = await prisma.campaign.findUniqueOrThrow({ where: { id: drawn.id } });
    expect(drawnWinner.winnerEmail).toBe(other);

    // An older giveaway whose prize the fan claimed and received (a finished order with an address).
    const old = await createCampaign({ status: "completed", brandName: "Old Brand", endDate: new Date(Date.now() - 40 * DAY) });
    const oldEntry = await prisma.entry.create({
      data: {
        campaignId: old.id,
        email: "FanOne@gmail.com",
        emailNormalized: normalised,
        agreedToTerms: true,
        confirmedAt: new Date(Date.now() - 45 * DAY),
      },
    });
    await prisma.campaign.update({
      where: { id: old.id },
      data: {
        winnerEntryId: oldEntry.id,
        winnerEmail: oldEntry.email,
        winnerPublicName: "Fan One",
        claimDeadline: new Date(Date.now() - 20 * DAY),
      },
    });
    const order = await prisma.order.create({
      data: {
        campaignId: old.id,
        entryId: oldEntry.id,
        winnerEmail: oldEntry.email,
        status: "delivered",
        size: "M",
        shipName: "Fan One",
        shipLine1: "1 Fan Street",
        shipCity: "Springfield",
        shipRegion: "IL",
        shipPostalCode: "62701",
        shipCountry: "US",
        shipPhone: "+1 555 010 9999",
        trackingNumber: "1Z999",
        shippedAt: new Date(Date.now() - 30 * DAY),
        deliveredAt: new Date(Date.now() - 28 * DAY),
        claimNote: "Ring twice, FanOne@gmail.com",
      },
    });
    // The name the winner chose for the public winners list (decision 057).
    await prisma.winnerListing.create({ data: { entryId: oldEntry.id, displayName: "FanOne Springfield" } });

    // Traces of the address outside the entries: a sign-in code and a contact-form message.
    expect((await post("/login", { email: typed })).status).toBeLessThan(500);
    expect(await prisma.loginCode.count({ where: { email: typed.toLowerCase() } })).toBe(1);
    const contact = await post("/contact", {
      name: "Fan One",
      email: typed,
      subject: "My entry",
      message: "Please tell me about my entry.",
    });
    expect(contact.status).toBe(303);

    // Every entrant email carries the data link, signed for its recipient.
    const fromConfirm = await dataLinkIn(typed, "entry_confirmation");
    const fromWinner = await dataLinkIn(other, "winner_notification");
    expect((await get(fromWinner)).status).toBe(200);

    // The page: every entry across giveaways, consents as given, the prize.
    const opened = await get(fromConfirm);
    expect(opened.status).toBe(200);
    expect(opened.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(opened.html).not.toContain('<script type="module"');
    const shown = text(opened.html);
    for (const campaign of [live, drawn, old]) expect(shown).toContain(campaign.title);
    expect(opened.html.match(/data-testid="data-entry"/g)).toHaveLength(3);
    expect(shown).toContain("Send me news and offers from Live Brand. Optional: it does not change your chances. (version 1) Given");
    expect(shown).toContain("I am 18 or older and agree to the official rules and the terms and conditions. (version 1) Agreed");
    expect(shown).toContain("You won: Grand prize. Not claimed yet: claim it by");
    expect(shown).toContain("You won: Grand prize. Claimed; order status: Delivered.");
    expect(shown).toContain("Not given: Drawn Brand may not send you news and offers.");
    expect(shown).toContain("+1 555 010 2030");
    // Opening it changed nothing.
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: liveEntry.id } })).marketingConsent).toBe(true);

    // The download: everything, the technical fields too.
    const token = fromConfirm.split("/").pop()!;
    const download = await fetch(`${app.url}/privacy/my-data/${token}/data.json`);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="giveawear-my-data.json"');
    const exported = (await download.json()) as {
      address: string;
      entries: {
        campaign: { title: string };
        ipAddress: string | null;
        browserId: string | null;
        order: { shipping: { line1: string } } | null;
        marketing: { text: string | null };
      }[];
      emails: { subject: string }[];
    };
    expect(exported.address).toBe(normalised);
    expect(exported.entries).toHaveLength(3);
    expect(exported.entries.find((entry) => entry.campaign.title === drawn.title)).toMatchObject({
      ipAddress: "203.0.113.7",
      browserId: "browserfan1",
    });
    expect(exported.entries.find((entry) => entry.campaign.title === old.title)?.order?.shipping.line1).toBe("1 Fan Street");
    expect(exported.entries.find((entry) => entry.campaign.title === live.title)?.marketing.text).toBe(
      "Send me news and offers from Live Brand. Optional: it does not change your chances.",
    );
    expect(exported.emails.map((email) => email.subject)).toEqual(expect.arrayContaining([expect.stringContaining("You're entered")]));

    // Withdraw marketing consent for that one entry.
    const withdrawn = await post(fromConfirm, { intent: "withdraw", entryId: liveEntry.id });
    expect(withdrawn.status).toBe(303);
    expect(withdrawn.headers.get("Location")).toBe(`${fromConfirm}?done=withdrawn`);
    const afterWithdraw = await prisma.entry.findUniqueOrThrow({ where: { id: liveEntry.id } });
    expect(afterWithdraw.marketingConsent).toBe(false);
    expect(afterWithdraw.marketingWithdrawnAt).not.toBeNull();
    expect(text((await get(`${fromConfirm}?done=withdrawn`)).html)).toContain("Withdrawn");
    expect((await post(fromConfirm, { intent: "withdraw", entryId: "all" })).headers.get("Location")).toBe(`${fromConfirm}?done=nothing`);

    // Erase: a confirm step that says what it means for the unclaimed prize, then only with "I understand".
    const confirmPage = await get(`${fromConfirm}/erase`);
    expect(confirmPage.status).toBe(200);
    const warning = text(confirmPage.html);
    expect(warning).toContain(
      "have not claimed it yet. Erasing gives it up: your claim link stops working and the brand may draw another winner at once.",
    );
    expect(warning).toContain("has shipped. Erasing deletes its delivery address and tracking number");
    const unconfirmed = await post(`${fromConfirm}/erase`, {});
    expect(unconfirmed.status).toBe(400);
    expect(text(await unconfirmed.text())).toContain('Please tick "I understand" to erase your data.');
    expect(await prisma.entry.count({ where: { emailNormalized: normalised } })).toBe(3);

    const erased = await post(`${fromConfirm}/erase`, { confirm: "on" });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("Location")).toBe(`${fromConfirm}?done=erased`);
    const after = text((await get(`${fromConfirm}?done=erased`)).html);
    expect(after).toContain("Your data has been erased.");
    expect(after).toContain("We hold no giveaway entries for this address.");

    // No table holds the address, in any spelling, any more.
    expect(await scanDatabase([typed, normalised, other, "FanOne@gmail.com", "fan.one", "FanOne Springfield"])).toEqual([]);
    // What stays: the entries' ids, weights and times; the frozen list; the published draw verifies.
    const kept = await prisma.entry.findMany({ where: { id: { in: [liveEntry.id, oldEntry.id] } } });
    expect(kept).toHaveLength(2);
    for (const entry of kept)
      expect(entry).toMatchObject({ email: `erased:${entry.id}`, emailNormalized: `erased:${entry.id}`, phoneNumber: null, ip: null });
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: liveEntry.id } })).confirmedAt).not.toBeNull();
    expect((await prisma.entry.findFirstOrThrow({ where: { campaignId: live.id, email: friendEntry.email } })).email).toBe(
      friendEntry.email,
    );
    expect((await verifyDraw(drawn.id, { chainInfo: beacon.chainInfo() })).ok).toBe(true);
    // The unclaimed prize was given up: its deadline is now, so the creator may redraw.
    const forfeited = await prisma.campaign.findUniqueOrThrow({ where: { id: drawn.id } });
    expect(forfeited.winnerEmail).toMatch(/^erased:/);
    expect(forfeited.claimDeadline!.getTime()).toBeLessThanOrEqual(Date.now());
    // The creator's draw panel says why; the redraw waits for the published deadline (decision 102), then is offered.
    const row = await prisma.campaign.findUniqueOrThrow({
      where: { id: drawn.id },
      include: { additionalPrizes: { orderBy: { rank: "asc" } } },
    });
    const panel = await drawControlsData(row, new Date(Date.now() + 1000));
    expect(panel.winner).toMatchObject({ name: "A winner who erased their data", claim: "unclaimed", canRedraw: false });
    expect((await drawControlsData(row, new Date(Date.now() + 15 * DAY))).winner).toMatchObject({ canRedraw: true });
    // The finished order keeps what was made, not for whom.
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "delivered",
      size: "M",
      shipLine1: null,
      shipCountry: null,
      trackingNumber: null,
      claimNote: "",
    });
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: old.id } })).winnerPublicName).toBeNull();
    // The creator's export keeps the erased entry as an id marked "erased" with nothing personal (decision
    // 057), and the domain chart leaves it out (no placeholder "domain").
    const csv = await new Response(entriesCsvStream(live.id)).text();
    expect(csv).not.toContain("erased:");
    expect(csv).toContain(`${liveEntry.id},erased,,`);
    expect(await topEmailDomains(drawn.id)).toEqual([]);
    // The public page shows an erased winner without personal data.
    expect(text((await get(`/campaign/${old.id}`)).html)).not.toContain("Fan One");

    // The old links lead nowhere personal; the page for the address is empty.
    expect(text((await get(fromWinner)).html)).toContain("We hold no giveaway entries for this address.");
    expect((await post(fromConfirm, { intent: "withdraw", entryId: "all" })).headers.get("Location")).toBe(`${fromConfirm}?done=nothing`);
  });

  it("refuses a forged link, and an expired one only offers a new link to the same address", async () => {
    const forged = await get("/privacy/my-data/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(forged.status).toBe(404);
    expect(text(forged.html)).toContain("This link is not valid.");
    expect((await post("/privacy/my-data/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/erase", { confirm: "on" })).status).toBe(
      404,
    );
    expect((await fetch(`${app.url}/privacy/my-data/not-a-token/data.json`)).status).toBe(404);

    const campaign = await createCampaign();
    expect((await enter(campaign.id, "expired-link@example.com")).status).toBe(303);
    const { dataLinkToken } = await import("~/server/core/data-rights-link.server");
    const old = `/privacy/my-data/${dataLinkToken("expired-link@example.com", new Date(Date.now() - 8 * DAY))}`;
    const expired = await get(old);
    expect(expired.status).toBe(410);
    expect(text(expired.html)).not.toContain("expired-link@example.com");
    expect(text(expired.html)).toContain("This link has expired");
    expect((await post(`${old}/erase`, { confirm: "on" })).status).toBe(410);
    expect((await post(old, { intent: "withdraw", entryId: "all" })).status).toBe(410);
    expect((await fetch(`${app.url}${old}/data.json`)).status).toBe(410);
    expect(await prisma.entry.count({ where: { email: "expired-link@example.com" } })).toBe(1);

    const renewed = await post(old, { intent: "new-link" });
    expect(renewed.status).toBe(303);
    expect(text((await get(renewed.headers.get("Location")!)).html)).toContain(
      "We've emailed a new link to the address this link was for.",
    );
    const fresh = await dataLinkIn("expired-link@example.com", "data_request");
    expect((await get(fresh)).status).toBe(200);
  });

  it("a winner whose prize is being made keeps the delivery details on its order until it ships, then they go too", async () => {
    const email = `maker-${Date.now()}@example.com`;
    const campaign = await createCampaign({ status: "completed", endDate: new Date(Date.now() - 3 * DAY) });
    const entry = await prisma.entry.create({
      data: { campaignId: campaign.id, email, emailNormalized: email, agreedToTerms: true, confirmedAt: new Date(Date.now() - 5 * DAY) },
    });
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: { winnerEntryId: entry.id, winnerEmail: email, claimDeadline: new Date(Date.now() + 10 * DAY) },
    });
    const order = await prisma.order.create({
      data: {
        campaignId: campaign.id,
        entryId: entry.id,
        winnerEmail: email,
        status: "pending",
        shipName: "Maker",
        shipLine1: "2 Road",
        shipCity: "Town",
        shipCountry: "US",
      },
    });
    const { dataLinkToken } = await import("~/server/core/data-rights-link.server");
    const path = `/privacy/my-data/${dataLinkToken(email)}`;
    expect(text((await get(`${path}/erase`)).html)).toContain(
      "is being prepared. So that it still reaches you, we keep only the name, address, phone and email on its order",
    );
    expect((await post(`${path}/erase`, { confirm: "on" })).status).toBe(303);

    // The order still knows where to go; the claim page no longer opens.
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ winnerEmail: email, shipLine1: "2 Road" });
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).winnerEmail).toBe(`erased:${entry.id}`);
    expect(await finishDeferredOrderErasures()).toBe(0);

    // It ships: the shipping email goes out (the outbox is the delivery without SMTP), then the next pass erases both.
    expect(await markOrderShipped(order.id, { carrier: "UPS", trackingNumber: "1ZSHIP", trackingUrl: null })).toBe("done");
    expect(await prisma.outboundEmail.count({ where: { to: email, template: "order_shipped" } })).toBe(1);
    expect(await finishDeferredOrderErasures()).toBe(1);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      winnerEmail: `erased:${entry.id}`,
      shipLine1: null,
      trackingNumber: null,
      status: "shipped",
    });
    expect(await scanDatabase([email])).toEqual([]);
    expect(await finishDeferredOrderErasures()).toBe(0);
  });
});

/** A browser signed in as the configured admin. */
async function adminJar(): Promise<CookieJar> {
  const { authSessionStorage } = await import("~/server/auth/session.server");
  const admin = await prisma.user.upsert({
    where: { email: "admin@int.test" },
    create: { email: "admin@int.test", role: "admin" },
    update: {},
  });
  const session = await prisma.session.create({ data: { userId: admin.id, expiresAt: new Date(Date.now() + DAY) } });
  const cookieSession = await authSessionStorage().getSession();
  cookieSession.set("sessionId", session.id);
  const jar = new CookieJar();
  jar.absorb(new Response(null, { headers: { "Set-Cookie": await authSessionStorage().commitSession(cookieSession) } }));
  return jar;
}

describe("retention", () => {
  /** A campaign drawn 100 days ago whose grand prize was delivered `deliveredDaysAgo` days ago. */
  async function fulfilledCampaign(deliveredDaysAgo: number, orderStatus = "delivered") {
    const campaign = await createCampaign({
      status: "completed",
      startDate: new Date(Date.now() - 110 * DAY),
      endDate: new Date(Date.now() - 103 * DAY),
    });
    await prisma.draw.create({
      data: {
        campaignId: campaign.id,
        seed: "s",
        entriesHash: "h",
        totalWeight: BigInt(3),
        picks: "[]",
        createdAt: new Date(Date.now() - 100 * DAY),
      },
    });
    const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const make = (name: string, consent: boolean) =>
      prisma.entry.create({
        data: {
          campaignId: campaign.id,
          email: `${name}-${tag}@example.com`,
          emailNormalized: `${name}-${tag}@example.com`,
          agreedToTerms: true,
          marketingConsent: consent,
          marketingConsentAt: consent ? new Date(Date.now() - 105 * DAY) : null,
          phoneNumber: "+1 555 010 1111",
          ip: "198.51.100.4",
          ipNetwork: "198.51.100.0/24",
          browserId: `b${tag}`,
          confirmedAt: new Date(Date.now() - 105 * DAY),
          createdAt: new Date(Date.now() - 105 * DAY),
        },
      });
    const winner = await make("winner", false);
    const consenting = await make("consenting", true);
    const declined = await make("declined", false);
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: { winnerEntryId: winner.id, winnerEmail: winner.email, claimDeadline: new Date(Date.now() - 86 * DAY) },
    });
    await prisma.order.create({
      data: {
        campaignId: campaign.id,
        entryId: winner.id,
        winnerEmail: winner.email,
        status: orderStatus,
        shipName: "Winner",
        shipLine1: "3 Lane",
        shipRegion: "CA",
        shipCountry: "US",
        trackingNumber: "1ZRET",
        shippedAt: new Date(Date.now() - (deliveredDaysAgo + 2) * DAY),
        deliveredAt: orderStatus === "delivered" ? new Date(Date.now() - deliveredDaysAgo * DAY) : null,
      },
    });
    return { campaign, winner, consenting, declined };
  }

  it("erases entrants without marketing consent once the set time after fulfilment has passed, once, and logs it", async () => {
    const due = await fulfilledCampaign(95);
    const unfulfilled = await fulfilledCampaign(95, "submitted");
    await prisma.platformSetting.update({ where: { key: "entrantDataRetentionDays" }, data: { value: "90" } });
    clearPlatformSettingsCache();

    // 89 days after delivery (a fake clock six days back): not yet.
    expect(await runRetention(new Date(Date.now() - 6 * DAY))).toMatchObject({ erased: 0 });
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: due.declined.id } })).erasedAt).toBeNull();

    // Now, 95 days after: two passes at once erase each entrant once.
    const [first, second] = await Promise.all([runRetention(new Date(), { batchSize: 1 }), runRetention(new Date(), { batchSize: 1 })]);
    expect(first.erased + second.erased).toBe(2);
    for (const entry of [due.winner, due.declined]) {
      expect(await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({
        email: `erased:${entry.id}`,
        ip: null,
        phoneNumber: null,
      });
    }
    // The consenting entrant stays on the brand's list, without what only the giveaway needed.
    expect(await prisma.entry.findUniqueOrThrow({ where: { id: due.consenting.id } })).toMatchObject({
      email: due.consenting.email,
      marketingConsent: true,
      erasedAt: null,
      phoneNumber: null,
      ip: null,
      browserId: null,
    });
    // The delivered order: no address or tracking; the region stays for the winners list.
    expect(await prisma.order.findFirstOrThrow({ where: { campaignId: due.campaign.id } })).toMatchObject({
      winnerEmail: `erased:${due.winner.id}`,
      shipLine1: null,
      trackingNumber: null,
      shipRegion: null,
    });
    // A campaign whose prize is still being made is not fulfilled: nothing of it is touched.
    expect(await prisma.entry.count({ where: { campaignId: unfulfilled.campaign.id, erasedAt: { not: null } } })).toBe(0);
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: unfulfilled.declined.id } })).ip).toBe("198.51.100.4");

    const runs = await prisma.retentionRun.findMany({ where: { campaignId: due.campaign.id } });
    expect(runs.reduce((sum, run) => sum + run.erased, 0)).toBe(2);

    // The campaign is done: later passes skip it. One still being made is not.
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: due.campaign.id } })).entrantDataRetainedAt).not.toBeNull();
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: unfulfilled.campaign.id } })).entrantDataRetainedAt).toBeNull();
    expect(await runRetention(new Date())).toMatchObject({ erased: 0, campaigns: 0 });

    // A consenting entrant who withdraws later makes the campaign due again, and is erased by the next pass.
    expect(await withdrawMarketing(due.consenting.emailNormalized, due.consenting.id)).toBe(1);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: due.campaign.id } })).entrantDataRetainedAt).toBeNull();
    expect(await runRetention(new Date())).toMatchObject({ erased: 1 });
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: due.consenting.id } })).email).toBe(`erased:${due.consenting.id}`);
    expect(await runRetention(new Date())).toMatchObject({ erased: 0, campaigns: 0 });

    // Admins see the log on the settings page.
    const jar = await adminJar();
    const settings = plain((await get("/admin/dashboard/settings", jar)).html);
    expect(settings).toContain("Data retention log");
    expect(settings).toContain(`${due.campaign.title}: 1 entrant erased`);
    expect(settings).toContain("Retention after fulfilment (days)");
  });

  it("follows the period an admin sets on the settings page", async () => {
    const due = await fulfilledCampaign(40);
    const jar = await adminJar();
    const save = (days: string) =>
      postForm(
        app.url,
        "/admin/dashboard/settings",
        {
          homepageCopy: "Giveaways that ship.",
          promoBanner: "",
          referralsEnabled: "on",
          autoPickWinnerEnabled: "on",
          entrantDataRetentionDays: days,
        },
        { Cookie: jar.header(), "User-Agent": BROWSER },
      );
    expect((await save("90")).status).toBe(303);
    await runRetention(new Date());
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: due.declined.id } })).erasedAt).toBeNull();

    const refused = await save("0");
    expect(refused.status).toBe(400);
    expect(plain(await refused.text())).toContain("Enter the retention period as a whole number of days from 1 to 3650.");
    expect((await prisma.platformSetting.findUniqueOrThrow({ where: { key: "entrantDataRetentionDays" } })).value).toBe("90");

    expect((await save("30")).status).toBe(303);
    expect((await prisma.platformSetting.findUniqueOrThrow({ where: { key: "entrantDataRetentionDays" } })).value).toBe("30");
    clearPlatformSettingsCache();
    await runRetention(new Date());
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: due.declined.id } })).erasedAt).not.toBeNull();
    expect((await save("90")).status).toBe(303);
  });
});
