/** The AI designer's three prompt styles, in the order of the three prompt fields (SPEC 9). */
export const AI_STYLES = ["modern minimalist", "vintage graphic", "abstract geometric"] as const;
export type AiStyle = (typeof AI_STYLES)[number];

/** Prompts prefilled from the campaign's title and brand, one per style. */
export function defaultPrompts(title: string, brandName: string): [string, string, string] {
  const subject = [title.trim(), brandName.trim() ? `for ${brandName.trim()}` : ""].filter(Boolean).join(" ") || "A bold graphic tee";
  return [
    `${subject}, ${AI_STYLES[0]} t-shirt design`,
    `${subject}, ${AI_STYLES[1]} t-shirt design`,
    `${subject}, ${AI_STYLES[2]} t-shirt design`,
  ];
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
  return match ? `/uploads/ai_design/${match[1]}-preview.webp` : designUrl;
}
