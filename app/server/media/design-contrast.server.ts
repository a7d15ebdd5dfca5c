import sharp from "sharp";
import { designPreviewUrl } from "../../domain/ai-prompts";
import type { ProductColorKey } from "../../domain/campaign-schemas";
import { hardToSeeColors } from "../../domain/design-contrast";
import { MAX_INPUT_PIXELS, storedUploadPath, uploadBytes } from "./uploads.server";

/** Results by design URL: stored designs never change, so one look at each is enough. Bounded. */
const cache = new Map<string, ProductColorKey[]>();
const CACHE_MAX = 500;

/**
 * The product colours our stored design (an upload or a generated design) is hard to see on; none
 * for anything else or a file that does not decode. Reads a 64×64 copy: the share of low-contrast
 * pixels does not need more.
 */
export async function designHardToSeeColors(designUrl: string | null | undefined): Promise<ProductColorKey[]> {
  if (!designUrl) return [];
  const cached = cache.get(designUrl);
  if (cached) return cached;
  // A generated design's preview decodes far faster than its print file and has the same colours.
  const relative = storedUploadPath(designPreviewUrl(designUrl)) ?? storedUploadPath(designUrl);
  if (!relative) return [];
  try {
    const bytes = await uploadBytes(relative);
    if (!bytes) return [];
    const pixels = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .ensureAlpha()
      .resize(64, 64, { fit: "inside" })
      .raw()
      .toBuffer();
    const colors = hardToSeeColors(pixels);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value ?? "");
    cache.set(designUrl, colors);
    return colors;
  } catch {
    return [];
  }
}
