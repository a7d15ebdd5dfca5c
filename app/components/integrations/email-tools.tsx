import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { formatUtcDate, formatUtcDateTime } from "~/domain/campaign-status";
import {
  ConnectEmailToolSchema,
  EMAIL_TOOL_KEY_HELP,
  EMAIL_TOOL_NAMES,
  type ConnectEmailToolInput,
  type EmailToolConnectionView,
  type EmailToolListsOutcome,
  type EmailToolProvider,
} from "~/domain/email-tools";

const TONES = {
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  bad: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
} as const;

function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span
      data-testid="connection-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

const STATUS_BADGES = {
  active: { tone: "good", label: "Connected" },
  "choose-list": { tone: "warn", label: "Choose a list" },
  "needs-attention": { tone: "bad", label: "Needs attention" },
} as const;

const alertClass =
  "rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 break-words dark:border-red-800 dark:bg-red-950 dark:text-red-100";
const dangerButton =
  "inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";
const summaryClass = "cursor-pointer text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300";

/** One connected tool: its key (last four characters), list, how the sync is doing, and what can be done with it. */
export function EmailToolCard({
  connection,
  choosing,
  canReplaceKey,
  refusal,
  replaceResult,
}: {
  connection: EmailToolConnectionView;
  choosing: boolean;
  canReplaceKey: boolean;
  refusal: string | null;
  replaceResult: SubmissionResult | undefined;
}) {
  const submitting = useSubmitting();
  const badge = STATUS_BADGES[connection.status];
  const { counts } = connection;
  const titleId = `${connection.provider}-title`;
  const keyError = replaceResult?.error?.apiKey?.[0] ?? (refusal && replaceResult ? refusal : null);
  return (
    <article className="card p-5 sm:p-6" aria-labelledby={titleId} data-testid={`email-tool-${connection.provider}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {connection.name}
        </h2>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">API key</dt>
        <dd className="font-mono" data-testid="key-last4">
          …{connection.keyLast4}
        </dd>
        <dt className="text-slate-600 capitalize dark:text-slate-400">{connection.listWord}</dt>
        <dd className="break-words" data-testid="list-name">
          {connection.listName ?? "Not chosen yet"}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Connected</dt>
        <dd>{formatUtcDate(new Date(connection.connectedAt))}</dd>
      </dl>

      {connection.status === "needs-attention" ? (
        <div role="alert" className={`mt-4 ${alertClass}`}>
          <p className="font-semibold">Nothing is sent to {connection.name} until this is fixed; entrants wait and nothing is lost.</p>
          {connection.statusMessage ? <p className="mt-1">{connection.statusMessage}</p> : null}
        </div>
      ) : null}
      {refusal && !replaceResult ? (
        <p role="alert" className={`mt-4 ${alertClass}`}>
          {refusal}
        </p>
      ) : null}

      <h3 className="mt-5 text-sm font-semibold">Sync</h3>
      <dl className="mt-2 grid grid-cols-2 gap-3 text-center sm:grid-cols-4" data-testid="sync-counts">
        <Count label="Waiting" value={counts.waiting} />
        <Count label="Subscribed" value={counts.subscribed} />
        <Count label="Unsubscribed" value={counts.unsubscribed} />
        <Count label="Failed" value={counts.failed} />
      </dl>
      {connection.lastError ? (
        <p className="mt-3 text-sm break-words text-slate-700 dark:text-slate-300" data-testid="last-error">
          <span className="font-semibold">Last error</span> ({formatUtcDateTime(new Date(connection.lastError.at))}):{" "}
          {connection.lastError.message}
        </p>
      ) : null}

      {!choosing || counts.failed > 0 ? (
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {!choosing ? (
            <Link to={`?change=${connection.id}`} className="btn-secondary">
              Change {connection.listWord}
            </Link>
          ) : null}
          {counts.failed > 0 ? (
            <Form method="post">
              <input type="hidden" name="connectionId" value={connection.id} />
              <button
                type="submit"
                name="intent"
                value="retry-failed"
                className="btn-secondary"
                disabled={submitting({ intent: "retry-failed", connectionId: connection.id })}
              >
                Try the failed ones again
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}

      {canReplaceKey ? (
        <details className="mt-5" open={connection.status === "needs-attention" || Boolean(keyError)}>
          <summary className={summaryClass}>Replace the API key</summary>
          <Form method="post" className="mt-3 flex flex-col gap-3">
            <input type="hidden" name="connectionId" value={connection.id} />
            <div>
              <label htmlFor={`${connection.id}-key`} className="label">
                New {connection.name} API key
              </label>
              <input
                id={`${connection.id}-key`}
                name="apiKey"
                type="password"
                autoComplete="off"
                spellCheck={false}
                required
                className="input font-mono"
                aria-invalid={keyError ? true : undefined}
                aria-describedby={`${connection.id}-key-help${keyError ? ` ${connection.id}-key-error` : ""}`}
              />
              <p id={`${connection.id}-key-help`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                In {connection.name}: {EMAIL_TOOL_KEY_HELP[connection.provider]} We check it with {connection.name} before saving it.
              </p>
              <FieldErrors id={`${connection.id}-key-error`} errors={keyError ? [keyError] : undefined} />
            </div>
            <button
              type="submit"
              name="intent"
              value="replace-key"
              className="btn-primary w-full sm:w-fit"
              disabled={submitting({ intent: "replace-key", connectionId: connection.id })}
            >
              {submitting({ intent: "replace-key", connectionId: connection.id }) ? "Checking..." : "Check & replace key"}
            </button>
          </Form>
        </details>
      ) : null}

      <details className="mt-4">
        <summary className={summaryClass}>Disconnect {connection.name}</summary>
        <Form method="post" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="connectionId" value={connection.id} />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Disconnecting deletes the API key here
            {counts.waiting > 0
              ? ` and the ${counts.waiting} ${counts.waiting === 1 ? "entrant" : "entrants"} still waiting to be sent`
              : ""}
            . Entrants already added stay in your {connection.listWord}; Giveawear can no longer unsubscribe them there when they withdraw
            consent or erase their data.
          </p>
          <button
            type="submit"
            name="intent"
            value="disconnect"
            className={`${dangerButton} w-full sm:w-fit`}
            disabled={submitting({ intent: "disconnect", connectionId: connection.id })}
          >
            Disconnect {connection.name}
          </button>
        </Form>
      </details>
    </article>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-slate-50 px-2 py-2 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

/** The second step: the lists the service shows for the key, one to choose. */
export function ListPicker({
  connection,
  outcome,
  currentListId,
  refusal,
}: {
  connection: EmailToolConnectionView;
  outcome: EmailToolListsOutcome;
  currentListId: string | null;
  refusal: string | null;
}) {
  const submitting = useSubmitting();
  const busy = submitting({ intent: "pick-list" });
  const headingId = "list-picker-title";
  return (
    <section className="card mt-6 p-5 sm:p-6" aria-labelledby={headingId} data-testid="list-picker">
      <h2 id={headingId} className="text-lg font-semibold">
        Choose the {connection.name} {connection.listWord} entrants join
      </h2>
      {refusal ? (
        <p role="alert" className={`mt-3 ${alertClass}`}>
          {refusal}
        </p>
      ) : null}
      {outcome.kind !== "lists" ? (
        <p role="alert" className={`mt-3 ${alertClass}`}>
          {outcome.message}
        </p>
      ) : outcome.lists.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Your {connection.name} account has no {connection.listWord} yet. Create one in {connection.name}, then{" "}
          <Link to="" reloadDocument className="font-semibold underline">
            reload this page
          </Link>
          .
        </p>
      ) : (
        <Form method="post" className="mt-4">
          <input type="hidden" name="connectionId" value={connection.id} />
          <fieldset>
            <legend className="text-sm text-slate-700 dark:text-slate-300">
              Confirmed entrants who agree to marketing emails are subscribed to this {connection.listWord}.
            </legend>
            <ul className="mt-3 flex flex-col gap-2">
              {outcome.lists.map((list) => (
                <li key={list.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-brand-900/20">
                    <input
                      type="radio"
                      name="listId"
                      value={list.id}
                      defaultChecked={list.id === currentListId}
                      required
                      className="size-4 shrink-0 accent-brand-700"
                    />
                    <span className="min-w-0 break-words text-sm font-medium">{list.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button type="submit" name="intent" value="pick-list" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? "Saving..." : `Save ${connection.listWord}`}
            </button>
            {currentListId ? (
              <Link to="?" className="btn-ghost">
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      )}
    </section>
  );
}

/** Step one: the tool and its API key, checked with the service before anything is saved. */
export function ConnectEmailToolForm({
  providers,
  lastResult,
}: {
  providers: EmailToolProvider[];
  lastResult: SubmissionResult | undefined;
}) {
  const submitting = useSubmitting();
  const busy = submitting({ intent: "connect" });
  const [form, fields] = useForm<ConnectEmailToolInput>({
    lastResult,
    defaultValue: { provider: providers[0] },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConnectEmailToolSchema }),
  });
  const selected = (fields.provider.value as EmailToolProvider | undefined) ?? providers[0];
  const keyHelpId = `${fields.apiKey.id}-help`;
  return (
    <section className="card mt-6 p-5 sm:p-6" aria-labelledby="connect-title">
      <h2 id="connect-title" className="text-lg font-semibold">
        Connect an email tool
      </h2>
      <Form method="post" className="mt-4 flex flex-col gap-5" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset>
          <legend className="label">Tool</legend>
          <div className="flex flex-wrap gap-3">
            {providers.map((provider) => (
              <label
                key={provider}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-brand-900/20"
              >
                <input
                  type="radio"
                  name={fields.provider.name}
                  value={provider}
                  defaultChecked={provider === selected}
                  className="size-4 accent-brand-700"
                />
                <span className="text-sm font-medium">{EMAIL_TOOL_NAMES[provider]}</span>
              </label>
            ))}
          </div>
          <FieldErrors id={fields.provider.errorId} errors={fields.provider.errors} />
        </fieldset>
        <div>
          <label htmlFor={fields.apiKey.id} className="label">
            API key
          </label>
          <input
            id={fields.apiKey.id}
            name={fields.apiKey.name}
            form={form.id}
            type="password"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={200}
            className="input font-mono"
            aria-invalid={fields.apiKey.errors ? true : undefined}
            aria-describedby={`${keyHelpId}${fields.apiKey.errors ? ` ${fields.apiKey.errorId}` : ""}`}
          />
          <div id={keyHelpId} className="mt-1 space-y-1 text-xs text-slate-600 dark:text-slate-400">
            {providers.map((provider) => (
              <p key={provider}>
                <span className="font-semibold">{EMAIL_TOOL_NAMES[provider]}:</span> {EMAIL_TOOL_KEY_HELP[provider]}
              </p>
            ))}
            <p>We check the key with the service before saving it, store it encrypted, and never show it again.</p>
          </div>
          <FieldErrors id={fields.apiKey.errorId} errors={fields.apiKey.errors} />
        </div>
        <button type="submit" name="intent" value="connect" className="btn-primary w-full sm:w-fit" disabled={busy}>
          {busy ? "Checking the key..." : "Check key & connect"}
        </button>
      </Form>
    </section>
  );
}
