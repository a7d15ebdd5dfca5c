/**
 * The local mailbox, over real HTTP with TRUST_PROXY=true (decision 066): it is shown by the
 * connection's own address, never by what a client or a proxy writes in X-Forwarded-For.
 *
 * A connection from another machine needs a network this sandbox may not reach, so the app also
 * listens on a Unix socket: a connection there has no IP address at all, and with TRUST_PROXY=true
 * Express resolves the client as whatever X-Forwarded-For says, exactly as for a remote client.
 */
import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";

const SECRET = "dev-mailbox-secret@example.com";
let app: InProcessAppServer;
let dir = "";
let socketPath = "";

beforeAll(async () => {
  process.env.TRUST_PROXY = "true";
  dir = await mkdtemp(path.join(os.tmpdir(), "giveawear-socket-"));
  socketPath = path.join(dir, "app.sock");
  app = await startAppServer({ unixSocket: socketPath });
  await prisma.outboundEmail.create({
    data: {
      to: SECRET,
      template: "login_code",
      subject: "Your sign-in code",
      html: "<p>123456</p>",
      text: "Your code is 123456",
      status: "pending",
    },
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
  delete process.env.TRUST_PROXY;
});

/** GET over the Unix socket. */
function overSocket(pathname: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: pathname, headers: { Host: "localhost", ...headers } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

async function overLoopback(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const response = await fetch(`${app.url}${pathname}`, { headers });
  return { status: response.status, body: await response.text() };
}

describe("the local mailbox with TRUST_PROXY=true", () => {
  it("is shown to a connection from this machine, and through a proxy here for this machine", async () => {
    for (const headers of <Record<string, string>[]>[{}, { "X-Forwarded-For": "127.0.0.1" }]) {
      const page = await overLoopback("/dev/mailbox", headers);
      expect(page.status).toBe(200);
      expect(page.body).toContain(SECRET);
    }
  });

  it.each(["/dev/mailbox", "/dev/mailbox.data"])(
    "is Not Found for a connection not from a loopback address that says X-Forwarded-For: 127.0.0.1 (%s)",
    async (pathname) => {
      for (const headers of <Record<string, string>[]>[
        { "X-Forwarded-For": "127.0.0.1" },
        { "X-Forwarded-For": "::1" },
        { "X-Real-IP": "127.0.0.1" },
      ]) {
        const page = await overSocket(pathname, headers);
        expect(page.status, JSON.stringify(headers)).toBe(404);
        expect(page.body).not.toContain(SECRET);
      }
    },
  );

  it("is Not Found for a visitor elsewhere that a proxy on this machine forwards", async () => {
    for (const headers of <Record<string, string>[]>[
      { "X-Forwarded-For": "203.0.113.9" },
      { "X-Forwarded-For": "127.0.0.1, 203.0.113.9" },
      { Forwarded: "for=203.0.113.9" },
    ]) {
      const page = await overLoopback("/dev/mailbox", headers);
      expect(page.status, JSON.stringify(headers)).toBe(404);
      expect(page.body).not.toContain(SECRET);
    }
  });

  it("still serves the rest of the site over the same socket", async () => {
    expect((await overSocket("/start", { "X-Forwarded-For": "127.0.0.1" })).status).toBe(200);
  });
});
