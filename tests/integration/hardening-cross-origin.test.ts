/**
 * /logout and /theme over real HTTP: they are resource routes, which React Router's
 * cross-origin check for page actions skips, so they check the Origin header themselves. A form
 * posted from another website gets 403 with a clear message and changes nothing; refused requests
 * (403, 405) leave no stack trace in the server's log. The theme and dashboard_view cookies are
 * Secure in production.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, type SpawnedServer, spawnAppServer, startAppServer, freePort } from "../helpers/app-server";
import { signedInJar } from "../helpers/wizard";

const FOREIGN = "https://evil.example";
const REFUSED = "This form was sent from another website, so nothing was changed.";

let server: SpawnedServer;

beforeAll(async () => {
  // Development, not the suite's "test" mode, in which React Router logs no errors at all (the production build).
  server = await spawnAppServer(await freePort(), { NODE_ENV: "development" });
});

afterAll(async () => {
  await server.close();
});

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}, method = "POST"): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/** What the server logs while `run` runs. */
let marks = 0;

async function logDuring(run: () => Promise<void>): Promise<string> {
  const before = server.output().length;
  await run();
  // The access log is written in batches, at most a second late: one more request, logged after the
  // others, marks the end, and the log is read once that line is in it.
  const mark = `/healthz?log-mark=${++marks}`;
  await fetch(`${server.url}${mark}`);
  await vi.waitFor(() => expect(server.output().slice(before)).toContain(mark), { timeout: 10_000, interval: 50 });
  return server.output().slice(before);
}

const STACK_FRAME = /^\s+at .+[:(]/m;

describe("a form posted to /logout or /theme from another website", () => {
  it.each([FOREIGN, "null"])("with Origin %s gets 403 and changes nothing", async (origin) => {
    const { jar, userId } = await signedInJar("cross-origin");
    const log = await logDuring(async () => {
      const logout = await post("/logout", {}, { Cookie: jar.header(), Origin: origin });
      expect(logout.status).toBe(403);
      expect(await logout.text()).toBe(REFUSED);
      expect(logout.headers.getSetCookie()).toEqual([]);

      const theme = await post("/theme", { theme: "dark", redirectTo: "/pricing" }, { Origin: origin });
      expect(theme.status).toBe(403);
      expect(await theme.text()).toBe(REFUSED);
      expect(theme.headers.getSetCookie()).toEqual([]);
    });
    expect(await prisma.session.count({ where: { userId } })).toBe(1);
    expect(log).not.toMatch(STACK_FRAME);
  });

  it("is still accepted from our own pages", async () => {
    const { jar, userId } = await signedInJar("same-origin");
    const theme = await post("/theme", { theme: "dark", redirectTo: "/pricing" }, { Origin: server.url });
    expect(theme.status).toBe(302);
    expect(theme.headers.get("Location")).toBe("/pricing");
    expect(theme.headers.getSetCookie().join()).toMatch(/^theme=/);

    const logout = await post("/logout", {}, { Cookie: jar.header(), Origin: server.url });
    expect(logout.status).toBe(302);
    expect(await prisma.session.count({ where: { userId } })).toBe(0);
  });
});

describe("refused requests in the server log", () => {
  it("other methods get 405 from /logout and /theme, and no refusal logs a stack trace", async () => {
    const { jar, userId } = await signedInJar("methods");
    const log = await logDuring(async () => {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const logout = await post("/logout", {}, { Cookie: jar.header() }, method);
        expect(logout.status).toBe(405);
        // GET /logout answers (it goes home), so the server's Allow lists it.
        expect(logout.headers.get("Allow")).toBe("GET, HEAD, POST");
        const theme = await post("/theme", { theme: "dark" }, {}, method);
        expect(theme.status).toBe(405);
        expect(theme.headers.getSetCookie()).toEqual([]);
      }
      // A page without an action (React Router's own 405), and React Router's own cross-origin refusal of a page action.
      expect((await post("/start", {})).status).toBe(405);
      expect((await post("/contact", { name: "Eve" }, { Origin: FOREIGN })).status).toBe(400);
    });
    expect(await prisma.session.count({ where: { userId } })).toBe(1);
    expect(log).toContain("PUT /logout");
    expect(log).not.toMatch(STACK_FRAME);
  });
});

describe("a page's form posted by JavaScript (a .data request) from another website", () => {
  it.each([FOREIGN, "null"])("with Origin %s is refused with 400, changes nothing and logs no stack trace", async (origin) => {
    const sent = await prisma.outboundEmail.count();
    const log = await logDuring(async () => {
      const contact = await post(
        "/contact.data",
        { name: "Eve", email: "eve@example.com", subject: "Hello there", message: "A question from elsewhere." },
        { Origin: origin },
      );
      expect(contact.status).toBe(400);
      await contact.text();
      const login = await post("/login.data", { email: "eve@example.com" }, { Origin: origin });
      expect(login.status).toBe(400);
      await login.text();
    });
    expect(await prisma.outboundEmail.count()).toBe(sent);
    expect(log).toContain("POST /contact.data");
    expect(log).not.toMatch(/Bad Request|Error:/);
    expect(log).not.toMatch(STACK_FRAME);
  });

  it("is still answered by the action from our own pages", async () => {
    const response = await post("/login.data", { email: "not-an-address" }, { Origin: server.url });
    const answer = await response.text();
    expect(answer).toContain("Please enter a valid email address.");
    expect(answer).not.toContain("Bad Request");
  });
});

describe("cookies in production", () => {
  let app: InProcessAppServer;

  beforeAll(async () => {
    // In this process, so production settings can be switched on after the pages are compiled
    // (the dev server cannot compile React pages under NODE_ENV=production).
    app = await startAppServer();
  });

  afterAll(async () => {
    await app.close();
  });

  it("the theme and dashboard_view cookies are Secure", async () => {
    const { jar } = await signedInJar("secure-view");
    const dashboard = (view: string) =>
      fetch(`${app.url}/my-campaigns?view=${view}`, { redirect: "manual", headers: { Cookie: jar.header() } });
    const theme = () =>
      fetch(`${app.url}/theme`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body: new URLSearchParams({ theme: "dark", redirectTo: "/pricing" }),
      });
    const cookie = (response: Response, name: string) => response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
    // Outside production neither is Secure: local http://localhost must keep them.
    expect(cookie(await theme(), "theme")).not.toMatch(/;\s*Secure/i);
    const local = await dashboard("list");
    expect(local.status).toBe(200);
    expect(cookie(local, "dashboard_view")).not.toMatch(/;\s*Secure/i);

    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    await app.resetConfig();
    try {
      expect(cookie(await theme(), "theme")).toMatch(/;\s*Secure/i);
      const secure = await dashboard("grid");
      expect(secure.status).toBe(200);
      expect(cookie(secure, "dashboard_view")).toMatch(/;\s*Secure/i);
    } finally {
      process.env.NODE_ENV = previous;
      await app.resetConfig();
    }
  });
});
