import { data, redirect } from "react-router";
import { DataEntryCard, DataFrame, Notice, shownTime } from "~/components/privacy/data-page";
import { PrivacyDataRequest } from "~/components/privacy/data-request";
import { DATA_MESSAGES, type DataPageData, doneMessage } from "~/domain/data-rights";
import { dataErasePath, dataExportPath, dataPagePath, privacyPath } from "~/paths";
import { dataPage, withdrawMarketing } from "~/server/data-rights/data.server";
import { readDataLinkToken } from "~/server/core/data-rights-link.server";
import { requestDataLink } from "~/server/data-rights/request.server";
import { readForm } from "~/server/core/forms.server";
import { clientIp } from "~/server/core/request.server";
import type { Route } from "./+types/privacy.my-data.$token";

/**
 * An entrant's data page, behind the link we email (decision 054): every entry of the address across
 * giveaways, its consents as given, any prize; download, withdraw marketing consent, erase. Opening
 * the link changes nothing (mail scanners open links): every change is a plain form POST, and the
 * page ships no client runtime (decision 035).
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = () => [
  { title: "Your data · Giveawear" },
  { name: "robots", content: "noindex" },
  // The link is a credential: never hand it to another site in a Referer header.
  { name: "referrer", content: "same-origin" },
];

/** A personal page: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

type View =
  | { kind: "invalid" }
  | { kind: "expired"; sent: boolean }
  | { kind: "empty"; message: string | null }
  | { kind: "data"; page: DataPageData; message: string | null; token: string };

export async function loader({ request, params }: Route.LoaderArgs) {
  const claims = readDataLinkToken(params.token);
  if (claims.kind === "invalid") return data<View>({ kind: "invalid" }, { status: 404 });
  if (claims.kind === "expired") {
    return data<View>({ kind: "expired", sent: new URL(request.url).searchParams.get("sent") === "1" }, { status: 410 });
  }
  const message = doneMessage(new URL(request.url).searchParams.get("done"));
  const page = await dataPage(claims.email, claims.expiresAt);
  if (!page) return data<View>({ kind: "empty", message });
  return data<View>({ kind: "data", page, message, token: params.token });
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const claims = readDataLinkToken(params.token);
  if (claims.kind === "invalid") return data<View>({ kind: "invalid" }, { status: 404 });
  const intent = formData.get("intent");
  // A new link goes to the address this one was for, expired or not (and nowhere else).
  if (intent === "new-link") {
    if ((await requestDataLink(claims.email, clientIp(request))) === "rate-limited") {
      return data({ rateLimited: DATA_MESSAGES.rateLimited }, { status: 429 });
    }
    return redirect(
      claims.kind === "expired" ? `${dataPagePath(params.token)}?sent=1` : `${dataPagePath(params.token)}?done=new-link`,
      303,
    );
  }
  if (claims.kind === "expired") return data<View>({ kind: "expired", sent: false }, { status: 410 });
  if (intent === "withdraw") {
    const entryId = formData.get("entryId");
    const one = typeof entryId === "string" && entryId !== "" && entryId !== "all" ? entryId : null;
    const withdrawn = await withdrawMarketing(claims.email, one);
    return redirect(`${dataPagePath(params.token)}?done=${withdrawn > 0 ? "withdrawn" : "nothing"}`, 303);
  }
  return data({ rateLimited: null, unknown: true }, { status: 400 });
}

export default function MyDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const rateLimited = actionData && "rateLimited" in actionData ? actionData.rateLimited : null;
  if (view.kind === "invalid") {
    return (
      <DataFrame>
        <h1 className="text-3xl font-bold tracking-tight">Link not valid</h1>
        <Notice tone="warning">{DATA_MESSAGES.invalidLink}</Notice>
        <PrivacyDataRequest />
      </DataFrame>
    );
  }
  if (view.kind === "expired") {
    return (
      <DataFrame>
        <h1 className="text-3xl font-bold tracking-tight">This link has expired</h1>
        <p className="text-slate-700 dark:text-slate-300">
          {DATA_MESSAGES.expiredLink} We can email a new one to the same address: nothing is shown here until you open it.
        </p>
        {rateLimited ? <Notice tone="warning">{rateLimited}</Notice> : null}
        {view.sent ? <Notice tone="success">{DATA_MESSAGES.newLinkSent}</Notice> : null}
        <form method="post">
          <input type="hidden" name="intent" value="new-link" />
          <button type="submit" className="btn-primary w-full sm:w-auto">
            Email me a new link
          </button>
        </form>
      </DataFrame>
    );
  }
  if (view.kind === "empty") {
    return (
      <DataFrame>
        <h1 className="text-3xl font-bold tracking-tight">Your data</h1>
        {view.message ? <Notice tone="success">{view.message}</Notice> : null}
        <p className="text-slate-700 dark:text-slate-300" data-testid="no-data">
          We hold no giveaway entries for this address.
        </p>
        <p>
          <a href={privacyPath()} className="font-medium text-brand-700 underline dark:text-brand-300">
            Read the Privacy Policy
          </a>
        </p>
      </DataFrame>
    );
  }
  const { page, token } = view;
  const consenting = page.entries.filter((entry) => entry.marketing.current).length;
  return (
    <DataFrame>
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">Privacy</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">Your data</h1>
        <p className="mt-2 break-words text-slate-700 dark:text-slate-300">
          What Giveawear holds for <strong data-testid="data-address">{page.address}</strong>: {page.entries.length}{" "}
          {page.entries.length === 1 ? "giveaway entry" : "giveaway entries"}
          {page.emailCount ? `, and ${page.emailCount} ${page.emailCount === 1 ? "email" : "emails"} we sent you` : ""}. This link works
          until {shownTime(page.linkExpiresAt)}.
        </p>
      </div>
      {view.message ? <Notice tone="success">{view.message}</Notice> : null}
      {rateLimited ? <Notice tone="warning">{rateLimited}</Notice> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a href={dataExportPath(token)} download className="btn-primary">
          Download all my data (JSON)
        </a>
        {consenting > 0 ? (
          <form method="post" className="contents">
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="entryId" value="all" />
            <button type="submit" className="btn-secondary">
              Withdraw all marketing consent
            </button>
          </form>
        ) : null}
        <a href={dataErasePath(token)} className="btn-secondary text-red-800 dark:text-red-300">
          Erase my data…
        </a>
      </div>
      <section aria-labelledby="entries-heading" className="space-y-4">
        <h2 id="entries-heading" className="text-xl font-bold">
          Your entries
        </h2>
        {page.entries.map((entry) => (
          <DataEntryCard key={entry.id} entry={entry} />
        ))}
      </section>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Entrants who gave marketing consent stay on that brand's list until they withdraw it or erase their data. Otherwise we erase an
        entrant's data a fixed time after the giveaway's prizes are delivered; the Privacy Policy says how long.
      </p>
    </DataFrame>
  );
}
