import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Badge, SectionCard } from "./admin-page";
import { type Column, Table } from "~/components/ui/table";
import { useSubmitting } from "~/components/ui/use-submitting";
import {
  type FailedEmailView,
  type FailedWebhookView,
  type JobStepView,
  LEASE_STUCK_AFTER_MS,
  type LeaseView,
  type SystemPageData,
  type WaitingCampaignView,
  ago,
  formatBytes,
  formatDuration,
  formatUtc,
} from "~/domain/system";
import { adminEmailsPath, campaignPath } from "~/paths";

/** The System tab's view (decision 085): one section per concern, every action a plain form. */
export function SystemOverview({ data }: { data: SystemPageData }) {
  const failingSteps = data.steps.filter((step) => step.lastOk === false).length;
  const stuck = data.leases.reduce((sum, lease) => sum + lease.stuck, 0);
  const waiting = data.campaigns.toFreeze.count + data.campaigns.forBeacon.count;
  return (
    <div className="flex flex-col gap-6">
      <h2 className="sr-only">At a glance</h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <Figure label="Job steps failing" value={failingSteps} bad={failingSteps > 0} />
        <Figure label="Leases stuck" value={stuck} bad={stuck > 0} />
        <Figure label="Emails failed" value={data.outbox.failed} bad={data.outbox.failed > 0} />
        <Figure label="Webhooks failed" value={data.webhooks.failed} bad={data.webhooks.failed > 0} />
        <Figure label="Campaigns waiting" value={waiting} bad={false} />
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        As of {formatUtc(data.now)}. Times are UTC; reload the page to see it again.
      </p>
      <JobSteps steps={data.steps} now={data.now} />
      <Leases leases={data.leases} now={data.now} />
      <Outbox data={data} />
      <Webhooks webhooks={data.webhooks} now={data.now} />
      <WaitingCampaigns data={data} />
      <Storage data={data} />
    </div>
  );
}

function Figure({ label, value, bad }: { label: string; value: number; bad: boolean }) {
  return (
    <div className="card p-4">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold tabular-nums ${bad ? "text-red-700 dark:text-red-300" : ""}`}>
        {value.toLocaleString("en-US")}
      </dd>
    </div>
  );
}

const tableProps = {
  className: "w-full text-left text-sm",
  headClassName: "border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:text-slate-400",
  headerClassName: "px-3 py-2.5 font-semibold",
  bodyClassName: "divide-y divide-slate-200 dark:divide-slate-800",
  rowClassName: "align-top",
} as const;

/**
 * Wider than a phone: a table scrolls inside its own region, which keyboards can reach. Positioned,
 * so the visually hidden headings (absolutely placed) scroll with it instead of widening the page.
 */
function scroll(label: string) {
  return { className: "relative -mx-5 overflow-x-auto px-2 sm:-mx-6 sm:px-3", label };
}

const cell = "px-3 py-2.5";
const when = (iso: string | null, now: string) => (
  <>
    <span className="block whitespace-nowrap tabular-nums">{formatUtc(iso)}</span>
    {iso ? <span className="block text-xs text-slate-600 dark:text-slate-400">{ago(iso, now)}</span> : null}
  </>
);
const errorText = (text: string | null) =>
  text ? <span className="block max-w-md text-xs break-words text-red-800 dark:text-red-300">{text}</span> : null;

function JobSteps({ steps, now }: { steps: JobStepView[]; now: string }) {
  const columns: Column<JobStepView>[] = [
    {
      header: "Step",
      rowHeader: true,
      className: `${cell} font-medium`,
      cell: (row) => (
        <>
          {row.label}
          <span className="block font-mono text-xs font-normal text-slate-600 dark:text-slate-400">{row.step}</span>
        </>
      ),
    },
    {
      header: "Last pass",
      className: cell,
      cell: (row) => (
        <>
          {row.lastOk === null ? <Badge>Never run</Badge> : row.lastOk ? <Badge tone="good">OK</Badge> : <Badge tone="bad">Failed</Badge>}
          {row.lastStartedAt ? <span className="mt-1 block">{when(row.lastStartedAt, now)}</span> : null}
        </>
      ),
    },
    {
      header: "Last error",
      className: `${cell} min-w-[16rem]`,
      cell: (row) =>
        row.lastError ? (
          <>
            <span className="block text-xs text-slate-600 dark:text-slate-400">{formatUtc(row.lastErrorAt)}</span>
            {errorText(row.lastError)}
          </>
        ) : (
          "None"
        ),
    },
    {
      header: "Took",
      className: `${cell} whitespace-nowrap tabular-nums`,
      cell: (row) => (row.lastDurationMs === null ? "—" : formatDuration(row.lastDurationMs)),
    },
    { header: "Last success", className: cell, cell: (row) => when(row.lastSuccessAt, now) },
    { header: "Instance", className: `${cell} font-mono text-xs break-all`, cell: (row) => row.lastInstance ?? "—" },
  ];
  return (
    <SectionCard
      id="job-steps"
      title="Job steps"
      description="Each step of the background job pass (every 15 seconds on every instance), as the last pass of it went on any instance. An error stays listed after later passes succeed."
    >
      <Table
        {...tableProps}
        className={`${tableProps.className} min-w-[56rem]`}
        scroll={scroll("Job steps")}
        columns={columns}
        rows={steps}
        rowKey={(row) => row.step}
        rowProps={(row) => ({ "data-testid": "job-step", "data-step": row.step })}
      />
    </SectionCard>
  );
}

function Leases({ leases, now }: { leases: LeaseView[]; now: string }) {
  const columns: Column<LeaseView>[] = [
    { header: "Work", rowHeader: true, className: `${cell} font-medium`, cell: (row) => row.label },
    { header: "Held", className: `${cell} tabular-nums`, cell: (row) => row.held.toLocaleString("en-US") },
    {
      header: "Stuck",
      className: `${cell} tabular-nums`,
      cell: (row) => (row.stuck > 0 ? <Badge tone="bad">{row.stuck.toLocaleString("en-US")}</Badge> : "0"),
    },
    { header: "Lease", className: `${cell} whitespace-nowrap`, cell: (row) => formatDuration(row.ttlMs) },
    {
      header: "Stuck longest",
      className: cell,
      cell: (row) =>
        row.oldestStuck.length === 0 ? (
          "—"
        ) : (
          <ul className="space-y-1">
            {row.oldestStuck.map((stuck) => (
              <li key={stuck.id} className="text-xs">
                <span className="font-mono break-all">{stuck.id}</span> ran out {ago(stuck.expiredAt, now)}
              </li>
            ))}
          </ul>
        ),
    },
  ];
  return (
    <SectionCard
      id="leases"
      title="Leases"
      description={`A pass takes each piece of work with a lease, so no two instances do it at once. Held: running now. Stuck: ran out more than ${formatDuration(LEASE_STUCK_AFTER_MS)} ago and still set: whoever held it stopped, and no pass has taken the work back since (one does when the work is still due).`}
    >
      <Table
        {...tableProps}
        className={`${tableProps.className} min-w-[40rem]`}
        scroll={scroll("Leases")}
        columns={columns}
        rows={leases}
        rowKey={(row) => row.key}
        rowProps={(row) => ({ "data-testid": "lease", "data-lease": row.key })}
      />
    </SectionCard>
  );
}

function Outbox({ data }: { data: SystemPageData }) {
  const { outbox, now } = data;
  const submitting = useSubmitting();
  const retryingAll = submitting({ intent: "retry-all-emails" });
  return (
    <SectionCard
      id="outbox"
      title="Email outbox"
      description={
        <>
          Failed emails are tried again on their own a few times. Retry starts one over: it goes out with the next job pass. Failed emails
          to people who erased their data are not counted. Every email is on the{" "}
          <Link to={adminEmailsPath()} className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
            Emails tab
          </Link>
          .
        </>
      }
    >
      {outbox.smtp ? null : (
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          SMTP_URL is not set: nothing is delivered, and pending emails wait in the outbox.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label="Pending" value={outbox.pending.toLocaleString("en-US")} />
        <Fact label="Sending" value={outbox.sending.toLocaleString("en-US")} />
        <Fact label="Failed" value={outbox.failed.toLocaleString("en-US")} testId="outbox-failed" />
        <Fact label="Oldest pending" value={outbox.oldestPendingAt ? ago(outbox.oldestPendingAt, now).replace(/ ago$/, "") : "None"} />
      </dl>
      {outbox.recentFailed.length === 0 ? (
        <p className="mt-5 text-sm text-slate-700 dark:text-slate-300">No failed emails.</p>
      ) : (
        <>
          <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
            <h3 className="font-semibold">
              Failed emails{outbox.failed > outbox.recentFailed.length ? ` (the newest ${outbox.recentFailed.length})` : ""}
            </h3>
            <Form method="post">
              <input type="hidden" name="intent" value="retry-all-emails" />
              <button type="submit" className="btn-secondary" disabled={retryingAll}>
                {retryingAll ? "Retrying..." : `Retry all failed (${outbox.failed.toLocaleString("en-US")})`}
              </button>
            </Form>
          </div>
          <FailedEmails rows={outbox.recentFailed} now={now} />
        </>
      )}
    </SectionCard>
  );
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg bg-slate-100 p-3 dark:bg-slate-800/70">
      <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function RetryButton({ intent, field, id, label }: { intent: string; field: string; id: string; label: string }) {
  const retrying = useSubmitting()({ intent, [field]: id });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={id} />
      <button type="submit" className="btn-secondary whitespace-nowrap" disabled={retrying} aria-label={label}>
        {retrying ? "Retrying..." : "Retry"}
      </button>
    </Form>
  );
}

function FailedEmails({ rows, now }: { rows: FailedEmailView[]; now: string }) {
  const columns: Column<FailedEmailView>[] = [
    { header: "Recipient", rowHeader: true, className: `${cell} min-w-[12rem] font-medium break-all`, cell: (row) => row.to },
    {
      header: "Actions",
      srOnly: true,
      className: cell,
      cell: (row) => (
        <RetryButton intent="retry-email" field="emailId" id={row.id} label={`Retry the email to ${row.to}: ${row.subject}`} />
      ),
    },
    {
      header: "Subject",
      className: `${cell} max-w-xs break-words`,
      cell: (row) => (
        <>
          {row.subject}
          {row.template ? <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{row.template}</span> : null}
        </>
      ),
    },
    { header: "Attempts", className: `${cell} tabular-nums`, cell: (row) => row.attempts },
    { header: "Last error", className: `${cell} min-w-[14rem]`, cell: (row) => errorText(row.lastError) },
    {
      header: "Queued",
      className: cell,
      cell: (row) => (
        <>
          {when(row.createdAt, now)}
          <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
            {!row.nextAttemptAt
              ? "No next attempt (gave up)"
              : Date.parse(row.nextAttemptAt) > Date.parse(now)
                ? `Next attempt ${ago(row.nextAttemptAt, now)}`
                : "Due for its next attempt"}
          </span>
        </>
      ),
    },
  ];
  return (
    <div className="mt-3">
      <Table
        {...tableProps}
        className={`${tableProps.className} min-w-[52rem]`}
        scroll={scroll("Failed emails")}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-testid": "failed-email", "data-id": row.id })}
      />
    </div>
  );
}

function Webhooks({ webhooks, now }: { webhooks: SystemPageData["webhooks"]; now: string }) {
  const columns: Column<FailedWebhookView>[] = [
    { header: "Event", rowHeader: true, className: `${cell} font-mono text-xs`, cell: (row) => row.eventType },
    {
      header: "Actions",
      srOnly: true,
      className: cell,
      cell: (row) =>
        row.redelivery === "pending" || row.redelivery === "delivered" ? (
          <Badge tone={row.redelivery === "delivered" ? "good" : "brand"}>
            {row.redelivery === "delivered" ? "Redelivered" : "Queued again"}
          </Badge>
        ) : (
          <RetryButton
            intent="retry-webhook"
            field="deliveryId"
            id={row.id}
            label={`Retry the ${row.eventType} event to ${row.endpointHost}`}
          />
        ),
    },
    { header: "Endpoint", className: `${cell} break-all`, cell: (row) => row.endpointHost },
    { header: "Attempts", className: `${cell} tabular-nums`, cell: (row) => row.attempts },
    {
      header: "Last answer",
      className: `${cell} min-w-[14rem]`,
      cell: (row) => (
        <>
          <span className="block text-xs">{row.lastStatusCode === null ? "No answer" : `HTTP ${row.lastStatusCode}`}</span>
          {errorText(row.lastError)}
        </>
      ),
    },
    { header: "Last attempt", className: cell, cell: (row) => when(row.lastAttemptAt, now) },
  ];
  return (
    <SectionCard
      id="webhooks"
      title="Webhook deliveries"
      description="Brands' webhook deliveries that failed for good. Retry sends the same event to the endpoint again with the next job pass, as the brand's Redeliver does."
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="font-semibold tabular-nums">{webhooks.failed.toLocaleString("en-US")}</span> failed{" "}
        {webhooks.failed === 1 ? "delivery" : "deliveries"}
        {webhooks.failed > webhooks.recentFailed.length ? `; the newest ${webhooks.recentFailed.length} below.` : "."}
      </p>
      {webhooks.recentFailed.length > 0 ? (
        <div className="mt-3">
          <Table
            {...tableProps}
            className={`${tableProps.className} min-w-[52rem]`}
            scroll={scroll("Failed webhook deliveries")}
            columns={columns}
            rows={webhooks.recentFailed}
            rowKey={(row) => row.id}
            rowProps={(row) => ({ "data-testid": "failed-webhook", "data-id": row.id })}
          />
        </div>
      ) : null}
    </SectionCard>
  );
}

function WaitingCampaigns({ data }: { data: SystemPageData }) {
  const { toFreeze, forBeacon } = data.campaigns;
  const now = data.now;
  const campaign: Column<WaitingCampaignView> = {
    header: "Campaign",
    rowHeader: true,
    className: `${cell} font-medium break-words`,
    cell: (row) => (
      <Link to={campaignPath(row.id)} className="text-brand-700 underline underline-offset-2 dark:text-brand-300">
        {row.title || row.id}
      </Link>
    ),
  };
  // How long first: on a phone the table scrolls, and that is what it is for.
  const waited: Column<WaitingCampaignView> = {
    header: "Waiting",
    className: `${cell} whitespace-nowrap`,
    cell: (row) => ago(row.waitingSince, now).replace(/ ago$/, ""),
  };
  const freezeColumns: Column<WaitingCampaignView>[] = [
    campaign,
    waited,
    { header: "Ended", className: cell, cell: (row) => formatUtc(row.endDate) },
  ];
  const beaconColumns: Column<WaitingCampaignView>[] = [
    campaign,
    waited,
    { header: "Frozen", className: cell, cell: (row) => formatUtc(row.waitingSince) },
    {
      header: "Beacon round",
      className: cell,
      cell: (row) => (
        <>
          <span className="tabular-nums">{row.beaconRound}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {row.beaconRoundAt
              ? Date.parse(row.beaconRoundAt) > Date.parse(now)
                ? `due ${ago(row.beaconRoundAt, now)}`
                : `out since ${formatUtc(row.beaconRoundAt)}`
              : "unknown chain"}
            {row.beaconAttempts ? `; ${row.beaconAttempts} failed ${row.beaconAttempts === 1 ? "fetch" : "fetches"}` : ""}
          </span>
        </>
      ),
    },
  ];
  return (
    <SectionCard
      id="campaigns-waiting"
      title="Campaigns waiting"
      description="Ended campaigns whose entry list is not frozen yet, and frozen ones not yet drawn: their beacon round is not out, its fetch fails, or the creator draws by hand."
    >
      <h3 className="font-semibold">To be frozen ({toFreeze.count.toLocaleString("en-US")})</h3>
      {toFreeze.campaigns.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">None.</p>
      ) : (
        <Table
          {...tableProps}
          className={`${tableProps.className} min-w-[28rem]`}
          scroll={scroll("Campaigns to be frozen")}
          columns={freezeColumns}
          rows={toFreeze.campaigns}
          rowKey={(row) => row.id}
          rowProps={() => ({ "data-testid": "waiting-freeze" })}
        />
      )}
      <h3 className="mt-6 font-semibold">Waiting for the beacon or the draw ({forBeacon.count.toLocaleString("en-US")})</h3>
      {forBeacon.campaigns.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">None.</p>
      ) : (
        <Table
          {...tableProps}
          className={`${tableProps.className} min-w-[36rem]`}
          scroll={scroll("Campaigns waiting for the beacon")}
          columns={beaconColumns}
          rows={forBeacon.campaigns}
          rowKey={(row) => row.id}
          rowProps={() => ({ "data-testid": "waiting-beacon" })}
        />
      )}
    </SectionCard>
  );
}

function Storage({ data }: { data: SystemPageData }) {
  const { storage, uploads } = data;
  return (
    <SectionCard id="storage" title="Storage">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Uploads recorded in the database: <span className="font-semibold tabular-nums">{uploads.files.toLocaleString("en-US")}</span> files,{" "}
        <span className="font-semibold tabular-nums">{formatBytes(uploads.bytes)}</span> (originals; resized copies and caches not
        included).
      </p>
      {storage.kind === "s3" ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="storage-total">
          Files are kept in the bucket <span className="font-mono">{storage.bucket}</span>. The bucket is not measured here: listing it
          costs a request per 1,000 files. Your storage provider's console shows its size.
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="storage-total">
            On this instance's disk, <span className="font-mono break-all">{storage.root}</span> holds{" "}
            <span className="font-semibold tabular-nums">{formatBytes(storage.bytes)}</span> in {storage.files.toLocaleString("en-US")}{" "}
            files
            {storage.partial ? " (at least: the count stopped at its limit)" : ""}, measured {ago(storage.measuredAt, data.now)}.
          </p>
          {storage.folders.length > 0 ? (
            <Table
              {...tableProps}
              className={`${tableProps.className} mt-3 max-w-xl`}
              columns={[
                { header: "Folder or file", rowHeader: true, className: `${cell} font-mono text-xs break-all`, cell: (row) => row.name },
                { header: "Files", className: `${cell} tabular-nums`, cell: (row) => row.files.toLocaleString("en-US") },
                { header: "Size", className: `${cell} whitespace-nowrap tabular-nums`, cell: (row) => formatBytes(row.bytes) },
              ]}
              rows={storage.folders}
              rowKey={(row) => row.name}
            />
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
