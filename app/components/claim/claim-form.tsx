import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { CLAIM_NOTE_MAX, claimSchema, giftClaimSchema, sizesNotInStyle, type ClaimOptions, type ClaimValues } from "~/domain/claims";
import { addressRule, type Country } from "~/domain/ship-countries";
import { exampleIn, type ClaimText } from "~/i18n/claim-text";
import { FieldErrors, FormErrors } from "../ui/field";
import { useClaimText } from "./claim-text";
import type { ClaimSummary } from "./claim-views";

const chip =
  "flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2.5 text-sm font-medium has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 dark:border-slate-700 dark:has-[:checked]:bg-brand-900/40";

/**
 * The winner's choices and shipping address. A plain POST without JavaScript (the server answers
 * with the same errors); with JavaScript, Conform validates with the same schema as you type.
 */
export function ClaimForm({
  campaign,
  options,
  lastResult,
}: {
  campaign: ClaimSummary;
  options: ClaimOptions;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const gift = campaign.prize.kind === "gift";
  const schema = gift ? giftClaimSchema({ needsAddress: campaign.prize.needsAddress, countries: options.countries }) : claimSchema(options);
  const only = (values: readonly string[]) => (values.length === 1 ? values[0] : undefined);
  const [form, fields] = useForm<ClaimValues>({
    id: "claim",
    lastResult,
    defaultValue: {
      size: only(options.sizes),
      style: only(options.styles),
      color: only(options.colors.map((c) => c.key)),
      shipCountry: only(options.countries.map((c) => c.code)),
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const text = useClaimText();
  const { t, errors, label } = text;
  // Sizes some style is not made in (women's-fit tees stop at 2XL), said next to the sizes so it works without JavaScript too.
  const sizeNotes = options.styles
    .map((style) => ({ style, missing: sizesNotInStyle(options, style) }))
    .filter((note) => note.missing.length > 0);
  const sizeNotesId = `${fields.size.id}-notes`;
  const chosenStyle = typeof fields.style.value === "string" ? fields.style.value : undefined;
  const unavailable = new Set(chosenStyle ? sizesNotInStyle(options, chosenStyle) : []);

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6" aria-label={t("claimYourPrize")}>
      <FormErrors id={form.errorId} errors={errors(form.errors)} />

      {gift ? null : (
        <fieldset className="card space-y-5 p-5 sm:p-6">
          <legend className="sr-only">{t("yourChoices")}</legend>
          <h2 className="text-lg font-semibold">{t("yourChoices")}</h2>
          {options.sizes.length ? (
            <fieldset
              aria-describedby={
                [sizeNotes.length ? sizeNotesId : "", fields.size.errors ? fields.size.errorId : ""].filter(Boolean).join(" ") || undefined
              }
            >
              <legend className="label">{t("size")}</legend>
              <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
                {getCollectionProps(fields.size, { type: "radio", options: options.sizes }).map(({ key, ...props }) => (
                  <label
                    key={key}
                    className={`${chip} ${unavailable.has(props.value) ? "text-slate-500 line-through dark:text-slate-400" : ""}`}
                  >
                    <input {...props} className="sr-only" />
                    {props.value}
                  </label>
                ))}
              </div>
              {sizeNotes.length ? (
                <p id={sizeNotesId} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                  {sizeNotes
                    .map((note) => t("sizeNote", { style: label("style", note.style), sizes: listOf(note.missing, text) }))
                    .join(" ")}
                </p>
              ) : null}
              <FieldErrors id={fields.size.errorId} errors={errors(fields.size.errors)} />
            </fieldset>
          ) : null}
          {options.styles.length ? (
            <fieldset aria-describedby={fields.style.errors ? fields.style.errorId : undefined}>
              <legend className="label">{t("style")}</legend>
              <div className="grid grid-cols-2 gap-2">
                {getCollectionProps(fields.style, { type: "radio", options: options.styles }).map(({ key, ...props }) => (
                  <label key={key} className={chip}>
                    <input {...props} className="sr-only" />
                    {label("style", props.value)}
                  </label>
                ))}
              </div>
              <FieldErrors id={fields.style.errorId} errors={errors(fields.style.errors)} />
            </fieldset>
          ) : null}
          <fieldset aria-describedby={fields.color.errors ? fields.color.errorId : undefined}>
            <legend className="label">{t("colour")}</legend>
            <div className="grid grid-cols-3 gap-2">
              {getCollectionProps(fields.color, { type: "radio", options: options.colors.map((c) => c.key) }).map(({ key, ...props }) => {
                const color = options.colors.find((c) => c.key === props.value);
                const image = campaign.colorImages[props.value];
                return (
                  <label key={key} className={`${chip} flex-col p-2`}>
                    <input {...props} className="sr-only" />
                    {image ? (
                      <img
                        src={image}
                        alt=""
                        width={96}
                        height={96}
                        loading="lazy"
                        className="h-20 w-20 rounded-md bg-slate-100 object-contain dark:bg-slate-800"
                      />
                    ) : (
                      <span
                        aria-hidden="true"
                        className="h-8 w-8 rounded-full border border-slate-400"
                        style={{ backgroundColor: color?.hex ?? "#ffffff" }}
                      />
                    )}
                    {color?.name ?? props.value}
                  </label>
                );
              })}
            </div>
            <FieldErrors id={fields.color.errorId} errors={errors(fields.color.errors)} />
          </fieldset>
        </fieldset>
      )}

      {campaign.prize.needsAddress ? <AddressFields fields={fields} countries={options.countries} /> : null}

      {gift ? (
        <fieldset className="card space-y-4 p-5 sm:p-6">
          <legend className="sr-only">{t("noteFor", { brand: campaign.brandName })}</legend>
          <div>
            <label htmlFor={fields.claimNote.id} className="label">
              {t("noteForOptional", { brand: campaign.brandName })}
            </label>
            <textarea
              {...getTextareaProps(fields.claimNote, { ariaDescribedBy: `${fields.claimNote.id}-hint` })}
              rows={3}
              maxLength={CLAIM_NOTE_MAX}
              className="input"
            />
            <p id={`${fields.claimNote.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {t(campaign.prize.needsAddress ? "noteHintAddress" : "noteHintEmail")}
            </p>
            <FieldErrors id={fields.claimNote.errorId} errors={errors(fields.claimNote.errors)} />
          </div>
        </fieldset>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t(!gift ? "privacyMerch" : campaign.prize.needsAddress ? "privacyGiftAddress" : "privacyGiftEmail", {
            brand: campaign.brandName,
          })}
        </p>
        <button type="submit" className="btn-primary w-full whitespace-nowrap px-6 py-3 text-base sm:w-auto" disabled={busy}>
          {t(busy ? "submitting" : gift && !campaign.prize.needsAddress ? "confirmMyPrize" : "claimMyPrize")}
        </button>
      </div>
    </Form>
  );
}

/**
 * The address, Country first (decision 050): only the campaign's countries, and the region and
 * postal-code fields follow the chosen country (with JavaScript at once; without it the "Continue"
 * button re-renders the form for the country, and the server applies the country's rule anyway).
 */
function AddressFields({ fields, countries }: { fields: ReturnType<typeof useForm<ClaimValues>>[1]; countries: Country[] }) {
  const country = typeof fields.shipCountry.value === "string" ? fields.shipCountry.value : "";
  const rule = addressRule(country);
  const text = useClaimText();
  const { t, errors, label } = text;
  const optional = (name: string) => t("withOptional", { label: name });
  const region = label("label", rule.regionLabel);
  const postal = label("label", rule.postalLabel);
  return (
    <fieldset className="card space-y-4 p-5 sm:p-6">
      <legend className="sr-only">{t("shippingAddress")}</legend>
      <h2 className="text-lg font-semibold">{t("shippingAddress")}</h2>
      <div>
        <label htmlFor={fields.shipCountry.id} className="label">
          {t("country")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <select {...getSelectProps(fields.shipCountry)} autoComplete="shipping country" className="input" data-testid="claim-country">
            <option value="">{t("chooseCountry")}</option>
            {countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
          {/* Without JavaScript: re-renders the form with this country's address fields. */}
          <noscript
            dangerouslySetInnerHTML={{
              __html: `<button type="submit" name="intent" value="country" formnovalidate class="btn-secondary whitespace-nowrap">${escapeHtml(t("continue"))}</button>`,
            }}
          />
        </div>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {countries.length === 1 ? t("shipsToOne") : t("shipsToMany", { count: countries.length })}
        </p>
        <FieldErrors id={fields.shipCountry.errorId} errors={errors(fields.shipCountry.errors)} />
      </div>
      <TextInput meta={fields.shipName} label={t("fullName")} autoComplete="shipping name" maxLength={100} />
      <TextInput meta={fields.shipLine1} label={t("line1")} autoComplete="shipping address-line1" maxLength={120} />
      <TextInput meta={fields.shipLine2} label={t("line2")} autoComplete="shipping address-line2" maxLength={120} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput meta={fields.shipCity} label={t("city")} autoComplete="shipping address-level2" maxLength={80} />
        <TextInput
          meta={fields.shipRegion}
          label={rule.regionRequired ? region : optional(region)}
          autoComplete="shipping address-level1"
          maxLength={80}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {rule.postal === "none" ? null : (
          <TextInput
            meta={fields.shipPostalCode}
            label={rule.postal === "required" ? postal : optional(postal)}
            hint={rule.postalExample ? t("forExample", { example: exampleIn(rule.postalExample, text) }) : undefined}
            autoComplete="shipping postal-code"
            maxLength={12}
          />
        )}
        <TextInput
          meta={fields.shipPhone}
          label={t("phoneOptional")}
          type="tel"
          hint={t("phoneHint")}
          autoComplete="shipping tel"
          maxLength={24}
        />
      </div>
    </fieldset>
  );
}

/** "3XL", "2XL or 3XL", "XS, 2XL or 3XL". */
function listOf(values: string[], { t }: Pick<ClaimText, "t">): string {
  return values.length > 1 ? t("listOr", { first: values.slice(0, -1).join(", "), last: values.at(-1) ?? "" }) : (values[0] ?? "");
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function TextInput({
  meta,
  label,
  hint,
  type = "text",
  ...rest
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  type?: "text" | "tel";
  autoComplete?: string;
  maxLength?: number;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { errors } = useClaimText();
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <input {...getInputProps(meta, { type, ariaDescribedBy: hintId })} {...rest} className="input" />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={errors(meta.errors)} />
    </div>
  );
}

/** The claim page's heading: what to do and by when. */
export function ClaimHeader({
  options,
  deadline,
  winnerEmail,
  prize,
  campaign: { brandName, timeZone },
}: {
  options: ClaimOptions;
  deadline: string;
  winnerEmail: string;
  prize: ClaimSummary["prize"];
  /** The brand, and the campaign's zone the deadline is written in, with its name (decision 096). */
  campaign: Pick<ClaimSummary, "brandName" | "timeZone">;
}) {
  const { t, rich, date } = useClaimText();
  const what =
    prize.kind === "merch"
      ? t("chooseMerch", { choices: t(options.productType === "mug" ? "choicesMug" : "choicesGarment") })
      : t(prize.needsAddress ? "giftAddress" : "giftConfirm", { brand: brandName });
  return (
    <header className="mb-6 sm:mb-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
        {t(prize.rank === 2 ? "youWon2" : prize.rank === 3 ? "youWon3" : "youWon")}
      </p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{t("claimYourPrize")}</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        {rich("congratulations", { what, deadline: <time dateTime={deadline}>{date(deadline, timeZone)}</time> })}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {rich("winnerIs", { email: <span className="[overflow-wrap:anywhere]">{winnerEmail}</span> })}
      </p>
    </header>
  );
}
