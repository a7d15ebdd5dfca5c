import { uploadPath } from "../paths";
/** The AI designer's three prompt styles, in the order of the three prompt fields (SPEC 9). */
export const AI_STYLES = ["modern minimalist", "vintage graphic", "abstract geometric"] as const;
export type AiStyle = (typeof AI_STYLES)[number];

/** What each style's default prompt asks for (decision 047). */
const STYLE_PIECES: Record<AiStyle, string> = {
  "modern minimalist": "line illustration",
  "vintage graphic": "badge",
  "abstract geometric": "pattern",
};

/** Words about the giveaway rather than the product; a default prompt never carries them. */
const GIVEAWAY_WORDS = new Set(
  "win wins winning winner enter entry entries giveaway giveaways sweepstakes contest free chance chances prize prizes drop launch".split(
    " ",
  ),
);
/** Words naming the product itself, said once at the end of the prompt instead. */
const PRODUCT_WORDS = new Set("tee tees t-shirt tshirt shirt shirts hoodie hoodies sweatshirt mug mugs".split(" "));
/** Small words that mean nothing once the words around them are gone. */
const FILLER = new Set(
  "the a an our my your their this that these and & to for of at in on with by from is it you we us now here today just every all one".split(
    " ",
  ),
);

const PRODUCT_NAMES: Record<string, string> = { "t-shirt": "t-shirt", hoodie: "hoodie", mug: "mug" };

/** The words of a title or description that describe the design's subject: giveaway and product words removed. */
export function subjectWords(text: string, brandName = ""): string[] {
  // The brand's name as a whole is said once ("for <brand>"); its words alone may be the subject
  // ("Night Owl Club Tee" by "Owl Labs" is about an owl).
  const brand = brandName.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const withoutBrand = brand ? text.replace(new RegExp(`(^|[^\\p{L}\\p{N}])${brand}(?=$|[^\\p{L}\\p{N}])`, "giu"), "$1 ") : text;
  const words = withoutBrand
    .replace(/[^\p{L}\p{N}'&-]+/gu, " ")
    .split(" ")
    .filter(Boolean)
    .filter((word) => {
      const lower = word.toLowerCase();
      return !GIVEAWAY_WORDS.has(lower) && !PRODUCT_WORDS.has(lower);
    });
  // Trim filler left dangling at either end ("the … and").
  while (words.length && FILLER.has((words[0] ?? "").toLowerCase())) words.shift();
  while (words.length && FILLER.has((words[words.length - 1] ?? "").toLowerCase())) words.pop();
  // Only filler left ("for your chance at a prize" without its giveaway words) is no subject.
  return words.some((word) => !FILLER.has(word.toLowerCase())) ? words.slice(0, 6) : [];
}

/**
 * Prompts prefilled from the campaign (SPEC 9: from title and brand, one per style). They describe
 * the design, the brand and the product, never the giveaway: "Summit illustration for Trailhead
 * Outfitters, vintage graphic badge on a hoodie", not "Win the Summit Hoodie".
 */
export function defaultPrompts(
  title: string,
  brandName: string,
  { description = "", productType = "t-shirt" }: { description?: string; productType?: string } = {},
): [string, string, string] {
  const brand = brandName.trim();
  let subject = subjectWords(title, brand);
  // A title that was all giveaway words ("Win Our Tee!") leaves the description's first words.
  if (!subject.length) {
    const clause = (description.split(/[.!?:;,]/)[0] ?? "").split(/\s(?:on|in|with|printed|for|at)\s/i)[0] ?? "";
    subject = subjectWords(clause, brand).slice(0, 4);
  }
  const product = PRODUCT_NAMES[productType] ?? "t-shirt";
  const what = subject.join(" ") || (brand ? `${brand} logo` : "bold graphic");
  const forBrand = brand && subject.length ? ` for ${brand}` : "";
  const prompt = (style: AiStyle) => `${what} ${STYLE_PIECES[style]}${forBrand}, ${style} design on a ${product}`;
  return [prompt(AI_STYLES[0]), prompt(AI_STYLES[1]), prompt(AI_STYLES[2])];
}

/** Credits bar: full at 10 (SPEC 9). */
export const CREDITS_BAR_MAX = 10;

/** Prompt previews show their first 30 characters (SPEC 9). */
export function promptPreview(prompt: string): string {
  return prompt.length > 30 ? `${prompt.slice(0, 30)}…` : prompt;
}

/** AI designs are stored as a print PNG (3000 px) with a small WebP preview beside it; pages show the preview. */
export function designPreviewUrl(designUrl: string): string {
  const match = /^\/uploads\/ai_design\/([A-Za-z0-9_-]+)\.png$/.exec(designUrl);
  return match ? uploadPath(`ai_design/${match[1]}-preview.webp`) : designUrl;
}
