import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCENT_MESSAGES, contrastWithWhite } from "~/domain/brand-colors";
import * as wizard from "~/routes/create-campaign-v2";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { bodyOf, run, statusOf } from "../helpers/http";
import { draftThroughStep, form, postForm, signedInJar, STEP1 } from "../helpers/wizard";

// The brand's campaign page (decision 043): what step 1 stores for it, and what the page
// then shows, over real HTTP.

type Refusal = { result: { error: Record<string, string[]> } };

async function coverFile(): Promise<File> {
  const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: "#0e7490" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "cover.png", { type: "image/png" });
}

describe("step 1: the campaign page's cover, accent and branding", () => {
  it("refuses an accent white text cannot be read on, with the ratio, and saves nothing of the step", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 2);
    const url = `/create-campaign-v2?campaignId=${id}`;
    const result = await run(wizard.action, postForm(jar, url, form({ ...STEP1, title: "A changed title", accentColor: "#FACC15" })));
    expect(statusOf(result)).toBe(400);
    expect(bodyOf<Refusal>(result).result.error.accentColor).toEqual([ACCENT_MESSAGES.lowContrast(contrastWithWhite("#facc15"))]);
    expect(bodyOf<Refusal>(result).result.error.accentColor?.[0]).toContain("1.5:1");
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ title: STEP1.title, accentColor: "" });

    const malformed = await run(wizard.action, postForm(jar, url, form({ ...STEP1, accentColor: "blue" })));
    expect(statusOf(malformed)).toBe(400);
    expect(bodyOf<Refusal>(malformed).result.error.accentColor).toEqual([ACCENT_MESSAGES.invalid]);
  });

  it("stores a readable accent (lower-cased) and the cover image, and an empty field clears the accent", async () => {
    const { jar, userId } = await signedInJar();
    const id = await draftThroughStep(jar, 2);
    const url = `/create-campaign-v2?campaignId=${id}`;
    const saved = await run(wizard.action, postForm(jar, url, form({ ...STEP1, accentColor: "#1D4ED8", coverFile: await coverFile() })));
    expect(statusOf(saved)).toBe(302);
    const campaign = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    expect(campaign.accentColor).toBe("#1d4ed8");
    expect(campaign.coverImageUrl).toMatch(/^\/uploads\/product_image\/[A-Za-z0-9_-]+\.png$/);
    // Recorded as the creator's upload, like the logo.
    const path = campaign.coverImageUrl!.replace("/uploads/", "");
    expect(await prisma.uploadedAsset.count({ where: { userId, path } })).toBe(1);

    // Saving again without a file keeps the cover; "remove" drops it; an empty accent means none.
    expect(statusOf(await run(wizard.action, postForm(jar, url, form({ ...STEP1, accentColor: "" }))))).toBe(302);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({
      accentColor: "",
      coverImageUrl: campaign.coverImageUrl,
    });
    expect(statusOf(await run(wizard.action, postForm(jar, url, form({ ...STEP1, removeCover: "on" }))))).toBe(302);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).coverImageUrl).toBeNull();
  });

  it("keeps the choice to hide Powered by Giveawear only on a plan with custom branding", async () => {
    await prisma.plan.update({ where: { id: "pro_tee" }, data: { customBranding: true } });
    await prisma.plan.update({ where: { id: "starter_tee" }, data: { customBranding: false } });
    const { jar } = await signedInJar();

    const basic = await draftThroughStep(jar, 2, { planId: "starter_tee" });
    await run(wizard.action, postForm(jar, `/create-campaign-v2?campaignId=${basic}`, form({ ...STEP1, hideGiveawearBranding: "on" })));
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: basic } })).hideGiveawearBranding).toBe(false);

    const pro = await draftThroughStep(jar, 2, { planId: "pro_tee" });
    await run(wizard.action, postForm(jar, `/create-campaign-v2?campaignId=${pro}`, form({ ...STEP1, hideGiveawearBranding: "on" })));
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: pro } })).hideGiveawearBranding).toBe(true);
  });
});

describe("the public campaign page", () => {
  let app: InProcessAppServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app.close();
  });

  const html = async (id: string) => (await fetch(`${app.url}/campaign/${id}`)).text();

  it("shows the brand's profiles as links, its accent, and Powered by Giveawear with the legal links", async () => {
    const campaign = await createCampaign({
      instagramHandle: "suiteco",
      xHandle: "@suite_co",
      tiktokHandle: "suite.co",
      accentColor: "#1d4ed8",
      customBranding: false,
      hideGiveawearBranding: true,
    });
    const page = await html(campaign.id);
    expect(page).toContain('href="https://www.instagram.com/suiteco"');
    expect(page).toContain('href="https://x.com/suite_co"');
    expect(page).toContain('href="https://www.tiktok.com/@suite.co"');
    expect(page).toContain("--color-brand-700:#1d4ed8");
    expect(page).toMatch(/Powered by(<!-- -->)? <a[^>]*>Giveawear<\/a>/);
    for (const link of [`/campaign/${campaign.id}/rules`, "/terms", "/privacy"]) expect(page).toContain(`href="${link}"`);
    // The brand's frame, not the site's: no site navigation.
    expect(page).not.toContain('href="/pricing"');
    // The entry form answers at its own anchor, at the address the browser shows (a referral link's ?ref=, decision 067).
    expect(page).toContain('action="#enter"');
  });

  it("drops Powered by Giveawear, and only that, when custom branding is on and the creator hid it", async () => {
    const campaign = await createCampaign({ customBranding: true, hideGiveawearBranding: true });
    const page = await html(campaign.id);
    expect(page).not.toContain("Powered by");
    for (const link of [`/campaign/${campaign.id}/rules`, "/terms", "/privacy"]) expect(page).toContain(`href="${link}"`);
  });

  it("leaves out an accent that fails the contrast check and a handle a network would not allow", async () => {
    const campaign = await createCampaign({ accentColor: "#fde047", instagramHandle: "bad handle/../x" });
    const page = await html(campaign.id);
    expect(page).not.toContain("--color-brand-700");
    expect(page).not.toContain("instagram.com");
  });

  it("says a full giveaway is full, without a countdown or a bonus-entry promise", async () => {
    const campaign = await createCampaign({ entryLimit: 3, entryCount: 3 });
    const page = await html(campaign.id);
    expect(page).toContain("This giveaway is full");
    expect(page).not.toContain("Time left to enter");
    expect(page).not.toContain("bonus entries");
    expect(page).not.toContain("Enter Now");
  });
});
