import { Link } from "react-router";
import { LoadError, SectionCard } from "~/components/admin/admin-page";
import { ADMIN_LOAD_ERRORS } from "~/domain/admin-load-errors";
import { emailTemplatePath } from "~/paths";
import { listTemplates } from "~/server/admin/templates.server";
import type { Route } from "./+types/admin.dashboard.settings.templates";
import { log } from "~/server/core/log.server";

export const meta = () => [{ title: "Email templates · Admin · Giveawear" }];

export async function loader() {
  try {
    return { templates: await listTemplates(), loadError: null };
  } catch (error) {
    log.error({ err: error }, "admin: listing email templates failed");
    return { templates: [], loadError: ADMIN_LOAD_ERRORS.templates };
  }
}

export default function AdminTemplates({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionCard
        id="templates"
        title="Email templates"
        description="Every email the platform sends comes from one of these. Tokens such as {{campaign_title}} are filled in (and HTML-escaped) when a message is sent."
      >
        {loaderData.loadError ? (
          <LoadError message={loaderData.loadError} />
        ) : loaderData.templates.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">No templates yet: restart the server to seed them.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {loaderData.templates.map((template) => (
              <li key={template.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold">{template.name}</p>
                  <p className="text-sm break-words text-slate-700 dark:text-slate-300">
                    Subject: <span className="font-mono text-xs">{template.subject}</span>
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Updated {template.updatedAt.slice(0, 16).replace("T", " ")} UTC
                  </p>
                </div>
                <Link to={emailTemplatePath(template.id)} className="btn-secondary shrink-0" aria-label={`Edit ${template.name}`}>
                  Edit
                </Link>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </>
  );
}
