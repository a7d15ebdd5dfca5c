import { parseWithZod } from "@conform-to/zod/v4";
import { getFormProps, useForm, getInputProps } from "@conform-to/react";
import { useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import { earliestStartDateInput, latestStartDateInput } from "~/domain/campaign-dates";
import { campaignWindow, DEFAULT_TIME_ZONE, formatZonedDateTime } from "~/domain/campaign-time-zone";
import {
  DURATIONS,
  entryRulesSchema,
  MAX_ADDITIONAL_PRIZES,
  MAX_ENTRANT_AGE,
  MIN_ENTRANT_AGE,
  productNoun,
} from "~/domain/campaign-schemas";
import { FieldErrors, FormErrors } from "../ui/field";
import { ChoiceChip, ImageField, InputField, TextAreaField, Toggle } from "../ui/form-fields";
import { HiddenStepFields, Section, StepHeading } from "./step-layout";
import { ShipCountriesField } from "./ship-countries-field";
import { EntrantLanguageField } from "./entrant-language-field";
import { approximateRetailValue, approximateRetailValueCents } from "~/domain/prize-values";
import { ContinueButton, stepFormOptions, type StepProps } from "./step-campaign-info";
import { StepActions } from "./wizard-shell";
import { href } from "~/paths";
import { MAX_REFERRAL_CAP, REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import type { SubmissionResult } from "@conform-to/react";
import type { CreatorActionsView } from "~/domain/entry-action-forms";
import { EntryActionsForms, EntryActionsSection } from "../entry-actions/entry-actions-section";

export function EntryRulesStep(
  props: StepProps & {
    today: string;
    signedIn: boolean;
    /** The entry actions section (decision 076); its forms post on their own. */
    entryActions: CreatorActionsView | null;
    actionResult: SubmissionResult<string[]> | null | undefined;
    /** False until the creator has saved dates: the browser's zone then replaces the suggested one (decision 095). */
    timeZoneChosen: boolean;
    timeZones: readonly string[];
  },
) {
  const today = useMemo(() => new Date(props.today), [props.today]);
  const schema = useMemo(() => entryRulesSchema({ today }), [today]);
  const [form, fields] = useForm({
    ...stepFormOptions("entry-rules", props),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema }),
  });
  const [start, setStart] = useState<string>((fields.startDate.initialValue as string | undefined) ?? "");
  const [duration, setDuration] = useState<string>((fields.durationDays.initialValue as string | undefined) ?? "7");
  const [zone, setZone] = useState<string>((fields.timeZone.initialValue as string | undefined) || DEFAULT_TIME_ZONE);
  const { timeZoneChosen, timeZones } = props;
  useEffect(() => {
    // With JavaScript, a campaign without saved dates, by a creator with no earlier choice, starts in
    // the browser's zone (decision 096: the creator's last choice comes first).
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZoneChosen && timeZones.includes(browserZone)) setZone(browserZone);
  }, [timeZoneChosen, timeZones]);
  const dates = campaignWindow(start, Number(duration) || 7, timeZones.includes(zone) ? zone : DEFAULT_TIME_ZONE);
  const prizes = fields.additionalPrizes.getFieldList();
  const checked = (value: unknown) => value === "on" || value === true;
  const actionsHidden = { step: "4", ...(props.duplicateId ? { duplicateId: props.duplicateId } : {}) };

  return (
    <>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
        <HiddenStepFields step={4} duplicateId={props.duplicateId} />
        <StepHeading text="When it runs, who may enter, and what else winners and entrants get.">
          Step 4: Entry Rules &amp; Rewards
        </StepHeading>
        <FormErrors id={form.errorId} errors={form.errors} />

        <Section title="Giveaway Timing & Duration">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={fields.startDate.id} className="label">
                Start date
              </label>
              <input
                {...getInputProps(fields.startDate, { type: "date" })}
                min={earliestStartDateInput(today)}
                max={latestStartDateInput(today)}
                onChange={(event) => setStart(event.currentTarget.value)}
                className="input"
              />
              <FieldErrors id={fields.startDate.errorId} errors={fields.startDate.errors} />
            </div>
            <fieldset>
              <legend className="label">Duration</legend>
              <div className="grid grid-cols-4 gap-2">
                {DURATIONS.map((days) => (
                  <ChoiceChip
                    key={days}
                    type="radio"
                    name={fields.durationDays.name}
                    value={String(days)}
                    defaultChecked={String(fields.durationDays.initialValue ?? "7") === String(days)}
                    onChange={setDuration}
                    hideInput
                    className="justify-center px-2 py-2.5"
                  >
                    {days} days
                  </ChoiceChip>
                ))}
              </div>
              <FieldErrors id={fields.durationDays.errorId} errors={fields.durationDays.errors} />
            </fieldset>
          </div>
          <div>
            <label htmlFor={fields.timeZone.id} className="label">
              Time zone
            </label>
            <select
              id={fields.timeZone.id}
              name={fields.timeZone.name}
              value={zone}
              onChange={(event) => setZone(event.currentTarget.value)}
              aria-invalid={fields.timeZone.errors ? true : undefined}
              aria-describedby={
                fields.timeZone.errors ? `${fields.timeZone.id}-hint ${fields.timeZone.errorId}` : `${fields.timeZone.id}-hint`
              }
              className="input"
              data-testid="time-zone"
            >
              {timeZones.includes(zone) ? null : <option value={zone}>{zone}</option>}
              {timeZones.map((name) => (
                <option key={name} value={name}>
                  {name.replace(/_/g, " ")}
                </option>
              ))}
            </select>
            <p id={`${fields.timeZone.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              The giveaway starts at 00:00 on the start date and ends at 23:59 on its last day, on this zone&apos;s clocks.
            </p>
            <FieldErrors id={fields.timeZone.errorId} errors={fields.timeZone.errors} />
          </div>
          <EntrantLanguageField language={fields.language} otherLanguages={fields.otherLanguages} />
          <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="campaign-window">
            {dates ? (
              <>
                Starts <strong>{formatZonedDateTime(dates.start, zone)}</strong>; ends{" "}
                <strong>{formatZonedDateTime(dates.end, zone)}</strong>.
              </>
            ) : (
              "Pick a start date to see when the giveaway ends."
            )}
          </p>
        </Section>

        <Section title="Entry settings">
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name={fields.termsAccepted.name}
              defaultChecked={checked(fields.termsAccepted.initialValue)}
              aria-describedby={fields.termsAccepted.errorId}
              className="mt-1 h-5 w-5 accent-brand-700"
            />
            <span>
              I accept the{" "}
              <a href={href("/terms")} target="_blank" rel="noopener" className="font-medium text-brand-700 underline dark:text-brand-300">
                giveaway terms and conditions
              </a>{" "}
              (18+, no purchase necessary, winner drawn at random).
            </span>
          </label>
          <FieldErrors id={fields.termsAccepted.errorId} errors={fields.termsAccepted.errors} />
          <label className="flex items-center gap-3">
            <input
              type="checkbox"
              name={fields.limitOneEntryPerPerson.name}
              defaultChecked={checked(fields.limitOneEntryPerPerson.initialValue)}
              className="h-5 w-5 accent-brand-700"
            />
            One entry per person
          </label>
          <InputField
            meta={fields.referralCap}
            label="Most friends per entrant who earn bonus entries (optional)"
            hint={`Each friend who enters through an entrant's link and confirms gives them ${REFERRAL_BONUS_ENTRIES} bonus entries. Leave empty for no limit; the official rules state the limit, and it is fixed at launch.`}
            type="number"
            min={1}
            max={MAX_REFERRAL_CAP}
            step="1"
            inputMode="numeric"
          />
          <label className="flex items-center gap-3">
            <input
              type="checkbox"
              name={fields.sendReminder.name}
              defaultChecked={checked(fields.sendReminder.initialValue)}
              className="h-5 w-5 accent-brand-700"
            />
            Email entrants a reminder 48 hours before the giveaway ends
          </label>
        </Section>

        {props.entryActions ? (
          <Section title="Entry actions">
            <EntryActionsSection view={props.entryActions} result={props.actionResult} hidden={actionsHidden} live={false} />
          </Section>
        ) : null}

        <Section title="Official rules">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The official rules name the sponsor, who may enter and what each prize is worth. Launch needs all of these; they are fixed at
            launch.
          </p>
          <InputField
            meta={fields.sponsorLegalName}
            label="Sponsor's legal name"
            hint="The company or person running the giveaway, as registered (e.g., Acme Apparel LLC)."
            maxLength={100}
            autoComplete="organization"
          />
          <TextAreaField meta={fields.sponsorAddress} label="Sponsor's postal address" rows={3} maxLength={300} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={fields.minimumAge.id} className="label">
                Minimum age of entrants
              </label>
              <input
                id={fields.minimumAge.id}
                name={fields.minimumAge.name}
                type="number"
                min={MIN_ENTRANT_AGE}
                max={MAX_ENTRANT_AGE}
                step={1}
                defaultValue={String(fields.minimumAge.initialValue ?? MIN_ENTRANT_AGE)}
                aria-invalid={fields.minimumAge.errors ? true : undefined}
                aria-describedby={
                  fields.minimumAge.errors ? `${fields.minimumAge.id}-hint ${fields.minimumAge.errorId}` : `${fields.minimumAge.id}-hint`
                }
                className="input"
              />
              <p id={`${fields.minimumAge.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                18 or older (up to 99).
              </p>
              <FieldErrors id={fields.minimumAge.errorId} errors={fields.minimumAge.errors} />
            </div>
            <InputField
              meta={fields.prizeValue}
              label="Grand prize: approximate retail value (US$)"
              hint={`Whole dollars, what the prize sells for in a shop (a printed ${productNoun(props.values.productType)} typically ${approximateRetailValue(props.values.productType)}).`}
              placeholder={String(approximateRetailValueCents(props.values.productType) / 100)}
              inputMode="numeric"
              maxLength={9}
            />
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Who may enter: residents of the countries the prize ships to (below), aged at least the minimum age.
          </p>
        </Section>

        <Section title="Shipping">
          <ShipCountriesField
            scope={fields.shipScope.initialValue as string | undefined}
            chosen={[fields.shipCountries.initialValue ?? []].flat().filter((code): code is string => typeof code === "string")}
            errorId={fields.shipCountries.errorId}
            errors={fields.shipCountries.errors}
          />
        </Section>

        <Section title="Optional Rewards">
          <Toggle
            name={fields.giveCouponToEntrants.name}
            label="Give every entrant a coupon"
            defaultChecked={checked(fields.giveCouponToEntrants.initialValue)}
          >
            <InputField meta={fields.entrantCouponCode} label="Coupon code" placeholder="THANKYOU15" />
            <InputField meta={fields.entrantCouponDescription} label="Coupon description" placeholder="15% off your next order" />
          </Toggle>
          <Toggle
            name={fields.giveBonusGiftToWinner.name}
            label="Give the winner a bonus gift"
            defaultChecked={checked(fields.giveBonusGiftToWinner.initialValue)}
          >
            <InputField meta={fields.winnerBonusGiftName} label="Bonus gift name" />
            <InputField meta={fields.winnerBonusGiftCode} label="Gift code (optional)" />
            <TextAreaField meta={fields.winnerBonusGiftInstructions} label="How to redeem (optional)" rows={3} />
            <ImageField
              name="winnerBonusGiftImageFile"
              label="Gift image"
              limitMb={2}
              currentUrl={props.values.winnerBonusGiftImageUrl}
              signedIn={props.signedIn}
            />
          </Toggle>

          <div className="space-y-4">
            <h3 className="font-medium">Additional prizes</h3>
            {prizes.map((prize, index) => {
              const prizeFields = prize.getFieldset();
              const rank = index + 2;
              return (
                <div key={prize.key} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                  <div className="mb-3 flex items-center justify-between">
                    <h4 className="font-semibold">{rank === 2 ? "2nd" : "3rd"} place</h4>
                    <button
                      {...form.remove.getButtonProps({ name: fields.additionalPrizes.name, index })}
                      className="btn-ghost text-red-700 dark:text-red-400"
                    >
                      Remove
                    </button>
                  </div>
                  <div className="space-y-4">
                    <InputField meta={prizeFields.title} label={`Prize title for tier ${rank}`} />
                    <InputField meta={prizeFields.code} label="Gift code (optional)" />
                    <InputField
                      meta={prizeFields.value}
                      label={`Tier ${rank}: approximate retail value (US$)`}
                      hint="Whole dollars; launch needs it for the official rules."
                      inputMode="numeric"
                      maxLength={9}
                    />
                    <fieldset>
                      <legend className="label">What the winner gets</legend>
                      <div className="space-y-2">
                        <label className="flex items-start gap-3">
                          <input
                            type="radio"
                            name={prizeFields.kind.name}
                            value="merch"
                            defaultChecked={prizeFields.kind.initialValue === "merch"}
                            className="mt-1 h-5 w-5 accent-brand-700"
                          />
                          <span>Another of this giveaway's printed product (printed and shipped like the grand prize)</span>
                        </label>
                        <label className="flex items-start gap-3">
                          <input
                            type="radio"
                            name={prizeFields.kind.name}
                            value="gift"
                            defaultChecked={prizeFields.kind.initialValue !== "merch"}
                            className="mt-1 h-5 w-5 accent-brand-700"
                          />
                          <span>Your own gift (gift card, product): you deliver it, and mark it delivered on the draw page</span>
                        </label>
                        <label className="ml-8 flex items-start gap-3 text-sm">
                          <input
                            type="checkbox"
                            name={prizeFields.needsAddress.name}
                            defaultChecked={checked(prizeFields.needsAddress.initialValue)}
                            className="mt-0.5 h-4 w-4 accent-brand-700"
                          />
                          <span>For a gift: ask the winner for a postal address (you post it)</span>
                        </label>
                      </div>
                    </fieldset>
                    <input
                      type="hidden"
                      name={`additionalPrizes[${index}].imageUrl`}
                      value={props.values.additionalPrizes[index]?.imageUrl ?? ""}
                    />
                    <ImageField
                      name={`additionalPrizes[${index}].imageFile`}
                      label="Prize image"
                      limitMb={2}
                      currentUrl={props.values.additionalPrizes[index]?.imageUrl || null}
                      signedIn={props.signedIn}
                    />
                  </div>
                </div>
              );
            })}
            {prizes.length < MAX_ADDITIONAL_PRIZES ? (
              <button
                {...form.insert.getButtonProps({
                  name: fields.additionalPrizes.name,
                  defaultValue: { title: "", code: "", kind: "gift", value: "" },
                })}
                className="btn-secondary"
              >
                Add {prizes.length === 0 ? "2nd" : "3rd"} place prize
              </button>
            ) : null}
            <FieldErrors id={fields.additionalPrizes.errorId} errors={fields.additionalPrizes.errors} />
          </div>
        </Section>

        <StepActions backHref={props.backHref}>
          <ContinueButton />
        </StepActions>
      </Form>
      {props.entryActions ? <EntryActionsForms view={props.entryActions} hidden={actionsHidden} /> : null}
    </>
  );
}
