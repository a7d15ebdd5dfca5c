import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { OBJECTION_INTENT, OBJECTION_MESSAGE_MAX, ObjectionSchema } from "~/domain/redraw-objection";
import { FieldErrors, FormErrors } from "../ui/field";
import { useClaimText } from "./claim-text";

/**
 * A replaced winner's "I did claim this prize" (decision 105), under the "Prize redrawn" notice:
 * a plain POST form to the claim page itself (it works without JavaScript), sent once per pick;
 * once sent, when it was.
 */
export function RedrawObjectionSection({
  objection,
  timeZone,
  lastResult,
  already,
}: {
  objection: { sentAt: string | null };
  timeZone: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  already: boolean;
}) {
  const { t, date, errors } = useClaimText();
  const [form, fields] = useForm({
    id: "redraw-objection",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ObjectionSchema }),
  });
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === OBJECTION_INTENT;
  const hintId = `${fields.message.id}-hint`;
  return (
    <section
      aria-labelledby="redraw-objection-heading"
      className="card mx-auto mb-12 max-w-xl space-y-3 p-5 sm:p-6"
      data-testid="redraw-objection"
    >
      <h2 id="redraw-objection-heading" className="text-lg font-semibold">
        {t("objectionHeading")}
      </h2>
      {objection.sentAt ? (
        <>
          {already ? (
            <p role="status" className="text-sm font-medium" data-testid="redraw-objection-already">
              {t("objectionAlready")}
            </p>
          ) : null}
          <p className="text-slate-700 dark:text-slate-300" data-testid="redraw-objection-sent">
            {t("objectionSentText", { date: date(objection.sentAt, timeZone) })}
          </p>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("objectionText")}</p>
          <Form method="post" {...getFormProps(form)} className="space-y-2">
            <input type="hidden" name="intent" value={OBJECTION_INTENT} />
            <FormErrors id={form.errorId} errors={errors(form.errors)} />
            <label htmlFor={fields.message.id} className="label">
              {t("objectionLabel")}
            </label>
            <textarea
              {...getTextareaProps(fields.message, { ariaDescribedBy: hintId })}
              maxLength={OBJECTION_MESSAGE_MAX}
              rows={5}
              className="input w-full"
            />
            <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
              {t("objectionHint", { max: OBJECTION_MESSAGE_MAX })}
            </p>
            <FieldErrors id={fields.message.errorId} errors={errors(fields.message.errors)} />
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending}>
              {t(sending ? "objectionSending" : "objectionSend")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
