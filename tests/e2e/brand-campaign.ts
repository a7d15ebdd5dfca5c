import { insertCampaign } from "./campaigns";

/** 80 characters, so the title wraps over several lines at 360 px. */
export const LONG_TITLE = "Win the limited first run of our hand-drawn forest pines tee, printed just for you";

/** A campaign dressed by its brand (decision 043): cover, logo, accent colour, profiles, two colours. */
export function brandCampaign(overrides: Parameters<typeof insertCampaign>[0] = {}) {
  return insertCampaign({
    title: LONG_TITLE,
    brandName: "Pixel & Pine",
    coverImageUrl: "/images/slider-2.svg",
    logoUrl: "/images/slider-1.svg",
    finalDesignUrl: "/images/slider-1.svg",
    selectedColors: "white,black",
    accentColor: "#1d4ed8",
    instagramHandle: "pixelandpine",
    xHandle: "pixel_pine",
    tiktokHandle: "pixel.pine",
    ...overrides,
  });
}
