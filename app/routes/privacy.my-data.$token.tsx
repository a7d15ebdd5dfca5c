import { data, redirect } from "react-router";
import { EntrantTextProvider, richEntrantText, useEntrantText } from "~/components/campaign/entrant-text";
import { DataEntryCard, DataFrame, Notice, shownTime } from "~/components/privacy/data-page";
import { PrivacyDataRequest } from "~/components/privacy/data-request";
import { DATA_MESSAGES, type DataPageData, doneMessage } from "~/domain/data-rights";
import { type EntrantLanguage, visitorLanguage } from "~/domain/entrant-language";
import { siteWords } from "~/i18n/page-words";
import type { SiteWords } from "~/components/layout/site-words";
import { entrantText, translateMessage } from "~/i18n/entrant";
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
 * page ships no client runtime (decision 035). It covers giveaways in different languages, so it
 * speaks the visitor's Accept-Language among all of ours, else English (decision 097).
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: entrantText(loaded?.language ?? "en").t("dataPageTitle") },
  { name: "robots", content: "noindex" },
  // The link is a credential: never hand it to another site in a Referer header.
  { name: "referrer", content: "same-origin" },
];

/** A personal page: never kept by a shared cache; its words follow Accept-Language. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", Vary: "Accept-Language" });

type View =
  | { kind: "invalid" }
  | { kind: "expired"; sent: boolean }
  | { kind: "empty"; message: string | null }
  | { kind: "data"; page: DataPageData; message: string | null; token: string };

export async function loader({ request, params }: Route.LoaderArgs) {
  const language = visitorLanguage(request.headers.get("Accept-Language"));
  // The site's header and footer in the page's language too (root.tsx).
  const site = siteWords(language);
  const view = (found: View, status = 200) =>
    data<View & { language: EntrantLanguage; site: SiteWords | null }>({ ...found, language, site }, { status });
  const claims = readDataLinkToken(params.token);
  if (claims.kind === "invalid") return view({ kind: "invalid" }, 404);
  if (claims.kind === "expired") return view({ kind: "expired", sent: new URL(request.url).searchParams.get("sent") === "1" }, 410);
  const message = doneMessage(new URL(request.url).searchParams.get("done"));
  const page = await dataPage(claims.email, claims.expiresAt);
  if (!page) return view({ kind: "empty", message });
  return view({ kind: "data", page, message, token: params.token });
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const claims = readDataLinkToken(params.token);
  if (claims.kind === "invalid") return data<View>({ kind: "invalid" }, { status: 404 });
  const intent = formData.get("intent");
  // A new link goes to the address this one was for, expired or not (and nowhere else).
  if (intent === "new-link") {
    if (
      (await requestDataLink(claims.email, clientIp(request), new Date(), visitorLanguage(request.headers.get("Accept-Language")))) ===
      "rate-limited"
    ) {
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
  return (
    <EntrantTextProvider language={loaderData.language}>
      <MyData view={loaderData} rateLimited={actionData && "rateLimited" in actionData ? actionData.rateLimited : null} />
    </EntrantTextProvider>
  );
}

/** The page in the visitor's language; the loader's and action's messages are English, said here in it. */
function MyData({ view, rateLimited: rateLimitedEnglish }: { view: View; rateLimited: string | null }) {
  const text = useEntrantText();
  const { t } = text;
  const rateLimited = rateLimitedEnglish ? translateMessage(rateLimitedEnglish, text) : null;
  const message = "message" in view && view.message ? translateMessage(view.message, text) : null;
  if (view.kind === "invalid") {
    return (
      <DataFrame>
        <h1 className="text-3xl font-bold tracking-tight">{t("dataInvalidHeading")}</h1>
        <Notice tone="warning">{t("dataInvalidLink")}</Notice>
        <PrivacyDataRequest />
      </DataFrame>
    );
  }
  if (view.kind === "expired") {
    return (
      <DataFrame>
        <h1 className="text-3xl font-bold tracking-tight">{t("dataExpiredHeading")}</h1>
        <p className="text-slate-700 dark:text-slate-300">
          {t("dataExpiredLink")} {t("dataExpiredNewOne")}
        </p>
        {rateLimited ? <Notice tone="warning">{rateLimited}</Notice> : null}
        {view.sent ? <Notice tone="success">{t("dataNewLinkSent")}</Notice> : null}
        <form method="post">
          <input type="hidden" name="intent" value="new-link" />
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {t("dataEmailNewLink")}
          </button>
        </form>
      </DataFrame>
    );
  }
  if (view.kind === "empty") {
    return (
      <DataFrame>
        <h1 className="text-3xl font-bold tracking-tight">{t("dataHeading")}</h1>
        {message ? <Notice tone="success">{message}</Notice> : null}
        <p className="text-slate-700 dark:text-slate-300" data-testid="no-data">
          {t("dataNoEntries")}
        </p>
        <p>
          <a href={privacyPath()} className="font-medium text-brand-700 underline dark:text-brand-300">
            {t("dataReadPolicy")}
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
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t("dataPrivacy")}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">{t("dataHeading")}</h1>
        <p className="mt-2 break-words text-slate-700 dark:text-slate-300">
          {richEntrantText(text, page.emailCount ? "dataHoldsEmails" : "dataHolds", {
            address: <strong data-testid="data-address">{page.address}</strong>,
            entries: t("dataEntryCount", { count: page.entries.length }),
            emails: t("dataEmailCount", { count: page.emailCount }),
            until: shownTime(page.linkExpiresAt, text),
          })}
        </p>
      </div>
      {message ? <Notice tone="success">{message}</Notice> : null}
      {rateLimited ? <Notice tone="warning">{rateLimited}</Notice> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a href={dataExportPath(token)} download className="btn-primary">
          {t("dataDownload")}
        </a>
        {consenting > 0 ? (
          <form method="post" className="contents">
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="entryId" value="all" />
            <button type="submit" className="btn-secondary">
              {t("dataWithdrawAll")}
            </button>
          </form>
        ) : null}
        <a href={dataErasePath(token)} className="btn-secondary text-red-800 dark:text-red-300">
          {t("dataEraseLink")}
        </a>
      </div>
      <section aria-labelledby="entries-heading" className="space-y-4">
        <h2 id="entries-heading" className="text-xl font-bold">
          {t("dataYourEntries")}
        </h2>
        {page.entries.map((entry) => (
          <DataEntryCard key={entry.id} entry={entry} />
        ))}
      </section>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("dataRetention")}</p>
    </DataFrame>
  );
}
