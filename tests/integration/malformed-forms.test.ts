/**
 * Bodies that are not forms, over real HTTP: every action reads its form through readForm, so a
 * JSON or text body, a broken multipart body, a list position in the millions or a flood of fields
 * gets a 4xx with a plain message, never a 500, and nothing in the database changes. Also the
 * webhook endpoints' answer to GET, and the error page for statuses that are not our fault.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { FORM_MESSAGES, MAX_FORM_FIELDS, MAX_FORM_INDEX, MAX_URLENCODED_BYTES } from "~/server/core/forms.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { draftThroughStep, signedInJar } from "../helpers/wizard";

let app: InProcessAppServer;
let ownerCookie = "";
let adminCookie = "";
let liveId = "";
let draftId = "";

interface Target {
  name: string;
  path: () => string;
  cookie: () => string;
  /** A field set the route would accept, sent in the wrong shapes below. */
  fields: () => Record<string, string>;
}

const TARGETS: Target[] = [
  {
    name: "the entry form",
    path: () => `/campaign/${liveId}`,
    cookie: () => "",
    fields: () => ({ email: "fan@example.com", agreedToTerms: "on" }),
  },
  {
    name: "the contact form",
    path: () => "/contact",
    cookie: () => "",
    fields: () => ({ name: "Ada", email: "ada@example.com", subject: "Hello there", message: "A perfectly fine question." }),
  },
  { name: "the sign-in form", path: () => "/login", cookie: () => "", fields: () => ({ email: "someone@example.com" }) },
  { name: "the theme switch", path: () => "/theme", cookie: () => "", fields: () => ({ theme: "dark", redirectTo: "/pricing" }) },
  {
    name: "the admin's platform settings",
    path: () => "/admin/dashboard/settings",
    cookie: () => adminCookie,
    fields: () => ({ intent: "platform", referralsEnabled: "false" }),
  },
  {
    name: "the wizard's step 4",
    path: () => `/create-campaign-v2?campaignId=${draftId}`,
    cookie: () => ownerCookie,
    fields: () => ({ step: "4", startDate: new Date().toISOString().slice(0, 10), durationDays: "14", termsAccepted: "on" }),
  },
];

const BOUNDARY = "----malformed-forms-boundary";

function multipartParts(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
}

/** Each wrong shape of body, with the status it must get. */
const BAD_BODIES: { name: string; status: number; message: string; init: (fields: Record<string, string>) => RequestInit }[] = [
  {
    name: "a JSON body",
    status: 415,
    message: FORM_MESSAGES.unsupported,
    init: (fields) => ({ headers: { "Content-Type": "application/json" }, body: JSON.stringify(fields) }),
  },
  {
    name: "a text/plain body",
    status: 415,
    message: FORM_MESSAGES.unsupported,
    init: (fields) => ({ headers: { "Content-Type": "text/plain" }, body: new URLSearchParams(fields).toString() }),
  },
  {
    name: "a body without a Content-Type",
    status: 415,
    message: FORM_MESSAGES.unsupported,
    // Bytes, not a string: fetch would label a string text/plain.
    init: (fields) => ({ body: new TextEncoder().encode(new URLSearchParams(fields).toString()) }),
  },
  {
    name: "multipart without a boundary",
    status: 400,
    message: FORM_MESSAGES.malformed,
    init: (fields) => ({ headers: { "Content-Type": "multipart/form-data" }, body: `${multipartParts(fields)}--${BOUNDARY}--\r\n` }),
  },
  {
    name: "an unterminated multipart body",
    status: 400,
    message: FORM_MESSAGES.malformed,
    // The last part is cut off mid-value: no closing delimiter ever comes.
    init: (fields) => ({
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: `${multipartParts(fields)}--${BOUNDARY}\r\nContent-Disposition: form-data; name="extra"\r\n\r\nhalf a val`,
    }),
  },
];

function send(target: Target, init: RequestInit): Promise<Response> {
  return fetch(`${app.url}${target.path()}`, {
    method: "POST",
    redirect: "manual",
    ...init,
    headers: { Cookie: target.cookie(), Origin: app.url, ...(init.headers as Record<string, string> | undefined) },
  });
}

/** Everything these routes could write: row counts, and the rows they would change. */
async function snapshot() {
  const [counts, campaigns, settings, sessions, loginCodes] = await Promise.all([
    Promise.all([
      prisma.entry.count(),
      prisma.outboundEmail.count(),
      prisma.campaign.count(),
      prisma.additionalPrize.count(),
      prisma.user.count(),
      prisma.uploadedAsset.count(),
    ]),
    prisma.campaign.findMany({ orderBy: { id: "asc" } }),
    prisma.platformSetting.findMany({ orderBy: { key: "asc" } }),
    prisma.session.count(),
    prisma.loginCode.count(),
  ]);
  return { counts, campaigns, settings, sessions, loginCodes };
}

beforeAll(async () => {
  app = await startAppServer();
  const owner = await signedInJar("owner");
  ownerCookie = owner.jar.header();
  draftId = await draftThroughStep(owner.jar, 3);
  const admin = await signedInJar("admin");
  await prisma.user.update({ where: { id: admin.userId }, data: { role: "admin" } });
  adminCookie = admin.jar.header();
  liveId = (await createCampaign({ creatorId: owner.userId })).id;
});

afterAll(async () => {
  await app.close();
});

describe("a body that is not a form", () => {
  for (const target of TARGETS) {
    for (const bad of BAD_BODIES) {
      it(`${target.name}: ${bad.name} gets ${bad.status} with a message and changes nothing`, async () => {
        const before = await snapshot();
        const response = await send(target, bad.init(target.fields()));
        expect(response.status).toBe(bad.status);
        const page = await response.text();
        // Pages show the error page; /theme has no page of its own and answers the message as data.
        if (response.headers.get("Content-Type")?.startsWith("text/html")) {
          expect(page).toContain(bad.status === 415 ? "Unsupported Media Type" : "Bad Request");
        }
        expect(page).toContain(bad.message);
        expect(page).not.toContain("on our side");
        expect(response.headers.get("Set-Cookie") ?? "").not.toMatch(/theme=/);
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it("the same form, sent properly, is still accepted (the theme switch redirects with its cookie)", async () => {
    const response = await send(TARGETS[3]!, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ theme: "dark", redirectTo: "/pricing" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/pricing");
  });
});

describe("a form shaped to stall the server", () => {
  const wizard = TARGETS[5]!;

  it.each([
    ["additionalPrizes[30000000].title", "A prize"],
    ["selectedColors[99999999]", "white"],
    [`additionalPrizes[${MAX_FORM_INDEX + 1}].title`, "One past the limit"],
  ])("refuses the list position in %s with 400 before any schema runs", async (name, value) => {
    const before = await snapshot();
    const body = new FormData();
    for (const [field, fieldValue] of Object.entries(wizard.fields())) body.append(field, fieldValue);
    body.append(name, value);
    const response = await send(wizard, { body });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Bad Request");
    expect(page).toContain(FORM_MESSAGES.indexTooLarge);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a huge list position on the public entry form too (urlencoded)", async () => {
    const before = await snapshot();
    const response = await send(TARGETS[0]!, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...TARGETS[0]!.fields(), "selectedColors[99999999]": "white" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(FORM_MESSAGES.indexTooLarge);
    expect(await snapshot()).toEqual(before);
  });

  it(`refuses more than ${MAX_FORM_FIELDS} fields with 413`, async () => {
    const before = await snapshot();
    const fields = new URLSearchParams(TARGETS[1]!.fields());
    for (let i = 0; i < MAX_FORM_FIELDS; i += 1) fields.append(`f${i}`, "x");
    const response = await send(TARGETS[1]!, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: fields });
    expect(response.status).toBe(413);
    const page = await response.text();
    expect(page).toContain("Content Too Large");
    expect(page).toContain(FORM_MESSAGES.tooManyFields);
    expect(await snapshot()).toEqual(before);
  });
});

describe("an oversized url-encoded form", () => {
  it(`is refused with 413 before it is read when over ${MAX_URLENCODED_BYTES} bytes`, async () => {
    const before = await snapshot();
    const fields = { ...TARGETS[1]!.fields(), message: "x".repeat(MAX_URLENCODED_BYTES) };
    const response = await send(TARGETS[1]!, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(FORM_MESSAGES.tooLarge);
    expect(await snapshot()).toEqual(before);
  });

  it("is refused with 411 when it comes without a length (chunked)", async () => {
    const before = await snapshot();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(new URLSearchParams(TARGETS[1]!.fields()).toString()));
        controller.close();
      },
    });
    const response = await send(TARGETS[1]!, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(411);
    expect(await response.text()).toBe(FORM_MESSAGES.lengthRequired);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the webhook endpoints", () => {
  it.each(["/webhooks/printify", "/webhooks/stripe"])("answer GET %s with 405 and Allow: POST", async (path) => {
    const response = await fetch(`${app.url}${path}`);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(await response.text()).toContain("Method Not Allowed");
  });

  it("answer PUT with 405 too", async () => {
    const response = await fetch(`${app.url}/webhooks/stripe`, { method: "PUT", body: "{}", headers: { Origin: app.url } });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("the error page", () => {
  it("names a 405 for what it is, without blaming the server", async () => {
    const response = await fetch(`${app.url}/start`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ anything: "x" }),
    });
    expect(response.status).toBe(405);
    const page = await response.text();
    expect(page).toContain("Method Not Allowed");
    // React Router's developer wording (naming the route) is not what a visitor reads.
    expect(page.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("You made a POST request");
    expect(page).not.toContain("Unexpected Application Error");
    expect(page).not.toContain("on our side");
    expect(page).toContain('href="/start"');
  });

  it("names a 400 on the dashboard as a bad request", async () => {
    const response = await fetch(`${app.url}/my-campaigns`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, Cookie: ownerCookie },
      body: new URLSearchParams({ intent: "zzz" }),
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Bad Request");
    expect(page).not.toContain("on our side");
  });
});
