import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { SectionCard } from "~/components/admin/admin-page";
import { CheckboxField, InputField, SubmitButton, TextAreaField } from "~/components/ui/form-fields";
import { ActionToast } from "~/components/ui/action-toast";
import { FormErrors } from "~/components/ui/field";
import { PlatformSettingsSchema, SETTINGS_LIMITS } from "~/domain/platform-settings";
import { readForm } from "~/server/core/forms.server";
import { answer, refuse } from "~/server/admin/responses.server";
import { savePlatformSettings } from "~/server/admin/settings.server";
import { loadPlatformSettings } from "~/server/core/settings.server";
import { recentRetentionRuns } from "~/server/data-rights/retention.server";
import { RETENTION_DAYS_LIMITS } from "~/domain/data-rights";
import type { Route } from "./+types/admin.dashboard.settings";

export const meta = () => [{ title: "Settings · Admin · Giveawear" }];

export async function loader() {
  const [settings, retentionRuns] = await Promise.all([loadPlatformSettings(), recentRetentionRuns()]);
  return { settings, retentionRuns };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: PlatformSettingsSchema });
  if (submission.status !== "success") {
    return refuse(400, "Settings Not Saved", "Please correct the errors below.", { result: submission.reply() });
  }
  await savePlatformSettings(submission.value);
  return answer("/admin/dashboard/settings", { type: "success", title: "Settings Saved" });
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "platform-settings",
    lastResult: actionData?.result,
    defaultValue: {
      homepageCopy: loaderData.settings.homepageCopy,
      promoBanner: loaderData.settings.promoBanner,
      referralsEnabled: loaderData.settings.referralsEnabled ? "on" : undefined,
      autoPickWinnerEnabled: loaderData.settings.autoPickWinnerEnabled ? "on" : undefined,
      entrantDataRetentionDays: String(loaderData.settings.entrantDataRetentionDays),
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PlatformSettingsSchema }),
  });
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <SectionCard id="platform" title="Platform settings" description="Saved for the whole platform and used from the next request on.">
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextAreaField
            meta={fields.homepageCopy}
            label="Homepage copy"
            rows={3}
            maxLength={SETTINGS_LIMITS.homepageCopy}
            hint="The short pitch under the landing page headline."
          />
          <InputField
            meta={fields.promoBanner}
            label="Promo banner"
            maxLength={SETTINGS_LIMITS.promoBanner}
            hint="A one-line announcement; leave it empty for none."
          />
          <fieldset className="space-y-4">
            <legend className="label">Features</legend>
            <CheckboxField
              meta={fields.referralsEnabled}
              label="Referral bonus entries"
              hint="When on, an entrant earns 3 bonus entries for every new entrant who enters through their link. When off, referral links still lead to the giveaway but earn nothing."
            />
            <CheckboxField
              meta={fields.autoPickWinnerEnabled}
              label="Pick winners automatically"
              hint="When on, winners are drawn as soon as a giveaway ends. When off, each creator draws from the campaign's analytics page."
            />
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="label">Entrants' data</legend>
            <InputField
              meta={fields.entrantDataRetentionDays}
              label="Retention after fulfilment (days)"
              type="number"
              inputMode="numeric"
              min={RETENTION_DAYS_LIMITS.min}
              max={RETENTION_DAYS_LIMITS.max}
              required
              hint="This many days after a giveaway is fulfilled (every prize shipped, delivered or cancelled, or its claim window over), the jobs erase the personal data of its entrants who did not consent to marketing or withdrew it. Entrants who consent stay on the brand's list until they withdraw or erase their data."
            />
          </fieldset>
          <SubmitButton busy={navigation.state === "submitting" && navigation.formAction === "/admin/dashboard/settings"}>
            Save settings
          </SubmitButton>
        </Form>
      </SectionCard>
      <div className="mt-6">
        <RetentionLog runs={loaderData.retentionRuns} />
      </div>
    </>
  );
}

/** What the retention job erased lately (decision 054): one line per pass and campaign. */
function RetentionLog({ runs }: { runs: Route.ComponentProps["loaderData"]["retentionRuns"] }) {
  return (
    <SectionCard
      id="retention-log"
      title="Data retention log"
      description="What the jobs erased lately, newest first: entrants without marketing consent, and delivery-only data cleared."
    >
      {runs.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Nothing has been erased by the retention job yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="retention-log">
          {runs.map((run) => (
            <li key={run.id} className="py-2">
              <span className="font-medium">{run.campaignTitle ?? `Deleted campaign ${run.campaignId}`}</span>: {run.erased}{" "}
              {run.erased === 1 ? "entrant" : "entrants"} erased, {run.minimised} entries and orders cleared of delivery-only data
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                <time dateTime={run.at}>{run.at.slice(0, 16).replace("T", " ")} UTC</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
