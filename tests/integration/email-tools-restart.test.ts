/**
 * Exactly once, across a restart of the server during delivery, for the email tools
 * (decision 056): the server is killed (SIGKILL) while both services hold its subscribe requests,
 * after they took effect and before they answered. The rows stay claimed until their lease runs
 * out; the next pass sends them again, and each service still has the entrant once (Mailchimp
 * upserts by subscriber hash, Klaviyo keys profiles by address), with our rows marked done.
 */
import { once } from "node:events";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { SYNC_LEASE_MS, deliverDueEmailToolSyncs } from "~/server/integrations/email-tool-sync.server";
import type { FakeKlaviyo } from "../fakes/klaviyo-server";
import type { FakeMailchimp } from "../fakes/mailchimp-server";
import { type SpawnedServer, freePort, spawnAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { MAILCHIMP_LIST, connectBoth, creator, enterAndConfirm, settledRows, startEmailToolFakes, tag } from "../helpers/email-tools";

let klaviyo: FakeKlaviyo;
let mailchimp: FakeMailchimp;
let server: SpawnedServer | undefined;

beforeAll(async () => {
  ({ klaviyo, mailchimp } = await startEmailToolFakes());
  // The spawned servers take this process's environment.
  Object.assign(process.env, { KLAVIYO_API_URL: klaviyo.url, MAILCHIMP_API_URL: mailchimp.url, ENTRY_LIMIT_PER_IP: "100000" });
  resetConfigForTests();
});

afterAll(async () => {
  await server?.close();
  await klaviyo.close();
  await mailchimp.close();
});

it("delivers each consenting entrant once when the server is killed during delivery and restarted", async () => {
  const { userId } = await creator();
  await connectBoth(userId);
  const campaign = await createCampaign({ creatorId: userId, title: `Restart Giveaway ${tag()}` });
  const port = await freePort();
  server = await spawnAppServer(port);
  expect((await fetch(`${server.url}/campaign/${campaign.id}`)).status).toBe(200);

  // Both services take the subscribe and then hold their answer.
  const klaviyoHeld = klaviyo.faults.holdNext({
    afterApply: true,
    match: (path) => path.endsWith("/profile-subscription-bulk-create-jobs"),
  });
  const mailchimpHeld = mailchimp.faults.holdNext({ afterApply: true, match: (path) => path.includes("/members/") });
  const email = `killed-${tag()}@example.com`;
  const entryId = await enterAndConfirm(server.url, campaign.id, email, true);
  await Promise.all([klaviyoHeld.arrived, mailchimpHeld.arrived]);
  expect(await prisma.emailToolSync.count({ where: { entryId, status: "sending" } })).toBe(2);

  const child = server.process;
  child.kill("SIGKILL");
  if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
  expect(child.signalCode).toBe("SIGKILL");
  // The services applied the subscribe; we never heard so.
  expect(klaviyo.profile(email)?.subscribeJobs).toBe(1);
  expect(mailchimp.member(MAILCHIMP_LIST.id, email)?.upserts).toBe(1);
  expect(await prisma.emailToolSync.count({ where: { entryId, status: "sending" } })).toBe(2);

  // Restarted: it serves entrants again at once…
  server = await spawnAppServer(port);
  const next = `after-${tag()}@example.com`;
  const nextId = await enterAndConfirm(server.url, campaign.id, next, true);
  expect((await settledRows(nextId)).map((row) => row.status)).toEqual(["done", "done"]);

  // …and once the killed sender's lease has run out, a pass sends its rows again.
  const before = await deliverDueEmailToolSyncs(new Date(Date.now() + 30_000));
  expect(before.done).toBe(0);
  await deliverDueEmailToolSyncs(new Date(Date.now() + SYNC_LEASE_MS + 1000));
  const rows = await prisma.emailToolSync.findMany({ where: { entryId } });
  expect(rows.map((row) => [row.status, row.attempts])).toEqual([
    ["done", 2],
    ["done", 2],
  ]);

  // One profile and one member per address, each subscribed.
  for (const address of [email, next]) {
    expect([...klaviyo.profiles.values()].filter((profile) => profile.email.toLowerCase() === address)).toHaveLength(1);
    expect(klaviyo.profile(address)?.consent).toBe("SUBSCRIBED");
    expect(mailchimp.membersWith(address).map((member) => member.status)).toEqual(["subscribed"]);
  }
  expect(klaviyo.profile(email)?.subscribeJobs).toBe(2);
  expect(klaviyo.profile(next)?.subscribeJobs).toBe(1);
}, 180_000);
