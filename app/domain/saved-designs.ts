/**
 * The names of a creator's saved designs (SPEC "Saved design"; decision 069). SPEC named each after
 * the first 20 characters of its campaign's title, so every design made for "Win the Kestrel Winter
 * Mug" was called "Win the Kestrel Wint". Now a design is named by its title cut on a word
 * boundary, and by its kind with a number when its campaign has several: "Win the Kestrel Winter…",
 * "AI design 2". Numbers count in the order the designs were made, so a design keeps its number
 * when more are added.
 */

/** The longest title part of a design's name, in characters, the ellipsis included. */
export const DESIGN_TITLE_MAX = 24;

export type SavedDesignSource = "AI" | "Uploaded";

export interface DesignToName {
  id: string;
  source: SavedDesignSource;
  /** The title of the campaign it was made for (AI) or first used by (upload); "" when none. */
  campaignTitle: string;
  /** An AI design's prompt: its name when it belongs to no titled campaign. */
  prompt?: string;
  createdAt: Date;
}

export interface DesignName {
  /** "Win the Kestrel Winter…": the title part, cut on a word boundary. */
  title: string;
  /** "AI design 2", "Upload": the kind, numbered when several designs share the title. */
  label: string;
  /** Both, for alt text and tooltips: "Win the Kestrel Winter… · AI design 2". */
  name: string;
}

/**
 * `text` in at most `max` characters: whole words and an ellipsis when it is longer ("Win the
 * Kestrel Winter…"); a single word longer than `max` is cut inside it.
 */
export function shortTitle(text: string, max = DESIGN_TITLE_MAX): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  // Whole words while they fit beside the ellipsis; a first word too long for that is cut inside.
  let cut = "";
  for (const word of clean.split(" ")) {
    const next = cut ? `${cut} ${word}` : word;
    if (next.length > max - 1) break;
    cut = next;
  }
  if (cut.length < max / 3) cut = clean.slice(0, max - 1);
  return `${cut.replace(/[\s.,;:!?'"(\-–—]+$/u, "")}…`;
}

const KIND: Record<SavedDesignSource, string> = { AI: "AI design", Uploaded: "Upload" };
const FALLBACK: Record<SavedDesignSource, string> = { AI: "AI design", Uploaded: "Uploaded design" };

/**
 * A name for each design, by id. The designs given are the numbering's whole world: pass every
 * design that shares a title with one shown (e.g. all AI designs of the shown campaigns), so the
 * numbers are the same wherever the names are shown.
 */
export function savedDesignNames(designs: readonly DesignToName[]): Map<string, DesignName> {
  const titleOf = (design: DesignToName) =>
    shortTitle(design.campaignTitle.trim() || (design.source === "AI" ? design.prompt?.trim() : "") || FALLBACK[design.source]);
  const groups = new Map<string, DesignToName[]>();
  for (const design of designs) {
    const key = `${design.source}\u0000${titleOf(design).toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), design]);
  }
  const names = new Map<string, DesignName>();
  for (const group of groups.values()) {
    const ordered = [...group].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    ordered.forEach((design, index) => {
      const title = titleOf(design);
      const label = ordered.length > 1 ? `${KIND[design.source]} ${index + 1}` : KIND[design.source];
      names.set(design.id, { title, label, name: `${title} · ${label}` });
    });
  }
  return names;
}
