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
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  redeliver,
  rollSecret,
  sendTestEvent,
  setEndpointEnabled,
  webhookSecretsAvailable,
} from "~/server/integrations/webhooks.server";
import { requireUser } from "~/server/auth/session.server";
import { actionToast, redirectWithToast } from "~/server/core/toast.server";
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

type ActionData =
  | {
      kind: "create";
      result: SubmissionResult;
      secret: { url: string; secret: string; rolled: boolean } | null;
      toast: ReturnType<typeof actionToast> | null;
    }
  | { kind: "roll"; secret: { url: string; secret: string; rolled: boolean }; toast: ReturnType<typeof actionToast> }
  | { kind: "error"; error: string; toast: ReturnType<typeof actionToast> };

function refuse(status: number, title: string, message: string) {
  return data<ActionData>(
    { kind: "error", error: message, toast: actionToast({ type: "error", title, description: message }) },
    { status },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const endpointId = String(form.get("endpointId") ?? "");
  const deliveryId = String(form.get("deliveryId") ?? "");
  const back = webhooksPath();

  switch (intent) {
    case "create": {
      const submission = parseWithZod(form, { schema: EndpointSchema });
      if (submission.status !== "success") {
        return data<ActionData>({ kind: "create", result: submission.reply(), secret: null, toast: null }, { status: 400 });
      }
      const outcome = await createEndpoint(user.id, submission.value);
      if (outcome.kind === "refused") {
        const result =
          outcome.field === "url"
            ? submission.reply({ fieldErrors: { url: [outcome.message] } })
            : submission.reply({ formErrors: [outcome.message] });
        return data<ActionData>(
          {
            kind: "create",
            result,
            secret: null,
            toast: actionToast({ type: "error", title: "Endpoint not added", description: outcome.message }),
          },
          { status: outcome.message === WEBHOOK_MESSAGES.secretsUnavailable ? 503 : 400 },
        );
      }
      // The secret is in this answer only (never in a cookie or a later page): the page shows it once.
      return data<ActionData>(
        {
          kind: "create",
          result: submission.reply({ resetForm: true }),
          secret: { url: outcome.url, secret: outcome.secret, rolled: false },
          toast: actionToast({
            type: "success",
            title: "Endpoint added",
            description: "Copy its signing secret now: it is shown only once.",
          }),
        },
        { status: 201, headers: { "Cache-Control": "private, no-store" } },
      );
    }
    case "roll": {
      const outcome = await rollSecret(user.id, endpointId);
      if (outcome.kind === "not-found") return refuse(404, "Endpoint not found", WEBHOOK_MESSAGES.notFound);
      if (outcome.kind === "refused") return refuse(409, "Secret not rolled", outcome.message);
      return data<ActionData>(
        {
          kind: "roll",
          secret: { url: outcome.url, secret: outcome.secret, rolled: true },
          toast: actionToast({
            type: "success",
            title: "Secret rolled",
            description: "Copy the new signing secret now: it is shown only once.",
          }),
        },
        { headers: { "Cache-Control": "private, no-store" } },
      );
    }
    case "enable":
    case "disable": {
      const outcome = await setEndpointEnabled(user.id, endpointId, intent === "enable");
      if (outcome.kind !== "done") return refuse(404, "Endpoint not found", WEBHOOK_MESSAGES.notFound);
      return redirectWithToast(
        back,
        intent === "enable"
          ? { type: "success", title: "Endpoint enabled", description: "New events will be sent to it." }
          : { type: "success", title: "Endpoint disabled", description: "No events will be sent to it until you enable it again." },
        { status: 303 },
      );
    }
    case "delete": {
      const outcome = await deleteEndpoint(user.id, endpointId);
      if (outcome.kind !== "done") return refuse(404, "Endpoint not found", WEBHOOK_MESSAGES.notFound);
      return redirectWithToast(
        back,
        { type: "success", title: "Endpoint deleted", description: "Its delivery log was deleted with it." },
        { status: 303 },
      );
    }
    case "test":
    case "redeliver": {
      const outcome = intent === "test" ? await sendTestEvent(user.id, endpointId) : await redeliver(user.id, deliveryId);
      if (outcome.kind === "not-found") {
        return refuse(
          404,
          intent === "test" ? "Endpoint not found" : "Delivery not found",
          intent === "test" ? WEBHOOK_MESSAGES.notFound : WEBHOOK_MESSAGES.deliveryNotFound,
        );
      }
      if (outcome.kind === "refused") return refuse(409, intent === "test" ? "Test event not sent" : "Not redelivered", outcome.message);
      const { delivery } = outcome;
      const what = intent === "test" ? "Test event" : "Event";
      if (delivery.status === "delivered") {
        return redirectWithToast(
          back,
          {
            type: "success",
            title: `${what} delivered`,
            description: `Your endpoint answered ${delivery.lastStatusCode} in ${delivery.lastDurationMs} ms.`,
          },
          { status: 303 },
        );
      }
      const retry =
        delivery.status === "pending" && delivery.attempts > 0
          ? ` It will be tried again ${formatUtcDateTime(delivery.nextAttemptAt)}.`
          : "";
      return redirectWithToast(
        back,
        { type: "error", title: `${what} not delivered`, description: `${delivery.lastError ?? "It is waiting to be sent."}${retry}` },
        { status: 303 },
      );
    }
    default:
      return refuse(400, "Unknown action", "That action is not one this page offers.");
  }
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
