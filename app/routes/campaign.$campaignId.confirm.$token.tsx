import { Form, Link, data, redirect } from "react-router";
import { CampaignFrame } from "~/components/campaign/brand-frame";
import { EntrantTextProvider, useEntrantText } from "~/components/campaign/entrant-text";
import { entrantText, translateMessage } from "~/i18n/entrant";
import { requestLanguage } from "~/server/core/language.server";
import { EntryReceipt, ReceiptDetails } from "~/components/campaign/entry-views";
import { CONFIRM_MESSAGES, receiptTime } from "~/domain/entries";
import { maskEmail } from "~/domain/profile";
import { campaignPath, entryFormAction } from "~/paths";
import { campaignBrandFrame } from "~/server/campaigns/brand-frame.server";
import { confirmEntry, confirmPageState } from "~/server/entries/confirm.server";
import { entryIdFromConfirmToken } from "~/server/entries/emails.server";
import { rememberEntry } from "~/server/entries/visitor.server";
import { readForm } from "~/server/core/forms.server";
import { markRedirectAfterPost } from "~/server/entries/page-views.server";
import { publicOrigin } from "~/server/core/public-url.server";
import { toastCookie } from "~/server/core/toast.server";
import type { Route } from "./+types/campaign.$campaignId.confirm.$token";

/**
 * The page behind the emailed confirm link (decision 038). Opening it never confirms anything:
 * mail scanners open links to check them. Only its button, a plain form POST, confirms the entry.
 * It wears the campaign's brand frame (decision 080).
 */
export const handle = { hydrate: false, chrome: "own" };

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your entry · Giveawear" },
  { name: "robots", content: "noindex" },
  // The link is a credential: never hand it to another site in a Referer header.
  { name: "referrer", content: "same-origin" },
];

/** The personal link: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

type View =
  | { kind: "invalid" }
  | {
      kind: "pending" | "confirmed" | "closed";
      campaign: { id: string; title: string; brandName: string };
      entry: { id: string; email: string; enteredAt: string; bonusEntries: number };
      message?: string;
    };

async function pageView(campaignId: string, token: string, message?: string): Promise<View> {
  const state = await confirmPageState(campaignId, token);
  if (!state) return { kind: "invalid" };
  const entry = {
    id: state.entry.id,
    email: maskEmail(state.entry.email),
    enteredAt: receiptTime(state.entry.enteredAt),
    bonusEntries: state.entry.bonusEntries,
  };
  if (state.entry.confirmed) return { kind: "confirmed", campaign: state.campaign, entry, message };
  if (state.closed) return { kind: "closed", campaign: state.campaign, entry, message: message ?? CONFIRM_MESSAGES[state.closed] };
  return { kind: "pending", campaign: state.campaign, entry, message };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const view = await pageView(params.campaignId, params.token);
  // The campaign's language, or one it allows that the visitor prefers (decision 097).
  const language = await requestLanguage(params.campaignId, request.headers.get("Accept-Language"));
  // A link we signed names its campaign; a wrong one shows the brand only where the campaign page would.
  const frame = await campaignBrandFrame(params.campaignId, view.kind === "invalid" ? { visitor: null } : "link");
  return data({ ...view, frame, language }, { status: view.kind === "invalid" ? 404 : 200 });
}

export async function action({ request, params }: Route.ActionArgs) {
  await readForm(request);
  const { campaignId, token } = params;
  const entryId = entryIdFromConfirmToken(token);
  const state = entryId ? await confirmPageState(campaignId, token) : null;
  if (!entryId || !state) return data<View>({ kind: "invalid" }, { status: 404 });
  const outcome = await confirmEntry(entryId, publicOrigin());
  switch (outcome.kind) {
    case "confirmed": {
      // This browser holds the inbox's link: from now on the campaign page shows it the entry.
      const headers = new Headers();
      headers.append("Set-Cookie", await rememberEntry(campaignId, entryId));
      headers.append("Set-Cookie", await markRedirectAfterPost(campaignId));
      const { t } = entrantText(await requestLanguage(campaignId, request.headers.get("Accept-Language")));
      headers.append("Set-Cookie", await toastCookie({ type: "success", title: t("youreIn"), description: t("confirmedToast") }));
      // Scrolled to the entered view: its state and share buttons fill the first screen (decision 091).
      return redirect(entryFormAction(campaignId), { status: 303, headers });
    }
    case "already":
      return data(await pageView(campaignId, token, CONFIRM_MESSAGES.alreadyConfirmed), {
        headers: { "Set-Cookie": await rememberEntry(campaignId, entryId) },
      });
    case "invalid":
      return data<View>({ kind: "invalid" }, { status: 404 });
    case "full":
    case "ended":
    case "unavailable":
      return data(await pageView(campaignId, token, CONFIRM_MESSAGES[outcome.kind]), { status: 409 });
  }
}

export default function ConfirmEntryPage(props: Route.ComponentProps) {
  return (
    <EntrantTextProvider language={props.loaderData.language}>
      <ConfirmEntryView {...props} />
    </EntrantTextProvider>
  );
}

function ConfirmEntryView({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const text = useEntrantText();
  const { t } = text;
  return (
    <CampaignFrame frame={loaderData.frame}>
      <div className="mx-auto max-w-lg px-4 py-10 sm:px-6">
        <div className="card space-y-5 p-6 text-center">
          {view.kind === "invalid" ? (
            <>
              <h1 className="text-2xl font-bold">{t("confirmLinkInvalidTitle")}</h1>
              <p role="alert" className="text-slate-700 dark:text-slate-300">
                {t("invalidLink")}
              </p>
            </>
          ) : (
            <>
              <h1 className="text-2xl font-bold">
                {view.kind === "confirmed" ? t("confirmedTitle") : view.kind === "closed" ? t("notConfirmedTitle") : t("confirmTitle")}
              </h1>
              <p className="text-slate-700 dark:text-slate-300">
                {t("entryIn", { email: view.entry.email })} <strong>{view.campaign.title}</strong>{" "}
                {t("entryBy", { brand: view.campaign.brandName })}
              </p>
              {view.message ? (
                <p role={view.kind === "closed" ? "alert" : "status"} className="rounded-xl bg-slate-100 p-3 font-medium dark:bg-slate-800">
                  {translateMessage(view.message, text)}
                </p>
              ) : null}
              {view.kind === "pending" ? (
                <Form method="post">
                  <button type="submit" className="btn-primary w-full py-3 text-base">
                    {t("confirmButton")}
                  </button>
                </Form>
              ) : null}
              {view.kind === "confirmed" ? (
                <ReceiptDetails>
                  <EntryReceipt entry={view.entry} />
                </ReceiptDetails>
              ) : null}
              <p>
                <Link to={campaignPath(view.campaign.id)} className="font-medium text-brand-700 underline dark:text-brand-300">
                  {t("goToGiveaway")}
                </Link>
              </p>
            </>
          )}
        </div>
      </div>
    </CampaignFrame>
  );
}
