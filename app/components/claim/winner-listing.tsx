import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { DISPLAY_NAME_MAX, DisplayNameSchema, WINNERS_LIST_TEXT, listingShownAs, type WinnerListingView } from "~/domain/winners-list";
import { FieldErrors, FormErrors } from "../ui/field";

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
  const list = (
    <Link to={listing.winnersPath} className="font-medium text-brand-700 underline dark:text-brand-300">
      winners list
    </Link>
  );

  return (
    <section aria-labelledby="winner-listing-heading" className="card space-y-4 p-5 sm:p-6" data-testid="winner-listing">
      <h2 id="winner-listing-heading" className="text-lg font-semibold">
        The winners list
      </h2>
      {listing.erased ? (
        <p className="text-slate-700 dark:text-slate-300">
          Your data was erased, so the public {list} shows you only as &ldquo;{WINNERS_LIST_TEXT.erased}&rdquo;, with no name and no region.
        </p>
      ) : (
        <>
          <p className="text-slate-700 dark:text-slate-300">
            The giveaway publishes a {list} that stays available after it ends. It shows each prize&apos;s winner by a display name they
            choose or their masked email address
            {listing.regions ? ", with their state or province (or country) once the prize is claimed" : ""}.
          </p>
          <p>
            You are shown as:{" "}
            <strong className="[overflow-wrap:anywhere]" data-testid="listing-shown-as">
              {listingShownAs(listing)}
            </strong>
          </p>
          {listing.hidden ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              The organiser does not publish the winners&apos; names for this giveaway. What you choose here applies if they do.
            </p>
          ) : null}

          <Form method="post" {...getFormProps(form)} className="space-y-2" aria-label="Display name on the winners list">
            <input type="hidden" name="intent" value="listing-name" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <label htmlFor={fields.displayName.id} className="label">
              Display name (optional)
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                {...getInputProps(fields.displayName, { type: "text", ariaDescribedBy: hintId })}
                maxLength={DISPLAY_NAME_MAX}
                autoComplete="nickname"
                className="input"
              />
              <button type="submit" className="btn-secondary whitespace-nowrap" disabled={sending === "listing-name"}>
                {sending === "listing-name" ? "Saving..." : "Save display name"}
              </button>
            </div>
            <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
              Up to {DISPLAY_NAME_MAX} characters, for example a first name and an initial. Leave it empty to be shown as{" "}
              <span className="[overflow-wrap:anywhere]">{listing.maskedEmail}</span>.
            </p>
            <FieldErrors id={fields.displayName.errorId} errors={fields.displayName.errors} />
          </Form>

          <Form method="post" className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800" aria-label="Being listed">
            {listing.objected ? (
              <>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  You asked not to be listed: the list says &ldquo;{WINNERS_LIST_TEXT.objected}&rdquo; and shows nothing about you.
                </p>
                <button
                  type="submit"
                  name="intent"
                  value="listing-unobject"
                  className="btn-secondary"
                  disabled={sending === "listing-unobject"}
                >
                  List me again
                </button>
              </>
            ) : (
              <>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  Prefer not to be listed? The list then says &ldquo;{WINNERS_LIST_TEXT.objected}&rdquo; instead of any name, email or
                  region. You can change your mind here at any time.
                </p>
                <button
                  type="submit"
                  name="intent"
                  value="listing-object"
                  className="btn-secondary"
                  disabled={sending === "listing-object"}
                >
                  Don&apos;t list me
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
