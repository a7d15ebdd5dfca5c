import { data, redirect } from "react-router";
import { EntrantTextProvider, richEntrantText, useEntrantText } from "~/components/campaign/entrant-text";
import { PrivacyDataRequest } from "~/components/privacy/data-request";
import { DATA_MESSAGES, DataRequestSchema } from "~/domain/data-rights";
import { visitorLanguage } from "~/domain/entrant-language";
import { entrantText, translateMessage } from "~/i18n/entrant";
import { siteWords } from "~/i18n/page-words";
import { dataRequestPath, privacyPath } from "~/paths";
import { requestDataLink } from "~/server/data-rights/request.server";
import { readForm } from "~/server/core/forms.server";
import { honeypotFilled } from "~/server/core/honeypot.server";
import { clientIp } from "~/server/core/request.server";
import type { Route } from "./+types/privacy.my-data";

/**
 * An entrant asks for the link to their data page (decision 054). Plain HTML and a plain form, like
 * the other entrant pages (decision 035); the answer never says whether we hold data for the address.
 * In the visitor's language among ours, else English, as the data page (decision 097).
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const { t } = entrantText(loaded?.language ?? "en");
  return [{ title: t("dataPageTitle") }, { name: "description", content: t("requestDescription") }];
};

/** Its words follow Accept-Language, so a cache keeps one copy per language. */
export const headers: Route.HeadersFunction = () => ({ Vary: "Accept-Language" });

export function loader({ request }: Route.LoaderArgs) {
  const language = visitorLanguage(request.headers.get("Accept-Language"));
  // The site's header and footer in the page's language too (root.tsx).
  return { sent: new URL(request.url).searchParams.get("sent") === "1", language, site: siteWords(language) };
}

type ActionData = { error: string; value: string };

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const sent = redirect(`${dataRequestPath()}?sent=1`, { status: 303 });
  // A bot is answered as a person is, and nothing is sent.
  if (honeypotFilled(formData)) return sent;
  const raw = formData.get("email");
  const value = typeof raw === "string" ? raw.slice(0, 254) : "";
  const parsed = DataRequestSchema.safeParse({ email: raw ?? undefined });
  if (!parsed.success) {
    return data<ActionData>({ error: parsed.error.issues[0]?.message ?? DATA_MESSAGES.emailInvalid, value }, { status: 400 });
  }
  if (
    (await requestDataLink(parsed.data.email, clientIp(request), new Date(), visitorLanguage(request.headers.get("Accept-Language")))) ===
    "rate-limited"
  ) {
    return data<ActionData>({ error: DATA_MESSAGES.rateLimited, value }, { status: 429 });
  }
  return sent;
}

export default function MyDataRequest({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EntrantTextProvider language={loaderData.language}>
      <Request sent={loaderData.sent} actionData={actionData} />
    </EntrantTextProvider>
  );
}

function Request({ sent, actionData }: { sent: boolean; actionData: ActionData | undefined }) {
  const text = useEntrantText();
  const { t } = text;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t("dataPrivacy")}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">{t("dataHeading")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("requestIntro")}</p>
      </div>
      <PrivacyDataRequest
        error={actionData?.error ? translateMessage(actionData.error, text) : undefined}
        value={actionData?.value}
        status={sent && !actionData ? t("requestSent") : undefined}
      />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {richEntrantText(text, "requestPolicy", {
          policy: (
            <a href={privacyPath()} className="font-medium text-brand-700 underline dark:text-brand-300">
              {t("requestPolicyLink")}
            </a>
          ),
        })}
      </p>
    </div>
  );
}
