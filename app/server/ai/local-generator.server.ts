/**
 * The built-in AI designer (decisions 007, 047 and 101), used when no Ideogram key is configured:
 * it turns a prompt and a style into a real, print-ready design. The prompt's subject words pick
 * drawings from the Tabler icon set and a few of our own (icons.server.ts), composed into one
 * picture by the words between them (scene.server.ts); its colour words ("teal and orange") set
 * the palette, and the style the manner. Words are printed only when the prompt quotes them or
 * names its brand ("for Acme"); a prompt with no drawable subject gets a typographic design.
 * Everything else is derived from a hash of the prompt and style, so the same request always
 * gives the same design and different prompts give different designs.
 *
 * Designs are SVG rendered by sharp (librsvg), with text set in system fonts. DejaVu is listed
 * first because its advance widths are tabulated below, which is how text is sized to fit without
 * a measuring pass; the fallbacks are metrically narrower, so they only ever come out smaller.
 */
import { createHash } from "node:crypto";
import { type NamedColour, hexToHsl, hslHex, lighten, namedColours } from "./colour-words";
import { type DesignFiles, PRINT_SIZE, designFilesFromSvg } from "./design-output.server";
import { type Icon, type IconMatch, pickSubjects } from "./icons.server";
import { type Scene, composeScene } from "./scene.server";

export const DESIGN_STYLES = ["modern minimalist", "vintage graphic", "abstract geometric"] as const;
export type DesignStyle = (typeof DESIGN_STYLES)[number];

export function isDesignStyle(value: unknown): value is DesignStyle {
  return typeof value === "string" && (DESIGN_STYLES as readonly string[]).includes(value);
}

export async function renderLocalDesign({ prompt, style }: { prompt: string; style: DesignStyle }): Promise<DesignFiles> {
  const { svg, knockout } = localDesignSvg(prompt, style);
  return designFilesFromSvg(svg, knockout);
}

/**
 * The design as SVG, PRINT_SIZE square on a transparent background, and optionally a second SVG
 * whose marks are cut out of it (the worn look). The cut-out is applied by sharp after rendering:
 * as an SVG mask librsvg would render it through an extra full-size surface, several times slower.
 */
export function localDesignSvg(prompt: string, style: DesignStyle): { svg: string; knockout: string | null } {
  const plan = planDesign(prompt, style);
  const { words, rng, palette, icons, scene } = plan;
  const hue = palette.hue;
  if (icons.length) {
    if (style === "modern minimalist") return { svg: svgDocument(minimalistIllustration(words, rng, palette, scene)), knockout: null };
    if (style === "vintage graphic") {
      return { svg: svgDocument(vintageIllustration(words, rng, palette, scene)), knockout: svgDocument(wornMarks(rng)) };
    }
    const { body, cutout } = geometricIllustration(words, rng, palette, scene);
    return { svg: svgDocument(body), knockout: svgDocument(cutout) };
  }
  const named = palette.named ? palette : null;
  const body =
    style === "modern minimalist"
      ? minimalist(words, rng, hue, named)
      : style === "vintage graphic"
        ? vintage(words, rng, hue, named)
        : geometric(words, rng, hue, named);
  return { svg: svgDocument(body), knockout: style === "vintage graphic" ? svgDocument(wornMarks(rng)) : null };
}

export interface DesignPlan {
  words: PromptWords;
  rng: Random;
  palette: Palette;
  /** The subjects drawn, the strongest match first; empty for a typographic design. */
  icons: IconMatch[];
  /** How they are composed. */
  scene: Scene;
}

/** What a prompt asks for: words, palette and illustration (exported for tests and the bench). */
export function planDesign(prompt: string, style: DesignStyle): DesignPlan {
  const words = readPrompt(prompt);
  const rng = new Random(createHash("sha256").update(`${style}\n${words.normalized}`).digest());
  const hue = words.mood ? rng.range(words.mood.hue[0], words.mood.hue[1]) : rng.range(0, 360);
  const subjects = pickSubjects(words.slots, rng.int(0, 1_000_000));
  const icons = subjects.map(({ icon, word, score }) => ({ icon, word, score })).sort((a, b) => b.score - a.score);
  // A named colour sets the palette; otherwise a mood word or the hash sets the hue.
  const palette = makePalette(words.colours, hue, rng);
  return { words, rng, palette, icons, scene: composeScene(subjects, words.tokens) };
}

export interface Palette {
  /** The dominant colour: the first named one. */
  main: string;
  /** The second named colour, or a harmonising one. */
  accent: string;
  /** Dark type and outlines: a third named colour or a deep shade of the main one. */
  ink: string;
  /** Near-white in the main hue, for type on colour. */
  light: string;
  hue: number;
  named: boolean;
}

function makePalette(colours: NamedColour[], hue: number, rng: Random): Palette {
  const [first, second, third] = colours;
  if (first) {
    const [h, s, l] = hexToHsl(first.hex);
    const accent = second?.hex ?? hslHex(h + rng.pick([150, 180, 210]), Math.max(55, s), 55);
    // Very dark or very light main colours take their ink from the other end, so type stays legible.
    const ink = third?.hex ?? (l < 25 ? hslHex(h, Math.min(s, 30), 8) : hslHex(h, Math.min(s, 40), 15));
    return { main: first.hex, accent, ink, light: hslHex(h, Math.min(s, 40), 95), hue: h, named: true };
  }
  return {
    // Print colours rather than screen neon: saturated, not fluorescent.
    main: hslHex(hue, rng.range(48, 66), rng.range(40, 50)),
    accent: hslHex(hue + rng.pick([30, 150, 180, 200]), rng.range(55, 72), rng.range(50, 58)),
    ink: hslHex(hue + rng.range(-15, 15), 35, 15),
    light: hslHex(hue, 40, 95),
    hue,
    named: false,
  };
}

function svgDocument(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRINT_SIZE}" height="${PRINT_SIZE}" viewBox="0 0 ${PRINT_SIZE} ${PRINT_SIZE}">${body}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Reading the prompt

interface Mood {
  hue: [number, number];
  words: string[];
}

/** Colour moods a prompt can name; otherwise the hash picks any hue. */
const MOODS: Mood[] = [
  {
    hue: [185, 225],
    words: "ocean sea beach wave waves surf surfing water splash blue sky ice winter snow cool rain river lake swim sail".split(" "),
  },
  { hue: [2, 32], words: "sunset summer fire hot heat flame orange red desert spicy taco pizza autumn fall volcano".split(" ") },
  {
    hue: [88, 150],
    words:
      "forest nature green plant plants leaf leaves tree trees earth eco mountain mountains garden camp camping hike hiking outdoor outdoors".split(
        " ",
      ),
  },
  { hue: [250, 295], words: "night space galaxy star stars moon cosmic neon purple dream magic music party rave disco".split(" ") },
  { hue: [318, 350], words: "love heart hearts pink valentine rose roses flower flowers bloom candy sweet".split(" ") },
  { hue: [18, 34], words: "coffee brew cafe bakery bread chocolate brown wood leather whiskey bbq barbecue".split(" ") },
  { hue: [40, 56], words: "gold golden yellow lemon honey bee bees banana sunshine sun".split(" ") },
];

/** Words that describe the request rather than the subject, so never become the headline. */
const STOP_WORDS = new Set(
  (
    "a an the and or but of for by with without in on at to from into onto over under about as is are be was were it its " +
    "this that these those my our your their his her me we us you i make create generate draw show showing featuring " +
    "feature please some very really using use inspired theme themed style styled design designs designed t tee tees " +
    "shirt shirts tshirt tshirts print printed image picture logo graphic graphics modern minimalist minimal minimalistic " +
    "vintage retro abstract geometric geometry simple clean bold color colors colour colours colorful colourful background " +
    "transparent illustration art artwork vector looking look like new cool nice great awesome beautiful " +
    // What a giveaway is, rather than what is on the product (decision 047).
    "giveaway giveaways sweepstakes contest win winning enter entry prize " +
    "hoodie hoodies sweatshirt mug mugs product merch line lines drawing drawn badge emblem pattern hand " +
    // Where subjects stand and what is to be printed (decision 101), never a subject themselves.
    "above below beneath underneath atop upon behind across word words text slogan caption lettering says reads saying"
  ).split(" "),
);

interface PromptWords {
  /** Lower-case, accents removed: what the hash is taken of. */
  normalized: string;
  /** 1–3 words for the headline of a typographic design, in prompt order (the quoted text when there is one). */
  headline: string[];
  /** Who it is for ("… for Acme"), shown smaller in a typographic design. */
  tagline: string | null;
  mood: Mood | null;
  /** Colours the prompt names, in order. */
  colours: NamedColour[];
  /** The prompt's words (quoted text and the brand taken out), for reading where subjects stand. */
  tokens: string[];
  /** tokens, with every word that cannot name a subject replaced by null. */
  slots: (string | null)[];
  /** Words the prompt asks to have printed: quoted ("with the words 'Early Bird'"), in order. */
  text: string[];
  /** The brand the prompt names ("for Acme", "by Acme": a capitalised name), printed small. */
  brand: string | null;
}

const MAX_HEADLINE_CHARS = 22;
const MAX_WORD_CHARS = 14;
const MAX_TEXT_CHARS = 40;

/** Quoted text: opened after a space or start, closed before a space, punctuation or end (so "kestrel's" is no quote). */
const QUOTED =
  /(^|[\s([{,:;])["\u201c\u201d'\u2018\u2019\u00ab]([^"\u201c\u201d\u2018\u2019\u00ab\u00bb]*?[^\s"\u201c\u201d\u2018\u2019\u00ab\u00bb])["\u201c\u201d'\u2018\u2019\u00bb](?=$|[\s)\]},.;:!?])/g;
/** "with the words Early Bird", "that says hello": the text runs to the next punctuation. */
const SAYING =
  /\b(?:(?:with|and|plus)\s+(?:the\s+)?(?:words?|text|slogan|caption|lettering)|(?:that|which)\s+(?:says|reads)|saying)\s+(?!["\u201c'\u2018\u00ab])([^,.;:!?()"\u201c\u201d]+)/gi;

/** The words a prompt asks to have printed, and the prompt without them. */
function readText(prompt: string): { text: string[]; rest: string } {
  const text: string[] = [];
  let rest = prompt.replace(QUOTED, (_, before: string, quoted: string) => {
    text.push(quoted.trim().slice(0, MAX_TEXT_CHARS));
    return `${before} , `;
  });
  rest = rest.replace(SAYING, (_, said: string) => {
    text.push(said.trim().split(/\s+/).slice(0, 5).join(" ").slice(0, MAX_TEXT_CHARS));
    return " , ";
  });
  return { text: text.filter(Boolean).slice(0, 2), rest };
}

function readPrompt(prompt: string): PromptWords {
  const plain = prompt
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const normalized = plain.toLowerCase();
  const { text, rest } = readText(plain);
  const lower = rest.toLowerCase();
  const tokens = (segment: string) =>
    segment
      .replace(/[^a-z0-9&' ]+/g, " ")
      .split(" ")
      .map((word) => word.replace(/^'+|'+$/g, "").slice(0, MAX_WORD_CHARS))
      .filter(Boolean);

  // "for Acme" / "by Acme" up to the next punctuation names the brand or audience.
  let tagline: string[] = [];
  for (const segment of lower.split(/[,.;:!?()]+/)) {
    const words = tokens(segment);
    const at = words.findIndex((word) => word === "for" || word === "by");
    if (at < 0) continue;
    const after = words.slice(at + 1);
    const end = after.findIndex((word) => STOP_WORDS.has(word));
    // Up to four words, so "for Cedar & Salt Bakery" stays whole rather than leaking into the headline.
    tagline = (end < 0 ? after : after.slice(0, end)).slice(0, 4);
    if (tagline.length) break;
  }
  // A name written with a capital is a brand, and a brand on its own merch is asked for; "for dog lovers" is not.
  const first = tagline[0];
  const brandNamed =
    first !== undefined &&
    [...rest.matchAll(/(?:^|[^\p{L}])(?:for|by) +([^\s,.;:!?()]+)/giu)].some(
      (match) => match[1]?.toLowerCase().startsWith(first.slice(0, 3)) && /^[\p{Lu}\d]/u.test(match[1] ?? ""),
    );

  const all = tokens(lower);
  const colours = namedColours(all);
  const taglineWords = new Set(tagline);
  const seen = new Set(tagline);
  const meaningful = all.filter((word) => {
    if (STOP_WORDS.has(word) || seen.has(word) || (word.length < 2 && !/\d/.test(word))) return false;
    if (colours.some((colour) => (colour.word === word && colour.only) || colour.shade === word)) return false;
    seen.add(word);
    return true;
  });
  const slots = all.map((word) =>
    STOP_WORDS.has(word) ||
    taglineWords.has(word) ||
    (word.length < 2 && !/\d/.test(word)) ||
    colours.some((colour) => (colour.word === word && colour.only) || colour.shade === word)
      ? null
      : word,
  );
  let headline = text.length ? text.join(" ").split(" ").slice(0, 6) : meaningful.slice(0, 3);
  while (!text.length && headline.length > 1 && headline.join(" ").length > MAX_HEADLINE_CHARS) headline = headline.slice(0, -1);
  if (!headline.length) headline = tagline.length ? tagline.splice(0) : ["good", "vibes"];

  // The prompt's first mood word sets the hue: "coffee cup with mountain sunrise" is a coffee brown.
  let mood: Mood | null = null;
  for (const word of all) {
    mood = MOODS.find((candidate) => candidate.words.includes(word)) ?? null;
    if (mood) break;
  }
  return {
    normalized,
    headline,
    tagline: tagline.length ? tagline.join(" ") : null,
    mood,
    colours,
    tokens: all,
    slots,
    text,
    brand: brandNamed && tagline.length ? tagline.join(" ") : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Type

interface Face {
  family: string;
  weight: number;
  /** Advance widths of ASCII 32–126 in thousandths of an em. */
  widths: readonly number[];
}

// Widths read from the DejaVu TTFs' hmtx tables (DejaVu Sans Book and ExtraLight share them).
const SANS = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
const SANS_WIDTHS = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337,
  337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
  684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635,
  635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
];
const SANS_BOLD_WIDTHS = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400,
  400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
  774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716,
  716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
];
const CONDENSED_BOLD_WIDTHS = [
  313, 410, 469, 754, 626, 901, 785, 275, 411, 411, 470, 754, 342, 374, 342, 329, 626, 626, 626, 626, 626, 626, 626, 626, 626, 626, 360,
  360, 754, 754, 754, 522, 900, 696, 686, 660, 747, 615, 615, 738, 753, 334, 334, 697, 573, 896, 753, 765, 659, 765, 693, 648, 614, 730,
  696, 993, 694, 651, 652, 411, 329, 411, 754, 450, 450, 607, 644, 533, 644, 610, 391, 644, 641, 308, 308, 598, 308, 938, 641, 618, 644,
  644, 444, 536, 430, 641, 586, 831, 580, 586, 523, 641, 329, 641, 754,
];
const SERIF_BOLD_WIDTHS = [
  348, 439, 521, 838, 696, 950, 903, 306, 473, 473, 523, 838, 348, 415, 348, 365, 696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 369,
  369, 838, 838, 838, 586, 1000, 776, 845, 796, 867, 762, 710, 854, 945, 468, 473, 869, 703, 1107, 914, 871, 752, 871, 831, 722, 744, 872,
  776, 1123, 776, 714, 730, 473, 365, 473, 838, 500, 500, 648, 699, 609, 699, 636, 430, 699, 727, 380, 362, 693, 380, 1058, 727, 667, 699,
  699, 527, 563, 462, 727, 581, 861, 596, 581, 568, 643, 364, 643, 838,
];

const FACES = {
  light: { family: SANS, weight: 200, widths: SANS_WIDTHS },
  regular: { family: SANS, weight: 400, widths: SANS_WIDTHS },
  bold: { family: SANS, weight: 700, widths: SANS_BOLD_WIDTHS },
  condensed: {
    family: "DejaVu Sans Condensed, Liberation Sans Narrow, Arial Narrow, sans-serif",
    weight: 700,
    widths: CONDENSED_BOLD_WIDTHS,
  },
  serif: { family: "DejaVu Serif, Liberation Serif, Georgia, serif", weight: 700, widths: SERIF_BOLD_WIDTHS },
} satisfies Record<string, Face>;

/** Width in ems, letter-spacing included (given in ems, added after every glyph but the last). */
function emWidth(value: string, face: Face, spacing = 0): number {
  let total = 0;
  for (const char of value) {
    const code = char.charCodeAt(0);
    total += (code >= 32 && code <= 126 ? (face.widths[code - 32] ?? 600) : 700) / 1000;
  }
  return total + spacing * Math.max(0, value.length - 1);
}

/** The largest size (up to max) at which the text fits the width. */
function fitSize(value: string, face: Face, width: number, max: number, spacing = 0): number {
  return Math.min(max, width / Math.max(emWidth(value, face, spacing), 0.01));
}

interface TextOptions {
  x: number;
  y: number;
  size: number;
  face: Face;
  fill: string;
  /** In ems. */
  spacing?: number;
  anchor?: "start" | "middle" | "end";
  extra?: string;
}

function text(value: string, { x, y, size, face, fill, spacing = 0, anchor = "middle", extra = "" }: TextOptions): string {
  // librsvg adds letter-spacing after the last glyph too; shifting by half of it re-centres the line.
  const shift = anchor === "middle" ? (spacing * size) / 2 : 0;
  return (
    `<text x="${round(x + shift)}" y="${round(y)}" font-family="${face.family}" font-weight="${face.weight}" ` +
    `font-size="${round(size)}" letter-spacing="${round(spacing * size)}" text-anchor="${anchor}" fill="${fill}" ${extra}>` +
    `${escapeXml(value)}</text>`
  );
}

/** Letters one by one along a circle, centred on an angle (degrees, 0 = up, clockwise). */
function arcText(value: string, { cx, cy, radius, size, face, fill, spacing = 0.12, center = 0, bottom = false }: ArcTextOptions): string {
  const chars = [...value];
  const widths = chars.map((char) => emWidth(char, face) * size);
  const gap = spacing * size;
  const total = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, chars.length - 1);
  // Bottom text runs counter-clockwise so it reads left to right; its baseline sits on the inside.
  const direction = bottom ? -1 : 1;
  const baseRadius = bottom ? radius + size * 0.72 : radius;
  let along = -total / 2;
  const glyphs: string[] = [];
  chars.forEach((char, index) => {
    const width = widths[index] ?? 0;
    const middle = along + width / 2;
    along += width + gap;
    if (char === " ") return;
    const angle = center + direction * (middle / baseRadius) * (180 / Math.PI);
    const radians = ((angle - 90) * Math.PI) / 180;
    const x = cx + baseRadius * Math.cos(radians);
    const y = cy + baseRadius * Math.sin(radians);
    const rotation = bottom ? angle + 180 : angle;
    glyphs.push(
      `<text x="0" y="0" transform="translate(${round(x)} ${round(y)}) rotate(${round(rotation)})" font-family="${face.family}" ` +
        `font-weight="${face.weight}" font-size="${round(size)}" text-anchor="middle" fill="${fill}">${escapeXml(char)}</text>`,
    );
  });
  return glyphs.join("");
}

interface ArcTextOptions {
  cx: number;
  cy: number;
  radius: number;
  size: number;
  face: Face;
  fill: string;
  spacing?: number;
  center?: number;
  bottom?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Styles

const CENTER = PRINT_SIZE / 2;

/** Clean type and one simple shape, in one accent colour and one ink. */
function minimalist(words: PromptWords, rng: Random, hue: number, named: Palette | null): string {
  const accent = named?.main ?? hslHex(hue, rng.range(55, 80), rng.range(45, 58));
  const ink = named?.accent ?? hslHex(hue + rng.range(-20, 20), rng.range(10, 25), rng.range(24, 36));
  const upper = rng.next() < 0.5;
  const face = rng.next() < 0.5 ? FACES.light : FACES.bold;
  const spacing = upper ? 0.16 : 0.02;
  const headline = words.headline.map((word) => (upper ? word.toUpperCase() : word));
  const variant = rng.int(0, 4);

  // One line when it stays large, otherwise one word per line.
  const oneLine = headline.join(" ");
  let lines = [oneLine];
  let size = fitSize(oneLine, face, 2500, 460, spacing);
  if (size < 330 && headline.length > 1) {
    lines = headline;
    size = Math.min(...lines.map((line) => fitSize(line, face, 2500, 460, spacing)));
  }
  // Everything is stacked in a 2600-high column: shape, gap, type, tagline.
  const tagline = words.tagline?.toUpperCase() ?? null;
  const taglineBlock = tagline ? 300 : 0;
  const gap = 220;
  const minShape = variant === 4 ? 0 : 760;
  size = Math.min(size, (2600 - minShape - gap - taglineBlock) / (lines.length * 1.12));
  const lineHeight = size * 1.12;
  const textBlock = lines.length * lineHeight;
  const shapeBlock = variant === 4 ? 0 : Math.min(1150, 2600 - gap - textBlock - taglineBlock);
  const top = (PRINT_SIZE - (shapeBlock + (shapeBlock ? gap : 0) + textBlock + taglineBlock)) / 2;
  const shapeBottom = top + shapeBlock;
  const shapeMiddle = top + shapeBlock / 2;
  const textTop = shapeBlock ? shapeBottom + gap : top;

  const shapes: string[] = [];
  if (variant === 0) {
    shapes.push(circle(CENTER, shapeMiddle, (shapeBlock / 2) * rng.range(0.8, 1), accent));
  } else if (variant === 1) {
    const r = shapeBlock / 2 - 30;
    shapes.push(`<circle cx="${CENTER}" cy="${round(shapeMiddle)}" r="${round(r)}" fill="none" stroke="${accent}" stroke-width="42"/>`);
    const angle = rng.range(0, Math.PI * 2);
    shapes.push(circle(CENTER + r * 0.55 * Math.cos(angle), shapeMiddle + r * 0.55 * Math.sin(angle), r * 0.12, ink));
  } else if (variant === 2) {
    // Two arcs, like a rainbow rising from the type.
    const r = Math.min(shapeBlock - 40, 1000);
    const arc = (radius: number, opacity: number) =>
      `<path d="M ${round(CENTER - radius)} ${round(shapeBottom)} A ${round(radius)} ${round(radius)} 0 0 1 ${round(CENTER + radius)} ${round(shapeBottom)}" fill="none" stroke="${accent}" stroke-width="56" stroke-linecap="round" opacity="${opacity}"/>`;
    shapes.push(arc(r, 1), arc(r * 0.64, 0.55));
  } else if (variant === 3) {
    // A peak and a horizon line.
    const h = shapeBlock - 40;
    const w = Math.min(h * rng.range(1.3, 1.7), 1700);
    shapes.push(
      `<path d="M ${round(CENTER - w / 2)} ${round(shapeBottom)} L ${round(CENTER - w / 8)} ${round(shapeBottom - h)} L ${round(CENTER + w / 8)} ${round(shapeBottom - h * 0.62)} L ${round(CENTER + w / 2)} ${round(shapeBottom)} Z" fill="${accent}"/>`,
      `<line x1="${round(CENTER - w / 2 - 150)}" y1="${round(shapeBottom)}" x2="${round(CENTER + w / 2 + 150)}" y2="${round(shapeBottom)}" stroke="${ink}" stroke-width="26" stroke-linecap="round"/>`,
    );
  } else {
    // A rule above and a shorter one below the type, and nothing else.
    const width = rng.range(900, 1500);
    shapes.push(
      `<rect x="${round(CENTER - width / 2)}" y="${round(textTop - 200)}" width="${round(width)}" height="34" rx="17" fill="${accent}"/>`,
      `<rect x="${round(CENTER - width / 4)}" y="${round(textTop + textBlock + 90)}" width="${round(width / 2)}" height="34" rx="17" fill="${accent}"/>`,
    );
  }

  const type = lines.map((line, index) =>
    text(line, { x: CENTER, y: textTop + size * 0.82 + index * lineHeight, size, face, fill: ink, spacing }),
  );
  if (tagline) {
    const tagSize = fitSize(tagline, FACES.bold, 1800, 120, 0.38);
    const y = textTop + textBlock + (variant === 4 ? 300 : 200);
    type.push(text(tagline, { x: CENTER, y, size: tagSize, face: FACES.bold, fill: accent, spacing: 0.38 }));
  }
  return [...shapes, ...type].join("");
}

/** A badge or sunset emblem with arched and stacked type, a sunburst, stripes and a worn print. */
function vintage(words: PromptWords, rng: Random, hue: number, named: Palette | null): string {
  const main = named?.main ?? hslHex(hue, rng.range(40, 55), rng.range(38, 48));
  const warm = named?.accent ?? hslHex(hue + rng.pick([30, 40, 160, 200]), rng.range(55, 70), rng.range(52, 60));
  const cream = hslHex(rng.range(36, 48), 60, 88);
  const ink = named?.ink ?? hslHex(hue + rng.range(-15, 15), 35, 16);
  const headline = words.headline.map((word) => word.toUpperCase());
  const { topWords, bottomWords } = badgeWords(words, rng);

  const parts: string[] = [];
  if (rng.next() < 0.5) {
    // Badge: sunburst behind a double-ringed disc, arched type in the ring, ribbon across.
    parts.push(...badgeEmblem(rng, { rays: warm, disc: main, cream }, topWords, bottomWords));
    parts.push(star(CENTER - 920, CENTER, 70, cream), star(CENTER + 920, CENTER, 70, cream));
    // Speed stripes in the lower part of the inner disc.
    parts.push(
      `<clipPath id="inner"><circle cx="${CENTER}" cy="${CENTER}" r="745"/></clipPath>`,
      `<g clip-path="url(#inner)">${[0, 1, 2, 3].map((i) => `<rect x="0" y="${1930 + i * 95}" width="${PRINT_SIZE}" height="${54 - i * 11}" fill="${warm}"/>`).join("")}</g>`,
    );
    parts.push(ribbon(headline, { y: CENTER, main: ink, shade: hslHex(hue, 30, 10), fill: cream, rng }));
  } else {
    // Sunset: a striped half sun with rays and arched type, over stacked type with a drop shadow.
    const r = rng.range(700, 820);
    const arcSize = Math.min(150, fitSize(topWords, FACES.condensed, 2300, 150, 0.14));
    const arcRadius = r + 400;
    const above = arcRadius + arcSize * 0.75;
    const bottom = bottomWords.toUpperCase();
    const bottomSize = Math.min(110, fitSize(bottom, FACES.condensed, 2000, 110, 0.3));
    const below = 130 + bottomSize + 170;
    let sizes = headline.map((line) => fitSize(line, FACES.serif, 2500, 400, 0.02));
    const room = 2860 - above - below;
    const wanted = sizes.reduce((sum, size) => sum + size * 1.06, 0);
    if (wanted > room) sizes = sizes.map((size) => (size * room) / wanted);
    const typeHeight = sizes.reduce((sum, size) => sum + size * 1.06, 0);
    const sunY = (PRINT_SIZE - (above + typeHeight + below)) / 2 + above;

    parts.push(rays(CENTER, sunY, r + 70, r + 320, rng.pick([13, 15, 17]), warm));
    // The stripes are gaps in the lower half of the sun, widening towards the horizon.
    const bands: string[] = [];
    let y = sunY - r;
    const cut = sunY - r * 0.5;
    bands.push(`<rect x="0" y="${round(y)}" width="${PRINT_SIZE}" height="${round(cut - y)}"/>`);
    y = cut;
    for (let i = 0; y < sunY; i++) {
      const gap = 18 + i * 12;
      const band = Math.max(40, 90 - i * 12);
      y += gap;
      bands.push(`<rect x="0" y="${round(y)}" width="${PRINT_SIZE}" height="${round(Math.min(band, sunY - y))}"/>`);
      y += band;
    }
    parts.push(
      `<clipPath id="sunstripes">${bands.join("")}</clipPath>`,
      `<path d="M ${round(CENTER - r)} ${round(sunY)} A ${round(r)} ${round(r)} 0 0 1 ${round(CENTER + r)} ${round(sunY)} Z" fill="${main}" clip-path="url(#sunstripes)"/>`,
    );
    parts.push(arcText(topWords, { cx: CENTER, cy: sunY, radius: arcRadius, size: arcSize, face: FACES.condensed, fill: ink }));
    parts.push(`<rect x="${CENTER - 1250}" y="${round(sunY)}" width="2500" height="36" fill="${ink}"/>`);

    let baseline = sunY + 130;
    headline.forEach((line, index) => {
      const size = sizes[index] ?? 200;
      baseline += size * 0.86;
      const shadow = size * 0.06;
      parts.push(text(line, { x: CENTER + shadow, y: baseline + shadow, size, face: FACES.serif, fill: ink, spacing: 0.02 }));
      parts.push(text(line, { x: CENTER, y: baseline, size, face: FACES.serif, fill: warm, spacing: 0.02 }));
      baseline += size * 0.2;
    });
    const lastY = baseline + 130 + bottomSize;
    parts.push(star(CENTER - 1150, lastY - bottomSize * 0.36, 50, main), star(CENTER + 1150, lastY - bottomSize * 0.36, 50, main));
    parts.push(text(bottom, { x: CENTER, y: lastY, size: bottomSize, face: FACES.condensed, fill: main, spacing: 0.3 }));
  }
  return parts.join("");
}

/** Overlapping polygons and circles in a bold palette, with heavy type over them. */
function geometric(words: PromptWords, rng: Random, hue: number, named: Palette | null): string {
  const spread = rng.pick([90, 120, 150, 180]);
  const colors = named
    ? namedPatternColours(named)
    : [
        hslHex(hue, rng.range(70, 85), rng.range(50, 58)),
        hslHex(hue + spread, rng.range(65, 80), rng.range(48, 56)),
        hslHex(hue + spread * 2, rng.range(70, 90), rng.range(56, 64)),
        hslHex(hue + 35, rng.range(80, 95), rng.range(58, 66)),
      ];
  const ink = named?.ink ?? hslHex(hue + 200, 35, 14);
  const light = named?.light ?? hslHex(hue, 40, 96);
  const shapes: string[] = [];
  const count = rng.int(7, 10);
  for (let i = 0; i < count; i++) {
    // Around a loose ring so the cluster fills the square without piling up in the middle.
    const angle = (i / count) * Math.PI * 2 + rng.range(-0.35, 0.35);
    const size = rng.range(450, 900);
    const distance = rng.range(350, 1050);
    const limit = (value: number) => Math.min(PRINT_SIZE - size / 2 - 60, Math.max(size / 2 + 60, value));
    const x = limit(CENTER + Math.cos(angle) * distance);
    const y = limit(CENTER + Math.sin(angle) * distance);
    const fill = colors[i % colors.length] ?? ink;
    // Translucent rather than mix-blend-mode: librsvg blends through a full-size surface per shape.
    const blend = `fill-opacity="0.86"`;
    const kind = rng.int(0, 6);
    const rotation = rng.range(0, 360);
    if (kind === 0) shapes.push(`<circle cx="${round(x)}" cy="${round(y)}" r="${round(size / 2)}" fill="${fill}" ${blend}/>`);
    else if (kind === 1) shapes.push(polygon(x, y, size / 1.6, 3, rotation, fill, blend));
    else if (kind === 2) shapes.push(polygon(x, y, size / 1.7, 4, rotation, fill, blend));
    else if (kind === 3) shapes.push(polygon(x, y, size / 1.8, 6, rotation, fill, blend));
    else if (kind === 4)
      shapes.push(
        `<circle cx="${round(x)}" cy="${round(y)}" r="${round(size / 2.4)}" fill="none" stroke="${fill}" stroke-width="${round(size / 9)}"/>`,
      );
    else if (kind === 5) {
      const r = size / 2;
      shapes.push(
        `<path d="M ${round(x - r)} ${round(y)} A ${round(r)} ${round(r)} 0 0 1 ${round(x + r)} ${round(y)} Z" transform="rotate(${round(rotation)} ${round(x)} ${round(y)})" fill="${fill}" ${blend}/>`,
      );
    } else {
      const dots: string[] = [];
      const step = size / 5;
      for (let row = 0; row < 5; row++) {
        for (let col = 0; col < 5; col++)
          dots.push(circle(x - size / 2 + step * (col + 0.5), y - size / 2 + step * (row + 0.5), step * 0.22, ink));
      }
      shapes.push(`<g>${dots.join("")}</g>`);
    }
  }
  const zig: string[] = [];
  const zigY = rng.range(500, 2500);
  for (let i = 0; i <= 10; i++) zig.push(`${round(450 + i * 210)},${round(zigY + (i % 2 ? -90 : 90))}`);
  shapes.push(
    `<polyline points="${zig.join(" ")}" fill="none" stroke="${colors[3]}" stroke-width="46" stroke-linejoin="round" stroke-linecap="round"/>`,
  );

  const face = rng.next() < 0.5 ? FACES.bold : FACES.condensed;
  const headline = words.headline.map((word) => word.toUpperCase());
  const oneLine = headline.join(" ");
  let lines = [oneLine];
  let size = fitSize(oneLine, face, 2300, 480, 0.02);
  if (size < 340 && headline.length > 1) {
    lines = headline;
    size = Math.min(...lines.map((line) => fitSize(line, face, 2300, 480, 0.02)));
  }
  const lineHeight = size * 1.02;
  const top = CENTER - (lines.length * lineHeight) / 2;
  const type: string[] = [];
  const barred = rng.next() < 0.5;
  lines.forEach((line, index) => {
    const y = top + size * 0.84 + index * lineHeight;
    if (barred) {
      const width = emWidth(line, face, 0.02) * size + size * 0.6;
      type.push(
        `<rect x="${round(CENTER - width / 2)}" y="${round(y - size * 0.86)}" width="${round(width)}" height="${round(size * 1.04)}" fill="${ink}"/>`,
      );
      type.push(text(line, { x: CENTER, y, size, face, fill: light, spacing: 0.02 }));
    } else {
      type.push(
        text(line, {
          x: CENTER,
          y,
          size,
          face,
          fill: light,
          spacing: 0.02,
          extra: `stroke="${ink}" stroke-width="${round(size * 0.11)}" stroke-linejoin="round" paint-order="stroke"`,
        }),
      );
    }
  });
  if (words.tagline) {
    const tagline = words.tagline.toUpperCase();
    const tagSize = fitSize(tagline, FACES.bold, 1400, 120, 0.3);
    const width = emWidth(tagline, FACES.bold, 0.3) * tagSize + tagSize * 1.2;
    const y = top + lines.length * lineHeight + 120;
    type.push(
      `<rect x="${round(CENTER - width / 2)}" y="${round(y)}" width="${round(width)}" height="${round(tagSize * 1.7)}" fill="${colors[0]}"/>`,
    );
    type.push(text(tagline, { x: CENTER, y: y + tagSize * 1.2, size: tagSize, face: FACES.bold, fill: ink, spacing: 0.3 }));
  }
  return [...shapes, ...type].join("");
}

// ---------------------------------------------------------------------------------------------
// Illustrated styles (decision 047): the prompt's subject drawn from the icon set

/** A pattern's four fills from a named palette: both colours and a lighter tint of each. */
function namedPatternColours(palette: Palette): string[] {
  return [palette.main, palette.accent, lighten(palette.main, 0.3), lighten(palette.accent, 0.25)];
}

interface IconOptions {
  cx: number;
  cy: number;
  /** Width and height of the drawn 24-unit grid, in print pixels. */
  size: number;
  color: string;
  /** Stroke width in grid units (the set's own is 2); ignored when filled. */
  stroke?: number;
  filled?: boolean;
  /** A border of another colour around the marks (grid units), parting them from what is behind. */
  halo?: { color: string; width: number } | null;
}

/** An icon scaled from its 24-unit grid, as round-capped strokes or, when it has one, its filled form. */
function drawIcon(icon: Icon, { cx, cy, size, color, stroke = 2, filled = false, halo = null }: IconOptions): string {
  const scale = size / 24;
  const transform = `translate(${round(cx - size / 2)} ${round(cy - size / 2)}) scale(${round(scale * 1000) / 1000})`;
  const solid = filled && icon.filled;
  const paths = (solid ? (icon.filled ?? []) : icon.outline).map((d) => `<path d="${d}"/>`).join("");
  const lines = `stroke-linecap="round" stroke-linejoin="round"`;
  const border = halo
    ? `<g transform="${transform}" fill="${solid ? halo.color : "none"}" stroke="${halo.color}" stroke-width="${round((solid ? 0 : stroke) + halo.width)}" ${lines}>${paths}</g>`
    : "";
  return solid
    ? `${border}<g transform="${transform}" fill="${color}">${paths}</g>`
    : `${border}<g transform="${transform}" fill="none" stroke="${color}" stroke-width="${round(stroke)}" ${lines}>${paths}</g>`;
}

interface SceneLook {
  figure: string;
  backdrop: string;
  horizon: string;
  /** Line drawings (strokes this many print pixels wide) rather than filled shapes. */
  line: number | null;
  halo?: string;
}

/**
 * A scene (scene.server.ts) drawn in a box: the backdrop (sun, moon, sunrise) behind, the figures
 * in front, returned apart so a style can cut the figures out of its print.
 */
function drawScene(scene: Scene, box: { cx: number; cy: number; size: number }, look: SceneLook): { back: string; front: string } {
  const at = (x: number, y: number) => [box.cx + x * box.size, box.cy + y * box.size] as const;
  const back: string[] = [];
  const { backdrop } = scene;
  if (backdrop) {
    const [x, y] = at(backdrop.x, backdrop.y);
    const r = backdrop.r * box.size;
    if (backdrop.kind === "horizon") {
      // Five rays fanning over the horizon.
      back.push(rayLines(x, y, r * 1.28, r * 1.72, { count: 5, from: 198, to: 342, width: r * 0.15, color: look.backdrop }));
      back.push(
        `<path d="M ${round(x - r)} ${round(y)} A ${round(r)} ${round(r)} 0 0 1 ${round(x + r)} ${round(y)} Z" fill="${look.backdrop}"/>`,
      );
      const bar = box.size * 0.024;
      const rule = (width: number, dy: number) =>
        `<rect x="${round(x - width / 2)}" y="${round(y + dy - bar / 2)}" width="${round(width)}" height="${round(bar)}" rx="${round(bar / 2)}" fill="${look.horizon}"/>`;
      back.push(rule(box.size * 0.92, 0), rule(box.size * 0.5, box.size * 0.07));
    } else if (backdrop.kind === "sun") {
      back.push(
        rayLines(x, y, r * 1.3, r * 1.75, { count: 8, from: 0, to: 315, width: r * 0.16, color: look.backdrop }),
        circle(x, y, r, look.backdrop),
      );
    } else {
      back.push(drawIcon(backdrop.icon, { cx: x, cy: y, size: r * 2.5, color: look.backdrop, filled: true }));
    }
  }
  const front = scene.figures.flatMap((figure) => {
    // A flock: two smaller ones further off, above, drawn first.
    const flock: (readonly [number, number, number])[] = [
      [-0.36, -0.3, 0.4],
      [0.24, -0.44, 0.34],
      [0.06, 0.1, 0.8],
    ];
    const members = (figure.count ?? 1) > 1 ? flock : [[0, 0, 1] as const];
    return members.map(([dx, dy, scale]) => {
      const [x, y] = at(figure.x + dx * figure.size, figure.y + dy * figure.size);
      const size = figure.size * scale * box.size;
      const stroke = look.line ? (look.line * 24) / size : 2;
      // Only a figure that stands in front of the backdrop needs parting from it.
      const halo = look.halo && backdrop ? { color: look.halo, width: (box.size * 0.018 * 24) / size } : null;
      const filled = look.line === null || figure.icon.silhouette === true;
      return drawIcon(figure.icon, { cx: x, cy: y, size, color: look.figure, stroke, filled, halo });
    });
  });
  return { back: back.join(""), front: front.join("") };
}

/** Type set in one line (or one word a line when that is much larger), fitted to a width. */
function fittedLines(words: string[], face: Face, width: number, max: number, spacing: number): { lines: string[]; size: number } {
  const oneLine = words.join(" ");
  const single = fitSize(oneLine, face, width, max, spacing);
  if (words.length > 1 && single < max * 0.55) {
    return { lines: words, size: Math.min(...words.map((word) => fitSize(word, face, width, max, spacing))) };
  }
  return { lines: [oneLine], size: single };
}

/** The words an illustrated design prints: what the prompt quotes, and the brand it names (decision 101). */
function printedWords(words: PromptWords): { text: string[]; brand: string | null } {
  return { text: words.text.flatMap((line) => line.toUpperCase().split(/\s+/)), brand: words.brand?.toUpperCase() ?? null };
}

/** The subjects as one line drawing in a ring or before a disc of the accent; quoted words and brand in spaced capitals. */
function minimalistIllustration(words: PromptWords, rng: Random, palette: Palette, scene: Scene): string {
  const { text: quoted, brand } = printedWords(words);
  const typed = quoted.length > 0 || brand !== null;
  const parts: string[] = [];
  // Without words the drawing has the whole square.
  const iconY = typed ? 1230 : CENTER;
  const radius = typed ? 960 : 1220;
  const boxSize = typed ? 1560 : 1990;
  // A ring or a disc of the accent behind the drawing, so a second named colour really shows; a
  // sun or sunrise is the accent already, so then the ring is the main colour.
  const frame = rng.int(1, 2);
  if (scene.backdrop) {
    parts.push(`<circle cx="${CENTER}" cy="${iconY}" r="${radius}" fill="none" stroke="${palette.main}" stroke-width="34"/>`);
  } else if (frame === 1) {
    parts.push(`<circle cx="${CENTER}" cy="${iconY}" r="${radius}" fill="none" stroke="${palette.accent}" stroke-width="34"/>`);
  } else {
    // A disc of the accent colour, offset like a sun behind the drawing.
    const angle = rng.range(-Math.PI * 0.9, -Math.PI * 0.1);
    // Kept smaller than the drawing's own ink, so the first colour stays the dominant one.
    const offset = radius * 0.49;
    parts.push(circle(CENTER + offset * Math.cos(angle), iconY + offset * Math.sin(angle), radius * 0.31, palette.accent));
  }
  const { back, front } = drawScene(
    scene,
    { cx: CENTER, cy: iconY, size: boxSize },
    { figure: palette.main, backdrop: palette.accent, horizon: palette.main, line: (1.3 * 1560) / 24 },
  );
  parts.push(back, front);
  if (!typed) return parts.join("");

  const face = rng.next() < 0.5 ? FACES.regular : FACES.bold;
  const spacing = 0.3;
  const { lines, size: fitted } = quoted.length ? fittedLines(quoted, face, 2300, 250, spacing) : { lines: [], size: 0 };
  const size = lines.length ? Math.min(fitted, 500 / lines.length) : 0;
  // Type, rule and brand stay inside the bottom margin (2900), moving up over the ring if they must.
  const block = (lines.length ? size * 0.8 + (lines.length - 1) * size * 1.25 : 0) + 120 + (brand ? 200 : 0);
  let baseline = Math.min(2330, 2900 - block) + size * 0.8;
  for (const line of lines) {
    parts.push(text(line, { x: CENTER, y: baseline, size, face, fill: palette.ink, spacing }));
    baseline += size * 1.25;
  }
  const ruleY = lines.length ? baseline - size * 0.6 + 60 : Math.min(2330, 2900 - block);
  parts.push(`<rect x="${CENTER - 220}" y="${round(ruleY)}" width="440" height="30" rx="15" fill="${palette.accent}"/>`);
  if (brand) {
    const tagSize = fitSize(brand, FACES.bold, 1600, lines.length ? 100 : 140, 0.4);
    parts.push(text(brand, { x: CENTER, y: ruleY + 90 + tagSize, size: tagSize, face: FACES.bold, fill: palette.main, spacing: 0.4 }));
  }
  return parts.join("");
}

/** The badge's ring texts: the prompt's tagline (or an ornament) on top, an ornament below. */
function badgeWords(words: PromptWords, rng: Random): { topWords: string; bottomWords: string } {
  const ornament = rng.pick(["LIMITED EDITION", "GENUINE ARTICLE", "ORIGINAL GOODS", "HANDCRAFTED", "GOOD TIMES CLUB", "ONE OF A KIND"]);
  const topWords = (words.tagline ?? ornament).toUpperCase();
  const bottomWords = words.tagline ? ornament : rng.pick(["EST. TODAY", "FINE QUALITY", "SINCE FOREVER", "TRUE ORIGINAL"]);
  return { topWords, bottomWords };
}

/** Sunburst behind a double-ringed disc, with the ring texts arched in it (top and bottom). */
function badgeEmblem(rng: Random, colours: { rays: string; disc: string; cream: string }, topWords: string, bottomWords: string): string[] {
  const { cream } = colours;
  const rays = rng.pick([24, 28, 32, 36]);
  const ringSize = Math.min(170, fitSize(topWords, FACES.condensed, 2300, 170, 0.12));
  return [
    sunburst(CENTER, CENTER, 1420, rays, colours.rays, rng.range(0, 360 / rays)),
    circle(CENTER, CENTER, 1090, colours.disc),
    `<circle cx="${CENTER}" cy="${CENTER}" r="1030" fill="none" stroke="${cream}" stroke-width="30"/>`,
    `<circle cx="${CENTER}" cy="${CENTER}" r="760" fill="none" stroke="${cream}" stroke-width="16"/>`,
    arcText(topWords, { cx: CENTER, cy: CENTER, radius: 835, size: ringSize, face: FACES.condensed, fill: cream }),
    arcText(bottomWords, {
      cx: CENTER,
      cy: CENTER,
      radius: 835,
      size: Math.min(130, fitSize(bottomWords, FACES.condensed, 1500, 130, 0.12)),
      face: FACES.condensed,
      fill: cream,
      center: 180,
      bottom: true,
    }),
  ];
}

/**
 * An emblem: sunburst, ringed disc, the subjects filled in the middle; the brand arched in the ring
 * and quoted words on a ribbon, when the prompt asks for them, and a ring of dots otherwise.
 */
function vintageIllustration(words: PromptWords, rng: Random, palette: Palette, scene: Scene): string {
  const { text: quoted, brand } = printedWords(words);
  const cream = palette.named && hexToHsl(palette.main)[2] > 80 ? palette.ink : hslHex(rng.range(36, 48), 60, 90);
  const parts: string[] = [];
  const rays = rng.pick([24, 28, 32, 36]);
  parts.push(
    sunburst(CENTER, CENTER, 1420, rays, palette.accent, rng.range(0, 360 / rays)),
    circle(CENTER, CENTER, 1090, palette.main),
    `<circle cx="${CENTER}" cy="${CENTER}" r="1030" fill="none" stroke="${cream}" stroke-width="30"/>`,
    `<circle cx="${CENTER}" cy="${CENTER}" r="760" fill="none" stroke="${cream}" stroke-width="16"/>`,
  );
  if (brand) {
    const size = Math.min(170, fitSize(brand, FACES.condensed, 2300, 170, 0.12));
    parts.push(arcText(brand, { cx: CENTER, cy: CENTER, radius: 835, size, face: FACES.condensed, fill: cream }));
  }
  // Dots round the ring where no words are, stars at the sides.
  const dots: string[] = [];
  for (let i = 0; i < 40; i++) {
    const angle = (i / 40) * 360;
    const fromSide = Math.min(Math.abs(angle - 90), Math.abs(angle - 270));
    if (fromSide < 12 || (brand && (angle < 100 || angle > 260))) continue;
    const radians = ((angle - 90) * Math.PI) / 180;
    dots.push(circle(CENTER + 895 * Math.cos(radians), CENTER + 895 * Math.sin(radians), 22, cream));
  }
  parts.push(dots.join(""), star(CENTER - 895, CENTER, 70, cream), star(CENTER + 895, CENTER, 70, cream));
  const ribbonText = quoted.join(" ");
  const { back, front } = drawScene(
    scene,
    { cx: CENTER, cy: ribbonText ? CENTER - 220 : CENTER, size: ribbonText ? 1060 : 1360 },
    { figure: cream, backdrop: palette.accent, horizon: cream, line: null, halo: palette.main },
  );
  parts.push(back, front);
  // One line on the ribbon, and only when there are words for it.
  if (ribbonText) parts.push(ribbon([ribbonText], { y: CENTER + 430, main: palette.accent, shade: palette.ink, fill: cream, rng }));
  return parts.join("");
}

/** A pattern of shapes in the palette, a plate in the middle with the subjects cut out of it; quoted words and brand in heavy type. */
function geometricIllustration(words: PromptWords, rng: Random, palette: Palette, scene: Scene): { body: string; cutout: string } {
  const { text: quoted, brand } = printedWords(words);
  const typed = quoted.length > 0 || brand !== null;
  const colors = palette.named
    ? namedPatternColours(palette)
    : [palette.main, palette.accent, hslHex(palette.hue + 60, 75, 60), lighten(palette.accent, 0.25)];
  const plateY = typed ? 1250 : CENTER;
  const shapes: string[] = [];
  const count = rng.int(7, 9);
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * Math.PI * 2 + rng.range(-0.3, 0.3);
    const size = rng.range(500, 850);
    const distance = rng.range(900, 1150);
    const limit = (value: number) => Math.min(PRINT_SIZE - size / 2 - 60, Math.max(size / 2 + 60, value));
    const x = limit(CENTER + Math.cos(angle) * distance);
    const y = limit(plateY + Math.sin(angle) * distance * 0.85);
    const fill = colors[(i + 1) % colors.length] ?? palette.accent;
    const rotation = rng.range(0, 360);
    const kind = rng.int(0, 4);
    const blend = `fill-opacity="0.9"`;
    if (kind === 0) shapes.push(`<circle cx="${round(x)}" cy="${round(y)}" r="${round(size / 2)}" fill="${fill}" ${blend}/>`);
    else if (kind === 1) shapes.push(polygon(x, y, size / 1.6, 3, rotation, fill, blend));
    else if (kind === 2) shapes.push(polygon(x, y, size / 1.7, 4, rotation, fill, blend));
    else if (kind === 3) {
      const r = size / 2;
      shapes.push(
        `<path d="M ${round(x - r)} ${round(y)} A ${round(r)} ${round(r)} 0 0 1 ${round(x + r)} ${round(y)} Z" transform="rotate(${round(rotation)} ${round(x)} ${round(y)})" fill="${fill}" ${blend}/>`,
      );
    } else {
      shapes.push(
        `<circle cx="${round(x)}" cy="${round(y)}" r="${round(size / 2.4)}" fill="none" stroke="${fill}" stroke-width="${round(size / 9)}"/>`,
      );
    }
  }
  // The plate: a disc or a hexagon of the main colour, ringed in the accent.
  const hexagon = rng.next() < 0.5;
  const plate = hexagon ? polygon(CENTER, plateY, 930, 6, 30, palette.main) : circle(CENTER, plateY, 860, palette.main);
  const ring = hexagon
    ? polygon(CENTER, plateY, 1010, 6, 30, "none", `stroke="${palette.accent}" stroke-width="44" stroke-linejoin="round"`)
    : `<circle cx="${CENTER}" cy="${plateY}" r="940" fill="none" stroke="${palette.accent}" stroke-width="44"/>`;
  shapes.push(ring, plate);
  // The backdrop in the accent on the plate, the figures cut out of it (the garment shows through);
  // a backdrop alone is cut out itself.
  const box = { cx: CENTER, cy: plateY, size: 1500 };
  const cut = { figure: "black", backdrop: "black", horizon: "black", line: null };
  const { back, front } = scene.figures.length
    ? drawScene(scene, box, { figure: "black", backdrop: palette.accent, horizon: palette.ink, line: null })
    : { back: "", front: drawScene(scene, box, cut).back };
  shapes.push(back);

  const type: string[] = [];
  if (typed) {
    const face = rng.next() < 0.5 ? FACES.bold : FACES.condensed;
    const fitted = quoted.length ? fittedLines(quoted, face, 2300, 330, 0.02) : { lines: [], size: 0 };
    const lines = brand ? [...fitted.lines, brand] : fitted.lines;
    const size = Math.min(
      quoted.length ? fitted.size : 260,
      560 / lines.length,
      ...lines.map((line) => fitSize(line, face, 2300, 330, 0.02)),
    );
    // The bars end by 2920, however many lines there are.
    let y = Math.min(2420, 2920 - size * 0.2 - (lines.length - 1) * size * 1.1 - size * 0.84) + size * 0.84;
    for (const line of lines) {
      const width = emWidth(line, face, 0.02) * size + size * 0.6;
      type.push(
        `<rect x="${round(CENTER - width / 2)}" y="${round(y - size * 0.86)}" width="${round(width)}" height="${round(size * 1.04)}" fill="${palette.ink}"/>`,
        text(line, { x: CENTER, y, size, face, fill: palette.light, spacing: 0.02 }),
      );
      y += size * 1.1;
    }
  }
  return { body: [...shapes, ...type].join(""), cutout: `<g>${front}</g>` };
}

// ---------------------------------------------------------------------------------------------
// Shapes

function circle(cx: number, cy: number, r: number, fill: string): string {
  return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${fill}"/>`;
}

function polygon(cx: number, cy: number, r: number, sides: number, rotation: number, fill: string, extra = ""): string {
  const points: string[] = [];
  for (let i = 0; i < sides; i++) {
    const angle = ((rotation + (360 / sides) * i) * Math.PI) / 180;
    points.push(`${round(cx + r * Math.cos(angle))},${round(cy + r * Math.sin(angle))}`);
  }
  return `<polygon points="${points.join(" ")}" fill="${fill}" ${extra}/>`;
}

function star(cx: number, cy: number, r: number, fill: string): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? r * 0.42 : r;
    const angle = ((i * 36 - 90) * Math.PI) / 180;
    points.push(`${round(cx + radius * Math.cos(angle))},${round(cy + radius * Math.sin(angle))}`);
  }
  return `<polygon points="${points.join(" ")}" fill="${fill}"/>`;
}

/** Alternating wedges from a centre. */
function sunburst(cx: number, cy: number, r: number, rays: number, fill: string, offset: number): string {
  const step = 360 / rays;
  const wedges: string[] = [];
  for (let i = 0; i < rays; i += 2) {
    const a = ((offset + i * step) * Math.PI) / 180;
    const b = ((offset + (i + 1) * step) * Math.PI) / 180;
    wedges.push(
      `M ${round(cx)} ${round(cy)} L ${round(cx + r * Math.cos(a))} ${round(cy + r * Math.sin(a))} L ${round(cx + r * Math.cos(b))} ${round(cy + r * Math.sin(b))} Z`,
    );
  }
  return `<path d="${wedges.join(" ")}" fill="${fill}"/>`;
}

/** Rays fanning over the upper half, from an inner to an outer radius, tapering outwards. */
function rays(cx: number, cy: number, inner: number, outer: number, count: number, fill: string): string {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const angle = Math.PI + (Math.PI * (i + 0.5)) / count;
    const half = (Math.PI / count) * 0.32;
    const point = (radius: number, a: number) => `${round(cx + radius * Math.cos(a))} ${round(cy + radius * Math.sin(a))}`;
    paths.push(
      `M ${point(inner, angle - half)} L ${point(outer, angle - half * 1.5)} L ${point(outer, angle + half * 1.5)} L ${point(inner, angle + half)} Z`,
    );
  }
  return `<path d="${paths.join(" ")}" fill="${fill}"/>`;
}

/** Round-capped rays from an inner to an outer radius, evenly from one angle to another (degrees, 0 = right, clockwise). */
function rayLines(
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  { count, from, to, width, color }: { count: number; from: number; to: number; width: number; color: string },
): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const angle = ((from + ((to - from) * i) / Math.max(1, count - 1)) * Math.PI) / 180;
    const point = (radius: number) => `${round(cx + radius * Math.cos(angle))} ${round(cy + radius * Math.sin(angle))}`;
    lines.push(`M ${point(inner)} L ${point(outer)}`);
  }
  return `<path d="${lines.join(" ")}" fill="none" stroke="${color}" stroke-width="${round(width)}" stroke-linecap="round"/>`;
}

/** A banner across the middle carrying the main word, with other words above and below it. */
function ribbon(
  headline: string[],
  { y, main, shade, fill, rng }: { y: number; main: string; shade: string; fill: string; rng: Random },
): string {
  const longest = headline.reduce((a, b) => (b.length > a.length ? b : a), headline[0] ?? "");
  const index = Math.max(0, headline.indexOf(longest));
  const above = headline.slice(0, index);
  const below = headline.slice(index + 1);
  const size = fitSize(longest, FACES.serif, 1900, 330, 0.03);
  const height = size * 1.3;
  const width = 2300;
  const left = CENTER - width / 2;
  const tail = 240;
  const parts = [
    // Folded ends behind the band.
    `<path d="M ${round(left - tail)} ${round(y - height / 2 + 90)} h ${tail + 120} v ${round(height)} h ${-(tail + 120)} l 110 ${round(-height / 2)} Z" fill="${shade}"/>`,
    `<path d="M ${round(left + width + tail)} ${round(y - height / 2 + 90)} h ${-(tail + 120)} v ${round(height)} h ${tail + 120} l -110 ${round(-height / 2)} Z" fill="${shade}"/>`,
    `<rect x="${round(left)}" y="${round(y - height / 2)}" width="${width}" height="${round(height)}" fill="${main}"/>`,
    `<rect x="${round(left + 30)}" y="${round(y - height / 2 + 30)}" width="${width - 60}" height="${round(height - 60)}" fill="none" stroke="${fill}" stroke-width="10" stroke-dasharray="${rng.pick(["40 24", "1 0", "12 18"])}"/>`,
    text(longest, { x: CENTER, y: y + size * 0.36, size, face: FACES.serif, fill, spacing: 0.03 }),
  ];
  const small = (line: string, at: number) => {
    const lineSize = Math.min(200, fitSize(line, FACES.condensed, 1300, 200, 0.1));
    return text(line, { x: CENTER, y: at, size: lineSize, face: FACES.condensed, fill, spacing: 0.1 });
  };
  if (above.length) parts.push(small(above.join(" "), y - height / 2 - 70));
  if (below.length) parts.push(small(below.join(" "), y + height / 2 + 200));
  return parts.join("");
}

/** Specks and scratches knocked out of the print, like a well-washed screen print. */
function wornMarks(rng: Random): string {
  const marks: string[] = [];
  for (let i = 0; i < 700; i++) {
    marks.push(`<circle cx="${round(rng.range(0, PRINT_SIZE))}" cy="${round(rng.range(0, PRINT_SIZE))}" r="${round(rng.range(2, 11))}"/>`);
  }
  for (let i = 0; i < 40; i++) {
    const x = rng.range(200, 2800);
    const y = rng.range(200, 2800);
    marks.push(
      `<rect x="${round(x)}" y="${round(y)}" width="${round(rng.range(80, 420))}" height="${round(rng.range(3, 9))}" transform="rotate(${round(rng.range(-25, 25))} ${round(x)} ${round(y)})"/>`,
    );
  }
  return `<g fill="black">${marks.join("")}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** Deterministic numbers from a seed (mulberry32), so a prompt always gives the same design. */
class Random {
  private state: number;

  constructor(seed: Buffer) {
    this.state = seed.readUInt32BE(0);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer from min to max inclusive. */
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
