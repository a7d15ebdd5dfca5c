/**
 * Sharing (decision 045) over real HTTP: the share card, the poster (PNG and PDF) with
 * its QR code, and the embeddable entry card with its framing headers and its entries.
 */
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import QRCode from "qrcode";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { uploadsDirectory } from "~/server/media/uploads.server";
import { createCampaign } from "../helpers/campaigns";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { signedInJar } from "../helpers/wizard";

let app: InProcessAppServer;

const DESIGN = "/uploads/custom_design/sharing-test-design.png";

beforeAll(async () => {
  app = await startAppServer();
  // A real stored design, so the card and poster draw the campaign's mockup.
  await mkdir(path.join(uploadsDirectory(), "custom_design"), { recursive: true });
  const design = await sharp({ create: { width: 600, height: 600, channels: 4, background: { r: 230, g: 90, b: 20, alpha: 1 } } })
    .png()
    .toBuffer();
  await writeFile(path.join(uploadsDirectory(), "custom_design", "sharing-test-design.png"), design);
});

afterAll(async () => {
  await app?.close();
});

function get(pathname: string, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${pathname}`, { redirect: "manual", headers });
}

function postForm(pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, ...headers },
    body: new URLSearchParams(fields),
  });
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

function cardsDir() {
  return path.join(process.env.DATA_DIR ?? "", "cards");
}

async function cardFiles(campaignId: string): Promise<string[]> {
  try {
    return (await readdir(cardsDir())).filter((name) => name.startsWith(`${campaignId}-`) && name.endsWith(".png"));
  } catch {
    return [];
  }
}

describe("the share card", () => {
  it("is a 1200×630 PNG, drawn once and then served from its file", async () => {
    const campaign = await createCampaign({
      title: "Sunset Tee Giveaway",
      brandName: "Coastline Co.",
      finalDesignUrl: DESIGN,
      accentColor: "#0e7490",
    });
    const version = campaign.updatedAt.getTime();
    const first = await get(`/campaign/${campaign.id}/card.png?v=${version}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    const bytes = await bytesOf(first);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    // The current version may be kept until the deadline label could change (the end, a week away).
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers.get("cache-control") ?? "")?.[1]);
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(maxAge).toBeGreaterThan(5 * 24 * 3600);
    expect(maxAge).toBeLessThanOrEqual(Math.ceil(((campaign.endDate?.getTime() ?? 0) - Date.now()) / 1000));

    const files = await cardFiles(campaign.id);
    expect(files).toHaveLength(1);
    const written = (await stat(path.join(cardsDir(), files[0] ?? ""))).mtimeMs;
    const second = await get(`/campaign/${campaign.id}/card.png?v=${version}`);
    expect(await bytesOf(second)).toEqual(bytes);
    expect((await stat(path.join(cardsDir(), files[0] ?? ""))).mtimeMs).toBe(written);

    // The mockup's orange is on the card's right half (the prize panel).
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const orange = Array.from({ length: 40 }, (_, i) => at(900 + i, 300)).some(([r = 0, g = 0, b = 0]) => r > 180 && g < 140 && b < 90);
    expect(orange).toBe(true);

    // An old or missing version is still answered, but kept only briefly.
    const stale = await get(`/campaign/${campaign.id}/card.png?v=1`);
    expect(stale.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await bytesOf(stale)).toEqual(bytes);
    expect((await get(`/campaign/${campaign.id}/card.png`, { "If-None-Match": first.headers.get("etag") ?? "" })).status).toBe(304);
  });

  it("is drawn again when the campaign's title changes, and the old file goes", async () => {
    const campaign = await createCampaign({ finalDesignUrl: DESIGN });
    const before = await bytesOf(await get(`/campaign/${campaign.id}/card.png?v=${campaign.updatedAt.getTime()}`));
    const [oldFile] = await cardFiles(campaign.id);
    const updated = await prisma.campaign.update({ where: { id: campaign.id }, data: { title: "A Completely New Title" } });
    expect(updated.updatedAt.getTime()).not.toBe(campaign.updatedAt.getTime());
    const after = await get(`/campaign/${campaign.id}/card.png?v=${updated.updatedAt.getTime()}`);
    expect(after.status).toBe(200);
    expect(await bytesOf(after)).not.toEqual(before);
    // The old card is removed once the new one is in place (best effort, right after the write).
    await expect.poll(async () => (await cardFiles(campaign.id)).includes(oldFile ?? "")).toBe(false);
    expect(await cardFiles(campaign.id)).toHaveLength(1);
  });

  it("is 404 for a draft, to anyone but its creator (a private preview), and for an unknown id", async () => {
    const { jar, userId } = await signedInJar("card-owner");
    const draft = await createCampaign({ status: "draft", creatorId: userId });
    const anonymous = await get(`/campaign/${draft.id}/card.png`);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).toBe("Campaign Not Found");
    for (const file of ["poster.png", "poster.pdf"]) expect((await get(`/campaign/${draft.id}/${file}`)).status).toBe(404);
    const owner = await get(`/campaign/${draft.id}/card.png`, { Cookie: jar.header() });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("cache-control")).toBe("private, no-store");
    expect((await get("/campaign/doesnotexist123/card.png")).status).toBe(404);
  });
});

describe("the poster", () => {
  it("is an A4 PDF by default and a US Letter one with ?paper=letter, inline, named for the campaign", async () => {
    const campaign = await createCampaign({ finalDesignUrl: DESIGN });
    const a4 = await get(`/campaign/${campaign.id}/poster.pdf`);
    expect(a4.status).toBe(200);
    expect(a4.headers.get("content-type")).toBe("application/pdf");
    expect(a4.headers.get("content-disposition")).toBe(`inline; filename="poster-${campaign.id}.pdf"`);
    const a4Doc = await PDFDocument.load(await a4.arrayBuffer());
    expect(a4Doc.getPageCount()).toBe(1);
    const a4Size = a4Doc.getPage(0).getSize();
    expect([Math.round(a4Size.width), Math.round(a4Size.height)]).toEqual([595, 842]);

    const letter = await PDFDocument.load(await (await get(`/campaign/${campaign.id}/poster.pdf?paper=letter`)).arrayBuffer());
    expect(letter.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it("as a PNG is the A4 page at 150 dpi, and its QR code encodes the campaign's address", async () => {
    const campaign = await createCampaign({ finalDesignUrl: DESIGN });
    const response = await get(`/campaign/${campaign.id}/poster.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = await bytesOf(response);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([1240, 1754]);
    const letter = await sharp(await bytesOf(await get(`/campaign/${campaign.id}/poster.png?paper=letter`))).metadata();
    expect([letter.width, letter.height]).toEqual([1275, 1650]);

    // Every module of the QR code for the absolute campaign URL (APP_URL) is where the poster drew it.
    const url = `http://localhost:3000/campaign/${campaign.id}`;
    const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
    const { posterQrBox } = await import("~/server/share/poster.server");
    const box = posterQrBox("a4");
    const count = qr.modules.size;
    const module = box.size / (count + 8);
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    let mismatches = 0;
    for (let row = 0; row < count; row++)
      for (let col = 0; col < count; col++) {
        const x = Math.floor(box.x + (col + 4.5) * module);
        const y = Math.floor(box.y + (row + 4.5) * module);
        const dark = (data[(y * info.width + x) * info.channels] ?? 255) < 128;
        if (dark !== Boolean(qr.modules.get(row, col))) mismatches++;
      }
    expect(mismatches).toBe(0);
    // And the quiet zone around it is white.
    const corner = data[((box.y + 2) * info.width + box.x + 2) * info.channels] ?? 0;
    expect(corner).toBeGreaterThan(200);
  });
});

describe("the embed", () => {
  it("may be framed by any site; every other page may be framed only by ours", async () => {
    const campaign = await createCampaign();
    const embed = await get(`/campaign/${campaign.id}/embed`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get("x-frame-options")).toBeNull();
    const html = await embed.text();
    expect(html).toContain(campaign.title);
    expect(html).toContain("Enter Now");
    expect(html).toContain("Powered by Giveawear");
    // No site header or footer, and no client runtime: plain HTML.
    expect(html).not.toContain("<footer");
    expect(html).not.toMatch(/<script[^>]+type="module"/);
    expect(html).toMatch(/<a[^>]+target="_blank"[^>]*>Official rules<\/a>/);

    for (const page of [`/campaign/${campaign.id}`, `/campaign/${campaign.id}/rules`, "/giveaways"]) {
      expect((await get(page)).headers.get("x-frame-options"), page).toBe("SAMEORIGIN");
    }
  });

  it("hides 'Powered by Giveawear' only for a custom-branding campaign that chose to", async () => {
    const plain = await createCampaign({ hideGiveawearBranding: true, customBranding: false });
    expect(await (await get(`/campaign/${plain.id}/embed`)).text()).toContain("Powered by Giveawear");
    const pro = await createCampaign({ hideGiveawearBranding: true, customBranding: true });
    expect(await (await get(`/campaign/${pro.id}/embed`)).text()).not.toContain("Powered by Giveawear");
  });

  it("takes an entry exactly as the campaign page does, and answers in place", async () => {
    const campaign = await createCampaign();
    const fields = { agreedToTerms: "on", marketingConsent: "on", phoneNumber: "" };
    const page = await postForm(`/campaign/${campaign.id}`, { ...fields, email: "page-entrant@example.com" });
    expect(page.status).toBe(303);

    const embed = await postForm(`/campaign/${campaign.id}/embed`, { ...fields, email: "embed-entrant@example.com" });
    expect(embed.status).toBe(200);
    const html = await embed.text();
    expect(html).toContain("Check your email to confirm your entry");
    expect(html).toMatch(/<a[^>]+href="http:\/\/localhost:3000\/campaign\/[^"]+"[^>]+target="_blank"[^>]*>Open the giveaway page<\/a>/);

    const rows = await prisma.entry.findMany({ where: { campaignId: campaign.id }, orderBy: { email: "asc" } });
    expect(rows.map((row) => row.email)).toEqual(["embed-entrant@example.com", "page-entrant@example.com"]);
    // The consent's time is the entry's own (decision 054).
    const comparable = ({ id, email, emailNormalized, createdAt, browserId, marketingConsentAt, ...rest }: (typeof rows)[number]) => {
      void [id, email, emailNormalized];
      return { ...rest, hasBrowserId: browserId !== null, consentAtEntry: marketingConsentAt?.getTime() === createdAt.getTime() };
    };
    const [viaEmbed, viaPage] = rows.map(comparable);
    expect(viaEmbed).toEqual(viaPage);
    expect(viaEmbed).toMatchObject({
      confirmedAt: null,
      marketingConsent: true,
      agreedToTerms: true,
      userId: null,
      termsWordingId: "terms-v1",
      marketingWordingId: "marketing-v1",
      consentAtEntry: true,
    });
    // Each got the same confirmation email.
    const mail = await prisma.outboundEmail.findMany({ where: { to: { in: ["embed-entrant@example.com", "page-entrant@example.com"] } } });
    expect(mail.map((message) => message.subject)).toEqual([mail[0]?.subject, mail[0]?.subject]);

    // Entering again from elsewhere gets the page's neutral words, and no second entry.
    const again = await postForm(`/campaign/${campaign.id}/embed`, { ...fields, email: "embed-entrant@example.com" });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Already Entered!");
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(2);
  });

  it("refuses a bad entry with 400 and the form's message, storing nothing", async () => {
    const campaign = await createCampaign();
    const refused = await postForm(`/campaign/${campaign.id}/embed`, { email: "no-terms@example.com" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("You must agree to the terms and conditions.");
    expect(html).toContain('value="no-terms@example.com"');
    const badEmail = await postForm(`/campaign/${campaign.id}/embed`, { email: "nope", agreedToTerms: "on" });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.text()).toContain("Please enter a valid email address.");
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("says a full campaign is full instead of showing the form, and refuses an entry to it with 409", async () => {
    const campaign = await createCampaign({ entryLimit: 1, entryCount: 1 });
    const html = await (await get(`/campaign/${campaign.id}/embed`)).text();
    expect(html).toContain("This giveaway is full: it has reached its entry limit.");
    expect(html).not.toContain("Enter Now");
    const refused = await postForm(`/campaign/${campaign.id}/embed`, { email: "late@example.com", agreedToTerms: "on" });
    expect(refused.status).toBe(409);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("refuses a form posted to it from another website", async () => {
    const campaign = await createCampaign();
    const foreign = await postForm(
      `/campaign/${campaign.id}/embed`,
      { email: "forged@example.com", agreedToTerms: "on" },
      { Origin: "https://evil.example" },
    );
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("is 404 for a draft seen by the public", async () => {
    const draft = await createCampaign({ status: "draft" });
    expect((await get(`/campaign/${draft.id}/embed`)).status).toBe(404);
    const post = await postForm(`/campaign/${draft.id}/embed`, { email: "x@example.com", agreedToTerms: "on" });
    expect(post.status).toBe(404);
  });
});
