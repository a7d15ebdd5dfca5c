import { once } from "node:events";
import { afterEach, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { type SpawnedServer, spawnAppServer, freePort } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";

let server: SpawnedServer | undefined;
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>> | undefined;

afterEach(async () => {
  await server?.close();
  await smtp?.close();
  server = smtp = undefined;
});

// Without SMTP (one process), and with it: then the server is a primary, its worker and the sender
// process (decision 109), and SIGKILL goes to the primary, as a container's OOM kill or `kill -9` would.
it.each(["without SMTP", "with SMTP and the sender process"])(
  "keeps every entry it acknowledged when the server is killed (SIGKILL) during a burst, %s",
  async (mode) => {
    const campaign = await createCampaign();
    if (mode !== "without SMTP") smtp = await startFakeSmtpServer();
    server = await spawnAppServer(await freePort(), { ENTRY_LIMIT_PER_IP: "100000", ...(smtp ? { SMTP_URL: smtp.url } : {}) });
    const url = `${server.url}/campaign/${campaign.id}`;
    // Warm up: the dev server compiles the route on its first request.
    expect((await fetch(url)).status).toBe(200);

    const acknowledged: string[] = [];
    const killAfter = 60;
    let next = 0;
    const child = server.process;
    async function worker() {
      while (next < 2000) {
        const email = `crash${next++}@example.com`;
        try {
          const response = await fetch(url, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ email, agreedToTerms: "on" }),
          });
          if (response.status === 303) acknowledged.push(email);
          // Killed in the middle of the burst, while the other connections still have entries in flight.
          if (acknowledged.length === killAfter) child.kill("SIGKILL");
        } catch {
          return; // the server is gone
        }
      }
    }
    await Promise.all(Array.from({ length: 16 }, worker));
    if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
    expect(child.signalCode ?? "exited").toBe("SIGKILL");

    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
    const stored = await prisma.entry.findMany({ where: { campaignId: campaign.id }, select: { email: true } });
    const storedEmails = new Set(stored.map((entry) => entry.email));
    expect(acknowledged.filter((email) => !storedEmails.has(email))).toEqual([]);
    // Acknowledged entries are pending (decision 038): the counter holds confirmed entries only.
    const counted = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id }, select: { entryCount: true } });
    const confirmed = await prisma.entry.count({ where: { campaignId: campaign.id, confirmedAt: { not: null } } });
    expect(counted.entryCount).toBe(confirmed);
  },
);
