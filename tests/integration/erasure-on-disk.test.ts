/**
 * An erasure leaves the address in no table and, as far as the database allows, in none of its files
 * (decision 065). An address enters a giveaway over real HTTP, confirms, is entered again by a
 * stranger (the entry's email goes out again), asks for a sign-in code, writes through the contact
 * form, and the brand's webhook gets its confirmation; then the entrant erases through the data
 * page's link.
 * The retention job's erasure (decision 054) is checked the same way after a jobs pass.
 * - SQLite: the raw bytes of every file of the database (app.db, -wal, -shm) hold the address 0
 *   times, in any letter case (secure_delete on every connection, then a TRUNCATE checkpoint).
 * - PostgreSQL: no row version, live or dead, of any table or its TOAST and no btree index entry
 *   holds it (pageinspect), after the VACUUM the erasure runs. Bytes left in a page's free space,
 *   the WAL segments and backups are out of the app's reach (README, "Erasure on disk"), so the
 *   files themselves are not what this checks there.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientProvider, prisma, sqliteFilePath } from "~/server/core/db.server";
import { createEndpoint } from "~/server/integrations/webhooks.server";
import { runJobsOnce } from "~/server/jobs/run.server";
import { type WebhookReceiver, startWebhookReceiver } from "../fakes/webhook-receiver";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { confirmEntryByEmail } from "../helpers/entries";
import { postForm } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const TYPED = "Disk.Fan+Prize@Gmail.com";
const NORMALISED = "diskfan@gmail.com";
/** What is searched for, lower-cased (the files are searched case-insensitively): as typed, and normalised. */
const NEEDLES = [TYPED.toLowerCase(), NORMALISED];
const DAY = 24 * 60 * 60 * 1000;

let app: InProcessAppServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1";
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_HOSTS;
});

function post(pathname: string, fields: Record<string, string>): Promise<Response> {
  return postForm(app.url, pathname, fields, { "User-Agent": BROWSER });
}

/** Occurrences of the needles (lower-case) in every file of the SQLite database's directory, by file. */
async function sqliteOccurrences(needles: string[]): Promise<Record<string, number>> {
  const file = sqliteFilePath(process.env.DATABASE_URL!);
  const directory = path.dirname(file);
  const names = (await readdir(directory)).filter((name) => name.startsWith(path.basename(file)));
  const counts: Record<string, number> = {};
  for (const name of names) {
    const text = (await readFile(path.join(directory, name))).toString("latin1").toLowerCase();
    counts[name] = needles.reduce((sum, needle) => sum + text.split(needle).length - 1, 0);
  }
  return counts;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);

/**
 * PostgreSQL: row versions (live, or dead and not yet vacuumed) of every table of the schema and of
 * every TOAST table, and entries of every btree index, that hold a needle (as UTF-8 bytes).
 */
async function postgresRowVersions(needles: string[]): Promise<Record<string, number>> {
  await prisma.$executeRawUnsafe("CREATE EXTENSION IF NOT EXISTS pageinspect");
  // Dirty pages are read from shared buffers by get_raw_page, so no CHECKPOINT is needed.
  const relations = await prisma.$queryRawUnsafe<{ name: string; kind: string; method: string | null; pages: number }[]>(
    `SELECT c.oid::regclass::text AS name, c.relkind::text AS kind, am.amname AS method,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages
       FROM pg_class c LEFT JOIN pg_am am ON am.oid = c.relam
      WHERE c.relkind IN ('r', 't', 'i')
        AND (c.relnamespace = current_schema()::regnamespace
             OR c.oid IN (SELECT reltoastrelid FROM pg_class WHERE relnamespace = current_schema()::regnamespace))`,
  );
  expect(relations.map((relation) => relation.name)).toEqual(expect.arrayContaining(['"Entry"', '"OutboundEmail"']));
  const counts: Record<string, number> = {};
  for (const relation of relations) {
    if (relation.pages === 0) continue;
    let found = 0;
    for (const needle of needles) {
      if (relation.kind === "i") {
        if (relation.method !== "btree") continue;
        // bt_page_items shows each entry's key as hex bytes separated by spaces; block 0 is the metapage.
        const hex = Buffer.from(needle, "utf8")
          .toString("hex")
          .replace(/(..)(?!$)/g, "$1 ");
        const [row] = await prisma.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM generate_series(1, $2::int - 1) AS blk,
             LATERAL bt_page_items(get_raw_page($1, blk)) AS item WHERE strpos(item.data, $3) > 0`,
          relation.name,
          relation.pages,
          hex,
        );
        found += row?.n ?? 0;
      } else {
        const [row] = await prisma.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM generate_series(0, $2::int - 1) AS blk,
             LATERAL heap_page_items(get_raw_page($1, blk)) AS item
           WHERE item.t_data IS NOT NULL AND position(convert_to($3, 'UTF8') IN item.t_data) > 0`,
          relation.name,
          relation.pages,
          needle,
        );
        found += row?.n ?? 0;
      }
    }
    if (found > 0) counts[relation.name] = found;
  }
  return counts;
}

/**
 * The tables an erasure touches, written out here rather than imported from
 * app/server/data-rights/erase.server.ts (ERASURE_TABLES): a table the erasure forgot is still looked at.
 */
const ERASED_TABLES = [
  "Entry",
  "ActionCompletion",
  "ActionCodeAttempt",
  "WinnerListing",
  "Campaign",
  "AdditionalPrize",
  "Order",
  "OutboundEmail",
  "LoginCode",
  "WebhookDelivery",
  "EmailToolSync",
];

/** PostgreSQL, after an erasure whose VACUUM runs in the background: the row versions found once it has run (or after 15 s). */
async function vacuumed(needles: string[]): Promise<Record<string, number>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const found = await postgresRowVersions(needles);
      if (Object.keys(found).length === 0 || Date.now() > deadline) return found;
      // A VACUUM leaves a dead row version that an older snapshot (another test file's transaction on
      // this server) may still see; the next purge removes it, as the next erasure or jobs pass would.
      await prisma.$executeRawUnsafe(`VACUUM (INDEX_CLEANUP ON) ${ERASED_TABLES.map((table) => `"${table}"`).join(", ")}`);
    } catch (error) {
      // The VACUUM cut empty pages off the end of a table while it was being read: read again.
      if (!String(error).includes("is out of range for relation") || Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("after an entrant's erasure", () => {
  it("the address is in none of the database's files (SQLite), in no row version or index entry (PostgreSQL)", async () => {
    const postgres = clientProvider(prisma) === "postgresql";
    const brand = await signedInJar("disk-brand");
    const campaign = await createCampaign({ creatorId: brand.userId });
    const endpoint = await createEndpoint(brand.userId, { url: receiver.url("/hooks/disk"), events: ["entry.confirmed"] });
    if (endpoint.kind !== "created") throw new Error(endpoint.message);

    // The entry (the entry lane: the entry store's own connection), its confirmation, and a stranger's repeat.
    const entered = await post(`/campaign/${campaign.id}`, {
      email: TYPED,
      agreedToTerms: "on",
      // With marketing consent the brand's webhook carries the address.
      marketingConsent: "on",
      phoneNumber: "+1 201 555 0142",
    });
    expect(entered.status).toBe(303);
    const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(entry.emailNormalized).toBe(NORMALISED);
    expect((await confirmEntryByEmail(app.url, entry.id)).status).toBe(303);
    expect((await post(`/campaign/${campaign.id}`, { email: TYPED.toUpperCase(), agreedToTerms: "on" })).status).toBe(303);
    // A sign-in code, a contact-form message, and the webhook's payload name the address too.
    expect((await post("/login", { email: TYPED })).status).toBeLessThan(500);
    expect((await post("/contact", { name: "Disk Fan", email: TYPED, subject: "My entry", message: "About my entry." })).status).toBe(303);
    const [delivery] = await receiver.waitForRequests(1, (request) => request.path === "/hooks/disk");
    expect(delivery?.body).toContain(TYPED);
    const mails = await prisma.outboundEmail.findMany({ where: { to: TYPED } });
    expect(mails.map((mail) => mail.template).sort()).toEqual([
      "entry_confirm_request",
      "entry_confirmation",
      "entry_confirmation",
      "login_code",
    ]);
    expect(await prisma.loginCode.count({ where: { email: TYPED.toLowerCase() } })).toBe(1);

    // SQLite's own checkpoints copy the WAL into app.db as a server runs: the address is in both files.
    if (!postgres) await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(PASSIVE)");
    // The needles are found before: the search itself works.
    const before = postgres ? await postgresRowVersions([TYPED, ...NEEDLES]) : await sqliteOccurrences(NEEDLES);
    if (postgres) expect(total(before)).toBeGreaterThan(0);
    else expect(before["app.db"]).toBeGreaterThan(0);

    // Erasure through the link in the confirmation email, as the entrant's inbox shows it.
    const confirmation = mails.find((mail) => mail.template === "entry_confirmation")!;
    const link = /https?:\/\/[^\s)"]+\/privacy\/my-data\/[A-Za-z0-9_-]+/.exec(confirmation.text ?? "")?.[0];
    expect(link).toBeTruthy();
    const dataPage = new URL(link!).pathname;
    const erased = await post(`${dataPage}/erase`, { confirm: "on" });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("Location")).toBe(`${dataPage}?done=erased`);
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).email).toBe(`erased:${entry.id}`);

    if (postgres) {
      // The entrant is answered once the tables are erased; the VACUUM follows in the background.
      expect(await vacuumed([TYPED, ...NEEDLES])).toEqual({});
    } else {
      const after = await sqliteOccurrences(NEEDLES);
      expect(Object.keys(after).sort()).toEqual(expect.arrayContaining(["app.db", "app.db-wal"]));
      expect(after).toEqual(Object.fromEntries(Object.keys(after).map((name) => [name, 0])));
    }
  });

  it("retention's erasure in a jobs pass leaves nothing either", async () => {
    const postgres = clientProvider(prisma) === "postgresql";
    const address = "Kept.Short@Example.org";
    const campaign = await createCampaign();
    expect((await post(`/campaign/${campaign.id}`, { email: address, agreedToTerms: "on" })).status).toBe(303);
    const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect((await confirmEntryByEmail(app.url, entry.id)).status).toBe(303);
    // The giveaway ended and was drawn (no winner) 100 days ago: past the 90 days' retention.
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: { status: "completed", startDate: new Date(Date.now() - 110 * DAY), endDate: new Date(Date.now() - 103 * DAY) },
    });
    await prisma.draw.create({
      data: {
        campaignId: campaign.id,
        seed: "s",
        entriesHash: "h",
        totalWeight: BigInt(1),
        picks: "[]",
        createdAt: new Date(Date.now() - 100 * DAY),
      },
    });
    if (!postgres) await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(PASSIVE)");
    const needles = [address.toLowerCase()];
    const before = postgres ? await postgresRowVersions([address, ...needles]) : await sqliteOccurrences(needles);
    expect(total(before)).toBeGreaterThan(0);

    expect((await runJobsOnce()).retention).toMatchObject({ erased: 1 });
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).email).toBe(`erased:${entry.id}`);
    if (postgres) {
      expect(await postgresRowVersions([address, ...needles])).toEqual({});
    } else {
      const after = await sqliteOccurrences(needles);
      expect(after).toEqual(Object.fromEntries(Object.keys(after).map((name) => [name, 0])));
    }
  });
});
