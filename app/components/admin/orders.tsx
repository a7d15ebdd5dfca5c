import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { countryName } from "~/domain/claims";
import { CARRIER_CHOICES, OTHER_CARRIER, ORDER_STATUS_LABELS, ORDER_STATUSES, OrderStatus } from "~/domain/orders";
import type { QueueOrder } from "~/domain/order-queue";
import { adminOrdersCsvPath, adminOrdersPath, campaignPath } from "~/paths";
import { Badge } from "./admin-page";
import { StatusFilters } from "./status-filters";
import { useSubmitting } from "../ui/use-submitting";

/** The admin's order queue (/admin/orders): filters, one card per order, its actions as plain POST forms. */

/** Loader data is serialised: the same shape as the server's queue rows. */
export type QueueOrderView = QueueOrder;

type ShipField = "carrier" | "carrierOther" | "trackingNumber";

/** A ship form sent back with errors (JavaScript or not): which order, what was typed, what is wrong. */
export interface ShipFormState {
  orderId: string;
  values: Record<ShipField, string>;
  errors: Partial<Record<ShipField, string>>;
}

const STATUS_TONES: Record<OrderStatus, "neutral" | "brand" | "good" | "warn" | "bad"> = {
  pending: "warn",
  submitted: "brand",
  fulfilled: "good",
  shipped: "good",
  delivered: "good",
  cancelled: "bad",
};

const PRODUCT_LABELS: Record<string, string> = { "t-shirt": "T-Shirt", hoodie: "Hoodie", mug: "Mug" };

function formatDate(iso: string | null): string {
  if (!iso) return "";
  // UTC, so the server's and the browser's renderings agree.
  return new Date(iso).toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });
}

export function OrderFilters({ current, counts }: { current: OrderStatus | undefined; counts: Record<string, number> }) {
  const csv = adminOrdersCsvPath(current);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <StatusFilters
        label="Filter orders by status"
        statuses={ORDER_STATUSES}
        labels={ORDER_STATUS_LABELS}
        counts={counts}
        current={current ?? null}
        href={(status) => adminOrdersPath({ status: status ?? undefined })}
      />
      <a href={csv} download className="btn-secondary shrink-0 self-start sm:self-auto">
        Export CSV
      </a>
    </div>
  );
}

export function OrderList({
  orders,
  status,
  printify,
  ship,
}: {
  orders: QueueOrderView[];
  status: OrderStatus | undefined;
  printify: boolean;
  ship: ShipFormState | null;
}) {
  if (!orders.length) {
    return (
      <p className="card mt-6 p-6 text-slate-700 dark:text-slate-300">
        {status
          ? `No ${ORDER_STATUS_LABELS[status].toLowerCase()} orders.`
          : "No orders yet. An order appears here when a winner claims a prize."}
      </p>
    );
  }
  return (
    <ul className="mt-6 space-y-4" aria-label="Orders">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} printify={printify} ship={ship?.orderId === order.id ? ship : null} />
        </li>
      ))}
    </ul>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{term}</dt>
      {/* Winners' addresses and emails can be one long word; they wrap anywhere rather than widen the page. */}
      <dd className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function OrderCard({ order, printify, ship }: { order: QueueOrderView; printify: boolean; ship: ShipFormState | null }) {
  const headingId = `order-${order.id}-title`;
  const choices = [PRODUCT_LABELS[order.productType] ?? order.productType, order.size, order.style, order.color]
    .filter(Boolean)
    .join(" · ");
  const place = [order.shipCity, order.shipRegion, order.shipPostalCode].filter(Boolean).join(", ");
  // As the server allows (fulfilment/orders.server): fulfilled by hand unless Printify is making it (a
  // pending order never is: unsent, or re-queued after Printify cancelled it); shipped until it is.
  const canFulfil = order.status === OrderStatus.pending || (order.status === OrderStatus.submitted && !order.printifyOrderId);
  const canShip = order.status !== OrderStatus.shipped && order.status !== OrderStatus.delivered;
  const canDeliver = order.status === OrderStatus.shipped;
  const canRequeue = order.status === OrderStatus.cancelled;
  const requeuedByHand = order.status === OrderStatus.pending && Boolean(order.printifyOrderId);
  return (
    <article aria-labelledby={headingId} className="card p-5 sm:p-6" data-testid="order" data-order-id={order.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold [overflow-wrap:anywhere]">
            {/* The campaign page runs without the client runtime: a full page load, or its countdown would stand still. */}
            <Link to={campaignPath(order.campaignId)} reloadDocument className="hover:underline">
              {order.campaignTitle || "Untitled campaign"}
            </Link>
          </h2>
          <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
            {order.prize} · claimed {formatDate(order.claimedAt)}
            {order.submittedAt ? ` · submitted ${formatDate(order.submittedAt)}` : ""}
            {order.shippedAt ? ` · shipped ${formatDate(order.shippedAt)}` : ""}
            {order.deliveredAt ? ` · delivered ${formatDate(order.deliveredAt)}` : ""}
          </p>
        </div>
        <span data-testid="order-status">
          <Badge tone={STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Badge>
        </span>
      </div>

      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Detail term="Winner">{order.winnerEmail}</Detail>
        <Detail term="Choice">
          {choices || "—"}
          {order.variantId ? (
            <>
              <br />
              <span className="text-slate-700 dark:text-slate-300">Printify variant {order.variantId}</span>
            </>
          ) : null}
        </Detail>
        <Detail term="Files">
          {order.printFileUrl ? (
            <a
              href={order.printFileUrl}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand-700 underline dark:text-brand-300"
            >
              Print file (full size)
            </a>
          ) : (
            "No design"
          )}
          {order.mockupUrl ? (
            <>
              <br />
              <a
                href={order.mockupUrl}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-brand-700 underline dark:text-brand-300"
              >
                Mockup
              </a>
            </>
          ) : null}
        </Detail>
        <Detail term="Ship to">
          {order.shipName ? (
            <>
              {order.shipName}
              <br />
              {order.shipLine1}
              {order.shipLine2 ? (
                <>
                  <br />
                  {order.shipLine2}
                </>
              ) : null}
              <br />
              {place}
              <br />
              {countryName(order.shipCountry)}
              {order.shipPhone ? (
                <>
                  <br />
                  {order.shipPhone}
                </>
              ) : null}
            </>
          ) : (
            "No address yet"
          )}
        </Detail>
        <Detail term="Tracking">
          {order.trackingNumber ? (
            <>
              {order.carrier ? `${order.carrier} ` : ""}
              {order.trackingLink ? (
                <a
                  href={order.trackingLink}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="font-medium text-brand-700 underline dark:text-brand-300"
                >
                  {order.trackingNumber}
                </a>
              ) : (
                order.trackingNumber
              )}
            </>
          ) : (
            "—"
          )}
        </Detail>
        {printify || order.printifyOrderId ? (
          <Detail term="Printify">
            {order.printifyOrderId ? (
              <>
                <span className="font-mono text-xs">{order.printifyOrderId}</span>
                {order.providerStatus ? <> · {order.providerStatus}</> : null}
              </>
            ) : (
              "Not sent yet"
            )}
          </Detail>
        ) : null}
      </dl>

      {order.lastError ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <span className="font-semibold">Last error:</span> {order.lastError}
        </p>
      ) : null}

      {requeuedByHand ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          Printify cancelled its order for this prize, so it is fulfilled by hand: make and send it, then mark it fulfilled or shipped.
        </p>
      ) : null}

      {canRequeue ? (
        <div
          className="mt-4 flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          data-testid="order-cancelled"
        >
          <p>
            {order.printifyOrderId
              ? "Printify cancelled this order and will not make it. Re-queue it to make and send it by hand, or mark it shipped if the prize went out another way."
              : printify
                ? "This order was cancelled. Re-queue it to send it to Printify again, or mark it shipped if the prize went out another way."
                : "This order was cancelled. Re-queue it to make and send it by hand, or mark it shipped if the prize went out another way."}{" "}
            The winner sees that there is a problem with the order until then.
          </p>
          <OrderButtonForm
            orderId={order.id}
            intent="requeue"
            label="Re-queue order"
            formClassName="shrink-0"
            buttonClassName="btn-secondary w-full sm:w-auto"
          />
        </div>
      ) : null}

      {canFulfil || canShip || canDeliver ? (
        <div className="mt-5 flex flex-col gap-4 border-t border-slate-200 pt-5 lg:flex-row lg:items-end dark:border-slate-800">
          {canShip ? <ShipForm order={order} state={ship} /> : null}
          {canDeliver ? (
            <OrderButtonForm
              orderId={order.id}
              intent="deliver"
              label="Mark delivered"
              formClassName="lg:ml-auto"
              buttonClassName="btn-secondary w-full lg:w-auto"
            />
          ) : null}
          {canFulfil ? (
            <OrderButtonForm
              orderId={order.id}
              intent="fulfil"
              label="Mark fulfilled"
              formClassName="lg:ml-auto"
              buttonClassName="btn-secondary w-full lg:w-auto"
            />
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function useBusy(orderId: string, intent: string): boolean {
  const submitting = useSubmitting();
  return submitting({ orderId, intent });
}

/** A one-button change to an order (fulfil, re-queue). */
function OrderButtonForm({
  orderId,
  intent,
  label,
  formClassName,
  buttonClassName,
}: {
  orderId: string;
  intent: "fulfil" | "requeue" | "deliver";
  label: string;
  formClassName: string;
  buttonClassName: string;
}) {
  const busy = useBusy(orderId, intent);
  return (
    <Form method="post" className={formClassName}>
      <input type="hidden" name="orderId" value={orderId} />
      <button type="submit" name="intent" value={intent} className={buttonClassName} disabled={busy}>
        {busy ? "Saving..." : label}
      </button>
    </Form>
  );
}

function ShipForm({ order, state }: { order: QueueOrderView; state: ShipFormState | null }) {
  const busy = useBusy(order.id, "ship");
  const id = (name: ShipField) => `${name}-${order.id}`;
  const described = (name: ShipField) => (state?.errors[name] ? { "aria-invalid": true, "aria-describedby": `${id(name)}-error` } : {});
  const error = (name: ShipField) =>
    state?.errors[name] ? (
      <p id={`${id(name)}-error`} className="field-error" role="alert">
        {state.errors[name]}
      </p>
    ) : null;
  return (
    <Form
      method="post"
      className="flex flex-1 flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
      aria-label={`Mark ${order.campaignTitle} shipped`}
    >
      <input type="hidden" name="orderId" value={order.id} />
      <div className="min-w-0 flex-1">
        <label htmlFor={id("carrier")} className="label">
          Carrier
        </label>
        <select
          id={id("carrier")}
          name="carrier"
          required
          defaultValue={state?.values.carrier ?? ""}
          className="input"
          {...described("carrier")}
        >
          <option value="" disabled>
            Choose…
          </option>
          {CARRIER_CHOICES.map((carrier) => (
            <option key={carrier} value={carrier}>
              {carrier === OTHER_CARRIER ? "Other (no tracking link)" : carrier}
            </option>
          ))}
        </select>
        {error("carrier")}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id("carrierOther")} className="label">
          Carrier&apos;s name (if Other)
        </label>
        <input
          id={id("carrierOther")}
          name="carrierOther"
          maxLength={60}
          defaultValue={state?.values.carrierOther ?? ""}
          className="input"
          {...described("carrierOther")}
        />
        {error("carrierOther")}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id("trackingNumber")} className="label">
          Tracking number
        </label>
        <input
          id={id("trackingNumber")}
          name="trackingNumber"
          required
          minLength={4}
          maxLength={40}
          pattern="[A-Za-z0-9 \-]{4,40}"
          title="4 to 40 letters, digits, spaces and dashes"
          defaultValue={state?.values.trackingNumber ?? ""}
          className="input"
          {...described("trackingNumber")}
        />
        {error("trackingNumber")}
      </div>
      <button type="submit" name="intent" value="ship" className="btn-primary sm:mt-[1.625rem]" disabled={busy}>
        {busy ? "Saving..." : "Mark shipped"}
      </button>
    </Form>
  );
}

export function OrdersPager({
  status,
  page,
  total,
  pageSize,
}: {
  status: OrderStatus | undefined;
  page: number;
  total: number;
  pageSize: number;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={adminOrdersPath({ status, page: page - 1 })} className="btn-secondary">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-700 dark:text-slate-300">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={adminOrdersPath({ status, page: page + 1 })} className="btn-secondary">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
