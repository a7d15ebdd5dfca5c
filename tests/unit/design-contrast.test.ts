import { describe, expect, it } from "vitest";
import { contrastRatio, hardToSeeColors, hardToSeeMessage, relativeLuminance } from "~/domain/design-contrast";

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

  it("says which colour, in the wizard's words", () => {
    expect(hardToSeeMessage("Black")).toBe("Your design may be hard to see on Black: it has little contrast with that colour.");
  });
});
