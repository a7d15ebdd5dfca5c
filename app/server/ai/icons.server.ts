/**
 * The built-in designer's raw material (decision 047): the Tabler icon set (MIT, @tabler/icons),
 * about 5,500 outline icons on a 24-unit grid, a thousand of them also filled, each with a name,
 * a category and search tags. A prompt's subject words are matched against these to pick the
 * illustration; nothing here draws.
 *
 * The set is read from node_modules on first use (about 5 MB of JSON, some 60 ms once per
 * process) rather than bundled into the server build. A few subjects the set lacks are drawn here
 * in the same 24-unit grid (DRAWN_ICONS, decision 101): a bird, above all.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export interface Icon {
  name: string;
  category: string;
  tags: readonly string[];
  /** Path data on a 24×24 grid, drawn as strokes (width 2 in the original set). */
  outline: readonly string[];
  /** Path data of the filled variant, when the set has one. */
  filled: readonly string[] | null;
  /** A silhouette of ours (DRAWN_ICONS): drawn filled even where the set's icons are line drawings. */
  silhouette?: boolean;
}

interface IconMeta {
  name: string;
  category?: string;
  tags?: (string | number)[];
}
type IconNodes = Record<string, [string, { d?: string }][]>;

/** Other companies' logos, letters, digits and arrows are not illustrations of a subject. */
const EXCLUDED_CATEGORIES = new Set(["Brand", "Letters", "Numbers", "Arrows", "Charts", "Math", "Logic", "Version control"]);
/** Categories whose tags are loose (a "tree" tag on a hierarchy diagram): tag matches there count less. */
const ABSTRACT_CATEGORIES = new Set([
  "System",
  "Text",
  "Document",
  "Database",
  "Development",
  "Extensions",
  "Computers",
  "Devices",
  "Design",
  "E-commerce",
]);

/** Icons of the set that draw something other than their name: an arrow over a half sun. */
const REPLACED = new Set(["sunrise", "sunset"]);

/**
 * Subjects the set has no drawing of, drawn for the designer (decision 101) on the same grid: the
 * outline is the silhouette's contour, so both forms work wherever a set icon does.
 */
const BIRD =
  "M 22 11.6 L 19.9 11.1 C 19.6 9.9 18.3 9.4 17.3 9.9 C 16.5 10.3 16.1 11 15.9 11.8 C 13.8 11.3 11.4 9.6 9.6 7.4 " +
  "C 8.2 5.9 6.6 4.9 4.6 4.4 C 5.6 6.6 6.4 8.2 7.9 9.9 L 6.6 10 L 8.6 11.4 L 7.6 11.7 L 10.2 13.1 C 8.4 14 6.3 15 4.1 16.4 " +
  "L 2.2 18.4 L 5.4 18.1 L 4.3 19.9 C 8.4 18.9 12.4 17.3 15.5 15.2 C 17 14.3 18.3 13.2 19.7 12.5 Z " +
  "M 14.6 11.2 C 14.4 8.6 13.6 6.2 12.2 3.6 C 14.6 5 16.2 7.4 16.6 9.6 C 16.1 10 15.7 10.5 15.5 11.1 Z";
export const DRAWN_ICONS: readonly Icon[] = [
  {
    name: "bird",
    category: "Animals",
    tags: ["bird", "birds", "wings", "flight", "flying"],
    outline: [BIRD],
    filled: [BIRD],
    silhouette: true,
  },
];

let cache: Icon[] | null = null;

export function loadIcons(): Icon[] {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const read = <T>(file: string): T => JSON.parse(readFileSync(require.resolve(`@tabler/icons/${file}`), "utf8")) as T;
  const metas = read<Record<string, IconMeta>>("icons.json");
  const outline = read<IconNodes>("tabler-nodes-outline.json");
  const filled = read<IconNodes>("tabler-nodes-filled.json");
  const paths = (nodes: IconNodes[string] | undefined) =>
    (nodes ?? []).flatMap(([tag, attributes]) => (tag === "path" && attributes.d ? [attributes.d] : []));
  const icons: Icon[] = [];
  for (const meta of Object.values(metas)) {
    const category = meta.category ?? "";
    // "-off" icons are the crossed-out variants ("coffee-off"): never what a prompt asks for.
    if (EXCLUDED_CATEGORIES.has(category) || meta.name.endsWith("-off") || REPLACED.has(meta.name)) continue;
    const lines = paths(outline[meta.name]);
    if (!lines.length) continue;
    const solid = paths(filled[meta.name]);
    icons.push({
      name: meta.name,
      category,
      tags: (meta.tags ?? []).map((tag) => String(tag).toLowerCase()),
      outline: lines,
      filled: solid.length ? solid : null,
    });
  }
  const drawn = new Set(DRAWN_ICONS.map((icon) => icon.name));
  cache = [...icons.filter((icon) => !drawn.has(icon.name)), ...DRAWN_ICONS];
  return cache;
}

/**
 * Words whose icon is named differently in the set (or has none of its own and a close relative
 * that is still true to the word: a guitar pick for "guitar"). Values are icon names.
 */
export const ICON_SYNONYMS: Readonly<Record<string, string>> = {
  guitar: "guitar-pick",
  rock: "guitar-pick",
  band: "music",
  jazz: "music",
  song: "music",
  concert: "microphone",
  karaoke: "microphone",
  podcast: "microphone",
  ocean: "ripple",
  sea: "ripple",
  wave: "ripple",
  waves: "ripple",
  surf: "ripple",
  surfing: "ripple",
  summer: "sun",
  sunny: "sun",
  sunshine: "sun",
  sunrise: "sunset-2",
  sunset: "sunset-2",
  dawn: "sunset-2",
  dusk: "sunset-2",
  horizon: "sunset-2",
  night: "moon",
  midnight: "moon",
  space: "planet",
  galaxy: "planet",
  cosmic: "planet",
  astronaut: "rocket",
  love: "heart",
  valentine: "heart",
  forest: "trees",
  woods: "trees",
  nature: "leaf",
  eco: "leaf",
  garden: "plant",
  hike: "mountain",
  summit: "mountain",
  peak: "mountain",
  trail: "mountain",
  hiking: "mountain",
  climb: "mountain",
  climbing: "mountain",
  camp: "tent",
  camping: "tent",
  cafe: "coffee",
  espresso: "coffee",
  latte: "coffee",
  brew: "coffee",
  tea: "cup",
  beer: "beer",
  brewery: "beer",
  bakery: "bread",
  sourdough: "bread",
  loaf: "bread",
  baking: "cake",
  birthday: "cake",
  dessert: "ice-cream",
  runner: "run",
  runners: "run",
  running: "run",
  marathon: "run",
  "5k": "run",
  race: "run",
  cycling: "bike",
  cyclist: "bike",
  bicycle: "bike",
  skate: "skateboard",
  skater: "skateboard",
  skateboarding: "skateboard",
  gaming: "device-gamepad-2",
  gamer: "device-gamepad-2",
  arcade: "device-gamepad-2",
  game: "device-gamepad-2",
  games: "device-gamepad-2",
  cleanup: "recycle",
  recycling: "recycle",
  volunteer: "heart-handshake",
  volunteers: "heart-handshake",
  charity: "heart-handshake",
  fitness: "barbell",
  gym: "barbell",
  workout: "barbell",
  basketball: "ball-basketball",
  football: "ball-american-football",
  soccer: "ball-football",
  tennis: "ball-tennis",
  baseball: "ball-baseball",
  golf: "golf",
  ...Object.fromEntries(
    (
      "kestrel falcon hawk eagle osprey buzzard swallow sparrow finch robin wren starling blackbird bluebird " +
      "magpie crow raven dove pigeon gull seagull tern albatross heron hummingbird parrot songbird"
    )
      .split(" ")
      .map((word) => [word, "bird"]),
  ),
  kitten: "cat",
  kitty: "cat",
  puppy: "dog",
  pet: "paw",
  pets: "paw",
  photo: "camera",
  photography: "camera",
  art: "palette",
  painting: "palette",
  reading: "book",
  books: "book",
  library: "book",
  school: "school",
  graduation: "school",
  party: "confetti",
  celebration: "confetti",
  winter: "snowflake",
  snow: "snowflake",
  ski: "ski-jumping",
  rain: "umbrella",
  fire: "flame",
  hot: "flame",
  spicy: "pepper",
  chili: "pepper",
  taco: "pepper",
  burger: "burger",
  pizza: "pizza",
  sushi: "fish",
  fishing: "fish",
  sailing: "sailboat",
  boat: "sailboat",
  travel: "plane",
  flight: "plane",
  road: "car",
  roadtrip: "car",
  city: "building-skyscraper",
  rainbow: "rainbow",
  magic: "wand",
  wizard: "wand",
  royal: "crown",
  king: "crown",
  queen: "crown",
  champion: "trophy",
  champions: "trophy",
  winner: "trophy",
};

/** Words that never name a subject even when an icon's tags contain them. */
const NOT_SUBJECTS = new Set(
  "club crew team co company shop store brand edition limited original official day days week year summer2025 life style good best vibes vibe time".split(
    " ",
  ),
);

export interface IconMatch {
  icon: Icon;
  /** The prompt word it illustrates. */
  word: string;
  score: number;
}

/** "mountains" → "mountain", "berries" → "berry"; only used to try a second spelling. */
function singular(word: string): string | null {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("es") && /(sh|ch|x|s)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return null;
}

function scoreIcon(icon: Icon, word: string): number {
  const segments = icon.name.split("-");
  if (icon.name === word) return 100;
  if (ICON_SYNONYMS[word] === icon.name) return 95;
  // A plain variant ("mountain" over "mountain-2") and short names win among the rest.
  // Interface symbols ("secret-phrases", a hierarchy tagged "tree") only answer to their exact name.
  if (ABSTRACT_CATEGORIES.has(icon.category)) return 0;
  const extra = segments.length - 1;
  if (segments[0] === word) return 70 - extra * 6 - (/\d/.test(icon.name) ? 3 : 0);
  if (segments.includes(word)) return 50 - extra * 6;
  if (icon.tags.includes(word)) return 34 - extra * 3;
  return 0;
}

/** The best icon for one word (or null), ties broken by the seed so a prompt always gets the same one. */
export function iconForWord(word: string, seed = 0): IconMatch | null {
  if (NOT_SUBJECTS.has(word) || word.length < 2 || /^\d+$/.test(word)) return null;
  const spellings = [word, singular(word)].filter((value): value is string => Boolean(value));
  let best: IconMatch | null = null;
  let ties = 0;
  for (const icon of loadIcons()) {
    for (const spelling of spellings) {
      const score = scoreIcon(icon, spelling) - (spelling === word ? 0 : 1);
      if (score <= 0) continue;
      if (!best || score > best.score) {
        best = { icon, word, score };
        ties = 1;
      } else if (score === best.score) {
        // Reservoir choice among equal scores, deterministic for a given seed.
        ties += 1;
        if (seed % ties === 0) best = { icon, word, score };
      }
    }
  }
  return best && best.score >= 28 ? best : null;
}

/** A subject the prompt names: its icon and where in the prompt's words it stands. */
export interface SubjectMatch extends IconMatch {
  /** Index of its (first) word in the words given. */
  index: number;
}

/**
 * Up to `limit` icons for the prompt's subject words, in prompt order, one per word and never the
 * same icon twice ("kestrel bird" is one bird). Two adjacent words that name one icon ("ice cream"
 * → ice-cream) count as one. Words given as null are skipped but keep their place.
 */
export function pickSubjects(words: readonly (string | null)[], seed = 0, limit = 3): SubjectMatch[] {
  const icons = loadIcons();
  const byName = new Map(icons.map((icon) => [icon.name, icon]));
  const matches: SubjectMatch[] = [];
  const used = new Set<string>();
  for (let index = 0; index < words.length && matches.length < limit; index++) {
    const word = words[index];
    if (!word) continue;
    const next = words[index + 1];
    const pair = next ? byName.get(`${word}-${next}`) : undefined;
    if (pair && !used.has(pair.name)) {
      matches.push({ icon: pair, word: `${word} ${next}`, score: 110, index });
      used.add(pair.name);
      index += 1;
      continue;
    }
    const match = iconForWord(word, seed);
    if (match && !used.has(match.icon.name)) {
      matches.push({ ...match, index });
      used.add(match.icon.name);
    }
  }
  return matches;
}

/** The same subjects, the strongest match first: a named object over a loose tag. */
export function pickIcons(words: readonly string[], seed = 0, limit = 3): IconMatch[] {
  return pickSubjects(words, seed, limit)
    .map(({ icon, word, score }) => ({ icon, word, score }))
    .sort((a, b) => b.score - a.score);
}
