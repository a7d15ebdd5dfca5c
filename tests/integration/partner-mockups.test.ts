import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { campaignColorImages, campaignImage, parsePartnerMockups } from "~/domain/mockups";
import { PRINTIFY_PRODUCTS } from "~/domain/printify";
import { campaignPath } from "~/paths";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { runJobsOnce } from "~/server/jobs/run.server";
import { MOCKUP_MAX_ATTEMPTS, MOCKUP_RETRY_MS, pendingState, runPartnerMockups } from "~/server/jobs/partner-mockups.server";
import { uploadsDirectory } from "~/server/media/uploads.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { type FakePrintify, startFakePrintifyServer } from "../fakes/printify-server";

const TOKEN = "pfy_test_token_mockups_0123456789";
const SHOP_ID = "424242";
const PRINTIFY_ENV = ["PRINTIFY_API_TOKEN", "PRINTIFY_SHOP_ID", "PRINTIFY_API_URL"];
const MINUTE = 60_000;

let fake: FakePrintify;
let app: InProcessAppServer;

async function configure(env: Record<string, string>) {
  for (const name of PRINTIFY_ENV) delete process.env[name];
  Object.assign(process.env, env);
  resetConfigForTests();
  await app?.resetConfig();
}
const printifyEnv = () => ({ PRINTIFY_API_TOKEN: TOKEN, PRINTIFY_SHOP_ID: SHOP_ID, PRINTIFY_API_URL: fake.url });

beforeAll(async () => {
  fake = await startFakePrintifyServer({ token: TOKEN, shopId: SHOP_ID });
  await configure(printifyEnv());
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
  await fake.close();
  for (const name of PRINTIFY_ENV) delete process.env[name];
  resetConfigForTests();
});

beforeEach(async () => {
  await configure(printifyEnv());
  // The step works on every active campaign: earlier tests' campaigns are finished so each test sees its own.
  await prisma.campaign.updateMany({ where: { status: "active" }, data: { status: "completed" } });
});

/** A live campaign with an uploaded design file, as the wizard leaves it at launch. */
async function launchedCampaign(overrides: { productType?: string; selectedColors?: string; selectedSizes?: string } = {}) {
  const name = randomBytes(6).toString("hex");
  const directory = path.join(uploadsDirectory(), "custom_design");
  await mkdir(directory, { recursive: true });
  const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: "#E4572E" } })
    .png()
    .toBuffer();
  await writeFile(path.join(directory, `${name}.png`), png);
  return createCampaign({
    productType: "t-shirt",
    selectedColors: "black,white",
    selectedSizes: "M,L",
    finalDesignUrl: `/uploads/custom_design/${name}.png`,
    ...overrides,
  });
}

const stored = async (id: string) =>
  prisma.campaign.findUniqueOrThrow({ where: { id }, select: { printifyMockups: true, printifyProductId: true } });

describe("partner mockups (Printify)", () => {
  it("after launch the job step uploads the design, creates the product and keeps one front mockup per colour, which every picture of the campaign then uses", async () => {
    const campaign = await launchedCampaign();
    const uploadsBefore = fake.uploads.length;

    const summary = await runJobsOnce();
    expect(summary.errors).toEqual([]);

    // Printify got the design's bytes and a product with the campaign's colours and sizes only.
    expect(fake.uploads.length).toBe(uploadsBefore + 1);
    const product = fake.products.at(-1);
    const tee = PRINTIFY_PRODUCTS["t-shirt"];
    expect(product?.blueprint_id).toBe(tee.blueprintId);
    expect(product?.print_provider_id).toBe(tee.printProviderId);
    expect(product?.variants.map((v) => v.id).sort()).toEqual(
      [tee.variants.black.M, tee.variants.black.L, tee.variants.white.M, tee.variants.white.L].sort(),
    );

    const row = await stored(campaign.id);
    expect(row.printifyProductId).toBe(product?.id);
    const mockups = parsePartnerMockups(row.printifyMockups);
    expect(Object.keys(mockups).sort()).toEqual(["black", "white"]);
    // The front image of each colour was fetched and kept as our own upload.
    expect(fake.imageRequests.filter((p) => p.includes(product?.id ?? "-")).every((p) => p.endsWith("/front.jpg"))).toBe(true);

    // Served from our origin, and it is the black mockup (dark pixels), not the white one.
    const black = await fetch(`${app.url}${mockups.black}`);
    expect(black.status).toBe(200);
    expect(black.headers.get("content-type")).toBe("image/jpeg");
    const stats = await sharp(Buffer.from(await black.arrayBuffer())).stats();
    expect(stats.channels[0]?.mean).toBeLessThan(60);

    // Every picture of the campaign is now the partner's photo, in each colour; served resized like uploads.
    const withMockups = { ...campaign, printifyMockups: row.printifyMockups };
    expect(campaignImage(withMockups)?.src).toBe(`${mockups.black}?w=800`);
    expect(campaignColorImages(withMockups).map((image) => image.image.src)).toEqual([`${mockups.black}?w=800`, `${mockups.white}?w=800`]);
    const resized = await fetch(`${app.url}${mockups.white}?w=400`, { headers: { Accept: "image/avif,image/webp" } });
    expect(resized.status).toBe(200);
    expect(resized.headers.get("content-type")).toBe("image/avif");

    // Done: a second pass makes no second product.
    const products = fake.products.length;
    await runPartnerMockups();
    expect(fake.products.length).toBe(products);
  });

  it("a failure leaves the local mockups in place and is retried later, reusing a product already made", async () => {
    const campaign = await launchedCampaign({ productType: "hoodie", selectedColors: "heather_gray", selectedSizes: "L" });
    const now = new Date();

    fake.failNext(1, 500);
    const first = await runPartnerMockups(now);
    expect(first.failed).toBe(1);
    let row = await stored(campaign.id);
    expect(parsePartnerMockups(row.printifyMockups)).toEqual({});
    expect(pendingState(row.printifyMockups)).toMatchObject({ attempts: 1 });
    // The page still answers, with the local renderer's mockup.
    const page = await fetch(`${app.url}${campaignPath(campaign.id)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/mockups/hoodie/heather_gray/");

    // Not before the retry time.
    await runPartnerMockups(new Date(now.getTime() + 5 * MINUTE));
    expect(pendingState((await stored(campaign.id)).printifyMockups)).toMatchObject({ attempts: 1 });

    // The product gets made, but its image cannot be downloaded: the product id is kept.
    fake.breakImages(1);
    const productsBefore = fake.products.length;
    await runPartnerMockups(new Date(now.getTime() + MOCKUP_RETRY_MS + MINUTE));
    row = await stored(campaign.id);
    expect(fake.products.length).toBe(productsBefore + 1);
    expect(row.printifyProductId).toBe(fake.products.at(-1)?.id);
    expect(pendingState(row.printifyMockups)).toMatchObject({ attempts: 2 });

    // The next retry reads that product instead of making another.
    await runPartnerMockups(new Date(now.getTime() + 2 * MOCKUP_RETRY_MS + 2 * MINUTE));
    row = await stored(campaign.id);
    expect(fake.products.length).toBe(productsBefore + 1);
    expect(Object.keys(parsePartnerMockups(row.printifyMockups))).toEqual(["heather_gray"]);
  });

  it("gives up after the last attempt, and does nothing without Printify configured", async () => {
    const campaign = await launchedCampaign();
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: { printifyMockups: JSON.stringify({ pending: { until: new Date(0).toISOString(), attempts: MOCKUP_MAX_ATTEMPTS } }) },
    });
    const requests = fake.requests.length;
    await runPartnerMockups();
    expect(fake.requests.length).toBe(requests);

    const other = await launchedCampaign();
    await configure({});
    await runPartnerMockups();
    expect((await stored(other.id)).printifyMockups).toBe("");
    expect(fake.requests.length).toBe(requests);
  });

  it("a mug in a colour the partner does not make keeps the local mockups", async () => {
    const campaign = await launchedCampaign({ productType: "mug", selectedColors: "black", selectedSizes: "" });
    const requests = fake.requests.length;
    await runPartnerMockups();
    expect((await stored(campaign.id)).printifyMockups).toBe("{}");
    expect(fake.requests.length).toBe(requests);
  });
});
