import { z } from "zod";
import { SLIDER_IMAGE_PATHS } from "../paths";

/** The homepage slider: the images a new install starts with (seeded while the slider is empty), and the admin's forms. */

export const SLIDER_DEFAULTS = [
  { imageUrl: SLIDER_IMAGE_PATHS[0], altText: "White t-shirt with a sunrise brand print", overlayText: null },
  {
    imageUrl: SLIDER_IMAGE_PATHS[1],
    altText: "Black t-shirt with an empty print area",
    overlayText: "Your Design Here",
  },
  { imageUrl: SLIDER_IMAGE_PATHS[2], altText: "Heather gray hoodie and a branded mug", overlayText: null },
] as const;

export const SLIDER_LIMITS = { altText: 200, overlayText: 80, imageUrl: 2000 } as const;
export const SLIDER_UPLOAD_MAX_MB = 5;
export const SLIDER_UPLOAD_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const SLIDER_URL_MESSAGE = "Enter an image URL that starts with http:// or https://.";

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === "http:" || protocol === "https:") && hostname !== "";
}

const sliderText = {
  altText: z
    .string({ error: "Enter the description as text." })
    .trim()
    .max(SLIDER_LIMITS.altText, `The description can be at most ${SLIDER_LIMITS.altText} characters.`)
    .optional()
    .transform((value) => value ?? ""),
  overlayText: z
    .string({ error: "Enter the overlay text as text." })
    .trim()
    .max(SLIDER_LIMITS.overlayText, `The overlay text can be at most ${SLIDER_LIMITS.overlayText} characters.`)
    .optional()
    .transform((value) => value || null),
};

export const SliderUrlSchema = z.object({
  imageUrl: z
    .string({ error: SLIDER_URL_MESSAGE })
    .trim()
    .max(SLIDER_LIMITS.imageUrl, SLIDER_URL_MESSAGE)
    .refine(isHttpUrl, SLIDER_URL_MESSAGE),
  ...sliderText,
});

export const SliderUploadSchema = z.object(sliderText);

export const SliderDesignSchema = z.object({
  designId: z.string({ error: "Choose a design." }).min(1, "Choose a design."),
  ...sliderText,
});

export const SLIDER_MESSAGES = {
  chooseImage: "Choose an image in the slider.",
  chooseDirection: "Choose whether to move the image up or down.",
  imageMissing: "That image is no longer in the slider.",
} as const;

export const SliderMoveSchema = z.object({
  imageId: z.string({ error: SLIDER_MESSAGES.chooseImage }).min(1, SLIDER_MESSAGES.chooseImage),
  direction: z.enum(["up", "down"], { error: SLIDER_MESSAGES.chooseDirection }),
});

/** The ids in their new order after moving one a place up or down; unchanged at either end. */
export function moveInOrder(ids: readonly string[], id: string, direction: "up" | "down"): string[] {
  const order = [...ids];
  const from = order.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from === -1 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to] as string, order[from] as string];
  return order;
}
