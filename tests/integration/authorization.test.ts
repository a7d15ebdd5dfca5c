/**
 * The authorization matrix (decision 016): every route in app/routes.ts, as a visitor, the owner,
 * another user, an editor and an admin, over real HTTP. Crafted POSTs must change nothing.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { prisma } from "~/server/core/db.server";
import { freezeEntryList } from "~/server/draw/freeze.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { freezeAndDraw, setUpFakeBeacon } from "../helpers/draw";
import { signedInJar } from "../helpers/wizard";

type Role = "visitor" | "owner" | "other" | "editor" | "admin";
const ROLES: Role[] = ["visitor", "owner", "other", "editor", "admin"];
/** Everyone an admin-only action must turn away. */
const NOT_ADMINS = ["visitor", "owner", "other", "editor"] as const;
/** Everyone an owner-only action must turn away. */
const NOT_OWNERS = ["visitor", "other", "editor", "admin"] as const;

/** What a role gets: a status, or a redirect to a path. */
type Outcome = number | { redirect: string };

const DAY = 24 * 60 * 60 * 1000;

let app: InProcessAppServer;
const cookies: Record<Role, string> = { visitor: "", owner: "", other: "", editor: "", admin: "" };
let ownerId = "";
let live = "";
let liveTitle = "";
let questionId = "";
let draft = "";
let unpaidTitle = "";
/** A pending_payment campaign's test checkout session. */
let checkoutSession = "";
/** Ended, entered, not drawn yet. */
let ended = "";
/** Ended and drawn (completed). */
let drawn = "";
let orderId = "";

// The drawn campaign's beacon comes from a fake drand on 127.0.0.1, never the network.
setUpFakeBeacon();

async function entries(campaignId: string, count: number) {
  await prisma.entry.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      campaignId,
      email: `fan${i}@${campaignId}.test`,
      emailNormalized: `fan${i}@${campaignId}.test`,
      agreedToTerms: true,
      // Counted (decision 038), like the entryCount below says.
      confirmedAt: new Date(),
    })),
  });
  await prisma.campaign.update({ where: { id: campaignId }, data: { entryCount: { increment: count } } });
}

function endedCampaign() {
  const end = new Date(Date.now() - DAY);
  return createCampaign({ creatorId: ownerId, startDate: new Date(end.getTime() - 7 * DAY), endDate: end });
}

beforeAll(async () => {
  app = await startAppServer();
  for (const role of ["owner", "other", "editor", "admin"] as const) {
    const { jar, userId } = await signedInJar(role);
    if (role === "editor" || role === "admin") await prisma.user.update({ where: { id: userId }, data: { role } });
    if (role === "owner") ownerId = userId;
    cookies[role] = jar.header();
  }
  const liveRow = await createCampaign({ creatorId: ownerId });
  live = liveRow.id;
  liveTitle = liveRow.title;
  draft = (await createCampaign({ creatorId: ownerId, status: "draft" })).id;
  checkoutSession = `test_cs_${randomBytes(12).toString("hex")}`;
  unpaidTitle = (
    await createCampaign({ creatorId: ownerId, status: "pending_payment", stripeCheckoutSessionId: checkoutSession, totalCents: 2900 })
  ).title;
  await prisma.entry.create({
    data: { campaignId: live, email: "fan@example.com", emailNormalized: "fan@example.com", agreedToTerms: true },
  });
  // Its Advanced Analytics Report is paid for (decision 068).
  await prisma.addOnPurchase.create({
    data: { campaignId: live, buyerId: ownerId, kind: "analytics_report", amountCents: 1900, status: "paid", paidAt: new Date() },
  });
  orderId = (await prisma.order.create({ data: { campaignId: live, winnerEmail: "fan@example.com" } })).id;
  questionId = (
    await prisma.entryAction.create({
      data: { campaignId: live, kind: "question", label: "Your colour", bonus: 1, question: "Which colour?" },
    })
  ).id;
  ended = (await endedCampaign()).id;
  await entries(ended, 3);
  // Frozen a minute after its end, as the job would have: its beacon round is out now, so the
  // owner's draw below really draws.
  const endedAt = (await prisma.campaign.findUniqueOrThrow({ where: { id: ended } })).endDate!;
  expect((await freezeEntryList(ended, { now: new Date(endedAt.getTime() + 60_000) })).kind).toBe("frozen");
  drawn = (await endedCampaign()).id;
  await entries(drawn, 3);
  expect((await freezeAndDraw(drawn)).outcome.kind).toBe("drawn");
});

afterAll(async () => {
  await app.close();
});

async function request(role: Role, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${app.url}${path}`, {
    redirect: "manual",
    ...init,
    headers: { Cookie: cookies[role], Origin: app.url, ...(init.headers as Record<string, string> | undefined) },
  });
}

function post(role: Role, path: string, fields: Record<string, string>): Promise<Response> {
  return request(role, path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

function postMultipart(role: Role, path: string, body: FormData): Promise<Response> {
  return request(role, path, { method: "POST", body });
}

function outcomeOf(response: Response): Outcome {
  if (response.status >= 300 && response.status < 400) {
    return { redirect: new URL(response.headers.get("Location") ?? "", app.url).pathname };
  }
  return response.status;
}

const LOGIN = { redirect: "/login" } as const;
const DASHBOARD = { redirect: "/my-campaigns" } as const;
const START = { redirect: "/start" } as const;

/** Where an admin-only action sends everyone else. */
const refused = (role: Role): Outcome => (role === "visitor" ? LOGIN : DASHBOARD);
const everyone = (outcome: Outcome): Record<Role, Outcome> => ({
  visitor: outcome,
  owner: outcome,
  other: outcome,
  editor: outcome,
  admin: outcome,
});
const SIGNED_IN: Record<Role, Outcome> = { visitor: LOGIN, owner: 200, other: 200, editor: 200, admin: 200 };
const ADMIN_ONLY: Record<Role, Outcome> = { visitor: LOGIN, owner: DASHBOARD, other: DASHBOARD, editor: DASHBOARD, admin: 200 };
const OWNER_ONLY_404: Record<Role, Outcome> = { visitor: 404, owner: 200, other: 404, editor: 404, admin: 404 };
/** A signed-in visitor on the sign-in pages goes where signing in would have sent them. */
const SIGN_IN_PAGE: Record<Role, Outcome> = {
  visitor: 200,
  owner: DASHBOARD,
  other: DASHBOARD,
  editor: DASHBOARD,
  admin: { redirect: "/admin/dashboard" },
};

/**
 * Every role's expected outcome for GET of a path (paths are built once the fixtures exist), and,
 * for pages every signed-in user may open, a text only some roles may see there.
 */
const PAGES: [string, () => string, Record<Role, Outcome>, { text: () => string; seenBy: Role[] }?][] = [
  // Public pages.
  ...(["/", "/start", "/home", "/go", "/pricing", "/how-it-works", "/about", "/contact", "/terms", "/privacy", "/giveaways"] as const).map(
    (path): [string, () => string, Record<Role, Outcome>] => [path, () => path, everyone(200)],
  ),
  ["a live public page", () => `/campaign/${live}`, everyone(200)],
  ["official rules", () => `/campaign/${live}/rules`, everyone(200)],
  ["a live campaign's draw page", () => `/campaign/${live}/draw`, everyone(200)],
  ["a live campaign's winners list (not drawn yet)", () => `/campaign/${live}/winners`, everyone(200)],
  ["a drawn campaign's winners list", () => `/campaign/${drawn}/winners`, everyone(200)],
  ["a drawn campaign's entry list", () => `/campaign/${drawn}/draw.csv`, everyone(200)],
  ["an entry list before the draw", () => `/campaign/${live}/draw.csv`, everyone(404)],
  ["a drawn campaign's draw record", () => `/campaign/${drawn}/draw.json`, everyone(200)],
  // Entry actions (decisions 075, 077): the frozen completions beside draw.csv; an entrant's own links.
  ["a drawn campaign's action completions", () => `/campaign/${drawn}/actions.csv`, everyone(200)],
  ["action completions before the draw", () => `/campaign/${live}/actions.csv`, everyone(404)],
  ["a forged personal entry link", () => `/campaign/${live}/entry/forged-token`, everyone(404)],
  ["an unknown action's tracked link", () => `/campaign/${live}/actions/none/go`, everyone(404)],
  ["an action's form address, opened (a page linking back to the entry)", () => `/campaign/${live}/actions/none`, everyone(200)],
  ["a live campaign's draw record (commitment and round only)", () => `/campaign/${live}/draw.json`, everyone(200)],
  ["a live campaign's share card", () => `/campaign/${live}/card.png`, everyone(200)],
  ["a live campaign's poster (PDF)", () => `/campaign/${live}/poster.pdf`, everyone(200)],
  ["a live campaign's poster (PNG)", () => `/campaign/${live}/poster.png`, everyone(200)],
  ["a live campaign's embeddable entry card", () => `/campaign/${live}/embed`, everyone(200)],
  ["a claim link we never signed", () => "/claim/not-a-real-claim-token", everyone(404)],
  ["an entry confirm link we never signed", () => `/campaign/${live}/confirm/not-a-real-confirm-token`, everyone(404)],
  // An entrant's data (decision 054): the request form is public; the pages behind a link need its token.
  ["the data request form", () => "/privacy/my-data", everyone(200)],
  ["a data link we never signed", () => `/privacy/my-data/${"A".repeat(60)}`, everyone(404)],
  ["erasing by a data link we never signed", () => `/privacy/my-data/${"A".repeat(60)}/erase`, everyone(404)],
  ["the data download by a link we never signed", () => `/privacy/my-data/${"A".repeat(60)}/data.json`, everyone(404)],
  ["an avatar", () => `/avatars/${"ab".repeat(16)}.svg`, everyone(200)],
  ["an upload that does not exist", () => "/uploads/nothing-here.png", everyone(404)],
  ["a mockup that does not exist", () => "/mockups/nothing-here.png", everyone(404)],
  ["an unknown path", () => "/no-such-page", everyone(START)],
  ["the old builder", () => "/create-campaign", everyone({ redirect: "/create-campaign-v2" })],
  ["the wizard's sign-in page", () => "/create-campaign-v2/sign-in", everyone(200)],
  ["GET /theme", () => "/theme", everyone(START)],
  ["GET /logout", () => "/logout", everyone(START)],
  ["GET /auth/google (not configured)", () => "/auth/google", everyone(LOGIN)],
  ["the Google callback (not configured)", () => "/auth/google/callback", everyone(LOGIN)],
  // POST-only resource routes: a GET is answered 405 with Allow: POST.
  ["GET the Stripe webhook", () => "/webhooks/stripe", everyone(405)],
  ["GET the Printify webhook", () => "/webhooks/printify", everyone(405)],
  ["GET Twilio's status callback", () => "/webhooks/twilio/status", everyone(405)],
  ["GET Twilio's inbound messages", () => "/webhooks/twilio/inbound", everyone(405)],
  // Outside production only (the production case is below).
  ["the local mailbox (development)", () => "/dev/mailbox", everyone(200)],

  // Signing in.
  ["login", () => "/login", SIGN_IN_PAGE],
  ["login code without a pending code", () => "/login/otp", { ...SIGN_IN_PAGE, visitor: LOGIN }],

  // Signed-in users, each seeing only their own.
  ["dashboard", () => "/my-campaigns", SIGNED_IN],
  // Each account's own endpoints (decision 055); another account's are 404 (tests/integration/webhooks.test.ts).
  ["webhooks", () => "/dashboard/integrations/webhooks", SIGNED_IN],
  // The account's integrations and its email tools (decision 056); another account's connections are
  // never listed (tests/integration/email-tools.test.ts).
  ["integrations", () => "/dashboard/integrations", SIGNED_IN],
  ["email tools", () => "/dashboard/integrations/email-tools", SIGNED_IN],
  // Add-ons (decision 068): every signed-in account has the page; a campaign is bought for by its creator or an admin.
  ["add-ons", () => "/dashboard/addons", SIGNED_IN],
  [
    "the Advanced Analytics Report (paid)",
    () => `/dashboard/campaigns/${live}/report.pdf`,
    { visitor: LOGIN, owner: 200, other: 404, editor: 404, admin: 200 },
  ],
  ...(["/profile", "/settings", "/buy-credits", "/support-queue", "/editor/moderate"] as const).map(
    (path): [string, () => string, Record<Role, Outcome>] => [`${path} (coming soon)`, () => path, SIGNED_IN],
  ),
  [
    "analytics",
    () => `/dashboard/campaigns/${live}/analytics`,
    { visitor: LOGIN, owner: 200, other: DASHBOARD, editor: DASHBOARD, admin: DASHBOARD },
  ],
  ["entries export", () => `/dashboard/campaigns/${live}/entries.csv`, { visitor: LOGIN, owner: 200, other: 404, editor: 404, admin: 404 }],
  [
    "a question's answers export",
    () => `/dashboard/campaigns/${live}/actions/${questionId}/answers.csv`,
    { visitor: LOGIN, owner: 200, other: 404, editor: 404, admin: 404 },
  ],
  ["draw controls", () => `/dashboard/campaigns/${live}/draw`, { visitor: LOGIN, owner: 200, other: 404, editor: 404, admin: 404 }],
  // Action claims to review and the handles export (decision 078): the creator's only.
  ["action claims", () => `/dashboard/campaigns/${live}/claims`, { visitor: LOGIN, owner: 200, other: 404, editor: 404, admin: 404 }],
  ["handles export", () => `/dashboard/campaigns/${live}/handles.csv`, { visitor: LOGIN, owner: 200, other: 404, editor: 404, admin: 404 }],
  // The preview of the entrants' emails (decision 081): the creator's and the admins'.
  ["email previews", () => `/dashboard/campaigns/${live}/emails`, { visitor: LOGIN, owner: 200, other: 404, editor: 404, admin: 200 }],
  [
    "upgrading a live campaign's plan",
    () => `/dashboard/campaigns/${live}/upgrade`,
    { visitor: LOGIN, owner: 200, other: 404, editor: 404, admin: 404 },
  ],
  // Visitors may use the wizard, so someone else's campaignId sends them where SPEC sends anyone: /my-campaigns.
  [
    "editing a draft",
    () => `/create-campaign-v2?campaignId=${draft}`,
    { visitor: DASHBOARD, owner: 200, other: DASHBOARD, editor: DASHBOARD, admin: DASHBOARD },
  ],
  // A live campaign opens as its edit page (decision 048), for its creator only.
  [
    "editing a live campaign",
    () => `/create-campaign-v2?campaignId=${live}`,
    { visitor: DASHBOARD, owner: 200, other: DASHBOARD, editor: DASHBOARD, admin: DASHBOARD },
  ],
  ["a draft's public page", () => `/campaign/${draft}`, OWNER_ONLY_404],
  ["a draft's draw page", () => `/campaign/${draft}/draw`, OWNER_ONLY_404],
  ["a draft's winners list", () => `/campaign/${draft}/winners`, OWNER_ONLY_404],
  ["a draft's entry list (no draw yet)", () => `/campaign/${draft}/draw.csv`, everyone(404)],
  ["a draft's draw record", () => `/campaign/${draft}/draw.json`, OWNER_ONLY_404],
  ["a draft's share card", () => `/campaign/${draft}/card.png`, OWNER_ONLY_404],
  ["a draft's poster (PDF)", () => `/campaign/${draft}/poster.pdf`, OWNER_ONLY_404],
  ["a draft's poster (PNG)", () => `/campaign/${draft}/poster.png`, OWNER_ONLY_404],
  ["a draft's embeddable entry card", () => `/campaign/${draft}/embed`, OWNER_ONLY_404],
  // Its creator's only: anyone else's id is a 404, like an id that does not exist (visitors sign in first).
  [
    "the success page",
    () => `/campaign-success/${live}`,
    { visitor: LOGIN, owner: 200, other: 404, editor: 404, admin: 404 },
    { text: () => liveTitle, seenBy: ["owner"] },
  ],
  [
    "the test checkout",
    () => `/checkout/test/${checkoutSession}`,
    { visitor: LOGIN, owner: 200, other: 403, editor: 403, admin: 403 },
    { text: () => unpaidTitle, seenBy: ["owner"] },
  ],
  ["a test checkout that does not exist", () => "/checkout/test/test_cs_nothing", { ...everyone(404), visitor: LOGIN }],

  // Admins only.
  ...(
    [
      "/admin/dashboard",
      "/admin/dashboard/users",
      "/admin/dashboard/settings",
      "/admin/dashboard/settings/templates",
      "/admin/dashboard/settings/templates/entry_confirmation",
      "/admin/dashboard/settings/slider",
      "/admin/dashboard/settings/plans",
      "/admin/dashboard/settings/coupons",
      "/admin/dashboard/api-keys",
      "/admin/dashboard/emails",
      "/admin/dashboard/emails?status=failed",
      "/admin/dashboard/system",
      "/admin/orders",
      "/admin/orders.csv",
      "/admin-dashboard-old",
      "/admin/campaigns",
      "/admin/users",
      "/admin/settings",
    ] as const
  ).map((path): [string, () => string, Record<Role, Outcome>] => [path, () => path, ADMIN_ONLY]),
];

describe("pages", () => {
  for (const [name, path, expected, secret] of PAGES) {
    it(`${name}: each role gets what it should`, async () => {
      const responses = await Promise.all(ROLES.map(async (role) => [role, await request(role, path())] as const));
      expect(Object.fromEntries(responses.map(([role, response]) => [role, outcomeOf(response)]))).toEqual(expected);
      if (!secret) return;
      for (const [role, response] of responses) {
        const html = (await response.text()).replace(/&#x27;/g, "'");
        expect(html.includes(secret.text()), role).toBe(secret.seenBy.includes(role));
      }
    });
  }

  it("the local mailbox is not there in production", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    await app.resetConfig();
    try {
      for (const role of ROLES) expect(outcomeOf(await request(role, "/dev/mailbox")), role).toEqual(START);
    } finally {
      process.env.NODE_ENV = previous;
      await app.resetConfig();
    }
  });

  it("covers every route in app/routes.ts", async () => {
    const { default: routes } = await import("~/routes");
    const covered = PAGES.map(([, path]) => new URL(path(), "http://x").pathname);
    // Layout routes (the admin panel's) have no path of their own: their children are routes too.
    const all = (entries: RouteConfigEntry[]): RouteConfigEntry[] => entries.flatMap((route) => [route, ...all(route.children ?? [])]);
    const patterns = all(routes)
      .map((route) => route.path ?? "")
      .filter((path) => path !== "*");
    for (const pattern of patterns) {
      const matcher = new RegExp(
        `^/${pattern
          .replace(/\./g, "\\.")
          .replace(/:[^/]+/g, "[^/]+")
          .replace(/\*/g, ".+")}$`,
      );
      expect(
        covered.some((path) => matcher.test(path)),
        `/${pattern}`,
      ).toBe(true);
    }
  });
});

/** Every route config entry, layouts and their children alike. */
const allRoutes = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);

describe("the admin guard (decision 072)", () => {
  async function guarded() {
    const { default: routes } = await import("~/routes");
    const guard = routes.find((route) => route.file === "routes/admin-guard.tsx");
    expect(guard, "the admin guard's layout in app/routes.ts").toBeDefined();
    return { routes, beneath: allRoutes(guard!.children ?? []).filter((route) => route.path !== undefined) };
  }

  it("stands above every admin URL in app/routes.ts", async () => {
    const { routes, beneath } = await guarded();
    const adminPaths = allRoutes(routes)
      .map((route) => route.path ?? "")
      .filter((path) => /^admin\b/.test(path));
    expect(beneath.map((route) => route.path).sort()).toEqual(adminPaths.sort());
  });

  it("turns every non-admin away from every admin loader and action before it runs", async () => {
    const { beneath } = await guarded();
    const withAction = beneath.filter((route) => /^export (async )?function action\b/m.test(readFileSync(join("app", route.file), "utf8")));
    expect(withAction.length).toBeGreaterThanOrEqual(8);
    for (const route of beneath) {
      const path = `/${route.path!.replace(":templateId", "entry_confirmation")}`;
      for (const role of NOT_ADMINS) {
        expect(outcomeOf(await request(role, path)), `GET ${path} as ${role}`).toEqual(refused(role));
        if (!withAction.includes(route)) continue;
        // An intent every action knows nothing of: a refusal here is the guard's, not the action's.
        const posted = await post(role, path, { intent: "crafted" });
        expect(outcomeOf(posted), `POST ${path} as ${role}`).toEqual(refused(role));
      }
    }
  });
});

describe("crafted actions change nothing", () => {
  it("nobody but an admin changes a role", async () => {
    const { userId } = await signedInJar("target");
    for (const role of NOT_ADMINS) {
      const response = await post(role, "/admin/dashboard/users", { intent: "set-role", userId, role: "admin" });
      expect(outcomeOf(response), role).toEqual(refused(role));
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: userId } })).role).toBe("user");
    const allowed = await post("admin", "/admin/dashboard/users", { intent: "set-role", userId, role: "editor" });
    expect(allowed.status).toBe(303);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: userId } })).role).toBe("editor");
  });

  it("nobody but the owner starts an upgrade of a campaign's plan", async () => {
    const starter = await createCampaign({ creatorId: ownerId, planId: "starter_tee", entryLimit: 50, analyticsLevel: "basic" });
    for (const role of NOT_OWNERS) {
      const response = await post(role, `/dashboard/campaigns/${starter.id}/upgrade`, { planId: "pro_tee" });
      expect(outcomeOf(response), role).toEqual(role === "visitor" ? LOGIN : 404);
    }
    expect(await prisma.planUpgrade.count({ where: { campaignId: starter.id } })).toBe(0);
    const allowed = await post("owner", `/dashboard/campaigns/${starter.id}/upgrade`, { planId: "pro_tee" });
    expect(outcomeOf(allowed)).toEqual({ redirect: expect.stringMatching(/^\/checkout\/test\/test_cs_/) as unknown as string });
    expect(await prisma.planUpgrade.count({ where: { campaignId: starter.id, status: "pending" } })).toBe(1);
  });

  it("nobody but the owner or an admin starts buying an add-on for a campaign", async () => {
    const campaign = await createCampaign({ creatorId: ownerId });
    for (const role of ["visitor", "other", "editor"] as const) {
      for (const addOn of ["featured_boost", "analytics_report"]) {
        const response = await post(role, "/dashboard/addons", { addOn, campaignId: campaign.id });
        expect(outcomeOf(response), `${role} ${addOn}`).toEqual(role === "visitor" ? LOGIN : 404);
      }
    }
    expect(await prisma.addOnPurchase.count({ where: { campaignId: campaign.id } })).toBe(0);
    for (const role of ["owner", "admin"] as const) {
      const allowed = await post(role, "/dashboard/addons", { addOn: "analytics_report", campaignId: campaign.id });
      expect(outcomeOf(allowed), role).toEqual({ redirect: expect.stringMatching(/^\/checkout\/test\/test_cs_/) as unknown as string });
    }
    expect(await prisma.addOnPurchase.count({ where: { campaignId: campaign.id, status: "pending" } })).toBe(2);
  });

  it("nobody but an admin marks an order fulfilled or shipped", async () => {
    for (const role of NOT_ADMINS) {
      const ship = await post(role, "/admin/orders", { intent: "ship", orderId, trackingNumber: "1Z999" });
      expect(outcomeOf(ship), role).toEqual(refused(role));
      const fulfil = await post(role, "/admin/orders", { intent: "fulfil", orderId });
      expect(outcomeOf(fulfil), role).toEqual(refused(role));
    }
    const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect([order.status, order.trackingNumber, order.fulfilledAt]).toEqual(["pending", null, null]);
  });

  it("nobody but an admin saves platform settings or templates, or previews a template", async () => {
    const before = await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "entry_confirmation" } });
    for (const role of NOT_ADMINS) {
      const templates = await post(role, `/admin/dashboard/settings/templates/entry_confirmation`, {
        subject: "Hacked",
        htmlBody: "<p>x</p>",
      });
      expect(outcomeOf(templates), role).toEqual(refused(role));
      const preview = await post(role, `/admin/dashboard/settings/templates/entry_confirmation`, {
        intent: "preview",
        subject: "Preview {{campaign_title}}",
        htmlBody: "<p>{{email}}</p>",
      });
      expect(outcomeOf(preview), role).toEqual(refused(role));
      expect(await preview.text(), role).not.toContain("jamie.fan@example.com");
      const settings = await post(role, "/admin/dashboard/settings", { intent: "platform", referralsEnabled: "false" });
      expect(outcomeOf(settings), role).toEqual(refused(role));
    }
    expect((await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "entry_confirmation" } })).subject).toBe(before.subject);
    expect((await prisma.platformSetting.findUniqueOrThrow({ where: { key: "referralsEnabled" } })).value).toBe("true");
  });

  it("nobody but an admin adds slider images, by upload or from a design", async () => {
    const design = await prisma.aiDesign.create({ data: { imageUrl: "/images/slider-1.svg", promptText: "crafted design" } });
    const count = async () => [await prisma.homepageSliderImage.count(), await prisma.uploadedAsset.count()];
    const before = await count();
    for (const role of NOT_ADMINS) {
      const upload = new FormData();
      upload.set("intent", "add-upload");
      upload.set("altText", "Crafted");
      upload.set("image", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "x.png", { type: "image/png" }));
      expect(outcomeOf(await postMultipart(role, "/admin/dashboard/settings/slider", upload)), role).toEqual(refused(role));
      const fromDesign = await post(role, "/admin/dashboard/settings/slider", { intent: "add-design", designId: design.id });
      expect(outcomeOf(fromDesign), role).toEqual(refused(role));
    }
    expect(await count()).toEqual(before);
    expect(await prisma.homepageSliderImage.count({ where: { sourceId: design.id } })).toBe(0);
  });

  it("nobody but an admin activates a coupon", async () => {
    const coupon = await prisma.coupon.create({ data: { code: `OFF${Date.now()}`, kind: "percent", percentOff: 10, active: false } });
    for (const role of NOT_ADMINS) {
      const response = await post(role, "/admin/dashboard/settings/coupons", { intent: "activate", couponId: coupon.id });
      expect(outcomeOf(response), role).toEqual(refused(role));
    }
    expect((await prisma.coupon.findUniqueOrThrow({ where: { id: coupon.id } })).active).toBe(false);
    expect((await post("admin", "/admin/dashboard/settings/coupons", { intent: "activate", couponId: coupon.id })).status).toBe(303);
    expect((await prisma.coupon.findUniqueOrThrow({ where: { id: coupon.id } })).active).toBe(true);
  });

  it("nobody but an admin retries an email (on the Emails tab or the System page) or checks an outside service", async () => {
    const email = await prisma.outboundEmail.create({
      data: { to: "bounced@example.com", subject: "Bounced", html: "<p>x</p>", status: "failed", attempts: 6, lastError: "550" },
    });
    for (const role of NOT_ADMINS) {
      const retry = await post(role, "/admin/dashboard/emails?status=failed", { intent: "retry", emailId: email.id });
      expect(outcomeOf(retry), role).toEqual(refused(role));
      for (const [intent, fields] of [
        ["retry-email", { emailId: email.id }],
        ["retry-all-emails", {}],
      ] as const) {
        expect(outcomeOf(await post(role, "/admin/dashboard/system", { intent, ...fields })), `${role} ${intent}`).toEqual(refused(role));
      }
      for (const intent of ["verify-smtp", "verify-stripe", "verify-printify"]) {
        expect(outcomeOf(await post(role, "/admin/dashboard/api-keys", { intent })), `${role} ${intent}`).toEqual(refused(role));
      }
    }
    expect(await prisma.outboundEmail.findUniqueOrThrow({ where: { id: email.id } })).toEqual(email);
    expect((await post("admin", "/admin/dashboard/emails?status=failed", { intent: "retry", emailId: email.id })).status).toBe(303);
    expect(await prisma.outboundEmail.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("only the owner deletes their draft", async () => {
    for (const role of ["other", "editor", "admin"] as const) {
      const response = await post(role, "/my-campaigns", { intent: "delete", campaignId: draft });
      expect(response.status, role).toBe(404);
    }
    expect(outcomeOf(await post("visitor", "/my-campaigns", { intent: "delete", campaignId: draft }))).toEqual(LOGIN);
    expect(await prisma.campaign.count({ where: { id: draft } })).toBe(1);
  });

  it("only the owner works the draw controls: winner display, draw, redraw and mark delivered", async () => {
    // With automatic draws off a creator draws by hand, so a missing check would really draw.
    const setting = { where: { key: "autoPickWinnerEnabled" } } as const;
    await prisma.platformSetting.update({ ...setting, data: { value: "false" } });
    onTestFinished(() => prisma.platformSetting.update({ ...setting, data: { value: "true" } }).then(() => undefined));
    const drawBefore = await prisma.draw.findUniqueOrThrow({ where: { campaignId: drawn } });
    const ordersBefore = await prisma.order.findMany({ where: { campaignId: drawn }, orderBy: { id: "asc" } });
    for (const role of NOT_OWNERS) {
      const expected = role === "visitor" ? LOGIN : 404;
      const shown = await post(role, `/dashboard/campaigns/${live}/draw`, { intent: "winner-public", winnerPublic: "false" });
      expect(outcomeOf(shown), role).toEqual(expected);
      const draw = await post(role, `/dashboard/campaigns/${ended}/draw`, { intent: "draw" });
      expect(outcomeOf(draw), role).toEqual(expected);
      const redraw = await post(role, `/dashboard/campaigns/${drawn}/draw`, { intent: "redraw", rank: "1" });
      expect(outcomeOf(redraw), role).toEqual(expected);
      // Decision 050: marking a gift delivered is the owner's too.
      const deliver = await post(role, `/dashboard/campaigns/${drawn}/draw`, { intent: "deliver", rank: "2" });
      expect(outcomeOf(deliver), role).toEqual(expected);
    }
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: live } })).winnerPublic).toBe(true);
    expect(await prisma.draw.count({ where: { campaignId: ended } })).toBe(0);
    expect(await prisma.draw.findUniqueOrThrow({ where: { campaignId: drawn } })).toEqual(drawBefore);
    expect(await prisma.order.findMany({ where: { campaignId: drawn }, orderBy: { id: "asc" } })).toEqual(ordersBefore);

    // The same request from the owner is a real draw: the refusals above were not for a bad request.
    const owned = await post("owner", `/dashboard/campaigns/${ended}/draw`, { intent: "draw" });
    expect(owned.status).toBe(303);
    expect(await prisma.draw.count({ where: { campaignId: ended } })).toBe(1);
  });

  it("only the owner disqualifies or restores an action claim (decision 078)", async () => {
    const follow = await prisma.entryAction.create({
      data: { campaignId: live, kind: "follow", label: "Follow us", bonus: 2, platform: "instagram", url: "https://instagram.com/brand" },
    });
    const fan = await prisma.entry.create({
      data: {
        campaignId: live,
        email: "claimer@example.com",
        emailNormalized: "claimer@example.com",
        agreedToTerms: true,
        confirmedAt: new Date(),
        bonusEntries: 2,
        actionBonus: 2,
      },
    });
    const claim = await prisma.actionCompletion.create({
      data: { campaignId: live, actionId: follow.id, entryId: fan.id, bonus: 2, answer: "claimer" },
    });
    const rejected = await prisma.actionCompletion.create({
      data: {
        campaignId: live,
        actionId: follow.id,
        entryId: (await prisma.entry.findFirstOrThrow({ where: { campaignId: live, email: "fan@example.com" } })).id,
        bonus: 2,
        answer: "fan",
        disqualifiedAt: new Date(),
        disqualifyReason: "false_claim",
      },
    });
    const before = async () => [
      await prisma.actionCompletion.findMany({ where: { campaignId: live }, orderBy: { id: "asc" } }),
      await prisma.entry.findMany({
        where: { campaignId: live },
        orderBy: { id: "asc" },
        select: { id: true, bonusEntries: true, actionBonus: true },
      }),
    ];
    const snapshot = await before();
    for (const role of NOT_OWNERS) {
      const expected = role === "visitor" ? LOGIN : 404;
      const disqualify = await post(role, `/dashboard/campaigns/${live}/claims`, {
        intent: "disqualify-claim",
        claimId: claim.id,
        reason: "false_claim",
      });
      expect(outcomeOf(disqualify), role).toEqual(expected);
      const restore = await post(role, `/dashboard/campaigns/${live}/claims`, { intent: "restore-claim", claimId: rejected.id });
      expect(outcomeOf(restore), role).toEqual(expected);
    }
    expect(await before()).toEqual(snapshot);
    // The owner's same request really disqualifies: the refusals above were not for a bad request.
    const owned = await post("owner", `/dashboard/campaigns/${live}/claims`, {
      intent: "disqualify-claim",
      claimId: claim.id,
      reason: "false_claim",
    });
    expect(owned.status).toBe(303);
    expect(await prisma.entry.findUniqueOrThrow({ where: { id: fan.id }, select: { bonusEntries: true, actionBonus: true } })).toEqual({
      bonusEntries: 0,
      actionBonus: 0,
    });
  });

  it("only the owner saves a step of their draft", async () => {
    const before = await prisma.campaign.findUniqueOrThrow({ where: { id: draft } });
    for (const role of ["other", "editor", "admin"] as const) {
      const response = await post(role, `/create-campaign-v2?step=1&campaignId=${draft}`, {
        campaignTitle: "Taken over",
        campaignDescription: "Someone else's words here",
        brandName: "Intruder",
      });
      expect(outcomeOf(response), role).not.toBe(200);
    }
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: draft } })).title).toBe(before.title);
  });
});
