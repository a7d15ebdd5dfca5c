/**
 * Stored images are references to uploads (over real HTTP). An image URL a wizard form sends (an
 * additional prize's kept image, the chosen design) must be one the campaign already stores there
 * or name an upload the signed-in user owns. A path that climbs out of the uploads, which made every
 * visitor's browser request another campaign's page, and another user's perfectly valid upload
 * are both refused with a field message, and nothing is stored.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN_MESSAGES } from "~/domain/campaign-schemas";
import { prisma } from "~/server/core/db.server";
import { storeImageUpload } from "~/server/media/uploads.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { draftThroughStep, signedInJar } from "../helpers/wizard";

let app: InProcessAppServer;
let cookie = "";
let ownerId = "";
let draftId = "";
let otherCampaignId = "";
let othersPrizeImage = "";
let othersDesign = "";
let ownPrizeImage = "";
let ownDesign = "";

async function png(kind: "prize_image" | "custom_design", userId: string): Promise<string> {
  const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#16a34a" } })
    .png()
    .toBuffer();
  const stored = await storeImageUpload(new File([new Uint8Array(bytes)], "image.png", { type: "image/png" }), kind, userId);
  if (!stored.ok) throw new Error(stored.message);
  return stored.url;
}

beforeAll(async () => {
  app = await startAppServer();
  const owner = await signedInJar("images");
  cookie = owner.jar.header();
  ownerId = owner.userId;
  draftId = await draftThroughStep(owner.jar, 3);
  const other = await signedInJar("someone-else");
  otherCampaignId = (await createCampaign({ creatorId: other.userId })).id;
  othersPrizeImage = await png("prize_image", other.userId);
  othersDesign = await png("custom_design", other.userId);
  ownPrizeImage = await png("prize_image", ownerId);
  ownDesign = await png("custom_design", ownerId);
});

afterAll(async () => {
  await app?.close();
});

function post(fields: Record<string, string>): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(`${app.url}/create-campaign-v2?campaignId=${draftId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie },
    body,
  });
}

function step4(imageUrl: string): Promise<Response> {
  return post({
    step: "4",
    startDate: new Date().toISOString().slice(0, 10),
    durationDays: "14",
    termsAccepted: "on",
    "additionalPrizes[0].title": "Sticker pack",
    "additionalPrizes[0].imageUrl": imageUrl,
  });
}

const snapshot = () =>
  prisma.campaign.findUniqueOrThrow({
    where: { id: draftId },
    select: { durationDays: true, finalDesignUrl: true, additionalPrizes: { select: { title: true, imageUrl: true } } },
  });

describe("an additional prize's image", () => {
  it.each([
    ["a path that climbs out of the uploads", () => `/uploads/prize_image/../../campaign/${otherCampaignId}`],
    ["an encoded climb", () => `/uploads/prize_image/%2e%2e/%2e%2e/campaign/${otherCampaignId}`],
    ["another user's prize image", () => othersPrizeImage],
    ["the user's own upload of another kind", () => ownDesign],
    ["a page of the site", () => `/campaign/${otherCampaignId}`],
    ["another site", () => "https://evil.example/x.png"],
  ])("refuses %s with a field message and stores nothing", async (_name, url) => {
    const before = await snapshot();
    const response = await step4(url());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(CAMPAIGN_MESSAGES.imageNotYours);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps the user's own prize image, and the image the prize already has", async () => {
    expect((await step4(ownPrizeImage)).status).toBe(302);
    expect((await snapshot()).additionalPrizes).toEqual([{ title: "Sticker pack", imageUrl: ownPrizeImage }]);
    // Kept on the next save even if the upload's record were gone: it is what the campaign stores.
    await prisma.uploadedAsset.updateMany({ where: { path: ownPrizeImage.slice("/uploads/".length) }, data: { userId: null } });
    expect((await step4(ownPrizeImage)).status).toBe(302);
    expect((await snapshot()).additionalPrizes).toEqual([{ title: "Sticker pack", imageUrl: ownPrizeImage }]);
  });
});

describe("the chosen design", () => {
  function step3(finalDesignUrl: string): Promise<Response> {
    return post({ step: "3", designMode: "upload", finalDesignUrl, selectedColors: "white", selectedSizes: "M" });
  }

  it.each([
    ["another user's upload", () => othersDesign],
    ["a path that climbs out of the uploads", () => `/uploads/custom_design/../../campaign/${otherCampaignId}`],
    ["the user's own upload of another kind", () => ownPrizeImage],
  ])("refuses %s with a field message and stores nothing", async (_name, url) => {
    const before = await snapshot();
    const response = await step3(url());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CAMPAIGN_MESSAGES.designNotYours);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps the campaign's current design", async () => {
    const { finalDesignUrl } = await snapshot();
    expect(finalDesignUrl).toMatch(/^\/uploads\/custom_design\//);
    expect((await step3(finalDesignUrl!)).status).toBe(302);
    expect((await snapshot()).finalDesignUrl).toBe(finalDesignUrl);
  });
});
