/**
 * The printable poster (decision 045): prize picture, title, brand, deadline and a QR
 * code to the campaign page, for shop counters and events. One drawing (SVG rendered by sharp) at
 * 150 dpi per paper size; the PDF (pdf-lib) holds that PNG at the page's size in points.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { PDFDocument, PageSizes } from "pdf-lib";
import QRCode from "qrcode";
import sharp from "sharp";
import { getConfig } from "../core/config.server";
import { cachedFileBytes, produceFileOnce } from "../storage/file-cache.server";
import { fileStore } from "../storage/file-store.server";
import { SHARE_FONT, removeOlder } from "./card.server";
import { fittedImage } from "./images.server";
import type { ShareCampaign } from "./share-data.server";
import { escapeXml, fitText, textWidthEm, wrapText } from "./svg-text.server";

export type Paper = "a4" | "letter";

/** Page sizes in PDF points (1/72 in): ISO A4 and US Letter, as pdf-lib names them. */
export const PAPER_POINTS: Record<Paper, [number, number]> = { a4: PageSizes.A4, letter: PageSizes.Letter };

/** The paper a request asks for: US Letter with ?paper=letter, A4 otherwise. */
export function paperOf(value: string | null): Paper {
  return value?.toLowerCase() === "letter" ? "letter" : "a4";
}

/** The poster's pixel size: the page at 150 dpi (A4 1240×1754, Letter 1275×1650). */
export function posterPixels(paper: Paper): { width: number; height: number } {
  const [width, height] = PAPER_POINTS[paper];
  return { width: Math.round((width / 72) * 150), height: Math.round((height / 72) * 150) };
}

/** Bump when the drawing changes. */
const POSTER_TEMPLATE = "poster-3";

/** The QR code as qrcode draws it (error correction M, a quiet zone of 4 modules), black on white. */
export function posterQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 4, color: { dark: "#000000", light: "#ffffff" } });
}

/** Where the QR code sits on the poster, in pixels (its quiet zone included). */
export function posterQrBox(paper: Paper): { x: number; y: number; size: number } {
  const { width, height } = posterPixels(paper);
  const size = Math.round(Math.min(width * 0.36, 460));
  return { x: Math.round(width * 0.08), y: height - size - 120, size };
}

const BAND = 130;

/** The title's size and lines, and so where the prize picture goes: as large as the space between title and QR code allows. */
function posterLayout(campaign: ShareCampaign, paper: Paper) {
  const { width, height } = posterPixels(paper);
  const margin = Math.round(width * 0.08);
  const qr = posterQrBox(paper);
  const { size: titleSize, lines } = fitText(campaign.title, width - 2 * margin, 3, [84, 76, 66, 58]);
  const lineHeight = Math.round(titleSize * 1.12);
  const titleTop = BAND + 100 + titleSize;
  const titleBottom = titleTop + (lines.length - 1) * lineHeight + Math.round(titleSize * 0.3);
  const prizeTop = titleBottom + 40;
  const prizeSize = Math.max(240, Math.min(width - 2 * margin, qr.y - 50 - prizeTop));
  return {
    width,
    height,
    margin,
    qr,
    titleSize,
    lines,
    lineHeight,
    titleTop,
    prizeTop,
    prizeSize,
    prizeX: Math.round((width - prizeSize) / 2),
  };
}

export async function posterSvg(campaign: ShareCampaign, paper: Paper): Promise<string> {
  const layout = posterLayout(campaign, paper);
  const { width, height, qr, margin, titleSize, lines, lineHeight, titleTop } = layout;
  const brand = wrapText(campaign.brandName, (width - 2 * margin) / 44, 1)[0] ?? "";
  const qrSvg = (await posterQrSvg(campaign.pageUrl)).replace(
    "<svg ",
    `<svg x="${qr.x}" y="${qr.y}" width="${qr.size}" height="${qr.size}" `,
  );
  const textX = qr.x + qr.size + 50;
  const textWidth = width - margin - textX;
  const pageUrl = campaign.pageUrl.replace(/^https?:\/\//, "");
  const urlSize = Math.min(30, Math.floor(textWidth / Math.max(1, textWidthEm(pageUrl))));
  const deadline = wrapText(campaign.deadline, textWidth / 40, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <rect width="${width}" height="${BAND}" fill="${campaign.accent}"/>
  <g font-family="${SHARE_FONT}" font-weight="700">
    <text x="${width / 2}" y="${BAND / 2 + 16}" font-size="44" fill="${campaign.onAccent}" text-anchor="middle">${escapeXml(brand)}</text>
    <text x="${width / 2}" y="${BAND + 70}" font-size="34" letter-spacing="6" fill="${campaign.accent}" text-anchor="middle">GIVEAWAY</text>
    ${lines.map((line, i) => `<text x="${width / 2}" y="${titleTop + i * lineHeight}" font-size="${titleSize}" fill="#0f172a" text-anchor="middle">${escapeXml(line)}</text>`).join("\n    ")}
    <text x="${textX}" y="${qr.y + 90}" font-size="64" fill="#0f172a">Scan to enter</text>
    ${deadline.map((line, i) => `<text x="${textX}" y="${qr.y + 170 + i * 50}" font-size="40" fill="${campaign.accent}">${escapeXml(line)}</text>`).join("\n    ")}
    <text x="${textX}" y="${qr.y + qr.size - 40}" font-size="${urlSize}" font-weight="400" fill="#334155">${escapeXml(pageUrl)}</text>
    <text x="${textX}" y="${qr.y + qr.size - 4}" font-size="24" font-weight="400" fill="#475569">No purchase necessary. Entry by email.</text>
    ${campaign.hideBranding ? "" : `<text x="${width / 2}" y="${height - 44}" font-size="28" fill="#6d28d9" text-anchor="middle">giveawear</text>`}
  </g>
  ${qrSvg}
</svg>`;
}

export async function renderPosterPng(campaign: ShareCampaign, paper: Paper): Promise<Buffer> {
  const layout = posterLayout(campaign, paper);
  const [svg, prize] = await Promise.all([posterSvg(campaign, paper), fittedImage(campaign.imagePath, layout.prizeSize)]);
  return sharp(Buffer.from(svg))
    .composite(prize ? [{ input: prize, left: layout.prizeX, top: layout.prizeTop }] : [])
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** A one-page PDF of the poster PNG at the paper's exact size. */
export async function renderPosterPdf(campaign: ShareCampaign, paper: Paper, png: Buffer): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${campaign.title}: poster`);
  pdf.setAuthor(campaign.brandName);
  pdf.setCreator("Giveawear");
  const [width, height] = PAPER_POINTS[paper];
  const page = pdf.addPage([width, height]);
  // pdf-lib decodes and re-compresses a PNG in JavaScript (seconds at this size); a JPEG goes in as
  // it is. At 150 dpi, quality 92 without chroma subsampling keeps text and the QR code crisp.
  const jpeg = await sharp(png).jpeg({ quality: 92, chromaSubsampling: "4:4:4" }).toBuffer();
  page.drawImage(await pdf.embedJpg(jpeg), { x: 0, y: 0, width, height });
  return Buffer.from(await pdf.save());
}

/** The store's folder of posters (decision 058). */
const POSTERS_PREFIX = "posters";

/** Where posters are on the local disk store (the default): DATA_DIR/posters. */
export function postersDirectory(): string {
  return path.resolve(getConfig().DATA_DIR, POSTERS_PREFIX);
}

function posterBase(campaign: ShareCampaign, paper: Paper): string {
  const inputs = [
    POSTER_TEMPLATE,
    paper,
    campaign.title,
    campaign.brandName,
    campaign.deadline,
    campaign.accent,
    campaign.imagePath,
    campaign.pageUrl,
    campaign.hideBranding,
  ];
  const digest = createHash("sha256").update(JSON.stringify(inputs)).digest("hex").slice(0, 16);
  return `${POSTERS_PREFIX}/${campaign.id}-${paper}-${digest}`;
}

/** The cached poster, PNG or PDF, drawn on first request. */
export async function posterBytes(campaign: ShareCampaign, paper: Paper, kind: "png" | "pdf"): Promise<Buffer> {
  const base = posterBase(campaign, paper);
  const png = () => cachedFileBytes(`${base}.png`, "image/png", () => renderPosterPng(campaign, paper));
  if (kind === "png") return png();
  const stored = await fileStore().get(`${base}.pdf`);
  if (stored) return stored;
  const pdf = await produceFileOnce(`${base}.pdf`, "application/pdf", async () => renderPosterPdf(campaign, paper, await png()));
  // Keep this look's PNG and PDF; drop the campaign's older posters on this paper.
  void removeOlder(`${POSTERS_PREFIX}/${campaign.id}-${paper}-`, base);
  return pdf;
}
