import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const DIR = "tests/.output/fixtures";

/**
 * A real PNG design made on the fly (no binary fixtures in the repository). Each call writes a file
 * of its own: Chrome refuses to upload a chosen file that changed on disk since it was picked
 * ("Failed to fetch"), which is what happened when the js and no-js runs rewrote one shared file.
 */
export async function designPng(name = "design.png", size = 600): Promise<string> {
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `${path.parse(name).name}-${randomUUID().slice(0, 8)}${path.extname(name)}`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="#7c3aed"/><text x="50%" y="55%" font-size="${size / 8}" text-anchor="middle" fill="#fff" font-family="sans-serif">TEE</text></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}
