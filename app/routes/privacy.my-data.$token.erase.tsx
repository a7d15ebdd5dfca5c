import { data, redirect } from "react-router";
import { EntrantTextProvider, richEntrantText, useEntrantText } from "~/components/campaign/entrant-text";
import { DataFrame, ErasureConsequences, Notice } from "~/components/privacy/data-page";
import { DATA_MESSAGES, type DataPageData } from "~/domain/data-rights";
import { visitorLanguage } from "~/domain/entrant-language";
import { siteWords } from "~/i18n/page-words";
import { entrantText, translateMessage } from "~/i18n/entrant";
import { dataPagePath, dataRequestPath } from "~/paths";
import { dataPage } from "~/server/data-rights/data.server";
import { eraseAddress } from "~/server/data-rights/erase.server";
import { readDataLinkToken } from "~/server/core/data-rights-link.server";
import { readForm } from "~/server/core/forms.server";
import type { Route } from "./+types/privacy.my-data.$token.erase";

/**
 * The confirm step before erasing (decision 054): what erasing removes and what it means, prize by
 * prize, then a plain form that erases only with "I understand" ticked. In the visitor's language,
 * as the data page (decision 097).
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: entrantText(loaded?.language ?? "en").t("eraseTitle") },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", Vary: "Accept-Language" });

type View =
  { kind: "invalid" } | { kind: "expired" } | { kind: "empty"; token: string } | { kind: "confirm"; page: DataPageData; token: string };

async function view(token: string): Promise<{ view: View; status: number }> {
  const claims = readDataLinkToken(token);
  if (claims.kind === "invalid") return { view: { kind: "invalid" }, status: 404 };
  if (claims.kind === "expired") return { view: { kind: "expired" }, status: 410 };
  const page = await dataPage(claims.email, claims.expiresAt);
  return { view: page ? { kind: "confirm", page, token } : { kind: "empty", token }, status: 200 };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await view(params.token);
  const language = visitorLanguage(request.headers.get("Accept-Language"));
  // The site's header and footer in the page's language too (root.tsx).
  return data({ ...found.view, language, site: siteWords(language) }, { status: found.status });
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const claims = readDataLinkToken(params.token);
  if (claims.kind !== "valid")
    return data(
      { error: claims.kind === "expired" ? DATA_MESSAGES.expiredLink : DATA_MESSAGES.invalidLink },
      { status: claims.kind === "expired" ? 410 : 404 },
    );
  if (formData.get("confirm") !== "on") return data({ error: DATA_MESSAGES.confirmRequired }, { status: 400 });
  // The tables are erased before the answer; PostgreSQL's VACUUM of them follows (decision 065).
  await eraseAddress(claims.email, new Date(), { vacuumInBackground: true });
  return redirect(`${dataPagePath(params.token)}?done=erased`, 303);
}

export default function EraseMyData({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EntrantTextProvider language={loaderData.language}>
      <Erase view={loaderData} error={actionData?.error} />
    </EntrantTextProvider>
  );
}

/** The confirm step in the visitor's language; the action's errors are English, said here in it. */
function Erase({ view, error: errorEnglish }: { view: View; error: string | undefined }) {
  const text = useEntrantText();
  const { t } = text;
  if (view.kind === "invalid" || view.kind === "expired") {
    return (
      <DataFrame>
        <h1 className="text-3xl font-bold tracking-tight">{t(view.kind === "expired" ? "dataExpiredHeading" : "dataInvalidHeading")}</h1>
        <Notice tone="warning">{t(view.kind === "expired" ? "dataExpiredLink" : "dataInvalidLink")}</Notice>
        <p>
          <a href={dataRequestPath()} className="font-medium text-brand-700 underline dark:text-brand-300">
            {t("eraseAskNewLink")}
          </a>
        </p>
      </DataFrame>
    );
  }
  if (view.kind === "empty") {
    return (
      <DataFrame>
        <h1 className="text-3xl font-bold tracking-tight">{t("eraseNothingHeading")}</h1>
        <p className="text-slate-700 dark:text-slate-300">{t("dataNoEntries")}</p>
        <p>
          <a href={dataPagePath(view.token)} className="font-medium text-brand-700 underline dark:text-brand-300">
            {t("eraseBack")}
          </a>
        </p>
      </DataFrame>
    );
  }
  const error = errorEnglish ? translateMessage(errorEnglish, text) : undefined;
  return (
    <DataFrame>
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t("dataPrivacy")}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">{t("eraseHeading")}</h1>
        <p className="mt-2 break-words text-slate-700 dark:text-slate-300">
          {richEntrantText(text, "eraseFor", {
            address: <strong>{view.page.address}</strong>,
            entries: t("dataEntryCount", { count: view.page.entries.length }),
          })}
        </p>
      </div>
      <div className="card p-5 sm:p-6">
        <ErasureConsequences page={view.page} />
      </div>
      <form method="post" className="card space-y-4 p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <input
            id="erase-confirm"
            name="confirm"
            type="checkbox"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby="erase-confirm-error"
            className="mt-1 size-5 shrink-0 accent-red-700"
          />
          <label htmlFor="erase-confirm" className="text-sm font-medium">
            {t("eraseUnderstand")}
          </label>
        </div>
        <p id="erase-confirm-error" className="field-error empty:hidden" role={error ? "alert" : undefined}>
          {error}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
            {t("eraseSubmit")}
          </button>
          <a href={dataPagePath(view.token)} className="btn-secondary">
            {t("eraseKeep")}
          </a>
        </div>
      </form>
    </DataFrame>
  );
}
