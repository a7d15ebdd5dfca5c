import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as wizard from "~/routes/create-campaign-v2";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { bodyOf, type CookieJar, get, postForm as httpPostForm, run, statusOf } from "../helpers/http";
import { draftThroughStep, form, postForm, signedInJar, STEP1 } from "../helpers/wizard";

/** Decision 048: a live campaign's presentation is edited at the wizard's address; what the rules and the draw depend on is not. */
describe("editing a live campaign, over real HTTP", () => {
  let app: InProcessAppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });

  afterAll(async () => {
    await app.close();
  });

  const editPath = (id: string) => `/create-campaign-v2?campaignId=${id}`;
  const post = (jar: CookieJar, id: string, fields: Record<string, string>) =>
    httpPostForm(app.url, editPath(id), fields, { Cookie: jar.header(), Origin: app.url });
  const multipart = (jar: CookieJar, id: string, body: FormData) =>
    fetch(`${app.url}${editPath(id)}`, { method: "POST", redirect: "manual", headers: { Cookie: jar.header(), Origin: app.url }, body });

  /** The platforms the live campaigns below listed at launch: their handles may be corrected (decision 057). */
  const LISTED_PLATFORMS = { instagramHandle: "acme.old", xHandle: "acme_old" };

  const presentation = {
    intent: "live-edit",
    title: "Summer Tee Giveaway, fixed typo",
    description: "Win our summer tee. Now with the typo fixed.",
    brandUrl: "acme.com/shop",
    instagramHandle: "@acme",
    xHandle: "acme",
    tiktokHandle: "",
    accentColor: "#1D4ED8",
    supportEmail: "Help@Acme.com",
  };

  it("saves the presentation, keeps every frozen field, moves updatedAt, and the public page shows it", async () => {
    const { jar, userId } = await signedInJar();
    const live = await createCampaign({ ...LISTED_PLATFORMS, creatorId: userId, accentColor: "", brandUrl: "" });
    const response = await post(jar, live.id, presentation);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(editPath(live.id));

    const saved = await prisma.campaign.findUniqueOrThrow({ where: { id: live.id } });
    expect(saved).toMatchObject({
      title: presentation.title,
      description: presentation.description,
      brandUrl: "https://acme.com/shop",
      instagramHandle: "acme",
      xHandle: "acme",
      accentColor: "#1d4ed8",
      supportEmail: "help@acme.com",
    });
    // Nothing the rules or the draw depend on moved.
    for (const key of [
      "status",
      "planId",
      "startDate",
      "endDate",
      "durationDays",
      "drawCommitment",
      "drawSeed",
      "brandName",
      "productType",
    ] as const) {
      expect(saved[key], key).toEqual(live[key]);
    }
    // The share card and poster are versioned by updatedAt, so they are drawn anew.
    expect(saved.updatedAt.getTime()).toBeGreaterThan(live.updatedAt.getTime());

    const page = await fetch(`${app.url}/campaign/${live.id}`);
    expect(await page.text()).toContain("Now with the typo fixed.");
  });

  it("refuses a crafted POST that changes a frozen field with 409 and the reason, changing nothing (not even the allowed fields)", async () => {
    const { jar, userId } = await signedInJar();
    const live = await createCampaign({ ...LISTED_PLATFORMS, creatorId: userId });
    await prisma.additionalPrize.create({ data: { campaignId: live.id, rank: 2, title: "Gift card" } });
    const before = await prisma.campaign.findUniqueOrThrow({ where: { id: live.id } });
    const attempts: [Record<string, string>, string][] = [
      [{ durationDays: "30" }, "Duration"],
      [{ startDate: "2030-01-01" }, "Start date"],
      // The zone the dates are read in is fixed with them (decision 095).
      [{ timeZone: "Asia/Tokyo" }, "Time zone"],
      [{ planId: "starter_tee" }, "Plan"],
      [{ entryLimit: "1000000" }, "Entry cap"],
      [{ limitOneEntryPerPerson: "" }, "One entry per person"],
      [{ productType: "mug" }, "Product"],
      [{ selectedColors: "black" }, "Colours"],
      [{ shipCountries: "US" }, "Shipping countries"],
      [{ "additionalPrizes[0].title": "A car" }, "Prize titles"],
      [{ "additionalPrizes[1].title": "A boat" }, "Prizes and their number"],
      [{ drawCommitment: "0".repeat(64) }, "Draw commitment"],
    ];
    for (const [frozen, label] of attempts) {
      const response = await post(jar, live.id, { ...presentation, ...frozen });
      expect(response.status, label).toBe(409);
      expect(await response.text(), label).toContain(
        `${label}: Fixed at launch: the official rules and the draw depend on it. Nothing was changed.`,
      );
    }
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: live.id } })).toEqual(before);
    expect(await prisma.additionalPrize.findMany({ where: { campaignId: live.id } })).toMatchObject([{ title: "Gift card" }]);

    // The same values as stored (a wizard form from before launch, sent unchanged) are not a change.
    const unchanged = await post(jar, live.id, {
      ...presentation,
      durationDays: "7",
      productType: "t-shirt",
      timeZone: "UTC",
      "additionalPrizes[0].title": "Gift card",
    });
    expect(unchanged.status).toBe(302);
  });

  it("refuses bad presentation input with the field's message (400), saving nothing", async () => {
    const { jar, userId } = await signedInJar();
    const live = await createCampaign({ ...LISTED_PLATFORMS, creatorId: userId });
    const response = await post(jar, live.id, { ...presentation, supportEmail: "not an email", accentColor: "#ffff00" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a valid support email (e.g., help@example.com).");
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: live.id } })).toEqual(live);
  });

  it("answers 404 to another creator, and leaves the campaign alone", async () => {
    const { userId } = await signedInJar("owner");
    const live = await createCampaign({ ...LISTED_PLATFORMS, creatorId: userId });
    const { jar: other } = await signedInJar("other");
    const response = await post(other, live.id, presentation);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Campaign not found or you don&#x27;t have access.");
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: live.id } })).toEqual(live);
  });

  it("refuses a campaign past its end, and a completed one, changing nothing", async () => {
    const { jar, userId } = await signedInJar();
    const past = await createCampaign({
      creatorId: userId,
      startDate: new Date(Date.now() - 10 * 86_400_000),
      endDate: new Date(Date.now() - 3 * 86_400_000),
    });
    const completed = await createCampaign({ ...LISTED_PLATFORMS, creatorId: userId, status: "completed" });
    for (const campaign of [past, completed]) {
      // With JavaScript (single fetch's .data request): the action's own 409 and message.
      const withJs = await httpPostForm(app.url, `/create-campaign-v2.data?campaignId=${campaign.id}`, presentation, {
        Cookie: jar.header(),
        Origin: app.url,
      });
      expect(withJs.status).toBe(409);
      expect(await withJs.text()).toContain("This giveaway has ended");
      // Without: there is no form to show again, so the browser goes to the dashboard, which says why.
      const withoutJs = await post(jar, campaign.id, presentation);
      expect(withoutJs.status).toBe(302);
      expect(withoutJs.headers.get("Location")).toBe("/my-campaigns");
      expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toEqual(campaign);
    }
  });

  it("changes a prize's picture but not its title, and keeps a design file out", async () => {
    const { jar, userId } = await signedInJar();
    const live = await createCampaign({ ...LISTED_PLATFORMS, creatorId: userId });
    const prize = await prisma.additionalPrize.create({ data: { campaignId: live.id, rank: 2, title: "Gift card" } });
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#16a34a" } })
      .png()
      .toBuffer();
    const body = form({ ...presentation, "additionalPrizes[0].imageUrl": "" });
    body.append("additionalPrizes[0].imageFile", new File([new Uint8Array(png)], "prize.png", { type: "image/png" }));
    const response = await multipart(jar, live.id, body);
    expect(response.status).toBe(302);
    const saved = await prisma.additionalPrize.findUniqueOrThrow({ where: { id: prize.id } });
    expect(saved.title).toBe("Gift card");
    expect(saved.imageUrl).toMatch(/^\/uploads\/prize_image\//);

    const design = form({ ...presentation });
    design.append("designFile", new File([new Uint8Array(png)], "design.png", { type: "image/png" }));
    const refused = await multipart(jar, live.id, design);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Design: Fixed at launch");
  });
});

describe("wizard fixes", () => {
  it("adds https:// to a Brand URL typed without a scheme, and keeps one typed with it", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 1);
    const url = `/create-campaign-v2?campaignId=${id}`;
    expect(statusOf(await run(wizard.action, postForm(jar, url, form({ ...STEP1, brandUrl: "acme.com" }))))).toBe(302);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).brandUrl).toBe("https://acme.com");
    expect(statusOf(await run(wizard.action, postForm(jar, url, form({ ...STEP1, brandUrl: "http://acme.com/x" }))))).toBe(302);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).brandUrl).toBe("http://acme.com/x");
    const refused = await run(wizard.action, postForm(jar, url, form({ ...STEP1, brandUrl: "javascript:alert(1)" })));
    expect(statusOf(refused)).toBe(400);
    expect(bodyOf<{ result: { error: Record<string, string[]> } }>(refused).result.error.brandUrl).toEqual([
      "Enter a valid URL (e.g., https://example.com).",
    ]);
  });

  it("saves the support email in step 1, and refuses one that is not an email", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 1);
    const url = `/create-campaign-v2?campaignId=${id}`;
    const refused = await run(wizard.action, postForm(jar, url, form({ ...STEP1, supportEmail: "help@" })));
    expect(statusOf(refused)).toBe(400);
    expect(bodyOf<{ result: { error: Record<string, string[]> } }>(refused).result.error.supportEmail).toEqual([
      "Enter a valid support email (e.g., help@example.com).",
    ]);
    expect(statusOf(await run(wizard.action, postForm(jar, url, form({ ...STEP1, supportEmail: "help@suite.example" }))))).toBe(302);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).supportEmail).toBe("help@suite.example");
    // Step 1 shows it again, so saving the step once more keeps it.
    const screen = bodyOf<{ values: { supportEmail: string } }>(await run(wizard.loader, get(jar, `${url}&step=1`)));
    expect(screen.values.supportEmail).toBe("help@suite.example");
  });

  it("stores one uploaded file once: the same bytes again reuse the row and the file", async () => {
    const { jar, userId } = await signedInJar();
    const id = await draftThroughStep(jar, 2);
    const url = `/create-campaign-v2?campaignId=${id}`;
    const png = await sharp({ create: { width: 48, height: 48, channels: 4, background: "#db2777" } })
      .png()
      .toBuffer();
    const logo = () => new File([new Uint8Array(png)], "logo.png", { type: "image/png" });
    for (let i = 0; i < 2; i++) {
      expect(statusOf(await run(wizard.action, postForm(jar, url, form({ ...STEP1, logoFile: logo() }))))).toBe(302);
    }
    const assets = await prisma.uploadedAsset.findMany({ where: { userId, kind: "logo" } });
    expect(assets).toHaveLength(1);
    expect(assets[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).logoUrl).toBe(`/uploads/${assets[0]?.path}`);

    // The same picture as cover and bonus image in one submit: one product_image row.
    const both = form({ ...STEP1, isPromotingProduct: "yes", productTitle: "Sticker pack", coverFile: logo(), productImageFile: logo() });
    expect(statusOf(await run(wizard.action, postForm(jar, url, both)))).toBe(302);
    expect(await prisma.uploadedAsset.count({ where: { userId, kind: "product_image" } })).toBe(1);
    const saved = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    expect(saved.coverImageUrl).toBe(saved.productImageUrl);
  });

  it("adds a prize without JavaScript with no 'required' message before Continue", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 3);
    const insert = JSON.stringify({ type: "insert", payload: { name: "additionalPrizes", defaultValue: { title: "", code: "" } } });
    const result = await run(
      wizard.action,
      postForm(
        jar,
        `/create-campaign-v2?campaignId=${id}`,
        form({ step: "4", startDate: new Date().toISOString().slice(0, 10), giveBonusGiftToWinner: "on", __intent__: insert }),
      ),
    );
    expect(statusOf(result)).toBe(200);
    const body = bodyOf<{ result: { error?: Record<string, string[]>; initialValue: Record<string, unknown> } }>(result);
    expect(body.result.error ?? {}).toEqual({});
    expect(body.result.initialValue.additionalPrizes).toHaveLength(1);
  });
});
