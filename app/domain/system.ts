/**
 * The admin's System page (decision 085): what the background jobs did last, which leases are held
 * or stuck, what waits in the email outbox and the webhook queue, which campaigns wait to be frozen
 * or for their beacon, and how much the file store holds. The view types the page shows and
 * app/server/admin/system.server.ts fills, and the small pure helpers both use.
 */

/** The job pass's steps, in the order one pass runs them (app/server/jobs/run.server.ts). */
export const JOB_STEPS = [
  "freeze",
  "timestamps",
  "list-notices",
  "draws",
  "notify",
  "reminders",
  "claim-reminders",
  "emails",
  "sms",
  "webhooks",
  "email-tools",
  "fulfilment",
  "mockups",
  "retention",
  "drafts",
] as const;
export type JobStep = (typeof JOB_STEPS)[number];

export const JOB_STEP_LABELS: Record<JobStep, string> = {
  freeze: "Freeze entry lists",
  timestamps: "Time-stamp commitments and lists",
  "list-notices": "Entries-closed emails and list.frozen",
  draws: "Draw winners",
  notify: "Queue winners' emails",
  reminders: "48-hour reminders",
  "claim-reminders": "Claim reminders",
  emails: "Deliver emails",
  sms: "Deliver SMS",
  webhooks: "Deliver webhooks",
  "email-tools": "Email-tool syncs",
  fulfilment: "Fulfilment",
  mockups: "Partner mockups",
  retention: "Data retention",
  drafts: "Prune visitors' drafts",
};

/** The System page's forms: one intent each. */
export const SYSTEM_INTENTS = ["retry-email", "retry-all-emails", "retry-webhook"] as const;
export type SystemIntent = (typeof SYSTEM_INTENTS)[number];

export function isSystemIntent(value: unknown): value is SystemIntent {
  return typeof value === "string" && (SYSTEM_INTENTS as readonly string[]).includes(value);
}

/** Failed messages and deliveries the page lists (the newest); the counts cover them all. */
export const SYSTEM_LIST_LIMIT = 20;

/** Times are ISO strings (the loader's data crosses to the browser as JSON). */
export interface JobStepView {
  step: JobStep;
  label: string;
  /** null: no instance has run this step since the table was made. */
  lastStartedAt: string | null;
  lastDurationMs: number | null;
  lastOk: boolean | null;
  lastError: string | null;
  lastErrorAt: string | null;
  lastSuccessAt: string | null;
  lastInstance: string | null;
}

export interface LeaseView {
  key: string;
  label: string;
  /** How long one lease lasts. */
  ttlMs: number;
  /** Leases still running. */
  held: number;
  /** Leases that ran out more than LEASE_STUCK_AFTER_MS ago and are still set: no pass has taken the work back. */
  stuck: number;
  /** The longest-stuck ones: the row's id and when its lease ran out. */
  oldestStuck: { id: string; expiredAt: string }[];
}

/** A lease counts as stuck once it has run out this long ago (a pass every 15 s would have taken it back). */
export const LEASE_STUCK_AFTER_MS = 60_000;

export interface FailedEmailView {
  id: string;
  /** Masked: "a***@example.com". */
  to: string;
  subject: string;
  template: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** When it is tried again on its own; null: never (it gave up). */
  nextAttemptAt: string | null;
}

export interface OutboxView {
  /** Whether SMTP_URL is set: without it nothing is delivered and pending messages wait. */
  smtp: boolean;
  pending: number;
  sending: number;
  /** Failed messages, those to erased addresses (never sent on purpose) left out. */
  failed: number;
  oldestPendingAt: string | null;
  recentFailed: FailedEmailView[];
}

export interface FailedWebhookView {
  id: string;
  eventType: string;
  /** The endpoint's host (the full address may carry a brand's token). */
  endpointHost: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  /** The status of its newest redelivery ("pending", "delivered", "failed"), null when none was made. */
  redelivery: string | null;
}

export interface WebhooksView {
  failed: number;
  recentFailed: FailedWebhookView[];
}

export interface WaitingCampaignView {
  id: string;
  title: string;
  endDate: string | null;
  /** Since when it has waited: its end (to be frozen) or its list's freeze (for its beacon). */
  waitingSince: string;
  /** Waiting for the beacon: the round, when it is (or was) out, and the failed fetches so far. */
  beaconRound?: number;
  beaconRoundAt?: string | null;
  beaconAttempts?: number;
}

export interface CampaignsWaitingView {
  toFreeze: { count: number; campaigns: WaitingCampaignView[] };
  forBeacon: { count: number; campaigns: WaitingCampaignView[] };
}

export interface StorageFolderView {
  name: string;
  bytes: number;
  files: number;
}

export type StorageView =
  | {
      kind: "disk";
      root: string;
      bytes: number;
      files: number;
      folders: StorageFolderView[];
      /** The walk stopped at its limit: the figures are a lower bound. */
      partial: boolean;
      measuredAt: string;
    }
  | { kind: "s3"; bucket: string };

export interface SystemPageData {
  now: string;
  steps: JobStepView[];
  leases: LeaseView[];
  outbox: OutboxView;
  webhooks: WebhooksView;
  campaigns: CampaignsWaitingView;
  storage: StorageView;
  /** Uploads the database records (originals, both stores): counted from their rows. */
  uploads: { files: number; bytes: number };
}

/** "a***@example.com": the first character of the local part, then the domain. */
export function maskRecipient(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address.charAt(0)}***${address.slice(at)}`;
}

const ADDRESS = /[^\s<>"'()[\],;:@]+@[^\s<>"'()[\],;:@]+\.[^\s<>"'()[\],;:@]+/g;

/** Every email address in a text masked (an SMTP refusal often names the recipient). */
export function maskAddresses(text: string): string {
  return text.replace(ADDRESS, (address) => maskRecipient(address));
}

/** "850 ms", "12 s", "4 min", "3 h 5 min", "2 d 4 h". */
export function formatDuration(ms: number): string {
  const value = Math.max(0, Math.round(ms));
  if (value < 1000) return `${value} ms`;
  const seconds = Math.floor(value / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** "512 B", "3.4 KB", "12.0 MB", "245 GB" (powers of 1,024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

/** "2026-11-29 21:05 UTC" (admins read times in UTC, as on the Emails tab). */
export function formatUtc(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "—";
}

/** "4 min ago" from the page's own clock (`now`, the loader's), so server and browser render the same text. */
export function ago(iso: string | null, now: string): string {
  if (!iso) return "never";
  const ms = Date.parse(now) - Date.parse(iso);
  if (Math.abs(ms) < 1000) return "just now";
  return ms < 0 ? `in ${formatDuration(-ms)}` : `${formatDuration(ms)} ago`;
}
