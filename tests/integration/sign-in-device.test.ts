/**
 * Sign-in while strangers flood someone's address with code requests (decision 066), over real
 * HTTP: 40 requests from 8 networks fill the address's ceiling (LOGIN_CODE_LIMIT_PER_EMAIL, 30)
 * and lock out every browser but the owner's own, the one that signed in as the address before and
 * holds its signed gw_device cookie. A browser without one, with a forged or expired one, or with
 * one for another address is refused like any stranger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { DEVICE_COOKIE, DEVICE_DAYS } from "~/server/auth/sign-in-device.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { CookieJar, postForm } from "../helpers/http";

const DAY = 24 * 60 * 60 * 1000;
/** Each flood is 40 requests over HTTP (the first ones also compile the routes): more than the 30 s default on a busy machine. */
const FLOOD_TIMEOUT = 120_000;
let app: InProcessAppServer;

beforeAll(async () => {
  // Client addresses come from X-Forwarded-For, so the strangers can speak from several networks.
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
  return `203.0.${Math.floor(seq / 250) % 250}.${seq % 250}`;
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

/** Signs in as `email` on the browser `jar` (code by email), then signs out: the browser keeps only what survives that. */
async function signInAndOut(jar: CookieJar, email: string): Promise<void> {
  const from = ip();
  expect((await requestCode(jar, email, from)).status).toBe(302);
  const signedIn = await enterCode(jar, await latestCode(email), from);
  expect(signedIn.headers.get("Location")).toBe("/my-campaigns");
  const signedOut = jar.absorb(await postForm(app.url, "/logout", {}, { Cookie: jar.header(), "X-Forwarded-For": from }));
  expect(signedOut.headers.get("Location")).toBe("/start");
  expect(jar.get("gw_session")).toBeUndefined();
}

/** The value of a Set-Cookie line. */
const valueOf = (setCookie: string) => /^[^=]+=([^;]*)/.exec(setCookie)?.[1] ?? "";

/** A browser holding only this gw_device cookie value. */
function browserWith(device: string): CookieJar {
  const jar = new CookieJar();
  jar.absorb(new Response(null, { headers: { "Set-Cookie": `${DEVICE_COOKIE}=${device}; Path=/` } }));
  return jar;
}

/** The flood of the finding: 5 requests from each of 8 networks (the per-network share), 40 in all. */
async function flood(email: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let network = 0; network < 8; network++) {
    const from = ip();
    for (let i = 0; i < 5; i++) statuses.push((await requestCode(new CookieJar(), email, from)).status);
  }
  return statuses;
}

const isRefused = async (response: Response) =>
  response.status === 429 && (await response.text()).includes("Too many sign-in codes were requested");

describe("an address flooded with code requests from 8 networks", () => {
  it(
    "refuses every stranger, but its owner's browser still gets a code and signs in",
    async () => {
      const owner = address("owner");
      const browser = new CookieJar();
      await signInAndOut(browser, owner);
      expect(browser.get(DEVICE_COOKIE)).toBeTruthy();

      const statuses = await flood(owner);
      // The owner's own sign-in was one of the 30 codes the address may be sent in 15 minutes.
      expect(statuses.filter((status) => status === 302)).toHaveLength(29);
      expect(statuses.slice(29).every((status) => status === 429)).toBe(true);
      expect(await prisma.loginCode.count({ where: { email: owner } })).toBe(30);

      // A browser that never signed in as the address, from a network of its own: locked out.
      expect(await isRefused(await requestCode(new CookieJar(), owner, ip()))).toBe(true);

      // The owner's browser, from yet another network: a code, and it signs in.
      const from = ip();
      const asked = await requestCode(browser, owner, from);
      expect(asked.status).toBe(302);
      expect(asked.headers.get("Location")).toBe("/login/otp");
      const signedIn = await enterCode(browser, await latestCode(owner), from);
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("Location")).toBe("/my-campaigns");
      expect(await prisma.loginCode.count({ where: { email: owner, ownDevice: true } })).toBe(1);
    },
    FLOOD_TIMEOUT,
  );

  it(
    "refuses a browser whose cookie is forged, expired, or for another address",
    async () => {
      const owner = address("victim");
      const mine = new CookieJar();
      await signInAndOut(mine, owner);
      const genuine = mine.get(DEVICE_COOKIE) ?? "";
      const other = new CookieJar();
      await signInAndOut(other, address("someone-else"));
      await flood(owner);

      // Made by the server's own code, as it would have been issued 91, 89 or -1 days ago.
      const { rememberSignInHere } = await import("~/server/auth/sign-in-device.server");
      const issued = async (daysAgo: number) =>
        valueOf(await rememberSignInHere(new Request(app.url), owner, new Date(Date.now() - daysAgo * DAY)));
      // The genuine cookie's content with a later sign-in time, under its old signature...
      const [payload = "", signature = ""] = decodeURIComponent(genuine).split(".");
      const content = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { d: [string, number][] };
      content.d[0]![1] += 1;
      const tampered = encodeURIComponent(`${Buffer.from(JSON.stringify(content)).toString("base64")}.${signature}`);
      // ...or signed with a secret that is not the server's.
      const { createSignedCookie } = await import("~/server/core/signed-cookie.server");
      const foreign = createSignedCookie(DEVICE_COOKIE, { secrets: ["not-the-server-secret-0123456789abcdef"] });
      const wrongSecret = valueOf(await foreign.serialize(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))));

      const refusedCookies: [string, CookieJar][] = [
        ["no cookie", new CookieJar()],
        ["another address's genuine cookie", other],
        ["the owner's cookie with its content changed", browserWith(tampered)],
        ["the owner's content signed with another secret", browserWith(wrongSecret)],
        [`the owner's cookie issued ${DEVICE_DAYS + 1} days ago`, browserWith(await issued(DEVICE_DAYS + 1))],
        ["the owner's cookie issued in the future", browserWith(await issued(-1))],
      ];
      for (const [what, jar] of refusedCookies) expect(await isRefused(await requestCode(jar, owner, ip())), what).toBe(true);
      expect(await prisma.loginCode.count({ where: { email: owner, ownDevice: true } })).toBe(0);

      // Still good within DEVICE_DAYS; and the owner's own browser of course.
      expect((await requestCode(browserWith(await issued(DEVICE_DAYS - 1)), owner, ip())).status).toBe(302);
      expect((await requestCode(mine, owner, ip())).status).toBe(302);
    },
    FLOOD_TIMEOUT,
  );
});

describe("the owner's browser", () => {
  it(
    "has a share of its own: LOGIN_CODE_LIMIT_PER_EMAIL_IP codes per 15 minutes, and the per-IP limit still holds",
    async () => {
      const owner = address("busy-owner");
      const browser = new CookieJar();
      await signInAndOut(browser, owner);
      await flood(owner);
      for (let i = 0; i < 5; i++) expect((await requestCode(browser, owner, ip())).status).toBe(302);
      expect(await isRefused(await requestCode(browser, owner, ip()))).toBe(true);

      const other = address("shared-network");
      const elsewhere = new CookieJar();
      await signInAndOut(elsewhere, other);
      const network = ip();
      for (let i = 0; i < 20; i++) await requestCode(new CookieJar(), address("neighbour"), network);
      expect(await isRefused(await requestCode(elsewhere, other, network))).toBe(true);
    },
    FLOOD_TIMEOUT,
  );

  it(
    "keeps the code it asked for when a stranger asks for another one to the same address",
    async () => {
      const owner = address("typing");
      const browser = new CookieJar();
      await signInAndOut(browser, owner);
      const from = ip();
      expect((await requestCode(browser, owner, from)).status).toBe(302);
      const code = await latestCode(owner);

      // A stranger asks for a code to the address while the owner is typing theirs: both stay open.
      expect((await requestCode(new CookieJar(), owner, ip())).status).toBe(302);
      expect(await prisma.loginCode.count({ where: { email: owner, usedAt: null } })).toBe(2);

      const signedIn = await enterCode(browser, code, from);
      expect(signedIn.headers.get("Location")).toBe("/my-campaigns");
    },
    FLOOD_TIMEOUT,
  );

  it(
    "is remembered for each address that signed in on it",
    async () => {
      const first = address("first");
      const second = address("second");
      const browser = new CookieJar();
      await signInAndOut(browser, first);
      await signInAndOut(browser, second);
      await flood(first);
      await flood(second);
      expect((await requestCode(browser, first, ip())).status).toBe(302);
      expect((await requestCode(browser, second, ip())).status).toBe(302);
    },
    FLOOD_TIMEOUT,
  );
});
