/**
 * Forms shaped to cost the server CPU (decision 064), over real HTTP against a server process of
 * its own: field names nested hundreds of levels deep (which made Conform and zod recurse until
 * the stack overflowed, after seconds of CPU) are refused with 400 and a plain message in
 * milliseconds, before anything builds objects from them, while /healthz stays responsive, and
 * nothing is logged as an error. Also C1 control characters, refused like the C0 ones.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { FORM_MESSAGES, MAX_FIELD_NAME_DEPTH } from "~/server/core/forms.server";
import { type SpawnedServer, spawnAppServer, freePort } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";

const MB = 1024 * 1024;
/**
 * A refused form's answer is a rendered error page, which the dev server renders in a few hundred
 * milliseconds on a busy machine; the refusal itself takes milliseconds. Before decision 064 these
 * forms took seconds of CPU each.
 */
const ANSWER_MS = 1000;

let server: SpawnedServer;
let campaignId = "";

/**
 * The probe's forms, about 1.2 MB each: one name nested 600,000 levels deep (`a.a.a…`, which took
 * the server 6 s and a 500 before), one 170,000 levels deep (`a[0][0]…`), and 400 names 1,500
 * levels deep. Each has fewer fields than the field limit, so only its names can refuse it.
 */
const NESTED_FORMS: Record<string, string> = {
  "one name a.a.a… 600,000 levels deep": `${"a.".repeat(600_000)}a=x`,
  "one name a[0][0]… 170,000 levels deep": `a${encodeURIComponent("[0]").repeat(170_000)}=x`,
  "400 names a.a.a… 1,500 levels deep": Array.from({ length: 400 }, (_, i) => `f${i}${".a".repeat(1_500)}=x`).join("&"),
};
const WORST = NESTED_FORMS["one name a.a.a… 600,000 levels deep"]!;

const TARGETS = [
  { name: "the sign-in form", path: "/login" },
  { name: "the contact form", path: "/contact" },
  { name: "the wizard", path: "/create-campaign-v2" },
];

function post(path: string, body: string | FormData): Promise<Response> {
  const headers: Record<string, string> = { Origin: server.url };
  if (typeof body === "string") headers["Content-Type"] = "application/x-www-form-urlencoded";
  return fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", headers, body });
}

/** The answer to `send`, read whole, and how long it took in milliseconds. */
async function timed(send: () => Promise<Response>): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  const response = await send();
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

beforeAll(async () => {
  campaignId = (await createCampaign()).id;
  // Development mode, so React Router would log any fault (test mode logs nothing).
  server = await spawnAppServer(await freePort(), { NODE_ENV: "development" });
  // The dev server compiles each route and its error page on their first requests, and its first
  // renders are slow: those come before anything is timed.
  for (const target of TARGETS) {
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(`${server.url}${target.path}`)).status).toBe(200);
      await (await post(target.path, "a.b.c=1")).text();
      await (await post(target.path, `${"x.".repeat(300)}x=1`)).text();
    }
  }
  expect((await fetch(`${server.url}/campaign/${campaignId}`)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("a 1.2 MB form whose field names nest thousands of levels deep", () => {
  it("is as large as the probe's and has fewer fields than the field limit", () => {
    for (const body of Object.values(NESTED_FORMS)) {
      expect(body.length).toBeGreaterThan(1.1 * MB);
      expect(body.split("&").length).toBeLessThan(1000);
    }
  });

  for (const [shape, body] of Object.entries(NESTED_FORMS)) {
    it.each(TARGETS)(`${shape}: gets 400 with a plain message from $name at once`, async ({ path }) => {
      const before = await Promise.all([prisma.loginCode.count(), prisma.outboundEmail.count(), prisma.campaign.count()]);
      const answer = await timed(() => post(path, body));
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(FORM_MESSAGES.nameTooLong);
      expect(answer.text).not.toContain("on our side");
      expect(answer.ms).toBeLessThan(ANSWER_MS);
      expect(await Promise.all([prisma.loginCode.count(), prisma.outboundEmail.count(), prisma.campaign.count()])).toEqual(before);
    });
  }

  it("gets 400 from the wizard as a multipart form too, names nested deep or one a part's header cannot hold", async () => {
    const deep = new FormData();
    deep.append("step", "1");
    for (let i = 0; i < 400; i += 1) deep.append(`f${i}${".a".repeat(1_500)}`, "x");
    const refused = await timed(() => post("/create-campaign-v2", deep));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(FORM_MESSAGES.nameTooLong);
    expect(refused.ms).toBeLessThan(ANSWER_MS);

    const huge = new FormData();
    huge.append("step", "1");
    huge.append(`${"a.".repeat(600_000)}a`, "x");
    const unreadable = await timed(() => post("/create-campaign-v2", huge));
    expect(unreadable.status).toBe(400);
    expect(unreadable.text).toContain(FORM_MESSAGES.malformed);
    expect(unreadable.ms).toBeLessThan(ANSWER_MS);
  });

  it("three at once leave /healthz answering at once", async () => {
    const posts = TARGETS.map(({ path }) => timed(() => post(path, WORST)));
    const health = await timed(() => fetch(`${server.url}/healthz`));
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(ANSWER_MS);
    for (const answer of await Promise.all(posts)) {
      expect(answer.status).toBe(400);
      expect(answer.ms).toBeLessThan(ANSWER_MS);
    }
  });
});

describe(`a short field name nested more than ${MAX_FIELD_NAME_DEPTH} levels deep`, () => {
  it.each([`a${".a".repeat(MAX_FIELD_NAME_DEPTH)}`, `a${"[0]".repeat(MAX_FIELD_NAME_DEPTH)}`, "prizes[0].a.b[1].c.d[2].e"])(
    "%s gets 400 on the contact form, and nothing is sent",
    async (name) => {
      const sent = await prisma.outboundEmail.count();
      const body = new URLSearchParams({ name: "Ada", email: "ada@example.com", subject: "Hello there", message: "Fine." });
      body.append(name, "x");
      const answer = await timed(() => post("/contact", body.toString()));
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(FORM_MESSAGES.nameTooDeep);
      expect(await prisma.outboundEmail.count()).toBe(sent);
    },
  );
});

describe("a C1 control character", () => {
  it("at the end of an entrant's address gets 400 and no entry is stored", async () => {
    const entries = await prisma.entry.count({ where: { campaignId } });
    const answer = await timed(() => post(`/campaign/${campaignId}`, "email=ok4%40b.co%C2%85&agreedToTerms=on"));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(FORM_MESSAGES.forbiddenCharacters);
    expect(await prisma.entry.count({ where: { campaignId } })).toBe(entries);
  });

  it.each(["%C2%80", "%C2%9F"])("%s in a contact message gets 400 and nothing is sent", async (encoded) => {
    const sent = await prisma.outboundEmail.count();
    const answer = await timed(() =>
      post("/contact", `name=Ada&email=ada%40example.com&subject=Hello%20there&message=A%20question${encoded}here`),
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(FORM_MESSAGES.forbiddenCharacters);
    expect(await prisma.outboundEmail.count()).toBe(sent);
  });
});

describe("the server's log", () => {
  it("shows no error for any of these", async () => {
    // The request log is written in batches; one more request flushes what came before.
    await fetch(`${server.url}/healthz`);
    expect(server.output()).not.toMatch(/RangeError|Maximum call stack|Error:|\s+at \S+ \(/);
  });
});
