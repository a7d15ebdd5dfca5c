import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { EndpointCard, SecretReveal, WebhookDocs } from "~/components/integrations/webhooks";
import { ActionToast } from "~/components/ui/action-toast";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { Hint } from "~/components/ui/form-fields";
import { formatUtcDateTime } from "~/domain/campaign-status";
import {
  EndpointSchema,
  type EndpointInput,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_URL_MAX_LENGTH,
  endpointRow,
} from "~/domain/webhooks";
import { getConfig } from "~/server/core/config.server";
import { readForm } from "~/server/core/forms.server";
import { listEndpoints, webhookSecretsAvailable } from "~/server/integrations/webhooks.server";
import { requireUser } from "~/server/auth/session.server";
import { webhookAction } from "~/server/integrations/webhook-actions.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { integrationsPath, webhooksPath } from "~/paths";
import type { Route } from "./+types/dashboard.integrations.webhooks";

/**
 * Signed outgoing webhooks (decision 055): the signed-in brand account's endpoints, each with its
 * events, its secret (shown once), its delivery log with "Redeliver", and "Send test event". Every
 * query is scoped to the account, so another account's endpoint or delivery is a 404.
 */

export const meta: Route.MetaFunction = () => [{ title: "Webhooks · Giveawear" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const endpoints = (await listEndpoints(user.id, now)).map((endpoint) => endpointRow(endpoint, formatUtcDateTime));
  const config = getConfig();
  return data(
    {
      endpoints,
      secretsAvailable: webhookSecretsAvailable(),
      httpsOnly: config.isProduction,
      timeoutSeconds: Math.round(config.WEBHOOK_TIMEOUT_MS / 1000),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const answer = await webhookAction(user.id, await readForm(request));
  if (answer.kind === "back") return redirectWithToast(webhooksPath(), answer.toast, { status: 303 });
  // A secret is in this answer only: never stored by a cache.
  return data(answer.body, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
}

function busyKey(formData: FormData | undefined): string | null {
  if (!formData) return null;
  const intent = formData.get("intent");
  return `${String(intent)}:${String(formData.get("deliveryId") ?? formData.get("endpointId") ?? "")}`;
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints, secretsAvailable, httpsOnly, timeoutSeconds } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? busyKey(navigation.formData) : null;
  const reveal = actionData && actionData.kind !== "error" ? actionData.secret : null;
  const full = endpoints.length >= WEBHOOK_MAX_ENDPOINTS;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <ActionToast toast={actionData?.toast} />
      <Link to={integrationsPath()} className="btn-ghost -ml-3">
        <span aria-hidden="true">←</span> Integrations
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Webhooks</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Giveawear sends a signed JSON event to your own systems when something happens in your giveaways: an entry is confirmed, a giveaway
        launches or ends, a winner is drawn, a prize is claimed or shipped.
      </p>

      {actionData?.kind === "error" ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {actionData.error}
        </p>
      ) : null}

      {reveal ? (
        <div className="mt-6">
          <SecretReveal url={reveal.url} secret={reveal.secret} rolled={reveal.rolled} />
        </div>
      ) : null}

      <div className="mt-6">
        {!secretsAvailable ? (
          <div role="alert" className="card space-y-2 p-5 text-sm" data-testid="secrets-unavailable">
            <p>{WEBHOOK_MESSAGES.secretsUnavailable}</p>
            {endpoints.length ? <p>{WEBHOOK_MESSAGES.secretsUnavailableDeliveries}</p> : null}
          </div>
        ) : full ? (
          <p className="card p-5 text-sm">{WEBHOOK_MESSAGES.tooMany}</p>
        ) : (
          <AddEndpointForm
            key={reveal?.secret ?? "form"}
            httpsOnly={httpsOnly}
            lastResult={actionData?.kind === "create" ? actionData.result : undefined}
            busy={busy === "create:"}
          />
        )}
      </div>

      <section aria-labelledby="endpoints-title" className="mt-8">
        <h2 id="endpoints-title" className="text-xl font-bold">
          Your endpoints
        </h2>
        {endpoints.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No endpoints yet.</p>
        ) : (
          <div className="mt-3 space-y-4">
            {endpoints.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} busy={busy} canRoll={secretsAvailable} />
            ))}
          </div>
        )}
      </section>

      <div className="mt-8">
        <WebhookDocs timeoutSeconds={timeoutSeconds} />
      </div>
    </section>
  );
}

function AddEndpointForm({ httpsOnly, lastResult, busy }: { httpsOnly: boolean; lastResult: SubmissionResult | undefined; busy: boolean }) {
  const [form, fields] = useForm<EndpointInput>({
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EndpointSchema }),
  });
  const hintId = `${fields.url.id}-hint`;
  // Every event is ticked to begin with (and after an endpoint was added); a refused form keeps the ticks it was sent with.
  const submitted = lastResult?.initialValue as Record<string, unknown> | null | undefined;
  const chosen = submitted
    ? [submitted.events]
        .flat()
        .filter((value) => value !== undefined)
        .map(String)
    : null;
  return (
    <Form method="post" className="card space-y-5 p-5 sm:p-6" {...getFormProps(form)}>
      <h2 className="text-lg font-bold">Add an endpoint</h2>
      <input type="hidden" name="intent" value="create" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div>
        <label htmlFor={fields.url.id} className="label">
          Endpoint URL
        </label>
        <input
          {...getInputProps(fields.url, { type: "url", ariaDescribedBy: hintId })}
          className="input"
          placeholder="https://example.com/webhooks/giveawear"
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          autoComplete="url"
          required
        />
        <Hint id={hintId}>
          {httpsOnly ? "An https:// address on the public internet. " : "A public http:// or https:// address. "}
          Private, loopback and link-local addresses are refused, and the address is checked again at every delivery.
        </Hint>
        <FieldErrors id={fields.url.errorId} errors={fields.url.errors} />
      </div>
      <fieldset aria-describedby={fields.events.errorId}>
        <legend className="label">Events to send</legend>
        <ul className="space-y-2">
          {WEBHOOK_EVENTS.map((event) => (
            <li key={event}>
              <label className="flex cursor-pointer items-start gap-3">
                <input
                  type="checkbox"
                  name={fields.events.name}
                  value={event}
                  defaultChecked={chosen ? chosen.includes(event) : true}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0 text-sm">
                  <span className="font-mono text-xs font-semibold">{event}</span>
                  <span className="block text-slate-700 dark:text-slate-300">{WEBHOOK_EVENT_DESCRIPTIONS[event]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <FieldErrors id={fields.events.errorId} errors={fields.events.errors} />
      </fieldset>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? "Adding..." : "Add endpoint"}
      </button>
    </Form>
  );
}
