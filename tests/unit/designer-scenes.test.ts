import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { hexToHsl } from "~/server/ai/colour-words";
import { designFilesFromSvg } from "~/server/ai/design-output.server";
import { DRAWN_ICONS } from "~/server/ai/icons.server";
import { DESIGN_STYLES, localDesignSvg, planDesign, renderLocalDesign } from "~/server/ai/local-generator.server";

// Decision 101: the built-in designer composes what the prompt names and prints only the words it asks for.
const KESTREL = "teal and orange kestrel bird over a sunrise";

/** Everything a design prints as type: the contents of its <text> elements (arched type is one glyph each). */
function printedText(svg: string): string {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]).join("");
}

const birdPaths = DRAWN_ICONS.find((icon) => icon.name === "bird")?.filled ?? [];

/** The same SVG without the groups that draw the bird (its halo included). */
function withoutBird(svg: string): string {
  const paths = birdPaths.map((d) => `<path d="${d}"/>`).join("");
  return svg.replace(new RegExp(`<g [^>]*>${paths.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</g>`, "g"), "");
}

async function rgba(files: { preview: Buffer }): Promise<Buffer> {
  return sharp(files.preview).ensureAlpha().resize(200, 200).raw().toBuffer();
}

describe("the built-in designer composes the prompt's subjects", () => {
  it.each(DESIGN_STYLES)("draws “%s” kestrel prompt as a bird above a sunrise, with no words", (style) => {
    const { scene, words } = planDesign(KESTREL, style);
    expect(scene.backdrop?.kind).toBe("horizon");
    const bird = scene.figures.find((figure) => figure.icon.name === "bird");
    expect(bird, "a bird is among the figures").toBeDefined();
    expect(bird?.y ?? 1).toBeLessThan(scene.backdrop?.y ?? 0);
    // One bird for "kestrel bird", not a kestrel and a bird.
    expect(scene.figures.filter((figure) => figure.icon.name === "bird")).toHaveLength(1);
    expect(words.text).toEqual([]);
    expect(words.brand).toBeNull();
    const { svg, knockout } = localDesignSvg(KESTREL, style);
    expect(printedText(svg), style).toBe("");
    expect(`${svg}${knockout ?? ""}`).toContain(birdPaths[0]);
  });

  it.each(DESIGN_STYLES)("shows the bird in the picture, in the first named colour or cut out of it (%s)", async (style) => {
    const { svg, knockout } = localDesignSvg(KESTREL, style);
    const withBird = await rgba(await designFilesFromSvg(svg, knockout));
    const without = await rgba(await designFilesFromSvg(withoutBird(svg), knockout && withoutBird(knockout)));
    const changed: number[] = [];
    for (let p = 0; p < withBird.length; p += 4) {
      const delta = Math.max(...[0, 1, 2, 3].map((c) => Math.abs((withBird[p + c] ?? 0) - (without[p + c] ?? 0))));
      if (delta > 60) changed.push(p);
    }
    // A real part of the picture is the bird: not hidden behind the sun, not off the print.
    expect(changed.length / (200 * 200), style).toBeGreaterThan(0.015);
    const { palette } = planDesign(KESTREL, style);
    const [tealHue] = hexToHsl(palette.main);
    const isTeal = (p: number) => {
      const hex = `#${[0, 1, 2].map((c) => (withBird[p + c] ?? 0).toString(16).padStart(2, "0")).join("")}`;
      const [h, s] = hexToHsl(hex);
      return (withBird[p + 3] ?? 0) > 200 && s > 35 && Math.abs(h - tealHue) < 20;
    };
    const share = (test: (p: number) => boolean) => changed.filter(test).length / changed.length;
    if (style === "modern minimalist") expect(share(isTeal)).toBeGreaterThan(0.6);
    if (style === "abstract geometric") expect(share((p) => (withBird[p + 3] ?? 255) < 40)).toBeGreaterThan(0.6);
    // On the badge the bird is in the light ink of its rings, against the teal disc and the orange sun.
    const isLight = (p: number) => {
      const hex = `#${[0, 1, 2].map((c) => (withBird[p + c] ?? 0).toString(16).padStart(2, "0")).join("")}`;
      return (withBird[p + 3] ?? 0) > 200 && hexToHsl(hex)[2] > 75;
    };
    if (style === "vintage graphic") expect(share(isLight)).toBeGreaterThan(0.6);
  });

  it("places subjects by the words between them: over, under, beside", () => {
    const over = planDesign("cat over a dog", "modern minimalist").scene.figures;
    expect(over.map((figure) => figure.icon.name)).toEqual(["cat", "dog"]);
    expect(over[0]?.y ?? 1).toBeLessThan(over[1]?.y ?? 0);
    const under = planDesign("cat under a dog", "modern minimalist").scene.figures;
    expect(under[0]?.y ?? 0).toBeGreaterThan(under[1]?.y ?? 1);
    const beside = planDesign("cat and dog", "modern minimalist").scene.figures;
    expect(beside[0]?.y).toBeCloseTo(beside[1]?.y ?? 1, 1);
    expect(beside[0]?.x ?? 1).toBeLessThan(beside[1]?.x ?? 0);
    // A moon is a backdrop: in the sky, behind the figures.
    const night = planDesign("cat under the moon", "vintage graphic").scene;
    expect(night.backdrop?.kind).toBe("moon");
    expect(night.backdrop?.y ?? 1).toBeLessThan(night.figures[0]?.y ?? 0);
  });

  it("draws a flock for a plural bird", () => {
    expect(planDesign("birds over the sea", "modern minimalist").scene.figures[0]?.count).toBe(3);
    expect(planDesign("a bird over the sea", "modern minimalist").scene.figures[0]?.count).toBeUndefined();
  });
});

describe("the built-in designer prints words only where asked", () => {
  it.each(DESIGN_STYLES)("prints quoted words, and only those (%s)", (style) => {
    for (const prompt of [
      `${KESTREL} with the words "Early Riser"`,
      `${KESTREL}, 'Early Riser'`,
      `${KESTREL} with the words Early Riser`,
    ]) {
      const { words } = planDesign(prompt, style);
      expect(words.text, prompt).toEqual(["Early Riser"]);
      const printed = printedText(localDesignSvg(prompt, style).svg).replace(/\s+/g, "");
      expect(printed, `${style}: ${prompt}`).toBe("EARLYRISER");
      // The quoted words are text, not subjects: still the one bird over the sunrise.
      expect(planDesign(prompt, style).scene.figures.map((figure) => figure.icon.name)).toEqual(["bird"]);
    }
  });

  it.each(DESIGN_STYLES)("prints a brand the prompt names with a capital, not an audience (%s)", (style) => {
    const branded = printedText(localDesignSvg(`${KESTREL} for Kestrel Coffee`, style).svg).replace(/\s+/g, "");
    expect(branded).toBe("KESTRELCOFFEE");
    expect(printedText(localDesignSvg(`${KESTREL} for early risers`, style).svg)).toBe("");
  });

  it("does not take an apostrophe for a quote", () => {
    expect(planDesign("the kestrel's sunrise", "vintage graphic").words.text).toEqual([]);
    expect(planDesign("birds' nest at dawn", "vintage graphic").words.text).toEqual([]);
  });

  it.each(DESIGN_STYLES)("never leaves a design empty, with or without words (%s)", async (style) => {
    for (const prompt of [KESTREL, `${KESTREL} with the words "Early Riser"`, "sunrise", "qwerty zyx", "birds"]) {
      const { print } = await renderLocalDesign({ prompt, style });
      const alpha = await sharp(print).extractChannel(3).resize(100, 100).raw().toBuffer();
      expect(alpha.filter((value) => value > 128).length / alpha.length, `${style}: ${prompt}`).toBeGreaterThan(0.03);
    }
  });
});
