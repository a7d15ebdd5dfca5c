/**
 * Every email to an entrant carries its campaign's brand (decision 081), as delivered over SMTP to
 * a fake server: the From header's name "<Brand> via Giveawear" at MAIL_FROM's address, Reply-To
 * the brand's support address, the logo and the prize's picture as PNG or JPEG URLs this app
 * serves (fetched over HTTP), buttons in the accent colour only when white text reads on it, and a
 * plain-text part. And the creator's preview of those emails, for the campaign's creator and admins.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BUTTON_COLOR } from "~/domain/email-template-defaults";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { emailBrand } from "~/server/email/brand.server";
import { deliverDueEmails, sendTemplatedEmail } from "~/server/email/delivery.server";
import { clearEmailTemplateCache } from "~/server/email/outbox.server";
import { storeImageUpload } from "~/server/media/uploads.server";
import { sendDueReminders } from "~/server/jobs/reminders.server";
import { sendClaimFollowUps } from "~/server/jobs/claim-reminders.server";
import { type ReceivedMail, startFakeSmtpServer } from "../fakes/smtp-server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { confirmEntryOf } from "../helpers/entries";
import { signedInJar } from "../helpers/wizard";
import { DAY, drawnCampaign } from "../helpers/winners";

let app: InProcessAppServer;
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;

/** teal-700: white text on it is 5.5:1 (passes AA). */
const DARK_ACCENT = "#0f766e";
/** A light yellow: white text on it is far below 4.5:1. */
const LIGHT_ACCENT = "#fde047";

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  app = await startAppServer();
  // Links and pictures point at this server, so the test can fetch them like a mail client would.
  Object.assign(process.env, { SMTP_URL: smtp.url, APP_URL: app.url });
  resetConfigForTests();
  await app.resetConfig();
}, 120_000);

afterAll(async () => {
  delete process.env.SMTP_URL;
  process.env.APP_URL = "http://localhost:3000";
  resetConfigForTests();
  await app?.resetConfig();
  await app?.close();
  await smtp?.close();
});

/** A picture stored as an upload, in WebP (what most uploads and every generated preview are). */
async function upload(kind: "logo" | "custom_design", color: string): Promise<string> {
  const bytes = await sharp({ create: { width: 600, height: 600, channels: 4, background: color } })
    .webp()
    .toBuffer();
  const stored = await storeImageUpload(new File([new Uint8Array(bytes)], `${kind}.webp`, { type: "image/webp" }), kind, null);
  if (!stored.ok) throw new Error(stored.message);
  return stored.url;
}

async function brandedCampaign(accentColor: string) {
  return createCampaign({
    brandName: "Kestrel Coffee",
    supportEmail: "help@kestrel.example",
    accentColor,
    logoUrl: await upload("logo", "#0f766e"),
    finalDesignUrl: await upload("custom_design", "#f97316"),
    productType: "t-shirt",
    selectedColors: "white",
  });
}

/** A delivered message's headers and its decoded text and HTML parts. */
interface Parsed {
  headers: string;
  html: string;
  text: string;
}

function decodePart(part: string): { type: string; body: string } {
  const split = part.indexOf("\r\n\r\n");
  const head = part.slice(0, split);
  let body = part.slice(split + 4);
  const type = /Content-Type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? "";
  const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase() ?? "7bit";
  if (encoding === "base64") body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    body = decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
  }
  return { type, body };
}

function parse(mail: ReceivedMail): Parsed {
  const split = mail.raw.indexOf("\r\n\r\n");
  // Folded header lines unfolded.
  const headers = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts = boundary
    ? mail.raw
        .slice(split + 4)
        .split(`--${boundary}`)
        .slice(1, -1)
    : [mail.raw];
  const decoded = parts.map((part) => decodePart(part.replace(/^\r\n/, "")));
  return {
    headers,
    html: decoded.find((part) => part.type === "text/html")?.body ?? "",
    text: decoded.find((part) => part.type === "text/plain")?.body ?? "",
  };
}

function header(parsed: Parsed, name: string): string {
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(parsed.headers)?.[1]?.trim() ?? "";
}

/** The newest message delivered to `to` whose subject starts like `subject`. */
function deliveredTo(to: string): Parsed {
  const mail = [...smtp.received].reverse().find((message) => message.to.includes(to));
  if (!mail) throw new Error(`Nothing was delivered to ${to}`);
  return parse(mail);
}

function imageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}

/** Every picture in the email is PNG or JPEG as served, and is this app's. */
async function expectMailableImages(html: string, count: number) {
  const sources = imageSources(html);
  expect(sources).toHaveLength(count);
  for (const source of sources) {
    expect(source.startsWith(app.url), source).toBe(true);
    // An Outlook-like client: it says nothing of WebP in Accept.
    const response = await fetch(source, { headers: { Accept: "*/*" } });
    expect(response.status, source).toBe(200);
    expect(response.headers.get("content-type"), source).toMatch(/^image\/(png|jpeg)$/);
    // Webmail shows it from its own site: helmet's same-origin policy would block it there.
    expect(response.headers.get("cross-origin-resource-policy"), source).toBe("cross-origin");
    const bytes = Buffer.from(await response.arrayBuffer());
    const format = (await sharp(bytes).metadata()).format;
    expect(["png", "jpeg"], source).toContain(format);
  }
  return sources;
}

function expectBrandedHeaders(parsed: Parsed) {
  expect(header(parsed, "From")).toMatch(/^"?Kestrel Coffee via Giveawear"? <no-reply@giveawear\.local>$/);
  expect(header(parsed, "Reply-To")).toBe("help@kestrel.example");
}

async function enter(campaignId: string, email: string) {
  const response = await fetch(`${app.url}/campaign/${campaignId}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (test) Chrome/124.0" },
    body: new URLSearchParams({ email, agreedToTerms: "on" }).toString(),
  });
  expect(response.status).toBe(303);
}

/** Delivery after the entry is answered is not awaited by the app: the test waits for the outbox row to be sent. */
async function sent(to: string, template: string) {
  for (;;) {
    const row = await prisma.outboundEmail.findFirst({ where: { to, template }, orderBy: { createdAt: "desc" } });
    if (row?.status === "sent") return row;
    if (row?.status === "failed") throw new Error(`${template} to ${to} failed: ${row.lastError}`);
    await deliverDueEmails();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const address = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}@example.com`;

describe("an entrant's emails carry the brand", () => {
  it("the confirm request and the receipt: sender name, Reply-To, logo and prize as PNG/JPEG, accent buttons, a text part", async () => {
    const campaign = await brandedCampaign(DARK_ACCENT);
    const entrant = address("brand");
    await enter(campaign.id, entrant);
    await sent(entrant, "entry_confirm_request");
    const request = deliveredTo(entrant);
    expectBrandedHeaders(request);
    const [logo, prize] = await expectMailableImages(request.html, 2);
    expect(logo).toContain("/uploads/logo/");
    expect(logo).toContain("format=png");
    expect(prize).toMatch(/\/mockups\/t-shirt\/white\/800\/custom_design\/[A-Za-z0-9_-]+\.webp\.jpg$/);
    expect(request.html).toContain(`background:${DARK_ACCENT}`);
    expect(request.html).not.toContain(`background:${DEFAULT_BUTTON_COLOR}`);
    // The brand's frame, not Giveawear's wordmark, heads the email.
    expect(request.html).toContain("Kestrel Coffee runs this giveaway on Giveawear");
    expect(request.html).not.toContain("Smart giveaways for modern brands");
    expect(request.text).toContain("Thanks for entering");
    expect(request.text).toMatch(/Confirm my entry \(http:\/\/127\.0\.0\.1:\d+\/campaign\/[^)]+\/confirm\/[^)]+\)/);
    expect(request.text).not.toMatch(/<[a-z]/i);

    await confirmEntryOf(app.url, campaign.id, entrant);
    await sent(entrant, "entry_confirmation");
    const receipt = deliveredTo(entrant);
    expectBrandedHeaders(receipt);
    await expectMailableImages(receipt.html, 2);
    expect(receipt.text).toContain("Your entry is confirmed.");
    expect(receipt.text).toContain("Kestrel Coffee runs this giveaway on Giveawear");
  });

  it("keeps the default buttons when the accent fails AA contrast with white text", async () => {
    const campaign = await brandedCampaign(LIGHT_ACCENT);
    const entrant = address("light");
    await enter(campaign.id, entrant);
    await sent(entrant, "entry_confirm_request");
    const request = deliveredTo(entrant);
    expectBrandedHeaders(request);
    expect(request.html).not.toContain(LIGHT_ACCENT);
    expect(request.html).toContain(`background:${DEFAULT_BUTTON_COLOR}`);
  });

  it('drops "Powered by Giveawear" only where the campaign page drops it: custom branding and the creator\'s choice', async () => {
    const hidden = await brandedCampaign(DARK_ACCENT);
    await prisma.campaign.update({ where: { id: hidden.id }, data: { customBranding: true, hideGiveawearBranding: true } });
    const entrant = address("hidden");
    await enter(hidden.id, entrant);
    await sent(entrant, "entry_confirm_request");
    const request = deliveredTo(entrant);
    expect(request.html).toContain("Kestrel Coffee runs this giveaway.");
    expect(request.html).not.toContain("Powered by Giveawear");
    expect(request.text).not.toContain("Powered by Giveawear");
    await confirmEntryOf(app.url, hidden.id, entrant);
    await sent(entrant, "entry_confirmation");
    expect(deliveredTo(entrant).html).not.toContain("Powered by Giveawear");

    // The choice without a plan that includes custom branding changes nothing, as on the page.
    const chosenOnly = await brandedCampaign(DARK_ACCENT);
    await prisma.campaign.update({ where: { id: chosenOnly.id }, data: { customBranding: false, hideGiveawearBranding: true } });
    const other = address("shown");
    await enter(chosenOnly.id, other);
    await sent(other, "entry_confirm_request");
    expect(deliveredTo(other).html).toContain("Kestrel Coffee runs this giveaway on Giveawear. Powered by Giveawear.");
  });

  it("the 48-hour reminder, the winner's email and the claim reminder", async () => {
    const live = await brandedCampaign(DARK_ACCENT);
    const entrant = address("remind");
    await enter(live.id, entrant);
    await confirmEntryOf(app.url, live.id, entrant);
    await prisma.campaign.update({ where: { id: live.id }, data: { sendReminder: true, endDate: new Date(Date.now() + DAY) } });
    await sendDueReminders();
    await sent(entrant, "reminder_48h");
    const reminder = deliveredTo(entrant);
    expectBrandedHeaders(reminder);
    await expectMailableImages(reminder.html, 2);
    expect(reminder.text).toContain("ends on");

    const { campaign, winner } = await drawnCampaign({ deadline: new Date(Date.now() + 2 * DAY) });
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: {
        brandName: "Kestrel Coffee",
        supportEmail: "help@kestrel.example",
        accentColor: DARK_ACCENT,
        logoUrl: await upload("logo", "#1d4ed8"),
        finalDesignUrl: await upload("custom_design", "#f97316"),
        selectedColors: "white",
      },
    });
    await notifyWinners(campaign.id);
    await sent(winner.email, "winner_notification");
    const won = deliveredTo(winner.email);
    expectBrandedHeaders(won);
    // One logo and one prize picture: the template's own copies give way to the header's.
    await expectMailableImages(won.html, 2);
    expect(won.html).toContain(`background:${DARK_ACCENT}`);
    expect(won.text).toContain("Claim your prize (");

    // A day before the deadline, the last reminder is due.
    await sendClaimFollowUps(new Date(Date.now() + DAY + 60 * 60 * 1000));
    await sent(winner.email, "claim_reminder");
    const nudge = deliveredTo(winner.email);
    expectBrandedHeaders(nudge);
    await expectMailableImages(nudge.html, 2);
    expect(nudge.text).toContain("You have 1 day left");
  });

  it("a template an admin edited still gets the frame, and its tokens filled", async () => {
    const { EMAIL_TEMPLATE_DEFAULTS } = await import("~/domain/email-template-defaults");
    const original = EMAIL_TEMPLATE_DEFAULTS.find((template) => template.id === "reminder_48h")!;
    await prisma.emailTemplate.update({
      where: { id: original.id },
      data: { htmlBody: '<p>Hello from {{brand_name}}! Bring a friend: <a href="{{referral_link}}">your link</a>.</p>' },
    });
    clearEmailTemplateCache();
    try {
      const campaign = await brandedCampaign(DARK_ACCENT);
      const entrant = address("edited");
      await sendTemplatedEmail({
        to: entrant,
        template: original.id,
        brand: emailBrand(campaign),
        tokens: { email: entrant, brand_name: campaign.brandName, referral_link: `${app.url}/campaign/${campaign.id}?ref=x` },
      });
      const edited = deliveredTo(entrant);
      expectBrandedHeaders(edited);
      expect(edited.html).toContain("Hello from Kestrel Coffee!");
      await expectMailableImages(edited.html, 2);
      expect(edited.text).toContain(`your link (${app.url}/campaign/${campaign.id}?ref=x)`);
      // The data-page line is added to an edited entrant template (decision 054), inside the frame.
      expect(edited.text).toContain("your data page (");
    } finally {
      await prisma.emailTemplate.update({ where: { id: original.id }, data: { htmlBody: original.htmlBody } });
      clearEmailTemplateCache();
    }
  });
});

describe("the creator's email preview", () => {
  it("shows each entrant email to the campaign's creator, and to nobody else", async () => {
    const owner = await signedInJar("preview-owner");
    const other = await signedInJar("preview-other");
    const campaign = await brandedCampaign(DARK_ACCENT);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { creatorId: owner.userId } });
    const path = `/dashboard/campaigns/${campaign.id}/emails`;

    const own = await fetch(`${app.url}${path}?email=winner_notification`, { headers: { Cookie: owner.jar.header() }, redirect: "manual" });
    expect(own.status).toBe(200);
    const html = await own.text();
    expect(html).toContain("Kestrel Coffee via Giveawear &lt;no-reply@giveawear.local&gt;");
    expect(html).toContain("help@kestrel.example");
    expect(html).toContain("You won");
    expect(html).toContain("Plain-text version");
    // The email itself, in a sandboxed frame, with the brand's pictures as PNG and JPEG.
    expect(html).toMatch(/<iframe[^>]+sandbox=""/);
    expect(html).toContain("format=png");
    expect(html).toContain(".webp.jpg");

    const someoneElse = await fetch(`${app.url}${path}`, { headers: { Cookie: other.jar.header() }, redirect: "manual" });
    expect(someoneElse.status).toBe(404);
    expect(await someoneElse.text()).not.toContain("Kestrel Coffee via Giveawear");

    const anonymous = await fetch(`${app.url}${path}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
  });
});
