import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ProductColorKey, ProductType } from "~/domain/campaign-schemas";
import { mockupUrl } from "~/domain/mockups";
import * as mockupsRoute from "~/routes/mockups.$";
import { type RawMockup, TEMPLATE_VERSION, mockupsDirectory, renderMockupPixels } from "~/server/media/mockups.server";
import { uploadsDirectory } from "~/server/media/uploads.server";
import { CookieJar, get, run } from "../helpers/http";

/** What a viewer sees of a design: orange disc, teal mountains, a pale band with dark lettering-like stripes. */
async function design(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <circle cx="300" cy="250" r="200" fill="#F26B1D"/>
    <path d="M110 330 L230 180 L300 270 L380 160 L500 330 Z" fill="#1D6F8C"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="${60 + i * 40}" y="480" width="22" height="90" fill="#222222"/>`).join("")}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const luma = (raw: RawMockup, x: number, y: number) => {
  const p = (y * raw.width + x) * 3;
  return 0.2126 * (raw.data[p] ?? 0) + 0.7152 * (raw.data[p + 1] ?? 0) + 0.0722 * (raw.data[p + 2] ?? 0);
};

/** Mean and spread of luminance over a box (output pixels). */
function region(raw: RawMockup, box: { left: number; top: number; width: number; height: number }) {
  const values: number[] = [];
  for (let y = box.top; y < box.top + box.height; y += 1)
    for (let x = box.left; x < box.left + box.width; x += 1) values.push(luma(raw, x, y));
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  return { mean, sd, min: Math.min(...values), max: Math.max(...values) };
}

function meanAbsoluteDifference(a: RawMockup, b: RawMockup, box?: { left: number; top: number; width: number; height: number }): number {
  let sum = 0;
  let count = 0;
  const area = box ?? { left: 0, top: 0, width: a.width, height: a.height };
  for (let y = area.top; y < area.top + area.height; y += 1) {
    for (let x = area.left; x < area.left + area.width; x += 1) {
      const p = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c += 1) sum += Math.abs((a.data[p + c] ?? 0) - (b.data[p + c] ?? 0));
      count += 3;
    }
  }
  return sum / count;
}

// 800 px output: boxes in output pixels, from the 1000-unit templates (×0.8).
const TSHIRT_LOWER_BODY = { left: 250, top: 560, width: 300, height: 120 }; // below the print, on the cloth
const HOODIE_SLEEVE = { left: 130, top: 470, width: 30, height: 80 };
const TSHIRT_PRINT = { left: 290, top: 181, width: 219, height: 292 };

describe("mockup renders look like the product in its colour", () => {
  it("a black garment reads as black, with visible folds; white reads as white; heather is grey with texture", async () => {
    const art = await design();
    const shirts = Object.fromEntries(
      await Promise.all(
        (["white", "black", "heather_gray"] as const).map(
          async (color) => [color, await renderMockupPixels({ design: art, product: "t-shirt", color, width: 800 })] as const,
        ),
      ),
    ) as Record<ProductColorKey, RawMockup>;
    const black = region(shirts.black, TSHIRT_LOWER_BODY);
    const white = region(shirts.white, TSHIRT_LOWER_BODY);
    const heather = region(shirts.heather_gray, TSHIRT_LOWER_BODY);
    expect(black.mean).toBeLessThan(45);
    // Folds show on black as light and shade, not as a flat fill.
    expect(black.max - black.min).toBeGreaterThan(8);
    expect(white.mean).toBeGreaterThan(200);
    expect(heather.mean).toBeGreaterThan(110);
    expect(heather.mean).toBeLessThan(190);
    // Heather's flecks: more fine variation than plain white cotton.
    expect(heather.sd).toBeGreaterThan(white.sd);

    const hoodie = await renderMockupPixels({ design: art, product: "hoodie", color: "black", width: 800 });
    expect(region(hoodie, HOODIE_SLEEVE).mean).toBeLessThan(45);
  });

  it("folds bend the print: the print area differs between a flat and a folded render, the cloth elsewhere does not", async () => {
    const art = await design();
    const folded = await renderMockupPixels({ design: art, product: "t-shirt", color: "white", width: 800 });
    const flat = await renderMockupPixels({ design: art, product: "t-shirt", color: "white", width: 800, flat: true });
    expect(meanAbsoluteDifference(folded, flat, TSHIRT_PRINT)).toBeGreaterThan(1);
    expect(meanAbsoluteDifference(folded, flat, TSHIRT_LOWER_BODY)).toBe(0);
  });

  it("puts the print where a printer does: a t-shirt's 12 in wide print starts ~3 in below the collar", async () => {
    // A solid red square: its bounds in the render are the print's.
    const red = await sharp({ create: { width: 400, height: 400, channels: 4, background: "#FF0000" } })
      .png()
      .toBuffer();
    const raw = await renderMockupPixels({ design: red, product: "t-shirt", color: "white", width: 800 });
    let top = raw.height;
    let left = raw.width;
    let right = 0;
    for (let y = 0; y < raw.height; y += 1) {
      for (let x = 0; x < raw.width; x += 1) {
        const p = (y * raw.width + x) * 3;
        if ((raw.data[p] ?? 0) > 120 && (raw.data[p + 1] ?? 0) < 60 && (raw.data[p + 2] ?? 0) < 60) {
          top = Math.min(top, y);
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
    }
    // The chest is 456 template units (~20 in) = 365 px; 12 in = 219 px; the collar's lowest point is at y 126 px, 3 in = 55 px.
    expect(right - left).toBeGreaterThan(205);
    expect(right - left).toBeLessThan(232);
    expect(Math.abs((left + right) / 2 - 400)).toBeLessThan(8);
    expect(top).toBeGreaterThan(126 + 40);
    expect(top).toBeLessThan(126 + 70);
  });

  it("a mug is not a hoodie: a glazed cylinder with a highlight, the design narrowing towards its sides", async () => {
    const art = await design();
    const mug = await renderMockupPixels({ design: art, product: "mug", color: "black", width: 800 });
    const hoodie = await renderMockupPixels({ design: art, product: "hoodie", color: "black", width: 800 });
    expect(meanAbsoluteDifference(mug, hoodie)).toBeGreaterThan(10);
    // The glaze's window reflection: a bright vertical streak on a black mug, left of centre.
    let brightest = 0;
    for (let x = 200; x < 330; x += 1) brightest = Math.max(brightest, luma(mug, x, 700));
    expect(brightest).toBeGreaterThan(150);
    // Wrapped: the 12 stripes (equal widths in the design) come out narrower at the sides than in the middle.
    const white = await renderMockupPixels({ design: art, product: "mug", color: "white", width: 800 });
    let best: number[] = [];
    for (let y = 450; y < 780; y += 2) {
      const runs: number[] = [];
      let length = 0;
      for (let x = 184; x < 552; x += 1) {
        if (luma(white, x, y) < 90) length += 1;
        else if (length) {
          // A pixel or two of dark is anti-aliasing or the body's edge, not a stripe.
          if (length >= 3) runs.push(length);
          length = 0;
        }
      }
      if (runs.length > best.length) best = runs;
    }
    // (The glaze's highlight washes out a stripe or two where it crosses the print.)
    expect(best.length).toBeGreaterThanOrEqual(10);
    const widest = Math.max(...best);
    expect(best[0]).toBeLessThan(widest * 0.9);
    expect(best.at(-1)).toBeLessThan(widest * 0.9);
  });

  it("ink on black cloth reads as ink, not light: a white print is a little below paper white and carries the knit's grain", async () => {
    const white = await sharp({ create: { width: 400, height: 400, channels: 4, background: "#FFFFFF" } })
      .png()
      .toBuffer();
    const shirt = await renderMockupPixels({ design: white, product: "t-shirt", color: "black", width: 800 });
    const ink = region(shirt, { left: 330, top: 250, width: 140, height: 120 });
    expect(ink.mean).toBeGreaterThan(200);
    expect(ink.mean).toBeLessThan(235);
    // Folds and grain together: a flat white fill would vary by the folds' light only.
    expect(ink.sd).toBeGreaterThan(11);
  });

  it("a mug's handle is a round loop: across it the glaze is brightest inside, darker towards both edges", async () => {
    const mug = await renderMockupPixels({ design: await design(), product: "mug", color: "white", width: 800 });
    // The handle's right-hand side, from the hole (x 782 in template units) to the outline (x 846), at its middle (y 495).
    const across: number[] = [];
    for (let x = 627; x < 672; x += 1) across.push(luma(mug, x, 396));
    const brightest = Math.max(...across);
    const peak = across.indexOf(brightest);
    expect(peak).toBeGreaterThan(2);
    expect(peak).toBeLessThan(across.length - 3);
    expect(brightest - (across[0] ?? 0)).toBeGreaterThan(20);
    expect(brightest - (across.at(-1) ?? 0)).toBeGreaterThan(40);
  });

  it("a hoodie's pouch pocket is sewn on: two rows of stitching run under its top seam", async () => {
    const hoodie = await renderMockupPixels({ design: await design(), product: "hoodie", color: "white", width: 800 });
    // Mean lightness of each row across the pocket's top (template y 630…680), x 300…500 px.
    const rows: number[] = [];
    for (let y = 505; y < 545; y += 1) rows.push(region(hoodie, { left: 300, top: y, width: 200, height: 1 }).mean);
    const seam = rows.indexOf(Math.min(...rows));
    // Below the seam: rows clearly darker than the cloth either side of them (the stitches).
    const stitchRows = rows.filter((mean, index) => {
      if (index < seam + 3 || index > seam + 16) return false;
      const around = [...rows.slice(index - 3, index), ...rows.slice(index + 1, index + 4)];
      return Math.max(...around) - mean > 8 && mean === Math.min(...rows.slice(index - 1, index + 2));
    });
    expect(stitchRows).toHaveLength(2);
  });

  it.each([
    ["t-shirt", "white"],
    ["hoodie", "heather_gray"],
    ["mug", "white"],
  ] as [ProductType, ProductColorKey][])(
    "renders %s in %s once, serves it from the cache after, AVIF or WebP by Accept",
    async (product, color) => {
      const name = `render-${product}-${color}`;
      await mkdir(path.join(uploadsDirectory(), "custom_design"), { recursive: true });
      await writeFile(path.join(uploadsDirectory(), "custom_design", `${name}.png`), await design());
      const url = mockupUrl(`/uploads/custom_design/${name}.png`, product, color, 800) ?? "";
      const serve = (accept: string) =>
        run(mockupsRoute.loader, get(new CookieJar(), url, { Accept: accept }), {
          "*": url.replace(/^\/mockups\//, ""),
        }) as Promise<Response>;

      const first = await serve("image/avif,image/webp,*/*");
      expect(first.status).toBe(200);
      expect(first.headers.get("Content-Type")).toBe("image/avif");
      const bytes = Buffer.from(await first.arrayBuffer());
      const file = path.join(mockupsDirectory(), product, color, "800", `custom_design/${name}.png.avif`);
      expect(file).toContain(`${path.sep}${TEMPLATE_VERSION}${path.sep}`);
      const written = (await stat(file)).mtimeMs;

      const second = await serve("image/avif,image/webp,*/*");
      expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
      expect((await stat(file)).mtimeMs).toBe(written);

      const webp = await serve("image/webp,*/*");
      expect(webp.headers.get("Content-Type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 800]);
    },
  );
});
