import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { confirmEntryByEmail, confirmEntryOf } from "../helpers/entries";
import { CookieJar, postForm } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const DAY = 24 * 60 * 60 * 1000;
const BROWSER = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";

let app: InProcessAppServer;

beforeAll(async () => {
  // High enough for the bursts below; the limit itself has its own test.
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

/** What a browser without JavaScript sends when the entry form is submitted. */
function enter(campaignId: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return postForm(app.url, `/campaign/${campaignId}`, fields, { "User-Agent": BROWSER, ...headers });
}

const valid = (email: string, extra: Record<string, string> = {}) => ({ email, agreedToTerms: "on", ...extra });

function enteredCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("entered_"));
  return cookie?.split(";")[0] ?? "";
}

async function page(campaignId: string, cookie = "", query = ""): Promise<{ status: number; html: string }> {
  const response = await fetch(`${app.url}/campaign/${campaignId}${query}`, { headers: { Cookie: cookie, "User-Agent": BROWSER } });
  return { status: response.status, html: await response.text() };
}

/** React separates adjacent text with empty comments; the text a reader sees has none. */
const visible = (html: string) => html.replace(/<!-- -->/g, "");

/** The view beacon image's address on a page, or null when the page carries none. */
const beaconOf = (html: string) => /<img src="([^"]*\/view\.gif)"/.exec(html)?.[1] ?? null;

const pageViews = async (campaignId: string) => (await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } })).pageViews;

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

const entryCount = async (campaignId: string) => (await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } })).entryCount;

const entries = (campaignId: string) => prisma.entry.findMany({ where: { campaignId }, orderBy: { createdAt: "asc" } });

describe("entering a campaign", () => {
  it("stores a pending entry that counts once confirmed from the emailed link, then shows the confirmation view", async () => {
    const campaign = await createCampaign({
      giveCouponToEntrants: true,
      entrantCouponCode: "THANKS15",
      entrantCouponDescription: "15% off",
    });
    const response = await enter(campaign.id, valid("  Fan.One@Example.com "));
    expect(response.status).toBe(303);
    // Back to the page, scrolled to where the form was (decision 043).
    expect(response.headers.get("Location")).toBe(`/campaign/${campaign.id}#enter`);

    const [entry] = await entries(campaign.id);
    expect(entry).toMatchObject({
      email: "Fan.One@Example.com",
      emailNormalized: "fan.one@example.com",
      phoneNumber: null,
      marketingConsent: false,
    });
    // Pending: not counted, no referral link or coupon yet, only the way to confirm.
    expect(entry?.confirmedAt).toBeNull();
    expect(await entryCount(campaign.id)).toBe(0);
    const pending = visible((await page(campaign.id, enteredCookie(response))).html);
    expect(pending).toContain("Check your email to confirm your entry");
    expect(pending).toContain("0 entries so far");
    expect(pending).not.toContain(`?ref=${entry?.id}`);
    expect(pending).not.toContain("THANKS15");
    expect(await prisma.outboundEmail.count({ where: { to: "Fan.One@Example.com", template: "entry_confirmation" } })).toBe(0);

    const confirmed = await confirmEntryByEmail(app.url, entry!.id);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(`/campaign/${campaign.id}#enter`);
    expect(await entryCount(campaign.id)).toBe(1);

    const email = await prisma.outboundEmail.findFirstOrThrow({ where: { to: "Fan.One@Example.com", template: "entry_confirmation" } });
    expect(email.text).toContain(`/campaign/${campaign.id}?ref=${entry?.id}`);
    expect(email.text).toContain("THANKS15");
    expect(email.text).toContain(entry!.id);

    // The browser that pressed the button is shown its entry, with the receipt.
    const { html } = await page(campaign.id, cookiesOf(confirmed));
    expect(html).toContain("You&#x27;re In!");
    expect(visible(html)).toContain(`${entry!.createdAt.toISOString().replace("T", " ").replace("Z", "")} UTC`);
    expect(html).toContain(`?ref=${entry?.id}`);
    expect(html).toContain("THANKS15");
    expect(html).toContain("1 entry so far");
    expect(html).not.toContain('data-entry-form="true"');
  });

  it("answers bad input with the spec's messages, a 400 and no entry", async () => {
    const campaign = await createCampaign();
    const cases: [Record<string, string>, string][] = [
      [{ agreedToTerms: "on" }, "Email is required."],
      [valid("not-an-email"), "Please enter a valid email address."],
      [{ email: "fan@example.com" }, "You must agree to the terms and conditions."],
    ];
    for (const [fields, message] of cases) {
      const response = await enter(campaign.id, fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await entries(campaign.id)).toHaveLength(0);
  });

  it("records marketing consent only when its own box is ticked", async () => {
    const campaign = await createCampaign();
    await enter(campaign.id, valid("yes@example.com", { marketingConsent: "on" }));
    await enter(campaign.id, valid("no@example.com"));
    const rows = await entries(campaign.id);
    expect(rows.map((row) => [row.email, row.marketingConsent])).toEqual([
      ["yes@example.com", true],
      ["no@example.com", false],
    ]);
  });

  it("treats a repeat (Gmail dots, +tags and case included) as Already Entered!, not as an error", async () => {
    const campaign = await createCampaign();
    const first = await enter(campaign.id, valid("jane.doe@gmail.com"));
    await confirmEntryOf(app.url, campaign.id, "jane.doe@gmail.com");
    // From another browser: told so, but not shown the entry (anyone can type an address).
    const elsewhere = await enter(campaign.id, valid("JaneDoe+promo@googlemail.com"));
    expect(elsewhere.status).toBe(303);
    expect(enteredCookie(elsewhere)).toBe("");
    const elsewherePage = await page(campaign.id, cookiesOf(elsewhere));
    expect(elsewherePage.html).toContain("Already Entered!");
    expect(elsewherePage.html).not.toContain("You&#x27;re In!");
    // From the browser that entered: its confirmation, as before.
    const again = await enter(campaign.id, valid("JaneDoe+promo@googlemail.com"), { Cookie: enteredCookie(first) });
    expect(again.status).toBe(303);
    expect(enteredCookie(again)).toBe(enteredCookie(first));
    const toastPage = await page(campaign.id, `${enteredCookie(first)}; ${cookiesOf(again)}`);
    expect(toastPage.html).toContain("Already Entered!");
    expect(toastPage.html).toContain("You&#x27;re In!");
    expect(await entries(campaign.id)).toHaveLength(1);
  });

  it("shows a signed-in visitor's email locked, enters them with it whatever the form says, and remembers them", async () => {
    const campaign = await createCampaign();
    const { jar, email } = await signedInJar("entrant");
    const before = await page(campaign.id, jar.header());
    expect(before.html).toMatch(new RegExp(`readOnly=""[^>]*value="${email}"|value="${email}"[^>]*readOnly`, "i"));
    const response = await enter(campaign.id, valid("someone-else@example.com"), { Cookie: jar.header() });
    expect(response.status).toBe(303);
    expect((await entries(campaign.id)).map((row) => row.email)).toEqual([email]);
    // Another browser, same account: still recognised as entered.
    expect((await page(campaign.id, jar.header())).html).toContain("You&#x27;re In!");
  });
});

describe("a damaged or hand-made entry form", () => {
  it("takes an entry whose referral link is mangled or overlong, without crediting anyone", async () => {
    const campaign = await createCampaign();
    await enter(campaign.id, valid("referrer@example.com"));
    const [referrer] = await entries(campaign.id);
    const ref = referrer?.id ?? "";
    const mangled = [`${ref}${"x".repeat(65)}`, `${ref}%20<script>`, "../../etc", "short"];
    for (const [index, bad] of mangled.entries()) {
      const response = await enter(campaign.id, valid(`p${index}@x.com`, { ref: bad }));
      expect(response.status, bad).toBe(303);
    }
    const rows = await entries(campaign.id);
    expect(rows).toHaveLength(1 + mangled.length);
    for (const row of rows) expect(row).toMatchObject({ referrerId: null, referralCredited: false });
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: ref } })).bonusEntries).toBe(0);
  });

  it("counts only the checkbox's own value as marketing consent, and enters the rest without it", async () => {
    const campaign = await createCampaign();
    for (const [email, consent] of [
      ["yes@x.com", "yes"],
      ["true@x.com", "true"],
      ["empty@x.com", ""],
      ["ticked@x.com", "on"],
    ]) {
      expect((await enter(campaign.id, valid(email ?? "", { marketingConsent: consent ?? "" }))).status, consent).toBe(303);
    }
    const rows = await entries(campaign.id);
    expect(Object.fromEntries(rows.map((row) => [row.email, row.marketingConsent]))).toEqual({
      "yes@x.com": false,
      "true@x.com": false,
      "empty@x.com": false,
      "ticked@x.com": true,
    });
  });

  it("never refuses an entry without saying why", async () => {
    const campaign = await createCampaign();
    const refusals: Record<string, string>[] = [
      {},
      { email: "x".repeat(300), agreedToTerms: "on" },
      { email: "p2@x.com", agreedToTerms: "yes" },
    ];
    for (const fields of refusals) {
      const response = await enter(campaign.id, fields);
      const label = JSON.stringify(fields);
      expect(response.status, label).toBe(400);
      // The reason shows under its field, or above the form when no field explains it.
      const html = visible(await response.text());
      const shown = [...html.matchAll(/(?:class="field-error[^"]*"|role="alert")[^>]*>([^<]*)</g)].map((match) => match[1]?.trim());
      expect(shown.filter(Boolean), label).not.toEqual([]);
    }
    expect(await entries(campaign.id)).toHaveLength(0);
  });
});

describe("the phone number (decision 094)", () => {
  it("is asked for as optional, with its own SMS consent line; rules and pages promise nothing more; a bad one is refused, a good one stored in E.164", async () => {
    const campaign = await createCampaign();
    const html = visible((await page(campaign.id)).html);
    expect(html).toContain('name="email"');
    expect(html).toContain('name="phoneNumber"');
    expect(html).toContain("Phone for SMS");
    expect(html).toContain("Giving a number never changes your chances.");
    for (const path of [`/campaign/${campaign.id}/rules`, "/how-it-works", "/terms", "/privacy"]) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(visible(await response.text()), path).not.toMatch(/optionally a phone number/i);
    }

    for (const [i, phoneNumber] of ["+1 555 0100", "call me maybe", "9".repeat(40)].entries()) {
      const response = await enter(campaign.id, valid(`phone${i}@example.com`, { phoneNumber }));
      expect(response.status, phoneNumber).toBe(400);
      expect(visible(await response.text()), phoneNumber).toContain("Please enter a valid phone number.");
    }
    expect(await entries(campaign.id)).toHaveLength(0);
    expect((await enter(campaign.id, valid("phone-ok@example.com", { phoneNumber: "415-555-0140" }))).status).toBe(303);
    expect((await entries(campaign.id)).map((row) => row.phoneNumber)).toEqual(["+14155550140"]);
  });
});

describe("referrals", () => {
  it("credits the referrer +3 when a new, distinct entrant comes through the link, once", async () => {
    const campaign = await createCampaign();
    await enter(campaign.id, valid("referrer@example.com"));
    await confirmEntryOf(app.url, campaign.id, "referrer@example.com");
    const [referrer] = await entries(campaign.id);
    const ref = referrer?.id ?? "";

    // The link's page is the one every visitor gets (decision 067); its form posts to the link's own address.
    const arriving = await page(campaign.id, "", `?ref=${ref}`);
    expect(arriving.html).not.toContain(ref);
    await postForm(app.url, `/campaign/${campaign.id}?ref=${ref}`, valid("friend@example.com"), { "User-Agent": BROWSER });
    // Nothing until the friend confirms.
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: ref } })).bonusEntries).toBe(0);
    await confirmEntryOf(app.url, campaign.id, "friend@example.com");
    await enter(campaign.id, valid("friend@example.com", { ref })); // a repeat earns nothing
    await enter(campaign.id, valid("referrer@example.com", { ref })); // nor does referring yourself
    await enter(campaign.id, valid("stranger@example.com", { ref: "doesnotexist000000000000" })); // nor an unknown id

    const rows = await entries(campaign.id);
    expect(rows.find((row) => row.email === "referrer@example.com")?.bonusEntries).toBe(3);
    expect(rows.find((row) => row.email === "friend@example.com")).toMatchObject({ referrerId: ref, referralCredited: true });
    expect(rows.find((row) => row.email === "stranger@example.com")).toMatchObject({ referrerId: null, referralCredited: false });
    expect(rows).toHaveLength(3);
  });

  it("does not credit an entry of another campaign", async () => {
    const [one, two] = [await createCampaign(), await createCampaign()];
    await enter(one.id, valid("elsewhere@example.com"));
    const [foreign] = await entries(one.id);
    await enter(two.id, valid("newcomer@example.com", { ref: foreign?.id ?? "" }));
    expect((await entries(one.id))[0]?.bonusEntries).toBe(0);
    expect((await entries(two.id))[0]?.referrerId).toBeNull();
  });
});

describe("when an admin switches referral bonuses off", () => {
  async function adminJar(): Promise<CookieJar> {
    const user = await prisma.user.upsert({
      where: { email: "admin@int.test" },
      create: { email: "admin@int.test", role: "admin" },
      update: {},
    });
    const session = await prisma.session.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + DAY) } });
    const { authSessionStorage } = await import("~/server/auth/session.server");
    const cookieSession = await authSessionStorage().getSession();
    cookieSession.set("sessionId", session.id);
    const jar = new CookieJar();
    jar.absorb(new Response(null, { headers: { "Set-Cookie": await authSessionStorage().commitSession(cookieSession) } }));
    return jar;
  }

  /** Saves the platform settings through the admin page, as an admin would (it also refreshes the server's cache). */
  async function setReferrals(jar: CookieJar, enabled: boolean): Promise<void> {
    const response = await postForm(
      app.url,
      "/admin/dashboard/settings",
      {
        homepageCopy: "Giveaways that ship.",
        promoBanner: "",
        autoPickWinnerEnabled: "on",
        ...(enabled ? { referralsEnabled: "on" } : {}),
      },
      { Cookie: jar.header(), "User-Agent": BROWSER },
    );
    expect(response.status).toBe(303);
  }

  it("still offers the share links but promises no bonus entries on the page, in the toast, the rules or the email", async () => {
    const admin = await adminJar();
    await setReferrals(admin, false);
    try {
      const campaign = await createCampaign();
      const fresh = visible((await page(campaign.id)).html);
      expect(fresh).toContain("Enter the Giveaway");
      expect(fresh).not.toMatch(/bonus entr/i);

      const response = await enter(campaign.id, valid("no-bonus@example.com"));
      expect(response.status).toBe(303);
      const confirmedResponse = await confirmEntryOf(app.url, campaign.id, "no-bonus@example.com");
      const confirmed = visible((await page(campaign.id, cookiesOf(confirmedResponse))).html);
      expect(confirmed).toContain("You&#x27;re In!");
      expect(confirmed).toContain("Your entry is confirmed.");
      expect(confirmed).toContain("Share via WhatsApp");
      expect(confirmed).toContain(`/campaign/${campaign.id}?ref=`);
      expect(confirmed).not.toMatch(/bonus entr/i);

      const rules = visible(await (await fetch(`${app.url}/campaign/${campaign.id}/rules`, { headers: { "User-Agent": BROWSER } })).text());
      expect(rules).toContain("Bonus entries are not offered in this giveaway.");
      expect(rules).not.toContain("3 bonus entries");

      const email = await prisma.outboundEmail.findFirstOrThrow({ where: { to: "no-bonus@example.com", template: "entry_confirmation" } });
      expect(email.html).toContain("Share your personal link with friends who would like to enter:");
      expect(email.html).not.toMatch(/bonus entr/i);
      expect(email.html).toContain(`/campaign/${campaign.id}?ref=`);
    } finally {
      await setReferrals(admin, true);
    }
    const campaign = await createCampaign();
    expect(visible((await page(campaign.id)).html)).toContain("3 bonus entries");
    const rules = visible(await (await fetch(`${app.url}/campaign/${campaign.id}/rules`, { headers: { "User-Agent": BROWSER } })).text());
    expect(rules).toContain("adds 3 bonus entries to yours");
    expect((await enter(campaign.id, valid("with-bonus@example.com"))).status).toBe(303);
    await confirmEntryOf(app.url, campaign.id, "with-bonus@example.com");
    const email = await prisma.outboundEmail.findFirstOrThrow({ where: { to: "with-bonus@example.com", template: "entry_confirmation" } });
    expect(email.html).toContain("every friend who enters through it and confirms their entry earns you 3 bonus entries");
  });
});

describe("the campaign page and its official rules", () => {
  it("shows the brand logo at once (it heads the page) and the bonus and prize pictures lazily, with their size and description", async () => {
    const campaign = await createCampaign({
      brandName: "Pictured Co",
      logoUrl: "/uploads/logos/pictured.png",
      isPromotingProduct: true,
      productTitle: "Canvas Tote",
      productImageUrl: "https://cdn.example.com/tote.png",
      additionalPrizes: {
        create: [
          { rank: 2, title: "Sticker Pack", imageUrl: "/uploads/prizes/stickers.png" },
          { rank: 3, title: "Pin Badge", imageUrl: "javascript:alert(1)" },
        ],
      },
    });
    const { html } = await page(campaign.id);
    const img = (src: string) => new RegExp(`<img[^>]*src="${src.replace(/[.?/]/g, "\\$&")}"[^>]*>`).exec(html)?.[0] ?? "";
    // Our uploads come as small resized copies (a 40 px logo never costs a 2000 px download);
    // an outside address is used as it is.
    for (const [src, alt] of [
      ["/uploads/logos/pictured.png?w=192", "Pictured Co logo"],
      ["https://cdn.example.com/tote.png", "Canvas Tote"],
      ["/uploads/prizes/stickers.png?w=192", "Sticker Pack"],
    ] as const) {
      const tag = img(src);
      expect(tag).toContain(`alt="${alt}"`);
      if (src.startsWith("/uploads/")) expect(tag).toContain(`${src.replace("?w=192", "?w=96")} 96w`);
      if (alt.endsWith("logo")) expect(tag).not.toContain('loading="lazy"');
      else expect(tag).toContain('loading="lazy"');
      expect(tag).toMatch(/width="\d+"/);
      expect(tag).toMatch(/height="\d+"/);
    }
    expect(html).not.toContain("javascript:alert");
    expect(html).toContain("Pin Badge");
  });

  it("gives the grand prize's approximate retail value in the rules", async () => {
    const tee = await createCampaign();
    const hoodie = await createCampaign({ productType: "hoodie" });
    const rules = async (id: string) =>
      visible(await (await fetch(`${app.url}/campaign/${id}/rules`, { headers: { "User-Agent": BROWSER } })).text());
    expect(await rules(tee.id)).toContain("Approximate retail value: $25.00.");
    expect(await rules(hoodie.id)).toContain("Approximate retail value: $45.00.");
  });

  it("quotes the configured claim window on the rules, contact and terms pages", async () => {
    process.env.CLAIM_WINDOW_DAYS = "21";
    await app.resetConfig();
    try {
      const campaign = await createCampaign();
      const text = async (path: string) => visible(await (await fetch(`${app.url}${path}`, { headers: { "User-Agent": BROWSER } })).text());
      expect(await text(`/campaign/${campaign.id}/rules`)).toContain("within 21 days");
      expect(await text("/contact")).toContain("have 21 days to claim their prize");
      expect(await text("/terms")).toContain("within 21 days");
    } finally {
      delete process.env.CLAIM_WINDOW_DAYS;
      await app.resetConfig();
    }
  });
});

describe("when a campaign does not take entries", () => {
  it("refuses entries before the start and after the end with a clear 409", async () => {
    const upcoming = await createCampaign({ startDate: new Date(Date.now() + DAY), endDate: new Date(Date.now() + 8 * DAY) });
    const ended = await createCampaign({ startDate: new Date(Date.now() - 8 * DAY), endDate: new Date(Date.now() - DAY) });
    const early = await enter(upcoming.id, valid("early@example.com"));
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("hasn&#x27;t started yet");
    const late = await enter(ended.id, valid("late@example.com"));
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("This giveaway has ended");
    expect(await prisma.entry.count({ where: { campaignId: { in: [upcoming.id, ended.id] } } })).toBe(0);
  });

  it("shows Campaign Not Found (404) for unknown, draft and unpaid campaigns, except to their creator", async () => {
    const { jar, userId } = await signedInJar("owner");
    const draft = await createCampaign({ status: "draft", creatorId: userId });
    const unpaid = await createCampaign({ status: "pending_payment" });
    for (const id of ["nosuchcampaign000000000", draft.id, unpaid.id]) {
      const { status, html } = await page(id);
      expect(status).toBe(404);
      expect(html).toContain("Campaign Not Found");
      expect(html).toContain('href="/giveaways"');
      expect((await enter(id, valid("x@example.com"))).status).toBe(404);
    }
    const preview = await page(draft.id, jar.header());
    expect(preview.status).toBe(200);
    expect(preview.html).toContain("Preview: only you can see this page");
    expect(preview.html).toMatch(/<meta name="robots" content="noindex"/);
  });

  it("keeps the preview banner and noindex when the creator previews a draft whose dates have passed", async () => {
    const { jar, userId } = await signedInJar("late-owner");
    const stale = await createCampaign({
      status: "draft",
      creatorId: userId,
      startDate: new Date(Date.now() - 10 * DAY),
      endDate: new Date(Date.now() - 3 * DAY),
    });
    const { status, html } = await page(stale.id, jar.header());
    expect(status).toBe(200);
    expect(html).toContain("Campaign Ended");
    expect(html).toContain("Preview: only you can see this page");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    const rules = await fetch(`${app.url}/campaign/${stale.id}/rules`, { headers: { Cookie: jar.header(), "User-Agent": BROWSER } });
    expect(await rules.text()).toMatch(/<meta name="robots" content="noindex"/);
    const live = await createCampaign();
    expect((await page(live.id)).html).not.toContain('content="noindex"');
  });

  it("says a full campaign is full instead of showing the form", async () => {
    const campaign = await createCampaign({ entryLimit: 1 });
    await enter(campaign.id, valid("first@example.com"));
    // A pending entry holds no place.
    expect((await page(campaign.id)).html).toContain('data-entry-form="true"');
    await confirmEntryOf(app.url, campaign.id, "first@example.com");
    // Anonymous visitors share one render of the page for up to a second (decision 059).
    await expect.poll(async () => (await page(campaign.id)).html, { timeout: 5000 }).toContain("This giveaway is full");
    expect((await page(campaign.id)).html).not.toContain('data-entry-form="true"');
    const late = await enter(campaign.id, valid("second@example.com"));
    expect(late.status).toBe(409);
    expect(await entries(campaign.id)).toHaveLength(1);
  });

  it("shows the masked winner when a public winner exists, and the ended notice otherwise", async () => {
    const past = { startDate: new Date(Date.now() - 8 * DAY), endDate: new Date(Date.now() - DAY), status: "completed" };
    const withWinner = await createCampaign({ ...past, winnerEmail: "winner.person@example.com", winnerPublic: true });
    const hidden = await createCampaign({ ...past, winnerEmail: "secret@example.com", winnerPublic: false });
    const winnerPage = await page(withWinner.id);
    expect(winnerPage.html).toContain("win***@example.com");
    expect(winnerPage.html).not.toContain("winner.person");
    expect(winnerPage.html).toContain("Campaign Ended");
    const hiddenPage = await page(hidden.id);
    expect(hiddenPage.html).toContain("Campaign Ended");
    expect(hiddenPage.html).not.toContain("sec***");
  });
});

describe("abuse and counting", () => {
  it("stores nothing when the honeypot is filled", async () => {
    const campaign = await createCampaign();
    const response = await enter(campaign.id, valid("bot@example.com", { company_website: "http://spam.example" }));
    expect(response.status).toBe(303);
    expect(await entries(campaign.id)).toHaveLength(0);
  });

  it("limits entries per IP address, but tells someone who already entered that they have", async () => {
    process.env.ENTRY_LIMIT_PER_IP = "2";
    await app.resetConfig();
    try {
      const campaign = await createCampaign();
      await prisma.entry.deleteMany({ where: { ip: { not: null } } });
      const first = await enter(campaign.id, valid("ip1@example.com"));
      expect(first.status).toBe(303);
      expect((await enter(campaign.id, valid("ip2@example.com"))).status).toBe(303);
      const third = await enter(campaign.id, valid("ip3@example.com"));
      expect(third.status).toBe(429);
      expect(await third.text()).toContain("Too many entries from your network");
      expect(await entries(campaign.id)).toHaveLength(2);

      // Over the limit, a repeat (any spelling of the same address) from the browser that entered
      // still gets Already Entered! and its confirmation.
      const again = await enter(campaign.id, valid("IP1@Example.com"), { Cookie: enteredCookie(first) });
      expect(again.status).toBe(303);
      const cookies = again.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const shown = await page(campaign.id, cookies);
      expect(shown.html).toContain("Already Entered!");
      expect(shown.html).toContain("Check your email to confirm your entry");
      expect(await entries(campaign.id)).toHaveLength(2);
    } finally {
      process.env.ENTRY_LIMIT_PER_IP = "100000";
      await app.resetConfig();
    }
  });

  it("counts page views of people but not of bots, by the page's beacon image", async () => {
    const campaign = await createCampaign();
    const { html } = await page(campaign.id);
    const beacon = beaconOf(html);
    expect(beacon).toBe(`/campaign/${campaign.id}/view.gif`);
    // What a browser showing the page fetches: a 1×1 GIF that no cache may keep.
    const image = await fetch(`${app.url}${beacon}`, { headers: { "User-Agent": BROWSER } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/gif");
    expect(image.headers.get("cache-control")).toBe("no-store");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    await fetch(`${app.url}${beacon}`, { headers: { "User-Agent": BROWSER } });
    await fetch(`${app.url}${beacon}`, { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    await expect.poll(() => pageViews(campaign.id)).toBe(2);
  });

  it("counts a person's browser showing the page, not HEAD, prefetches, empty user agents or the page shown again after the form", async () => {
    const campaign = await createCampaign();
    const url = `${app.url}/campaign/${campaign.id}`;
    const browser = new CookieJar();
    /** Opens the page as a browser does: the document, then its beacon image, with the browser's cookies. */
    const open = async () => {
      const response = browser.absorb(await fetch(url, { headers: { Cookie: browser.header(), "User-Agent": BROWSER } }));
      expect(response.status).toBe(200);
      const html = await response.text();
      const image = browser.absorb(
        await fetch(`${app.url}${beaconOf(html)}`, { headers: { Cookie: browser.header(), "User-Agent": BROWSER } }),
      );
      expect(image.status).toBe(200);
      return html;
    };

    await open(); // counted: the first visit

    // Rendering the page counts nothing by itself: only the image does, and only for a browser's GET.
    expect((await fetch(url, { headers: { "User-Agent": BROWSER } })).status).toBe(200);
    const beacon = `${url}/view.gif`;
    expect((await fetch(beacon, { method: "HEAD", headers: { "User-Agent": BROWSER } })).status).toBe(200);
    expect((await fetch(beacon, { headers: { "User-Agent": "" } })).status).toBe(200);
    expect((await fetch(beacon, { headers: { "User-Agent": BROWSER, "Sec-Purpose": "prefetch" } })).status).toBe(200);

    // Without JavaScript a refused entry answers with the page again, without the beacon: not another view.
    const refused = await enter(campaign.id, { agreedToTerms: "on" }, { Cookie: browser.header() });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Email is required.");
    expect(beaconOf(refusedHtml)).toBeNull();

    // An entry redirects back to the page: the same visit, not another view. Its beacon uses the mark up.
    const entered = browser.absorb(await enter(campaign.id, valid("viewer@example.com"), { Cookie: browser.header() }));
    expect(entered.status).toBe(303);
    expect(browser.get("gw_after_post")).toBeDefined();
    expect(visible(await open())).toContain("Check your email to confirm your entry");
    expect(browser.get("gw_after_post")).toBeUndefined();
    // A later visit is a view again.
    await open();

    // Views are written in batches, in the order they were counted: once a view of another page
    // counted after all of the above is in the database, so is every view of this one.
    const later = await createCampaign();
    await fetch(`${app.url}${beaconOf((await page(later.id)).html)}`, { headers: { "User-Agent": BROWSER } });
    await expect.poll(() => pageViews(later.id)).toBe(1);
    expect(await pageViews(campaign.id)).toBe(2);
  });

  it("leaves the beacon off the creator's preview of an unpublished campaign", async () => {
    const { jar, userId } = await signedInJar("preview-beacon");
    const draft = await createCampaign({ creatorId: userId, status: "draft" });
    const preview = await page(draft.id, jar.header());
    expect(preview.status).toBe(200);
    expect(preview.html).toContain("Preview: only you can see this page");
    expect(beaconOf(preview.html)).toBeNull();
  });
});

describe("bursts through real HTTP", () => {
  it("100 concurrent identical entries make one row", async () => {
    const campaign = await createCampaign();
    const responses = await Promise.all(Array.from({ length: 100 }, () => enter(campaign.id, valid("same@example.com"))));
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(303));
    expect(await entries(campaign.id)).toHaveLength(1);
    expect(await entryCount(campaign.id)).toBe(0);
    await confirmEntryOf(app.url, campaign.id, "same@example.com");
    expect(await entryCount(campaign.id)).toBe(1);
  });

  it("120 concurrent confirmations into a 50-entry campaign count exactly 50, and the rest are told it is full", async () => {
    const campaign = await createCampaign({ entryLimit: 50, planId: "starter_tee" });
    const responses = await Promise.all(Array.from({ length: 120 }, (_, i) => enter(campaign.id, valid(`burst${i}@example.com`))));
    // Pending entries hold no place, so all 120 are taken...
    expect(responses.map((response) => response.status)).toEqual(Array(120).fill(303));
    const pending = await entries(campaign.id);
    expect(pending).toHaveLength(120);
    // ...and the cap is checked by the confirmations, all at once.
    const confirmations = await Promise.all(pending.map((entry) => confirmEntryByEmail(app.url, entry.id)));
    const statuses = confirmations.map((response) => response.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(70);
    const refused = confirmations.find((response) => response.status === 409)!;
    expect(await refused.text()).toContain("reached its entry limit, so your entry could not be confirmed");
    expect(await prisma.entry.count({ where: { campaignId: campaign.id, confirmedAt: { not: null } } })).toBe(50);
    expect(await entryCount(campaign.id)).toBe(50);
    // A full campaign takes no new pending entries either.
    expect((await enter(campaign.id, valid("late@example.com"))).status).toBe(409);
  });
});
