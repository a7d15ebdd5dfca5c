/**
 * The homepage slider as admins manage it (SPEC "Slider ordering", section 7 storage notes): images
 * added by URL, upload or AI design go last (highest displayOrder + 1); moves swap neighbours and
 * renumber; deleting an uploaded image removes its file.
 */
import { moveInOrder } from "../../domain/slider";
import { AI_DESIGN_LIST_LIMIT, latestAiDesigns } from "../ai/designs.server";
import { type Prisma, isPostgres, prisma } from "../core/db.server";
import { deleteUpload } from "../media/uploads.server";
import { log } from "../core/log.server";

export interface AdminSlide {
  id: string;
  imageUrl: string;
  altText: string;
  overlayText: string | null;
  sourceType: string;
  displayOrder: number;
}

/** The advisory lock slider moves take turns on (PostgreSQL). */
const SLIDER_LOCK_KEY = 7_240_611_005;

const ORDER = [{ displayOrder: "asc" }, { createdAt: "asc" }, { id: "asc" }] satisfies Prisma.HomepageSliderImageOrderByWithRelationInput[];

/** In the order the home page shows them (app/server/marketing/slider.server.ts). */
export function listSlides(): Promise<AdminSlide[]> {
  return prisma.homepageSliderImage.findMany({
    orderBy: ORDER,
    select: { id: true, imageUrl: true, altText: true, overlayText: true, sourceType: true, displayOrder: true },
  });
}

export async function designChoices() {
  const designs = await latestAiDesigns(AI_DESIGN_LIST_LIMIT);
  return designs.map((design) => ({ id: design.id, imageUrl: design.imageUrl, promptText: design.promptText }));
}

interface NewSlide {
  imageUrl: string;
  altText: string;
  overlayText: string | null;
  sourceType: "url" | "upload" | "design";
  sourceId?: string | null;
}

export async function addSlide(slide: NewSlide) {
  return prisma.$transaction(async (tx) => {
    const { _max } = await tx.homepageSliderImage.aggregate({ _max: { displayOrder: true } });
    return tx.homepageSliderImage.create({
      data: { ...slide, sourceId: slide.sourceId ?? null, displayOrder: (_max.displayOrder ?? 0) + 1 },
    });
  });
}

/** A design from the selection list; null when it no longer exists. */
export async function addDesignSlide(designId: string, text: { altText: string; overlayText: string | null }) {
  const design = await prisma.aiDesign.findUnique({ where: { id: designId }, select: { id: true, imageUrl: true, promptText: true } });
  if (!design) return null;
  return addSlide({
    imageUrl: design.imageUrl,
    altText: text.altText || design.promptText.slice(0, 200),
    overlayText: text.overlayText,
    sourceType: "design",
    sourceId: design.id,
  });
}

/** Moves one image a place up or down; the whole order is renumbered 1..n so ties cannot stick. */
export async function moveSlide(id: string, direction: "up" | "down"): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    // Moves take turns: two that read and renumber the same rows at once deadlocked on PostgreSQL
    // (SQLite runs one write transaction at a time already).
    if (isPostgres()) await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${SLIDER_LOCK_KEY})`);
    const ids = (await tx.homepageSliderImage.findMany({ orderBy: ORDER, select: { id: true } })).map((row) => row.id);
    if (!ids.includes(id)) return false;
    const order = moveInOrder(ids, id, direction);
    for (const [index, slideId] of order.entries()) {
      await tx.homepageSliderImage.update({ where: { id: slideId }, data: { displayOrder: index + 1 } });
    }
    return true;
  });
}

/** Deletes the image; an uploaded one takes its stored file with it. */
export async function deleteSlide(id: string): Promise<boolean> {
  const slide = await prisma.homepageSliderImage.findUnique({ where: { id } });
  if (!slide) return false;
  // Two admins deleting at once: only the one whose delete happened removes the file.
  const deleted = await prisma.homepageSliderImage.deleteMany({ where: { id } });
  if (deleted.count === 0) return false;
  if (slide.sourceType === "upload") {
    // Only our own /uploads/slider/... files; anything else is left alone by deleteUpload.
    await deleteUpload(slide.imageUrl).catch((error: unknown) => log.error({ err: error }, "admin: removing a slider upload failed"));
  }
  return true;
}
