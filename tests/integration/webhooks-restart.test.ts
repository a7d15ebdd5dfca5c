/**
 * A confirmed, consenting entrant reaches the brand's webhook receiver once,
 * with valid signatures, across a restart of the server during delivery (decision 055).
 *
 * The receiver holds the first request (no answer), the server is killed with SIGKILL while it
 * waits, and a new server starts. The delivery's lease (WEBHOOK_TIMEOUT_MS + 5 s) runs out and the
 * new server's job timer sends it again: the same event id and body, signed afresh, and the
 * receiver answers 200. At least once: the cut-off first request carried the same event id, which
 * is what receivers deduplicate on; the receiver acknowledged exactly one request, and the
 * database shows one delivery, delivered.
 */
import { once } from "node:events";
import { afterAll, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { submitEntry } from "~/server/entries/submit.server";
import { createEndpoint, deliverDueWebhooks } from "~/server/integrations/webhooks.server";
import { type WebhookReceiver, startWebhookReceiver } from "../fakes/webhook-receiver";
import { type SpawnedServer, freePort, spawnAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { confirmLinkPath } from "../helpers/entries";
import { ORIGIN, postForm } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const servers: SpawnedServer[] = [];
let receiver: WebhookReceiver | undefined;

afterAll(async () => {
  for (const server of servers) await server.close();
  await receiver?.close();
  delete process.env.WEBHOOK_ALLOW_HOSTS;
  resetConfigForTests();
});

it("delivers entry.confirmed once, signed, when the server is killed mid-delivery and restarted", { timeout: 120_000 }, async () => {
  receiver = await startWebhookReceiver();
  // The receiver is on 127.0.0.1, which only WEBHOOK_ALLOW_HOSTS lets a webhook reach.
  const env = { WEBHOOK_ALLOW_HOSTS: "127.0.0.1", WEBHOOK_TIMEOUT_MS: "2000" };
  Object.assign(process.env, env);
  resetConfigForTests();

  const { userId } = await signedInJar("restart-brand");
  const created = await createEndpoint(userId, { url: receiver.url("/restart"), events: ["entry.confirmed"] });
  if (created.kind !== "created") throw new Error(created.message);
  receiver.secrets.push(created.secret);
  const campaign = await createCampaign({ creatorId: userId });
  const entered = await submitEntry({
    campaignId: campaign.id,
    email: "restart-fan@example.com",
    agreedToTerms: "on",
    marketingConsent: true,
    origin: ORIGIN,
  } as never);
  if (entered.kind !== "entered") throw new Error(entered.kind);

  const port = await freePort();
  // The first server runs no job timer: only the delivery right after the confirmation sends.
  const first = await spawnAppServer(port, { ...env, JOBS_INTERVAL_MS: "0" });
  servers.push(first);
  receiver.next({ kind: "hold" });
  const confirmPath = await confirmLinkPath(entered.entryId);
  const confirmed = await postForm(first.url, confirmPath, {}, { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0" });
  expect(confirmed.status).toBe(303);

  // The receiver has the request and holds it; the server dies before any answer.
  const [held] = await receiver.waitForRequests(1, (request) => request.path === "/restart", 30_000);
  first.process.kill("SIGKILL");
  if (first.process.exitCode === null && first.process.signalCode === null) await once(first.process, "exit");
  expect(first.process.signalCode).toBe("SIGKILL");
  const interrupted = await prisma.webhookDelivery.findFirstOrThrow({ where: { entryId: entered.entryId } });
  expect(interrupted).toMatchObject({ status: "pending", attempts: 1 });
  expect(interrupted.leaseUntil).not.toBeNull();

  // A new server, with its job timer: once the dead sender's lease runs out, it delivers.
  receiver.answer({ kind: "status", status: 200 });
  const second = await spawnAppServer(port, { ...env, JOBS_INTERVAL_MS: "250" });
  servers.push(second);
  await expect
    .poll(async () => (await prisma.webhookDelivery.findFirstOrThrow({ where: { entryId: entered.entryId } })).status, {
      timeout: 60_000,
      interval: 250,
    })
    .toBe("delivered");
  // Whatever is due now (nothing), in this process too: no further request for this entry.
  await deliverDueWebhooks(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));

  const requests = receiver.requests.filter((request) => request.path === "/restart");
  expect(requests.length).toBeGreaterThanOrEqual(2);
  expect(held?.senderHungUp).toBe(true);
  expect(held?.answered).toBeNull();
  // One event, the same id and body on every request, each validly signed.
  expect(new Set(requests.map((request) => request.eventId))).toEqual(new Set([held?.eventId]));
  expect(new Set(requests.map((request) => request.body)).size).toBe(1);
  expect(requests.every((request) => request.validSignature)).toBe(true);
  expect(requests.every((request) => request.event?.id === request.eventId)).toBe(true);
  // The receiver acknowledged it exactly once.
  expect(requests.filter((request) => request.answered === 200)).toHaveLength(1);
  expect(held?.event?.data).toMatchObject({ id: entered.entryId, email: "restart-fan@example.com", marketing_consent: { given: true } });

  const rows = await prisma.webhookDelivery.findMany({ where: { entryId: entered.entryId } });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200, openKey: null });
  expect(rows[0]?.deliveredAt).not.toBeNull();
});
