import { Form } from "react-router";
import { adminPage, Badge, LoadError, Pager } from "~/components/admin/admin-page";
import { StatusFilters } from "~/components/admin/status-filters";
import { ActionToast } from "~/components/ui/action-toast";
import { attemptsColumn, retryColumns } from "~/components/admin/retry-columns";
import { type Column, Table } from "~/components/ui/table";
import { useSubmitting } from "~/components/ui/use-submitting";
import {
  OUTBOX_MAX_QUERY,
  OUTBOX_STATUS_LABELS,
  OUTBOX_STATUSES,
  type OutboxStatus,
  isOutboxStatus,
  outboxHref,
  parseOutboxQuery,
} from "~/domain/outbox";
import { readForm } from "~/server/core/forms.server";
import { type OutboxPage, listOutbox, retryEmail } from "~/server/admin/emails.server";
import { listSmsOutbox, retrySms } from "~/server/admin/sms-outbox.server";
import type { SmsOutbox } from "~/domain/sms";
import { SmsOutboxSection } from "~/components/admin/sms-outbox";
import { formatUtc as when } from "~/domain/system";
import { answer, refuse, thisPage } from "~/server/admin/responses.server";
import type { Route } from "./+types/admin.dashboard.emails";
import { log } from "~/server/core/log.server";

export const meta = () => [{ title: "Emails · Admin · Giveawear" }];

export const handle = adminPage({
  title: "Emails",
  intro:
    "Every email the platform has written, newest first, and below them the text messages (SMS): what is waiting, what went out, and what failed and why. Failed ones are tried again on their own a few times; Retry now starts one over at once.",
});

const OUTBOX_LOAD_ERROR = "Could not load the email outbox.";

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseOutboxQuery(new URL(request.url).searchParams);
  try {
    const [page, sms] = await Promise.all([listOutbox(query), listSmsOutbox()]);
    return { query, ...page, sms, loadError: null };
  } catch (error) {
    log.error({ err: error }, "admin: listing the outbox failed");
    const empty: OutboxPage = { rows: [], total: 0, page: 1, pages: 1, counts: { pending: 0, sending: 0, sent: 0, failed: 0 } };
    const sms: SmsOutbox = { rows: [], total: 0 };
    return { query, ...empty, sms, loadError: OUTBOX_LOAD_ERROR };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const back = thisPage(request);
  const formData = await readForm(request);
  const emailId = formData.get("emailId");
  if (formData.get("intent") === "retry-sms") return retrySmsAnswer(back, formData.get("smsId"));
  if (formData.get("intent") !== "retry") return refuse(400, "Unknown Action", "Nothing was changed.");
  if (typeof emailId !== "string" || !emailId) return refuse(400, "Not Retried", "Choose an email to retry.");
  const outcome = await retryEmail(emailId);
  switch (outcome.kind) {
    case "sent":
      return answer(back, { type: "success", title: "Email Sent", description: `The email to ${outcome.to} was delivered.` });
    case "failed":
      return answer(back, { type: "error", title: "Email Failed Again", description: outcome.error.slice(0, 300) });
    case "queued":
      return answer(back, {
        type: "success",
        title: "Email Queued",
        description: `The email to ${outcome.to} is pending again and goes out with the next delivery.`,
      });
    case "missing":
      return refuse(404, "Not Retried", "That email does not exist.");
    default:
      return refuse(409, "Not Retried", "Only a failed email can be retried; this one is not failed.");
  }
}

async function retrySmsAnswer(back: string, smsId: FormDataEntryValue | null) {
  if (typeof smsId !== "string" || !smsId) return refuse(400, "Not Retried", "Choose a text message to retry.");
  const outcome = await retrySms(smsId);
  if (outcome.kind === "missing") return refuse(404, "Not Retried", "That text message does not exist.");
  if (outcome.kind === "not-failed")
    return refuse(409, "Not Retried", "Only a failed text message can be retried; this one is not failed.");
  if (outcome.kind === "failed")
    return answer(back, { type: "error", title: "Text Failed Again", description: (outcome.error ?? "").slice(0, 300) });
  const description = outcome.kind === "sent" ? `The text to ${outcome.to} was sent.` : `The text to ${outcome.to} is pending again.`;
  return answer(back, { type: "success", title: outcome.kind === "sent" ? "Text Sent" : "Text Queued", description });
}

const STATUS_TONES: Record<OutboxStatus, "neutral" | "brand" | "good" | "bad"> = {
  pending: "neutral",
  sending: "brand",
  sent: "good",
  failed: "bad",
};

export default function AdminEmails({ loaderData, actionData }: Route.ComponentProps) {
  const { query, rows, total, page, pages, counts, sms, loadError } = loaderData;
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <StatusFilters
          label="Filter emails by status"
          statuses={OUTBOX_STATUSES}
          labels={OUTBOX_STATUS_LABELS}
          counts={counts}
          current={query.status}
          href={(status) => outboxHref({ status, q: query.q })}
        />
        <Form method="get" role="search" className="flex items-end gap-2">
          {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
          <div>
            <label htmlFor="outbox-search" className="label">
              Recipient
            </label>
            <input
              id="outbox-search"
              type="search"
              name="q"
              defaultValue={query.q}
              maxLength={OUTBOX_MAX_QUERY}
              className="input"
              placeholder="jamie@example.com"
            />
          </div>
          <button type="submit" className="btn-secondary">
            Search
          </button>
        </Form>
      </div>

      <div className="mt-6">
        {loadError ? (
          <LoadError message={loadError} />
        ) : rows.length === 0 ? (
          <p className="card p-6 text-slate-700 dark:text-slate-300">
            {query.status ? `No ${OUTBOX_STATUS_LABELS[query.status].toLowerCase()} emails` : "No emails"}
            {query.q ? ` to addresses containing “${query.q}”.` : "."}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
              {total.toLocaleString("en-US")} {total === 1 ? "email" : "emails"}
              {pages > 1 ? ` · page ${page} of ${pages}` : ""}
            </p>
            <OutboxTable rows={rows} />
            {pages > 1 ? <Pager page={page} pages={pages} href={(target) => outboxHref({ ...query, page: target })} /> : null}
          </>
        )}
      </div>
      {loadError ? null : <SmsOutboxSection sms={sms} />}
    </>
  );
}

function OutboxTable({ rows }: { rows: OutboxPage["rows"] }) {
  const submitting = useSubmitting();
  const columns: Column<OutboxPage["rows"][number]>[] = [
    { header: "Created", className: "px-3 py-2.5 whitespace-nowrap tabular-nums", cell: (row) => when(row.createdAt) },
    { header: "Template", className: "px-3 py-2.5 font-mono text-xs", cell: (row) => row.template ?? "—" },
    { header: "Recipient", className: "px-3 py-2.5 break-all", cell: (row) => row.to },
    { header: "Subject", className: "max-w-xs px-3 py-2.5 break-words", cell: (row) => row.subject },
    {
      header: "Status",
      className: "px-3 py-2.5",
      cell: (row) => (
        <>
          {isOutboxStatus(row.status) ? (
            <Badge tone={STATUS_TONES[row.status]}>{OUTBOX_STATUS_LABELS[row.status]}</Badge>
          ) : (
            <Badge>{row.status}</Badge>
          )}
          {row.sentAt ? <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{when(row.sentAt)}</span> : null}
        </>
      ),
    },
    attemptsColumn<OutboxPage["rows"][number]>(),
    {
      header: "Next attempt",
      className: "px-3 py-2.5 whitespace-nowrap tabular-nums",
      cell: (row) =>
        row.status === "sent" ? "—" : row.status === "failed" && !row.nextAttemptAt ? "None (gave up)" : when(row.nextAttemptAt),
    },
    ...retryColumns<OutboxPage["rows"][number]>({ intent: "retry", idField: "emailId", noun: "the email", submitting }),
  ];
  return (
    <Table
      // Wider than a phone: the table scrolls inside its own region, which keyboards can reach.
      scroll={{ className: "card relative overflow-x-auto", label: "Emails" }}
      className="w-full min-w-[64rem] text-left text-sm"
      headClassName="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:text-slate-400"
      headerClassName="px-3 py-2.5 font-semibold"
      bodyClassName="divide-y divide-slate-200 dark:divide-slate-800"
      rowClassName="align-top"
      rowProps={(row) => ({ "data-testid": "outbox-row", "data-status": row.status })}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
    />
  );
}
