import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CLOTH_RGB, apcaContrast, contrastRatio, hardToSeeColors, hardToSeeMessage, relativeLuminance } from "~/domain/design-contrast";
import { namedColours } from "~/server/ai/colour-words";

/** `count` pixels of one RGBA colour. */
function pixels(...runs: [number, [number, number, number, number]][]): Uint8Array {
  const out: number[] = [];
  for (const [count, rgba] of runs) for (let i = 0; i < count; i += 1) out.push(...rgba);
  return Uint8Array.from(out);
}

describe("design contrast", () => {
  it("follows WCAG's contrast ratio", () => {
    expect(contrastRatio(relativeLuminance(0, 0, 0), relativeLuminance(255, 255, 255))).toBeCloseTo(21, 5);
    expect(contrastRatio(relativeLuminance(119, 119, 119), relativeLuminance(255, 255, 255))).toBeCloseTo(4.48, 1);
  });

  it("flags the colours whose cloth swallows the design", () => {
    expect(hardToSeeColors(pixels([100, [10, 10, 10, 255]]))).toEqual(["black"]);
    expect(hardToSeeColors(pixels([100, [250, 250, 250, 255]]))).toEqual(["white"]);
    expect(hardToSeeColors(pixels([100, [160, 160, 165, 255]]))).toEqual(["heather_gray"]);
    expect(hardToSeeColors(pixels([100, [228, 87, 46, 255]]))).toEqual([]);
  });

  it("looks only at visible pixels, and lets a light box around a dark motif pass on white", () => {
    expect(hardToSeeColors(pixels([900, [255, 255, 255, 0]], [100, [12, 12, 12, 255]]))).toEqual(["black"]);
    expect(hardToSeeColors(pixels([75, [255, 255, 255, 255]], [25, [20, 40, 160, 255]]))).toEqual([]);
    expect(hardToSeeColors(pixels([10, [0, 0, 0, 0]]))).toEqual([]);
  });

  it("follows APCA's lightness contrast, which rates dark on dark lower than WCAG 2 does", () => {
    expect(apcaContrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(106, 0);
    expect(apcaContrast([255, 255, 255], [0, 0, 0])).toBeCloseTo(-108, 0);
    // Dark teal on the black cloth passes WCAG 2's 1.6:1 easily, yet is barely visible.
    const darkTeal = [0, 100, 100] as const;
    expect(contrastRatio(relativeLuminance(...darkTeal), relativeLuminance(...CLOTH_RGB.black))).toBeGreaterThan(2);
    expect(Math.abs(apcaContrast(darkTeal, CLOTH_RGB.black))).toBeLessThan(20);
  });

  it("flags a dark-teal wordmark on the black tee, read the way the server reads a design", async () => {
    // "dark teal" as the designer reads it from a prompt.
    const [colour] = namedColours(["dark", "teal"]);
    expect(colour?.shade).toBe("dark");
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="3000"><text x="1500" y="1700" font-family="DejaVu Sans" ` +
      `font-weight="700" font-size="560" text-anchor="middle" fill="${colour?.hex}">Kestrel Co</text></svg>`;
    // The server's sample: a 64 px copy of the design (app/server/media/design-contrast.server.ts).
    const sample = await sharp(Buffer.from(svg)).ensureAlpha().resize(64, 64, { fit: "inside" }).raw().toBuffer();
    expect(hardToSeeColors(sample)).toEqual(["black"]);
    // The same wordmark in plain teal, or in orange, reads on black.
    expect(hardToSeeColors(pixels([100, [0, 128, 128, 255]]))).not.toContain("white");
    expect(hardToSeeColors(pixels([100, [242, 140, 40, 255]]))).toEqual([]);
  });

  it("lets colour carry a design whose lightness is close to the cloth's: purple or red on black", () => {
    expect(hardToSeeColors(pixels([100, [123, 63, 160, 255]]))).toEqual([]);
    expect(hardToSeeColors(pixels([100, [215, 38, 61, 255]]))).toEqual([]);
    expect(hardToSeeColors(pixels([100, [27, 42, 74, 255]]))).toEqual(["black"]);
  });

  it("says which colour, in the wizard's words", () => {
    expect(hardToSeeMessage("Black")).toBe("Your design may be hard to see on Black: it has little contrast with that colour.");
  });
});
