import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_DATA_DIR } from "../../playwright.config";
import { insertCampaign } from "./campaigns";

/**
 * The prize picture in every colour of every product, as a visitor's browser draws it (decision 008's
 * mockups, the campaign page's CSS-only colour switcher): the chosen colour's picture is on screen,
 * about as wide as its frame (not hidden, not the 80 px phone thumbnail), really loaded, and not a
 * blank square; choosing another colour shows that colour's picture instead. JavaScript on and off,
 * at a phone's 360 px and a laptop's 1280 px.
 */

const COLOURS = [
  { key: "white", name: "White" },
  { key: "black", name: "Black" },
  { key: "heather_gray", name: "Heather Gray" },
] as const;
type ColourKey = (typeof COLOURS)[number]["key"];

/**
 * Garments come in all three colours; a mug in White only (productColors). Each case cycles through
 * every colour of its product; across the cases each colour is listed first once and each garment is
 * shown with a first colour other than White (the order the page must keep), without repeating the
 * same walk for every product and first colour.
 */
const GARMENT_COLOURS = ["white", "black", "heather_gray"] as const;
const CASES = [
  { key: "t-shirt", colours: GARMENT_COLOURS, first: "white" },
  { key: "t-shirt", colours: GARMENT_COLOURS, first: "heather_gray" },
  { key: "hoodie", colours: GARMENT_COLOURS, first: "black" },
  { key: "mug", colours: ["white"], first: "white" },
] as const satisfies readonly { key: string; colours: readonly ColourKey[]; first: ColourKey }[];

const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
] as const;

let designUrl: Promise<string> | undefined;

/** A design stored as a creator's upload would be (DATA_DIR/uploads/custom_design/…), so the page shows real mockups of it. */
function storedDesign(): Promise<string> {
  designUrl ??= (async () => {
    const name = `e2e-colours-${randomBytes(6).toString("hex")}`;
    const dir = path.join(E2E_DATA_DIR, "uploads", "custom_design");
    mkdirSync(dir, { recursive: true });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><circle cx="300" cy="300" r="220" fill="#7c3aed"/><rect x="180" y="250" width="240" height="100" fill="#f59e0b"/></svg>`;
    await sharp(Buffer.from(svg))
      .png()
      .toFile(path.join(dir, `${name}.png`));
    return `/uploads/custom_design/${name}.png`;
  })();
  return designUrl;
}

/** The colours in the order the campaign lists them: `first`, then the product's others. */
function colourOrder(colours: readonly ColourKey[], first: ColourKey): ColourKey[] {
  return [first, ...colours.filter((c) => c !== first)];
}

function gallery(page: Page) {
  return page.getByRole("main").locator("img[data-colour]");
}

/** The big prize picture of one colour is what the visitor sees: on screen, frame-sized, loaded, not blank. */
async function expectPictureShown(page: Page, colour: ColourKey, all: readonly ColourKey[]) {
  const img = page.getByRole("main").locator(`img[data-colour="${colour}"]`);
  await expect(img).toBeVisible();
  await img.scrollIntoViewIfNeeded();
  // Loaded: a lazy picture is fetched once its colour is chosen; a broken or missing one has no pixels.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);

  const box = await img.boundingBox();
  const frame = await img.locator("xpath=..").boundingBox();
  expect(box, `${colour}: the picture has a box`).not.toBeNull();
  expect(frame).not.toBeNull();
  if (!box || !frame) return;
  // As wide as its frame, and square: not a sliver, not an 80 px thumbnail.
  expect(box.width).toBeGreaterThan(Math.min(300, frame.width - 1));
  expect(box.width).toBeGreaterThanOrEqual(frame.width * 0.95);
  expect(Math.abs(box.height - box.width)).toBeLessThan(4);

  // The other colours' pictures are hidden: one picture at a time.
  for (const other of all.filter((c) => c !== colour)) {
    await expect(page.getByRole("main").locator(`img[data-colour="${other}"]`)).toBeHidden();
  }
  await expectNotBlank(img, colour);
}

/** What the screen shows where the picture is: a mockup has a garment and a print, not one flat colour. */
async function expectNotBlank(img: Locator, colour: ColourKey) {
  // Decoded and ready to paint first; then the pixels on screen (a picture still being painted is looked at again).
  await img.evaluate((el: HTMLImageElement) => el.decode());
  await expect
    .poll(
      async () => {
        const stats = await sharp(await img.screenshot()).stats();
        return Math.max(...stats.channels.slice(0, 3).map((channel) => channel.stdev));
      },
      { message: `${colour}: the picture on screen is not a blank square` },
    )
    .toBeGreaterThan(8);
}

async function chooseColour(page: Page, colour: ColourKey) {
  const name = COLOURS.find((c) => c.key === colour)?.name ?? colour;
  const group = page.getByRole("group", { name: "Colour", exact: true });
  await group.getByText(name, { exact: true }).click();
  await expect(group.getByRole("radio", { name })).toBeChecked();
}

for (const { first, ...product } of CASES) {
  test(`a ${product.key} whose first colour is ${first} shows each colour's picture at 360 and 1280 px`, async ({ page }) => {
    // Every colour's picture is rendered cold, at two sizes, while the test looks at it: on a busy
    // 2-core machine that took more than the default 30 s once (the white t-shirt's five colours).
    test.slow();
    const order = colourOrder(product.colours, first);
    const campaign = insertCampaign({
      title: `Colours ${product.key} ${first} ${randomBytes(3).toString("hex")}`,
      productType: product.key,
      selectedColors: order.join(","),
      finalDesignUrl: await storedDesign(),
    });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`/campaign/${campaign.id}`);
      await expect(gallery(page)).toHaveCount(order.length);
      await expectPictureShown(page, first, order);
      if (order.length === 1) {
        // One colour: no switcher, the picture always shows.
        await expect(page.getByRole("group", { name: "Colour", exact: true })).toHaveCount(0);
        continue;
      }
      // Every other colour, then back to the first: each choice shows its own picture.
      for (const colour of [...order.slice(1), first]) {
        await chooseColour(page, colour);
        await expectPictureShown(page, colour, order);
      }
    }
  });
}
