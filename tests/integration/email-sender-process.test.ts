/**
 * The sender process (decision 109): with SMTP_URL set, `node server/index.js` runs one process
 * beside its web workers that sends the outbox; the web workers only queue an entry's email and
 * nudge it. Real server processes, real HTTP, the fake SMTP server counting connections.
 *
 * Nothing waits on a fixed sleep: a stopped sender (SIGSTOP) shows that the web workers send
 * nothing themselves, and every wait polls with a deadline.
 */
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/core/db.server";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { type SpawnedServer, freePort, spawnAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { postForm } from "../helpers/http";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const SENDER_LINE = /email sender running \(pid (\d+)\)/g;

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let server: SpawnedServer;

/** The pids of the sender processes the server has started so far, oldest first. */
function senderPids(): number[] {
  return [...server.output().matchAll(SENDER_LINE)].map((match) => Number(match[1]));
}

/** The sender's priority under EMAIL_SENDER_NICE's default: the primary's (as its web workers') + 10. */
function loweredPriority(): number {
  return Math.min(19, os.getPriority(server.process.pid!) + 10);
}

/** Enters `count` new addresses (each its own) into `campaignId`; answers them. */
async function enter(campaignId: string, prefix: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}-${campaignId}@example.com`);
  const responses = await Promise.all(
    emails.map((email) => postForm(server.url, `/campaign/${campaignId}`, { email, agreedToTerms: "on" }, { "User-Agent": BROWSER })),
  );
  expect(responses.map((response) => response.status)).toEqual(emails.map(() => 303));
  return emails;
}

/** How many messages the SMTP server received for each address. */
function receivedFor(emails: string[]): number[] {
  return emails.map((email) => smtp.received.filter((mail) => mail.to.includes(email)).length);
}

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  server = await spawnAppServer(await freePort(), {
    SMTP_URL: smtp.url,
    SMTP_MAX_CONNECTIONS: "2",
    WEB_CONCURRENCY: "2",
    DEMO_DATA: "false",
    ENTRY_LIMIT_PER_IP: "100000",
  });
  await vi.waitFor(() => expect(senderPids()).toHaveLength(1), { timeout: 30_000, interval: 100 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("the sender process (decision 109)", () => {
  it(
    "sends the entries' emails while the web workers only queue them, each once, over the pooled connections",
    { timeout: 60_000 },
    async () => {
      const campaign = await createCampaign();
      const [sender] = senderPids();
      // Stopped, the sender sends nothing: whatever reaches the SMTP server now would come from a web worker.
      process.kill(sender!, "SIGSTOP");
      let emails: string[];
      try {
        emails = await enter(campaign.id, "queued", 12);
        const queued = await prisma.outboundEmail.findMany({ where: { to: { in: emails } }, select: { template: true, status: true } });
        expect(queued).toHaveLength(emails.length);
        expect(new Set(queued.map((row) => `${row.template} ${row.status}`))).toEqual(new Set(["entry_confirm_request pending"]));
        expect(receivedFor(emails)).toEqual(emails.map(() => 0));
      } finally {
        process.kill(sender!, "SIGCONT");
      }
      await vi.waitFor(
        async () => expect(await prisma.outboundEmail.count({ where: { to: { in: emails }, status: "sent" } })).toBe(emails.length),
        { timeout: 30_000, interval: 100 },
      );
      expect(receivedFor(emails)).toEqual(emails.map(() => 1));
      expect(smtp.mostOpen).toBeLessThanOrEqual(2);
    },
  );

  it("runs below the web workers' CPU priority (decision 118), by EMAIL_SENDER_NICE's default of 10", () => {
    const [sender] = senderPids();
    expect(os.getPriority(sender!)).toBe(loweredPriority());
  });

  it("replaces a sender that dies, and the new one drains what was queued meanwhile, each message once", { timeout: 60_000 }, async () => {
    const campaign = await createCampaign();
    const [first] = senderPids();
    process.kill(first!, "SIGKILL");
    const emails = await enter(campaign.id, "restart", 8);
    await vi.waitFor(() => expect(server.output()).toMatch(/the email sender exited \(SIGKILL\); starting another/), {
      timeout: 30_000,
      interval: 100,
    });
    await vi.waitFor(() => expect(senderPids()).toHaveLength(2), { timeout: 30_000, interval: 100 });
    expect(senderPids()[1]).not.toBe(first);
    expect(os.getPriority(senderPids()[1]!)).toBe(loweredPriority());
    await vi.waitFor(
      async () => expect(await prisma.outboundEmail.count({ where: { to: { in: emails }, status: "sent" } })).toBe(emails.length),
      { timeout: 30_000, interval: 100 },
    );
    expect(receivedFor(emails)).toEqual(emails.map(() => 1));
  });
});
