import { useRef, useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  type DeliveryRow,
  type DeliveryTone,
  type EndpointRow,
  VERIFY_SNIPPET,
  VERIFY_USAGE,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_LOG_RETENTION_DAYS,
  WEBHOOK_LOG_SIZE,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from "~/domain/webhooks";

/**
 * The creator's webhook page (decision 055): the secret shown once, an endpoint with its actions and
 * its delivery log, and how to verify a signature. Every action is a plain POST form with an intent.
 */

const TONES: Record<DeliveryTone, string> = {
  ok: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
  waiting: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  bad: "bg-rose-100 text-rose-900 ring-rose-300 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800",
  muted: "bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600",
};

function Badge({ tone, children }: { tone: DeliveryTone; children: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** The one time a signing secret is shown whole: after adding an endpoint, or after rolling its secret. */
export function SecretReveal({ url, secret, rolled }: { url: string; secret: string; rolled: boolean }) {
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setStatus("Signing secret copied.");
    } catch {
      field.current?.select();
      setStatus("Copy failed: select the secret and copy it yourself.");
    }
  }
  return (
    <section
      aria-labelledby="secret-title"
      className="rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50"
      data-testid="secret-reveal"
    >
      <h2 id="secret-title" className="text-lg font-bold">
        {rolled ? "New signing secret" : "Endpoint added: here is its signing secret"}
      </h2>
      <p className="mt-1 text-sm">
        For <span className="font-mono break-all">{url}</span>. <strong>Copy it now: it is shown only this once.</strong> Your server checks
        each delivery&apos;s signature with it.
        {rolled
          ? ` The previous secret keeps signing beside it for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours, so you can switch over without missing events.`
          : ""}
      </p>
      <label htmlFor="signing-secret" className="label mt-3 text-emerald-950 dark:text-emerald-50">
        Signing secret
      </label>
      <input
        ref={field}
        id="signing-secret"
        readOnly
        value={secret}
        onFocus={(event) => event.currentTarget.select()}
        className="input font-mono text-sm"
        data-testid="signing-secret"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="button" hidden={!hydrated} onClick={copy} className="btn-secondary">
          Copy secret
        </button>
        <p role="status" className="text-sm">
          {status}
        </p>
      </div>
    </section>
  );
}

function IntentButton({
  intent,
  endpointId,
  deliveryId,
  children,
  busy,
  className = "btn-secondary",
}: {
  intent: string;
  endpointId?: string;
  deliveryId?: string;
  children: string;
  busy: string | null;
  className?: string;
}) {
  const key = `${intent}:${deliveryId ?? endpointId ?? ""}`;
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {endpointId ? <input type="hidden" name="endpointId" value={endpointId} /> : null}
      {deliveryId ? <input type="hidden" name="deliveryId" value={deliveryId} /> : null}
      <button type="submit" className={className} disabled={busy === key} aria-busy={busy === key || undefined}>
        {children}
      </button>
    </Form>
  );
}

function DeliveryItem({ delivery, busy }: { delivery: DeliveryRow; busy: string | null }) {
  return (
    <li className="py-3" data-testid="delivery">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-mono text-sm font-semibold break-all" data-testid="delivery-event">
          {delivery.eventType}
        </span>
        <Badge tone={delivery.tone}>{delivery.statusLabel}</Badge>
        {delivery.redelivery ? <span className="text-xs text-slate-600 dark:text-slate-400">Redelivery</span> : null}
      </div>
      <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 text-xs text-slate-700 sm:grid-cols-4 dark:text-slate-300">
        <div>
          <dt className="inline font-medium">Time: </dt>
          <dd className="inline">{delivery.time}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Attempts: </dt>
          <dd className="inline" data-testid="delivery-attempts">
            {delivery.attempts}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Response: </dt>
          <dd className="inline" data-testid="delivery-response">
            {delivery.response}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Duration: </dt>
          <dd className="inline">{delivery.duration}</dd>
        </div>
      </dl>
      {delivery.detail ? <p className="mt-1 text-xs break-words text-slate-700 dark:text-slate-300">{delivery.detail}</p> : null}
      {delivery.redacted ? (
        <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">The entrant erased their data: its personal fields were removed.</p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <details className="min-w-0 flex-1 text-xs">
          <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-300">
            Payload <span className="font-mono font-normal break-all text-slate-600 dark:text-slate-400">{delivery.eventId}</span>
          </summary>
          <pre
            // Scrollable, so reachable by keyboard.
            tabIndex={0}
            aria-label={`Payload of ${delivery.eventType} ${delivery.eventId}`}
            className="mt-2 max-h-64 overflow-auto rounded-lg bg-slate-100 p-3 font-mono text-xs dark:bg-slate-800"
          >
            {delivery.payload}
          </pre>
        </details>
        {delivery.canRedeliver ? (
          <IntentButton intent="redeliver" deliveryId={delivery.id} busy={busy} className="btn-secondary px-3 py-1.5 text-xs">
            Redeliver
          </IntentButton>
        ) : null}
      </div>
    </li>
  );
}

export function EndpointCard({ endpoint, busy, canRoll }: { endpoint: EndpointRow; busy: string | null; canRoll: boolean }) {
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <article aria-labelledby={headingId} className="card p-5" data-testid="endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-mono text-sm font-semibold break-all">
            {endpoint.url}
          </h3>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Added {endpoint.created}</p>
        </div>
        <Badge tone={endpoint.enabled ? "ok" : "muted"}>{endpoint.enabled ? "Enabled" : "Disabled"}</Badge>
      </div>
      <dl className="mt-3 space-y-1 text-sm">
        <div>
          <dt className="inline font-medium">Events: </dt>
          <dd className="inline font-mono text-xs break-words" data-testid="endpoint-events">
            {endpoint.events.join(", ")}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Signing secret: </dt>
          <dd className="inline font-mono text-xs" data-testid="endpoint-secret">
            {endpoint.secret}
          </dd>
          {endpoint.previousSecretUntil ? (
            <dd className="text-xs text-slate-600 dark:text-slate-400">
              The previous secret also signs until {endpoint.previousSecretUntil}.
            </dd>
          ) : null}
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {endpoint.enabled ? (
          <IntentButton intent="test" endpointId={endpoint.id} busy={busy} className="btn-primary">
            Send test event
          </IntentButton>
        ) : null}
        {canRoll ? (
          <IntentButton intent="roll" endpointId={endpoint.id} busy={busy}>
            Roll secret
          </IntentButton>
        ) : null}
        <IntentButton intent={endpoint.enabled ? "disable" : "enable"} endpointId={endpoint.id} busy={busy}>
          {endpoint.enabled ? "Disable" : "Enable"}
        </IntentButton>
        <IntentButton intent="delete" endpointId={endpoint.id} busy={busy} className="btn-ghost text-red-700 dark:text-red-400">
          Delete
        </IntentButton>
      </div>
      <section aria-label={`Deliveries to ${endpoint.url}`} className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800">
        <h4 className="text-sm font-semibold">Delivery log</h4>
        {endpoint.deliveries.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">No deliveries yet. Send a test event to try the endpoint.</p>
        ) : (
          <>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">The latest {WEBHOOK_LOG_SIZE} deliveries, newest first.</p>
            <ol className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="delivery-log">
              {endpoint.deliveries.map((delivery) => (
                <DeliveryItem key={delivery.id} delivery={delivery} busy={busy} />
              ))}
            </ol>
          </>
        )}
      </section>
    </article>
  );
}

function retrySchedule(): string {
  const label = (ms: number) => (ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`);
  return WEBHOOK_RETRY_DELAYS_MS.map(label).join(", ");
}

/** How deliveries look and how to check them (the same snippet the README shows; a unit test runs it). */
export function WebhookDocs({ timeoutSeconds }: { timeoutSeconds: number }) {
  return (
    <section aria-labelledby="verify-title" className="card p-5 sm:p-6">
      <h2 id="verify-title" className="text-lg font-bold">
        Verifying signatures
      </h2>
      <div className="mt-2 space-y-3 text-sm text-slate-700 dark:text-slate-300">
        <p>
          Each delivery is a POST with a JSON body <code className="font-mono text-xs">{`{"id", "type", "created", "data"}`}</code> and the
          headers <code className="font-mono text-xs">{WEBHOOK_SIGNATURE_HEADER}</code>,{" "}
          <code className="font-mono text-xs">{WEBHOOK_EVENT_ID_HEADER}</code> and{" "}
          <code className="font-mono text-xs">Content-Type: application/json</code>. The signature header reads{" "}
          <code className="font-mono text-xs break-all">t=&lt;unix time&gt;,v1=&lt;hex HMAC-SHA256&gt;</code>, computed with your signing
          secret over <code className="font-mono text-xs">&lt;t&gt;.&lt;raw body&gt;</code>. After you roll a secret, a second{" "}
          <code className="font-mono text-xs">v1</code> signed with the previous one is added for {WEBHOOK_SECRET_OVERLAP_HOURS} hours.
        </p>
        <p>
          Answer with any 2xx status within {timeoutSeconds} seconds. Anything else (another status, a redirect, no answer) is tried again
          after {retrySchedule()}, then marked failed. Deliveries are at least once: the event id stays the same on every attempt, so skip
          one you have already handled. The log keeps deliveries for {WEBHOOK_LOG_RETENTION_DAYS} days.
        </p>
        <p>
          Check each request in Node.js like this (a signature older than {WEBHOOK_TOLERANCE_SECONDS / 60} minutes is refused, so a recorded
          request cannot be replayed later):
        </p>
      </div>
      <pre
        tabIndex={0}
        aria-label="Verification function (Node.js)"
        className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-xs text-slate-100"
        data-testid="verify-snippet"
      >
        {VERIFY_SNIPPET}
      </pre>
      <pre
        tabIndex={0}
        aria-label="Using it in an Express route"
        className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-xs text-slate-100"
      >
        {VERIFY_USAGE}
      </pre>
      <h3 className="mt-5 text-base font-semibold">Events</h3>
      <dl className="mt-2 space-y-2 text-sm">
        {Object.entries(WEBHOOK_EVENT_DESCRIPTIONS).map(([event, description]) => (
          <div key={event}>
            <dt className="font-mono text-xs font-semibold">{event}</dt>
            <dd className="text-slate-700 dark:text-slate-300">{description}</dd>
          </div>
        ))}
        <div>
          <dt className="font-mono text-xs font-semibold">webhook.test</dt>
          <dd className="text-slate-700 dark:text-slate-300">Sent by &quot;Send test event&quot; only.</dd>
        </div>
      </dl>
    </section>
  );
}
