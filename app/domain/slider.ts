/** The homepage slider: the images a new install starts with (seeded while the slider is empty). */

export const SLIDER_DEFAULTS = [
  { imageUrl: "/images/slider-1.svg", altText: "White t-shirt with a sunrise brand print", overlayText: null },
  {
    imageUrl: "/images/slider-2.svg",
    altText: "Black t-shirt with an empty print area",
    overlayText: "Your Design Here",
  },
  { imageUrl: "/images/slider-3.svg", altText: "Heather gray hoodie and a branded mug", overlayText: null },
] as const;
