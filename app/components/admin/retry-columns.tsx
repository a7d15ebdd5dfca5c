import { Form } from "react-router";
import type { Column } from "~/components/ui/table";
import type { useSubmitting } from "~/components/ui/use-submitting";

interface FailedRow {
  id: string;
  status: string;
  to: string;
  lastError: string | null;
}

/** The outbox tables' count of sending attempts, right-aligned (the Emails tab's emails and texts). */
export function attemptsColumn<Row extends { attempts: number }>(): Column<Row> {
  return {
    header: "Attempts",
    headerClassName: "px-3 py-2.5 text-right font-semibold",
    className: "px-3 py-2.5 text-right tabular-nums",
    cell: (row) => row.attempts,
  };
}

/**
 * The outbox tables' last two columns (the Emails tab's emails and texts, decisions 085 and 096): the
 * last error, and "Retry now" for a failed row, posted as `intent` with the row's id in `idField`.
 */
export function retryColumns<Row extends FailedRow>({
  intent,
  idField,
  noun,
  submitting,
}: {
  intent: string;
  idField: string;
  /** What the button retries, for its label: "the email", "the text". */
  noun: string;
  submitting: ReturnType<typeof useSubmitting>;
}): Column<Row>[] {
  return [
    {
      header: "Last error",
      className: "max-w-sm px-3 py-2.5 text-xs break-words text-red-800 dark:text-red-300",
      cell: (row) => row.lastError ?? "",
    },
    {
      header: "Actions",
      srOnly: true,
      className: "px-3 py-2.5",
      cell: (row) => {
        if (row.status !== "failed") return null;
        const retrying = submitting({ [idField]: row.id });
        return (
          <Form method="post">
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name={idField} value={row.id} />
            <button
              type="submit"
              className="btn-secondary whitespace-nowrap"
              disabled={retrying}
              aria-label={`Retry now: ${noun} to ${row.to}`}
            >
              {retrying ? "Retrying..." : "Retry now"}
            </button>
          </Form>
        );
      },
    },
  ];
}
