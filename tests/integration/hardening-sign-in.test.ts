/**
 * Sign-in over real HTTP, against a stranger who knows only someone's address (decisions 026, 066): asking
 * for codes to it from one network must not stop its owner getting one from theirs, wrong codes
 * sent without the code's own encrypted state must not use up the owner's tries, and an address
 * typed with a trailing space still gets its code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { CookieJar, postForm } from "../helpers/http";

let app: InProcessAppServer;

beforeAll(async () => {
  // Client addresses come from X-Forwarded-For, so each test can speak from several networks.
  process.env.TRUST_PROXY = "true";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
  delete process.env.TRUST_PROXY;
});

let seq = 0;
function address(prefix: string): string {
  seq += 1;
  return `${prefix}-${seq}-${Date.now()}@example.com`;
}

function ip(): string {
  seq += 1;
  return `198.51.100.${seq % 250}`;
}

async function requestCode(jar: CookieJar, email: string, from: string): Promise<Response> {
  return jar.absorb(await postForm(app.url, "/login", { email }, { Cookie: jar.header(), "X-Forwarded-For": from }));
}

async function enterCode(jar: CookieJar, code: string, from: string): Promise<Response> {
  return jar.absorb(await postForm(app.url, "/login/otp", { code }, { Cookie: jar.header(), "X-Forwarded-For": from }));
}

async function latestCode(email: string): Promise<string> {
  const message = await prisma.outboundEmail.findFirstOrThrow({
    where: { to: email, template: "login_code" },
    orderBy: { createdAt: "desc" },
  });
  const code = /\b(\d{6})\b/.exec(message.text ?? "")?.[1];
  if (!code) throw new Error(`no code in ${message.text}`);
  return code;
}

const openCode = (email: string) => prisma.loginCode.findFirstOrThrow({ where: { email, usedAt: null } });

describe("code requests for someone else's address", () => {
  it("five requests from one network do not stop the owner getting a code from theirs", async () => {
    const victim = address("victim");
    const attacker = ip();
    for (let i = 0; i < 5; i++) expect((await requestCode(new CookieJar(), victim, attacker)).status).toBe(302);
    const refused = await requestCode(new CookieJar(), victim, attacker);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many sign-in codes were requested");

    const jar = new CookieJar();
    const own = await requestCode(jar, victim, ip());
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe("/login/otp");
    const signedIn = await enterCode(jar, await latestCode(victim), ip());
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/my-campaigns");
  });

  it("caps one address across all networks at LOGIN_CODE_LIMIT_PER_EMAIL", async () => {
    process.env.LOGIN_CODE_LIMIT_PER_EMAIL = "3";
    await app.resetConfig();
    try {
      const victim = address("many-networks");
      for (let i = 0; i < 3; i++) expect((await requestCode(new CookieJar(), victim, ip())).status).toBe(302);
      expect((await requestCode(new CookieJar(), victim, ip())).status).toBe(429);
      expect(await prisma.loginCode.count({ where: { email: victim } })).toBe(3);
    } finally {
      delete process.env.LOGIN_CODE_LIMIT_PER_EMAIL;
      await app.resetConfig();
    }
  });
});

describe("wrong codes without the code's own state", () => {
  it("do not use up the owner's tries", async () => {
    const victim = address("owner");
    const jar = new CookieJar();
    expect((await requestCode(jar, victim, ip())).status).toBe(302);
    const code = await latestCode(victim);
    const wrong = code === "999999" ? "000000" : "999999";

    // The sign-in cookie is not signed: a stranger can name any address in it...
    const forged = new CookieJar();
    forged.absorb(new Response(null, { headers: { "Set-Cookie": `_totp=${new URLSearchParams({ email: victim }).toString()}; Path=/` } }));
    // ...or pair it with the state of a code of their own.
    const own = new CookieJar();
    await requestCode(own, address("stranger"), ip());
    const borrowed = new URLSearchParams(decodeURIComponent(own.get("_totp") ?? ""));
    borrowed.set("email", victim);
    const swapped = new CookieJar();
    swapped.absorb(new Response(null, { headers: { "Set-Cookie": `_totp=${borrowed.toString()}; Path=/` } }));

    for (const stranger of [forged, swapped]) {
      for (let i = 0; i < 6; i++) {
        const refused = await enterCode(stranger, wrong, ip());
        expect(refused.status).toBe(400);
        expect(await refused.text()).toContain("That code has expired. Please request a new one.");
      }
      // Even the right code does not work without the state issued with it.
      expect((await enterCode(stranger, code, ip())).status).toBe(400);
    }
    expect((await openCode(victim)).attempts).toBe(0);

    // The owner's own wrong try still counts, and the right code still signs them in.
    expect((await enterCode(jar, wrong, ip())).status).toBe(400);
    expect((await openCode(victim)).attempts).toBe(1);
    const signedIn = await enterCode(jar, code, ip());
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/my-campaigns");
    expect(await prisma.session.count({ where: { user: { email: victim } } })).toBe(1);
  });
});

describe("an address typed with spaces around it", () => {
  it("gets its code, sent to the address without the spaces", async () => {
    const email = address("spacey");
    const jar = new CookieJar();
    const response = await requestCode(jar, `${email} `, ip());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/otp");
    const signedIn = await enterCode(jar, await latestCode(email), ip());
    expect(signedIn.headers.get("Location")).toBe("/my-campaigns");
  });
});
