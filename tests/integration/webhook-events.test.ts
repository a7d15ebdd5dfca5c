/**
 * Each webhook event is queued in the transaction of the change it reports, once, and reaches the
 * brand's receiver signed (decision 055): campaign.launched (free launch and paid checkout),
 * campaign.ended (the freeze of the ended campaign's list), winner.drawn (draw and redraw),
 * prize.claimed and order.shipped (an admin's mark and Printify's news).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookEvent } from "~/domain/webhooks";
import { claimToken, submitClaim } from "~/server/claims/claim.server";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { freezeEntryList, plannedBeaconRound } from "~/server/draw/freeze.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { redrawPrize } from "~/server/draw/redraw.server";
import { applyProviderUpdate, markOrderShipped } from "~/server/fulfilment/orders.server";
import { createEndpoint } from "~/server/integrations/webhooks.server";
import { completeCheckout } from "~/server/payments/launch.server";
import { launchCampaign } from "~/server/wizard/launch.server";
import { type ReceivedWebhook, type WebhookReceiver, startWebhookReceiver } from "../fakes/webhook-receiver";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, freezeAndDraw, setUpFakeBeacon } from "../helpers/draw";
import { CLAIM, drawnCampaign } from "../helpers/winners";
import { signedInJar } from "../helpers/wizard";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;
const beacon = setUpFakeBeacon();
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1";
  resetConfigForTests();
});

afterAll(async () => {
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_HOSTS;
  resetConfigForTests();
});

/** A brand account with one endpoint on the receiver (its own path) subscribed to `events`. */
async function brand(events: WebhookEvent[]) {
  const { userId } = await signedInJar("brand");
  const path = `/hooks/${userId}`;
  const created = await createEndpoint(userId, { url: receiver.url(path), events });
  if (created.kind !== "created") throw new Error(created.message);
  receiver.secrets.push(created.secret);
  return { userId, path, endpointId: created.endpointId };
}

/** The events that reached a path, once `count` have (deliveries right after the commit do not wait for the request). */
async function received(path: string, count: number): Promise<ReceivedWebhook[]> {
  const requests = await receiver.waitForRequests(count, (request) => request.path === path);
  expect(requests.every((request) => request.validSignature)).toBe(true);
  return requests;
}

const deliveries = (endpointId: string) => prisma.webhookDelivery.findMany({ where: { endpointId }, orderBy: { createdAt: "asc" } });

describe("campaign.launched", () => {
  it("is sent when a free campaign launches and when a payment puts one live", async () => {
    const account = await brand(["campaign.launched"]);
    const free = await createCampaign({
      creatorId: account.userId,
      status: "draft",
      planId: "starter_tee",
      finalDesignUrl: "/uploads/design.png",
      prizeValueCents: 2500,
      launchedAt: null,
    });
    expect((await launchCampaign(free)).kind).toBe("free");
    // Launching again changes nothing and sends nothing.
    await launchCampaign(free);

    const sessionId = `cs_test_${randomBytes(6).toString("hex")}`;
    const paid = await createCampaign({
      creatorId: account.userId,
      status: "pending_payment",
      stripeCheckoutSessionId: sessionId,
      totalCents: 2900,
      launchedAt: null,
      entryLimit: 500,
    });
    expect(await completeCheckout(sessionId, 2900)).toBe("activated");
    expect(await completeCheckout(sessionId, 2900)).toBe("already-active");

    const requests = await received(account.path, 2);
    const byCampaign = new Map(requests.map((request) => [request.event?.data.id, request.event]));
    expect(byCampaign.get(free.id)).toMatchObject({ type: "campaign.launched", data: { object: "campaign", title: free.title } });
    expect(byCampaign.get(paid.id)?.data).toMatchObject({ entry_limit: 500, brand_name: "Test Brand" });
    expect(String(byCampaign.get(paid.id)?.data.url)).toMatch(new RegExp(`/campaign/${paid.id}$`));
    expect(await deliveries(account.endpointId)).toHaveLength(2);
  });
});

describe("campaign.ended, winner.drawn", () => {
  it("the freeze of an ended campaign sends campaign.ended once; the draw sends winner.drawn per prize, with emails only by consent", async () => {
    const account = await brand(["campaign.ended", "winner.drawn"]);
    const end = new Date(Date.now() - 60 * MINUTE);
    const chain = beacon.fake().chain;
    const campaign = await createCampaign({
      creatorId: account.userId,
      startDate: new Date(end.getTime() - 7 * DAY),
      endDate: end,
      drawBeaconChain: chain.hash,
      drawBeaconRound: plannedBeaconRound(chain, end, 10),
    });
    await prisma.additionalPrize.create({ data: { campaignId: campaign.id, rank: 2, title: "Gift card", kind: "gift" } });
    const t = randomBytes(3).toString("hex");
    await addConfirmedEntries(
      campaign.id,
      [0, 1, 2, 3].map((i) => ({
        id: `ev${i}${t}`,
        email: `fan${i}-${t}@example.com`,
        createdAt: new Date(end.getTime() - DAY + i * 1000),
      })),
    );
    await prisma.entry.updateMany({ where: { id: { in: [`ev0${t}`, `ev1${t}`] } }, data: { marketingConsent: true } });

    const { outcome, drawnAt } = await freezeAndDraw(campaign.id, { now: new Date(end.getTime() + MINUTE) });
    expect(outcome.kind).toBe("drawn");
    // The job's next freeze pass finds it frozen: nothing more.
    expect((await freezeEntryList(campaign.id)).kind).toBe("already-frozen");

    const requests = await received(account.path, 3);
    const ended = requests.filter((request) => request.event?.type === "campaign.ended");
    expect(ended).toHaveLength(1);
    expect(ended[0]?.event?.data).toMatchObject({ id: campaign.id, confirmed_entries: 4, ended_at: Math.floor(end.getTime() / 1000) });

    const winners = requests.filter((request) => request.event?.type === "winner.drawn").map((request) => request.event!.data);
    expect(winners.map((winner) => winner.prize_rank).sort()).toEqual([1, 2]);
    const picks = outcome.kind === "drawn" ? outcome.winners : [];
    for (const winner of winners) {
      const pick = picks.find((p) => p.rank === winner.prize_rank)!;
      const consented = pick.entryId === `ev0${t}` || pick.entryId === `ev1${t}`;
      expect(winner).toMatchObject({
        campaign_id: campaign.id,
        entry_id: pick.entryId,
        email: consented ? pick.email : null,
        redraw: false,
        drawn_at: Math.floor(drawnAt.getTime() / 1000),
      });
    }
    const rows = await deliveries(account.endpointId);
    expect(rows.map((row) => row.eventType).sort()).toEqual(["campaign.ended", "winner.drawn", "winner.drawn"]);
    expect(
      rows
        .filter((row) => row.eventType === "winner.drawn")
        .map((row) => row.entryId)
        .sort(),
    ).toEqual(picks.map((p) => p.entryId).sort());

    // A prize left unclaimed past its deadline is redrawn: a winner.drawn with redraw: true (its winner told first, decision 102).
    await notifyWinners(campaign.id);
    const redrawn = await redrawPrize(campaign.id, 2, { now: new Date(drawnAt.getTime() + 20 * DAY) });
    expect(redrawn.kind).toBe("redrawn");
    const after = await received(account.path, 4);
    const again = after.find((request) => request.event?.data.redraw === true)?.event?.data;
    expect(again).toMatchObject({ prize_rank: 2, entry_id: redrawn.kind === "redrawn" ? redrawn.entryId : "", redraw: true });
  });
});

describe("prize.claimed, order.shipped", () => {
  it("a claim sends prize.claimed; an admin's shipped mark and Printify's shipment news send order.shipped, once each", async () => {
    const account = await brand(["prize.claimed", "order.shipped"]);
    const { campaign, winner, prizeWinners, deadline } = await drawnCampaign({
      creatorId: account.userId,
      prizes: [{ rank: 2, title: "Another tee", kind: "merch" }],
    });
    await prisma.entry.update({ where: { id: winner.id }, data: { marketingConsent: true } });

    const grand = await submitClaim(await claimToken({ campaignId: campaign.id, entryId: winner.id, deadline }), CLAIM as never);
    expect(grand.kind).toBe("claimed");
    const second = prizeWinners[0]!;
    const secondDeadline = (await prisma.additionalPrize.findFirstOrThrow({ where: { campaignId: campaign.id, rank: 2 } })).claimDeadline!;
    const tier = await submitClaim(
      await claimToken({ campaignId: campaign.id, entryId: second.id, deadline: secondDeadline, rank: 2 }),
      CLAIM as never,
    );
    expect(tier.kind).toBe("claimed");
    const claims = (await received(account.path, 2)).map((request) => request.event!);
    expect(claims.every((event) => event.type === "prize.claimed")).toBe(true);
    const grandClaim = claims.find((event) => event.data.prize_rank === 1)!.data;
    expect(grandClaim).toMatchObject({ campaign_id: campaign.id, entry_id: winner.id, email: winner.email, prize_kind: "merch" });
    // The address stays in Giveawear.
    expect(JSON.stringify(claims)).not.toContain(CLAIM.shipLine1);
    expect(claims.find((event) => event.data.prize_rank === 2)!.data.email).toBeNull();

    const orderId = grand.kind === "claimed" ? grand.orderId : "";
    const shipment = { carrier: "UPS", trackingNumber: "1Z999AA10123456784", trackingUrl: null };
    expect(await markOrderShipped(orderId, shipment)).toBe("done");
    expect(await markOrderShipped(orderId, shipment)).toBe("not-allowed");
    const tierOrder = tier.kind === "claimed" ? tier.orderId : "";
    const news = { providerStatus: "in-production", status: "shipped" as const, shipment: { ...shipment, trackingNumber: "TRACK2" } };
    expect((await applyProviderUpdate(tierOrder, news, new Date())).kind).toBe("updated");
    await applyProviderUpdate(tierOrder, news, new Date());

    const shipped = (await received(account.path, 4))
      .filter((request) => request.event?.type === "order.shipped")
      .map((r) => r.event!.data);
    expect(shipped).toHaveLength(2);
    expect(shipped.find((data) => data.id === orderId)).toMatchObject({
      carrier: "UPS",
      tracking_number: shipment.trackingNumber,
      status: "shipped",
    });
    expect(shipped.find((data) => data.id === tierOrder)).toMatchObject({ tracking_number: "TRACK2", prize_rank: 2 });
    expect(await deliveries(account.endpointId)).toHaveLength(4);
  });
});
