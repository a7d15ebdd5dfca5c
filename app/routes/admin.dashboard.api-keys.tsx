import { data, Form, Link } from "react-router";
import { adminPage, Badge } from "~/components/admin/admin-page";
import { ActionToast } from "~/components/ui/action-toast";
import { useSubmitting } from "~/components/ui/use-submitting";
import { readForm } from "~/server/core/forms.server";
import { integrationStatus, isVerifiable, VERIFY, type VerifiableIntegration } from "~/server/admin/integrations.server";
import { refuse } from "~/server/admin/responses.server";
import { actionToast } from "~/server/core/toast.server";
import type { Route } from "./+types/admin.dashboard.api-keys";

export const meta = () => [{ title: "API Keys · Admin · Giveawear" }];

export const handle = adminPage({
  title: "API Keys",
  intro:
    "Which outside services are configured. Keys are set in the server's environment (see the README); secrets are never shown, only whether each one is set.",
});

export async function loader() {
  return { integrations: await integrationStatus() };
}

const CHECK_NAMES: Record<VerifiableIntegration, string> = { smtp: "SMTP", stripe: "Stripe", printify: "Printify" };

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const id = typeof intent === "string" && intent.startsWith("verify-") ? intent.slice("verify-".length) : null;
  if (!isVerifiable(id)) {
    return refuse(400, "Unknown Action", undefined, { check: null });
  }
  const result = await VERIFY[id]();
  const checkedAt = new Date().toISOString().slice(0, 19).replace("T", " ");
  const name = CHECK_NAMES[id];
  return data(
    {
      check: { id, ok: result.ok, message: result.ok ? `${result.message} Checked at ${checkedAt} UTC.` : result.message },
      toast: actionToast(
        result.ok
          ? { type: "success", title: `${name} Works`, description: result.message }
          : { type: "error", title: `${name} Check Failed`, description: result.message },
      ),
    },
    { status: result.ok ? 200 : 502 },
  );
}

export default function AdminApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const checking = (id: string) => submitting({ intent: `verify-${id}` });
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <ul className="grid gap-4 md:grid-cols-2">
        {loaderData.integrations.map((integration) => {
          const check = actionData?.check?.id === integration.id ? actionData.check : null;
          return (
            <li
              key={integration.id}
              className="card flex flex-col p-5"
              data-testid="integration"
              aria-labelledby={`${integration.id}-title`}
            >
              <div className="flex items-start justify-between gap-3">
                <h2 id={`${integration.id}-title`} className="text-lg font-semibold">
                  {integration.name}
                </h2>
                {integration.configured ? <Badge tone="good">Configured</Badge> : <Badge tone="warn">Not configured</Badge>}
              </div>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{integration.summary}</p>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                {integration.details.map((detail) => (
                  <div key={detail.label} className="contents">
                    <dt className="text-slate-600 dark:text-slate-400">{detail.label}</dt>
                    <dd className="font-mono text-xs break-all">{detail.value}</dd>
                  </div>
                ))}
                {integration.secrets.map((secret) => (
                  <div key={secret.label} className="contents">
                    <dt className="text-slate-600 dark:text-slate-400">{secret.label}</dt>
                    <dd className="text-xs font-semibold">{secret.set ? "Set" : "Not set"}</dd>
                  </div>
                ))}
              </dl>
              {integration.activity.length > 0 ? (
                <ul className="mt-4 space-y-1 text-xs text-slate-600 dark:text-slate-400">
                  {integration.activity.map((line) => (
                    <li key={line} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              ) : null}
              {integration.link ? (
                <p className="mt-2 text-sm">
                  <Link to={integration.link.to} className="font-semibold text-brand-700 underline dark:text-brand-300">
                    {integration.link.label}
                  </Link>
                </p>
              ) : null}
              {integration.canVerify ? (
                <div className="mt-auto pt-4">
                  <Form method="post">
                    <button
                      type="submit"
                      name="intent"
                      value={`verify-${integration.id}`}
                      className="btn-secondary"
                      disabled={checking(integration.id)}
                    >
                      {checking(integration.id) ? "Checking..." : "Check connection"}
                    </button>
                  </Form>
                  {check ? (
                    <p
                      role="status"
                      className={`mt-2 text-sm break-words ${check.ok ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}
                    >
                      {check.message}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
