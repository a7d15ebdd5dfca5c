/**
 * Decision 053: a campaign launched through the wizard over real HTTP has official rules with every
 * element a lawyer looks for; launch needs the sponsor and the prizes' values; above $5,000 of
 * prizes the review warns about New York and Florida and lets the creator exclude them.
 * Decision 057: the rules launch in version 2 (the winners list, the entrant's data rights), and no
 * live edit, however crafted, changes them.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NY_FL_CHECKBOX, NY_FL_WARNING } from "~/domain/official-rules";
import { PARTNER_COUNTRIES } from "~/domain/ship-countries";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { type CookieJar } from "../helpers/http";
import { signedInJar, STEP1, STEP4_RULES } from "../helpers/wizard";

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

/** React separates adjacent text with empty comments; the text a reader sees has none. */
const visible = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

async function send(jar: CookieJar, path: string, fields: Record<string, string | string[] | File>): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const response = await fetch(`${app.url}${path}`, { method: "POST", redirect: "manual", headers: { Cookie: jar.header() }, body });
  jar.absorb(response);
  return response;
}

async function getPage(jar: CookieJar | null, path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${app.url}${path}`, { redirect: "manual", headers: jar ? { Cookie: jar.header() } : {} });
  return { status: response.status, html: await response.text() };
}

/** Steps 1 to 4 of the wizard over HTTP, as a browser without JavaScript posts them; answers the draft's id. */
async function draftOverHttp(
  jar: CookieJar,
  step4: Record<string, string | string[]>,
  step1: Record<string, string> = {},
): Promise<string> {
  const first = await send(jar, "/create-campaign-v2", { ...STEP1, ...step1 });
  expect(first.status).toBe(302);
  const id = new URL(first.headers.get("Location") ?? "", app.url).searchParams.get("campaignId") ?? "";
  expect(id).not.toBe("");
  const url = `/create-campaign-v2?campaignId=${id}`;
  expect((await send(jar, url, { step: "2", planId: "starter_tee" })).status).toBe(302);
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#7c3aed" } })
    .png()
    .toBuffer();
  const design = new File([new Uint8Array(png)], "design.png", { type: "image/png" });
  expect(
    (await send(jar, url, { step: "3", designMode: "upload", designFile: design, selectedColors: ["white"], selectedSizes: ["M"] })).status,
  ).toBe(302);
  const today = new Date().toISOString().slice(0, 10);
  const saved = await send(jar, url, { step: "4", startDate: today, durationDays: "7", termsAccepted: "on", ...step4 });
  expect(saved.status).toBe(302);
  return id;
}

describe("official rules of a campaign launched through the wizard (decision 053)", () => {
  it("state every element: sponsor, no purchase, eligibility, period, entering, bonus, odds, prizes, draw, claim, publicity, privacy, role, release, version", async () => {
    const { jar } = await signedInJar("rules");
    const id = await draftOverHttp(
      jar,
      {
        ...STEP4_RULES,
        sponsorLegalName: "Acme Apparel LLC",
        sponsorAddress: "500 Market Street, Suite 2, San Francisco, CA 94105, USA",
        minimumAge: "21",
        prizeValue: "30",
        shipScope: "chosen",
        shipCountries: ["US", "CA"],
        "additionalPrizes[0].title": "$50 gift card",
        "additionalPrizes[0].kind": "gift",
        "additionalPrizes[0].value": "50",
      },
      { brandName: "Acme", brandUrl: "https://acme.example", instagramHandle: "acme.apparel", tiktokHandle: "acmeapparel" },
    );
    const launch = await send(jar, `/create-campaign-v2?campaignId=${id}`, { step: "5", intent: "launch" });
    expect(launch.status).toBe(302);
    const campaign = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    expect(campaign).toMatchObject({
      status: "active",
      sponsorLegalName: "Acme Apparel LLC",
      minimumAge: 21,
      prizeValueCents: 3000,
      excludedRegions: "",
      rulesVersion: 2,
    });

    const rules = await getPage(null, `/campaign/${id}/rules`);
    expect(rules.status).toBe(200);
    const text = visible(rules.html);
    const article = text.slice(text.indexOf("<article"), text.indexOf("</article>"));
    const headings = [...article.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual([
      "1. Sponsor",
      "2. No purchase necessary",
      "3. Eligibility",
      "4. Entry period",
      "5. How to enter",
      "6. Bonus entries",
      "7. Disqualification",
      "8. Prizes",
      "9. Odds",
      "10. How the winners are drawn",
      "11. Winner notification, claim and unclaimed prizes",
      "12. Publicity",
      "13. Privacy and your rights",
      "14. Giveawear's role",
      "15. Social platforms",
    ]);
    // Sponsor and address (version 2 leaves out the brand's URL, which a live edit may change).
    expect(text).toContain("This giveaway is sponsored by Acme Apparel LLC (trading as Acme).");
    expect(article).not.toContain("acme.example");
    expect(text).toContain("Sponsor address: 500 Market Street, Suite 2, San Francisco, CA 94105, USA");
    // No purchase necessary, every entry free.
    expect(text).toContain("NO PURCHASE NECESSARY TO ENTER OR WIN. Every entry is free.");
    // Eligibility: countries, age, void where prohibited, employees.
    expect(text).toContain("Open to individuals who are 21 years of age or older");
    expect(text).toContain("The prize ships to: Canada and United States of America.");
    expect(text).toContain("Void where prohibited");
    expect(text).toContain("Employees of the sponsor");
    expect(text).not.toContain("are not eligible to enter or win");
    // The entry period with its time zone.
    expect(text).toMatch(/Entries open on .+ and close on .+\. All times are Coordinated Universal Time \(UTC\)\./);
    // How to enter, confirmation, one entry per person.
    expect(text).toContain("We then email you a link to confirm your entry.");
    expect(text).toContain("One entry per person");
    // Bonus entries and how they are earned.
    expect(text).toContain("adds 3 bonus entries to yours once they confirm their entry");
    // Odds.
    expect(text).toContain("The odds of winning depend on the number of eligible entries received");
    // Each prize with its value, and the total.
    expect(text).toContain("Grand prize: one t-shirt with the giveaway's design");
    expect(text).toContain("Approximate retail value: $30.00.");
    expect(text).toContain("Second prize: $50 gift card, delivered by Acme Apparel LLC. Approximate retail value: $50.00.");
    expect(text).toContain("Total approximate retail value of all prizes: $80.00.");
    // Winner selection: the published draw procedure, with a link to the draw record.
    expect(text).toContain("by the published draw procedure");
    expect(rules.html).toContain(`href="/campaign/${id}/draw#procedure"`);
    expect(rules.html).toContain(`href="/campaign/${id}/draw"`);
    expect(text).toContain(campaign.drawCommitment ?? "missing commitment");
    // Notification, claim deadline, unclaimed prizes.
    expect(text).toContain("Winners are notified by email");
    expect(text).toMatch(/must be claimed within \d+ days of the notification/);
    expect(text).toContain("may be drawn again (a redraw)");
    // Publicity only with consent; where the winners list is published, and the winner's objection.
    expect(text).toContain("for publicity only with the winner's consent");
    expect(text).toContain(`the winners list is published at /campaign/${id}/winners and stays available after the giveaway ends`);
    expect(text).toContain("Any winner may object to being listed, at any time, from their claim page");
    expect(rules.html).toContain(`href="/campaign/${id}/winners"`);
    // Privacy and the entrant's rights: see, export, withdraw and erase, from any email or the privacy page.
    expect(text).toContain(
      "At any time you can see your data, export it, withdraw your marketing consent and erase your data: from the link in any email we send you, or from the form on our privacy page (/privacy), which emails you that link.",
    );
    expect(rules.html).toContain('href="/privacy"');
    // The platform's role.
    expect(text).toContain("Giveawear provides the service");
    expect(text).toContain("The sponsor, Acme Apparel LLC, runs this giveaway and is responsible for it");
    // The release names only the platforms the brand lists.
    expect(text).toContain("This promotion is in no way sponsored, endorsed or administered by, or associated with, Instagram or TikTok.");
    expect(text).not.toMatch(/associated with, [^.]*\bX\b/);
    // The version and the launch time.
    expect(text).toMatch(/Version 2, fixed at launch on .+ UTC\. These rules cannot change while the giveaway runs\./);
  });

  it("refuses to launch without the sponsor's name and address or a prize's value, naming each", async () => {
    const { jar } = await signedInJar("rules-missing");
    const id = await draftOverHttp(jar, { "additionalPrizes[0].title": "Sticker pack" });
    const launch = await send(jar, `/create-campaign-v2?campaignId=${id}`, { step: "5", intent: "launch" });
    expect(launch.status).toBeGreaterThanOrEqual(400);
    const html = visible(await launch.text());
    expect(html).toContain("Sponsor's legal name is missing (the official rules name the sponsor). Please go back to Step 4.");
    expect(html).toContain("Sponsor's postal address is missing (the official rules state it). Please go back to Step 4.");
    expect(html).toContain("Approximate retail value of the grand prize is missing. Please go back to Step 4.");
    expect(html).toContain("Approximate retail value of the 2nd place prize is missing. Please go back to Step 4.");
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
    // The review page names them too, before any launch is tried.
    const review = visible((await getPage(jar, `/create-campaign-v2?campaignId=${id}&step=5`)).html);
    expect(review).toContain("Sponsor's legal name is missing");
  });

  it("refuses a bad minimum age or value in step 4 with the field's message and saves nothing", async () => {
    const { jar } = await signedInJar("rules-bad");
    const id = await draftOverHttp(jar, STEP4_RULES);
    const today = new Date().toISOString().slice(0, 10);
    const response = await send(jar, `/create-campaign-v2?campaignId=${id}`, {
      step: "4",
      startDate: today,
      durationDays: "7",
      termsAccepted: "on",
      ...STEP4_RULES,
      minimumAge: "16",
      prizeValue: "12.50",
    });
    expect(response.status).toBe(400);
    const html = visible(await response.text());
    expect(html).toContain("Minimum age must be a whole number from 18 to 99.");
    expect(html).toContain("Enter the approximate retail value in whole US dollars (e.g., 25).");
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ minimumAge: 18, prizeValueCents: 2500 });
  });

  it("warns about New York and Florida above $5,000 of prizes, not below, and the exclusion reaches the rules", async () => {
    const { jar } = await signedInJar("rules-nyfl");
    const small = await draftOverHttp(jar, { ...STEP4_RULES, prizeValue: "4999" });
    const smallReview = visible((await getPage(jar, `/create-campaign-v2?campaignId=${small}&step=5`)).html);
    expect(smallReview).toContain("Total prize value");
    expect(smallReview).not.toContain(NY_FL_WARNING);
    expect(smallReview).not.toContain('name="excludeNyFl"');

    // A second creator: one creator's new draft would continue their current one.
    const { jar: other } = await signedInJar("rules-nyfl-big");
    const big = await draftOverHttp(other, {
      ...STEP4_RULES,
      prizeValue: "4000",
      "additionalPrizes[0].title": "Weekend trip",
      "additionalPrizes[0].value": "1001",
    });
    const bigReview = visible((await getPage(other, `/create-campaign-v2?campaignId=${big}&step=5`)).html);
    expect(bigReview).toContain(NY_FL_WARNING);
    expect(bigReview).toContain(NY_FL_CHECKBOX);
    expect(bigReview).toContain('name="excludeNyFl"');

    expect((await send(other, `/create-campaign-v2?campaignId=${big}`, { step: "5", intent: "launch", excludeNyFl: "on" })).status).toBe(
      302,
    );
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: big } })).toMatchObject({
      status: "active",
      excludedRegions: "US-NY,US-FL",
    });
    const rules = visible((await getPage(null, `/campaign/${big}/rules`)).html);
    expect(rules).toContain("Residents of New York and Florida are not eligible to enter or win.");
    expect(rules).toContain("Total approximate retail value of all prizes: $5,001.00.");
    expect(rules).toContain(`The prize ships to every country our print partner serves (${PARTNER_COUNTRIES.length} countries).`);
    // No platform listed, no release section.
    expect(rules).not.toContain("Social platforms");

    // Below the threshold the checkbox is not offered, and a crafted one changes nothing.
    expect((await send(jar, `/create-campaign-v2?campaignId=${small}`, { step: "5", intent: "launch", excludeNyFl: "on" })).status).toBe(
      302,
    );
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: small } })).excludedRegions).toBe("");
  });

  it("shows what is known for a campaign launched before these fields, without inventing an address", async () => {
    const old = await createCampaign({ sponsorLegalName: "", sponsorAddress: "", brandName: "Old Brand" });
    const rules = visible((await getPage(null, `/campaign/${old.id}/rules`)).html);
    expect(rules).toContain("This giveaway is sponsored by Old Brand.");
    expect(rules).toContain("Sponsor address: not provided.");
    expect(rules).toContain("Approximate retail value: $25.00.");
  });

  it("keeps a campaign launched with version 1 in version 1's words (decision 057)", async () => {
    const old = await createCampaign({ rulesVersion: 1, brandUrl: "https://old.example" });
    const rules = visible((await getPage(null, `/campaign/${old.id}/rules`)).html);
    expect(rules).toMatch(/Version 1, fixed at launch on .+ UTC/);
    expect(rules).toContain("This giveaway is sponsored by Test Brand LLC (trading as Test Brand), https://old.example.");
    expect(rules).toContain("You may ask to see, correct or erase your personal data, or withdraw marketing consent");
    expect(rules).not.toContain("the winners list is published at");
  });
});

/** The rules article as a reader sees it, without its title (the one presentation text in it). */
async function rulesArticle(id: string): Promise<string> {
  const page = await getPage(null, `/campaign/${id}/rules`);
  expect(page.status).toBe(200);
  const text = visible(page.html);
  return text.slice(text.indexOf("<article"), text.indexOf("</article>")).replace(/<h1[^>]*>.*?<\/h1>/s, "");
}

describe("no live edit changes the rules of a launched campaign (decisions 048, 057)", () => {
  it("keeps every rules input, whatever a crafted POST sends, and a presentation edit leaves the rules as they were", async () => {
    const { jar } = await signedInJar("rules-live");
    const id = await draftOverHttp(
      jar,
      {
        ...STEP4_RULES,
        prizeValue: "40",
        shipScope: "chosen",
        shipCountries: ["US", "CA"],
        "additionalPrizes[0].title": "$50 gift card",
        "additionalPrizes[0].kind": "gift",
        "additionalPrizes[0].value": "50",
      },
      { brandName: "Live Co", brandUrl: "https://live.example", instagramHandle: "live.co", tiktokHandle: "liveco" },
    );
    expect((await send(jar, `/create-campaign-v2?campaignId=${id}`, { step: "5", intent: "launch" })).status).toBe(302);
    const before = await prisma.campaign.findUniqueOrThrow({ where: { id }, include: { additionalPrizes: true } });
    expect(before).toMatchObject({ status: "active", rulesVersion: 2 });
    const rules = await rulesArticle(id);
    expect(rules).toContain("associated with, Instagram or TikTok.");

    const editPath = `/create-campaign-v2?campaignId=${id}`;
    const presentation = {
      intent: "live-edit",
      title: "Live Co Giveaway, typo fixed",
      description: "Win our tee. Now with the typo fixed.",
      brandUrl: "https://elsewhere.example",
      instagramHandle: "@live.co.official",
      xHandle: "",
      tiktokHandle: "liveco_official",
    };
    // Every input of the rules, changed by a crafted POST: each is refused whole, with its reason.
    const attempts: Record<string, string>[] = [
      { sponsorLegalName: "Someone Else Inc" },
      { sponsorAddress: "2 Other Road, Elsewhere" },
      { minimumAge: "21" },
      { prizeValue: "6000" },
      { excludedRegions: "US-NY,US-FL" },
      { brandName: "Another Brand" },
      { shipCountries: "US" },
      { startDate: "2030-01-01" },
      { durationDays: "30" },
      { endDate: "2030-02-01" },
      { planId: "pro_tee" },
      { entryLimit: "5" },
      { productType: "mug" },
      { selectedColors: "black" },
      { selectedSizes: "S,XL" },
      { isPromotingProduct: "yes" },
      { productTitle: "A car" },
      { productValue: "$90,000" },
      { giveBonusGiftToWinner: "on" },
      { winnerBonusGiftName: "A boat" },
      { limitOneEntryPerPerson: before.limitOneEntryPerPerson ? "" : "on" },
      { drawCommitment: "0".repeat(64) },
      { "additionalPrizes[0].title": "A car" },
      { "additionalPrizes[0].value": "9000" },
      { "additionalPrizes[1].title": "A second gift" },
      // The release names the platforms listed at launch: none may be added or removed.
      { xHandle: "liveco" },
      { tiktokHandle: "" },
      { instagramHandle: "@" },
    ];
    for (const crafted of attempts) {
      const response = await send(jar, editPath, { ...presentation, ...crafted });
      const label = Object.keys(crafted).join();
      expect(response.status, label).toBe(409);
      expect(visible(await response.text()), label).toContain(
        "Fixed at launch: the official rules and the draw depend on it. Nothing was changed.",
      );
    }
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id }, include: { additionalPrizes: true } })).toEqual(before);
    expect(await rulesArticle(id)).toBe(rules);

    // Fields no form has are ignored, and the presentation saves; the rules read exactly as before.
    const saved = await send(jar, editPath, {
      ...presentation,
      rulesVersion: "1",
      launchedAt: "2020-01-01T00:00:00Z",
      "additionalPrizes[0].kind": "merch",
      "additionalPrizes[0].needsAddress": "on",
      claimWindowDays: "1",
    });
    expect(saved.status).toBe(302);
    const after = await prisma.campaign.findUniqueOrThrow({ where: { id }, include: { additionalPrizes: true } });
    expect(after).toMatchObject({
      title: presentation.title,
      brandUrl: "https://elsewhere.example",
      instagramHandle: "live.co.official",
      tiktokHandle: "liveco_official",
      rulesVersion: 2,
      launchedAt: before.launchedAt,
    });
    expect(after.additionalPrizes).toEqual(before.additionalPrizes);
    expect(await rulesArticle(id)).toBe(rules);
  });
});

describe("the referral cap set in step 4 (decision 104)", () => {
  it("is saved with the step, stated by the rules after launch, fixed while live, and refused outside 1 to 1,000 with the field's message", async () => {
    const { jar } = await signedInJar("rules-cap");
    const id = await draftOverHttp(jar, { ...STEP4_RULES, prizeValue: "30", referralCap: "10" });
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).referralCap).toBe(10);

    const today = new Date().toISOString().slice(0, 10);
    const url = `/create-campaign-v2?campaignId=${id}`;
    const refused = await send(jar, url, {
      step: "4",
      startDate: today,
      durationDays: "7",
      termsAccepted: "on",
      ...STEP4_RULES,
      referralCap: "0",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Enter the most friends per entrant as a whole number from 1 to 1,000");
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).referralCap).toBe(10);

    expect((await send(jar, url, { step: "5", intent: "launch" })).status).toBe(302);
    const rules = await getPage(null, `/campaign/${id}/rules`);
    expect(visible(rules.html)).toContain(
      "Only the first 10 friends whose entries are confirmed earn you bonus entries: at most 30 bonus entries from referrals per entrant.",
    );
    // Live, step 4 cannot change it: the rules state it (FROZEN_FIELDS, refused as a conflict).
    const live = await send(jar, url, {
      step: "4",
      startDate: today,
      durationDays: "7",
      termsAccepted: "on",
      ...STEP4_RULES,
      referralCap: "50",
    });
    expect(live.status).toBe(409);
    expect(await live.text()).toContain("Most friends per entrant who earn bonus entries");
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).referralCap).toBe(10);
  });
});
