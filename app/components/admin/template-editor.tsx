import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  currentTokenName,
  fillTemplate,
  formerNamesOf,
  SAMPLE_TOKENS,
  TEMPLATE_LIMITS,
  TemplateSchema,
  tokensIn,
} from "~/domain/templates";
import { FormErrors } from "../ui/field";
import { Badge } from "./admin-page";
import { InputField, SubmitButton, TextAreaField } from "../ui/form-fields";

export interface EditableTemplate {
  id: string;
  name: string;
  subject: string;
  htmlBody: string;
  /** Tokens the sending code fills for this email. */
  tokens: string[];
}

/** Sample values for the tokens this email fills; the others come out empty, as in a real message. */
function sampleFor(tokens: readonly string[]): Record<string, string> {
  if (tokens.length === 0) return SAMPLE_TOKENS;
  return Object.fromEntries(tokens.map((token) => [token, SAMPLE_TOKENS[token] ?? `[${token}]`]));
}

export function renderPreview(template: Pick<EditableTemplate, "tokens">, subject: string, htmlBody: string) {
  const sample = sampleFor(template.tokens);
  return { subject: fillTemplate(subject, sample, false), html: fillTemplate(htmlBody, sample) };
}

export function TemplateEditor({
  template,
  lastResult,
  posted,
}: {
  template: EditableTemplate;
  lastResult: SubmissionResult<string[]> | undefined;
  /** What was last posted for a preview without JavaScript (unsaved). */
  posted: { subject: string; htmlBody: string } | null;
}) {
  const navigation = useNavigation();
  const [subject, setSubject] = useState(posted?.subject ?? template.subject);
  const [htmlBody, setHtmlBody] = useState(posted?.htmlBody ?? template.htmlBody);
  const [form, fields] = useForm({
    id: `template-${template.id}`,
    lastResult,
    defaultValue: { subject: posted?.subject ?? template.subject, htmlBody: posted?.htmlBody ?? template.htmlBody },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TemplateSchema }),
  });
  const preview = renderPreview(template, subject, htmlBody);
  const unknown = tokensIn(subject, htmlBody).filter(
    (token) => template.tokens.length > 0 && !template.tokens.includes(currentTokenName(token)),
  );
  const renamed = template.tokens.flatMap((token) => formerNamesOf(token).map((former) => ({ former, token })));
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div onInput={(event) => event.target instanceof HTMLInputElement && setSubject(event.target.value)}>
          <InputField meta={fields.subject} label="Subject" maxLength={TEMPLATE_LIMITS.subject} />
        </div>
        <TextAreaField meta={fields.htmlBody} label="HTML body" rows={18} mono onInput={setHtmlBody} />
        {unknown.length > 0 ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            This email does not fill {unknown.map((token) => `{{${token}}}`).join(", ")}: {unknown.length === 1 ? "it comes" : "they come"}{" "}
            out empty.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={intent === "save"} name="intent" value="save">
            Save template
          </SubmitButton>
          <SubmitButton busy={intent === "preview"} name="intent" value="preview" className="btn-secondary" busyText="Updating...">
            Update preview
          </SubmitButton>
        </div>
      </Form>

      <div className="space-y-4">
        <section aria-labelledby="preview-title">
          <h3 id="preview-title" className="label">
            Preview with sample values
          </h3>
          <p className="rounded-t-lg border border-b-0 border-slate-200 bg-slate-50 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-800">
            <span className="font-semibold">Subject:</span> <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          {/* No scripts, forms or same-origin access: whatever the HTML holds stays inside the frame. */}
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={preview.html}
            className="h-[28rem] w-full rounded-b-lg border border-slate-200 bg-white dark:border-slate-700"
          />
        </section>
        <section aria-labelledby="tokens-title">
          <h3 id="tokens-title" className="label">
            Tokens this email fills
          </h3>
          {template.tokens.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">This template is not sent by the platform yet.</p>
          ) : (
            <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
              {template.tokens.map((token) => (
                <div key={token} className="contents">
                  <dt>
                    <Badge>{`{{${token}}}`}</Badge>
                  </dt>
                  <dd className="break-all text-slate-700 dark:text-slate-300">{SAMPLE_TOKENS[token] ?? "—"}</dd>
                </div>
              ))}
            </dl>
          )}
          {renamed.length > 0 ? (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              Earlier names still work: {renamed.map(({ former, token }) => `{{${former}}} (now {{${token}}})`).join(", ")}.
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
