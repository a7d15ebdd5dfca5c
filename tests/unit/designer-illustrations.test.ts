import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { hexToHsl } from "~/server/ai/colour-words";
import { pickIcons } from "~/server/ai/icons.server";
import { DESIGN_STYLES, planDesign, renderLocalDesign } from "~/server/ai/local-generator.server";

/**
 * Shares of the print's clearly coloured pixels (opaque, saturated, neither near-black nor
 * near-white) by hue, measured on the rendered PNG: what a buyer sees on the shirt.
 */
async function hueShares(print: Buffer): Promise<{ near: (hue: number, tolerance?: number) => number; coloured: number }> {
  const { data, info } = await sharp(print).resize(300, 300).raw().toBuffer({ resolveWithObject: true });
  const hues: number[] = [];
  let opaque = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if ((data[i + 3] ?? 0) < 200) continue;
    opaque += 1;
    const hex = `#${[0, 1, 2].map((c) => (data[i + c] ?? 0).toString(16).padStart(2, "0")).join("")}`;
    const [h, s, l] = hexToHsl(hex);
    if (s > 35 && l > 18 && l < 85) hues.push(h);
  }
  const near = (hue: number, tolerance = 15) =>
    hues.filter((h) => Math.min(Math.abs(h - hue), 360 - Math.abs(h - hue)) <= tolerance).length / Math.max(hues.length, 1);
  return { near, coloured: hues.length / Math.max(opaque, 1) };
}

describe("the built-in designer's colours", () => {
  it.each(DESIGN_STYLES)("prints “teal and orange” teal and orange, teal first (%s)", async (style) => {
    const { print } = await renderLocalDesign({ prompt: "teal and orange mountain sunrise", style });
    const { near, coloured } = await hueShares(print);
    const teal = near(180);
    const orange = near(30);
    // Most of the artwork is coloured, and that colour is these two hues and nothing else.
    expect(coloured).toBeGreaterThan(0.4);
    expect(teal + orange).toBeGreaterThan(0.9);
    expect(teal).toBeGreaterThan(orange);
    expect(orange).toBeGreaterThan(0.1);
  });

  it("keeps the prompt's colour order: “navy and mustard” is mostly navy", async () => {
    const plan = planDesign("navy and mustard bicycle", "vintage graphic");
    expect(plan.palette).toMatchObject({ main: "#1b2a4a", accent: "#d4a017", named: true });
    expect(plan.words.headline).toEqual(["bicycle"]);
  });

  it("treats “coral” as a colour beside another colour, and as a subject on its own", () => {
    expect(planDesign("coral and mint surf club", "modern minimalist").words.headline).not.toContain("coral");
    expect(planDesign("coral reef dive club", "modern minimalist").words.headline).toContain("coral");
    expect(planDesign("dark green forest", "modern minimalist").words.headline).toEqual(["forest"]);
  });

  it("gives a typographic design in the named colours when nothing in the prompt can be drawn", async () => {
    const plan = planDesign("lavender and charcoal qwerty zyx", "abstract geometric");
    expect(plan.icons).toEqual([]);
    const { print } = await renderLocalDesign({ prompt: "lavender and charcoal qwerty zyx", style: "abstract geometric" });
    const { near } = await hueShares(print);
    expect(near(hexToHsl("#b79ce0")[0], 20)).toBeGreaterThan(0.8);
  });
});

describe("the built-in designer's subjects", () => {
  it.each([
    ["coffee cup", "coffee"],
    ["mountain", "mountain"],
    ["cat", "cat"],
    ["guitar", "guitar"],
  ])("draws “%s” with an icon named or tagged %s", (prompt, word) => {
    for (const style of DESIGN_STYLES) {
      const [lead] = planDesign(`${prompt}, teal and orange`, style).icons;
      expect(lead, `${style}: ${prompt}`).toBeDefined();
      const icon = lead?.icon;
      expect([icon?.name.split("-"), icon?.tags].flat().join(" "), `${style}: ${icon?.name}`).toContain(word);
    }
  });

  it("draws up to three subjects, one icon each, always the same for the same prompt", () => {
    const icons = pickIcons(["pixel", "dragon", "arcade", "night", "rocket"], 5);
    expect(icons.length).toBe(3);
    expect(new Set(icons.map((match) => match.icon.name)).size).toBe(3);
    expect(icons.map((match) => match.icon.name)).toContain("dragon");
    expect(pickIcons(["pixel", "dragon", "arcade", "night", "rocket"], 5)).toEqual(icons);
  });

  it("never draws another company's logo, a letter or a crossed-out icon", () => {
    for (const word of ["github", "apple", "letter", "coffee", "x"]) {
      for (const match of pickIcons([word], 1)) {
        expect(match.icon.category).not.toMatch(/^(Brand|Letters|Numbers)$/);
        expect(match.icon.name).not.toMatch(/-off$/);
      }
    }
  });

  it("puts the subject in the picture: a mountain and a cat render differently in every style", async () => {
    for (const style of DESIGN_STYLES) {
      const [mountain, cat] = await Promise.all(
        ["mountain, teal and orange", "cat, teal and orange"].map(async (prompt) =>
          sharp((await renderLocalDesign({ prompt, style })).print)
            .resize(64, 64)
            .extractChannel(3)
            .raw()
            .toBuffer(),
        ),
      );
      let differ = 0;
      for (let i = 0; i < (mountain?.length ?? 0); i++) if (Math.abs((mountain?.[i] ?? 0) - (cat?.[i] ?? 0)) > 100) differ += 1;
      // Same palette, same style: what differs is the drawing (and its one word).
      expect(differ / 4096, style).toBeGreaterThan(0.02);
    }
  });
});
