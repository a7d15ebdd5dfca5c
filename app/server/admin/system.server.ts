/**
 * The System tab (decision 085): how the background work stands, read from the database so every
 * instance's work shows (each job step's last pass, the leases, the outbox, the webhook queue, the
 * campaigns waiting to be frozen or for their beacon) and the file store's size; and "Retry" for a
 * failed email (queued for the next pass), every failed email, or a failed webhook delivery.
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { ERASED_PREFIX } from "../../domain/data-rights";
import { roundTimeMs } from "../../domain/beacon";
import {
  type FailedWebhookView,
  JOB_STEPS,
  JOB_STEP_LABELS,
  LEASE_STUCK_AFTER_MS,
  type LeaseView,
  SYSTEM_LIST_LIMIT,
  type SystemPageData,
  type WaitingCampaignView,
  maskAddresses,
  maskRecipient,
} from "../../domain/system";
import { getConfig } from "../core/config.server";
import { type Prisma, prisma } from "../core/db.server";
import { knownChain } from "../draw/beacon.server";
import { WINNERS_NOTIFY_LEASE_MS } from "../draw/notify.server";
import { DRAW_LEASE_MS } from "../draw/run.server";
import { SEND_LEASE_MS, requeueFailedEmail, requeueFailedEmails } from "../email/delivery.server";
import { LEASE_MS as FULFILMENT_LEASE_MS } from "../fulfilment/index.server";
import { SYNC_LEASE_MS } from "../integrations/email-tool-sync.server";
import { queueAdminRedelivery, webhookLeaseMs } from "../integrations/webhooks.server";
import { CLAIM_REMINDER_LEASE_MS } from "../jobs/claim-reminders.server";
import { REMINDER_LEASE_MS } from "../jobs/reminders.server";
import { jobStepStatuses } from "../jobs/step-status.server";
import { DRAFT_PRUNE_LEASE_MS } from "../jobs/visitor-drafts.server";
import { measureStorage } from "../storage/usage.server";

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export async function loadSystemPage(now: Date = new Date()): Promise<SystemPageData> {
  const [steps, leases, outbox, webhooks, campaigns, storage, uploads] = await Promise.all([
    stepViews(),
    leaseViews(now),
    outboxView(),
    webhooksView(),
    campaignsWaiting(now),
    measureStorage(now),
    prisma.uploadedAsset.aggregate({ _count: { _all: true }, _sum: { bytes: true } }),
  ]);
  return {
    now: now.toISOString(),
    steps,
    leases,
    outbox,
    webhooks,
    campaigns,
    storage,
    uploads: { files: uploads._count._all, bytes: uploads._sum.bytes ?? 0 },
  };
}

async function stepViews() {
  const rows = new Map((await jobStepStatuses()).map((row) => [row.step, row]));
  return JOB_STEPS.map((step) => {
    const row = rows.get(step);
    return {
      step,
      label: JOB_STEP_LABELS[step],
      lastStartedAt: iso(row?.lastStartedAt),
      lastDurationMs: row?.lastDurationMs ?? null,
      lastOk: row?.lastOk ?? null,
      lastError: row?.lastError ?? null,
      lastErrorAt: iso(row?.lastErrorAt),
      lastSuccessAt: iso(row?.lastSuccessAt),
      lastInstance: row?.lastInstance ?? null,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Leases: each is a column on the row it guards (core/leases.server.ts), set by the conditional
// update that takes the work and cleared when the work is done. Held: it has not run out yet.
// Stuck: it ran out more than LEASE_STUCK_AFTER_MS ago and is still set.
// ---------------------------------------------------------------------------------------------

/** Rows whose lease ends after `after`, or before `before`. */
type LeaseRange = { after: Date } | { before: Date };

interface LeaseSource {
  key: string;
  label: string;
  ttlMs: number;
  count(range: LeaseRange): Promise<number>;
  /** The rows stuck longest (lease ended before `before`), with when their lease ended. */
  oldest(before: Date): Promise<{ id: string; until: Date | null }[]>;
}

const OLDEST = 3;
const endsIn = (range: LeaseRange) => ("after" in range ? { gt: range.after } : { lt: range.before });

type CampaignLease = "reminderLeaseUntil" | "claimReminderLeaseUntil" | "winnersNotifyLeaseUntil" | "pruneLeaseUntil";

function campaignLease(key: string, label: string, ttlMs: number, column: CampaignLease): LeaseSource {
  const where = (range: LeaseRange) => ({ [column]: endsIn(range) }) as Prisma.CampaignWhereInput;
  return {
    key,
    label,
    ttlMs,
    count: (range) => prisma.campaign.count({ where: where(range) }),
    oldest: async (before) =>
      (
        await prisma.campaign.findMany({
          where: where({ before }),
          orderBy: { [column]: "asc" },
          take: OLDEST,
          select: {
            id: true,
            reminderLeaseUntil: true,
            claimReminderLeaseUntil: true,
            winnersNotifyLeaseUntil: true,
            pruneLeaseUntil: true,
          },
        })
      ).map((row) => ({ id: row.id, until: row[column] })),
  };
}

function leaseSources(): LeaseSource[] {
  // A draw's lease is its start (drawStartedAt), good for DRAW_LEASE_MS.
  const drawStarted = (range: LeaseRange): Prisma.CampaignWhereInput => ({
    drawStartedAt:
      "after" in range ? { gt: new Date(range.after.getTime() - DRAW_LEASE_MS) } : { lt: new Date(range.before.getTime() - DRAW_LEASE_MS) },
  });
  const sending = (range: LeaseRange) => ({ status: "sending", nextAttemptAt: endsIn(range) });
  const webhook = (range: LeaseRange): Prisma.WebhookDeliveryWhereInput => ({ status: "pending", leaseUntil: endsIn(range) });
  const order = (range: LeaseRange): Prisma.OrderWhereInput => ({ syncLeaseUntil: endsIn(range) });
  return [
    {
      key: "draws",
      label: "Draws",
      ttlMs: DRAW_LEASE_MS,
      count: (range) => prisma.campaign.count({ where: drawStarted(range) }),
      oldest: async (before) =>
        (
          await prisma.campaign.findMany({
            where: drawStarted({ before }),
            orderBy: { drawStartedAt: "asc" },
            take: OLDEST,
            select: { id: true, drawStartedAt: true },
          })
        ).map((row) => ({ id: row.id, until: row.drawStartedAt && new Date(row.drawStartedAt.getTime() + DRAW_LEASE_MS) })),
    },
    campaignLease("notify", "Winners' emails", WINNERS_NOTIFY_LEASE_MS, "winnersNotifyLeaseUntil"),
    campaignLease("reminders", "48-hour reminders", REMINDER_LEASE_MS, "reminderLeaseUntil"),
    campaignLease("claim-reminders", "Claim reminders", CLAIM_REMINDER_LEASE_MS, "claimReminderLeaseUntil"),
    campaignLease("drafts", "Visitors' drafts being pruned", DRAFT_PRUNE_LEASE_MS, "pruneLeaseUntil"),
    {
      key: "emails",
      label: "Emails being sent",
      ttlMs: SEND_LEASE_MS,
      count: (range) => prisma.outboundEmail.count({ where: sending(range) }),
      oldest: async (before) =>
        (
          await prisma.outboundEmail.findMany({
            where: sending({ before }),
            orderBy: { nextAttemptAt: "asc" },
            take: OLDEST,
            select: { id: true, nextAttemptAt: true },
          })
        ).map((row) => ({ id: row.id, until: row.nextAttemptAt })),
    },
    {
      key: "webhooks",
      label: "Webhooks being delivered",
      ttlMs: webhookLeaseMs(),
      count: (range) => prisma.webhookDelivery.count({ where: webhook(range) }),
      oldest: async (before) =>
        (
          await prisma.webhookDelivery.findMany({
            where: webhook({ before }),
            orderBy: { leaseUntil: "asc" },
            take: OLDEST,
            select: { id: true, leaseUntil: true },
          })
        ).map((row) => ({ id: row.id, until: row.leaseUntil })),
    },
    {
      key: "email-tools",
      label: "Email-tool syncs being sent",
      ttlMs: SYNC_LEASE_MS,
      count: (range) => prisma.emailToolSync.count({ where: sending(range) }),
      oldest: async (before) =>
        (
          await prisma.emailToolSync.findMany({
            where: sending({ before }),
            orderBy: { nextAttemptAt: "asc" },
            take: OLDEST,
            select: { id: true, nextAttemptAt: true },
          })
        ).map((row) => ({ id: row.id, until: row.nextAttemptAt })),
    },
    {
      // The same column holds the 10-minute wait after a failed send to Printify.
      key: "fulfilment",
      label: "Orders with Printify (or waiting to retry)",
      ttlMs: FULFILMENT_LEASE_MS,
      count: (range) => prisma.order.count({ where: order(range) }),
      oldest: async (before) =>
        (
          await prisma.order.findMany({
            where: order({ before }),
            orderBy: { syncLeaseUntil: "asc" },
            take: OLDEST,
            select: { id: true, syncLeaseUntil: true },
          })
        ).map((row) => ({ id: row.id, until: row.syncLeaseUntil })),
    },
  ];
}

async function leaseViews(now: Date): Promise<LeaseView[]> {
  const stuckBefore = new Date(now.getTime() - LEASE_STUCK_AFTER_MS);
  return Promise.all(
    leaseSources().map(async (source) => {
      const [held, stuck, oldest] = await Promise.all([
        source.count({ after: now }),
        source.count({ before: stuckBefore }),
        source.oldest(stuckBefore),
      ]);
      return {
        key: source.key,
        label: source.label,
        ttlMs: source.ttlMs,
        held,
        stuck,
        oldestStuck: oldest.map((row) => ({ id: row.id, expiredAt: iso(row.until) ?? "" })),
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The outbox and the webhook queue
// ---------------------------------------------------------------------------------------------

/** Failed messages that want an admin: those to an erased address were stopped on purpose. */
const failedEmails: Prisma.OutboundEmailWhereInput = { status: "failed", NOT: { to: { startsWith: ERASED_PREFIX } } };

async function outboxView() {
  const [pending, sending, failed, oldestPending, recent] = await Promise.all([
    prisma.outboundEmail.count({ where: { status: "pending" } }),
    prisma.outboundEmail.count({ where: { status: "sending" } }),
    prisma.outboundEmail.count({ where: failedEmails }),
    prisma.outboundEmail.findFirst({ where: { status: "pending" }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
    prisma.outboundEmail.findMany({
      where: failedEmails,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: SYSTEM_LIST_LIMIT,
      // Never the bodies, and the address masked: the page is for seeing what fails, not whom.
      select: { id: true, to: true, subject: true, template: true, attempts: true, lastError: true, createdAt: true, nextAttemptAt: true },
    }),
  ]);
  return {
    smtp: Boolean(getConfig().SMTP_URL),
    pending,
    sending,
    failed,
    oldestPendingAt: iso(oldestPending?.createdAt),
    recentFailed: recent.map((row) => ({
      ...row,
      to: maskRecipient(row.to),
      lastError: row.lastError && maskAddresses(row.lastError),
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: iso(row.nextAttemptAt),
    })),
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(unreadable address)";
  }
}

async function webhooksView() {
  const [failed, recent] = await Promise.all([
    prisma.webhookDelivery.count({ where: { status: "failed" } }),
    prisma.webhookDelivery.findMany({
      where: { status: "failed" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: SYSTEM_LIST_LIMIT,
      select: { id: true, endpointId: true, eventType: true, attempts: true, lastStatusCode: true, lastError: true, lastAttemptAt: true },
    }),
  ]);
  const ids = recent.map((row) => row.id);
  const [endpoints, redeliveries] = await Promise.all([
    prisma.webhookEndpoint.findMany({ where: { id: { in: recent.map((row) => row.endpointId) } }, select: { id: true, url: true } }),
    prisma.webhookDelivery.findMany({
      where: { redeliveryOf: { in: ids } },
      orderBy: { createdAt: "asc" },
      select: { redeliveryOf: true, status: true },
    }),
  ]);
  const hosts = new Map(endpoints.map((endpoint) => [endpoint.id, hostOf(endpoint.url)]));
  // The newest redelivery of each (ordered oldest first, so the last one written wins).
  const retried = new Map(redeliveries.map((row) => [row.redeliveryOf, row.status]));
  return {
    failed,
    recentFailed: recent.map((row): FailedWebhookView => ({
      id: row.id,
      eventType: row.eventType,
      endpointHost: hosts.get(row.endpointId) ?? "(endpoint deleted)",
      attempts: row.attempts,
      lastStatusCode: row.lastStatusCode,
      lastError: row.lastError && maskAddresses(row.lastError),
      lastAttemptAt: iso(row.lastAttemptAt),
      redelivery: retried.get(row.id) ?? null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Campaigns waiting: to be frozen (ended, no list yet; draw/freeze.server.ts, campaignsToFreeze),
// and for their beacon (list frozen, no draw yet; draw/run.server.ts, dueCampaignIds).
// ---------------------------------------------------------------------------------------------

async function campaignsWaiting(now: Date) {
  const toFreeze: Prisma.CampaignWhereInput = { status: CampaignStatus.active, endDate: { lte: now }, entryList: { is: null } };
  const forBeacon: Prisma.CampaignWhereInput = { status: CampaignStatus.active, entryList: { isNot: null }, draw: { is: null } };
  const [freezeCount, freezeRows, beaconCount, beaconRows] = await Promise.all([
    prisma.campaign.count({ where: toFreeze }),
    prisma.campaign.findMany({
      where: toFreeze,
      orderBy: [{ endDate: "asc" }, { id: "asc" }],
      take: SYSTEM_LIST_LIMIT,
      select: { id: true, title: true, endDate: true },
    }),
    prisma.campaign.count({ where: forBeacon }),
    prisma.campaign.findMany({
      where: forBeacon,
      orderBy: [{ endDate: "asc" }, { id: "asc" }],
      take: SYSTEM_LIST_LIMIT,
      select: {
        id: true,
        title: true,
        endDate: true,
        beaconAttempts: true,
        entryList: { select: { frozenAt: true, beaconRound: true, beaconChain: true } },
      },
    }),
  ]);
  return {
    toFreeze: {
      count: freezeCount,
      campaigns: freezeRows.map((row): WaitingCampaignView => ({
        id: row.id,
        title: row.title,
        endDate: iso(row.endDate),
        waitingSince: iso(row.endDate) ?? now.toISOString(),
      })),
    },
    forBeacon: {
      count: beaconCount,
      campaigns: beaconRows.map((row): WaitingCampaignView => {
        const list = row.entryList!;
        const chain = knownChain(list.beaconChain);
        return {
          id: row.id,
          title: row.title,
          endDate: iso(row.endDate),
          waitingSince: list.frozenAt.toISOString(),
          beaconRound: list.beaconRound,
          beaconRoundAt: chain ? new Date(roundTimeMs(chain, list.beaconRound)).toISOString() : null,
          beaconAttempts: row.beaconAttempts,
        };
      }),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Retry
// ---------------------------------------------------------------------------------------------

export type EmailRetryOutcome = { kind: "queued"; to: string } | { kind: "not-failed" } | { kind: "missing" };

/** A failed email starts over and goes with the next pass; the answer names its recipient masked. */
export async function retryFailedEmail(emailId: string): Promise<EmailRetryOutcome> {
  const reset = await requeueFailedEmail(emailId);
  if (reset) return { kind: "queued", to: maskRecipient(reset.to) };
  return (await prisma.outboundEmail.count({ where: { id: emailId } })) > 0 ? { kind: "not-failed" } : { kind: "missing" };
}

/** Every failed email starts over; answers how many. */
export function retryAllFailedEmails(): Promise<number> {
  return requeueFailedEmails();
}

export type WebhookRetryOutcome = { kind: "queued"; eventType: string } | { kind: "missing" } | { kind: "refused"; message: string };

/** A failed delivery's event is sent again to its endpoint, by the next pass (the creator's "Redeliver"). */
export async function retryFailedWebhook(deliveryId: string): Promise<WebhookRetryOutcome> {
  const outcome = await queueAdminRedelivery(deliveryId);
  if (outcome.kind === "not-found") return { kind: "missing" };
  if (outcome.kind === "refused") return outcome;
  return { kind: "queued", eventType: outcome.delivery.eventType };
}
