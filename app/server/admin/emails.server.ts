/**
 * The Emails tab: the outbox as admins see it (decisions 019 and 023: failed messages stay visible
 * to admins), a page at a time, filtered by status and recipient, and "Retry now" for a failed one.
 */
import { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxQuery, type OutboxStatus, isOutboxStatus } from "../../domain/outbox";
import { pageCount } from "../../domain/pagination";
import { type Prisma, isPostgres, prisma } from "../core/db.server";
import { deliverEmail, requeueFailedEmail } from "../email/delivery.server";

export interface OutboxRow {
  id: string;
  createdAt: string;
  template: string | null;
  to: string;
  subject: string;
  /** An unknown stored value is shown as it is. */
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  sentAt: string | null;
  lastError: string | null;
}

export interface OutboxPage {
  rows: OutboxRow[];
  total: number;
  page: number;
  pages: number;
  /** Messages per status over the whole outbox (the recipient filter applies, the status filter not). */
  counts: Record<OutboxStatus, number>;
}

function recipientWhere(q: string): Prisma.OutboundEmailWhereInput {
  if (!q) return {};
  // SQLite's LIKE ignores ASCII case already; PostgreSQL needs to be asked (the option exists only there).
  const insensitive = (isPostgres() ? { mode: "insensitive" } : {}) as Record<string, never>;
  return { to: { contains: q, ...insensitive } };
}

/** One page of the outbox, newest first. */
export async function listOutbox(query: OutboxQuery): Promise<OutboxPage> {
  const recipient = recipientWhere(query.q);
  const where: Prisma.OutboundEmailWhereInput = { ...recipient, ...(query.status ? { status: query.status } : {}) };
  const [total, grouped] = await Promise.all([
    prisma.outboundEmail.count({ where }),
    prisma.outboundEmail.groupBy({ by: ["status"], where: recipient, _count: { _all: true } }),
  ]);
  const pages = pageCount(total, OUTBOX_PAGE_SIZE);
  const page = Math.min(Math.max(1, query.page), pages);
  const rows = await prisma.outboundEmail.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * OUTBOX_PAGE_SIZE,
    take: OUTBOX_PAGE_SIZE,
    // Never the bodies: a login code must not sit in an admin's page for no reason.
    select: {
      id: true,
      createdAt: true,
      template: true,
      to: true,
      subject: true,
      status: true,
      attempts: true,
      nextAttemptAt: true,
      sentAt: true,
      lastError: true,
    },
  });
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0])) as Record<OutboxStatus, number>;
  for (const group of grouped) if (isOutboxStatus(group.status)) counts[group.status] = group._count._all;
  return {
    rows: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    total,
    page,
    pages,
    counts,
  };
}

export type RetryOutcome =
  | { kind: "sent"; to: string }
  | { kind: "failed"; to: string; error: string }
  /** No SMTP server (or another sender has it): it waits in the outbox as pending. */
  | { kind: "queued"; to: string }
  | { kind: "not-failed" }
  | { kind: "missing" };

/**
 * "Retry now": a failed message starts over (requeueFailedEmail: pending, attempts 0, due now, in
 * one conditional write), then it is delivered at once when SMTP is configured. A message already
 * sent, or being sent, or to an erased address, is left alone.
 */
export async function retryEmail(id: string): Promise<RetryOutcome> {
  const reset = await requeueFailedEmail(id);
  if (!reset) return (await prisma.outboundEmail.count({ where: { id } })) > 0 ? { kind: "not-failed" } : { kind: "missing" };
  const after = await deliverEmail(reset);
  if (after.status === "sent") return { kind: "sent", to: after.to };
  if (after.status === "failed") return { kind: "failed", to: after.to, error: after.lastError ?? "Unknown error." };
  return { kind: "queued", to: after.to };
}
