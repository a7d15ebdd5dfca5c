/**
 * A stand-in for Ideogram's API on 127.0.0.1: "Generate with Ideogram 3.0 (Transparent
 * Background)", POST /v1/ideogram-v3/generate-transparent, multipart form, Api-Key header,
 * answering `{ created, data: [{ url, prompt, resolution, is_image_safe, seed }] }` with a URL to a
 * PNG it drew itself, served from /api/images/ephemeral/<id>.png like Ideogram's short-lived links.
 * `mode` makes it misbehave the ways the real one can.
 */
import { randomBytes } from "node:crypto";
import type http from "node:http";
import { fakeHttpServer } from "./http-server";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

export type FakeIdeogramMode =
  /** A transparent 1024×1024 PNG with a disc of `color` in the middle. */
  | "ok"
  /** A result whose url is null (what Ideogram does for an unsafe image). */
  | "no-url"
  /** A 200 with an empty data list. */
  | "empty"
  /** A URL whose bytes are not an image. */
  | "not-an-image"
  /** A URL that answers 404 (an expired link). */
  | "expired"
  /** 500 from the generate endpoint. */
  | "error";

export interface FakeIdeogramOptions {
  apiKey: string;
  port?: number;
}

export interface FakeIdeogramRequest {
  path: string;
  method: string;
  apiKey: string | null;
  fields: Record<string, string>;
}

/** The disc colour of generated images, so tests can recognise them in the stored design. */
export const FAKE_IDEOGRAM_COLOR = { r: 230, g: 40, b: 140 };

const GENERATE_PATH = "/v1/ideogram-v3/generate-transparent";

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function drawImage(): Promise<Buffer> {
  const { r, g, b } = FAKE_IDEOGRAM_COLOR;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><circle cx="512" cy="512" r="300" fill="rgb(${r},${g},${b})"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function startFakeIdeogramServer(options: FakeIdeogramOptions) {
  const images = new Map<string, Buffer>();
  const requests: FakeIdeogramRequest[] = [];
  const state = { mode: "ok" as FakeIdeogramMode };
  let base = "";

  const server = fakeHttpServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, headers);
      res.end(body);
    };
    const json = (status: number, body: unknown) => send(status, JSON.stringify(body), { "Content-Type": "application/json" });

    if (url.pathname === GENERATE_PATH && req.method === "POST") {
      const apiKey = typeof req.headers["api-key"] === "string" ? req.headers["api-key"] : null;
      // Parsed the way any server would: as the multipart body the client declared.
      let fields: Record<string, string> = {};
      try {
        const form = await new Request("http://fake/", {
          method: "POST",
          headers: { "Content-Type": req.headers["content-type"] ?? "" },
          body: new Uint8Array(await readBody(req)),
        }).formData();
        fields = Object.fromEntries([...form].map(([key, value]) => [key, typeof value === "string" ? value : "(file)"]));
      } catch {
        return json(400, { message: "Expected multipart/form-data" });
      }
      requests.push({ path: url.pathname, method: "POST", apiKey, fields });
      if (apiKey !== options.apiKey) return json(401, { message: "Invalid API key" });
      if (!fields.prompt) return json(400, { message: "prompt is required" });
      if (state.mode === "error") return json(500, { message: "Internal error" });

      const created = new Date().toISOString();
      if (state.mode === "empty") return json(200, { created, data: [] });
      const id = randomBytes(12).toString("hex");
      const image = state.mode === "not-an-image" ? Buffer.from("<html>not a png</html>") : await drawImage();
      if (state.mode !== "expired") images.set(id, image);
      return json(200, {
        created,
        data: [
          {
            prompt: fields.prompt,
            resolution: "1024x1024",
            is_image_safe: state.mode !== "no-url",
            seed: 12345,
            url: state.mode === "no-url" ? null : `${base}/api/images/ephemeral/${id}.png?exp=1743867804&sig=fake`,
          },
        ],
      });
    }

    const image = /^\/api\/images\/ephemeral\/([a-f0-9]+)\.png$/.exec(url.pathname);
    if (image && req.method === "GET") {
      requests.push({ path: url.pathname, method: "GET", apiKey: null, fields: {} });
      const bytes = images.get(image[1] ?? "");
      if (!bytes) return send(404, "expired");
      return send(200, bytes, { "Content-Type": "image/png", "Content-Length": String(bytes.length) });
    }

    send(404, "not found");
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
  return {
    port,
    url: base,
    requests,
    setMode(mode: FakeIdeogramMode) {
      state.mode = mode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run on its own: FAKE_IDEOGRAM_PORT and IDEOGRAM_API_KEY from the env.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeIdeogramServer({
    apiKey: process.env.IDEOGRAM_API_KEY ?? "fake-ideogram-key",
    port: Number(process.env.FAKE_IDEOGRAM_PORT ?? 4013),
  });
  console.log(`fake Ideogram server on ${fake.url}`);
}
