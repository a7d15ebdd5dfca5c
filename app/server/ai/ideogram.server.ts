/**
 * Ideogram's API (decision 007), used when IDEOGRAM_API_KEY is set: "Generate with Ideogram 3.0
 * (Transparent Background)", POST {IDEOGRAM_API_URL}/v1/ideogram-v3/generate-transparent with a
 * multipart form and the key in the Api-Key header. It answers
 * `{ created, data: [{ url, prompt, resolution, is_image_safe, seed, … }] }`, where url is a
 * short-lived link that must be downloaded at once. The transparent variant is the one that gives
 * a print file: the garment shows around the artwork instead of a painted background.
 */
import { getConfig } from "../core/config.server";
import { MAX_INPUT_PIXELS } from "../media/uploads.server";
import { type DesignFiles, designFilesFromRaster } from "./design-output.server";
import type { DesignStyle } from "./local-generator.server";

/** The one message users see whenever no usable image came back (SPEC, generate-ideogram-image). */
export const AI_GENERATION_FAILED = "AI generation failed to return complete data.";

export const IDEOGRAM_GENERATE_PATH = "/v1/ideogram-v3/generate-transparent";

/** Generation is synchronous and can take a while; the download is a plain file. */
const GENERATE_TIMEOUT_MS = 120_000;
const DOWNLOAD_TIMEOUT_MS = 60_000;
/** Ideogram's images are a few MB; anything far larger is not what we asked for. */
const MAX_DOWNLOAD_BYTES = 40 * 1024 * 1024;

/** The transparent endpoint has no style_type, so the style travels in the prompt. */
const STYLE_PROMPTS: Record<DesignStyle, string> = {
  "modern minimalist": "Modern minimalist t-shirt graphic: clean typography, one simple shape, flat colours, generous spacing.",
  "vintage graphic":
    "Vintage graphic t-shirt print: retro badge or emblem, arched lettering, sunburst, slightly distressed screen-print texture.",
  "abstract geometric": "Abstract geometric t-shirt graphic: bold overlapping polygons and circles, vivid palette, heavy type.",
};

const NEGATIVE_PROMPT = "photograph, t-shirt mockup, person wearing the shirt, watermark, frame, busy background";

export interface IdeogramOptions {
  apiKey?: string;
  baseUrl?: string;
}

/** One generation request for one prompt; throws Error(AI_GENERATION_FAILED) unless an image came back. */
export async function generateWithIdeogram(
  { prompt, style }: { prompt: string; style: DesignStyle },
  options: IdeogramOptions = {},
): Promise<DesignFiles> {
  const config = getConfig();
  const apiKey = options.apiKey ?? config.IDEOGRAM_API_KEY;
  if (!apiKey) throw new Error("IDEOGRAM_API_KEY is not set");
  const endpoint = new URL(IDEOGRAM_GENERATE_PATH, options.baseUrl ?? config.IDEOGRAM_API_URL);

  const form = new FormData();
  form.set("prompt", `${prompt.trim()}\n\n${STYLE_PROMPTS[style]}`);
  form.set("aspect_ratio", "1x1");
  form.set("rendering_speed", "DEFAULT");
  form.set("magic_prompt", "AUTO");
  form.set("negative_prompt", NEGATIVE_PROMPT);
  form.set("num_images", "1");

  let imageUrl: URL;
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Api-Key": apiKey, Accept: "application/json" },
      body: form,
      signal: AbortSignal.timeout(GENERATE_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Ideogram answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    imageUrl = firstImageUrl(await response.json());
  } catch (error) {
    throw failed(error);
  }

  try {
    return await designFilesFromRaster(await download(imageUrl), { limitInputPixels: MAX_INPUT_PIXELS });
  } catch (error) {
    throw failed(error);
  }
}

/** The first safe image's URL, or a throw naming what was missing. */
function firstImageUrl(body: unknown): URL {
  const data = typeof body === "object" && body !== null ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) throw new Error("response has no data list");
  for (const item of data as unknown[]) {
    if (typeof item !== "object" || item === null) continue;
    const { url, is_image_safe: safe } = item as { url?: unknown; is_image_safe?: unknown };
    // An unsafe result comes back with its URL left empty; either way it is not an image.
    if (safe === false || typeof url !== "string" || !URL.canParse(url)) continue;
    const parsed = new URL(url);
    if (parsed.protocol === "https:" || parsed.protocol === "http:") return parsed;
  }
  throw new Error("response has no usable image URL");
}

async function download(url: URL): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: "follow" });
  if (!response.ok || !response.body) throw new Error(`image download answered ${response.status}`);
  const declared = Number(response.headers.get("Content-Length") ?? 0);
  if (declared > MAX_DOWNLOAD_BYTES) throw new Error(`image of ${declared} bytes is too large`);
  // Read in chunks so an endless or lying body stops at the cap instead of filling memory.
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_DOWNLOAD_BYTES) {
      await reader.cancel();
      throw new Error("image is too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function failed(cause: unknown): Error {
  // The cause (status, Ideogram's message) is for the server log; users see the SPEC's sentence.
  return new Error(AI_GENERATION_FAILED, { cause });
}
