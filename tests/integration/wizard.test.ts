import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as wizard from "~/routes/create-campaign-v2";
import * as success from "~/routes/campaign-success.$campaignId";
import { prisma } from "~/server/core/db.server";
import { configuredChain } from "~/server/draw/beacon.server";
import { plannedBeaconRound } from "~/server/draw/freeze.server";
import { campaignWindow, TIME_ZONE_INVALID } from "~/domain/campaign-time-zone";
import { readToast } from "~/server/core/toast.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { bodyOf, CookieJar, get, postForm as httpPostForm, location, run, statusOf } from "../helpers/http";
import { draftThroughStep, form, postForm, signedInJar, STEP1 } from "../helpers/wizard";

/** Step 3 with an uploaded design (a small PNG of `colour`), black shirts (unless told) and the given sizes. */
async function uploadStep3(colour: string): Promise<(sizes: string[], colors?: string[]) => FormData> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: colour } })
    .png()
    .toBuffer();
  return (sizes, colors = ["black"]) =>
    form({
      step: "3",
      designMode: "upload",
      designFile: new File([new Uint8Array(png)], "design.png", { type: "image/png" }),
      selectedColors: colors,
      selectedSizes: sizes,
    });
}

describe("the campaign wizard", () => {
  it("refuses a step with the spec's messages and the validation toast, saving nothing", async () => {
    const { jar } = await signedInJar();
    const before = await prisma.campaign.count();
    const result = await run(
      wizard.action,
      postForm(jar, "/create-campaign-v2", form({ step: "1", title: "Hey", isPromotingProduct: "yes" })),
    );
    expect(statusOf(result)).toBe(400);
    const body = bodyOf<{ result: { error: Record<string, string[]> }; toast: { title: string; description: string } }>(result);
    expect(body.toast).toMatchObject({
      title: "Validation Error",
      description: "Please correct the errors on this step before proceeding.",
    });
    expect(body.result.error.title).toEqual(["Giveaway title must be at least 5 characters."]);
    expect(body.result.error.productTitle).toEqual(["Bonus item title is required if enabled."]);
    expect(await prisma.campaign.count()).toBe(before);
  });

  it("keeps the end date in step with start and duration", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 4);
    // A start date at most a year ahead: 40 days from today.
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const startDate = new Date(today + 40 * 86_400_000).toISOString().slice(0, 10);
    await run(
      wizard.action,
      postForm(jar, `/create-campaign-v2?campaignId=${id}`, form({ step: "4", startDate, durationDays: "21", termsAccepted: "on" })),
    );
    const saved = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    // Without a zone the dates are UTC's: the last (21st) day ends at 23:59 (decision 095).
    expect(saved.timeZone).toBe("UTC");
    expect(saved.endDate?.toISOString()).toBe(new Date(today + 61 * 86_400_000 - 60_000).toISOString());
  });

  it("reads start and end on the chosen zone's clocks, and refuses a zone that is not an IANA name", async () => {
    const { jar, userId } = await signedInJar();
    const id = await draftThroughStep(jar, 4);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const startDate = new Date(today + 40 * 86_400_000).toISOString().slice(0, 10);
    const before = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    const refused = await run(
      wizard.action,
      postForm(
        jar,
        `/create-campaign-v2?campaignId=${id}`,
        form({ step: "4", startDate, durationDays: "7", termsAccepted: "on", timeZone: "Mars/Olympus_Mons" }),
      ),
    );
    expect(statusOf(refused)).toBe(400);
    expect(bodyOf<{ result: { error: Record<string, string[]> } }>(refused).result.error.timeZone).toEqual([TIME_ZONE_INVALID]);
    const unchanged = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    expect([unchanged.startDate, unchanged.endDate, unchanged.timeZone]).toEqual([before.startDate, before.endDate, before.timeZone]);

    await run(
      wizard.action,
      postForm(
        jar,
        `/create-campaign-v2?campaignId=${id}`,
        form({ step: "4", startDate, durationDays: "7", termsAccepted: "on", timeZone: "America/New_York" }),
      ),
    );
    const saved = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    const window = campaignWindow(startDate, 7, "America/New_York")!;
    expect(saved.timeZone).toBe("America/New_York");
    expect(saved.startDate?.toISOString()).toBe(window.start.toISOString());
    expect(saved.endDate?.toISOString()).toBe(window.end.toISOString());
    // New York is 4 or 5 hours behind UTC: 00:00 there is 04:00 or 05:00 UTC.
    expect(saved.startDate?.toISOString()).toMatch(new RegExp(`^${startDate}T0[45]:00:00.000Z$`));

    // The same creator's next campaign starts on that choice, which stands with JavaScript too (decision 096).
    const { id: next } = await createCampaign({ creatorId: userId, status: "draft", startDate: null, endDate: null });
    const screen = bodyOf<{ values: { timeZone: string; startDate: string }; timeZoneChosen: boolean }>(
      await run(wizard.loader, get(jar, `/create-campaign-v2?campaignId=${next}&step=4`)),
    );
    expect(screen).toMatchObject({ values: { timeZone: "America/New_York", startDate: "" }, timeZoneChosen: true });
    // A creator with no earlier choice: UTC, which the browser's zone replaces with JavaScript.
    const fresh = await signedInJar();
    const { id: freshDraft } = await createCampaign({ creatorId: fresh.userId, status: "draft", startDate: null, endDate: null });
    const first = bodyOf<{ values: { timeZone: string }; timeZoneChosen: boolean }>(
      await run(wizard.loader, get(fresh.jar, `/create-campaign-v2?campaignId=${freshDraft}&step=4`)),
    );
    expect(first).toMatchObject({ values: { timeZone: "UTC" }, timeZoneChosen: false });
    // The saved campaign shows its own zone and its start date as the creator typed it.
    const own = bodyOf<{ values: { timeZone: string; startDate: string }; timeZoneChosen: boolean }>(
      await run(wizard.loader, get(jar, `/create-campaign-v2?campaignId=${id}&step=4`)),
    );
    expect(own).toMatchObject({ values: { timeZone: "America/New_York", startDate }, timeZoneChosen: true });
  });

  it("refuses a start date before yesterday", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 3);
    const result = await run(
      wizard.action,
      postForm(
        jar,
        `/create-campaign-v2?campaignId=${id}`,
        form({ step: "4", startDate: "2020-01-01", durationDays: "7", termsAccepted: "on" }),
      ),
    );
    expect(bodyOf<{ result: { error: Record<string, string[]> } }>(result).result.error.startDate).toEqual([
      "Start date cannot be before yesterday.",
    ]);
  });

  it("applies SAVE10 in any case, refuses unknown codes, and removes the coupon with an empty code", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 4, { planId: "growth_tee" });
    const url = `/create-campaign-v2?campaignId=${id}&step=5`;
    jar.absorb(
      (await run(wizard.action, postForm(jar, url, form({ step: "5", intent: "apply-coupon", couponCode: " save10 " })))) as Response,
    );
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({
      couponCode: "SAVE10",
      discountCents: 290,
      totalCents: 2610,
    });

    const bad = await run(wizard.action, postForm(jar, url, form({ step: "5", intent: "apply-coupon", couponCode: "FREESTUFF" })));
    expect(statusOf(bad)).toBe(400);
    expect(bodyOf<{ toast: { title: string; description: string } }>(bad).toast).toMatchObject({
      title: "Invalid Coupon",
      description: "The coupon code is not valid.",
    });
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ couponCode: "SAVE10", totalCents: 2610 });

    await run(wizard.action, postForm(jar, url, form({ step: "5", intent: "apply-coupon", couponCode: "" })));
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({
      couponCode: null,
      discountCents: 0,
      totalCents: 2900,
    });
  });

  it("launches a zero total at once with a draw commitment, and a paid one waits for payment", async () => {
    const { jar } = await signedInJar();
    const free = await draftThroughStep(jar, 4);
    const launched = (await run(
      wizard.action,
      postForm(jar, `/create-campaign-v2?campaignId=${free}`, form({ step: "5", intent: "launch" })),
    )) as Response;
    expect(location(launched)).toBe(`/campaign-success/${free}?free_campaign=true`);
    const row = await prisma.campaign.findUniqueOrThrow({ where: { id: free } });
    expect(row).toMatchObject({ status: "active", entryLimit: 50, totalCents: 0 });
    expect(row.drawCommitment).toMatch(/^[0-9a-f]{64}$/);
    // The round published with the launch, and the margin it was planned with (decision 110).
    expect(row.drawBeaconMarginMinutes).toBe(10);
    expect(row.drawBeaconRound).toBe(plannedBeaconRound(configuredChain(), row.endDate!, 10));
    const page = bodyOf<{ ok: boolean; campaign: { title: string } }>(
      await run(success.loader, get(jar, `/campaign-success/${free}?free_campaign=true`), { campaignId: free }),
    );
    expect(page).toMatchObject({ ok: true, campaign: { title: "Integration Giveaway" } });

    const paid = await draftThroughStep(jar, 4, { planId: "pro_tee" });
    await run(wizard.action, postForm(jar, `/create-campaign-v2?campaignId=${paid}`, form({ step: "5", intent: "launch" })));
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: paid } })).toMatchObject({ status: "pending_payment", totalCents: 7900 });
  });

  it("points the review at the steps that are missing", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 1);
    const result = await run(wizard.action, postForm(jar, `/create-campaign-v2?campaignId=${id}`, form({ step: "5", intent: "launch" })));
    expect(statusOf(result)).toBe(400);
    expect(bodyOf<{ problems: { step: number; message: string }[] }>(result).problems).toEqual([
      { step: 2, message: "No plan selected. Please go back to Step 2." },
      { step: 3, message: "No T-shirt design confirmed. Please go back to Step 3." },
      { step: 4, message: "Start date is missing. Please go back to Step 4." },
      // Decision 053: the official rules need the sponsor and the grand prize's value.
      { step: 4, message: "Sponsor's legal name is missing (the official rules name the sponsor). Please go back to Step 4." },
      { step: 4, message: "Sponsor's postal address is missing (the official rules state it). Please go back to Step 4." },
      { step: 4, message: "Approximate retail value of the grand prize is missing. Please go back to Step 4." },
    ]);
  });

  it("sends a visitor's launch to sign in", async () => {
    const visitor = new CookieJar();
    visitor.absorb((await run(wizard.action, postForm(visitor, "/create-campaign-v2", form(STEP1)))) as Response);
    const result = visitor.absorb(
      (await run(wizard.action, postForm(visitor, "/create-campaign-v2", form({ step: "5", intent: "launch" })))) as Response,
    );
    expect(location(result)).toMatch(/^\/create-campaign-v2\/sign-in\?/);
    expect((await readToast(get(visitor, "/"))).toast).toMatchObject({
      title: "Authentication Required",
      description: "Please sign in to launch your campaign.",
    });
  });

  it("will not open someone else's campaign for editing", async () => {
    const owner = await signedInJar();
    const id = await draftThroughStep(owner.jar, 1);
    const other = await signedInJar();
    const result = other.jar.absorb((await run(wizard.loader, get(other.jar, `/create-campaign-v2?campaignId=${id}`))) as Response);
    expect(location(result)).toBe("/my-campaigns");
    expect((await readToast(get(other.jar, "/"))).toast).toMatchObject({
      title: "Not Found",
      description: "Campaign not found or you don't have permission to edit it.",
    });
    // A signed-in creator's POST to it is answered like every owner check: 404, nothing written.
    const post = await run(
      wizard.action,
      postForm(other.jar, `/create-campaign-v2?campaignId=${id}`, form({ ...STEP1, title: "Hijacked title" })),
    );
    expect(statusOf(post)).toBe(404);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).title).toBe("Integration Giveaway");
  });

  it("refuses a bad design file with the spec's message and stores nothing", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 2);
    const assets = await prisma.uploadedAsset.count();
    const fake = new File([new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 1, 2, 3, 4])], "design.png", { type: "image/png" });
    const result = await run(
      wizard.action,
      postForm(
        jar,
        `/create-campaign-v2?campaignId=${id}`,
        form({ step: "3", designMode: "upload", designFile: fake, selectedColors: ["white"], selectedSizes: ["M"] }),
      ),
    );
    expect(statusOf(result)).toBe(400);
    expect(bodyOf<{ toast: { title: string } }>(result).toast.title).toBe("Upload Failed");
    expect(await prisma.uploadedAsset.count()).toBe(assets);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).finalDesignUrl).toBeNull();
  });

  it("refuses a size the product is not made in (a hoodie in XS) and saves the sizes it is made in", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 2, { productType: "hoodie" });
    const url = `/create-campaign-v2?campaignId=${id}`;
    const step3 = await uploadStep3("#0ea5e9");

    const refused = await run(wizard.action, postForm(jar, url, step3(["XS", "M"])));
    expect(statusOf(refused)).toBe(400);
    const body = bodyOf<{ result: { error: Record<string, string[]> }; toast: { title: string } }>(refused);
    expect(body.result.error.selectedSizes).toEqual(["Hoodies are not made in size XS."]);
    expect(body.toast.title).toBe("Validation Error");
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({
      selectedSizes: "M,L,XL",
      selectedColors: "white",
      finalDesignUrl: null,
    });

    expect(statusOf(await run(wizard.action, postForm(jar, url, step3(["S", "M", "3XL"]))))).toBe(302);
    const saved = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    expect(saved).toMatchObject({ productType: "hoodie", selectedSizes: "S,M,3XL", selectedColors: "black" });
    expect(saved.finalDesignUrl).toMatch(/^\/uploads\/custom_design\//);

    // A t-shirt is made in XS.
    const tee = await draftThroughStep(jar, 2);
    expect(statusOf(await run(wizard.action, postForm(jar, `/create-campaign-v2?campaignId=${tee}`, step3(["XS", "M"]))))).toBe(302);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: tee } })).selectedSizes).toBe("XS,M");
  });

  it("drops the chosen sizes a new product is not made in when step 1 changes the product", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 3);
    const url = `/create-campaign-v2?campaignId=${id}`;
    await prisma.campaign.update({ where: { id }, data: { selectedSizes: "XS,S,M" } });

    await run(wizard.action, postForm(jar, url, form({ ...STEP1, productType: "hoodie" })));
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ productType: "hoodie", selectedSizes: "S,M" });

    // A mug has no sizes: they all go, and a garment chosen again starts from the default sizes.
    await run(wizard.action, postForm(jar, url, form({ ...STEP1, productType: "mug" })));
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ productType: "mug", selectedSizes: "" });
    await run(wizard.action, postForm(jar, url, form({ ...STEP1, productType: "t-shirt" })));
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ productType: "t-shirt", selectedSizes: "M,L,XL" });
  });

  it("refuses a mug in a colour it is not made in, and drops a garment's colours when the product becomes a mug", async () => {
    const { jar } = await signedInJar();
    const step3 = await uploadStep3("#0ea5e9");
    const mug = await draftThroughStep(jar, 2, { productType: "mug" });
    const mugUrl = `/create-campaign-v2?campaignId=${mug}`;
    const before = await prisma.campaign.findUniqueOrThrow({ where: { id: mug } });
    const assets = await prisma.uploadedAsset.count({ where: { userId: before.creatorId } });
    const refused = await run(wizard.action, postForm(jar, mugUrl, step3([], ["white", "black"])));
    expect(statusOf(refused)).toBe(400);
    expect(bodyOf<{ result: { error: Record<string, string[]> } }>(refused).result.error.selectedColors).toEqual([
      "Mugs come in White only.",
    ]);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: mug } })).toEqual(before);
    expect(await prisma.uploadedAsset.count({ where: { userId: before.creatorId } })).toBe(assets);

    // A t-shirt in Black and Heather Gray that becomes a mug keeps only what a mug is made in: White.
    const { jar: other } = await signedInJar();
    const shirt = await draftThroughStep(other, 3);
    const shirtUrl = `/create-campaign-v2?campaignId=${shirt}`;
    await prisma.campaign.update({ where: { id: shirt }, data: { selectedColors: "black,heather_gray" } });
    expect(statusOf(await run(wizard.action, postForm(other, shirtUrl, form({ ...STEP1, productType: "mug" }))))).toBe(302);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: shirt } })).toMatchObject({
      productType: "mug",
      selectedColors: "white",
    });
  });

  it("saves a mug's step 3 with no sizes, and still requires a garment to have one", async () => {
    const { jar } = await signedInJar();
    const step3 = await uploadStep3("#f97316");

    // A new mug draft stores no sizes from its first save.
    const mug = await draftThroughStep(jar, 2, { productType: "mug" });
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: mug } })).toMatchObject({ productType: "mug", selectedSizes: "" });
    const mugUrl = `/create-campaign-v2?campaignId=${mug}`;
    expect(statusOf(await run(wizard.action, postForm(jar, mugUrl, step3([], ["white"]))))).toBe(302);
    const saved = await prisma.campaign.findUniqueOrThrow({ where: { id: mug } });
    expect(saved).toMatchObject({ selectedSizes: "", selectedColors: "white" });
    expect(saved.finalDesignUrl).toMatch(/^\/uploads\/custom_design\//);
    // Sizes sent anyway (a page from before the product changed) are not stored for a mug.
    expect(statusOf(await run(wizard.action, postForm(jar, mugUrl, step3(["M", "XL"], ["white"]))))).toBe(302);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: mug } })).selectedSizes).toBe("");

    for (const productType of ["t-shirt", "hoodie"]) {
      // A new creator each time: the wizard carries on with the draft a browser last worked on.
      const { jar: creator } = await signedInJar();
      const garment = await draftThroughStep(creator, 2, { productType });
      const refused = await run(wizard.action, postForm(creator, `/create-campaign-v2?campaignId=${garment}`, step3([])));
      expect(statusOf(refused)).toBe(400);
      const body = bodyOf<{ result: { error: Record<string, string[]> } }>(refused);
      expect(body.result.error.selectedSizes).toEqual(["At least one shirt size must be selected."]);
      expect(await prisma.campaign.findUniqueOrThrow({ where: { id: garment } })).toMatchObject({
        productType,
        selectedSizes: "M,L,XL",
        finalDesignUrl: null,
      });
    }
  });

  it("copies a campaign with duplicateId into a new draft on the first save", async () => {
    const { jar } = await signedInJar();
    const source = await draftThroughStep(jar, 4);
    const screen = bodyOf<{ values: { title: string }; duplicateId: string }>(
      await run(wizard.loader, get(jar, `/create-campaign-v2?duplicateId=${source}`)),
    );
    expect(screen.values.title).toBe("Integration Giveaway (Copy)");
    const result = (await run(
      wizard.action,
      postForm(
        jar,
        `/create-campaign-v2?duplicateId=${source}`,
        form({ ...STEP1, title: "Integration Giveaway (Copy)", duplicateId: source }),
      ),
    )) as Response;
    const copyId = new URL(location(result) ?? "", "http://x").searchParams.get("campaignId");
    expect(copyId).not.toBe(source);
    const copy = await prisma.campaign.findUniqueOrThrow({ where: { id: copyId ?? "" } });
    expect(copy).toMatchObject({ status: "draft", planId: "starter_tee", durationDays: 7, title: "Integration Giveaway (Copy)" });
    expect(copy.finalDesignUrl).toMatch(/^\/uploads\/custom_design\//);
  });
});

describe("the older builder's entry point", () => {
  it("lands in the wizard with the plan preselected or the campaign data filled in", async () => {
    const { loader } = await import("~/routes/create-campaign");
    expect(location(await run(loader, get(new CookieJar(), "/create-campaign?selectedPlanId=growth_tee")))).toBe(
      "/create-campaign-v2?step=2&planId=growth_tee",
    );
    const { jar } = await signedInJar();
    const data = JSON.stringify({ title: "Carried Over", brandName: "Old Builder", evil: "<script>" });
    const screen = bodyOf<{ values: { title: string; brandName: string; planId: string } }>(
      await run(wizard.loader, get(jar, `/create-campaign-v2?campaignData=${encodeURIComponent(data)}&planId=growth_tee&step=2`)),
    );
    expect(screen.values).toMatchObject({ title: "Carried Over", brandName: "Old Builder", planId: "growth_tee" });
  });
});

describe("a launched campaign through the wizard, over real HTTP", () => {
  const ENDED_MESSAGE = "This giveaway has ended: its page is the record of the draw and can no longer be edited.";
  let app: InProcessAppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });

  afterAll(async () => {
    await app.close();
  });

  /** What a browser with JavaScript sends: the route's single-fetch `.data` request, which answers the action's own status. */
  const postStep = (jar: CookieJar, campaignId: string, fields: Record<string, string>) =>
    httpPostForm(app.url, `/create-campaign-v2.data?campaignId=${campaignId}`, fields, { Cookie: jar.header(), Origin: app.url });

  const step4 = () => ({
    step: "4",
    startDate: new Date().toISOString().slice(0, 10),
    durationDays: "30",
    termsAccepted: "on",
  });

  it("refuses every step of a completed campaign with a 409 and the message, changing nothing", async () => {
    const { jar, userId } = await signedInJar();
    const completed = await createCampaign({
      creatorId: userId,
      status: "completed",
      planId: "growth_tee",
      totalCents: 2900,
      winnerEmail: "winner@example.com",
    });
    const before = await prisma.campaign.findUniqueOrThrow({ where: { id: completed.id } });

    const attempts: Record<string, string>[] = [
      { ...STEP1, title: "Rewritten after the draw" },
      { step: "2", planId: "starter_tee" },
      step4(),
      { intent: "live-edit", title: "Rewritten after the draw", description: "New words after the draw." },
    ];
    for (const fields of attempts) {
      const response = await postStep(jar, completed.id, fields);
      expect(response.status, fields.step).toBe(409);
      expect(await response.text(), fields.step).toContain(ENDED_MESSAGE);
    }
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: completed.id } })).toEqual(before);
  });

  it("refuses a wizard step posted without JavaScript that changes a live campaign's plan, and the creator reads why", async () => {
    const { jar, userId } = await signedInJar();
    const live = await createCampaign({ creatorId: userId });
    const response = await httpPostForm(
      app.url,
      `/create-campaign-v2?campaignId=${live.id}`,
      { step: "2", planId: "starter_tee" },
      { Cookie: jar.header(), Origin: app.url },
    );
    // The page comes back (409) as the live campaign's edit page, saying which field is fixed and why.
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("Plan: Fixed at launch: the official rules and the draw depend on it. Nothing was changed.");
    expect(html).toContain("Edit live campaign");
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: live.id } })).toEqual(live);
  });

  it("refuses a step 1 form from before launch that changes the product of an active campaign, title and all", async () => {
    const { jar, userId } = await signedInJar();
    const live = await createCampaign({ creatorId: userId, brandName: STEP1.brandName });
    const response = await postStep(jar, live.id, { ...STEP1, productType: "hoodie", title: "Overwritten live title" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Product: Fixed at launch");
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: live.id } })).toEqual(live);
  });

  it("opens a live campaign's edit page, and sends an ended one to the dashboard with the message", async () => {
    const { jar, userId } = await signedInJar();
    const live = await createCampaign({ creatorId: userId });
    const page = await fetch(`${app.url}/create-campaign-v2?campaignId=${live.id}`, {
      redirect: "manual",
      headers: { Cookie: jar.header() },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Edit live campaign");
    expect(html).toContain("Fixed at launch: the official rules and the draw depend on it.");

    const ended = await createCampaign({ creatorId: userId, status: "completed" });
    const response = await fetch(`${app.url}/create-campaign-v2?campaignId=${ended.id}`, {
      redirect: "manual",
      headers: { Cookie: jar.header() },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/my-campaigns");
    jar.absorb(response);
    const dashboard = await fetch(`${app.url}/my-campaigns`, { headers: { Cookie: jar.header() } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain(ENDED_MESSAGE);
  });

  it("offers Edit on the dashboard before launch and while live, and Copy for every campaign", async () => {
    const { jar, userId } = await signedInJar();
    const live = await createCampaign({ creatorId: userId });
    const ended = await createCampaign({ creatorId: userId, status: "completed" });
    const draft = await createCampaign({ creatorId: userId, status: "draft" });
    const unpaid = await createCampaign({ creatorId: userId, status: "pending_payment", totalCents: 2900 });
    const html = await (await fetch(`${app.url}/my-campaigns?tab=all`, { headers: { Cookie: jar.header() } })).text();
    expect(html).toContain(`href="/create-campaign-v2?campaignId=${live.id}"`);
    expect(html).not.toContain(`href="/create-campaign-v2?campaignId=${ended.id}"`);
    expect(html).toContain(`href="/create-campaign-v2?campaignId=${draft.id}"`);
    expect(html).toContain(`href="/create-campaign-v2?campaignId=${unpaid.id}"`);
    for (const campaign of [live, ended, draft, unpaid]) expect(html).toContain(`href="/create-campaign-v2?duplicateId=${campaign.id}"`);
  });

  it("still saves a draft's steps", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 2);
    const response = await postStep(jar, id, { step: "2", planId: "growth_tee" });
    expect(response.status).toBe(202); // single fetch's answer for the redirect to step 3
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "draft",
      planId: "growth_tee",
      totalCents: 2900,
    });
  });

  it("lets a campaign waiting for payment change its plan, back to a draft that launching prices again", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 4, { planId: "growth_tee" });
    await run(wizard.action, postForm(jar, `/create-campaign-v2?campaignId=${id}`, form({ step: "5", intent: "launch" })));
    const unpaid = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    expect(unpaid).toMatchObject({ status: "pending_payment", totalCents: 2900 });

    // A title change keeps the price, and so the checkout under way.
    expect((await postStep(jar, id, { ...STEP1, title: "Retitled while unpaid" })).status).toBe(202);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "pending_payment",
      title: "Retitled while unpaid",
      stripeCheckoutSessionId: unpaid.stripeCheckoutSessionId,
    });

    // A dearer plan: the checkout opened at $29 can no longer put it live; launching asks for $79.
    expect((await postStep(jar, id, { step: "2", planId: "pro_tee" })).status).toBe(202);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "draft", planId: "pro_tee" });
    const { completeCheckout } = await import("~/server/payments/launch.server");
    expect(unpaid.stripeCheckoutSessionId).toMatch(/^test_cs_/);
    expect(await completeCheckout(unpaid.stripeCheckoutSessionId ?? "")).toBe("ignored");
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "draft", paidAt: null });
    await run(wizard.action, postForm(jar, `/create-campaign-v2?campaignId=${id}`, form({ step: "5", intent: "launch" })));
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending_payment", totalCents: 7900 });
  });

  it("lets a launch that lands first win over a step being saved", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 4);
    const draft = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    // The step was looked up as a draft; the launch happens before its write.
    await prisma.campaign.update({ where: { id }, data: { status: "active", launchedAt: new Date() } });
    const { persistStep, WizardWriteRefused } = await import("~/server/wizard/persist.server");
    const { getCurrentUser } = await import("~/server/auth/session.server");
    const user = await getCurrentUser(get(jar, "/"));
    expect(user?.id).toBe(draft.creatorId);
    await expect(persistStep(draft, user, { title: "Too late" }, null)).rejects.toBeInstanceOf(WizardWriteRefused);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).title).toBe(draft.title);
  });
});
