import { expect, type Locator } from "@playwright/test";
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

/** Wholly inside a phone's first screen (360 × 740), without scrolling: the rule of decision 043. */
export async function expectInFirstScreen(locator: Locator, height = 740) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, "has a box").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}
