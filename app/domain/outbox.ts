import { adminEmailsPath } from "../paths";

/**
 * The admin's view of the email outbox (decisions 019 and 023: failed messages stay visible to
 * admins): which statuses a message can be in, how each is called, and the page's query.
 */

/** OutboundEmail.status values in the order a message goes through them (server/email/). */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: "Pending",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};

export const OUTBOX_PAGE_SIZE = 25;
export const OUTBOX_MAX_QUERY = 100;

export interface OutboxQuery {
  /** null: every status. */
  status: OutboxStatus | null;
  /** Part of the recipient's address. */
  q: string;
  page: number;
}

export function isOutboxStatus(value: unknown): value is OutboxStatus {
  return typeof value === "string" && (OUTBOX_STATUSES as readonly string[]).includes(value);
}

/** The page's query from its URL; anything unknown falls back to the whole outbox, page 1. */
export function parseOutboxQuery(params: URLSearchParams): OutboxQuery {
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    status: isOutboxStatus(status) ? status : null,
    q: (params.get("q") ?? "").trim().slice(0, OUTBOX_MAX_QUERY),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The outbox page's URL for a query (the defaults are left out). */
export function outboxHref(query: Partial<OutboxQuery>): string {
  return adminEmailsPath(query);
}
