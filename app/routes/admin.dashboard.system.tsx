import { adminPage } from "~/components/admin/admin-page";
import { SystemOverview } from "~/components/admin/system";
import { ActionToast } from "~/components/ui/action-toast";
import { isSystemIntent } from "~/domain/system";
import { readForm } from "~/server/core/forms.server";
import { loadSystemPage, retryAllFailedEmails, retryFailedEmail, retryFailedWebhook } from "~/server/admin/system.server";
import { answer, refuse, thisPage } from "~/server/admin/responses.server";
import type { Route } from "./+types/admin.dashboard.system";

/**
 * The System tab (decision 085): how the background work stands on every instance, and Retry for
 * failed emails and webhook deliveries. Plain forms; the admin guard (admin-guard.tsx, decision 072)
 * runs requireAdmin before this loader and action.
 */

export const meta = () => [{ title: "System · Admin · Giveawear" }];

export const handle = adminPage({
  title: "System",
  intro:
    "How the background work stands on every instance: each job step's last pass, leases, the email outbox, webhook deliveries, campaigns waiting to be drawn, and storage. Retry queues a failed email or webhook for the next job pass.",
});

export async function loader() {
  return loadSystemPage();
}

const QUEUED = "Queued for Retry";

export async function action({ request }: Route.ActionArgs) {
  const back = thisPage(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isSystemIntent(intent)) {
    return refuse(
      400,
      "Unknown Action",
      "The System page cannot do that: retry an email, all failed emails or a webhook. Nothing was changed.",
    );
  }
  const id = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value ? value : null;
  };
  switch (intent) {
    case "retry-email": {
      const emailId = id("emailId");
      if (!emailId) return refuse(400, "Not Retried", "Choose an email to retry.");
      const outcome = await retryFailedEmail(emailId);
      if (outcome.kind === "missing") return refuse(404, "Not Retried", "That email does not exist.");
      if (outcome.kind === "not-failed") return refuse(409, "Not Retried", "Only a failed email can be retried; this one is not failed.");
      return answer(back, { type: "success", title: QUEUED, description: `The email to ${outcome.to} goes out with the next job pass.` });
    }
    case "retry-all-emails": {
      const count = await retryAllFailedEmails();
      if (count === 0) return answer(back, { type: "info", title: "Nothing to Retry", description: "No email is failed." });
      return answer(back, {
        type: "success",
        title: QUEUED,
        description: `${count.toLocaleString("en-US")} failed ${count === 1 ? "email goes" : "emails go"} out with the next job pass.`,
      });
    }
    case "retry-webhook": {
      const deliveryId = id("deliveryId");
      if (!deliveryId) return refuse(400, "Not Retried", "Choose a webhook delivery to retry.");
      const outcome = await retryFailedWebhook(deliveryId);
      if (outcome.kind === "missing") return refuse(404, "Not Retried", "That webhook delivery does not exist.");
      if (outcome.kind === "refused") return refuse(409, "Not Retried", outcome.message);
      return answer(back, {
        type: "success",
        title: QUEUED,
        description: `The ${outcome.eventType} event is sent again with the next job pass.`,
      });
    }
  }
}

export default function AdminSystem({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <SystemOverview data={loaderData} />
    </>
  );
}
