/**
 * Backups and restore (decision 086), on the suite's database (SQLite, or PostgreSQL with
 * TEST_DATABASE=postgres): a running server with a creator, her sealed email-tool keys, an uploaded
 * logo, entries made over HTTP and a drawn campaign is backed up with `npm run backup` while entrants
 * keep entering; `npm run restore` puts the archive into a fresh install (an empty DATA_DIR and a new
 * database), and a server started on it shows the same data: the draw verifies with the verifier
 * `npm run verify-draw` uses, the rows are the same, the logo's bytes are the same, and the keys work
 * (the creator's session, the winner's claim link, an entry's confirm link, and the sealed keys that
 * the email tools accept). A backup that does not match its manifest, a keys file that is not its own,
 * a key in the environment that is not the backup's and a target that is not empty are refused.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import sharp from "sharp";
import tar from "tar-stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/core/config.server";
import { type PrismaClient, createPrismaClient, prisma } from "~/server/core/db.server";
import { claimToken } from "~/server/claims/claim.server";
import { plannedBeaconRound } from "~/server/draw/freeze.server";
import { signClaimToken } from "~/domain/claims";
import { backup } from "../../scripts/ops/backup";
import { RestoreRefused, restore } from "../../scripts/ops/restore";
import { parseManifest } from "../../scripts/ops/manifest";
import { verifyDraw } from "../../scripts/verify-draw";
import type { FakeKlaviyo } from "../fakes/klaviyo-server";
import type { FakeMailchimp } from "../fakes/mailchimp-server";
import { type SpawnedServer, freePort, spawnAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { TEST_POSTGRES_URL, onPostgresServer, testProvider } from "../helpers/database";
import { addConfirmedEntries, freezeAndDraw, setUpFakeBeacon } from "../helpers/draw";
import { BROWSER, MAILCHIMP_LIST, connectBoth, creator, enterAndConfirm, startEmailToolFakes, tag } from "../helpers/email-tools";
import { postForm } from "../helpers/http";
import { STEP1 } from "../helpers/wizard";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const beacon = setUpFakeBeacon();

let klaviyo: FakeKlaviyo;
let mailchimp: FakeMailchimp;
const servers: SpawnedServer[] = [];
const folders: string[] = [];
const databases: string[] = [];
let restoredClient: PrismaClient | undefined;

beforeAll(async () => {
  ({ klaviyo, mailchimp } = await startEmailToolFakes());
  // The spawned servers and scripts take this process's environment.
  Object.assign(process.env, { KLAVIYO_API_URL: klaviyo.url, MAILCHIMP_API_URL: mailchimp.url, ENTRY_LIMIT_PER_IP: "100000" });
  resetConfigForTests();
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await restoredClient?.$disconnect();
  await klaviyo?.close();
  await mailchimp?.close();
  for (const name of databases) await onPostgresServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function folder(prefix: string): Promise<string> {
  const made = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(made);
  return made;
}

/** `npm run <script> -- <args>` with `env`, as an operator runs it. */
async function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn("npm", ["run", "-s", script, "--", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
}

/** The archive's entries, name → bytes, in their order. */
async function archiveEntries(archive: string): Promise<{ header: tar.Header; bytes: Buffer }[]> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract);
  const entries: { header: tar.Header; bytes: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ header: entry.header, bytes: Buffer.concat(chunks) });
  }
  await reading;
  return entries;
}

/** A copy of the archive with the last byte of one entry changed, the manifest left as it was. */
async function tamperedCopy(archive: string, copy: string, entrySuffix: string): Promise<void> {
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(copy));
  for (const { header, bytes } of await archiveEntries(archive)) {
    if (header.name.endsWith(entrySuffix)) bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    await new Promise<void>((resolve, reject) => pack.entry({ ...header }, bytes, (error) => (error ? reject(error) : resolve())));
  }
  pack.finalize();
  await writing;
}

/** Enters and confirms on a server whose database `client` reads, as the entrant's browser and inbox would. */
async function enterAndConfirmOn(client: PrismaClient, url: string, campaignId: string, email: string): Promise<string> {
  const entered = await postForm(
    url,
    `/campaign/${campaignId}`,
    { email, agreedToTerms: "on", marketingConsent: "on" },
    { "User-Agent": BROWSER },
  );
  expect(entered.status).toBe(303);
  const entry = await client.entry.findFirstOrThrow({ where: { campaignId, email } });
  const message = await client.outboundEmail.findFirstOrThrow({ where: { to: email, template: "entry_confirm_request" } });
  const link = /https?:\/\/\S+\/confirm\/[a-z0-9]+-[0-9a-f]+/.exec(message.text ?? "")?.[0] ?? "";
  expect(link).not.toBe("");
  // The link's token is a keyed hash under SESSION_SECRET: a restored install with another key refuses it.
  const confirmed = await postForm(url, new URL(link).pathname, {}, { "User-Agent": BROWSER });
  expect(confirmed.status).toBe(303);
  return entry.id;
}

it("backs up a running install and restores it into a fresh one where the draw verifies, the rows and files are the same and the keys work", async () => {
  // A running install: a creator with sealed email-tool keys, her uploaded logo, entries over HTTP, a drawn campaign.
  const source = await spawnAppServer(await freePort());
  servers.push(source);
  const { userId, cookie } = await creator();
  await connectBoth(userId);

  const logo = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  const wizardForm = new FormData();
  for (const [name, value] of Object.entries(STEP1)) wizardForm.append(name, value);
  wizardForm.append("logoFile", new Blob([new Uint8Array(logo)], { type: "image/png" }), "logo.png");
  const uploaded = await fetch(`${source.url}/create-campaign-v2`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: source.url },
    body: wizardForm,
  });
  expect(uploaded.status).toBe(302);
  const draftId = new URL(uploaded.headers.get("Location") ?? "", source.url).searchParams.get("campaignId") ?? "";
  const logoUrl = (await prisma.campaign.findUniqueOrThrow({ where: { id: draftId } })).logoUrl ?? "";
  expect(logoUrl).toMatch(/^\/uploads\/logo\/[A-Za-z0-9_-]+\.png$/);
  const storedLogo = Buffer.from(await (await fetch(`${source.url}${logoUrl}`)).arrayBuffer());
  expect(storedLogo.length).toBeGreaterThan(0);

  const live = await createCampaign({ creatorId: userId, title: `Live Giveaway ${tag()}` });
  for (let i = 0; i < 3; i += 1) await enterAndConfirm(source.url, live.id, `before-${i}-${tag()}@example.com`, true);

  const chain = beacon.fake().chain;
  const end = new Date(Date.now() - 60 * MINUTE);
  const drawn = await createCampaign({
    creatorId: userId,
    title: `Drawn Giveaway ${tag()}`,
    startDate: new Date(end.getTime() - 7 * DAY),
    endDate: end,
    drawBeaconChain: chain.hash,
    drawBeaconRound: plannedBeaconRound(chain, end, 10),
    additionalPrizes: { create: [{ rank: 2, title: "Store credit" }] },
  });
  const t = tag();
  // Fans 0, 5, 10, ... each brought one friend: credited, 3 bonus entries each (as the confirm step leaves them).
  const fans = Array.from({ length: 25 }, (_, i) => ({
    id: `bk${i}x${t}`,
    email: `fan${i}-${t}@example.com`,
    createdAt: new Date(end.getTime() - DAY + i * 1000),
    bonusEntries: i % 5 === 0 && i + 1 < 25 ? 3 : 0,
    referrerId: i % 5 === 1 ? `bk${i - 1}x${t}` : null,
    referralCredited: i % 5 === 1,
  }));
  await addConfirmedEntries(drawn.id, fans);
  const { outcome } = await freezeAndDraw(drawn.id, { now: new Date(end.getTime() + MINUTE) });
  expect(outcome.kind).toBe("drawn");
  expect((await verifyDraw(drawn.id, { chainInfo: beacon.chainInfo() })).ok).toBe(true);
  const winner = await prisma.campaign.findUniqueOrThrow({ where: { id: drawn.id } });
  const claim = await claimToken({
    campaignId: drawn.id,
    entryId: winner.winnerEntryId ?? "",
    deadline: winner.claimDeadline ?? new Date(),
  });
  expect((await fetch(`${source.url}/claim/${claim}`)).status).toBe(200);

  // The backup, while entrants keep entering and confirming on the running server.
  const out = await folder("giveawear-backups-");
  const entriesBefore = await prisma.entry.count({ where: { campaignId: live.id } });
  let backingUp = true;
  let during = 0;
  const entering = (async () => {
    while (backingUp) {
      await enterAndConfirm(source.url, live.id, `during-${during}-${tag()}@example.com`, false);
      during += 1;
    }
  })();
  const backedUp = await npmRun("backup", ["--out", out], process.env).finally(() => (backingUp = false));
  await entering;
  expect(backedUp.output).toContain("Backup written:");
  expect(backedUp.code, backedUp.output).toBe(0);
  expect(source.process.exitCode).toBeNull();
  const entriesAfter = await prisma.entry.count({ where: { campaignId: live.id } });

  const written = (await readdir(out)).sort();
  expect(written).toEqual([
    expect.stringMatching(/^giveawear-backup-\d{8}T\d{6}Z\.keys$/),
    expect.stringMatching(/^giveawear-backup-\d{8}T\d{6}Z\.tar\.gz$/),
  ]);
  const archive = path.join(out, written[1] ?? "");
  const keysFile = path.join(out, written[0] ?? "");
  // The keys are in the keys file, and nowhere in the archive.
  const sessionSecret = process.env.SESSION_SECRET ?? "";
  const encryptionKey = readFileSync(path.join(process.env.DATA_DIR ?? "", "encryption-key"), "utf8").trim();
  const keysText = await readFile(keysFile, "utf8");
  expect(keysText).toContain(`SESSION_SECRET=${sessionSecret}\n`);
  expect(keysText).toContain(`ENCRYPTION_KEY=${encryptionKey}\n`);
  const entries = await archiveEntries(archive);
  for (const { bytes } of entries) {
    expect(bytes.includes(sessionSecret)).toBe(false);
    expect(bytes.includes(encryptionKey)).toBe(false);
  }
  const manifest = parseManifest(entries.find((entry) => entry.header.name.endsWith("/manifest.json"))?.bytes.toString("utf8") ?? "");
  expect(entries.at(-1)?.header.name).toBe(`${manifest.name}/manifest.json`);
  expect(manifest.database.kind).toBe(testProvider());
  expect(manifest.database.migrations.count).toBe(
    Number(
      (
        await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
          "SELECT count(*) AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
        )
      )[0]?.n,
    ),
  );
  expect(manifest.keys.sources).toMatchObject({ SESSION_SECRET: { source: "environment" }, ENCRYPTION_KEY: { source: "data directory" } });
  if (manifest.files.store !== "disk") throw new Error("the files should be on the disk");
  expect(manifest.files.entries).toContainEqual(expect.objectContaining({ key: logoUrl.slice(1), size: storedLogo.length }));

  // A fresh install: an empty DATA_DIR and a new, empty database; SESSION_SECRET not set there.
  const target = await folder("giveawear-restored-");
  const dataDir = path.join(target, "data");
  let databaseUrl: string;
  if (testProvider() === "postgresql") {
    const name = `restore_${randomBytes(6).toString("hex")}`;
    await onPostgresServer(`CREATE DATABASE "${name}"`);
    databases.push(name);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } else databaseUrl = `file:${path.join(target, "app.db")}`;
  const targetEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  delete targetEnv.SESSION_SECRET;

  // Refused, and nothing written: a part that is not what the manifest says, a keys file not its own, another key.
  const tampered = path.join(await folder("giveawear-tampered-"), "tampered.tar.gz");
  await tamperedCopy(archive, tampered, logoUrl);
  await expect(restore({ archive: tampered, keys: keysFile, env: targetEnv })).rejects.toThrow(`files${logoUrl}: `);
  const otherKeys = path.join(path.dirname(tampered), "other.keys");
  // Another key: its first character changed (to "0", or to "1" where it was "0").
  await writeFile(
    otherKeys,
    keysText.replace(/ENCRYPTION_KEY=(\w)/, (_line, first: string) => `ENCRYPTION_KEY=${first === "0" ? "1" : "0"}`),
  );
  await expect(restore({ archive, keys: otherKeys, env: targetEnv })).rejects.toThrow(/The keys file .* is not this backup's/);
  await expect(restore({ archive, env: { ...targetEnv, SESSION_SECRET: "another-secret-0123456789abcdef0123456789" } })).rejects.toThrow(
    /SESSION_SECRET in this environment is not the key the backup was made with/,
  );
  expect(existsSync(dataDir)).toBe(false);
  if (testProvider() === "sqlite") expect(existsSync(path.join(target, "app.db"))).toBe(false);

  const restored = await npmRun("restore", [archive], targetEnv);
  expect(restored.code, restored.output).toBe(0);
  expect(restored.output).toContain("every part matches its manifest");
  expect(restored.output).toContain("as the manifest records");
  expect(restored.output).toContain(`SESSION_SECRET: written to ${path.join(dataDir, "session-secret")}`);

  // The restored database: the draw verifies, the rows are the backup's.
  const copy = createPrismaClient(databaseUrl);
  restoredClient = copy;
  const verified = await verifyDraw(drawn.id, { client: copy, chainInfo: beacon.chainInfo() });
  expect(verified.checks.filter((check) => !check.ok)).toEqual([]);
  expect(verified).toMatchObject({ ok: true, entries: 25 });
  const drawnRows = (client: PrismaClient) =>
    Promise.all([
      client.campaign.findUniqueOrThrow({ where: { id: drawn.id }, include: { draw: true, additionalPrizes: true, entryList: true } }),
      client.entry.findMany({ where: { campaignId: drawn.id }, orderBy: { id: "asc" } }),
      client.emailToolConnection.findMany({ where: { userId }, orderBy: { provider: "asc" } }),
      client.uploadedAsset.findMany({ where: { path: logoUrl.replace("/uploads/", "") } }),
      client.user.findUniqueOrThrow({ where: { id: userId } }),
    ]);
  expect(await drawnRows(copy)).toEqual(await drawnRows(prisma));
  // The live campaign as it was at one moment of the backup: entries from before it, some of those
  // made during it, and its counter equal to its confirmed entries (no write seen by halves).
  const liveEntries = await copy.entry.findMany({ where: { campaignId: live.id }, orderBy: { id: "asc" } });
  expect(liveEntries.length).toBeGreaterThanOrEqual(entriesBefore);
  expect(liveEntries.length).toBeLessThanOrEqual(entriesAfter);
  const liveCopy = await copy.campaign.findUniqueOrThrow({ where: { id: live.id } });
  expect(liveCopy.entryCount).toBe(liveEntries.filter((entry) => entry.confirmedAt && !entry.disqualifiedAt).length);
  const sourceEntries = await prisma.entry.findMany({
    where: { id: { in: liveEntries.map((entry) => entry.id) } },
    orderBy: { id: "asc" },
  });
  expect(sourceEntries.map((entry) => entry.id)).toEqual(liveEntries.map((entry) => entry.id));
  const madeBefore = (entry: { email: string }) => entry.email.startsWith("before-");
  expect(liveEntries.filter(madeBefore)).toEqual(sourceEntries.filter(madeBefore));
  expect(liveEntries.filter(madeBefore)).toHaveLength(3);

  // The restored install, running: the logo's bytes, the session, the claim link and the sealed keys.
  const restoredServer = await spawnAppServer(await freePort(), { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: "" });
  servers.push(restoredServer);
  expect(Buffer.from(await (await fetch(`${restoredServer.url}${logoUrl}`)).arrayBuffer()).equals(storedLogo)).toBe(true);
  expect((await readFile(path.join(dataDir, ...logoUrl.split("/").slice(1)))).equals(storedLogo)).toBe(true);

  const dashboard = await fetch(`${restoredServer.url}/my-campaigns`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(dashboard.status).toBe(200);
  expect(await dashboard.text()).toContain(drawn.title);
  expect((await fetch(`${restoredServer.url}/my-campaigns`, { redirect: "manual" })).status).toBe(302);

  const claimPage = await fetch(`${restoredServer.url}/claim/${claim}`);
  expect(claimPage.status).toBe(200);
  expect(await claimPage.text()).toContain(drawn.title);
  const forged = await signClaimToken("a-secret-that-is-not-the-backup-s-0123456789", {
    campaignId: drawn.id,
    rank: 1,
    entryId: winner.winnerEntryId ?? "",
    deadline: winner.claimDeadline ?? new Date(),
  });
  expect((await fetch(`${restoredServer.url}/claim/${forged}`)).status).toBe(404);

  // A new entrant who consents: her confirm link validates, and both email tools take her with the
  // keys the restored ENCRYPTION_KEY opens (the fakes refuse any other key).
  const newcomer = `after-restore-${tag()}@example.com`;
  const entryId = await enterAndConfirmOn(copy, restoredServer.url, live.id, newcomer);
  await expect
    .poll(async () => (await copy.emailToolSync.findMany({ where: { entryId } })).map((row) => row.status).sort(), { timeout: 10_000 })
    .toEqual(["done", "done"]);
  expect(klaviyo.profile(newcomer)?.consent).toBe("SUBSCRIBED");
  expect(mailchimp.member(MAILCHIMP_LIST.id, newcomer)?.status).toBe("subscribed");
  await restoredServer.close();
  servers.pop();

  // Not empty now: refused, unless --force, which replaces what is there with the backup again.
  await copy.$disconnect();
  await expect(restore({ archive, env: targetEnv })).rejects.toThrow(RestoreRefused);
  await expect(restore({ archive, env: targetEnv })).rejects.toThrow(/The target is not empty/);
  const forced = await restore({ archive, env: targetEnv, force: true });
  expect(forced.report.join("\n")).toContain("as the manifest records");
  const again = createPrismaClient(databaseUrl);
  restoredClient = again;
  expect(await again.entry.count({ where: { campaignId: live.id } })).toBe(liveEntries.length);
  expect((await verifyDraw(drawn.id, { client: again, chainInfo: beacon.chainInfo() })).ok).toBe(true);
}, 300_000);

it("with object storage, records the bucket instead of copying files, and a restore says which bucket the data needs", async () => {
  const bucket = { S3_BUCKET: `giveawear-${tag()}`, S3_REGION: "eu-west-1", S3_ACCESS_KEY_ID: "key-id", S3_SECRET_ACCESS_KEY: "secret" };
  const out = await folder("giveawear-s3-backups-");
  // DATA_DIR has files (the logo and the demo designs of the first test's server, or none): with a bucket they are not the app's.
  await writeFile(path.join(process.env.DATA_DIR ?? "", "stray.txt"), "not in the bucket");
  const made = await backup({ out, env: { ...process.env, ...bucket } });
  expect(made.manifest.files).toEqual({
    store: "s3",
    bucket: bucket.S3_BUCKET,
    region: "eu-west-1",
    endpoint: null,
    prefixes: ["uploads/", "entry-lists/", "action-lists/"],
  });
  expect((await archiveEntries(made.archive)).map((entry) => entry.header.name.slice(made.manifest.name.length + 1))).toEqual([
    `database/${testProvider() === "sqlite" ? "app.db" : "postgres.dump"}`,
    "manifest.json",
  ]);

  const target = await folder("giveawear-s3-restored-");
  let databaseUrl = `file:${path.join(target, "app.db")}`;
  if (testProvider() === "postgresql") {
    const name = `restore_${randomBytes(6).toString("hex")}`;
    databases.push(name);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${name}`;
    // Not made here: the restore makes a database that does not exist yet.
    databaseUrl = url.toString();
  }
  const restored = await restore({
    archive: made.archive,
    env: { ...process.env, ...bucket, DATA_DIR: path.join(target, "data"), DATABASE_URL: databaseUrl, SESSION_SECRET: "" },
  });
  expect(restored.report.join("\n")).toContain(
    `Files: kept in the bucket ${bucket.S3_BUCKET} (uploads/, entry-lists/, action-lists/), not in the archive; this install uses that bucket.`,
  );
  expect(restored.report.join("\n")).toContain("as the manifest records");
});
