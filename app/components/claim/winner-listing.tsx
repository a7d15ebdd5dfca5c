import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { DISPLAY_NAME_MAX, DisplayNameSchema, listingShownAs, type WinnerListingView } from "~/domain/winners-list";
import { FieldErrors, FormErrors } from "../ui/field";
import { useClaimText } from "./claim-text";

/**
 * The claim page's "The winners list" section (decision 057): how the winner is shown on the public
 * list, a display name to choose, and the objection. Two plain POST forms to the claim page itself:
 * they work without JavaScript and can be changed again at any time, before and after claiming.
 */
export function WinnerListingSection({
  listing,
  lastResult,
}: {
  listing: WinnerListingView;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useForm({
    id: "winner-listing",
    lastResult,
    defaultValue: { displayName: listing.displayName },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DisplayNameSchema }),
  });
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const hintId = `${fields.displayName.id}-hint`;
  const { t, rich, errors } = useClaimText();
  const list = (
    <Link to={listing.winnersPath} className="font-medium text-brand-700 underline dark:text-brand-300">
      {t("listLink")}
    </Link>
  );
  const objected = t("listObjected");
  // listingShownAs's choice, in the page's language.
  const shownAs = listing.erased
    ? t("listErasedName")
    : listing.hidden
      ? t("listHiddenName")
      : listing.objected
        ? objected
        : listingShownAs(listing);

  return (
    <section aria-labelledby="winner-listing-heading" className="card space-y-4 p-5 sm:p-6" data-testid="winner-listing">
      <h2 id="winner-listing-heading" className="text-lg font-semibold">
        {t("listHeading")}
      </h2>
      {listing.erased ? (
        <p className="text-slate-700 dark:text-slate-300">{rich("listErased", { list, erased: t("listErasedName") })}</p>
      ) : (
        <>
          <p className="text-slate-700 dark:text-slate-300">{rich(listing.regions ? "listIntroRegions" : "listIntro", { list })}</p>
          <p>
            {t("shownAs")}{" "}
            <strong className="[overflow-wrap:anywhere]" data-testid="listing-shown-as">
              {shownAs}
            </strong>
          </p>
          {listing.hidden ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("listHidden")}</p> : null}

          <Form method="post" {...getFormProps(form)} className="space-y-2" aria-label={t("displayNameForm")}>
            <input type="hidden" name="intent" value="listing-name" />
            <FormErrors id={form.errorId} errors={errors(form.errors)} />
            <label htmlFor={fields.displayName.id} className="label">
              {t("displayName")}
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                {...getInputProps(fields.displayName, { type: "text", ariaDescribedBy: hintId })}
                maxLength={DISPLAY_NAME_MAX}
                autoComplete="nickname"
                className="input"
              />
              <button type="submit" className="btn-secondary whitespace-nowrap" disabled={sending === "listing-name"}>
                {t(sending === "listing-name" ? "saving" : "saveDisplayName")}
              </button>
            </div>
            <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
              {rich("nameHint", { max: DISPLAY_NAME_MAX, email: <span className="[overflow-wrap:anywhere]">{listing.maskedEmail}</span> })}
            </p>
            <FieldErrors id={fields.displayName.errorId} errors={errors(fields.displayName.errors)} />
          </Form>

          <Form method="post" className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800" aria-label={t("beingListed")}>
            {listing.objected ? (
              <>
                <p className="text-sm text-slate-700 dark:text-slate-300">{t("objectedText", { objected })}</p>
                <button
                  type="submit"
                  name="intent"
                  value="listing-unobject"
                  className="btn-secondary"
                  disabled={sending === "listing-unobject"}
                >
                  {t("listMeAgain")}
                </button>
              </>
            ) : (
              <>
                <p className="text-sm text-slate-700 dark:text-slate-300">{t("objectText", { objected })}</p>
                <button
                  type="submit"
                  name="intent"
                  value="listing-object"
                  className="btn-secondary"
                  disabled={sending === "listing-object"}
                >
                  {t("dontListMe")}
                </button>
              </>
            )}
          </Form>
        </>
      )}
    </section>
  );
}

/** The winners-list section under a claim page's own content (decision 057). */
export function WinnerListingBlock({
  listing,
  lastResult,
}: {
  listing: WinnerListingView | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  if (!listing) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
      <WinnerListingSection listing={listing} lastResult={lastResult} />
    </div>
  );
}
