/** What a creator copies to put a campaign on their own site (decision 045). Pure. */

function attribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** About how many characters of a title fit on one line of the card beside its 80 px image. */
const TITLE_CHARACTERS_PER_LINE = 26;
/** The card's height with a title of up to three lines, and what each further line adds. */
const EMBED_HEIGHT = 520;
const TITLE_LINE_HEIGHT = 26;

/**
 * The iframe snippet for the embeddable entry card at `embedUrl` (absolute). The card never cuts its
 * title (decision 088), so a long title gets a taller frame: the host page cannot learn the card's
 * height without a script of ours on it.
 */
export function embedSnippet(embedUrl: string, title: string): string {
  const lines = Math.ceil(title.length / TITLE_CHARACTERS_PER_LINE);
  const height = EMBED_HEIGHT + Math.max(0, lines - 3) * TITLE_LINE_HEIGHT;
  return `<iframe src="${attribute(embedUrl)}" title="${attribute(`${title} giveaway`)}" width="100%" height="${height}" style="border:0;max-width:420px" loading="lazy"></iframe>`;
}

/**
 * What the embed's `?bg=` asks for around the card (decision 088): "transparent" lets the host page's
 * own background show through the frame, six hex digits (with or without "#") paint that colour.
 * Anything else is the site's own background (null).
 */
export function embedBackground(param: string | null): string | null {
  if (!param) return null;
  if (param.toLowerCase() === "transparent") return "transparent";
  const hex = /^#?([0-9a-f]{6})$/i.exec(param);
  return hex ? `#${hex[1]!.toLowerCase()}` : null;
}
