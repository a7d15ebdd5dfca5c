/**
 * Two app instances side by side (decisions 024 and 058): two server
 * processes with their own DATA_DIR share one database (PostgreSQL under TEST_DATABASE=postgres,
 * else one SQLite file in WAL mode) and one S3-compatible bucket (s3rver on 127.0.0.1), and both
 * run the background jobs every 250 ms. Whatever a load balancer sends to either of them:
 *
 * - a file uploaded through one is served by the other (nothing is on either's disk);
 * - a campaign that ends while both run their jobs is frozen once, drawn once, and its winner gets
 *   one email;
 * - a burst of confirmations split across both fills the entry limit exactly;
 * - their sender processes (decision 109), claiming from one outbox, send each entrant's email once.
 *
 * Nothing waits on a fixed sleep: every wait polls the database or the servers with a deadline.
 */
import { mkdtemp, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { roundAt, roundTimeMs } from "~/domain/beacon";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { storeImageUpload } from "~/server/media/uploads.server";
import { type FakeS3, startFakeS3 } from "../fakes/s3-server";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { type SpawnedServer, freePort, spawnAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, setUpFakeBeacon } from "../helpers/draw";
import { confirmEntryByEmail } from "../helpers/entries";
import { postForm } from "../helpers/http";
import { STEP1, signedInJar } from "../helpers/wizard";

const DAY = 24 * 60 * 60 * 1000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
// The fake drand publishes every round (its clock runs a day ahead): the servers' own clocks decide.
const beacon = setUpFakeBeacon();

let s3: FakeS3;
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let servers: SpawnedServer[] = [];
const dataDirs: string[] = [];
/** The campaign that ends while both instances run their jobs (made before them, checked last). */
let ending: { id: string; endDate: Date; entryEmails: string[] };

/** Polls `probe` until it answers something other than undefined, or fails at the deadline. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${timeoutMs} ms\n${servers.map((s, i) => `--- instance ${i + 1}\n${s.output()}`).join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  s3 = await startFakeS3();
  smtp = await startFakeSmtpServer();
  // This process reads the same bucket as the servers (the test's own reads and helpers).
  Object.assign(process.env, s3.env, { SMTP_URL: smtp.url });
  resetConfigForTests();

  // One after the other: each compiles the app on start, and this machine's cores are shared.
  for (let i = 0; i < 2; i++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `giveawear-instance${i + 1}-`));
    dataDirs.push(dataDir);
    servers.push(
      await spawnAppServer(await freePort(), {
        ...s3.env,
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        JOBS_INTERVAL_MS: "250",
        DEMO_DATA: "false",
        ENTRY_LIMIT_PER_IP: "100000",
        DRAW_BEACON_MARGIN_MINUTES: "1",
      }),
    );
  }

  // Made once both run their jobs, ending 3 s later. Its beacon round is fixed at launch a little
  // over 30 s after the end (LATE_FREEZE_MS): the list must be frozen before then, which a 250 ms job
  // timer does within the first second (later, the margin of 1 minute picks a later round).
  // Its entries go in first and its end is set after them: on a loaded machine 3 s can pass while
  // they are written, and a pass freezing it then would see entries its counter does not hold yet.
  const chain = beacon.fake().chain;
  const campaign = await createCampaign({
    startDate: new Date(Date.now() - 7 * DAY),
    endDate: new Date(Date.now() + DAY),
    drawBeaconChain: chain.hash,
  });
  const entryEmails = Array.from({ length: 6 }, (_, i) => `ending${i}-${campaign.id}@example.com`);
  await addConfirmedEntries(
    campaign.id,
    entryEmails.map((email, i) => ({ email, createdAt: new Date(Date.now() - DAY + i * 1000) })),
  );
  const endDate = new Date(Date.now() + 3_000);
  await prisma.campaign.update({
    where: { id: campaign.id },
    data: { endDate, drawBeaconRound: roundAt(chain, endDate.getTime() + 36_000) },
  });
  ending = { id: campaign.id, endDate, entryEmails };
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  await smtp?.close();
  await s3?.close();
  for (const name of [...Object.keys(s3?.env ?? {}), "SMTP_URL"]) delete process.env[name];
  resetConfigForTests();
});

/** Files a server wrote under its own DATA_DIR, other than its database's and its local secrets. */
async function filesOnDisk(dataDir: string): Promise<string[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !/^(session-secret|encryption-key)$/.test(entry.name))
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
}

describe("two instances, one database, one bucket", () => {
  it(
    "serves from the second instance a file uploaded through the first: the original, a resized copy and a mockup",
    { timeout: 120_000 },
    async () => {
      const [first, second] = servers as [SpawnedServer, SpawnedServer];
      const { jar, userId } = await signedInJar("two-instances");
      const logo = await sharp({ create: { width: 640, height: 480, channels: 4, background: "#0f766e" } })
        .png()
        .toBuffer();
      const form = new FormData();
      for (const [name, value] of Object.entries(STEP1)) form.append(name, value);
      form.append("logoFile", new File([new Uint8Array(logo)], "logo.png", { type: "image/png" }));
      const saved = await fetch(`${first.url}/create-campaign-v2`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: jar.header() },
        body: form,
      });
      expect(saved.status, await saved.clone().text()).toBe(302);
      const campaignId = new URL(saved.headers.get("location") ?? "", first.url).searchParams.get("campaignId") ?? "";
      const campaign = await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } });
      expect(campaign.creatorId).toBe(userId);
      const url = campaign.logoUrl ?? "";
      expect(url).toMatch(/^\/uploads\/logo\/[a-z0-9]+\.png$/);
      expect(await s3.objectKeys(url.slice(1))).toEqual([url.slice(1)]);

      const served = await fetch(`${second.url}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes).toEqual((await s3.object(url.slice(1)))?.bytes);
      expect((await sharp(bytes).metadata()).width).toBe(640);
      // The same ETag from either instance: a CDN or browser revalidates against whichever it reaches.
      const etag = served.headers.get("etag") ?? "";
      expect((await fetch(`${first.url}${url}`, { headers: { "If-None-Match": etag } })).status).toBe(304);

      const resized = await fetch(`${second.url}${url}?w=400`, { headers: { Accept: "image/webp" } });
      expect(resized.status).toBe(200);
      expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(400);
      const resizedEtag = resized.headers.get("etag") ?? "";
      expect((await fetch(`${first.url}${url}?w=400`, { headers: { Accept: "image/webp", "If-None-Match": resizedEtag } })).status).toBe(
        304,
      );

      // A mockup rendered by one instance is the other's cache too: same object, same ETag.
      const design = await storeImageUpload(
        new File(
          [
            new Uint8Array(
              await sharp({ create: { width: 500, height: 500, channels: 4, background: "#b45309" } })
                .png()
                .toBuffer(),
            ),
          ],
          "d.png",
          {
            type: "image/png",
          },
        ),
        "custom_design",
        userId,
      );
      if (!design.ok) throw new Error(design.message);
      const mockupPath = `/mockups/mug/white/400/${design.url.replace("/uploads/", "")}.webp`;
      const rendered = await fetch(`${first.url}${mockupPath}`, { headers: { Accept: "image/webp" } });
      expect(rendered.status).toBe(200);
      expect(rendered.headers.get("content-type")).toBe("image/webp");
      expect(await s3.objectKeys(`mockups/v3/mug/white/400/${design.url.replace("/uploads/", "")}`)).toHaveLength(1);
      const cached = await fetch(`${second.url}${mockupPath}`, { headers: { Accept: "image/webp" } });
      expect(cached.headers.get("etag")).toBe(rendered.headers.get("etag"));
      expect(Buffer.from(await cached.arrayBuffer())).toEqual(Buffer.from(await rendered.arrayBuffer()));

      // Neither instance kept any of it on its own disk.
      for (const dataDir of dataDirs) {
        const files = await filesOnDisk(dataDir);
        expect(
          files.filter((file) => !file.startsWith("app.db")),
          dataDir,
        ).toEqual([]);
      }
    },
  );

  it("fills an entry limit exactly when a burst of entries and confirmations is split across both", { timeout: 120_000 }, async () => {
    const limit = 20;
    const campaign = await createCampaign({ entryLimit: limit, planId: "starter_tee" });
    const emails = Array.from({ length: 2 * limit }, (_, i) => `burst${i}-${campaign.id}@example.com`);
    const serverFor = (i: number) => servers[i % 2]!;
    const entered = await Promise.all(
      emails.map((email, i) =>
        postForm(serverFor(i).url, `/campaign/${campaign.id}`, { email, agreedToTerms: "on" }, { "User-Agent": BROWSER }),
      ),
    );
    // Pending entries hold no place: every one is taken, by whichever instance got it.
    expect(entered.map((response) => response.status)).toEqual(emails.map(() => 303));
    const pending = await prisma.entry.findMany({ where: { campaignId: campaign.id }, orderBy: { email: "asc" } });
    expect(pending).toHaveLength(2 * limit);

    // Every confirmation at once, half through each instance (the other half of the pairs from before).
    const confirmations = await Promise.all(pending.map((entry, i) => confirmEntryByEmail(serverFor(i + 1).url, entry.id)));
    const statuses = confirmations.map((response) => response.status);
    if (statuses.some((status) => status !== 303 && status !== 409)) {
      throw new Error(`statuses ${statuses.join(",")}\n${servers.map((server) => server.output()).join("\n---\n")}`);
    }
    expect(statuses.filter((status) => status === 303)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 409)).toHaveLength(limit);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id, confirmedAt: { not: null } } })).toBe(limit);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).entryCount).toBe(limit);
  });

  it("sends every entrant's email once when both instances' sender processes take from one outbox", { timeout: 120_000 }, async () => {
    // Each instance runs its own sender process (decision 109), both claiming from the same outbox.
    for (const server of servers) {
      await vi.waitFor(() => expect(server.output()).toMatch(/email sender running \(pid \d+\)/), { timeout: 30_000, interval: 100 });
    }
    const campaign = await createCampaign();
    const emails = Array.from({ length: 40 }, (_, i) => `mail${i}-${campaign.id}@example.com`);
    const entered = await Promise.all(
      emails.map((email, i) =>
        postForm(servers[i % 2]!.url, `/campaign/${campaign.id}`, { email, agreedToTerms: "on" }, { "User-Agent": BROWSER }),
      ),
    );
    expect(entered.map((response) => response.status)).toEqual(emails.map(() => 303));
    const mailTo = { to: { in: emails } };
    await until(
      "every confirm-request email sent",
      async () => ((await prisma.outboundEmail.count({ where: { ...mailTo, status: "sent" } })) === emails.length ? true : undefined),
      60_000,
    );
    expect(await prisma.outboundEmail.count({ where: mailTo })).toBe(emails.length);
    expect(emails.map((email) => smtp.received.filter((mail) => mail.to.includes(email)).length)).toEqual(emails.map(() => 1));
  });

  it(
    "freezes and draws a campaign that ends while both run their jobs once, and emails its winner once",
    { timeout: 180_000 },
    async () => {
      const chain = beacon.fake().chain;
      const list = await until(
        "the entry list frozen",
        async () => (await prisma.entryList.findUnique({ where: { campaignId: ending.id } })) ?? undefined,
        ending.endDate.getTime() - Date.now() + 30_000,
      );
      // Frozen after the end, before the round it uses, into the bucket.
      expect(list.frozenAt.getTime()).toBeGreaterThanOrEqual(ending.endDate.getTime());
      expect(list.frozenAt.getTime()).toBeLessThan(roundTimeMs(chain, list.beaconRound));
      expect(list.storageKey).toBe(`entry-lists/${ending.id}-${list.sha256}.csv`);
      expect(await s3.objectKeys(`entry-lists/${ending.id}-`)).toEqual([list.storageKey]);

      const draw = await until(
        "the draw",
        async () => (await prisma.draw.findUnique({ where: { campaignId: ending.id } })) ?? undefined,
        roundTimeMs(chain, list.beaconRound) - Date.now() + 60_000,
      );
      expect(draw.entriesHash).toBe(list.sha256);
      const campaign = await prisma.campaign.findUniqueOrThrow({ where: { id: ending.id } });
      expect(campaign.status).toBe("completed");
      const winner = campaign.winnerEmail ?? "";
      expect(ending.entryEmails).toContain(winner);

      // The winner email ("You won ..."), through SMTP, by whichever instance's pass delivered it.
      const winnerMails = () => smtp.received.filter((mail) => mail.to.includes(winner) && /^Subject: You won /m.test(mail.raw));
      // The SMTP server has it before the sending instance records it as sent: wait for both.
      const winnerKeys = { dedupeKey: { startsWith: `winner:${ending.id}:` } };
      await until(
        "the winner's email delivered and recorded as sent",
        async () =>
          winnerMails().length > 0 && (await prisma.outboundEmail.count({ where: { ...winnerKeys, status: "sent" } })) > 0
            ? true
            : undefined,
        30_000,
      );

      expect(await prisma.draw.count({ where: { campaignId: ending.id } })).toBe(1);
      const queued = await prisma.outboundEmail.findMany({ where: winnerKeys });
      expect(queued.map((mail) => [mail.template, mail.to, mail.status])).toEqual([["winner_notification", winner, "sent"]]);
      expect(winnerMails()).toHaveLength(1);

      // The servers' own logs: one freeze and one draw between them, and no job failing on either. A
      // pass logs its line once all its steps are done, which can be after the email went out.
      const total = (pattern: RegExp) =>
        servers.reduce((sum, server) => sum + [...server.output().matchAll(pattern)].reduce((n, match) => n + Number(match[1]), 0), 0);
      await until("the draw's pass logged", async () => (total(/\[jobs\][^\n]*?(\d+) draw drawn/g) > 0 ? true : undefined), 30_000);
      expect(total(/\[jobs\][^\n]*?(\d+) entry lists frozen/g)).toBe(1);
      expect(total(/\[jobs\][^\n]*?(\d+) draw drawn/g)).toBe(1);
      for (const server of servers) expect(server.output()).not.toMatch(/\[jobs\][^\n]*(failed|errors)/);
    },
  );
});
