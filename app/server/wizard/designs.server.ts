import { type DesignToName, savedDesignNames } from "../../domain/saved-designs";
import type { SavedDesign, WizardAiDesign } from "../../domain/wizard";
import { prisma } from "../core/db.server";
import type { CurrentUser } from "../auth/session.server";
import { DESIGN_IMAGE_KINDS, mayStoreImageUrl } from "./images.server";
import { uploadPath } from "../../paths";

/** The designs a step-3 visitor can pick from: this campaign's AI designs, newest first. */
export async function campaignAiDesigns(userId: string | null, campaignId: string | null): Promise<WizardAiDesign[]> {
  if (!userId || !campaignId) return [];
  const designs = await prisma.aiDesign.findMany({
    where: { userId, campaignId },
    orderBy: { createdAt: "desc" },
    take: 24,
    select: { id: true, imageUrl: true, printUrl: true, promptText: true, style: true },
  });
  return designs.map((d) => ({
    id: d.id,
    previewUrl: d.imageUrl,
    designUrl: d.printUrl ?? d.imageUrl,
    prompt: d.promptText,
    style: d.style ?? "",
  }));
}

/**
 * A user's designs for reuse (SPEC "Saved design"): AI designs and uploaded artwork, newest first,
 * each named by its campaign's title and its kind, numbered when the campaign has several
 * (savedDesignNames, decision 069), with how many campaigns use them.
 */
export async function savedDesigns(userId: string, limit = 12): Promise<SavedDesign[]> {
  const [ai, uploads, campaigns] = await Promise.all([
    prisma.aiDesign.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: limit }),
    prisma.uploadedAsset.findMany({ where: { userId, kind: "custom_design" }, orderBy: { createdAt: "desc" }, take: limit }),
    prisma.campaign.findMany({ where: { creatorId: userId }, select: { id: true, title: true, finalDesignUrl: true } }),
  ]);
  const titleOf = (campaignId: string | null) => campaigns.find((c) => c.id === campaignId)?.title ?? "";
  const usedBy = (url: string) => campaigns.filter((c) => c.finalDesignUrl === url);
  // Numbered among all of a shown campaign's AI designs, not only the newest few, so a design keeps its number.
  const shownCampaigns = [...new Set(ai.flatMap((d) => (d.campaignId ? [d.campaignId] : [])))];
  const siblings = shownCampaigns.length
    ? await prisma.aiDesign.findMany({
        where: { userId, campaignId: { in: shownCampaigns } },
        select: { id: true, campaignId: true, promptText: true, createdAt: true },
      })
    : [];
  const names = savedDesignNames([
    ...[...siblings, ...ai.filter((d) => !siblings.some((s) => s.id === d.id))].map((d): DesignToName => ({
      id: d.id,
      source: "AI",
      campaignTitle: titleOf(d.campaignId),
      prompt: d.promptText,
      createdAt: d.createdAt,
    })),
    ...uploads.map((asset): DesignToName => ({
      id: asset.id,
      source: "Uploaded",
      campaignTitle: usedBy(uploadPath(asset.path))[0]?.title ?? "",
      createdAt: asset.createdAt,
    })),
  ]);
  const nameOf = (id: string) => names.get(id) ?? { title: "", label: "", name: "" };
  const fromAi: SavedDesign[] = ai.map((d) => {
    const designUrl = d.printUrl ?? d.imageUrl;
    return {
      id: d.id,
      ...nameOf(d.id),
      previewUrl: d.imageUrl,
      designUrl,
      source: "AI",
      usedInCampaigns: usedBy(designUrl).length,
      createdAt: d.createdAt.toISOString(),
    };
  });
  const fromUploads: SavedDesign[] = uploads.map((asset) => {
    const designUrl = uploadPath(asset.path);
    return {
      id: asset.id,
      ...nameOf(asset.id),
      previewUrl: designUrl,
      designUrl,
      source: "Uploaded",
      usedInCampaigns: usedBy(designUrl).length,
      createdAt: asset.createdAt.toISOString(),
    };
  });
  return [...fromAi, ...fromUploads].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}

/** A design the user may reuse (designId or designUrl from the dashboard): one of their uploads, or one of their AI designs. */
export async function ownDesignUrl(user: CurrentUser | null, designId: string | null, designUrl: string | null): Promise<string | null> {
  if (!user) return null;
  if (designId) {
    const design = await prisma.aiDesign.findFirst({ where: { id: designId, userId: user.id } });
    if (design) return design.printUrl ?? design.imageUrl;
  }
  if (designUrl && (await mayStoreImageUrl(user.id, designUrl, { kept: [], kinds: DESIGN_IMAGE_KINDS }))) return designUrl;
  return null;
}

/** The user's AI design printed as `printUrl`, when the chosen design is one (Campaign.selectedAiDesignId). */
export async function aiDesignIdFor(userId: string, printUrl: string): Promise<string | null> {
  const design = await prisma.aiDesign.findFirst({ where: { userId, printUrl }, select: { id: true } });
  return design?.id ?? null;
}
