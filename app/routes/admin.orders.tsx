import { data } from "react-router";
import { adminPage, LoadError } from "~/components/admin/admin-page";
import { OrderFilters, OrderList, OrdersPager, type QueueOrderView, type ShipFormState } from "~/components/admin/orders";
import { ActionToast } from "~/components/ui/action-toast";
import { adminOrdersPath } from "~/paths";
import { ADMIN_LOAD_ERRORS } from "~/domain/admin-load-errors";
import { isOrderStatus, type OrderStatus, ShipOrderSchema } from "~/domain/orders";
import { readForm } from "~/server/core/forms.server";
import { getConfig } from "~/server/core/config.server";
import {
  type AdminChange,
  listQueueOrders,
  markOrderDelivered,
  markOrderFulfilled,
  markOrderShipped,
  QUEUE_PAGE_SIZE,
  requeueCancelledOrder,
} from "~/server/fulfilment/orders.server";
import { printifyEnabled } from "~/server/fulfilment/printify.server";
import { answer, refuse } from "~/server/admin/responses.server";
import type { Route } from "./+types/admin.orders";
import { log } from "~/server/core/log.server";

export const meta: Route.MetaFunction = () => [{ title: "Orders · Admin · Giveawear" }];

export const handle = adminPage<Route.ComponentProps["loaderData"]>({
  title: "Orders",
  intro: ({ printify, webhooks }) =>
    printify
      ? `Printify is connected: claimed prizes are sent to Printify automatically and their status follows ${webhooks ? "its webhooks (checked by polling too)" : "polling (set PRINTIFY_WEBHOOK_SECRET for webhooks)"}. You can still mark an order shipped by hand.`
      : "Manual fulfilment: Printify is not connected, so claimed prizes wait here. Each order links its full-size print file and mockup: make and send it, then mark it fulfilled, shipped with its carrier and tracking number (the winner is emailed the tracking link), and delivered when it arrives.",
});

/** ?status= (one of ours) and ?page=; anything else is ignored. */
function queueQuery(url: URL): { status: OrderStatus | undefined; page: number } {
  const status = url.searchParams.get("status");
  const page = Number(url.searchParams.get("page"));
  return { status: isOrderStatus(status) ? status : undefined, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = queueQuery(new URL(request.url));
  const config = getConfig();
  const settings = {
    ...query,
    pageSize: QUEUE_PAGE_SIZE,
    printify: printifyEnabled(config),
    webhooks: Boolean(config.PRINTIFY_WEBHOOK_SECRET),
  };
  try {
    return { ...settings, ...(await listQueueOrders(query)), loadError: null };
  } catch (error) {
    log.error({ err: error }, "admin: listing orders failed");
    const empty = { orders: [] as QueueOrderView[], total: 0, counts: {} as Record<string, number> };
    return { ...settings, ...empty, loadError: ADMIN_LOAD_ERRORS.orders };
  }
}

const CHANGE_REFUSED = {
  title: "Order Not Updated",
  description: "This order can no longer be changed that way; the list shows its current state.",
} as const;
const ORDER_MISSING = { title: "Order Not Found", description: "This order does not exist any more." } as const;

/** An order change that did not happen: 404 when the order is gone, 409 when its state forbids it. */
function refused(result: Exclude<AdminChange, "done">) {
  const { title, description } = result === "missing" ? ORDER_MISSING : CHANGE_REFUSED;
  return refuse(result === "missing" ? 404 : 409, title, description, { ship: null });
}

export async function action({ request }: Route.ActionArgs) {
  const back = adminOrdersPath(queueQuery(new URL(request.url)));
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const orderId = String(form.get("orderId") ?? "");
  if (!orderId) return refuse(400, ORDER_MISSING.title, ORDER_MISSING.description, { ship: null });

  if (intent === "fulfil") {
    const result = await markOrderFulfilled(orderId);
    if (result !== "done") return refused(result);
    return answer(back, { type: "success", title: "Order Updated", description: "Marked as fulfilled." });
  }

  if (intent === "deliver") {
    const result = await markOrderDelivered(orderId);
    if (result !== "done") return refused(result);
    return answer(back, { type: "success", title: "Order Updated", description: "Marked as delivered." });
  }

  if (intent === "requeue") {
    const result = await requeueCancelledOrder(orderId);
    if (result !== "done") return refused(result);
    return answer(back, { type: "success", title: "Order Updated", description: "Re-queued: the order is pending again." });
  }

  if (intent === "ship") {
    const values = {
      carrier: String(form.get("carrier") ?? ""),
      carrierOther: String(form.get("carrierOther") ?? ""),
      trackingNumber: String(form.get("trackingNumber") ?? ""),
    };
    const parsed = ShipOrderSchema.safeParse(values);
    if (!parsed.success) {
      const errors: ShipFormState["errors"] = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === "trackingNumber" || field === "carrier" || field === "carrierOther") errors[field] ??= issue.message;
      }
      const ship: ShipFormState = { orderId, values, errors };
      return data({ ship, toast: null }, { status: 400 });
    }
    const result = await markOrderShipped(orderId, parsed.data);
    if (result !== "done") return refused(result);
    return answer(back, {
      type: "success",
      title: "Order Shipped",
      description: "Marked as shipped; the winner has been emailed the tracking number.",
    });
  }

  return refuse(400, "Unknown Action", "Please try again.", { ship: null });
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, status, page, total, counts, pageSize, printify, loadError } = loaderData;
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      {loadError ? (
        <LoadError message={loadError} />
      ) : (
        <>
          <OrderFilters current={status} counts={counts} />
          <OrderList orders={orders} status={status} printify={printify} ship={actionData?.ship ?? null} />
          <OrdersPager status={status} page={page} total={total} pageSize={pageSize} />
        </>
      )}
    </>
  );
}
