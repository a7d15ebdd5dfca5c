/**
 * The admin panel over real HTTP (SPEC "Admin control panel", decisions 003, 016, 017, 019): every loader
 * and action is for admins only, and what an admin saves really changes the product.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as wizard from "~/routes/create-campaign-v2";
import { applyCoupon, couponProblem } from "~/domain/pricing";
import { prisma } from "~/server/core/db.server";
import { resetConfigForTests } from "~/server/core/config.server";
import { loadPlatformSettings } from "~/server/core/settings.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { confirmEntryByEmail, confirmEntryOf } from "../helpers/entries";
import { createCampaign } from "../helpers/campaigns";
import { CookieJar, run } from "../helpers/http";
import { draftThroughStep, form, postForm } from "../helpers/wizard";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const ADMIN_EMAIL = "admin@int.test";
const EDITOR_EMAIL = "editor@int.test";

let app: InProcessAppServer;
let admin: CookieJar;
let adminId: string;

/** A browser signed in as `email` (the user is created, or given the stored role). */
async function jarFor(email: string, role = "user"): Promise<{ jar: CookieJar; userId: string }> {
  const user = await prisma.user.upsert({ where: { email }, create: { email, role }, update: { role } });
  const session = await prisma.session.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) } });
  const { authSessionStorage } = await import("~/server/auth/session.server");
  const cookieSession = await authSessionStorage().getSession();
  cookieSession.set("sessionId", session.id);
  const jar = new CookieJar();
  jar.absorb(new Response(null, { headers: { "Set-Cookie": await authSessionStorage().commitSession(cookieSession) } }));
  return { jar, userId: user.id };
}

let seq = 0;
function address(prefix: string): string {
  seq += 1;
  return `${prefix}-${seq}-${Date.now()}@example.com`;
}

async function send(jar: CookieJar | null, target: string, body?: Record<string, string> | FormData): Promise<Response> {
  const response = await fetch(`${app.url}${target}`, {
    method: body ? "POST" : "GET",
    redirect: "manual",
    headers: { Cookie: jar?.header() ?? "", "User-Agent": BROWSER },
    body: body instanceof FormData ? body : body ? new URLSearchParams(body) : undefined,
  });
  jar?.absorb(response);
  return response;
}

/** React separates adjacent text with empty comments; the text a reader sees has none. */
const visible = (html: string) => html.replace(/<!-- -->/g, "");

/** Posts as a browser without JavaScript does, then follows the redirect; answers the page shown next. */
async function submit(jar: CookieJar, target: string, body: Record<string, string> | FormData) {
  const response = await send(jar, target, body);
  if (response.status !== 303 && response.status !== 302) return { status: response.status, html: visible(await response.text()) };
  const next = await send(jar, response.headers.get("Location") ?? "/");
  return { status: response.status, html: visible(await next.text()) };
}

async function page(jar: CookieJar | null, target: string): Promise<{ status: number; html: string }> {
  const response = await send(jar, target);
  return { status: response.status, html: visible(await response.text()) };
}

/**
 * A refused POST as a browser without JavaScript sends it: a 4xx (no redirect) whose page shows the
 * reason in its toast, next to what the page normally shows.
 */
async function expectRefused(
  jar: CookieJar,
  target: string,
  body: Record<string, string>,
  status: number,
  message: string,
  pageText: string,
) {
  const response = await send(jar, target, body);
  const html = visible(await response.text());
  const label = `POST ${target} ${new URLSearchParams(body)}`;
  expect(response.status, label).toBe(status);
  expect(html.match(/data-testid="toast"[\s\S]*?<\/div>/)?.[0], label).toContain(message);
  expect(html, label).toContain(pageText);
}

beforeAll(async () => {
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  app = await startAppServer();
  ({ jar: admin, userId: adminId } = await jarFor(ADMIN_EMAIL));
});

afterAll(async () => {
  await app.close();
});

const LOGIN_TEMPLATE = "login_code";

const PAGES = [
  ["/admin/dashboard", "Campaigns by status"],
  ["/admin/dashboard/users", "Search by email or name"],
  ["/admin/dashboard/settings", "Platform settings"],
  ["/admin/dashboard/settings/templates", "Email templates"],
  [`/admin/dashboard/settings/templates/${LOGIN_TEMPLATE}`, "Preview with sample values"],
  ["/admin/dashboard/settings/slider", "Homepage slider"],
  ["/admin/dashboard/settings/plans", "Starter Tee"],
  ["/admin/dashboard/settings/coupons", "SAVE10"],
  ["/admin/dashboard/api-keys", "Email (SMTP)"],
  ["/admin/dashboard/emails", "Filter emails by status"],
  ["/admin/dashboard/system", "Job steps"],
  ["/admin-dashboard-old", "Featured Listing Boost"],
] as const;

describe("who gets in", () => {
  it("shows every admin page to a configured admin and to a user an admin made admin", async () => {
    const { jar: promoted } = await jarFor(address("promoted"), "admin");
    for (const jar of [admin, promoted]) {
      for (const [target, text] of PAGES) {
        const { status, html } = await page(jar, target);
        expect(status, target).toBe(200);
        expect(html, target).toContain(text);
      }
    }
  });

  it("refuses every admin page and every admin action to visitors, users and editors, changing nothing", async () => {
    const victim = await prisma.user.create({ data: { email: address("victim") } });
    const slide = await prisma.homepageSliderImage.create({ data: { imageUrl: "https://img.example/keep.png", displayOrder: 999 } });
    const coupon = await prisma.coupon.create({ data: { code: `KEEP${Date.now()}`, kind: "percent", percentOff: 10 } });
    const failedEmail = await prisma.outboundEmail.create({
      data: { to: address("bounced"), subject: "Keep failed", html: "<p>x</p>", status: "failed", attempts: 6, lastError: "550" },
    });
    const { jar: user, userId } = await jarFor(address("plain"));
    const { jar: configuredEditor } = await jarFor(EDITOR_EMAIL);
    const { jar: storedEditor } = await jarFor(address("editor"), "editor");

    const actions: [string, Record<string, string>][] = [
      ["/admin/dashboard/users", { intent: "set-role", userId, role: "admin" }],
      ["/admin/dashboard/users", { intent: "send-code", userId: victim.id }],
      ["/admin/dashboard/settings", { homepageCopy: "Hijacked", promoBanner: "", autoPickWinnerEnabled: "on" }],
      [`/admin/dashboard/settings/templates/${LOGIN_TEMPLATE}`, { intent: "save", subject: "Hijacked", htmlBody: "<p>x</p>" }],
      ["/admin/dashboard/settings/slider", { intent: "add-url", imageUrl: "https://evil.example/x.png" }],
      ["/admin/dashboard/settings/slider", { intent: "delete", imageId: slide.id }],
      ["/admin/dashboard/settings/slider", { intent: "move", imageId: slide.id, direction: "up" }],
      [
        "/admin/dashboard/settings/plans",
        { planId: "pro_tee", name: "Hijacked", price: "0", aiCredits: "99", features: "x", active: "on" },
      ],
      ["/admin/dashboard/settings/coupons", { intent: "add", code: "HIJACK100", kind: "percent", percentOff: "100" }],
      ["/admin/dashboard/settings/coupons", { intent: "deactivate", couponId: coupon.id }],
      ["/admin/dashboard/api-keys", { intent: "verify-smtp" }],
      ["/admin/dashboard/api-keys", { intent: "verify-stripe" }],
      ["/admin/dashboard/api-keys", { intent: "verify-printify" }],
      ["/admin/dashboard/emails", { intent: "retry", emailId: failedEmail.id }],
      ["/admin/dashboard/system", { intent: "retry-email", emailId: failedEmail.id }],
      ["/admin/dashboard/system", { intent: "retry-all-emails" }],
    ];
    const snapshot = async () => ({
      role: (await prisma.user.findUniqueOrThrow({ where: { id: userId } })).role,
      template: (await prisma.emailTemplate.findUniqueOrThrow({ where: { id: LOGIN_TEMPLATE } })).subject,
      settings: await loadPlatformSettings(),
      slides: await prisma.homepageSliderImage.findMany({ orderBy: { id: "asc" } }),
      plan: await prisma.plan.findUniqueOrThrow({ where: { id: "pro_tee" } }),
      coupons: await prisma.coupon.findMany({ orderBy: { id: "asc" } }),
      codes: await prisma.loginCode.count({ where: { email: victim.email } }),
      failedEmail: await prisma.outboundEmail.findUniqueOrThrow({ where: { id: failedEmail.id } }),
    });
    const before = await snapshot();

    for (const [who, jar, expected] of [
      ["visitor", null, /^\/login\?redirectTo=/],
      ["user", user, /^\/my-campaigns$/],
      ["configured editor", configuredEditor, /^\/my-campaigns$/],
      ["stored editor", storedEditor, /^\/my-campaigns$/],
    ] as const) {
      for (const [target] of PAGES) {
        const response = await send(jar, target);
        expect(response.status, `${who} GET ${target}`).toBe(302);
        expect(response.headers.get("Location"), `${who} GET ${target}`).toMatch(expected);
      }
      for (const [target, body] of actions) {
        const response = await send(jar, target, body);
        expect(response.status, `${who} POST ${target} ${body.intent ?? ""}`).toBe(302);
        expect(response.headers.get("Location"), `${who} POST ${target}`).toMatch(expected);
        // The client-side (single fetch) path of the same action.
        await send(jar, `${target.replace(/\/$/, "")}.data`, body);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(await prisma.coupon.findUnique({ where: { code: "HIJACK100" } })).toBeNull();
  });

  it("keeps the visitor's destination when sending them to sign in", async () => {
    const response = await send(null, "/admin/dashboard/settings/slider");
    expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/admin/dashboard/settings/slider" })}`);
  });
});

describe("users", () => {
  it("saves the stored role, which decides access at once", async () => {
    const { jar, userId } = await jarFor(address("member"));
    expect((await send(jar, "/admin/dashboard")).headers.get("Location")).toBe("/my-campaigns");

    const saved = await submit(admin, "/admin/dashboard/users", { intent: "set-role", userId, role: "admin" });
    expect(saved.status).toBe(303);
    expect(saved.html).toContain("Role Saved");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: userId } })).role).toBe("admin");
    expect((await send(jar, "/admin/dashboard")).status).toBe(200);

    await submit(admin, "/admin/dashboard/users", { intent: "set-role", userId, role: "editor" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: userId } })).role).toBe("editor");
    expect((await send(jar, "/admin/dashboard")).headers.get("Location")).toBe("/my-campaigns");

    const bad = await submit(admin, "/admin/dashboard/users", { intent: "set-role", userId, role: "superuser" });
    expect(bad.html).toContain("Role Not Saved");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: userId } })).role).toBe("editor");
  });

  it("does not let an admin remove their own admin role, and configured admins stay admins", async () => {
    const { jar: self, userId: selfId } = await jarFor(address("self-admin"), "admin");
    const refused = await submit(self, "/admin/dashboard/users", { intent: "set-role", userId: selfId, role: "user" });
    expect(refused.html).toContain("You cannot remove your own admin role.");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: selfId } })).role).toBe("admin");

    // Another admin stores "user" for a configured admin: ADMIN_EMAILS still makes them admin.
    await submit(self, "/admin/dashboard/users", { intent: "set-role", userId: adminId, role: "user" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: adminId } })).role).toBe("user");
    expect((await send(admin, "/admin/dashboard")).status).toBe(200);
    const listed = await page(admin, `/admin/dashboard/users?q=${encodeURIComponent(ADMIN_EMAIL)}`);
    expect(listed.html).toContain("Admin through ADMIN_EMAILS");
  });

  it("refuses a bad role, an unknown user, self-demotion and an unknown action with a 4xx and the reason, changing nothing", async () => {
    const { userId } = await jarFor(address("untouched"));
    const { jar: self, userId: selfId } = await jarFor(address("self-refused"), "admin");
    const snapshot = async () => ({
      roles: await prisma.user.findMany({
        where: { id: { in: [userId, selfId] } },
        select: { id: true, role: true },
        orderBy: { id: "asc" },
      }),
      codes: await prisma.loginCode.count(),
      emails: await prisma.outboundEmail.count(),
    });
    const before = await snapshot();
    const target = "/admin/dashboard/users";
    const listed = "Search by email or name";
    await expectRefused(self, target, { intent: "set-role", userId, role: "superadmin" }, 400, "Choose user, editor or admin.", listed);
    await expectRefused(self, target, { intent: "set-role", userId: "nope", role: "admin" }, 404, "That user no longer exists.", listed);
    await expectRefused(
      self,
      target,
      { intent: "set-role", userId: selfId, role: "user" },
      409,
      "You cannot remove your own admin role.",
      listed,
    );
    await expectRefused(self, target, { intent: "send-code", userId: "nope" }, 404, "That user no longer exists.", listed);
    await expectRefused(self, target, { intent: "send-code" }, 400, "Choose a user.", listed);
    await expectRefused(self, target, { intent: "promote-everyone", userId }, 400, "Nothing was changed.", listed);
    expect(await snapshot()).toEqual(before);
  });

  it("searches by email and by name, case-insensitively, a page at a time", async () => {
    const tag = `pager${Date.now()}`;
    for (let index = 0; index < 23; index += 1) {
      await prisma.user.create({ data: { email: `${tag}-${index}@example.com`, createdAt: new Date(Date.now() - index * 1000) } });
    }
    await prisma.user.create({ data: { email: address("named"), firstName: "Zephyrine", lastName: `Quill${tag}` } });

    const first = await page(admin, `/admin/dashboard/users?q=${tag.toUpperCase()}`);
    expect(first.html).toContain("24 users");
    expect(first.html).toContain("page 1 of 2");
    expect(first.html.match(/data-testid="user-row"/g)).toHaveLength(20);
    const second = await page(admin, `/admin/dashboard/users?q=${tag}&page=2`);
    expect(second.html.match(/data-testid="user-row"/g)).toHaveLength(4);
    expect(second.html).toContain(`${tag}-22@example.com`);

    const byName = await page(admin, `/admin/dashboard/users?q=${encodeURIComponent(`zephyrine quill${tag}`)}`);
    expect(byName.html).toMatch(/>1 user matching/);
    expect(byName.html).toContain("Zephyrine");
    expect((await page(admin, "/admin/dashboard/users?q=nobody-has-this-name")).html).toContain("No users match");
  });

  it("sends a real sign-in code email, within the per-address limit", async () => {
    const user = await prisma.user.create({ data: { email: address("needs-code") } });
    const sent = await submit(admin, "/admin/dashboard/users", { intent: "send-code", userId: user.id });
    expect(sent.html).toContain("Sign-in Code Sent");
    const message = await prisma.outboundEmail.findFirstOrThrow({ where: { to: user.email, template: "login_code" } });
    expect(message.text).toMatch(/\b\d{6}\b/);
    expect(await prisma.loginCode.count({ where: { email: user.email, usedAt: null } })).toBe(1);
    // The admin's browser is not given the code's cookie: sending a code signs nobody in.
    expect(admin.get("_totp")).toBeUndefined();

    for (let attempt = 2; attempt <= 6; attempt += 1) {
      await submit(admin, "/admin/dashboard/users", { intent: "send-code", userId: user.id });
    }
    expect(await prisma.outboundEmail.count({ where: { to: user.email, template: "login_code" } })).toBe(5);
    const limited = await submit(admin, "/admin/dashboard/users", { intent: "send-code", userId: user.id });
    expect(limited.html).toContain("Too many sign-in codes were requested");
  });
});

describe("email templates", () => {
  it("answers an unknown template with a 404 page, and refuses to save or preview it", async () => {
    const before = await prisma.emailTemplate.findMany({ orderBy: { id: "asc" } });
    const missing = await page(admin, "/admin/dashboard/settings/templates/nope");
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("That email template does not exist.");
    expect(missing.html).toContain("All email templates");
    for (const intent of ["save", "preview"]) {
      await expectRefused(
        admin,
        "/admin/dashboard/settings/templates/nope",
        { intent, subject: "Hello {{email}}", htmlBody: "<p>Hi</p>" },
        404,
        "That email template does not exist.",
        "All email templates",
      );
    }
    expect(await prisma.emailTemplate.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it("uses an edited template for the very next email", async () => {
    const original = await prisma.emailTemplate.findUniqueOrThrow({ where: { id: LOGIN_TEMPLATE } });
    // Prime the server's 5-second template cache with the old version first.
    await send(new CookieJar(), "/login", { email: address("before-edit") });

    const saved = await submit(admin, `/admin/dashboard/settings/templates/${LOGIN_TEMPLATE}`, {
      intent: "save",
      subject: "Your code {{code}} for Giveawear (edited)",
      htmlBody: original.htmlBody,
    });
    expect(saved.html).toContain("Template Saved");

    const email = address("after-edit");
    const response = await send(new CookieJar(), "/login", { email });
    expect(response.headers.get("Location")).toBe("/login/otp");
    const message = await prisma.outboundEmail.findFirstOrThrow({ where: { to: email } });
    expect(message.subject).toMatch(/^Your code \d{6} for Giveawear \(edited\)$/);

    await prisma.emailTemplate.update({ where: { id: LOGIN_TEMPLATE }, data: { subject: original.subject } });
  });

  it("previews unsaved edits with sample tokens inside a sandboxed frame, and refuses an empty subject", async () => {
    const before = await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "entry_confirmation" } });
    const preview = await send(admin, "/admin/dashboard/settings/templates/entry_confirmation", {
      intent: "preview",
      subject: "Entered: {{campaign_title}}",
      htmlBody: "<p>Hi {{email}}</p><script>alert(1)</script>",
    });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("Entered: Win the Northwind Morning Mug");
    expect(html).toMatch(/<iframe[^>]*sandbox=""[^>]*srcDoc="[^"]*jamie.fan@example.com/i);
    // The edited HTML only ever appears escaped, inside the frame's srcdoc attribute.
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "entry_confirmation" } })).toEqual(before);

    const empty = await send(admin, "/admin/dashboard/settings/templates/entry_confirmation", {
      intent: "save",
      subject: " ",
      htmlBody: before.htmlBody,
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Subject is required.");
    expect((await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "entry_confirmation" } })).subject).toBe(before.subject);
  });
});

/** The slider image URLs in the order the landing page (/) shows them. */
async function homeSlides(): Promise<string[]> {
  const { html } = await page(null, "/");
  return [...html.matchAll(/<figure[^>]*>\s*<img[^>]*src="([^"]+)"/g)].map((match) => match[1] ?? "");
}

async function png(size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: "#7c3aed" } })
    .png()
    .toBuffer();
}

describe("homepage slider", () => {
  it("adds by URL at the end, moves up and down, deletes, and the home page follows", async () => {
    const a = "https://img.example/slide-a.png";
    const b = "https://img.example/slide-b.png";
    await submit(admin, "/admin/dashboard/settings/slider", { intent: "add-url", imageUrl: a, altText: "Slide A" });
    await submit(admin, "/admin/dashboard/settings/slider", { intent: "add-url", imageUrl: b, overlayText: "Your Design Here" });
    let order = await homeSlides();
    expect(order.slice(-2)).toEqual([a, b]);

    const rowB = await prisma.homepageSliderImage.findFirstOrThrow({ where: { imageUrl: b } });
    const moved = await submit(admin, "/admin/dashboard/settings/slider", { intent: "move", imageId: rowB.id, direction: "up" });
    expect(moved.html).toContain("Moved Up");
    order = await homeSlides();
    expect(order.indexOf(b)).toBe(order.indexOf(a) - 1);

    await submit(admin, "/admin/dashboard/settings/slider", { intent: "move", imageId: rowB.id, direction: "down" });
    order = await homeSlides();
    expect(order.slice(-2)).toEqual([a, b]);

    const rowA = await prisma.homepageSliderImage.findFirstOrThrow({ where: { imageUrl: a } });
    await submit(admin, "/admin/dashboard/settings/slider", { intent: "delete", imageId: rowA.id });
    order = await homeSlides();
    expect(order).not.toContain(a);
    expect(order.at(-1)).toBe(b);
    await submit(admin, "/admin/dashboard/settings/slider", { intent: "delete", imageId: rowB.id });
  });

  it("refuses a bad direction, an image that is not there and an unknown action with a 4xx and the reason, changing nothing", async () => {
    const slide = await prisma.homepageSliderImage.create({ data: { imageUrl: "https://img.example/stays.png", displayOrder: 998 } });
    const slides = () => prisma.homepageSliderImage.findMany({ orderBy: { id: "asc" } });
    const before = await slides();
    const target = "/admin/dashboard/settings/slider";
    const shown = "Homepage slider";
    await expectRefused(
      admin,
      target,
      { intent: "move", imageId: slide.id, direction: "sideways" },
      400,
      "Choose whether to move the image up or down.",
      shown,
    );
    await expectRefused(
      admin,
      target,
      { intent: "move", imageId: "nope", direction: "up" },
      404,
      "That image is no longer in the slider.",
      shown,
    );
    await expectRefused(admin, target, { intent: "delete", imageId: "nope" }, 404, "That image is no longer in the slider.", shown);
    await expectRefused(admin, target, { intent: "delete" }, 400, "Choose an image in the slider.", shown);
    await expectRefused(admin, target, { intent: "shuffle", imageId: slide.id }, 400, "Nothing was changed.", shown);
    expect(await slides()).toEqual(before);
    await prisma.homepageSliderImage.delete({ where: { id: slide.id } });
  });

  it("takes only http and https URLs", async () => {
    const count = await prisma.homepageSliderImage.count();
    for (const imageUrl of ["javascript:alert(1)", "data:image/png;base64,AAAA", "ftp://img.example/a.png", "/images/x.png"]) {
      const response = await send(admin, "/admin/dashboard/settings/slider", { intent: "add-url", imageUrl });
      expect(response.status, imageUrl).toBe(400);
      expect(await response.text()).toContain("Enter an image URL that starts with http:// or https://.");
    }
    expect(await prisma.homepageSliderImage.count()).toBe(count);
  });

  it("stores an upload (GIF included) as the last image, refuses big files, and deleting removes the file", async () => {
    const upload = new FormData();
    upload.set("intent", "add-upload");
    upload.set("altText", "Uploaded slide");
    upload.set("image", new File([new Uint8Array(await png())], "slide.png", { type: "image/png" }));
    expect((await submit(admin, "/admin/dashboard/settings/slider", upload)).html).toContain("Image Uploaded");
    const row = await prisma.homepageSliderImage.findFirstOrThrow({ where: { altText: "Uploaded slide" } });
    expect(row).toMatchObject({ sourceType: "upload" });
    // The home page shows an uploaded slide as a resized copy, at several widths.
    expect((await homeSlides()).at(-1)).toBe(`${row.imageUrl}?w=1200`);
    expect((await page(null, "/")).html).toContain(`${row.imageUrl}?w=400 400w, ${row.imageUrl}?w=800 800w`);
    const file = path.join(process.env.DATA_DIR ?? "", "uploads", row.imageUrl.replace(/^\/uploads\//, ""));
    expect(existsSync(file)).toBe(true);

    const gif = new FormData();
    gif.set("intent", "add-upload");
    gif.set("altText", "Animated slide");
    const gifBytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#ff0000" } })
      .gif()
      .toBuffer();
    gif.set("image", new File([new Uint8Array(gifBytes)], "slide.gif", { type: "image/gif" }));
    expect((await submit(admin, "/admin/dashboard/settings/slider", gif)).html).toContain("Image Uploaded");

    const big = new FormData();
    big.set("intent", "add-upload");
    big.set("image", new File([new Uint8Array(6 * 1024 * 1024)], "big.png", { type: "image/png" }));
    const refused = await send(admin, "/admin/dashboard/settings/slider", big);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain("File too large: Please upload an image smaller than 5MB.");

    const text = new FormData();
    text.set("intent", "add-upload");
    text.set("image", new File(["not an image"], "notes.png", { type: "image/png" }));
    const wrong = await send(admin, "/admin/dashboard/settings/slider", text);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Please upload a JPEG, PNG, GIF or WEBP image.");

    await submit(admin, "/admin/dashboard/settings/slider", { intent: "delete", imageId: row.id });
    expect(existsSync(file)).toBe(false);
    expect(await prisma.uploadedAsset.count({ where: { id: row.sourceId ?? "" } })).toBe(0);
    const animated = await prisma.homepageSliderImage.findFirstOrThrow({ where: { altText: "Animated slide" } });
    await submit(admin, "/admin/dashboard/settings/slider", { intent: "delete", imageId: animated.id });
  });

  it("offers the latest AI designs and adds one", async () => {
    const design = await prisma.aiDesign.create({
      data: { imageUrl: "/images/slider-3.svg", promptText: "cozy armchair with stack of books, vintage" },
    });
    const { html } = await page(admin, "/admin/dashboard/settings/slider");
    expect(html).toContain(`value="${design.id}"`);
    await submit(admin, "/admin/dashboard/settings/slider", { intent: "add-design", designId: design.id });
    const row = await prisma.homepageSliderImage.findFirstOrThrow({ where: { sourceId: design.id } });
    expect(row).toMatchObject({ sourceType: "design", imageUrl: design.imageUrl, altText: design.promptText });
    expect((await homeSlides()).at(-1)).toBe(design.imageUrl);
    await submit(admin, "/admin/dashboard/settings/slider", { intent: "delete", imageId: row.id });
  });
});

describe("platform settings", () => {
  const entrant = (campaignId: string, email: string, ref?: string) =>
    fetch(`${app.url}/campaign/${campaignId}`, {
      method: "POST",
      redirect: "manual",
      headers: { "User-Agent": BROWSER },
      body: new URLSearchParams({ email, agreedToTerms: "on", ...(ref ? { ref } : {}) }),
    });

  it("saves all four settings, and turning referrals off stops referral bonuses", async () => {
    const campaign = await createCampaign();
    expect((await entrant(campaign.id, "referrer@example.com")).status).toBe(303);
    const referrer = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id } });
    await confirmEntryByEmail(app.url, referrer.id);

    const off = await submit(admin, "/admin/dashboard/settings", { homepageCopy: "Giveaways that ship.", promoBanner: "Spring sale" });
    expect(off.html).toContain("Settings Saved");
    expect(await loadPlatformSettings()).toEqual({
      homepageCopy: "Giveaways that ship.",
      promoBanner: "Spring sale",
      referralsEnabled: false,
      autoPickWinnerEnabled: false,
      // Not in this form: the retention period stays as stored (decision 054).
      entrantDataRetentionDays: 90,
    });

    expect((await entrant(campaign.id, "friend-one@example.com", referrer.id)).status).toBe(303);
    await confirmEntryOf(app.url, campaign.id, "friend-one@example.com");
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: referrer.id } })).bonusEntries).toBe(0);
    expect(await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id, email: "friend-one@example.com" } })).toMatchObject({
      referrerId: null,
      referralCredited: false,
    });

    await submit(admin, "/admin/dashboard/settings", {
      homepageCopy: "Giveaways that ship.",
      promoBanner: "",
      referralsEnabled: "on",
      autoPickWinnerEnabled: "on",
    });
    expect(await loadPlatformSettings()).toMatchObject({ referralsEnabled: true, autoPickWinnerEnabled: true, promoBanner: "" });
    expect((await entrant(campaign.id, "friend-two@example.com", referrer.id)).status).toBe(303);
    await confirmEntryOf(app.url, campaign.id, "friend-two@example.com");
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: referrer.id } })).bonusEntries).toBe(3);
  });

  it("shows the homepage copy and the promo banner on every landing page", async () => {
    const saved = await submit(admin, "/admin/dashboard/settings", {
      homepageCopy: "Shirts that ship, fans that stay.",
      promoBanner: "Summer launch week: 20% off Pro Tee",
      referralsEnabled: "on",
      autoPickWinnerEnabled: "on",
    });
    expect(saved.html).toContain("Settings Saved");
    for (const path of ["/", "/start", "/home", "/go"]) {
      const { status, html } = await page(null, path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("Shirts that ship, fans that stay.");
      expect(html, path).toMatch(/data-testid="promo-banner"[^>]*>Summer launch week: 20% off Pro Tee</);
    }

    await submit(admin, "/admin/dashboard/settings", {
      homepageCopy: "Shirts that ship, fans that stay.",
      promoBanner: "",
      referralsEnabled: "on",
      autoPickWinnerEnabled: "on",
    });
    for (const path of ["/", "/home", "/go"]) expect((await page(null, path)).html, path).not.toContain('data-testid="promo-banner"');
  });

  it("promises referral bonus entries on the landing, browse, about and legal pages only while referrals are on", async () => {
    const saveReferrals = async (enabled: boolean) => {
      const saved = await submit(admin, "/admin/dashboard/settings", {
        homepageCopy: "Giveaways that ship.",
        promoBanner: "",
        autoPickWinnerEnabled: "on",
        ...(enabled ? { referralsEnabled: "on" } : {}),
      });
      expect(saved.html).toContain("Settings Saved");
    };
    const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";

    await saveReferrals(true);
    const home = await page(null, "/home");
    expect(home.html).toContain("Built-In Referral System");
    expect(home.html).toContain("earns 3 bonus entries for each friend who enters through it");
    expect(description(home.html)).toContain("bonus prizes and referrals");
    expect((await page(null, "/giveaways")).html).toContain("share your link for bonus entries.");
    expect((await page(null, "/how-it-works")).html).toContain("3 bonus entries for every friend referred");
    // No invented testimonials (decision 046): live figures stand in their place.
    const testimonials = (html: string) => html.match(/<blockquote/g)?.length ?? 0;
    expect(testimonials(home.html)).toBe(0);
    const go = await page(null, "/go");
    expect(go.html).toContain("Entrants share a personal link and earn 3 bonus entries for each new friend who enters and confirms");
    expect(testimonials(go.html)).toBe(0);
    expect(description(go.html)).toContain("share for bonus entries");
    expect((await page(null, "/about")).html).toContain(
      "Entrants join with just their email and earn 3 bonus entries for every friend they bring.",
    );
    const terms = await page(null, "/terms");
    expect(terms.html).toContain("each new, distinct entrant who enters through it earns you 3 bonus entries");
    expect(terms.html).toContain("weighted by their entries (1, plus 3 for every referred friend who confirms their entry)");

    await saveReferrals(false);
    try {
      const off = await page(null, "/home");
      expect(off.status).toBe(200);
      expect(off.html).not.toContain("Built-In Referral System");
      expect(off.html).toContain("Built-In Sharing");
      expect(off.html).not.toMatch(/bonus entr/i);
      expect(description(off.html)).toBe(
        "Create a branded shirt giveaway in minutes: automated winner selection, automatic fulfilment, an AI designer and bonus prizes.",
      );
      expect(description(off.html)).not.toMatch(/referr/i);

      const giveaways = await page(null, "/giveaways");
      expect(giveaways.status).toBe(200);
      expect(giveaways.html).toContain("Pick one, enter with your email, and share it with friends.");
      expect(giveaways.html).not.toMatch(/bonus entr/i);

      const howItWorks = await page(null, "/how-it-works");
      expect(howItWorks.status).toBe(200);
      expect(howItWorks.html).toContain("A personal link for every entrant to share");
      expect(howItWorks.html).not.toMatch(/bonus entr/i);

      expect(off.html).not.toMatch(/referral bonus/i);

      const goOff = await page(null, "/go");
      expect(goOff.status).toBe(200);
      expect(goOff.html).toContain("Every entrant gets a personal link to pass your giveaway on to friends, so it travels on its own.");
      expect(goOff.html).not.toMatch(/bonus entr|referral bonus/i);
      expect(description(goOff.html)).toBe(
        "Launch a branded merch giveaway in minutes. Entrants join with an email, share it with friends, and we ship the prize to your winner.",
      );

      const about = await page(null, "/about");
      expect(about.status).toBe(200);
      expect(about.html).toContain("Entrants join with just their email and get a personal link to pass the giveaway on to friends.");
      expect(about.html).not.toMatch(/bonus entr/i);

      // The terms promise no new bonus entries, and say that bonus entries already earned still count.
      const termsOff = await page(null, "/terms");
      expect(termsOff.status).toBe(200);
      expect(termsOff.html).toContain("Giveaways do not currently offer referral bonus entries, so sharing does not add entries to yours");
      expect(termsOff.html).not.toContain("earns you 3 bonus entries");
      expect(termsOff.html).not.toMatch(/plus 3 for every/);
      expect(termsOff.html).toContain(
        "weighted by their entries (1, plus any bonus entries earned through referrals while they were offered)",
      );
    } finally {
      await saveReferrals(true);
    }
  });

  it("refuses empty homepage copy", async () => {
    const response = await send(admin, "/admin/dashboard/settings", { homepageCopy: "", referralsEnabled: "on" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Homepage copy is required.");
  });

  it("refuses a checkbox value other than on, in words, changing nothing", async () => {
    const before = await loadPlatformSettings();
    for (const [field, message] of [
      ["referralsEnabled", "Referral bonus entries must be either on or off."],
      ["autoPickWinnerEnabled", "Pick winners automatically must be either on or off."],
    ] as const) {
      const response = await send(admin, "/admin/dashboard/settings", { homepageCopy: "Changed copy", [field]: "maybe" });
      expect(response.status, field).toBe(400);
      const html = visible(await response.text());
      expect(html, field).toContain(message);
      expect(html, field).not.toContain("Invalid input");
    }
    expect(await loadPlatformSettings()).toEqual(before);
  });
});

describe("plans and coupons", () => {
  it("edits a plan, its analytics level and custom branding included", async () => {
    const saved = await submit(admin, "/admin/dashboard/settings/plans", {
      planId: "pro_tee",
      name: "Pro Tee Plus",
      price: "89.50",
      entryLimit: "",
      aiCredits: "20",
      features: "Unlimited entries\n\n20 AI design credits\nPriority support",
      description: "More of everything.",
      analyticsLevel: "standard",
      active: "on",
    });
    expect(saved.html).toContain("Plan Saved");
    expect(await prisma.plan.findUniqueOrThrow({ where: { id: "pro_tee" } })).toMatchObject({
      name: "Pro Tee Plus",
      priceCents: 8950,
      entryLimit: null,
      aiCredits: 20,
      features: "Unlimited entries\n20 AI design credits\nPriority support",
      analyticsLevel: "standard",
      // Unticked: the checkbox is absent from the form.
      customBranding: false,
      active: true,
    });
    await submit(admin, "/admin/dashboard/settings/plans", {
      planId: "pro_tee",
      name: "Pro Tee",
      price: "79",
      aiCredits: "15",
      features: "Unlimited entries",
      analyticsLevel: "advanced",
      customBranding: "on",
      active: "on",
    });
    expect(await prisma.plan.findUniqueOrThrow({ where: { id: "pro_tee" } })).toMatchObject({
      analyticsLevel: "advanced",
      customBranding: true,
    });

    const bad = await send(admin, "/admin/dashboard/settings/plans", {
      planId: "pro_tee",
      name: "",
      price: "lots",
      aiCredits: "-1",
      features: "",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    for (const message of [
      "Plan name is required.",
      "Enter a price in dollars, e.g. 29 or 29.00.",
      "AI credits cannot be negative.",
      "List at least one feature.",
    ]) {
      expect(html).toContain(message);
    }
  });

  it("refuses an unknown or missing plan and unreadable values in words, changing no plan", async () => {
    const plans = () => prisma.plan.findMany({ orderBy: { id: "asc" } });
    const before = await plans();
    const target = "/admin/dashboard/settings/plans";
    const valid = {
      planId: "pro_tee",
      name: "Pro Tee",
      price: "79",
      aiCredits: "10",
      features: "Unlimited entries",
      analyticsLevel: "advanced",
      active: "on",
    };
    const shown = "Starter Tee";
    await expectRefused(admin, target, { ...valid, planId: "nope" }, 404, "That plan does not exist.", shown);
    await expectRefused(admin, target, { ...valid, planId: "" }, 400, "Choose the plan to save.", shown);
    for (const [fields, message] of [
      [{ customBranding: "yes" }, "Custom branding must be either on or off."],
      [{ analyticsLevel: "premium" }, "Choose basic, standard or advanced analytics."],
      [{ active: "maybe" }, "Active must be either on or off."],
      [{ aiCredits: "1e400" }, "Enter a whole number of AI credits from 0 to 1000."],
      [{ aiCredits: "lots" }, "Enter a whole number of AI credits from 0 to 1000."],
      [{ aiCredits: "" }, "AI credits are required."],
    ] as const) {
      const response = await send(admin, target, { ...valid, ...fields });
      const html = visible(await response.text());
      expect(response.status, message).toBe(400);
      expect(html, message).toContain(message);
      expect(html, message).toContain("Please correct the errors below.");
      expect(html, message).not.toContain("Invalid input");
    }
    expect(await plans()).toEqual(before);
  });

  it("refuses to switch an unknown coupon, or an unknown action, with a 4xx and the reason", async () => {
    const coupons = () => prisma.coupon.findMany({ orderBy: { id: "asc" } });
    const before = await coupons();
    const target = "/admin/dashboard/settings/coupons";
    await expectRefused(admin, target, { intent: "activate", couponId: "nope" }, 404, "That coupon does not exist.", "Add a coupon");
    await expectRefused(admin, target, { intent: "deactivate", couponId: "nope" }, 404, "That coupon does not exist.", "Add a coupon");
    await expectRefused(admin, target, { intent: "activate" }, 400, "Choose a coupon.", "Add a coupon");
    await expectRefused(admin, target, { intent: "delete-all" }, 400, "Nothing was changed.", "Add a coupon");
    expect(await coupons()).toEqual(before);
  });

  it("adds percent and fixed coupons that the wizard's pricing accepts, refuses duplicates and past dates, and deactivates", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const added = await submit(admin, "/admin/dashboard/settings/coupons", {
      intent: "add",
      code: "spring25",
      kind: "percent",
      percentOff: "25",
      expiresOn: tomorrow,
      maxRedemptions: "2",
    });
    expect(added.html).toContain("Coupon Added");
    const spring = await prisma.coupon.findUniqueOrThrow({ where: { code: "SPRING25" } });
    expect(spring).toMatchObject({ kind: "percent", percentOff: 25, maxRedemptions: 2, active: true });
    expect(spring.expiresAt?.getTime()).toBe(new Date(`${tomorrow}T00:00:00Z`).getTime() + 86_400_000);
    expect(couponProblem(spring, new Date())).toBeNull();
    expect(applyCoupon(2900, spring, new Date())).toEqual({ discountCents: 725, totalCents: 2175 });

    await submit(admin, "/admin/dashboard/settings/coupons", { intent: "add", code: "FIVE-OFF", kind: "fixed", amountOff: "5" });
    const five = await prisma.coupon.findUniqueOrThrow({ where: { code: "FIVE-OFF" } });
    expect(applyCoupon(2900, five, new Date())).toEqual({ discountCents: 500, totalCents: 2400 });

    // The wizard's Apply Coupon finds the new code, in any case.
    const { jar } = await jarFor(address("creator"));
    const campaignId = await draftThroughStep(jar, 4, { planId: "growth_tee" });
    const growth = await prisma.plan.findUniqueOrThrow({ where: { id: "growth_tee" } });
    const url = `/create-campaign-v2?campaignId=${campaignId}&step=5`;
    await run(wizard.action, postForm(jar, url, form({ step: "5", intent: "apply-coupon", couponCode: "Spring25" })));
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } })).toMatchObject({
      couponCode: "SPRING25",
      discountCents: Math.round(growth.priceCents * 0.25),
      totalCents: growth.priceCents - Math.round(growth.priceCents * 0.25),
    });

    const duplicate = await send(admin, "/admin/dashboard/settings/coupons", {
      intent: "add",
      code: "Spring25",
      kind: "fixed",
      amountOff: "1",
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("A coupon with this code already exists.");
    const past = await send(admin, "/admin/dashboard/settings/coupons", {
      intent: "add",
      code: "OLDNEWS",
      kind: "percent",
      percentOff: "5",
      expiresOn: "2020-01-01",
    });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("The expiry date cannot be in the past.");
    const noValue = await send(admin, "/admin/dashboard/settings/coupons", {
      intent: "add",
      code: "NOVALUE",
      kind: "percent",
      percentOff: "150",
    });
    expect(await noValue.text()).toContain("Enter a percentage from 1 to 100.");

    const off = await submit(admin, "/admin/dashboard/settings/coupons", { intent: "deactivate", couponId: five.id });
    expect(off.html).toContain("Coupon Deactivated");
    expect(couponProblem(await prisma.coupon.findUniqueOrThrow({ where: { id: five.id } }), new Date())?.description).toBe(
      "The coupon code is not valid.",
    );
  });
});

describe("API keys", () => {
  /** Runs `body` with these variables set in the app's environment, then puts everything back. */
  async function withEnv(env: Record<string, string>, body: () => Promise<void>) {
    Object.assign(process.env, env);
    await app.resetConfig();
    try {
      await body();
    } finally {
      for (const name of Object.keys(env)) delete process.env[name];
      await app.resetConfig();
    }
  }

  /** The card of one outside service on the API Keys page. */
  const card = (html: string, name: string) => {
    const start = html.indexOf(`>${name}</h2>`);
    if (start < 0) return "";
    const next = html.indexOf('data-testid="integration"', start);
    return html.slice(start, next < 0 ? undefined : next);
  };

  it("says what is configured without showing any part of a secret, and checks SMTP", async () => {
    const { startFakeSmtpServer } = await import("../fakes/smtp-server");
    const smtp = await startFakeSmtpServer();
    const secret = "ideo_live_supersecretvalue_WXYZ";
    try {
      await withEnv({ IDEOGRAM_API_KEY: secret, SMTP_URL: smtp.url }, async () => {
        const { html } = await page(admin, "/admin/dashboard/api-keys");
        expect(html).not.toContain("WXYZ");
        expect(html).toContain("AI designs come from Ideogram");
        expect(card(html, "AI designer (Ideogram)")).toMatch(/API key<\/dt><dd[^>]*>Set</);
        expect(card(html, "Payments (Stripe)")).toMatch(/Secret key<\/dt><dd[^>]*>Not set</);
        expect(html).toContain("Not configured: the built-in TEST MODE checkout takes pretend payments.");
        // Only the services that can be checked, and are configured, offer the check.
        expect(card(html, "Email (SMTP)")).toContain('value="verify-smtp"');
        expect(html).not.toContain('value="verify-stripe"');
        expect(html).not.toContain('value="verify-printify"');

        const check = await send(admin, "/admin/dashboard/api-keys", { intent: "verify-smtp" });
        expect(check.status).toBe(200);
        expect(await check.text()).toContain("Connected and signed in.");
      });
    } finally {
      await smtp.close();
    }
    const { html } = await page(admin, "/admin/dashboard/api-keys");
    expect(html).toContain("Not configured: emails stay in the outbox");
  });

  it("checks the Stripe secret key against Stripe, and says so when it is refused without showing it", async () => {
    const { startFakeStripeServer } = await import("../fakes/stripe-server");
    const key = "sk_test_admincheck_0123456789ABCD";
    const stripe = await startFakeStripeServer({ secretKey: key });
    try {
      await withEnv({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: "whsec_admincheck", STRIPE_API_URL: stripe.url }, async () => {
        const { html } = await page(admin, "/admin/dashboard/api-keys");
        expect(card(html, "Payments (Stripe)")).toContain('value="verify-stripe"');
        const ok = await send(admin, "/admin/dashboard/api-keys", { intent: "verify-stripe" });
        expect(ok.status).toBe(200);
        expect(visible(await ok.text())).toContain("Stripe accepted the secret key (test mode).");
        expect(stripe.requests.filter((r) => r.path === "/v1/balance")).toHaveLength(1);
      });
      const wrong = "sk_test_wrongwrongwrong_9876WXYZ";
      await withEnv({ STRIPE_SECRET_KEY: wrong, STRIPE_WEBHOOK_SECRET: "whsec_admincheck", STRIPE_API_URL: stripe.url }, async () => {
        const refused = await send(admin, "/admin/dashboard/api-keys", { intent: "verify-stripe" });
        expect(refused.status).toBe(502);
        const html = visible(await refused.text());
        expect(html).toContain("Stripe refused the secret key.");
        expect(html).not.toContain("WXYZ");
      });
    } finally {
      await stripe.close();
    }
  });

  it("checks the Printify token and that the configured shop is one of its shops", async () => {
    const { startFakePrintifyServer } = await import("../fakes/printify-server");
    const token = "printify-admin-check-token-0123456789";
    const printify = await startFakePrintifyServer({ token, shopId: "4242" });
    const env = (overrides: Record<string, string>) => ({
      PRINTIFY_API_TOKEN: token,
      PRINTIFY_SHOP_ID: "4242",
      PRINTIFY_API_URL: printify.url,
      ...overrides,
    });
    try {
      await withEnv(env({}), async () => {
        const { html } = await page(admin, "/admin/dashboard/api-keys");
        expect(card(html, "Fulfilment (Printify)")).toContain('value="verify-printify"');
        const ok = await send(admin, "/admin/dashboard/api-keys", { intent: "verify-printify" });
        expect(ok.status).toBe(200);
        expect(visible(await ok.text())).toContain("Printify accepted the API token, and shop 4242 is one of its shops.");
      });
      await withEnv(env({ PRINTIFY_SHOP_ID: "9999" }), async () => {
        const other = await send(admin, "/admin/dashboard/api-keys", { intent: "verify-printify" });
        expect(other.status).toBe(502);
        expect(visible(await other.text())).toContain("The API token works, but shop 9999 is not one of its shops (4242).");
      });
      await withEnv(env({ PRINTIFY_API_TOKEN: "not-the-token-at-all-WXYZ" }), async () => {
        const refused = await send(admin, "/admin/dashboard/api-keys", { intent: "verify-printify" });
        expect(refused.status).toBe(502);
        const html = visible(await refused.text());
        expect(html).toContain("Printify refused the API token (401).");
        expect(html).not.toContain("WXYZ");
      });
      expect(printify.orders).toHaveLength(0);
    } finally {
      await printify.close();
    }
  });
});

describe("email outbox", () => {
  const HOUR = 60 * 60 * 1000;

  async function outboxRow(data: { to: string; status: string } & Record<string, unknown>) {
    return prisma.outboundEmail.create({
      data: { subject: `Subject for ${data.to}`, html: "<p>BODY-NEVER-SHOWN</p>", template: "entry_confirmation", ...data },
    });
  }

  /** The rows of the outbox table as [recipient, status]. */
  const listed = (html: string) =>
    [
      ...html.matchAll(
        /data-testid="outbox-row" data-status="([^"]+)"[\s\S]*?<td[^>]*>[^<]*<\/td><td[^>]*>[^<]*<\/td><td[^>]*>([^<]*)<\/td>/g,
      ),
    ].map((m) => [m[2], m[1]]);

  it("lists every email newest first, filters by status and recipient, a page at a time, and keeps failed ones visible", async () => {
    const tag = `outbox${Date.now()}`;
    const now = Date.now();
    await outboxRow({
      to: `${tag}-sent@example.com`,
      status: "sent",
      attempts: 1,
      sentAt: new Date(now),
      createdAt: new Date(now - 4 * HOUR),
    });
    await outboxRow({ to: `${tag}-pending@example.com`, status: "pending", createdAt: new Date(now - 3 * HOUR) });
    await outboxRow({
      to: `${tag}-retrying@example.com`,
      status: "failed",
      attempts: 2,
      lastError: "451 Mailbox temporarily unavailable",
      nextAttemptAt: new Date(now + HOUR),
      createdAt: new Date(now - 2 * HOUR),
    });
    await outboxRow({
      to: `${tag}-bounced@example.com`,
      status: "failed",
      attempts: 6,
      lastError: "550 Mailbox unavailable",
      nextAttemptAt: null,
      createdAt: new Date(now - HOUR),
    });

    const all = await page(admin, `/admin/dashboard/emails?q=${tag}`);
    expect(all.status).toBe(200);
    expect(listed(all.html)).toEqual([
      [`${tag}-bounced@example.com`, "failed"],
      [`${tag}-retrying@example.com`, "failed"],
      [`${tag}-pending@example.com`, "pending"],
      [`${tag}-sent@example.com`, "sent"],
    ]);
    expect(all.html).toContain("4 emails");
    expect(all.html).not.toContain("BODY-NEVER-SHOWN");
    // The tab bar leads here, and the filters keep the recipient search.
    expect(all.html).toMatch(/<a[^>]*href="\/admin\/dashboard\/emails"[^>]*>Emails<\/a>/);
    expect(all.html).toContain(`href="/admin/dashboard/emails?status=failed&amp;q=${tag}"`);

    const failed = await page(admin, `/admin/dashboard/emails?status=failed&q=${tag}`);
    expect(listed(failed.html)).toEqual([
      [`${tag}-bounced@example.com`, "failed"],
      [`${tag}-retrying@example.com`, "failed"],
    ]);
    for (const text of [
      "550 Mailbox unavailable",
      "451 Mailbox temporarily unavailable",
      "None (gave up)",
      "Retry now",
      "entry_confirmation",
    ]) {
      expect(failed.html).toContain(text);
    }
    expect(failed.html).toContain(`Subject for ${tag}-bounced@example.com`);
    const sent = await page(admin, `/admin/dashboard/emails?status=sent&q=${tag}`);
    expect(listed(sent.html)).toEqual([[`${tag}-sent@example.com`, "sent"]]);
    expect(sent.html).not.toContain('name="emailId"');
    expect((await page(admin, `/admin/dashboard/emails?status=sending&q=${tag}`)).html).toContain(
      `No sending emails to addresses containing “${tag}”.`,
    );

    for (let index = 0; index < 27; index += 1) {
      await outboxRow({ to: `${tag}-bulk-${index}@example.com`, status: "pending", createdAt: new Date(now - index * 1000) });
    }
    const first = await page(admin, `/admin/dashboard/emails?status=pending&q=${tag}-bulk`);
    expect(first.html).toContain("27 emails · page 1 of 2");
    expect(listed(first.html)).toHaveLength(25);
    expect(listed(first.html)[0]).toEqual([`${tag}-bulk-0@example.com`, "pending"]);
    expect(first.html).toContain(`href="/admin/dashboard/emails?status=pending&amp;q=${tag}-bulk&amp;page=2"`);
    const second = await page(admin, `/admin/dashboard/emails?status=pending&q=${tag}-bulk&page=2`);
    expect(listed(second.html)).toEqual([
      [`${tag}-bulk-25@example.com`, "pending"],
      [`${tag}-bulk-26@example.com`, "pending"],
    ]);
  });

  it("retries a failed email now: queued without SMTP, delivered or failed again with it, and only a failed one", async () => {
    const to = address("retry");
    const row = await outboxRow({ to, status: "failed", attempts: 6, lastError: "550 Mailbox unavailable", nextAttemptAt: null });
    const target = `/admin/dashboard/emails?status=failed&q=${encodeURIComponent(to)}`;

    const queued = await send(admin, target, { intent: "retry", emailId: row.id });
    expect(queued.status).toBe(303);
    expect(queued.headers.get("Location")).toBe(target);
    expect(visible(await (await send(admin, target)).text())).toContain("Email Queued");
    const pending = await prisma.outboundEmail.findUniqueOrThrow({ where: { id: row.id } });
    expect(pending).toMatchObject({ status: "pending", attempts: 0 });
    expect(pending.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());

    // Not failed (pending now): a conflict, and nothing changes.
    const notFailed = await submit(admin, target, { intent: "retry", emailId: row.id });
    expect(notFailed.status).toBe(409);
    expect(notFailed.html).toContain("Only a failed email can be retried");
    expect(await prisma.outboundEmail.findUniqueOrThrow({ where: { id: row.id } })).toEqual(pending);
    // An email that does not exist, no email, an unknown action: refused in words, nothing written.
    const outbox = () => prisma.outboundEmail.findMany({ orderBy: { id: "asc" } });
    const before = await outbox();
    await expectRefused(admin, target, { intent: "retry", emailId: "nope" }, 404, "That email does not exist.", "Filter emails by status");
    await expectRefused(admin, target, { intent: "retry" }, 400, "Choose an email to retry.", "Filter emails by status");
    await expectRefused(admin, target, { intent: "purge", emailId: row.id }, 400, "Nothing was changed.", "Filter emails by status");
    expect(await outbox()).toEqual(before);

    const { startFakeSmtpServer } = await import("../fakes/smtp-server");
    const smtp = await startFakeSmtpServer();
    process.env.SMTP_URL = smtp.url;
    await app.resetConfig();
    try {
      await prisma.outboundEmail.update({ where: { id: row.id }, data: { status: "failed", attempts: 6, nextAttemptAt: null } });
      smtp.refuseNext(1);
      const again = await submit(admin, target, { intent: "retry", emailId: row.id });
      expect(again.html).toContain("Email Failed Again");
      expect(await prisma.outboundEmail.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "failed", attempts: 1 });

      const delivered = await submit(admin, target, { intent: "retry", emailId: row.id });
      expect(delivered.html).toContain(`The email to ${to} was delivered.`);
      expect(await prisma.outboundEmail.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sent", attempts: 1 });
      expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);

      // Sent: never sent twice.
      expect((await submit(admin, target, { intent: "retry", emailId: row.id })).html).toContain("Only a failed email can be retried");
      expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
    } finally {
      delete process.env.SMTP_URL;
      await app.resetConfig();
      await smtp.close();
    }
  });
});

describe("text messages on the Emails tab (decision 096)", () => {
  it("lists the newest SMS with masked numbers and retries a failed one: queued without Twilio, sent with it", async () => {
    const tag = `sms-admin-${Date.now()}`;
    const phone = "+14155550190";
    const failed = await prisma.outboundSms.create({
      data: {
        to: phone,
        body: "secret claim link",
        kind: "winner",
        status: "failed",
        attempts: 5,
        lastError: "Twilio error 30007",
        dedupeKey: `${tag}-1`,
      },
    });
    await prisma.outboundSms.create({
      data: { to: "+442071838752", body: "x", kind: "claim_reminder", status: "delivered", dedupeKey: `${tag}-2` },
    });
    const target = "/admin/dashboard/emails";
    const { html } = await page(admin, target);
    const text = visible(html);
    expect(text).toContain("Text messages (SMS)");
    expect(text).toContain("+14•••••••90");
    expect(text).toContain("+44••••••••52");
    expect(html).not.toContain(phone);
    expect(html).not.toContain("secret claim link");
    expect(html).toMatch(new RegExp(`name="smsId" value="${failed.id}"`));
    expect(text).toContain("Twilio error 30007");
    expect(html).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);

    const queued = await submit(admin, target, { intent: "retry-sms", smsId: failed.id });
    expect(queued.html).toContain("Text Queued");
    expect(await prisma.outboundSms.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({
      status: "pending",
      attempts: 0,
      lastError: null,
    });
    await expectRefused(
      admin,
      target,
      { intent: "retry-sms", smsId: failed.id },
      409,
      "Only a failed text message can be retried",
      "Text messages (SMS)",
    );
    await expectRefused(
      admin,
      target,
      { intent: "retry-sms", smsId: "nope" },
      404,
      "That text message does not exist.",
      "Text messages (SMS)",
    );
    await expectRefused(admin, target, { intent: "retry-sms" }, 400, "Choose a text message to retry.", "Text messages (SMS)");

    const { startFakeTwilio } = await import("../fakes/twilio-server");
    const twilio = await startFakeTwilio();
    const env = {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: twilio.from,
      TWILIO_API_URL: twilio.url,
    };
    Object.assign(process.env, env);
    resetConfigForTests();
    await app.resetConfig();
    try {
      await prisma.outboundSms.update({ where: { id: failed.id }, data: { status: "failed", attempts: 5, nextAttemptAt: null } });
      const sent = await submit(admin, target, { intent: "retry-sms", smsId: failed.id });
      expect(sent.html).toContain("The text to +14•••••••90 was sent.");
      expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
      expect(await prisma.outboundSms.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ status: "queued", attempts: 1 });
    } finally {
      for (const key of Object.keys(env)) delete process.env[key];
      resetConfigForTests();
      await app.resetConfig();
      await twilio.close();
    }
  });
});

describe("overview", () => {
  it("counts users, campaigns by status, entries and orders by status", async () => {
    const campaign = await createCampaign({ status: "completed", endDate: new Date(Date.now() - 1000) });
    await prisma.order.create({ data: { campaignId: campaign.id, winnerEmail: "w@example.com", status: "shipped" } });
    const [users, completed, shipped, entries] = await Promise.all([
      prisma.user.count(),
      prisma.campaign.count({ where: { status: "completed" } }),
      prisma.order.count({ where: { status: "shipped" } }),
      // Counted entries only: confirmed, not disqualified (decision 038).
      prisma.entry.count({ where: { confirmedAt: { not: null }, disqualifiedAt: null } }),
    ]);
    const { html: text } = await page(admin, "/admin/dashboard");
    expect(text).toMatch(new RegExp(`Users</dt><dd[^>]*>${users.toLocaleString("en-US")}<`));
    expect(text).toMatch(new RegExp(`Entries</dt><dd[^>]*>${entries.toLocaleString("en-US")}<`));
    expect(text).toMatch(new RegExp(`Completed</span></th><td[^>]*>${completed}<`));
    expect(text).toMatch(new RegExp(`Shipped</span></th><td[^>]*>${shipped}<`));
  });
});
