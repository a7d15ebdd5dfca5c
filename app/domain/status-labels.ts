/** A campaign's or an order's status as the admin overview shows it. */
const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  pending_payment: "Pending payment",
  active: "Active",
  completed: "Completed",
  pending: "Pending",
  submitted: "Submitted",
  fulfilled: "Fulfilled",
  shipped: "Shipped",
  cancelled: "Cancelled",
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());
}
