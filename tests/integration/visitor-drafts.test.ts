import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as wizard from "~/routes/create-campaign-v2";
import { generateDesign } from "~/server/ai/designs.server";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { runJobsOnce } from "~/server/jobs/run.server";
import { DRAFT_PRUNE_LEASE_MS, pruneVisitorDrafts } from "~/server/jobs/visitor-drafts.server";
import { fileStore } from "~/server/storage/file-store.server";
import { resizedUploadKey, serveUpload, storedUploadPath, storeImageUpload, uploadKey } from "~/server/media/uploads.server";
import { createCampaign } from "../helpers/campaigns";
import { CookieJar, run } from "../helpers/http";
import { form, postForm, signedInJar, STEP1 } from "../helpers/wizard";

// Visitors' drafts (decisions 006, 067): a signed-out visitor's draft unchanged for
// VISITOR_DRAFT_RETENTION_DAYS (30 by default) is deleted by the job pass, with the files that were its alone.

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** A signed-out visitor saving the wizard's first step, as a browser does: answers the new draft's id and the visitor's cookies. */
async function visitorDraft(title = "Visitor's Giveaway"): Promise<{ id: string; jar: CookieJar }> {
  const jar = new CookieJar();
  jar.absorb((await run(wizard.action, postForm(jar, "/create-campaign-v2", form({ ...STEP1, title })))) as Response);
  const draft = await prisma.campaign.findFirstOrThrow({ where: { title, creatorId: null }, orderBy: { createdAt: "desc" } });
  expect(draft).toMatchObject({ status: "draft", creatorId: null });
  expect(draft.draftToken).not.toBeNull();
  return { id: draft.id, jar };
}

/** Makes a campaign look last changed (and made) `days` ago. */
async function age(id: string, days: number): Promise<void> {
  const then = new Date(Date.now() - days * DAY);
  await prisma.campaign.update({ where: { id }, data: { createdAt: then, updatedAt: then } });
}

const exists = async (id: string) => (await prisma.campaign.count({ where: { id } })) === 1;

async function image(color: string): Promise<File> {
  const png = await sharp({ create: { width: 48, height: 48, channels: 4, background: color } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "picture.png", { type: "image/png" });
}

/** An upload as stored for `userId` (null: no account's, as a visitor's would be). */
async function upload(kind: "logo" | "product_image" | "custom_design" | "prize_image", userId: string | null, color: string) {
  const result = await storeImageUpload(await image(color), kind, userId);
  if (!result.ok) throw new Error(result.message);
  return result.url;
}

const fileThere = (url: string) => fileStore().exists(uploadKey(storedUploadPath(url)!));
const rowThere = async (url: string) => (await prisma.uploadedAsset.count({ where: { path: storedUploadPath(url)! } })) > 0;

describe("pruning visitors' drafts", () => {
  it("deletes a visitor's draft unchanged for 30 days, with its prizes, in the job pass; keeps fresh, attached and creators' drafts", async () => {
    const stale = await visitorDraft("Stale Visitor Draft");
    await prisma.additionalPrize.create({ data: { campaignId: stale.id, rank: 2, title: "Tote bag" } });
    await age(stale.id, 31);
    const recent = await visitorDraft("Recent Visitor Draft");
    await age(recent.id, 29);
    const fresh = await visitorDraft("Fresh Visitor Draft");

    // Made 40 days ago but saved again today: a change keeps it.
    const edited = await visitorDraft("Edited Visitor Draft");
    await age(edited.id, 40);
    edited.jar.absorb(
      (await run(
        wizard.action,
        postForm(edited.jar, "/create-campaign-v2", form({ ...STEP1, title: "Edited Visitor Draft" })),
      )) as Response,
    );
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: edited.id } })).updatedAt.getTime()).toBeGreaterThan(Date.now() - DAY);

    // A visitor's draft attached to an account when its visitor signed in is the account's.
    const { jar: creator, userId } = await signedInJar("draft-owner");
    const attached = await visitorDraft("Attached Visitor Draft");
    creator.absorb(new Response(null, { headers: { "Set-Cookie": `gw_draft=${attached.jar.get("gw_draft")}` } }));
    await run(wizard.loader, new Request("http://localhost:3000/create-campaign-v2", { headers: { Cookie: creator.header() } }));
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: attached.id } })).toMatchObject({ creatorId: userId, draftToken: null });
    await age(attached.id, 90);
    const creatorsDraft = await createCampaign({ status: "draft", creatorId: userId, launchedAt: null });
    await age(creatorsDraft.id, 90);
    const live = await createCampaign({ creatorId: null });
    await age(live.id, 90);

    const summary = await runJobsOnce();
    expect(summary.errors).toEqual([]);
    expect(summary.drafts.drafts).toBe(1);
    expect(await exists(stale.id)).toBe(false);
    expect(await prisma.additionalPrize.count({ where: { campaignId: stale.id } })).toBe(0);
    for (const kept of [recent.id, fresh.id, edited.id, attached.id, creatorsDraft.id, live.id])
      expect(await exists(kept), kept).toBe(true);

    // The visitor coming back with the old cookie starts afresh: nothing of the pruned draft is shown or written to.
    const again = stale.jar;
    again.absorb(
      (await run(wizard.action, postForm(again, "/create-campaign-v2", form({ ...STEP1, title: "Started Again" })))) as Response,
    );
    expect(await prisma.campaign.count({ where: { title: "Started Again", creatorId: null } })).toBe(1);
    expect(await exists(stale.id)).toBe(false);
  });

  it("follows VISITOR_DRAFT_RETENTION_DAYS", async () => {
    const draft = await visitorDraft("Week-old Visitor Draft");
    await age(draft.id, 8);
    await pruneVisitorDrafts();
    expect(await exists(draft.id)).toBe(true);
    process.env.VISITOR_DRAFT_RETENTION_DAYS = "7";
    resetConfigForTests();
    try {
      expect((await pruneVisitorDrafts()).drafts).toBeGreaterThanOrEqual(1);
      expect(await exists(draft.id)).toBe(false);
    } finally {
      delete process.env.VISITOR_DRAFT_RETENTION_DAYS;
      resetConfigForTests();
    }
  });

  it("deletes the uploads and AI designs that were the draft's alone, files and resized copies too, and nothing another campaign shows or an account owns", async () => {
    const { userId } = await signedInJar("library-owner");
    const logo = await upload("logo", null, "#112233");
    const prizeImage = await upload("prize_image", null, "#223344");
    const shared = await upload("product_image", null, "#334455");
    const owned = await upload("custom_design", userId, "#445566");
    // A resized copy, as the page makes on first request.
    const resized = await serveUpload(
      storedUploadPath(logo)!,
      new Request(`http://localhost:3000${logo}?w=96`, { headers: { Accept: "image/webp" } }),
    );
    expect(resized.status).toBe(200);
    await resized.arrayBuffer();
    const resizedKey = resizedUploadKey(storedUploadPath(logo)!, 96, "webp");
    expect(await fileStore().exists(resizedKey)).toBe(true);

    const draft = await visitorDraft("Draft With Files");
    await prisma.campaign.update({ where: { id: draft.id }, data: { logoUrl: logo, productImageUrl: shared, customDesignUrl: owned } });
    await prisma.additionalPrize.create({ data: { campaignId: draft.id, rank: 2, title: "Poster", imageUrl: prizeImage } });
    const design = await generateDesign({ prompt: "a fox in the snow", style: "modern minimalist", userId: null, campaignId: draft.id });
    await prisma.campaign.update({ where: { id: draft.id }, data: { finalDesignUrl: design.printUrl } });
    const other = await createCampaign({ productImageUrl: shared });
    await age(draft.id, 31);

    const summary = await pruneVisitorDrafts();
    expect(summary).toEqual({ drafts: 1, files: 4 });
    expect(await exists(draft.id)).toBe(false);
    for (const gone of [logo, prizeImage, design.imageUrl, design.printUrl!]) {
      expect(await fileThere(gone), gone).toBe(false);
      expect(await rowThere(gone), gone).toBe(false);
    }
    expect(await fileStore().exists(resizedKey)).toBe(false);
    expect(await prisma.aiDesign.count({ where: { id: design.id } })).toBe(0);
    // Another campaign's picture and an account's upload stay, row and file.
    for (const kept of [shared, owned]) {
      expect(await fileThere(kept), kept).toBe(true);
      expect(await rowThere(kept), kept).toBe(true);
    }
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: other.id } })).productImageUrl).toBe(shared);
  });

  it("takes each draft with a lease: two passes at once delete each once, and a pass that died is finished once its lease runs out", async () => {
    const drafts = await Promise.all(Array.from({ length: 12 }, (_, i) => visitorDraft(`Racing Draft ${i}`)));
    for (const draft of drafts) await age(draft.id, 45);
    const [one, two] = await Promise.all([pruneVisitorDrafts(), pruneVisitorDrafts()]);
    expect(one.drafts + two.drafts).toBe(12);
    expect(await prisma.campaign.count({ where: { id: { in: drafts.map((draft) => draft.id) } } })).toBe(0);

    // A pass took this draft (its lease and a new token, as the claim writes them) and died before deleting it.
    const logo = await upload("logo", null, "#556677");
    const orphan = await visitorDraft("Draft Of A Dead Pass");
    await prisma.campaign.update({ where: { id: orphan.id }, data: { logoUrl: logo } });
    await age(orphan.id, 45);
    const now = new Date();
    const updatedAt = (await prisma.campaign.findUniqueOrThrow({ where: { id: orphan.id } })).updatedAt;
    await prisma.campaign.update({
      where: { id: orphan.id },
      data: { pruneLeaseUntil: new Date(now.getTime() + DRAFT_PRUNE_LEASE_MS), draftToken: "pruning-taken-by-a-pass-that-died", updatedAt },
    });
    // Its visitor's cookie no longer finds it: their next step makes a new draft.
    orphan.jar.absorb(
      (await run(wizard.action, postForm(orphan.jar, "/create-campaign-v2", form({ ...STEP1, title: "After The Claim" })))) as Response,
    );
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: orphan.id } })).title).toBe("Draft Of A Dead Pass");

    expect((await pruneVisitorDrafts(now)).drafts).toBe(0);
    expect(await exists(orphan.id)).toBe(true);
    const later = new Date(now.getTime() + DRAFT_PRUNE_LEASE_MS + MINUTE);
    expect(await pruneVisitorDrafts(later)).toEqual({ drafts: 1, files: 1 });
    expect(await exists(orphan.id)).toBe(false);
    expect(await fileThere(logo)).toBe(false);
  });
});
