import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as wizard from "~/routes/create-campaign-v2";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { run, statusOf } from "../helpers/http";
import { draftThroughStep, form, postForm, signedInJar } from "../helpers/wizard";

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

/** Near-black line art on a transparent background: a ring and a bar. */
async function darkDesign(): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
    <circle cx="100" cy="90" r="60" fill="none" stroke="#141414" stroke-width="18"/>
    <rect x="30" y="165" width="140" height="20" fill="#1b1b1d"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return new File([new Uint8Array(png)], "dark.png", { type: "image/png" });
}

async function stepThree(colors: string[], design: File) {
  const { jar } = await signedInJar("contrast");
  const campaignId = await draftThroughStep(jar, 2);
  const url = `/create-campaign-v2?campaignId=${campaignId}`;
  const saved = (await run(
    wizard.action,
    postForm(jar, url, form({ step: "3", designMode: "upload", designFile: design, selectedColors: colors, selectedSizes: ["M"] })),
  )) as Response;
  expect(statusOf(saved)).toBe(302);
  const page = await fetch(`${app.url}/create-campaign-v2?step=3&campaignId=${campaignId}`, { headers: { Cookie: jar.header() } });
  expect(page.status).toBe(200);
  return page.text();
}

describe("wizard step 3: contrast warning", () => {
  it("warns next to the colours that a dark design is hard to see on, and only those", async () => {
    const html = await stepThree(["black", "white"], await darkDesign());
    expect(html).toContain("Your design may be hard to see on Black: it has little contrast with that colour.");
    expect(html).not.toContain("hard to see on White");
    expect(html).not.toContain("hard to see on Heather Gray");
  });

  it("warns that a dark-teal wordmark is hard to see on a black tee (issue 29), and not on white or heather", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
      <text x="600" y="260" font-family="DejaVu Sans" font-weight="700" font-size="200" text-anchor="middle" fill="#0B3D3A">Kestrel</text></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const html = await stepThree(["black", "white", "heather_gray"], new File([new Uint8Array(png)], "teal.png", { type: "image/png" }));
    expect(html).toContain("Your design may be hard to see on Black: it has little contrast with that colour.");
    expect(html).not.toContain("hard to see on White");
    expect(html).not.toContain("hard to see on Heather Gray");
  });

  it("says nothing for a colourful design", async () => {
    const png = await sharp({ create: { width: 120, height: 120, channels: 4, background: "#E4572E" } })
      .png()
      .toBuffer();
    const html = await stepThree(["black", "white", "heather_gray"], new File([new Uint8Array(png)], "orange.png", { type: "image/png" }));
    expect(html).not.toContain("hard to see on");
  });
});
