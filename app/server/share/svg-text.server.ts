/** Text for SVGs that sharp (librsvg) renders: escaping and line wrapping without font metrics. */

/** Control characters XML 1.0 forbids (all but tab, newline and carriage return). */
function isForbiddenControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127;
}

export function escapeXml(text: string): string {
  return [...text]
    .filter((char) => !isForbiddenControl(char))
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * An estimate of a line's width in em for a bold sans (Liberation Sans / DejaVu Sans): narrow
 * letters count less, capitals and wide letters more. Generous, so text never runs past its box.
 */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) {
    if (/[ilI.,:;'!| ]/.test(char)) width += 0.3;
    else if (/[ftjr()-]/.test(char)) width += 0.38;
    else if (/[mwMW]/.test(char)) width += 0.92;
    else if (/[A-Z0-9]/.test(char)) width += 0.7;
    else width += 0.6;
  }
  return width;
}

/**
 * `text` in at most `maxLines` lines of at most `maxWidthEm`; the last line ends in "…" when the
 * text did not fit. Words longer than a line are cut.
 */
export function wrapText(text: string, maxWidthEm: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  let overflow = false;
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidthEm(candidate) <= maxWidthEm) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (textWidthEm(rest) > maxWidthEm && rest.length > 1) {
      // A word too long for any line: cut it where it fits.
      let cut = rest.length - 1;
      while (cut > 1 && textWidthEm(rest.slice(0, cut)) > maxWidthEm) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
    if (lines.length >= maxLines) {
      overflow = true;
      break;
    }
  }
  if (!overflow && line) lines.push(line);
  if (lines.length > maxLines) overflow = true;
  if (!overflow) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? "";
  // Drop whole words to make room for "…" (a cut word reads as a typo), letters only for one long word.
  while (last && textWidthEm(`${last}…`) > maxWidthEm) last = last.includes(" ") ? last.slice(0, last.lastIndexOf(" ")) : last.slice(0, -1);
  kept[maxLines - 1] = `${last.replace(/[\s,.;:–-]+$/, "")}…`;
  return kept;
}

/**
 * The largest of `sizes` (px, largest first) at which `text` fits `maxWidth` px in `maxLines`
 * lines without being cut; the smallest, ellipsised, when none does.
 */
export function fitText(text: string, maxWidth: number, maxLines: number, sizes: number[]): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrapText(text, maxWidth / size, maxLines);
    if (!lines.at(-1)?.endsWith("…") || text.trim().endsWith("…")) return { size, lines };
  }
  const size = sizes.at(-1) ?? 40;
  return { size, lines: wrapText(text, maxWidth / size, maxLines) };
}
