/**
 * The pictures a share card or poster is composed from, read on the server from our own files:
 * the campaign's mockup (through the mockup module, so its cache is shared with the page), a
 * stored upload, or an image bundled with the app. Anything else (another site's URL) is left out:
 * the server fetches nothing from the network to draw a card.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { serveMockup } from "../media/mockups.server";
import { MAX_INPUT_PIXELS, storedUploadPath, uploadBytes } from "../media/uploads.server";
import { log } from "../core/log.server";

/** Images shipped in public/ (the demo campaigns' artwork): a plain name under /images/. */
const BUNDLED = /^\/images\/([A-Za-z0-9_-]+\.(?:svg|png|jpe?g|webp))$/;

async function ownImageBytes(src: string): Promise<Buffer | null> {
  const mockup = /^\/mockups\/(.+)$/.exec(src)?.[1];
  if (mockup) {
    // serveMockup renders once and keeps the file; a WebP copy is what the page serves most.
    const response = await serveMockup(mockup, new Request(`http://localhost${src}`, { headers: { Accept: "image/webp" } }));
    return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
  }
  const upload = storedUploadPath(src);
  if (upload) return uploadBytes(upload);
  const bundled = BUNDLED.exec(src)?.[1];
  if (bundled) {
    // The production build serves public/ from build/client; development and tests from public/.
    for (const root of ["build/client/images", "public/images"]) {
      const bytes = await readIfFile(path.resolve(root, bundled));
      if (bytes) return bytes;
    }
  }
  return null;
}

/** An image bundled with the app (not a stored file: it ships with every instance). */
async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/**
 * The image at `src` fitted inside size×size (never cropped), as PNG with transparency, or null
 * when there is none or it does not decode (the card is drawn without it, not refused).
 */
export async function fittedImage(src: string | null, width: number, height = width): Promise<Buffer | null> {
  if (!src) return null;
  try {
    const bytes = await ownImageBytes(src);
    if (!bytes) return null;
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 })
      .resize(width, height, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (error) {
    log.error({ err: error }, `share image: could not read ${src}`);
    return null;
  }
}
