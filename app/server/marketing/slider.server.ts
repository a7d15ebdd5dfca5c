import { prisma } from "../core/db.server";
import { SLIDER_DEFAULTS } from "../../domain/slider";
import { log } from "../core/log.server";

export interface Slide {
  id: string;
  imageUrl: string;
  altText: string;
  overlayText: string | null;
}

/** Shown when the slider table is empty or cannot be read: the landing page never loses its pictures. */
export const FALLBACK_SLIDES: readonly Slide[] = SLIDER_DEFAULTS.map((slide, index) => ({ id: `fallback-${index + 1}`, ...slide }));

/** The homepage slider's images in display order (admins manage them), or the fallback slides. */
export async function homepageSlides(): Promise<readonly Slide[]> {
  try {
    const rows = await prisma.homepageSliderImage.findMany({
      orderBy: [{ displayOrder: "asc" }, { createdAt: "asc" }],
      select: { id: true, imageUrl: true, altText: true, overlayText: true },
    });
    return rows.length > 0 ? rows : FALLBACK_SLIDES;
  } catch (error) {
    log.error({ err: error }, "slider: reading the homepage slider images failed; showing the fallback slides");
    return FALLBACK_SLIDES;
  }
}
