import { getContrast } from "color2k";
import { describe, expect, it } from "vitest";
import {
  AA_CONTRAST,
  ACCENT_MESSAGES,
  DARK_BACKGROUNDS,
  accentProblem,
  accentTheme,
  contrastWithWhite,
  darkLinkShade,
  formatRatio,
  LIGHT_BACKGROUNDS,
  lightShade,
} from "~/domain/brand-colors";

describe("contrast with white button text", () => {
  it("matches the WCAG ratios of known colours", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    // WebAIM's checker: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastWithWhite("#767676")).toBeCloseTo(4.54, 2);
    expect(contrastWithWhite("#777777")).toBeLessThan(AA_CONTRAST);
  });

  it("refuses a colour white text cannot be read on, saying its ratio rounded down", () => {
    expect(accentProblem("#facc15")).toBe(ACCENT_MESSAGES.lowContrast(contrastWithWhite("#facc15")));
    expect(accentProblem("#facc15")).toContain("1.5:1");
    expect(accentProblem("#777777")).toContain("4.4:1");
    expect(formatRatio(4.49)).toBe("4.4:1");
  });

  it("accepts no accent and dark enough colours, in either case", () => {
    expect(accentProblem("")).toBeNull();
    expect(accentProblem("#1D4ED8")).toBeNull();
    expect(accentProblem("#767676")).toBeNull();
  });

  it("refuses anything that is not #RRGGBB", () => {
    for (const value of ["1d4ed8", "#1d4ed", "#1d4ed8ff", "red", "#ggg000", " #1d4ed8"])
      expect(accentProblem(value)).toBe(ACCENT_MESSAGES.invalid);
  });
});

describe("the dark theme's link shade", () => {
  it("reaches 4.5:1 on every dark background and stays the accent's hue", () => {
    for (const accent of ["#1d4ed8", "#b91c1c", "#000000", "#6d28d9", "#047857"]) {
      const shade = darkLinkShade(accent);
      for (const background of DARK_BACKGROUNDS) expect(getContrast(shade, background)).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    }
    // Blue stays blue: more blue than red in the lighter shade.
    const blue = darkLinkShade("#1d4ed8");
    expect(parseInt(blue.slice(5, 7), 16)).toBeGreaterThan(parseInt(blue.slice(1, 3), 16));
  });

  it("keeps a colour that already reads on the dark backgrounds", () => {
    // #767676 reaches 4.5:1 on white and (about 4.2:1) not on slate-900, so it is lightened; pure white would be kept.
    expect(darkLinkShade("#ffffff")).toBe("#ffffff");
    expect(darkLinkShade("#767676")).not.toBe("#767676");
  });
});

describe("the light theme's shade", () => {
  it("keeps a clearly dark accent and darkens one that only just passes on white until it reads on slate-100", () => {
    expect(lightShade("#1d4ed8")).toBe("#1d4ed8");
    expect(getContrast("#767676", "#f1f5f9")).toBeLessThan(AA_CONTRAST);
    const shade = lightShade("#767676");
    for (const background of LIGHT_BACKGROUNDS) expect(getContrast(shade, background)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(accentTheme("#767676")?.accent).toBe(shade);
  });
});

describe("accentTheme", () => {
  it("is null without an accent or with one that fails the check", () => {
    expect(accentTheme("")).toBeNull();
    expect(accentTheme(null)).toBeNull();
    expect(accentTheme("#fde047")).toBeNull();
    expect(accentTheme("javascript:alert(1)")).toBeNull();
  });

  it("gives a darker hover and a readable dark-theme link colour", () => {
    const theme = accentTheme("#1D4ED8");
    expect(theme?.accent).toBe("#1d4ed8");
    expect(contrastWithWhite(theme!.accentHover)).toBeGreaterThan(contrastWithWhite("#1d4ed8"));
    expect(getContrast(theme!.accentOnDark, "#0f172a")).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
});
