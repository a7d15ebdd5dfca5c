import { getContrast, mix, toHex } from "color2k";

/**
 * A campaign's accent colour (decision 043): the brand's colour on its campaign page's
 * primary button (white text on the accent) and its links. WCAG AA asks 4.5:1 for normal text, so a
 * colour that white text cannot be read on is refused when the wizard saves it; on the dark theme,
 * where the accent would be dark text on a dark page, links use a lighter shade of it that reaches
 * 4.5:1 there. The maths is color2k's (WCAG relative luminance).
 */

/** "#RRGGBB"; "" means no accent (the site's own blue). */
export const ACCENT_PATTERN = /^#[0-9a-f]{6}$/i;

/** WCAG 2 AA for normal-size text. */
export const AA_CONTRAST = 4.5;

/** The dark theme's page (Tailwind slate-950), card (slate-900) and inset box (slate-800) backgrounds: links sit on each. */
export const DARK_BACKGROUNDS = ["#020617", "#0f172a", "#1e293b"] as const;

/** The light theme's page and card (white) and inset box (slate-100) backgrounds. */
export const LIGHT_BACKGROUNDS = ["#ffffff", "#f1f5f9"] as const;

export const ACCENT_MESSAGES = {
  invalid: "Enter the accent colour as # and six hex digits, e.g. #1D4ED8.",
  lowContrast: (ratio: number) =>
    `This accent colour is too light: white button text on it has a contrast of ${formatRatio(ratio)}, and at least 4.5:1 is needed so everyone can read it. Choose a darker shade.`,
} as const;

/** 4.5:1 style, rounded down to one decimal (a ratio of 4.49 must not read as 4.5). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

/** The contrast of white text on `accent`. */
export function contrastWithWhite(accent: string): number {
  return getContrast(accent, "#ffffff");
}

/** Why an accent colour cannot be saved, or null when it can ("" is "no accent" and always can). */
export function accentProblem(value: string): string | null {
  if (value === "") return null;
  if (!ACCENT_PATTERN.test(value)) return ACCENT_MESSAGES.invalid;
  const ratio = contrastWithWhite(value);
  return ratio < AA_CONTRAST ? ACCENT_MESSAGES.lowContrast(ratio) : null;
}

/** The lowest contrast of `color` against `backgrounds`. */
function lowestContrast(color: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => getContrast(color, background)));
}

/**
 * `accent` mixed with `toward` in 5 % steps until it reaches 4.5:1 on every one of `backgrounds`
 * (white on the dark backgrounds and black on the light ones do, so the loop always ends).
 */
function readableShade(accent: string, toward: "#ffffff" | "#000000", backgrounds: readonly string[]): string {
  for (let step = 0; step <= 20; step++) {
    const shade = step === 0 ? accent : mix(accent, toward, step / 20);
    if (lowestContrast(shade, backgrounds) >= AA_CONTRAST) return toHex(shade);
  }
  return toward;
}

/** The shade of `accent` for link text on the dark theme: lighter until it reads on every dark background. */
export function darkLinkShade(accent: string): string {
  return readableShade(accent, "#ffffff", DARK_BACKGROUNDS);
}

/**
 * The accent as painted on the light theme: itself, or, when it only just passes on white, a touch
 * darker so its links also read on the light grey inset boxes.
 */
export function lightShade(accent: string): string {
  return readableShade(accent, "#000000", LIGHT_BACKGROUNDS);
}

export interface AccentTheme {
  /** Button background and light-theme link colour: white text on it and it on white and slate-100 reach 4.5:1. */
  accent: string;
  /** Hover shade of the button: a little darker. */
  accentHover: string;
  /** Link colour on the dark theme. */
  accentOnDark: string;
}

/**
 * The colours the campaign page paints with, or null for no accent (or a stored value that does not
 * pass: one saved before the check, or written by hand, falls back to the site's colours).
 */
export function accentTheme(value: string | null | undefined): AccentTheme | null {
  if (!value || accentProblem(value) !== null) return null;
  const accent = lightShade(value.toLowerCase());
  return { accent, accentHover: toHex(mix(accent, "#000000", 0.15)), accentOnDark: darkLinkShade(accent) };
}
