/**
 * Background work (docs/architecture.md, "Background work"): one pass runs each job in turn. Every job
 * claims its work with a conditional update, so passes may overlap across instances (or a cron
 * `npm run jobs` next to the server's timer) without doing anything twice, and a pass cut short
 * by a crash is finished by the next one.
 */
import { getConfig } from "../core/config.server";
import { observeJobStep } from "../core/metrics.server";
import { inJobPass, log } from "../core/log.server";
import { campaignsAwaitingNotification, notifyWinners } from "../draw/notify.server";
import { campaignsToFreeze, freezeEntryList } from "../draw/freeze.server";
import { timestampDraws } from "../draw/timestamps.server";
import { type ListCopiesSummary, sendListCopies } from "../draw/copies.server";
import { type DrawOutcome, drawCampaign, dueCampaignIds } from "../draw/run.server";
import { prisma } from "../core/db.server";
import { queueAdminAlert } from "../email/outbox.server";
import { type EmailDeliverySummary, deliverDueEmails, senderProcessSends } from "../email/delivery.server";
import { type SmsDeliverySummary, deliverDueSms } from "../sms/sms.server";
import { runFulfilmentJobs } from "../fulfilment/index.server";
import { type WebhookDeliverySummary, deliverDueWebhooks } from "../integrations/webhooks.server";
import { type EmailToolSyncSummary, deliverDueEmailToolSyncs } from "../integrations/email-tool-sync.server";
import { type ClaimReminderSummary, sendClaimFollowUps } from "./claim-reminders.server";
import { runPartnerMockups } from "./partner-mockups.server";
import { type ReminderSummary, sendDueReminders } from "./reminders.server";
import { type DraftPruneSummary, pruneVisitorDrafts } from "./visitor-drafts.server";
import { recordJobStep } from "./step-status.server";
import type { JobStep } from "../../domain/system";
import { loadPlatformSettings } from "../core/settings.server";
import { finishDeferredOrderErasures, purgeErasedData } from "../data-rights/erase.server";
import { pruneDataLinkRequests } from "../data-rights/request.server";
import { type RetentionSummary, runRetention } from "../data-rights/retention.server";

export type { JobStep } from "../../domain/system";

/**
 * Called after every step of every pass, with the step, how long it took and whether it failed (as
 * the System page counts it, decision 085), e.g. to feed a metric:
 * `onJobStep((step, seconds, failed) => ...)`. A listener that throws is logged and changes nothing.
 */
export type JobStepListener = (step: JobStep, seconds: number, failed: boolean) => void;
const jobStepListeners = new Set<JobStepListener>();

/** Adds a listener for every step of every pass from now on; answers a function that removes it. */
export function onJobStep(listener: JobStepListener): () => void {
  jobStepListeners.add(listener);
  return () => void jobStepListeners.delete(listener);
}

// Every step's duration and failure reach /metrics (decision 084), in the server and `npm run jobs` alike.
onJobStep(observeJobStep);

export interface JobsSummary {
  /** Entry lists frozen this pass (every ended campaign's, whatever the auto-pick setting). */
  frozen: number;
  /** Time-stamp tokens stored this pass (decision 090). */
  timestamps: number;
  /** list.frozen events and "entries are closed" emails queued (decision 093). */
  listCopies: ListCopiesSummary;
  /** Draw outcomes by kind ("drawn", "no-entries", …), or "disabled" when autoPickWinnerEnabled is off. */
  draws: Partial<Record<DrawOutcome["kind"], number>> | "disabled";
  /** Winner emails queued. */
  notified: number;
  reminders: ReminderSummary;
  /** Claim reminders to winners and unclaimed-prize notices to creators (decision 051). */
  claimReminders: Omit<ClaimReminderSummary, "failures">;
  emails: EmailDeliverySummary | null;
  /** Winners' SMS retried through Twilio (decision 094). */
  sms: SmsDeliverySummary | null;
  /** The brands' signed webhooks (decision 055). */
  webhooks: WebhookDeliverySummary | null;
  /** Subscribes and unsubscribes at the brands' email tools (decision 056). */
  emailTools: EmailToolSyncSummary | null;
  fulfilment: boolean;
  /** Entrants' data erased by retention (decision 054), and deferred order erasures finished. */
  retention: RetentionSummary & { deferredOrders: number };
  /** Visitors' drafts unchanged for VISITOR_DRAFT_RETENTION_DAYS, deleted with their own files (decision 067). */
  drafts: DraftPruneSummary;
  errors: { step: JobStep; message: string }[];
  ms: number;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What failed in the previous pass, and why. */
let lastFailures = new Map<string, string>();

/**
 * One pass of every job. A failing step (or campaign) is logged and recorded; the others still run.
 * Every line the pass logs carries its id, `job-<uuid>` (decision 083).
 */
export function runJobsOnce(now: Date = new Date()): Promise<JobsSummary> {
  return inJobPass(() => runPass(now));
}

async function runPass(now: Date): Promise<JobsSummary> {
  const started = performance.now();
  const summary: JobsSummary = {
    frozen: 0,
    timestamps: 0,
    listCopies: { events: 0, lists: 0, emails: 0 },
    draws: {},
    notified: 0,
    reminders: { campaigns: 0, emails: 0 },
    claimReminders: { campaigns: 0, reminders: 0, unclaimed: 0 },
    emails: null,
    sms: null,
    webhooks: null,
    emailTools: null,
    fulfilment: false,
    retention: { campaigns: 0, erased: 0, minimised: 0, deferredOrders: 0 },
    drafts: { drafts: 0, files: 0 },
    errors: [],
    ms: 0,
  };
  const failures = new Map<string, string>();
  // Each step's problems this pass, for its status row (decision 085).
  const problems = new Map<JobStep, string[]>();
  const problem = (step: JobStep, text: string) => problems.set(step, [...(problems.get(step) ?? []), text]);
  const fail = (step: JobStep, error: unknown, what: string = step) => {
    const message = errorMessage(error);
    // A failure that repeats every pass (a database outage, a missing template) gets its stack once.
    if (lastFailures.get(what) === message) log.error(`[jobs] ${what} failed again: ${message}`);
    else log.error({ err: error }, `[jobs] ${what} failed`);
    failures.set(what, message);
    summary.errors.push({ step, message });
    problem(step, what === step ? message : `${what}: ${message}`);
  };

  let statusUnrecorded = false;
  /**
   * Runs one step; what it answers is a problem short of a failure (emails the SMTP server refused).
   * Then its listeners hear of it and its status row is written (decision 085): a write that fails
   * is logged once a pass and never stops the pass.
   */
  async function step(name: JobStep, work: () => Promise<string | null | void>) {
    const startedAt = new Date();
    const started = performance.now();
    try {
      const trouble = await work();
      if (trouble) problem(name, trouble);
    } catch (error) {
      fail(name, error);
    }
    const durationMs = performance.now() - started;
    const error = problems.get(name)?.join("; ") ?? null;
    for (const listener of jobStepListeners) {
      try {
        listener(name, durationMs / 1000, error !== null);
      } catch (failure) {
        log.error({ err: failure }, `[jobs] a listener of the ${name} step failed`);
      }
    }
    try {
      await recordJobStep({ step: name, startedAt, durationMs, error });
    } catch (failure) {
      if (!statusUnrecorded) log.error({ err: failure }, "[jobs] could not record the status of a job step");
      statusUnrecorded = true;
    }
  }

  // The list is frozen at the end whether the job or the creator draws: its hash must be public
  // before the beacon round the draw waits for.
  await step("freeze", async () => {
    for (const campaignId of await campaignsToFreeze(now)) {
      try {
        const outcome = await freezeEntryList(campaignId, { now });
        if (outcome.kind === "frozen") summary.frozen += 1;
      } catch (error) {
        fail("freeze", error, `freezing the entry list of campaign ${campaignId}`);
        await alertStuckFreeze(campaignId, now, error).catch((alert: unknown) =>
          log.error({ err: alert }, "[jobs] could not alert the admins"),
        );
      }
    }
  });

  // Procedure 4's anchors (decision 090): after the freeze, so a list just frozen is stamped this pass.
  // An authority that is down is a problem of the step, asked again next pass; nothing waits for it.
  await step("timestamps", async () => {
    const stamped = await timestampDraws(now);
    summary.timestamps = stamped.stamped;
    return stamped.problems.length > 0 ? stamped.problems.join("; ") : null;
  });

  // Entrants hold copies (decision 093): a step of its own after the freeze, so the freeze stays as fast
  // as it was; the list.frozen webhooks and the entrants' "entries are closed" emails, each at most once.
  await step("list-notices", async () => {
    summary.listCopies = await sendListCopies(now);
  });

  await step("draws", async () => {
    if (!(await loadPlatformSettings()).autoPickWinnerEnabled) {
      summary.draws = "disabled";
      return;
    }
    const counts: Partial<Record<DrawOutcome["kind"], number>> = {};
    for (const campaignId of await dueCampaignIds(now)) {
      try {
        const outcome = await drawCampaign(campaignId, { now });
        counts[outcome.kind] = (counts[outcome.kind] ?? 0) + 1;
      } catch (error) {
        fail("draws", error, `draw of campaign ${campaignId}`);
      }
    }
    summary.draws = counts;
  });

  await step("notify", async () => {
    for (const campaignId of await campaignsAwaitingNotification()) {
      try {
        summary.notified += await notifyWinners(campaignId);
      } catch (error) {
        fail("notify", error, `notifying the winners of campaign ${campaignId}`);
      }
    }
  });

  await step("reminders", async () => {
    summary.reminders = await sendDueReminders(now);
  });

  await step("claim-reminders", async () => {
    const { failures, ...counts } = await sendClaimFollowUps(now);
    summary.claimReminders = counts;
    for (const { campaignId, error } of failures) fail("claim-reminders", error, `claim follow-ups of campaign ${campaignId}`);
  });

  await step("emails", async () => {
    // The cluster's sender process delivers the outbox (decision 109); this pass leaves it to it.
    if (senderProcessSends()) return;
    summary.emails = await deliverDueEmails(now);
    const { failed, gaveUp, lastError } = summary.emails;
    // The step ran, but mail is not going out: the System page shows it as the step's problem.
    if (failed + gaveUp > 0)
      return `${failed + gaveUp} ${failed + gaveUp === 1 ? "email was" : "emails were"} not delivered: ${lastError ?? "see the outbox"}`;
  });

  await step("sms", async () => {
    summary.sms = await deliverDueSms(now);
    if (summary.sms.failed > 0) return `${summary.sms.failed} SMS not delivered: see the SMS outbox`;
  });

  await step("webhooks", async () => {
    summary.webhooks = await deliverDueWebhooks(now);
  });

  await step("email-tools", async () => {
    summary.emailTools = await deliverDueEmailToolSyncs(now);
  });

  await step("fulfilment", async () => {
    await runFulfilmentJobs(now);
    summary.fulfilment = true;
  });

  await step("mockups", async () => void (await runPartnerMockups(now)));

  // Decision 054: entrants without marketing consent, a fixed time after their campaign's fulfilment;
  // erased winners' orders once finished; data-link requests past counting.
  await step("retention", async () => {
    summary.retention = { ...(await runRetention(now)), deferredOrders: await finishDeferredOrderErasures(now) };
    const { erased, minimised, deferredOrders } = summary.retention;
    // What was erased leaves the database's files too (decision 065).
    if (erased + minimised + deferredOrders > 0) await purgeErasedData();
    await pruneDataLinkRequests(now);
  });

  // Decision 067: visitors' drafts nobody can open any more (their cookie has run out), and their own files.
  await step("drafts", async () => {
    summary.drafts = await pruneVisitorDrafts(now);
  });

  lastFailures = failures;
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

/** A one-line account of a pass for the log, or null when it did nothing worth saying. */
export function describeJobsSummary(summary: JobsSummary): string | null {
  const parts: string[] = [];
  if (summary.frozen) parts.push(`${summary.frozen} entry lists frozen`);
  if (summary.draws !== "disabled") {
    for (const [kind, count] of Object.entries(summary.draws)) parts.push(`${count} draw ${kind}`);
  }
  if (summary.listCopies.emails) parts.push(`${summary.listCopies.emails} entries-closed emails queued`);
  if (summary.notified) parts.push(`${summary.notified} winner emails queued`);
  if (summary.reminders.emails) parts.push(`${summary.reminders.emails} reminders queued`);
  if (summary.claimReminders.reminders) parts.push(`${summary.claimReminders.reminders} claim reminders queued`);
  if (summary.claimReminders.unclaimed) parts.push(`${summary.claimReminders.unclaimed} unclaimed-prize notices queued`);
  if (summary.emails?.sent) parts.push(`${summary.emails.sent} emails sent`);
  if (summary.emails?.failed) parts.push(`${summary.emails.failed} emails to retry`);
  if (summary.emails?.gaveUp) parts.push(`${summary.emails.gaveUp} emails failed for good`);
  if (summary.retention.erased) parts.push(`${summary.retention.erased} entrants erased by retention`);
  if (summary.drafts.drafts) parts.push(`${summary.drafts.drafts} visitors' drafts pruned`);
  if (summary.retention.deferredOrders) parts.push(`${summary.retention.deferredOrders} erased winners' orders cleared`);
  if (summary.webhooks?.delivered) parts.push(`${summary.webhooks.delivered} webhooks delivered`);
  if (summary.webhooks?.retrying) parts.push(`${summary.webhooks.retrying} webhooks to retry`);
  if (summary.webhooks?.failed) parts.push(`${summary.webhooks.failed} webhooks failed for good`);
  if (summary.emailTools?.done) parts.push(`${summary.emailTools.done} email-tool syncs done`);
  if (summary.emailTools?.retrying) parts.push(`${summary.emailTools.retrying} email-tool syncs to retry`);
  if (summary.emailTools?.failed) parts.push(`${summary.emailTools.failed} email-tool syncs failed`);
  if (summary.errors.length) parts.push(`${summary.errors.length} errors`);
  return parts.length ? `[jobs] ${parts.join(", ")} (${summary.ms} ms)` : null;
}

/**
 * The in-server timer: a pass, then a pause of `intervalMs`, then the next pass, so passes never
 * overlap within one process.
 */
interface JobRunner {
  timer: NodeJS.Timeout | undefined;
  current: Promise<void> | undefined;
  stopped: boolean;
}
let runner: JobRunner | undefined;

export function startJobRunner(
  intervalMs: number = getConfig().JOBS_INTERVAL_MS,
  { afterPass }: { afterPass?: (summary: JobsSummary) => void } = {},
): void {
  if (runner || intervalMs <= 0) return;
  const state: JobRunner = { timer: undefined, current: undefined, stopped: false };
  runner = state;
  const schedule = () => {
    if (state.stopped) return;
    state.timer = setTimeout(() => {
      // The pass's line is logged inside the pass, with its id.
      state.current = inJobPass(() =>
        runJobsOnce()
          .then((summary) => {
            const line = describeJobsSummary(summary);
            if (line) log.info(line);
            afterPass?.(summary);
          })
          .catch((error: unknown) => log.error({ err: error }, "[jobs] pass failed")),
      ).finally(() => {
        state.current = undefined;
        schedule();
      });
    }, intervalMs);
    // The timer alone does not keep the process alive; the HTTP server does.
    state.timer.unref();
  };
  schedule();
}

/** Stops the timer and waits for a pass in progress to finish. */
export async function stopJobRunner(): Promise<void> {
  const state = runner;
  if (!state) return;
  runner = undefined;
  state.stopped = true;
  clearTimeout(state.timer);
  await state.current;
}

/**
 * A list still not frozen once the end plus the beacon margin has passed would make the draw wait
 * for a later round (or, when the freeze refuses its data, never happen): the admins hear of it
 * once per campaign, with the reason.
 */
async function alertStuckFreeze(campaignId: string, now: Date, error: unknown): Promise<void> {
  const campaign = await prisma.campaign.findUnique({
    where: { id: campaignId },
    select: { endDate: true, title: true, drawBeaconMarginMinutes: true },
  });
  const margin = (campaign?.drawBeaconMarginMinutes ?? getConfig().DRAW_BEACON_MARGIN_MINUTES) * 60_000;
  if (!campaign?.endDate || now.getTime() < campaign.endDate.getTime() + margin) return;
  const text = `The entry list of campaign ${campaignId} ("${campaign.title}") could not be frozen, and the giveaway ended at ${campaign.endDate.toISOString()}: its draw waits until the list is frozen. The job pass retries every time and logs the reason: ${errorMessage(error)}`;
  await queueAdminAlert(prisma, `freeze-stuck:${campaignId}`, `Entry list not frozen: campaign ${campaignId}`, text);
}
