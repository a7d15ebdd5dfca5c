import sharp, { type SharpOptions } from "sharp";

/** Print files are at least this many pixels a side: 10 inches at 300 dpi, what print shops ask for. */
export const PRINT_SIZE = 3000;
/** The web preview shown in the wizard and the design lists. */
export const PREVIEW_SIZE = 800;

export interface DesignFiles {
  /** Square PNG with alpha, at least PRINT_SIZE a side. */
  print: Buffer;
  /** Square WebP with alpha, PREVIEW_SIZE a side. */
  preview: Buffer;
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * Renders a PRINT_SIZE-square SVG; whatever `knockout` (an SVG of the same size) paints is cut out
 * of it. The preview is rendered from the vectors at its own size rather than scaled down from the
 * print, which is both sharper and cheaper.
 */
export async function designFilesFromSvg(svg: string, knockout: string | null = null): Promise<DesignFiles> {
  const render = (density: number) => {
    const image = sharp(Buffer.from(svg), { density });
    return knockout ? image.composite([{ input: Buffer.from(knockout), density, blend: "dest-out" }]) : image;
  };
  const [print, preview] = await Promise.all([
    render(72).png({ compressionLevel: 6 }).toBuffer(),
    render((72 * PREVIEW_SIZE) / PRINT_SIZE)
      .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: "contain", background: TRANSPARENT })
      .webp({ quality: 86, alphaQuality: 90 })
      .toBuffer(),
  ]);
  return { print, preview };
}

/**
 * Turns a raster from elsewhere into the same pair of files: made square without cropping (the
 * added margin is transparent), scaled up to the print size when smaller, alpha kept where present.
 * Throws when the bytes are not an image sharp can decode.
 */
export async function designFilesFromRaster(input: Buffer, options: SharpOptions = {}): Promise<DesignFiles> {
  const decodeOptions: SharpOptions = { failOn: "error", pages: 1, ...options };
  const metadata = await sharp(input, decodeOptions).metadata();
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width <= 0 || height <= 0) throw new Error("image has no pixels");
  const side = Math.max(PRINT_SIZE, width, height);
  const [print, preview] = await Promise.all([
    sharp(input, decodeOptions)
      .autoOrient()
      .ensureAlpha()
      .resize(side, side, { fit: "contain", background: TRANSPARENT, kernel: "lanczos3" })
      .png({ compressionLevel: 6 })
      .toBuffer(),
    sharp(input, decodeOptions)
      .autoOrient()
      .ensureAlpha()
      .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: "contain", background: TRANSPARENT })
      .webp({ quality: 86, alphaQuality: 90 })
      .toBuffer(),
  ]);
  return { print, preview };
}
