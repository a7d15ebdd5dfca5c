import type { ReactNode } from "react";
import { CampaignStatus } from "~/domain/campaign-status";

export type BadgeTone = "draft" | "pending" | "active" | "ended" | "unknown";

const TONES: Record<BadgeTone, string> = {
  draft: "bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600",
  pending: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  active: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
  ended: "bg-indigo-100 text-indigo-900 ring-indigo-300 dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-800",
  unknown: "bg-rose-100 text-rose-900 ring-rose-300 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800",
};

/** The colour for a status word, whichever rule produced it (dashboard status or analytics badge). */
export function toneFor(status: string): BadgeTone {
  switch (status) {
    case CampaignStatus.draft:
    case "Draft":
      return "draft";
    case CampaignStatus.pendingPayment:
    case "Pending Payment":
      return "pending";
    case CampaignStatus.active:
    case "Active":
      return "active";
    case CampaignStatus.completed:
    case "Completed":
    case "Ended":
      return "ended";
    default:
      return "unknown";
  }
}

export function StatusBadge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
