import { beforeEach, describe, expect, it } from "vitest";
import * as loginOtp from "~/routes/login.otp";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import * as myCampaigns from "~/routes/my-campaigns";
import * as adminDashboard from "~/routes/admin.dashboard";
import * as adminGuard from "~/routes/admin-guard";
import { CLIENT_IP_HEADER } from "~/server/core/request.server";
import { prisma } from "~/server/core/db.server";
import { readToast } from "~/server/core/toast.server";
import { bodyOf, CookieJar, get, location, post, run, runBehind, statusOf } from "../helpers/http";

let seq = 0;
function email(prefix: string) {
  seq += 1;
  return `${prefix}-${seq}-${Date.now()}@example.com`;
}

async function toastOf(jar: CookieJar) {
  return (await readToast(get(jar, "/"))).toast;
}

/** Each request from its own address, unless a test is about one address. */
function someIp() {
  return `2001:db8::${(seq += 1).toString(16)}`;
}

async function requestCode(jar: CookieJar, address: string, extra: Record<string, string> = {}, ip = someIp()) {
  return jar.absorb((await run(login.action, post(jar, "/login", { email: address, ...extra }, { [CLIENT_IP_HEADER]: ip }))) as Response);
}

async function latestCode(address: string): Promise<{ code: string; link: string }> {
  const message = await prisma.outboundEmail.findFirstOrThrow({ where: { to: address }, orderBy: { createdAt: "desc" } });
  const code = /\b(\d{6})\b/.exec(message.text ?? "")?.[1];
  const link = /(https?:\/\/\S+\/login\/otp\?t=[^\s)]+)/.exec(message.text ?? "")?.[1];
  if (!code || !link) throw new Error(`no code in ${message.text}`);
  return { code, link };
}

async function verify(jar: CookieJar, code: string) {
  const result = await run(loginOtp.action, post(jar, "/login/otp", { code }));
  if (result instanceof Response) jar.absorb(result);
  return result;
}

async function signIn(address: string, redirectTo?: string) {
  const jar = new CookieJar();
  await requestCode(jar, address, redirectTo ? { redirectTo } : {});
  const { code } = await latestCode(address);
  const result = await verify(jar, code);
  return { jar, result };
}

describe("requesting a code", () => {
  it("emails a 6-digit code and a magic link to our own origin, and moves to the code screen", async () => {
    const jar = new CookieJar();
    const address = email("new");
    const response = await requestCode(jar, address);
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/login/otp");
    expect(await toastOf(jar)).toMatchObject({ title: "OTP Sent", description: `An OTP has been sent to ${address}.` });

    const { link } = await latestCode(address);
    expect(new URL(link).origin).toBe(process.env.APP_URL);
    const row = await prisma.loginCode.findFirstOrThrow({ where: { email: address } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60 * 1000);

    const screen = bodyOf<{ email: string }>(await run(loginOtp.loader, get(jar, "/login/otp")));
    expect(screen.email).toBe(address);
  });

  it.each([
    ["", "Email is required."],
    ["not-an-email", "Please enter a valid email address."],
    ["a@b", "Please enter a valid email address."],
  ])("refuses %j with the spec's message and writes nothing", async (input, message) => {
    const before = await prisma.outboundEmail.count();
    const result = await run(login.action, post(new CookieJar(), "/login", { email: input }));
    expect(statusOf(result)).toBe(400);
    expect(JSON.stringify(bodyOf(result))).toContain(message);
    expect(await prisma.outboundEmail.count()).toBe(before);
  });

  it("limits code requests per email from one IP address, and per email from all of them together", async () => {
    const address = email("spammy");
    const ip = "198.51.100.1";
    for (let i = 0; i < 5; i++) expect((await requestCode(new CookieJar(), address, {}, ip)).status).toBe(302);
    const limited = await run(login.action, post(new CookieJar(), "/login", { email: address }, { [CLIENT_IP_HEADER]: ip }));
    expect(statusOf(limited)).toBe(429);
    // Other networks may still ask, up to the higher ceiling for the address.
    for (let i = 5; i < 30; i++) expect((await requestCode(new CookieJar(), address)).status).toBe(302);
    const capped = await run(login.action, post(new CookieJar(), "/login", { email: address }, { [CLIENT_IP_HEADER]: someIp() }));
    expect(statusOf(capped)).toBe(429);
    expect(await prisma.loginCode.count({ where: { email: address } })).toBe(30);
  });

  it("limits code requests per IP address", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 20; i++) expect((await requestCode(new CookieJar(), email("ip"), {}, ip)).status).toBe(302);
    const limited = await run(login.action, post(new CookieJar(), "/login", { email: email("ip") }, { [CLIENT_IP_HEADER]: ip }));
    expect(statusOf(limited)).toBe(429);
  });

  it("refuses a filled honeypot without sending anything", async () => {
    const address = email("bot");
    const result = await run(login.action, post(new CookieJar(), "/login", { email: address, company_website: "spam" }));
    expect(statusOf(result)).toBe(400);
    expect(await prisma.outboundEmail.count({ where: { to: address } })).toBe(0);
  });
});

describe("entering the code", () => {
  it("signs a new user in with 5 credits and names from the email", async () => {
    const address = email("fresh");
    const { jar, result } = await signIn(address);
    expect(statusOf(result)).toBe(302);
    expect(location(result)).toBe("/my-campaigns");
    expect(await toastOf(jar)).toMatchObject({ title: "Login Successful", description: `Welcome back, ${address.split("@")[0]}!` });
    const user = await prisma.user.findUniqueOrThrow({ where: { email: address } });
    expect(user).toMatchObject({ aiDesignCredits: 5, firstName: address.split("@")[0], lastName: "", role: "user" });
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1);
    const page = bodyOf<{ name: string }>(await run(myCampaigns.loader, get(jar, "/my-campaigns")));
    expect(page.name).toBe(address.split("@")[0]);
  });

  it("keeps an existing user's credits", async () => {
    const address = email("regular");
    await prisma.user.create({ data: { email: address, firstName: "Reg", lastName: "Ular", aiDesignCredits: 2 } });
    const { result } = await signIn(address);
    expect(location(result)).toBe("/my-campaigns");
    expect(await prisma.user.findUniqueOrThrow({ where: { email: address } })).toMatchObject({ aiDesignCredits: 2, firstName: "Reg" });
  });

  it("lets a code work once", async () => {
    const address = email("replay");
    const jar = new CookieJar();
    await requestCode(jar, address);
    const { code } = await latestCode(address);
    const replayCookies = jar.header();
    expect(statusOf(await verify(jar, code))).toBe(302);
    // The same request again, with the cookies from before the first success.
    const replay = await run(
      loginOtp.action,
      new Request("http://localhost:3000/login/otp", {
        method: "POST",
        headers: { Cookie: replayCookies, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ code }),
      }),
    );
    expect(statusOf(replay)).toBe(400);
    expect(await prisma.session.count({ where: { user: { email: address } } })).toBe(1);
  });

  it("refuses the sixth try after five wrong codes, even when it is right", async () => {
    const address = email("guess");
    const jar = new CookieJar();
    await requestCode(jar, address);
    const { code } = await latestCode(address);
    const wrong = code === "999999" ? "000000" : "999999";
    for (let i = 0; i < 5; i++) {
      const result = await verify(jar, wrong);
      expect(statusOf(result)).toBeGreaterThanOrEqual(400);
      expect(bodyOf<{ toast: { title: string } }>(result).toast.title).toBe("Verification Failed");
    }
    const sixth = await verify(jar, code);
    expect(statusOf(sixth)).toBe(429);
    expect(bodyOf<{ toast: { description: string } }>(sixth).toast.description).toBe(
      "Too many incorrect attempts. Please request a new code.",
    );
    expect(await prisma.user.count({ where: { email: address } })).toBe(0);
  });

  it("refuses an expired code", async () => {
    const address = email("late");
    const jar = new CookieJar();
    await requestCode(jar, address);
    const { code } = await latestCode(address);
    await prisma.loginCode.updateMany({ where: { email: address }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const result = await verify(jar, code);
    expect(statusOf(result)).toBe(400);
    expect(bodyOf<{ toast: { description: string } }>(result).toast.description).toBe("That code has expired. Please request a new one.");
  });

  it.each(["12345", "1234567", "abcdef", "12 456"])("answers the malformed code %j with the spec's message", async (bad) => {
    const address = email("bad");
    const jar = new CookieJar();
    await requestCode(jar, address);
    const result = await verify(jar, bad);
    expect(statusOf(result)).toBe(400);
    expect(bodyOf<{ toast: { title: string; description: string } }>(result).toast).toMatchObject({
      title: "Verification Failed",
      description: "Could not verify OTP. Please try again.",
    });
    const row = await prisma.loginCode.findFirstOrThrow({ where: { email: address } });
    expect(row.attempts).toBe(0);
  });

  it("answers a missing code with the spec's message", async () => {
    const jar = new CookieJar();
    await requestCode(jar, email("empty"));
    const result = await verify(jar, "");
    expect(bodyOf<{ toast: { title: string; description: string } }>(result).toast).toMatchObject({
      title: "Error",
      description: "Email and OTP are required.",
    });
  });

  it("sends the code screen without a pending code back to the login page", async () => {
    const jar = new CookieJar();
    const result = jar.absorb((await run(loginOtp.loader, get(jar, "/login/otp"))) as Response);
    expect(location(result)).toBe("/login");
    expect(await toastOf(jar)).toMatchObject({ title: "Error", description: "No email provided for OTP verification." });
  });

  it("fills the code in from the magic link, and ignores a tampered one", async () => {
    const address = email("link");
    const jar = new CookieJar();
    await requestCode(jar, address);
    const { code, link } = await latestCode(address);
    const url = new URL(link);
    const screen = bodyOf<{ linkCode: string }>(await run(loginOtp.loader, get(jar, `${url.pathname}${url.search}`)));
    expect(screen.linkCode).toBe(code);
    const tampered = bodyOf<{ linkCode: string; linkProblem: string }>(
      await run(loginOtp.loader, get(jar, `/login/otp?t=${url.searchParams.get("t")?.slice(0, -4)}AAAA`)),
    );
    expect(tampered.linkCode).toBe("");
    expect(tampered.linkProblem).toBeTruthy();
  });
});

describe("where sign-in lands", () => {
  it.each([
    ["//evil.example", "/my-campaigns"],
    ["https://evil.example", "/my-campaigns"],
    ["/\\evil.example", "/my-campaigns"],
    ["/start", "/my-campaigns"],
    ["/create-campaign-v2?step=2", "/create-campaign-v2?step=2"],
  ])("a return path of %j goes to %s", async (redirectTo, expected) => {
    const { result } = await signIn(email("ret"), redirectTo);
    expect(location(result)).toBe(expected);
  });

  it("sends configured admins to the admin dashboard", async () => {
    const { jar, result } = await signIn("admin@int.test");
    expect(location(result)).toBe("/admin/dashboard");
    expect(statusOf(await runBehind(adminGuard.middleware, adminDashboard.loader, get(jar, "/admin/dashboard")))).toBe(200);
  });

  it("sends a signed-in visitor of /login to the return path", async () => {
    const { jar } = await signIn(email("again"));
    expect(location(await run(login.loader, get(jar, "/login?redirectTo=%2Fsettings")))).toBe("/settings");
    expect(location(await run(login.loader, get(jar, "/login")))).toBe("/my-campaigns");
  });
});

describe("guards and logout", () => {
  let jar: CookieJar;
  beforeEach(async () => {
    jar = (await signIn(email("guarded"))).jar;
  });

  it("sends visitors to /login with the message and the original location", async () => {
    const visitor = new CookieJar();
    const result = visitor.absorb((await run(myCampaigns.loader, get(visitor, "/my-campaigns?tab=draft"))) as Response);
    expect(location(result)).toBe("/login?redirectTo=%2Fmy-campaigns%3Ftab%3Ddraft");
    expect(await toastOf(visitor)).toMatchObject({ description: "Please log in to access this page." });
  });

  it("keeps non-admins out of the admin panel", async () => {
    expect(location(await runBehind(adminGuard.middleware, adminDashboard.loader, get(jar, "/admin/dashboard")))).toBe("/my-campaigns");
  });

  it("logs out: the session is gone from the database and the cookie", async () => {
    const result = jar.absorb((await run(logout.action, post(jar, "/logout", {}))) as Response);
    expect(location(result)).toBe("/start");
    expect(await toastOf(jar)).toMatchObject({ title: "Logged Out", description: "You have been successfully logged out." });
    expect(location(await run(myCampaigns.loader, get(jar, "/my-campaigns")))).toMatch(/^\/login\?redirectTo=/);
  });

  it("does not log out on GET", async () => {
    expect(location(await run(logout.loader, get(jar, "/logout")))).toBe("/start");
    expect(statusOf(await run(myCampaigns.loader, get(jar, "/my-campaigns")))).toBe(200);
  });
});
