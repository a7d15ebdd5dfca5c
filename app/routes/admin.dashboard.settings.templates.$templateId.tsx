import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useLocation } from "react-router";
import { LoadError, SectionCard } from "~/components/admin/admin-page";
import { TemplateEditor } from "~/components/admin/template-editor";
import { ActionToast } from "~/components/ui/action-toast";
import { ADMIN_LOAD_ERRORS } from "~/domain/admin-load-errors";
import { TemplateSchema } from "~/domain/templates";
import { readForm } from "~/server/core/forms.server";
import { answer, refuse } from "~/server/admin/responses.server";
import { findTemplate, saveTemplate } from "~/server/admin/templates.server";
import type { Route } from "./+types/admin.dashboard.settings.templates.$templateId";
import { log } from "~/server/core/log.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.template?.name ?? "Email template"} · Admin · Giveawear` },
];

const LIST = "/admin/dashboard/settings/templates";
const NOT_FOUND = { title: "Template Not Found", description: "That email template does not exist." } as const;

export async function loader({ params }: Route.LoaderArgs) {
  let template: Awaited<ReturnType<typeof findTemplate>>;
  try {
    template = await findTemplate(params.templateId);
  } catch (error) {
    log.error({ err: error }, "admin: loading an email template failed");
    return { template: null, loadError: ADMIN_LOAD_ERRORS.templates, notFound: false };
  }
  if (!template) return data({ template: null, loadError: null, notFound: true }, { status: 404 });
  return { template, loadError: null, notFound: false };
}

function notFound() {
  return refuse(404, NOT_FOUND.title, NOT_FOUND.description, { result: undefined, posted: null });
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!(await findTemplate(params.templateId))) return notFound();
  const submission = parseWithZod(formData, { schema: TemplateSchema });
  if (submission.status !== "success") {
    return refuse(400, "Template Not Saved", "Please correct the errors below.", { result: submission.reply(), posted: null });
  }
  if (formData.get("intent") === "preview") {
    return { result: undefined, posted: submission.value, toast: null };
  }
  if (!(await saveTemplate(params.templateId, submission.value))) return notFound();
  return answer(`${LIST}/${params.templateId}`, {
    type: "success",
    title: "Template Saved",
    description: "The next email sent from it uses this version.",
  });
}

export default function AdminTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { template } = loaderData;
  // A save redirects here (a new location): the editor starts again from what was stored.
  const location = useLocation();
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <p className="mb-4 text-sm">
        <Link to={LIST} className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
          ← All email templates
        </Link>
      </p>
      {loaderData.notFound ? (
        <p className="card p-6 text-slate-700 dark:text-slate-300" role="alert">
          {NOT_FOUND.description}
        </p>
      ) : template ? (
        <SectionCard id="template" title={`Edit “${template.name}”`} description={`Template id: ${template.id}`}>
          <TemplateEditor
            key={location.key}
            template={template}
            lastResult={actionData?.result as never}
            posted={actionData?.posted ?? null}
          />
        </SectionCard>
      ) : (
        <LoadError message={loaderData.loadError ?? ADMIN_LOAD_ERRORS.templates} />
      )}
    </>
  );
}
