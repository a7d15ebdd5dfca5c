import { UPLOADS_PATH_PREFIX } from "../paths";
/** Formats we answer an image request in, by what the browser accepts. */
export type ResponsiveFormat = "webp" | "avif";

export const RESPONSIVE_CONTENT_TYPES: Record<ResponsiveFormat, string> = { webp: "image/webp", avif: "image/avif" };

/** AVIF when the browser says it takes it (and not with q=0), WebP otherwise. */
export function preferredImageFormat(accept: string | null): ResponsiveFormat {
  for (const part of (accept ?? "").split(",")) {
    const [type = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (type !== "image/avif") continue;
    const q = params.find((param) => param.startsWith("q="));
    return q && Number(q.slice(2)) <= 0 ? "webp" : "avif";
  }
  return "webp";
}

/**
 * The widths an uploaded image is served at (`/uploads/<file>?w=<width>`): few, so the cache of
 * resized copies stays small and a URL cannot ask for arbitrary work.
 */
export const UPLOAD_WIDTHS = [96, 192, 400, 800, 1200] as const;
export type UploadWidth = (typeof UPLOAD_WIDTHS)[number];

export function isUploadWidth(value: number): value is UploadWidth {
  return (UPLOAD_WIDTHS as readonly number[]).includes(value);
}

/**
 * `src`/`srcSet` for an image that may be one of our uploads: those come resized (AVIF or WebP)
 * at each of `widths`, so a phone showing a 40 px logo never downloads a 2000 px original.
 * Anything else (an admin's https:// slide, a static file) is used as it is.
 */
export function responsiveImage(url: string, widths: readonly UploadWidth[]): { src: string; srcSet?: string } {
  if (!url.startsWith(UPLOADS_PATH_PREFIX) || url.includes("?") || widths.length === 0) return { src: url };
  const largest = widths[widths.length - 1]!;
  return { src: `${url}?w=${largest}`, srcSet: widths.map((width) => `${url}?w=${width} ${width}w`).join(", ") };
}

/** Largest accepted upload per kind, in MB (SPEC section 5 and section 9). */
export const UPLOAD_LIMITS = {
  logo: 5,
  product_image: 10,
  custom_design: 5,
  prize_image: 2,
  gift_image: 2,
  slider: 5,
} as const;
