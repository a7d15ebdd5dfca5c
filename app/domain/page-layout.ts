import { z } from "zod";

/**
 * The campaign page's arrangements (decision 106): presentation, chosen in step 1 and editable while
 * live. Every one keeps the email field and Enter Now on a phone's first screen (decision 043).
 */
export const PAGE_LAYOUTS = [
  {
    key: "split",
    label: "Side by side",
    description: "The prize picture beside the entry form on wide screens; a small picture next to the title on phones.",
  },
  {
    key: "image",
    label: "Picture first",
    description: "The prize picture leads, large: the form sits right under it on phones and beside it on wide screens.",
  },
  {
    key: "minimal",
    label: "Minimal",
    description: "No large picture: the title, the countdown and the form centred, with a small thumbnail.",
  },
] as const;

export type PageLayout = (typeof PAGE_LAYOUTS)[number]["key"];
export const PAGE_LAYOUT_KEYS = PAGE_LAYOUTS.map((layout) => layout.key) as [PageLayout, ...PageLayout[]];
export const DEFAULT_PAGE_LAYOUT: PageLayout = "split";

export const PAGE_LAYOUT_INVALID = `Choose a page layout: ${PAGE_LAYOUTS.map((layout) => layout.label).join(", ")}.`;

/** A stored value as a layout: anything unknown (a row older than the column's checks) is the default. */
export function pageLayoutOf(value: string | null | undefined): PageLayout {
  return PAGE_LAYOUT_KEYS.find((key) => key === value) ?? DEFAULT_PAGE_LAYOUT;
}

export function pageLayoutLabel(value: string | null | undefined): string {
  const key = pageLayoutOf(value);
  return PAGE_LAYOUTS.find((layout) => layout.key === key)?.label ?? key;
}

/**
 * The form field: one of the layouts. Optional: a form that does not send it (an older tab) keeps
 * the campaign's layout.
 */
export function pageLayoutField() {
  return z.enum(PAGE_LAYOUT_KEYS, { error: PAGE_LAYOUT_INVALID }).optional();
}
