/**
 * The Advanced Analytics Report (decision 068): one campaign's analytics as a PDF to share. The
 * figures come from the analytics page's own queries (figures.server.ts) and the fraud review's
 * patterns (fraud.server.ts), read at the moment of the download; every referrer's address is
 * masked, so the report carries no entrant's full address. Drawn with pdf-lib's own primitives
 * (text, rectangles, lines) in its standard Helvetica; a title or brand that font cannot write is
 * drawn as a picture (sharp renders it with the system's fonts, like the poster).
 */
import { PDFDocument, PageSizes, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import sharp from "sharp";
import { campaignEndDate, isEndedStatus } from "../../domain/campaign-status";
import { formatZonedShortDateTime, timeZoneLabel } from "../../domain/campaign-time-zone";
import { chartWindow, dailySeries, dayLabel, formatCount, niceScale, percentOf, type DayCount } from "../../domain/dashboard";
import { maskEmail } from "../../domain/profile";
import { entriesPerDay, entryFigures, topEmailDomains, topReferrers, type DomainCount, type EntryFigures } from "./figures.server";
import { prisma } from "../core/db.server";
import { fraudFlags } from "./fraud.server";
import { SHARE_FONT } from "../share/card.server";
import { escapeXml, wrapText } from "../share/svg-text.server";

/** How many referrers and email domains the report lists (the analytics page shows 5). */
export const REPORT_TOP = 10;

export interface ReportData {
  title: string;
  brandName: string;
  /** "#RRGGBB": the campaign's accent (checked for contrast with white when saved), or Giveawear's. */
  accent: string;
  status: "Live" | "Ended" | "Upcoming";
  startDate: Date | null;
  endDate: Date | null;
  /** The campaign's zone: the dates are written in it (decision 096). */
  timeZone: string;
  planName: string | null;
  generatedAt: Date;
  figures: EntryFigures;
  pageViews: number;
  disqualified: number;
  days: DayCount[];
  referrers: { email: string; referrals: number }[];
  domains: DomainCount[];
  flags: { text: string; count: number }[];
}

const GIVEAWEAR_ACCENT = "#6d28d9";

/** The report's figures for a campaign, as of `now`; null when there is no such campaign. */
export async function reportData(campaignId: string, now: Date = new Date()): Promise<ReportData | null> {
  const campaign = await prisma.campaign.findUnique({
    where: { id: campaignId },
    select: {
      id: true,
      title: true,
      brandName: true,
      accentColor: true,
      status: true,
      startDate: true,
      endDate: true,
      timeZone: true,
      durationDays: true,
      listFrozenAt: true,
      winnerEntryId: true,
      pageViews: true,
      plan: { select: { name: true } },
    },
  });
  if (!campaign) return null;
  const window = chartWindow(campaign.startDate, campaign.endDate, now);
  const [figures, perDay, referrers, domains, flags, disqualified] = await Promise.all([
    entryFigures(campaign.id),
    entriesPerDay(campaign.id, campaign.timeZone),
    topReferrers(campaign.id, REPORT_TOP),
    topEmailDomains(campaign.id, REPORT_TOP),
    fraudFlags(campaign, now),
    prisma.entry.count({ where: { campaignId: campaign.id, disqualifiedAt: { not: null } } }),
  ]);
  const end = campaignEndDate(campaign);
  const ended = isEndedStatus(campaign.status) || (end !== null && end.getTime() <= now.getTime());
  const upcoming = !ended && campaign.startDate !== null && campaign.startDate.getTime() > now.getTime();
  return {
    title: campaign.title.trim() || "Untitled campaign",
    brandName: campaign.brandName.trim(),
    accent: /^#[0-9a-f]{6}$/i.test(campaign.accentColor) ? campaign.accentColor : GIVEAWEAR_ACCENT,
    status: ended ? "Ended" : upcoming ? "Upcoming" : "Live",
    startDate: campaign.startDate,
    endDate: end,
    timeZone: campaign.timeZone,
    planName: campaign.plan?.name ?? null,
    generatedAt: now,
    figures,
    pageViews: campaign.pageViews,
    disqualified,
    days: dailySeries(perDay, window.from, window.to, campaign.timeZone),
    referrers: referrers.map((referrer) => ({ email: maskEmail(referrer.email), referrals: referrer.referrals })),
    domains,
    flags: flags.map((flag) => ({ text: flag.text, count: flag.count })),
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 30;

const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
const RULE = rgb(0.8, 0.84, 0.88);
const ZEBRA = rgb(0.95, 0.96, 0.98);
const WHITE = rgb(1, 1, 1);

function hexColor(hex: string): RGB {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** The code points a standard font can write (WinAnsi), read once per font. */
function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/** Text the standard font can write: characters outside its set become "?". */
function writable(font: PDFFont, text: string): string {
  const set = characterSet(font);
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 32 || (code >= 127 && code < 160)) return " ";
      return set.has(code) ? char : "?";
    })
    .join("");
}

function canWrite(font: PDFFont, text: string): boolean {
  const set = characterSet(font);
  return [...text].every((char) => set.has(char.codePointAt(0) ?? 0));
}

/** `text` in lines no wider than `width`, at most `maxLines` (the last one cut with "..."). */
function wrap(font: PDFFont, text: string, size: number, width: number, maxLines: number): string[] {
  const words = writable(font, text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? "";
  while (last && font.widthOfTextAtSize(`${last}...`, size) > width) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}...`;
  return kept;
}

/**
 * Text the standard font cannot write (a title in Cyrillic, Greek, …) as a PNG that sharp draws
 * with the system's fonts, like the poster; wrapped by words into at most three lines.
 */
async function textPicture(text: string, size: number, widthPt: number, options: { color: string; bold: boolean }): Promise<Uint8Array> {
  const scale = 3;
  const lines = wrapText(text, widthPt / size, 3);
  const lineHeight = size * 1.2;
  const width = Math.round(widthPt * scale);
  const height = Math.round((lines.length * lineHeight + size * 0.3) * scale);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g font-family="${SHARE_FONT}" font-weight="${options.bold ? 700 : 400}" font-size="${size * scale}" fill="${options.color}">${lines
    .map((line, i) => `<text x="0" y="${Math.round(((i + 1) * lineHeight - size * 0.2) * scale)}">${escapeXml(line)}</text>`)
    .join("")}</g></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A page cursor: writes top-down and starts a new page (with the running header) when the next block does not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly header: string,
    readonly accent: RGB,
  ) {}

  newPage(withHeader = true): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
    if (withHeader) {
      this.page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 8, width: PAGE_WIDTH, height: 8, color: this.accent });
      this.text(this.header, { size: 9, color: MUTED });
      this.y -= 14;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE_WIDTH - MARGIN, y: this.y }, thickness: 0.5, color: RULE });
      this.y -= 24;
    }
  }

  /** Room for `height` points on this page, or a new page. */
  ensure(height: number): void {
    if (this.y - height < FOOTER_Y + 24) this.newPage();
  }

  text(
    value: string,
    options: { size?: number; bold?: boolean; color?: RGB; x?: number; align?: "left" | "right"; width?: number } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const text = writable(font, value);
    const x = options.x ?? MARGIN;
    const drawX = options.align === "right" ? x + (options.width ?? 0) - font.widthOfTextAtSize(text, size) : x;
    this.page.drawText(text, { x: drawX, y: this.y - size, size, font, color: options.color ?? INK });
  }

  /** A section's title and intro, kept on one page with the first `keep` points of what follows. */
  heading(title: string, intro?: string, keep = 90): void {
    this.ensure((intro ? 70 : 50) + keep);
    this.text(title, { size: 16, bold: true });
    this.y -= 24;
    if (intro) {
      for (const line of wrap(this.fonts.regular, intro, 9.5, CONTENT_WIDTH, 4)) {
        this.text(line, { size: 9.5, color: MUTED });
        this.y -= 13;
      }
      this.y -= 4;
    }
  }

  paragraph(value: string, size = 10): void {
    for (const line of wrap(this.fonts.regular, value, size, CONTENT_WIDTH, 6)) {
      this.ensure(size + 4);
      this.text(line, { size, color: MUTED });
      this.y -= size + 4;
    }
  }

  /**
   * A table: a bold header row, then rows with alternate shading. Columns are fractions of the
   * content width; numbers are right-aligned. The header is repeated on each new page.
   */
  table(columns: { label: string; width: number; numeric?: boolean }[], rows: string[][]): void {
    const rowHeight = 18;
    const drawHeader = () => {
      this.ensure(rowHeight * 2);
      let x = MARGIN;
      this.page.drawRectangle({ x: MARGIN, y: this.y - rowHeight, width: CONTENT_WIDTH, height: rowHeight, color: this.accent });
      for (const column of columns) {
        const width = column.width * CONTENT_WIDTH;
        const y = this.y;
        this.y -= 5;
        this.text(column.label, {
          size: 9,
          bold: true,
          color: WHITE,
          x: x + 6,
          align: column.numeric ? "right" : "left",
          width: width - 12,
        });
        this.y = y;
        x += width;
      }
      this.y -= rowHeight;
    };
    drawHeader();
    rows.forEach((row, index) => {
      if (this.y - rowHeight < FOOTER_Y + 24) {
        this.newPage();
        drawHeader();
      }
      if (index % 2 === 1)
        this.page.drawRectangle({ x: MARGIN, y: this.y - rowHeight, width: CONTENT_WIDTH, height: rowHeight, color: ZEBRA });
      let x = MARGIN;
      columns.forEach((column, c) => {
        const width = column.width * CONTENT_WIDTH;
        const cell = wrap(this.fonts.regular, row[c] ?? "", 9.5, width - 12, 1)[0] ?? "";
        const y = this.y;
        this.y -= 4.5;
        this.text(cell, { size: 9.5, x: x + 6, align: column.numeric ? "right" : "left", width: width - 12 });
        this.y = y;
        x += width;
      });
      this.y -= rowHeight;
    });
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE_WIDTH - MARGIN, y: this.y }, thickness: 0.5, color: RULE });
    this.y -= 20;
  }

  /** A bar per day, with a y axis of whole numbers and the first, middle and last days named under it. */
  barChart(days: DayCount[]): void {
    const height = 170;
    const axisWidth = 34;
    this.ensure(height + 40);
    const top = this.y;
    const bottom = top - height;
    const left = MARGIN + axisWidth;
    const width = CONTENT_WIDTH - axisWidth;
    const scale = niceScale(Math.max(0, ...days.map((day) => day.count)));
    for (const tick of scale.ticks) {
      const y = bottom + (tick / scale.max) * height;
      this.page.drawLine({
        start: { x: left, y },
        end: { x: left + width, y },
        thickness: tick === 0 ? 0.8 : 0.4,
        color: tick === 0 ? MUTED : RULE,
      });
      const label = formatCount(tick);
      const size = 8;
      this.page.drawText(label, {
        x: left - 6 - this.fonts.regular.widthOfTextAtSize(label, size),
        y: y - size / 3,
        size,
        font: this.fonts.regular,
        color: MUTED,
      });
    }
    const slot = width / Math.max(1, days.length);
    const barWidth = Math.max(1, Math.min(28, slot * 0.7));
    days.forEach((day, index) => {
      if (day.count <= 0) return;
      const barHeight = (day.count / scale.max) * height;
      this.page.drawRectangle({
        x: left + index * slot + (slot - barWidth) / 2,
        y: bottom,
        width: barWidth,
        height: barHeight,
        color: this.accent,
      });
    });
    const labelled = [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])].filter((index) => index >= 0);
    for (const index of labelled) {
      const day = days[index];
      if (!day) continue;
      const label = dayLabel(day.day);
      const size = 8;
      const labelWidth = this.fonts.regular.widthOfTextAtSize(label, size);
      const center = left + index * slot + slot / 2;
      const x = Math.min(left + width - labelWidth, Math.max(left, center - labelWidth / 2));
      this.page.drawText(label, { x, y: bottom - 14, size, font: this.fonts.regular, color: MUTED });
    }
    this.y = bottom - 34;
  }

  /** One bar split by share (entry sources), with its legend. */
  splitBar(parts: { label: string; value: number; color: RGB }[]): void {
    this.ensure(50);
    const total = parts.reduce((sum, part) => sum + part.value, 0);
    const height = 16;
    let x = MARGIN;
    if (total === 0) {
      this.page.drawRectangle({ x, y: this.y - height, width: CONTENT_WIDTH, height, color: ZEBRA });
    }
    for (const part of parts) {
      if (total === 0 || part.value === 0) continue;
      const width = (part.value / total) * CONTENT_WIDTH;
      this.page.drawRectangle({ x, y: this.y - height, width, height, color: part.color });
      x += width;
    }
    this.y -= height + 8;
    let legendX = MARGIN;
    for (const part of parts) {
      this.page.drawRectangle({ x: legendX, y: this.y - 9, width: 9, height: 9, color: part.color });
      const label = `${part.label}: ${formatCount(part.value)} (${percentOf(part.value, total)}%)`;
      this.text(label, { size: 9, x: legendX + 14 });
      legendX += 14 + this.fonts.regular.widthOfTextAtSize(label, 9) + 24;
    }
    this.y -= 26;
  }
}

/** "5 December 2025, 00:00 New York time - 12 December 2025, 23:59 New York time": the campaign's zone (decision 096). */
function dateRange(start: Date | null, end: Date | null, zone: string): string {
  if (!start) return "Dates not set";
  return end
    ? `${formatZonedShortDateTime(start, zone)} - ${formatZonedShortDateTime(end, zone)}`
    : `From ${formatZonedShortDateTime(start, zone)}`;
}

/** Lighter shade of the accent, for the second part of a split bar. */
function lighter(color: RGB, amount: number): RGB {
  return rgb(color.red + (1 - color.red) * amount, color.green + (1 - color.green) * amount, color.blue + (1 - color.blue) * amount);
}

/** The report as PDF bytes: a cover with the key figures, then each section with its table. */
export async function analyticsReportPdf(data: ReportData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const accent = hexColor(data.accent);
  doc.setTitle(`${data.title} - Advanced Analytics Report`);
  doc.setAuthor(data.brandName || "Giveawear");
  doc.setSubject("Advanced Analytics Report");
  doc.setCreator("Giveawear");
  doc.setProducer("Giveawear");
  doc.setCreationDate(data.generatedAt);
  doc.setModificationDate(data.generatedAt);

  // The running header names the campaign when the standard font can write its title.
  const header = canWrite(fonts.regular, data.title) ? `${data.title} - Advanced Analytics Report` : "Advanced Analytics Report";
  const writer = new Writer(doc, fonts, header, accent);

  // Cover
  writer.newPage(false);
  const cover = writer.page;
  const bandHeight = 150;
  cover.drawRectangle({ x: 0, y: PAGE_HEIGHT - bandHeight, width: PAGE_WIDTH, height: bandHeight, color: accent });
  writer.y = PAGE_HEIGHT - 60;
  writer.text("ADVANCED ANALYTICS REPORT", { size: 12, bold: true, color: WHITE });
  writer.y -= 22;
  const preparedFor =
    data.brandName && canWrite(fonts.regular, data.brandName) ? `Prepared for ${data.brandName}` : "Prepared by Giveawear";
  writer.text(preparedFor, { size: 11, color: WHITE });
  writer.y = PAGE_HEIGHT - bandHeight - 40;

  const titleSize = 28;
  if (canWrite(fonts.bold, data.title)) {
    for (const line of wrap(fonts.bold, data.title, titleSize, CONTENT_WIDTH, 3)) {
      writer.text(line, { size: titleSize, bold: true });
      writer.y -= titleSize * 1.2;
    }
  } else {
    const image = await doc.embedPng(await textPicture(data.title, titleSize, CONTENT_WIDTH, { color: "#0f172a", bold: true }));
    const height = (image.height / image.width) * CONTENT_WIDTH;
    cover.drawImage(image, { x: MARGIN, y: writer.y - height, width: CONTENT_WIDTH, height });
    writer.y -= height + 6;
  }
  if (data.brandName) {
    writer.y -= 4;
    if (canWrite(fonts.regular, data.brandName)) {
      writer.text(`by ${data.brandName}`, { size: 14, color: MUTED });
      writer.y -= 22;
    } else {
      const image = await doc.embedPng(await textPicture(`by ${data.brandName}`, 14, CONTENT_WIDTH, { color: "#475569", bold: false }));
      const height = (image.height / image.width) * CONTENT_WIDTH;
      cover.drawImage(image, { x: MARGIN, y: writer.y - height, width: CONTENT_WIDTH, height });
      writer.y -= height + 6;
    }
  }
  writer.y -= 8;
  for (const line of [
    `${data.status} · ${dateRange(data.startDate, data.endDate, data.timeZone)}`,
    ...(data.planName ? [`Plan: ${data.planName}`] : []),
    `Figures as of ${formatZonedShortDateTime(data.generatedAt, data.timeZone)}`,
  ]) {
    writer.text(line, { size: 11, color: MUTED });
    writer.y -= 17;
  }

  // Key figures, two rows of three.
  writer.y -= 24;
  const { figures } = data;
  const keyFigures: [string, number][] = [
    ["Counted entries", figures.total],
    ["Direct entries", figures.direct],
    ["Referral entries", figures.referral],
    ["Awaiting confirmation", figures.pending],
    ["Page views", data.pageViews],
    ["Disqualified", data.disqualified],
  ];
  const gap = 12;
  const boxWidth = (CONTENT_WIDTH - 2 * gap) / 3;
  const boxHeight = 70;
  keyFigures.forEach(([label, value], index) => {
    const x = MARGIN + (index % 3) * (boxWidth + gap);
    const y = writer.y - Math.floor(index / 3) * (boxHeight + gap) - boxHeight;
    cover.drawRectangle({ x, y, width: boxWidth, height: boxHeight, color: ZEBRA, borderColor: RULE, borderWidth: 0.6 });
    cover.drawRectangle({ x, y, width: 4, height: boxHeight, color: accent });
    cover.drawText(formatCount(value), { x: x + 14, y: y + 32, size: 22, font: fonts.bold, color: INK });
    cover.drawText(label, { x: x + 14, y: y + 14, size: 9.5, font: fonts.regular, color: MUTED });
  });
  writer.y -= 2 * boxHeight + gap + 28;
  writer.paragraph(
    "Counted entries are confirmed by email and not disqualified; only they take part in the draw. Referral entries came through an entrant's shared link. Page views count visits to the giveaway's page by browsers.",
    9.5,
  );

  // Entries over time
  writer.newPage();
  writer.heading(
    "Entries over time",
    `Counted entries per day (${timeZoneLabel(data.timeZone)}), from the giveaway's start to its end or today.`,
  );
  if (data.figures.total === 0 || data.days.length === 0) writer.paragraph("No counted entries yet.");
  else {
    writer.y -= 8;
    writer.barChart(data.days);
    let running = 0;
    writer.table(
      [
        { label: "Day", width: 0.4 },
        { label: "Entries", width: 0.3, numeric: true },
        { label: "Running total", width: 0.3, numeric: true },
      ],
      data.days.map((day) => {
        running += day.count;
        return [dayLabel(day.day), formatCount(day.count), formatCount(running)];
      }),
    );
  }

  // Entry sources
  writer.heading("Entry sources", "Where counted entries came from: the giveaway's own link, or an entrant's shared link.");
  writer.splitBar([
    { label: "Direct", value: figures.direct, color: accent },
    { label: "Referral", value: figures.referral, color: lighter(accent, 0.55) },
  ]);
  writer.table(
    [
      { label: "Source", width: 0.5 },
      { label: "Entries", width: 0.25, numeric: true },
      { label: "Share", width: 0.25, numeric: true },
    ],
    [
      ["Direct", formatCount(figures.direct), `${percentOf(figures.direct, figures.total)}%`],
      ["Referral", formatCount(figures.referral), `${percentOf(figures.referral, figures.total)}%`],
      ["Total", formatCount(figures.total), figures.total > 0 ? "100%" : "0%"],
    ],
  );

  // Referrals
  writer.heading(
    "Top referrers",
    "Entrants whose shared links brought the most counted entries. Addresses are masked so the report can be shared.",
  );
  if (data.referrers.length === 0) writer.paragraph("No entries came through shared links yet.");
  else {
    writer.table(
      [
        { label: "#", width: 0.08, numeric: true },
        { label: "Entrant", width: 0.62 },
        { label: "Referred entries", width: 0.3, numeric: true },
      ],
      data.referrers.map((referrer, index) => [String(index + 1), referrer.email, formatCount(referrer.referrals)]),
    );
  }

  // Email domains
  writer.heading("Top email domains", "The email providers and companies counted entrants use most.");
  if (data.domains.length === 0) writer.paragraph("No counted entries yet.");
  else {
    writer.table(
      [
        { label: "#", width: 0.08, numeric: true },
        { label: "Domain", width: 0.52 },
        { label: "Entries", width: 0.2, numeric: true },
        { label: "Share", width: 0.2, numeric: true },
      ],
      data.domains.map((domain, index) => [
        String(index + 1),
        domain.domain,
        formatCount(domain.count),
        `${percentOf(domain.count, figures.total)}%`,
      ]),
    );
  }

  // Fraud flags
  writer.heading(
    "Flagged for review",
    "Patterns worth a second look, found the same way as the analytics page's Entries to review. A flag is not a verdict: only entries you disqualify stop counting.",
  );
  if (data.flags.length === 0) writer.paragraph("No patterns found.");
  else {
    writer.table(
      [
        { label: "Pattern", width: 0.8 },
        { label: "Entries", width: 0.2, numeric: true },
      ],
      data.flags.map((flag) => [flag.text, formatCount(flag.count)]),
    );
  }
  writer.paragraph(`Disqualified entries: ${formatCount(data.disqualified)}.`);

  // Footers, once the page count is known.
  writer.pages.forEach((page, index) => {
    const label = `Giveawear · Page ${index + 1} of ${writer.pages.length}`;
    const size = 8;
    page.drawText(label, {
      x: PAGE_WIDTH - MARGIN - fonts.regular.widthOfTextAtSize(label, size),
      y: FOOTER_Y,
      size,
      font: fonts.regular,
      color: MUTED,
    });
  });

  return doc.save();
}

/** A file name for the download: the title's letters and digits, never anything a header could trip on. */
export function reportFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_-]+/g, "-")
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || "giveaway"}-analytics-report.pdf`;
}
