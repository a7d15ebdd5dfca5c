/**
 * Decision 050 over real HTTP and a real database: shipping countries (the creator's choice, the
 * rules, the claim form and its postal rules), every prize tier's own claim (merch to the fake
 * Printify, a gift never), and the creator's "Mark delivered".
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countryNotShippedMessage, postalInvalidMessage, regionRequiredMessage, signClaimToken } from "~/domain/claims";
import { PARTNER_COUNTRIES, SHIP_COUNTRY_MESSAGES, countryName } from "~/domain/ship-countries";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { runFulfilmentJobs } from "~/server/fulfilment/index.server";
import { type FakePrintify, startFakePrintifyServer } from "../fakes/printify-server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { draftThroughStep, form, signedInJar } from "../helpers/wizard";
import { CLAIM, SECRET, decode, drawnCampaign, orders, pagesOf } from "../helpers/winners";

const TOKEN = "pfy_test_token_tiers_0123456789";
const SHOP_ID = "815257";
const PRINTIFY_ENV = ["PRINTIFY_API_TOKEN", "PRINTIFY_SHOP_ID", "PRINTIFY_API_URL", "PRINTIFY_WEBHOOK_SECRET"];

let app: InProcessAppServer;
let fake: FakePrintify;

async function configure(env: Record<string, string>) {
  for (const name of PRINTIFY_ENV) delete process.env[name];
  Object.assign(process.env, env);
  resetConfigForTests();
  await app?.resetConfig();
}

beforeAll(async () => {
  fake = await startFakePrintifyServer({ token: TOKEN, shopId: SHOP_ID });
  await configure({ PRINTIFY_API_TOKEN: TOKEN, PRINTIFY_SHOP_ID: SHOP_ID, PRINTIFY_API_URL: fake.url });
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
  await fake.close();
  for (const name of PRINTIFY_ENV) delete process.env[name];
  resetConfigForTests();
});

beforeEach(async () => {
  // The fulfilment job works on every order of this file's database: earlier tests' are settled.
  await prisma.order.updateMany({ where: { status: "pending", kind: "merch" }, data: { status: "cancelled" } });
});

const { getPage, postForm } = pagesOf(() => app.url);
const visible = (html: string) => html.replace(/<!-- -->/g, "");

async function tokenFor(campaignId: string, rank: number, entryId: string, deadline: Date) {
  return `/claim/${await signClaimToken(SECRET(), { campaignId, rank, entryId, deadline })}`;
}

/** The <option> values of the claim form's Country select. */
function countryOptions(html: string): string[] {
  const select = /<select[^>]*name="shipCountry"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([A-Z]{2})"/g)].map((match) => match[1] ?? "");
}

describe("shipping countries (decision 050)", () => {
  it("the claim form offers exactly the creator's countries, Country first, and the rules say so", async () => {
    const { campaign, winner, deadline } = await drawnCampaign({ shipCountries: "CA,GB,DE" });
    const path = await tokenFor(campaign.id, 1, winner.id, deadline);
    const form = await getPage(path);
    expect(form.status).toBe(200);
    expect(countryOptions(form.html)).toEqual(["CA", "DE", "GB"]);
    expect(form.html).toContain(">United Kingdom</option>");
    // Country comes before the other address fields.
    expect(form.html.indexOf('name="shipCountry"')).toBeLessThan(form.html.indexOf('name="shipName"'));
    expect(form.html.indexOf('name="shipCountry"')).toBeLessThan(form.html.indexOf('name="shipPostalCode"'));

    const rules = await getPage(`/campaign/${campaign.id}/rules`);
    expect(rules.status).toBe(200);
    expect(visible(rules.html)).toContain("The prize ships to: Canada, Germany and United Kingdom.");

    const everywhere = await drawnCampaign();
    const everywhereRules = await getPage(`/campaign/${everywhere.campaign.id}/rules`);
    expect(visible(everywhereRules.html)).toContain(
      `The prize ships to every country our print partner serves (${PARTNER_COUNTRIES.length} countries).`,
    );
    const everywhereForm = await getPage(await tokenFor(everywhere.campaign.id, 1, everywhere.winner.id, everywhere.deadline));
    expect(countryOptions(everywhereForm.html)).toHaveLength(PARTNER_COUNTRIES.length);
    expect(countryOptions(everywhereForm.html)).not.toContain("KP");
  });

  it("refuses a claim from a country outside the list with the field's message, 400, and no order", async () => {
    const { campaign, winner, deadline } = await drawnCampaign({ shipCountries: "CA,GB" });
    const path = await tokenFor(campaign.id, 1, winner.id, deadline);
    for (const country of ["US", "KP", "ZZ"]) {
      const refused = await postForm(path, { ...CLAIM, shipCountry: country });
      expect(refused.status, country).toBe(400);
      const html = decode(await refused.text());
      expect(html, country).toContain(countryNotShippedMessage(countryName(country)));
      expect(html).toContain('value="1 Compiler Court"');
    }
    expect(await orders(campaign.id)).toHaveLength(0);
  });

  it("applies the chosen country's postal and region rule, and re-renders the form for a country without JavaScript", async () => {
    const { campaign, winner, deadline } = await drawnCampaign({ shipCountries: "CA,GB,HK" });
    const path = await tokenFor(campaign.id, 1, winner.id, deadline);

    // "Continue" after choosing Canada: 200, the province and postal code fields, nothing wrong yet, nothing written.
    const forCanada = await postForm(path, { intent: "country", shipCountry: "CA", shipName: "Grace Hopper" });
    expect(forCanada.status).toBe(200);
    const canadaHtml = visible(decode(await forCanada.text()));
    expect(canadaHtml).toContain(">Province</label>");
    expect(canadaHtml).toContain("For example K1A 0B1");
    expect(canadaHtml).toContain('value="Grace Hopper"');
    expect(canadaHtml).not.toContain('role="alert"');
    expect(await orders(campaign.id)).toHaveLength(0);

    // A US ZIP code is not a Canadian postal code, and Canada needs a province.
    const canada = { ...CLAIM, shipCountry: "CA", shipRegion: "", shipPostalCode: "22201" };
    const refused = await postForm(path, canada);
    expect(refused.status).toBe(400);
    const refusedHtml = decode(await refused.text());
    expect(refusedHtml).toContain(postalInvalidMessage("Postal code", "K1A 0B1"));
    expect(refusedHtml).toContain(regionRequiredMessage("Province"));
    expect(await orders(campaign.id)).toHaveLength(0);

    // Hong Kong has no postal codes: the field is not asked, and one sent anyway is not stored.
    const forHongKong = decode(await (await postForm(path, { intent: "country", shipCountry: "HK" })).text());
    expect(forHongKong).not.toContain('name="shipPostalCode"');
    const ok = await postForm(path, { ...CLAIM, shipCountry: "HK", shipRegion: "", shipPostalCode: "99999" });
    expect(ok.status).toBe(303);
    expect((await orders(campaign.id))[0]).toMatchObject({ shipCountry: "HK", shipPostalCode: null });
  });
});

describe("every prize tier claims through its own link (decision 050)", () => {
  it("a 2nd-place merch claim makes a merch order that the fulfilment job sends to Printify", async () => {
    const id = randomBytes(4).toString("hex");
    const design = await prisma.aiDesign.create({
      data: { imageUrl: `/uploads/ai/${id}-preview.webp`, printUrl: `/uploads/ai/${id}-print.png`, promptText: "a tier prize" },
    });
    const { campaign, prizeWinners } = await drawnCampaign({
      prizes: [{ rank: 2, title: "Another tee", kind: "merch" }],
      finalDesignUrl: design.imageUrl,
      selectedAiDesignId: design.id,
    });
    const second = prizeWinners[0];
    if (!second) throw new Error("no 2nd-place winner");
    await notifyWinners(campaign.id);
    const mail = await prisma.outboundEmail.findFirstOrThrow({ where: { to: second.email, template: "additional_prize_winner" } });
    const path = /https?:\/\/[^/\s]+(\/claim\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1] ?? "";
    expect(path).not.toBe("");

    const form = await getPage(path);
    expect(form.status).toBe(200);
    expect(form.html).toContain("You won 2nd place!");
    expect(form.html).toContain('name="size"');
    expect(form.html).not.toContain('name="publicName"');

    expect((await postForm(path, CLAIM)).status).toBe(303);
    const [order] = await orders(campaign.id);
    expect(order).toMatchObject({ prizeRank: 2, kind: "merch", entryId: second.id, size: "M", color: "black", shipCountry: "US" });

    await runFulfilmentJobs(new Date());
    const sent = fake.creations().filter((request) => (request.body as { external_id?: string } | null)?.external_id === order?.id);
    expect(sent).toHaveLength(1);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order?.id ?? "" } })).status).toBe("submitted");
  });

  it("a 2nd-place gift claim makes a gift order with the address and note, which never reaches Printify or the print queue", async () => {
    const { campaign, prizeWinners, deadline } = await drawnCampaign({
      prizes: [{ rank: 2, title: "Signed poster", kind: "gift", needsAddress: true }],
      shipCountries: "GB,IE",
    });
    const second = prizeWinners[0];
    if (!second) throw new Error("no 2nd-place winner");
    const path = await tokenFor(campaign.id, 2, second.id, new Date(deadline.getTime() + 16 * 86_400_000));
    const form = await getPage(path);
    expect(form.status).toBe(200);
    expect(form.html).toContain("Signed poster");
    expect(form.html).not.toContain('name="size"');
    expect(form.html).not.toContain('name="color"');
    // A to Z by name: Ireland, United Kingdom.
    expect(countryOptions(form.html)).toEqual(["IE", "GB"]);
    expect(form.html).toContain('name="claimNote"');

    const gift = {
      shipCountry: "GB",
      shipName: "Ada Lovelace",
      shipLine1: "12 Analytical Way",
      shipCity: "London",
      shipPostalCode: "N1 9GU",
      claimNote: "Please leave it with the concierge.",
    };
    expect((await postForm(path, { ...gift, shipCountry: "US" })).status).toBe(400);
    expect((await postForm(path, gift)).status).toBe(303);
    const [order] = await orders(campaign.id);
    expect(order).toMatchObject({
      prizeRank: 2,
      kind: "gift",
      status: "pending",
      shipCountry: "GB",
      shipPostalCode: "N1 9GU",
      claimNote: "Please leave it with the concierge.",
      size: null,
      color: null,
    });

    const before = fake.creations().length;
    await runFulfilmentJobs(new Date());
    expect(fake.creations().length).toBe(before);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order?.id ?? "" } })).status).toBe("pending");

    const claimed = await getPage(path);
    expect(claimed.status).toBe(200);
    expect(claimed.html).toContain("Waiting for Test Brand to deliver it");
  });

  it("a gift without an address asks only for a confirmation and an optional note", async () => {
    const { campaign, prizeWinners } = await drawnCampaign({ prizes: [{ rank: 3, title: "$50 gift card", code: "CARD-50" }] });
    const third = prizeWinners[0];
    if (!third) throw new Error("no 3rd-place winner");
    const row = await prisma.additionalPrize.findFirstOrThrow({ where: { campaignId: campaign.id, rank: 3 } });
    const path = await tokenFor(campaign.id, 3, third.id, row.claimDeadline ?? new Date());
    const form = await getPage(path);
    expect(form.html).toContain("Confirm My Prize");
    expect(form.html).not.toContain('name="shipCountry"');
    expect((await postForm(path, { claimNote: "x".repeat(501) })).status).toBe(400);
    expect((await postForm(path, {})).status).toBe(303);
    expect((await orders(campaign.id))[0]).toMatchObject({ prizeRank: 3, kind: "gift", shipCountry: null, claimNote: "" });
    expect((await getPage(path)).html).toContain("CARD-50");
  });
});

describe("the creator's gift routine (decision 050)", () => {
  it("shows the owner what the winner gave, marks it delivered once, emails the winner, and the claim page says delivered", async () => {
    const owner = await signedInJar("owner");
    const other = await signedInJar("other");
    const { campaign, prizeWinners } = await drawnCampaign({
      creatorId: owner.userId,
      prizes: [{ rank: 2, title: "Gift card", kind: "gift" }],
    });
    const second = prizeWinners[0];
    if (!second) throw new Error("no 2nd-place winner");
    const row = await prisma.additionalPrize.findFirstOrThrow({ where: { campaignId: campaign.id, rank: 2 } });
    const claimPath = await tokenFor(campaign.id, 2, second.id, row.claimDeadline ?? new Date());
    const drawPath = `/dashboard/campaigns/${campaign.id}/draw`;

    // Before the claim there is nothing to deliver.
    const early = await postForm(drawPath, { intent: "deliver", rank: "2" }, owner.jar.header());
    expect(early.status).toBe(409);

    expect((await postForm(claimPath, { claimNote: "Send it to ada@work.example please" })).status).toBe(303);

    const panel = await getPage(drawPath, owner.jar.header());
    expect(panel.status).toBe(200);
    expect(panel.html).toContain("Send it to ada@work.example please");
    expect(panel.html).toContain(second.email);
    expect(panel.html).toContain("Mark delivered");
    // No code, so the panel never says one was emailed.
    expect(panel.html).not.toContain("code emailed");

    // Another user: 404, nothing shown, nothing changed.
    const foreignPage = await getPage(drawPath, other.jar.header());
    expect(foreignPage.status).toBe(404);
    expect(foreignPage.html).not.toContain("Send it to ada@work.example please");
    expect((await postForm(drawPath, { intent: "deliver", rank: "2" }, other.jar.header())).status).toBe(404);
    expect((await orders(campaign.id))[0]?.status).toBe("pending");

    const marked = await postForm(drawPath, { intent: "deliver", rank: "2" }, owner.jar.header());
    expect(marked.status).toBe(303);
    const twice = await postForm(drawPath, { intent: "deliver", rank: "2" }, owner.jar.header());
    expect(twice.status).toBe(409);
    const [order] = await orders(campaign.id);
    expect(order?.status).toBe("delivered");
    expect(order?.deliveredAt).not.toBeNull();
    const emails = await prisma.outboundEmail.findMany({ where: { to: second.email, template: "gift_delivered" } });
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toContain(campaign.title);
    expect(emails[0]?.text).toContain("Gift card");
    expect(emails[0]?.text).toContain("/claim/");

    const claimPage = await getPage(claimPath);
    expect(claimPage.html).toContain("Prize delivered");
    expect(claimPage.html).toContain("Delivered by Test Brand");
    const after = await getPage(drawPath, owner.jar.header());
    expect(after.html).toContain("Marked delivered");
    expect(after.html).not.toContain(">Mark delivered</button>");
  });

  it("says 'code emailed' only for a tier that has a code", async () => {
    const owner = await signedInJar("owner");
    const { campaign } = await drawnCampaign({
      creatorId: owner.userId,
      prizes: [
        { rank: 2, title: "Store credit", code: "CREDIT-1" },
        { rank: 3, title: "Sticker pack" },
      ],
    });
    const panel = visible((await getPage(`/dashboard/campaigns/${campaign.id}/draw`, owner.jar.header())).html);
    const tier2 = /data-testid="draw-tier-2"[\s\S]*?<\/section>/.exec(panel)?.[0] ?? "";
    const tier3 = /data-testid="draw-tier-3"[\s\S]*?<\/section>/.exec(panel)?.[0] ?? "";
    expect(tier2).toContain("(code emailed)");
    expect(tier3).not.toBe("");
    expect(tier3).not.toContain("code emailed");
  });

  it("lets the creator redraw a tier after its deadline when nobody claimed it", async () => {
    const owner = await signedInJar("owner");
    const { campaign } = await drawnCampaign({
      creatorId: owner.userId,
      prizes: [{ rank: 2, title: "Gift card", deadline: new Date(Date.now() - 60_000) }],
    });
    const panel = await getPage(`/dashboard/campaigns/${campaign.id}/draw`, owner.jar.header());
    expect(panel.html).toContain("Redraw 2nd place");
  });
});

describe("the wizard's shipping countries and prize kinds (decision 050)", () => {
  it("stores the ticked countries and each tier's kind, and refuses 'only these' with none ticked", async () => {
    const { jar } = await signedInJar("creator");
    const campaignId = await draftThroughStep(jar, 3);
    const path = `/create-campaign-v2?campaignId=${campaignId}`;
    const today = new Date().toISOString().slice(0, 10);
    const step4 = {
      step: "4",
      startDate: today,
      durationDays: "7",
      termsAccepted: "on",
      "additionalPrizes[0].title": "Gift card",
      "additionalPrizes[0].kind": "gift",
      "additionalPrizes[0].needsAddress": "on",
      "additionalPrizes[1].title": "Another tee",
      "additionalPrizes[1].kind": "merch",
      "additionalPrizes[1].needsAddress": "on",
    };
    const send = (fields: Record<string, string | string[]>) =>
      fetch(`${app.url}${path}`, { method: "POST", redirect: "manual", headers: { Cookie: jar.header() }, body: form(fields) });

    const page = await getPage(path.replace("?", "?step=4&"), jar.header());
    expect(page.status).toBe(200);
    expect(page.html).toContain("Everywhere our print partner ships");

    const none = await send({ ...step4, shipScope: "chosen" });
    expect(none.status).toBe(400);
    expect(decode(await none.text())).toContain(SHIP_COUNTRY_MESSAGES.noneChosen);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } })).shipCountries).toBe("");

    const saved = await send({ ...step4, shipScope: "chosen", shipCountries: ["GB", "CA"] });
    expect(saved.status).toBe(302);
    const row = await prisma.campaign.findUniqueOrThrow({
      where: { id: campaignId },
      include: { additionalPrizes: { orderBy: { rank: "asc" } } },
    });
    expect(row.shipCountries).toBe("CA,GB");
    expect(row.additionalPrizes.map((p) => [p.rank, p.kind, p.needsAddress])).toEqual([
      [2, "gift", true],
      // A printed tier always ships: needsAddress is a gift's choice only.
      [3, "merch", false],
    ]);

    expect((await send({ ...step4, shipScope: "everywhere", shipCountries: ["GB"] })).status).toBe(302);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } })).shipCountries).toBe("");
  });
});
