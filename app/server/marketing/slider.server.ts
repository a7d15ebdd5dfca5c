import { prisma } from "../core/db.server";

export interface Slide {
  id: string;
  imageUrl: string;
  altText: string;
  overlayText: string | null;
}

/** Shown when the slider table is empty or cannot be read: the landing page never loses its pictures. */
export const FALLBACK_SLIDES: readonly Slide[] = [
  { id: "fallback-1", imageUrl: "/images/slider-1.svg", altText: "White t-shirt with a sunrise brand print", overlayText: null },
  {
    id: "fallback-2",
    imageUrl: "/images/slider-2.svg",
    altText: "Black t-shirt with an empty print area",
    overlayText: "Your Design Here",
  },
  { id: "fallback-3", imageUrl: "/images/slider-3.svg", altText: "Heather gray hoodie and a branded mug", overlayText: null },
];

/** The homepage slider's images in display order (admins manage them), or the fallback slides. */
export async function homepageSlides(): Promise<readonly Slide[]> {
  try {
    const rows = await prisma.homepageSliderImage.findMany({
      orderBy: [{ displayOrder: "asc" }, { createdAt: "asc" }],
      select: { id: true, imageUrl: true, altText: true, overlayText: true },
    });
    return rows.length > 0 ? rows : FALLBACK_SLIDES;
  } catch (error) {
    console.error("slider: reading the homepage slider images failed; showing the fallback slides", error);
    return FALLBACK_SLIDES;
  }
}
