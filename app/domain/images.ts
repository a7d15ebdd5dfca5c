import { UPLOADS_PATH_PREFIX } from "../paths";
/** Formats we answer an image request in, by what the browser accepts. */
export type ResponsiveFormat = "webp" | "avif";

export const RESPONSIVE_CONTENT_TYPES: Record<ResponsiveFormat, string> = { webp: "image/webp", avif: "image/avif" };

/**
 * Formats every mail client shows (decision 081): Outlook shows no WebP (nor AVIF), so an email's
 * pictures are asked for in one of these (`/uploads/<file>?w=<width>&format=png`, a mockup's `.jpg`).
 */
export type EmailImageFormat = "png" | "jpeg";
export const EMAIL_IMAGE_FORMATS: readonly EmailImageFormat[] = ["png", "jpeg"];
export type ImageFormat = ResponsiveFormat | EmailImageFormat;
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { ...RESPONSIVE_CONTENT_TYPES, png: "image/png", jpeg: "image/jpeg" };

/** A stored rendition's file extension in each format (a JPEG's is ".jpg", as in a mockup's URL). */
export function imageExtension(format: ImageFormat): string {
  return format === "jpeg" ? "jpg" : format;
}

export function isEmailImageFormat(value: unknown): value is EmailImageFormat {
  return (EMAIL_IMAGE_FORMATS as readonly unknown[]).includes(value);
}

/**
 * The path (or https URL) of a PNG or JPEG rendition of an image for an email, or "" when there is
 * none: one of our uploads at `width` in `format` (a logo keeps its transparency as PNG), a mockup
 * as its JPEG (MOCKUP_PATH_PATTERN's `.jpg`), a static PNG or JPEG as it is, a partner's https photo
 * as it is unless it says it is WebP or AVIF.
 */
export function emailImagePath(url: string | null | undefined, width: UploadWidth, format: EmailImageFormat): string {
  if (!url) return "";
  if (url.startsWith(UPLOADS_PATH_PREFIX) && !url.includes("?")) return `${url}?w=${width}&format=${format}`;
  if (url.startsWith("/mockups/") && url.endsWith(".webp")) return `${url.slice(0, -".webp".length)}.jpg`;
  const path = url.split(/[?#]/)[0] ?? "";
  if (/\.(webp|avif)$/i.test(path)) return "";
  if (/^https:\/\//i.test(url)) return url;
  return url.startsWith("/") && !url.startsWith("//") && /\.(png|jpe?g)$/i.test(path) ? url : "";
}

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
