import { Badge } from "~/components/admin/admin-page";
import { attemptsColumn, retryColumns } from "~/components/admin/retry-columns";
import { type Column, Table } from "~/components/ui/table";
import { useSubmitting } from "~/components/ui/use-submitting";
import type { SmsOutbox, SmsOutboxRow } from "~/domain/sms";
import { formatUtc } from "~/domain/system";

const KIND_LABELS: Record<string, string> = { winner: "Winner", claim_reminder: "Claim reminder" };
const TONES: Record<string, "neutral" | "brand" | "good" | "bad"> = {
  pending: "neutral",
  outbox: "neutral",
  sending: "brand",
  queued: "brand",
  sent: "good",
  delivered: "good",
  failed: "bad",
  undelivered: "bad",
};

/** The Emails tab's text messages (decision 096): the newest SMS, masked numbers, Retry now for a failed one. */
export function SmsOutboxSection({ sms }: { sms: SmsOutbox }) {
  const submitting = useSubmitting();
  const columns: Column<SmsOutboxRow>[] = [
    { header: "Created", className: "px-3 py-2.5 whitespace-nowrap tabular-nums", cell: (row) => formatUtc(row.createdAt) },
    { header: "Kind", className: "px-3 py-2.5", cell: (row) => KIND_LABELS[row.kind] ?? row.kind },
    { header: "Recipient", className: "px-3 py-2.5 font-mono text-xs whitespace-nowrap", cell: (row) => row.to },
    {
      header: "Status",
      className: "px-3 py-2.5",
      cell: (row) => (
        <>
          <Badge tone={TONES[row.status] ?? "neutral"}>{row.status === "outbox" ? "Outbox (no Twilio)" : row.status}</Badge>
          {row.sentAt ? <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{formatUtc(row.sentAt)}</span> : null}
        </>
      ),
    },
    attemptsColumn<SmsOutboxRow>(),
    {
      header: "Next attempt",
      className: "px-3 py-2.5 whitespace-nowrap tabular-nums",
      cell: (row) =>
        row.status === "failed" && !row.nextAttemptAt ? "None (gave up)" : row.nextAttemptAt ? formatUtc(row.nextAttemptAt) : "—",
    },
    ...retryColumns<SmsOutboxRow>({ intent: "retry-sms", idField: "smsId", noun: "the text", submitting }),
  ];
  return (
    <section aria-labelledby="sms-outbox-heading" className="mt-10">
      <h2 id="sms-outbox-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        Text messages (SMS)
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {sms.total === 0
          ? "No text messages."
          : `${sms.total.toLocaleString("en-US")} ${sms.total === 1 ? "text message" : "text messages"}${sms.total > sms.rows.length ? `, the newest ${sms.rows.length} shown` : ""}. Numbers are masked.`}
      </p>
      {sms.rows.length ? (
        <Table
          scroll={{ className: "card relative overflow-x-auto", label: "Text messages" }}
          className="w-full min-w-[56rem] text-left text-sm"
          headClassName="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:text-slate-400"
          headerClassName="px-3 py-2.5 font-semibold"
          bodyClassName="divide-y divide-slate-200 dark:divide-slate-800"
          rowClassName="align-top"
          rowProps={(row) => ({ "data-testid": "sms-outbox-row", "data-status": row.status })}
          columns={columns}
          rows={sms.rows}
          rowKey={(row) => row.id}
        />
      ) : null}
    </section>
  );
}
