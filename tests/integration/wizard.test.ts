import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as wizard from "~/routes/create-campaign-v2";
import * as success from "~/routes/campaign-success.$campaignId";
import { prisma } from "~/server/db.server";
import { readToast } from "~/server/toast.server";
import { bodyOf, CookieJar, get, location, run, statusOf } from "../helpers/http";
import { draftThroughStep, form, postForm, signedInJar, STEP1 } from "../helpers/wizard";

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
    await run(
      wizard.action,
      postForm(
        jar,
        `/create-campaign-v2?campaignId=${id}`,
        form({ step: "4", startDate: "2030-01-10", durationDays: "21", termsAccepted: "on" }),
      ),
    );
    const saved = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    expect(saved.endDate?.toISOString()).toBe("2030-01-31T00:00:00.000Z");
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
    const post = await run(
      wizard.action,
      postForm(other.jar, `/create-campaign-v2?campaignId=${id}`, form({ ...STEP1, title: "Hijacked title" })),
    );
    expect(location(post)).toBe("/my-campaigns");
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
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#0ea5e9" } })
      .png()
      .toBuffer();
    const step3 = (sizes: string[]) =>
      form({
        step: "3",
        designMode: "upload",
        designFile: new File([new Uint8Array(png)], "design.png", { type: "image/png" }),
        selectedColors: ["black"],
        selectedSizes: sizes,
      });

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

  it("saves a mug's step 3 with no sizes, and still requires a garment to have one", async () => {
    const { jar } = await signedInJar();
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#f97316" } })
      .png()
      .toBuffer();
    const step3 = (sizes: string[]) =>
      form({
        step: "3",
        designMode: "upload",
        designFile: new File([new Uint8Array(png)], "design.png", { type: "image/png" }),
        selectedColors: ["black"],
        selectedSizes: sizes,
      });

    // A new mug draft stores no sizes from its first save.
    const mug = await draftThroughStep(jar, 2, { productType: "mug" });
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: mug } })).toMatchObject({ productType: "mug", selectedSizes: "" });
    const mugUrl = `/create-campaign-v2?campaignId=${mug}`;
    expect(statusOf(await run(wizard.action, postForm(jar, mugUrl, step3([]))))).toBe(302);
    const saved = await prisma.campaign.findUniqueOrThrow({ where: { id: mug } });
    expect(saved).toMatchObject({ selectedSizes: "", selectedColors: "black" });
    expect(saved.finalDesignUrl).toMatch(/^\/uploads\/custom_design\//);
    // Sizes sent anyway (a page from before the product changed) are not stored for a mug.
    expect(statusOf(await run(wizard.action, postForm(jar, mugUrl, step3(["M", "XL"]))))).toBe(302);
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
