/**
 * How the built-in designer composes the subjects a prompt names into one picture (decision 101):
 * "kestrel bird over a sunrise" is a bird flying above a sun rising from the horizon, not a sun
 * with a word under it. The words between two subjects say where they stand ("over", "under";
 * "and", "with" or nothing put them side by side), and a sun, a sunrise or a moon is the backdrop
 * the others stand in front of. Nothing here draws: the result is a layout in a unit box that each
 * style draws in its own colours and manner (local-generator.server.ts).
 */
import type { Icon, SubjectMatch } from "./icons.server";

/** Where the first of two subjects stands relative to the second. */
export type Relation = "over" | "under" | "beside";

/** Backdrops: drawn large behind the other subjects, from shapes rather than from their icon. */
export type BackdropKind = "horizon" | "sun" | "moon";

const BACKDROPS: Readonly<Record<string, BackdropKind>> = { "sunset-2": "horizon", sun: "sun", moon: "moon" };

const OVER = new Set("over above on onto atop upon".split(" "));
const UNDER = new Set("under below beneath underneath".split(" "));

/** A subject's place: centre and size as shares of the box (the centre of the box is 0, 0; y grows down). */
export interface Placement {
  icon: Icon;
  word: string;
  x: number;
  y: number;
  size: number;
  /** More than one: a flock ("birds"), the others smaller behind the first. */
  count?: number;
}

export interface Backdrop {
  kind: BackdropKind;
  icon: Icon;
  word: string;
  /** The sun's or moon's centre and radius; for a horizon, the centre sits on the horizon line. */
  x: number;
  y: number;
  r: number;
}

export interface Scene {
  backdrop: Backdrop | null;
  /** In drawing order, the first subject the prompt names first. */
  figures: Placement[];
}

/** The relation of each subject to the next, read from the prompt's words between them. */
export function relations(subjects: readonly SubjectMatch[], tokens: readonly string[]): Relation[] {
  const out: Relation[] = [];
  for (let i = 0; i + 1 < subjects.length; i++) {
    const between = tokens.slice((subjects[i]?.index ?? 0) + 1, subjects[i + 1]?.index ?? 0);
    out.push(between.some((word) => OVER.has(word)) ? "over" : between.some((word) => UNDER.has(word)) ? "under" : "beside");
  }
  return out;
}

/** Lays out up to three subjects, in the order the prompt names them. */
export function composeScene(subjects: readonly SubjectMatch[], tokens: readonly string[]): Scene {
  const scene = layScene(subjects, tokens);
  // "birds" is a flock: our silhouettes (a bird) are drawn three times when the word is plural.
  for (const figure of scene.figures) {
    if (figure.icon.silhouette && figure.word !== figure.icon.name && figure.word.endsWith("s")) figure.count = 3;
  }
  return scene;
}

function layScene(subjects: readonly SubjectMatch[], tokens: readonly string[]): Scene {
  const links = relations(subjects, tokens);
  const backdropAt = subjects.findIndex((subject) => BACKDROPS[subject.icon.name]);
  const backdropMatch = backdropAt >= 0 ? subjects[backdropAt] : undefined;
  const figures = subjects.filter((_, index) => index !== backdropAt);
  if (!backdropMatch) return { backdrop: null, figures: layFigures(figures, links) };

  const kind = BACKDROPS[backdropMatch.icon.name] ?? "sun";
  const lead = figures[0];
  // Does the first figure stand over the backdrop ("a bird over a sunrise", "a sunrise under a bird")?
  const leadAt = lead ? subjects.indexOf(lead) : -1;
  const link = leadAt < backdropAt ? links[leadAt] : links[backdropAt];
  const flying = leadAt >= 0 && ((leadAt < backdropAt && link === "over") || (leadAt > backdropAt && link === "under"));
  const base = { kind, icon: backdropMatch.icon, word: backdropMatch.word };

  if (kind === "horizon") {
    const horizon = 0.24;
    const backdrop: Backdrop = { ...base, x: 0, y: horizon, r: figures.length ? 0.25 : 0.34 };
    const placed: Placement[] = [];
    if (lead) {
      // Line icons leave about a sixth of their grid empty below the drawing.
      const size = figures.length > 1 ? 0.5 : 0.6;
      placed.push(
        flying
          ? { icon: lead.icon, word: lead.word, x: 0, y: horizon - 0.43, size }
          : { icon: lead.icon, word: lead.word, x: 0, y: horizon - size * 0.33, size },
      );
    }
    const second = figures[1];
    if (second) placed.push({ icon: second.icon, word: second.word, x: -0.33, y: horizon - 0.26 * 0.33, size: 0.26 });
    return { backdrop, figures: placed };
  }
  if (!lead) return { backdrop: { ...base, x: 0, y: 0, r: 0.24 }, figures: [] };
  // A sun or moon stands in the sky above and beside the figures, or right behind a flying one.
  const backdrop: Backdrop = flying ? { ...base, x: 0, y: 0.06, r: 0.26 } : { ...base, x: 0.25, y: -0.25, r: 0.15 };
  const placed: Placement[] = flying
    ? [{ icon: lead.icon, word: lead.word, x: 0, y: -0.12, size: 0.56 }]
    : [{ icon: lead.icon, word: lead.word, x: -0.04, y: 0.1, size: 0.7 }];
  const second = figures[1];
  if (second) placed.push({ icon: second.icon, word: second.word, x: -0.3, y: -0.28, size: 0.3 });
  return { backdrop, figures: placed };
}

function layFigures(figures: readonly SubjectMatch[], links: readonly Relation[]): Placement[] {
  const [a, b, c] = figures;
  if (!a) return [];
  const place = (match: SubjectMatch, x: number, y: number, size: number): Placement => ({
    icon: match.icon,
    word: match.word,
    x,
    y,
    size,
  });
  if (!b) return [place(a, 0, 0, 1)];
  const stack = links[0] === "over" ? 1 : links[0] === "under" ? -1 : 0;
  if (!c) {
    if (stack) return [place(a, 0, -0.24 * stack, 0.5), place(b, 0, 0.24 * stack, 0.5)];
    return [place(a, -0.24, 0, 0.52), place(b, 0.26, 0.02, 0.46)];
  }
  // Three: the first over (or under) the other two, or all three in a row.
  if (stack) return [place(a, 0, -0.24 * stack, 0.48), place(b, -0.23, 0.24 * stack, 0.44), place(c, 0.24, 0.24 * stack, 0.4)];
  return [place(a, -0.33, 0, 0.4), place(b, 0.02, 0, 0.36), place(c, 0.35, 0, 0.34)];
}
