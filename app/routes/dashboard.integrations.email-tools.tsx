import { data, Link } from "react-router";
import { ConnectEmailToolForm, EmailToolCard, ListPicker } from "~/components/integrations/email-tools";
import { ActionToast } from "~/components/ui/action-toast";
import { EMAIL_TOOL_MESSAGES } from "~/domain/email-tools";
import { emailToolsPath, integrationsPath } from "~/paths";
import { readForm } from "~/server/core/forms.server";
import { emailToolsPage } from "~/server/integrations/email-tools.server";
import { requireUser } from "~/server/auth/session.server";
import { emailToolAction } from "~/server/integrations/email-tool-actions.server";
import { redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/dashboard.integrations.email-tools";

/**
 * Email tools (decision 056): connect Klaviyo or Mailchimp with an API key (checked against the
 * service before it is saved, sealed at rest, never shown again), pick the list consenting entrants
 * join, see how the sync is doing, replace the key, disconnect. Plain forms, one intent each.
 */

export const meta = () => [{ title: "Email Tools · Integrations · Giveawear" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const change = new URL(request.url).searchParams.get("change");
  return data(await emailToolsPage(user.id, change), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const answer = await emailToolAction(user.id, await readForm(request));
  if (answer.kind === "done") return redirectWithToast(emailToolsPath(), answer.toast, { status: 303 });
  return data(answer.body, { status: answer.status });
}

export default function EmailTools({ loaderData, actionData }: Route.ComponentProps) {
  const { connections, available, picker } = loaderData;
  const refusal = actionData?.refusal ?? null;
  const pickerConnection = picker ? connections.find((connection) => connection.id === picker.connectionId) : undefined;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <ActionToast toast={actionData?.toast} />
      <Link to={integrationsPath()} className="btn-ghost -ml-3">
        <span aria-hidden="true">←</span> Integrations
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Email tools</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Connect Klaviyo or Mailchimp, and every confirmed entrant who ticked the marketing box on one of your giveaways is subscribed to the
        list you choose, with the time they agreed and the giveaway as the source. Entrants who did not tick it are never sent. Entrants who
        later withdraw their consent or erase their data are unsubscribed there too.
      </p>

      {!loaderData.secretsAvailable ? (
        <p
          role="alert"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {EMAIL_TOOL_MESSAGES.encryptionKeyMissing}
        </p>
      ) : null}

      {picker && pickerConnection ? (
        <ListPicker
          connection={pickerConnection}
          outcome={picker.outcome}
          currentListId={picker.currentListId}
          refusal={refusal?.intent === "pick-list" && refusal.connectionId === pickerConnection.id ? refusal.message : null}
        />
      ) : null}

      {connections.length > 0 ? (
        <ul className="mt-6 flex flex-col gap-4" aria-label="Connected email tools">
          {connections.map((connection) => (
            <li key={connection.id}>
              <EmailToolCard
                connection={connection}
                choosing={picker?.connectionId === connection.id}
                canReplaceKey={loaderData.secretsAvailable}
                refusal={refusal && refusal.connectionId === connection.id && refusal.intent !== "pick-list" ? refusal.message : null}
                replaceResult={refusal?.connectionId === connection.id ? actionData?.replaceResult : undefined}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {available.length > 0 && loaderData.secretsAvailable ? (
        <ConnectEmailToolForm providers={available} lastResult={actionData?.result} />
      ) : null}
    </section>
  );
}
