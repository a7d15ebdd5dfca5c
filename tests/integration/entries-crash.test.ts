import { once } from "node:events";
import { afterAll, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type SpawnedServer, spawnAppServer, freePort } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";

let server: SpawnedServer | undefined;

afterAll(async () => {
  await server?.close();
});

it("keeps every entry it acknowledged when the server is killed (SIGKILL) during a burst", async () => {
  const campaign = await createCampaign();
  server = await spawnAppServer(await freePort(), { ENTRY_LIMIT_PER_IP: "100000" });
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
});
