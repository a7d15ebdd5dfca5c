/**
 * Entrants hold copies (decision 093): the confirmation emails carry the draw's commitment and planned
 * round; once the list is frozen, the job step `list-notices` (not the freeze) queues one "entries are
 * closed" email per counted entrant (the list's SHA-256, their own line as draw.csv has it, the round)
 * and the brand's list.frozen webhook, each once even when the step runs twice, side by side or after
 * a runner died half-way; "Check my entry" says over real HTTP whether the list still has the hash an
 * entrant was sent.
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundTimeMs } from "~/domain/beacon";
import { formatZonedDateTimeWithUtc } from "~/domain/campaign-time-zone";
import { listNoticeDedupeKey } from "~/domain/draw-copies";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { NOTICE_BATCH_SIZE, sendListCopies } from "~/server/draw/copies.server";
import { freezeEntryList, plannedBeaconRound } from "~/server/draw/freeze.server";
import { createEndpoint } from "~/server/integrations/webhooks.server";
import { runJobsOnce } from "~/server/jobs/run.server";
import { type WebhookReceiver, startWebhookReceiver } from "../fakes/webhook-receiver";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, setUpFakeBeacon } from "../helpers/draw";
import { confirmEntryOf } from "../helpers/entries";
import { signedInJar } from "../helpers/wizard";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const beacon = setUpFakeBeacon();
let app: InProcessAppServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1";
  // The job pass below asks no time-stamp authority (none is reachable from a test).
  process.env.TSA_URLS = "";
  resetConfigForTests();
  app = await startAppServer();
  await app.resetConfig();
});

afterAll(async () => {
  await app.close();
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_HOSTS;
  delete process.env.TSA_URLS;
  resetConfigForTests();
});

const tag = () => randomBytes(3).toString("hex");

/**
 * A GET over a connection of its own: the app shares this process's event loop, and after a long
 * job step a kept-alive connection can be closed by the server just as the next request goes out.
 */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.url}${path}`, { agent: false }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** An ended campaign (an hour ago) on the fake chain, with its planned round, owned by `creatorId`. */
async function endedCampaign(creatorId?: string) {
  const end = new Date(Date.now() - 60 * MINUTE);
  const chain = beacon.fake().chain;
  return createCampaign({
    creatorId,
    brandName: "Kestrel Coffee",
    startDate: new Date(end.getTime() - 7 * DAY),
    endDate: end,
    drawBeaconChain: chain.hash,
    drawBeaconRound: plannedBeaconRound(chain, end, 10),
  });
}

/** `count` confirmed entrants, one pending, one disqualified; answers the counted ones' ids. */
async function entrants(campaignId: string, count: number, start: Date): Promise<string[]> {
  // Entry ids are 16 to 40 letters and digits, as "Check my entry" reads them.
  const t = `${tag()}${tag()}`;
  const ids = Array.from({ length: count }, (_, i) => `cp${String(i).padStart(5, "0")}${t}`);
  await addConfirmedEntries(campaignId, [
    ...ids.map((id, i) => ({ id, email: `${id}@example.com`, createdAt: new Date(start.getTime() + i * 1000) })),
    { id: `cppending${t}`, email: `pending-${t}@example.com`, createdAt: start, confirmed: false },
    { id: `cpdisq${t}`, email: `disq-${t}@example.com`, createdAt: start, disqualifyReason: "fake" as const },
  ]);
  return ids;
}

/** draw.csv over HTTP: entry id -> its line, exactly as served. */
async function drawCsvLines(campaignId: string): Promise<Map<string, string>> {
  const { status, body } = await get(`/campaign/${campaignId}/draw.csv`);
  expect(status).toBe(200);
  const entries = body.split("disqualified_entry_id,reason\n")[0]!.split("\n").slice(1).filter(Boolean);
  return new Map(entries.map((line) => [line.slice(0, line.indexOf(",")), line]));
}

const notices = (campaignId: string) =>
  prisma.outboundEmail.findMany({
    where: { template: "list_frozen", to: { contains: "@example.com" }, text: { contains: `/campaign/${campaignId}/` } },
  });

describe("the confirmation emails carry the commitment and the planned round", () => {
  it("the confirm request and the receipt, with the round's number and time", async () => {
    const end = new Date(Date.now() + 2 * DAY);
    const chain = beacon.fake().chain;
    const round = plannedBeaconRound(chain, end, 10);
    const campaign = await createCampaign({ endDate: end, drawBeaconChain: chain.hash, drawBeaconRound: round });
    const email = `anchor-${tag()}@example.com`;
    const response = await fetch(`${app.url}/campaign/${campaign.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (test) Chrome/124.0" },
      body: new URLSearchParams({ email, agreedToTerms: "on" }).toString(),
    });
    expect(response.status).toBe(303);

    const request = await prisma.outboundEmail.findFirstOrThrow({ where: { to: email, template: "entry_confirm_request" } });
    expect(request.text).toContain(`the SHA-256 of a secret revealed only after the draw: ${campaign.drawCommitment}.`);
    // The fake chain is set by DRAND_CHAIN_INFO: named by its hash (only pinned chains get a time in words).
    expect(request.text).toContain(`The draw will use round ${round} of the drand chain ${chain.hash} beacon, whose value nobody can know`);
    expect(request.text).toContain("If the entry list is frozen late, a later round is used instead and published with the list.");

    await confirmEntryOf(app.url, campaign.id, email);
    const receipt = await prisma.outboundEmail.findFirstOrThrow({ where: { to: email, template: "entry_confirmation" } });
    expect(receipt.text).toContain(campaign.drawCommitment!);
    expect(receipt.text).toContain(`The draw will use round ${round} of`);
  });

  it("a campaign on quicknet gets the round's time; one launched without a round says when it is chosen", async () => {
    const { QUICKNET } = await import("~/domain/beacon");
    const end = new Date(Date.now() + 2 * DAY);
    const round = plannedBeaconRound(QUICKNET, end, 10);
    const quick = await createCampaign({ endDate: end, drawBeaconChain: QUICKNET.hash, drawBeaconRound: round });
    const unplanned = await createCampaign({ endDate: end, drawBeaconChain: null, drawBeaconRound: null });
    for (const [campaign, expected] of [
      [
        quick,
        `The draw will use round ${round} of the drand quicknet (League of Entropy) beacon (due ${formatZonedDateTimeWithUtc(new Date(roundTimeMs(QUICKNET, round)), "UTC")}), whose value nobody can know before then.`,
      ],
      [
        unplanned,
        "is chosen when the entry list is frozen at the end of the giveaway, and published with the list before that round exists.",
      ],
    ] as const) {
      const email = `anchor-${tag()}@example.com`;
      const response = await fetch(`${app.url}/campaign/${campaign.id}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (test) Chrome/124.0" },
        body: new URLSearchParams({ email, agreedToTerms: "on" }).toString(),
      });
      expect(response.status).toBe(303);
      const request = await prisma.outboundEmail.findFirstOrThrow({ where: { to: email, template: "entry_confirm_request" } });
      expect(request.text).toContain(expected);
      expect(request.text).toContain(campaign.drawCommitment!);
    }
  });
});

describe("entries are closed: the emails and list.frozen", () => {
  it("after the freeze (not in it), one branded email per counted entrant with the hash, their line and the round; once, however often the step runs", async () => {
    const { userId } = await signedInJar("brand");
    const path = `/hooks/${userId}`;
    const endpoint = await createEndpoint(userId, { url: receiver.url(path), events: ["list.frozen"] });
    if (endpoint.kind !== "created") throw new Error(endpoint.message);
    receiver.secrets.push(endpoint.secret);

    const campaign = await endedCampaign(userId);
    // More than two batches, so the step pages through the list.
    const ids = await entrants(campaign.id, 2 * NOTICE_BATCH_SIZE + 37, new Date(campaign.startDate!.getTime() + MINUTE));
    // An entrant who erased their data keeps their line and gets no email (decision 054).
    const erased = ids[5]!;
    await prisma.entry.update({ where: { id: erased }, data: { erasedAt: new Date() } });

    const now = new Date();
    const frozen = await freezeEntryList(campaign.id, { now });
    if (frozen.kind !== "frozen") throw new Error(frozen.kind);
    // The freeze itself queues none of it.
    expect(await notices(campaign.id)).toHaveLength(0);
    expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.endpointId } })).toBe(0);

    // Two runners at once (the server's timer and `npm run jobs`), then the whole pass again.
    await Promise.all([sendListCopies(now), sendListCopies(now)]);
    await runJobsOnce(now);
    await sendListCopies(now);

    const lines = await drawCsvLines(campaign.id);
    expect(lines.size).toBe(ids.length);
    const rows = await notices(campaign.id);
    expect(rows).toHaveLength(ids.length - 1);
    const byKey = new Map(rows.map((row) => [row.dedupeKey, row]));
    const { sha256, beaconRound } = frozen.list;
    for (const id of ids) {
      const row = byKey.get(listNoticeDedupeKey(id));
      if (id === erased) {
        expect(row).toBeUndefined();
        continue;
      }
      expect(row?.to).toBe(`${id}@example.com`);
      expect(row!.subject).toBe(`Entries are closed: ${campaign.title}`);
      expect(row!.text).toContain(sha256);
      expect(row!.text).toContain(lines.get(id)!);
      expect(row!.text).toContain(`The winner is drawn with round ${beaconRound} of`);
      expect(row!.text).toContain(`/campaign/${campaign.id}/draw?entry=${id}&hash=${sha256}#check`);
    }
    // Branded like the other entrant emails (decision 081): the brand's name as the sender, its frame.
    const sample = byKey.get(listNoticeDedupeKey(ids[0]!))!;
    expect(sample.fromName).toBe("Kestrel Coffee via Giveawear");
    expect(sample.html).toContain("Kestrel Coffee runs this giveaway on Giveawear");
    expect(sample.html).not.toContain("Smart giveaways for modern brands");
    const list = await prisma.entryList.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    expect(list.noticesSentAt).not.toBeNull();
    expect(list.noticesDone).toBe(ids.length);

    // list.frozen: once, signed, with the hash, the round and the counts.
    const [delivered] = await receiver.waitForRequests(1, (request) => request.path === path);
    expect(delivered!.validSignature).toBe(true);
    expect(delivered!.event?.type).toBe("list.frozen");
    const chain = beacon.fake().chain;
    expect(delivered!.event?.data).toMatchObject({
      object: "entry_list",
      campaign_id: campaign.id,
      sha256,
      entries: ids.length,
      total_weight: frozen.list.totalWeight.toString(),
      disqualified: 1,
      beacon: { chain: chain.hash, round: beaconRound, round_time: Math.floor(roundTimeMs(chain, beaconRound) / 1000) },
      draw_csv_url: `http://localhost:3000/campaign/${campaign.id}/draw.csv`,
    });
    expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.endpointId } })).toBe(1);
  });

  it("a runner that died half-way is taken over once its lease runs out, and nobody gets a second email", async () => {
    const campaign = await endedCampaign();
    const ids = await entrants(campaign.id, 2 * NOTICE_BATCH_SIZE + 10, new Date(campaign.startDate!.getTime() + MINUTE));
    const now = new Date();
    expect((await freezeEntryList(campaign.id, { now })).kind).toBe("frozen");
    await sendListCopies(now);
    expect(await notices(campaign.id)).toHaveLength(ids.length);

    // What a runner leaves when it dies after queueing its second batch but before saving that it had:
    // the first batch saved, the third never queued, its lease still running.
    const third = ids.slice(2 * NOTICE_BATCH_SIZE);
    await prisma.outboundEmail.deleteMany({ where: { dedupeKey: { in: third.map(listNoticeDedupeKey) } } });
    const leaseEnd = new Date(now.getTime() + 5 * MINUTE);
    await prisma.entryList.update({
      where: { campaignId: campaign.id },
      data: { noticesSentAt: null, noticesDone: NOTICE_BATCH_SIZE, noticesLeaseUntil: leaseEnd },
    });

    // While the dead runner's lease runs, nobody else takes the list.
    await sendListCopies(now);
    expect(await notices(campaign.id)).toHaveLength(ids.length - third.length);

    // Once it has run out, the next pass resumes at the saved line: the second batch is in the outbox
    // already (its keys refuse it again), the third is queued.
    const later = new Date(leaseEnd.getTime() + 1000);
    const summary = await sendListCopies(later);
    expect(summary.emails).toBe(third.length);
    const rows = await notices(campaign.id);
    expect(rows).toHaveLength(ids.length);
    expect(new Set(rows.map((row) => row.to)).size).toBe(ids.length);
    const list = await prisma.entryList.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    expect(list.noticesSentAt).not.toBeNull();
    expect(list.noticesLeaseUntil).toBeNull();
  });
});

describe("Check my entry: does the list still have the hash I was sent?", () => {
  it("answers over HTTP from the email's link, and tells a rewritten hash or list apart", async () => {
    const campaign = await endedCampaign();
    const ids = await entrants(campaign.id, 12, new Date(campaign.startDate!.getTime() + MINUTE));
    const now = new Date();
    const frozen = await freezeEntryList(campaign.id, { now });
    if (frozen.kind !== "frozen") throw new Error(frozen.kind);
    await sendListCopies(now);
    const email = await prisma.outboundEmail.findUniqueOrThrow({ where: { dedupeKey: listNoticeDedupeKey(ids[3]!) } });
    const link = /http:\/\/localhost:3000(\/campaign\/\S+?#check)/.exec(email.text ?? "")?.[1];
    expect(link).toBeDefined();

    const check = async (path: string) => {
      const { status, body: page } = await get(path);
      expect(status).toBe(200);
      return {
        hash: /data-testid="check-hash" data-kind="([a-z-]+)"/.exec(page)?.[1],
        entry: /data-testid="check-result" data-kind="([a-z-]+)"/.exec(page)?.[1],
        page,
      };
    };

    const same = await check(link!);
    expect(same.hash).toBe("same");
    expect(same.entry).toBe("listed");
    expect(same.page).toContain("The list still has the hash you were sent.");
    // The hash alone, in capitals with spaces, is the same hash.
    const spaced = frozen.list.sha256.toUpperCase().replace(/(.{16})/g, "$1 ");
    expect((await check(`/campaign/${campaign.id}/draw?entry=&hash=${encodeURIComponent(spaced)}`)).hash).toBe("same");
    expect((await check(`/campaign/${campaign.id}/draw?hash=not-a-hash`)).hash).toBe("malformed");
    const other = createHash("sha256").update("another list").digest("hex");
    const changed = await check(`/campaign/${campaign.id}/draw?entry=${ids[3]}&hash=${other}`);
    expect(changed.hash).toBe("changed");
    expect(changed.page).toContain("The list does not have the hash you were sent: it has changed since your email.");

    // The operator rewrites the list's bytes but keeps the published hash: the list served no longer matches.
    const chunk = await prisma.entryListChunk.findFirstOrThrow({ where: { campaignId: campaign.id, index: 0 } });
    const rewritten = Buffer.from(chunk.bytes);
    rewritten[rewritten.length - 3] = rewritten[rewritten.length - 3] === 0x31 ? 0x32 : 0x31;
    await prisma.entryListChunk.update({
      where: { campaignId_index: { campaignId: campaign.id, index: 0 } },
      data: { bytes: new Uint8Array(rewritten) },
    });
    expect((await check(link!)).hash).toBe("bytes-changed");
    // …and then the published hash too: the entrant's copy no longer matches it.
    const rehashed = createHash("sha256").update(rewritten).digest("hex");
    await prisma.entryList.update({ where: { campaignId: campaign.id }, data: { sha256: rehashed } });
    const caught = await check(link!);
    expect(caught.hash).toBe("changed");
    expect(caught.page).toContain(rehashed);
    expect(caught.page).toContain(frozen.list.sha256);
  });

  it("before the freeze there is no hash to compare", async () => {
    const campaign = await createCampaign();
    const hash = createHash("sha256").update("x").digest("hex");
    const { status, body } = await get(`/campaign/${campaign.id}/draw?hash=${hash}`);
    expect(status).toBe(200);
    expect(body).toMatch(/data-testid="check-hash" data-kind="not-frozen"/);
  });
});
