/**
 * Colour words a prompt may name, and the colours the built-in designer prints for them
 * (decision 047). "teal and orange" gives a teal design with orange accents.
 */
export interface NamedColour {
  word: string;
  hex: string;
  /** True when the word is only a colour here, so it is neither a headline nor a subject word. */
  only: boolean;
  /** The word that shaded it ("dark"), likewise left out of the headline. */
  shade: string | null;
}

/** Words that only ever mean a colour, so they never become headline or subject words. */
export const COLOUR_WORDS: Readonly<Record<string, string>> = {
  red: "#d7263d",
  crimson: "#b1122f",
  scarlet: "#e0231b",
  burgundy: "#800020",
  maroon: "#7a1f2b",
  pink: "#f06292",
  magenta: "#d81b8c",
  fuchsia: "#e0218a",
  orange: "#f28c28",
  tangerine: "#f5812a",
  amber: "#ffb000",
  mustard: "#d4a017",
  yellow: "#f5d300",
  beige: "#e3d5b8",
  tan: "#c8a27a",
  brown: "#7b4b2a",
  terracotta: "#c8623e",
  green: "#2e9e4f",
  emerald: "#0f9d58",
  teal: "#008080",
  turquoise: "#30c5c5",
  aqua: "#3fd6d6",
  cyan: "#00aeef",
  blue: "#2563eb",
  cobalt: "#0047ab",
  navy: "#1b2a4a",
  indigo: "#4b2c9a",
  purple: "#7b3fa0",
  violet: "#8f5bd7",
  lavender: "#b79ce0",
  lilac: "#c8a2c8",
  black: "#111111",
  charcoal: "#36454f",
  grey: "#8a8f98",
  gray: "#8a8f98",
  silver: "#c0c0c0",
  white: "#ffffff",
};

/** Words that name a colour and a thing ("a rose", "a lemon"): coloured, and still a subject and a headline word. */
export const THING_COLOUR_WORDS: Readonly<Record<string, string>> = {
  coral: "#ff6f59",
  salmon: "#fa8072",
  peach: "#ffb38a",
  rose: "#e8557a",
  gold: "#d4af37",
  golden: "#d4af37",
  lemon: "#f7e04b",
  cream: "#f3e9d2",
  rust: "#b7410e",
  olive: "#708238",
  lime: "#9bd13c",
  sage: "#9caf88",
  mint: "#7fd8b6",
  sky: "#7ec8f0",
  plum: "#8e4585",
  wine: "#7b1e3a",
  chocolate: "#5c3317",
};

const SHADES: Readonly<Record<string, number>> = { dark: -0.22, deep: -0.15, light: 0.2, pale: 0.28, pastel: 0.25, bright: 0.05 };

/**
 * The colours a prompt names, in order, without repeats; "dark green" darkens the green. A word
 * like "coral" or "gold" is only a colour when it stands next to another colour word or "and"
 * ("coral and mint", "gold black"); "a rose garden" keeps its rose.
 */
export function namedColours(tokens: readonly string[]): NamedColour[] {
  const isColourish = (word: string | undefined) =>
    word !== undefined && (word in COLOUR_WORDS || word in THING_COLOUR_WORDS || word === "and");
  const found: NamedColour[] = [];
  tokens.forEach((token, index) => {
    const pure = COLOUR_WORDS[token];
    const hex = pure ?? THING_COLOUR_WORDS[token];
    if (!hex || found.some((colour) => colour.word === token)) return;
    const before = tokens[index - 1];
    const shade = SHADES[before ?? ""] ?? 0;
    const only = Boolean(pure) || isColourish(before) || isColourish(tokens[index + 1]);
    found.push({ word: token, hex: shade ? lighten(hex, shade) : hex, only, shade: shade ? (before ?? null) : null });
  });
  return found;
}

// ---------------------------------------------------------------------------------------------
// Colour maths on #rrggbb strings

export function hexToHsl(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  const r = ((value >> 16) & 255) / 255;
  const g = ((value >> 8) & 255) / 255;
  const b = (value & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}

/** Moves lightness by `amount` (−1…1) of the way towards black or white. */
export function lighten(hex: string, amount: number): string {
  const [h, s, l] = hexToHsl(hex);
  const next = amount > 0 ? l + (100 - l) * amount : l + l * amount;
  return hslHex(h, s, next);
}

export function hslHex(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.max(0, Math.min(100, saturation)) / 100;
  const l = Math.max(0, Math.min(100, lightness)) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const value = x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}
