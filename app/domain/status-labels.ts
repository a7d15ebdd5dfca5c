import { CampaignStatus } from "./campaign-status";
import { ORDER_STATUS_LABELS } from "./orders";

/** A campaign's or an order's status as the admin overview shows it. */
const STATUS_LABELS: Record<string, string> = {
  [CampaignStatus.draft]: "Draft",
  [CampaignStatus.pendingPayment]: "Pending payment",
  [CampaignStatus.active]: "Active",
  [CampaignStatus.completed]: "Completed",
  ...ORDER_STATUS_LABELS,
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());
}
