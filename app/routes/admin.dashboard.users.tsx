import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { adminPage, Badge, LoadError, Pager } from "~/components/admin/admin-page";
import { ActionToast } from "~/components/ui/action-toast";
import { useSubmitting } from "~/components/ui/use-submitting";
import { ADMIN_LOAD_ERRORS } from "~/domain/admin-load-errors";
import { pageFrom } from "~/domain/pagination";
import { ROLE_LABELS, RoleChangeSchema, roleChangeProblem, STORED_ROLES } from "~/domain/roles";
import { readForm } from "~/server/core/forms.server";
import { answer, refuse, thisPage } from "~/server/admin/responses.server";
import { type AdminUserRow, listUsers, sendSignInCode, setStoredRole } from "~/server/admin/users.server";
import { clientIp } from "~/server/core/request.server";
import { currentAdmin } from "~/server/auth/admin-guard.server";
import type { Route } from "./+types/admin.dashboard.users";
import { href } from "~/paths";
import { log } from "~/server/core/log.server";

export const meta = () => [{ title: "Users · Admin · Giveawear" }];

export const handle = adminPage({
  title: "Users",
  intro: (
    <>
      Search accounts, set their stored role and send them a sign-in code. Addresses listed in <code>ADMIN_EMAILS</code> or{" "}
      <code>EDITOR_EMAILS</code> keep their configured role whatever is stored here, and you cannot remove your own admin role.
    </>
  ),
});

const MAX_QUERY = 100;
const USER_MISSING = "That user no longer exists.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = currentAdmin(context);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const requested = pageFrom(url.searchParams.get("page"), Number.MAX_SAFE_INTEGER);
  try {
    return { query, adminId: admin.id, ...(await listUsers(query, requested)), loadError: null };
  } catch (error) {
    log.error({ err: error }, "admin: listing users failed");
    return { query, adminId: admin.id, users: [] as AdminUserRow[], total: 0, page: 1, pages: 1, loadError: ADMIN_LOAD_ERRORS.users };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const back = thisPage(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "set-role") {
    const submission = parseWithZod(formData, { schema: RoleChangeSchema });
    if (submission.status !== "success") {
      const errors = submission.error ?? {};
      return refuse(400, "Role Not Saved", errors.role?.[0] ?? errors.userId?.[0] ?? "Choose user, editor or admin.");
    }
    const { userId, role } = submission.value;
    const problem = roleChangeProblem(admin.id, userId, role);
    if (problem) return refuse(409, "Role Not Saved", problem);
    const user = await setStoredRole(userId, role);
    if (!user) return refuse(404, "Role Not Saved", USER_MISSING);
    return answer(back, {
      type: "success",
      title: "Role Saved",
      description: `${user.email} now has the stored role ${ROLE_LABELS[role]}.`,
    });
  }

  if (intent === "send-code") {
    const userId = formData.get("userId");
    if (typeof userId !== "string" || !userId) return refuse(400, "Code Not Sent", "Choose a user.");
    const outcome = await sendSignInCode(userId, clientIp(request));
    switch (outcome.kind) {
      case "sent":
        return answer(back, {
          type: "success",
          title: "Sign-in Code Sent",
          description: `A sign-in code has been sent to ${outcome.email}.`,
        });
      case "limited":
        return refuse(
          429,
          "Code Not Sent",
          `Too many sign-in codes were requested for ${outcome.email}. Please wait 15 minutes and try again.`,
        );
      case "failed":
        return refuse(503, "Code Not Sent", "Could not send OTP. Please try again.");
      default:
        return refuse(404, "Code Not Sent", USER_MISSING);
    }
  }

  return refuse(400, "Unknown Action", "Nothing was changed.");
}

function pageHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/dashboard/users${search ? `?${search}` : ""}`;
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, query, page, pages, total, adminId, loadError } = loaderData;
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="user-search" className="label">
            Search by email or name
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={MAX_QUERY}
            className="input"
            placeholder="jamie@example.com"
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">
            Search
          </button>
          {query ? (
            <Link to={href("/admin/dashboard/users")} className="btn-secondary">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      <div className="mt-6">
        {loadError ? (
          <LoadError message={loadError} />
        ) : users.length === 0 ? (
          <p className="card p-6 text-slate-700 dark:text-slate-300">{query ? `No users match “${query}”.` : "No users yet."}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
              {total.toLocaleString("en-US")} {total === 1 ? "user" : "users"}
              {query ? ` matching “${query}”` : ""}
              {pages > 1 ? ` · page ${page} of ${pages}` : ""}
            </p>
            <ul className="card divide-y divide-slate-200 dark:divide-slate-800" aria-label="Users">
              {users.map((user) => (
                <UserRow key={user.id} user={user} isSelf={user.id === adminId} />
              ))}
            </ul>
            {pages > 1 ? <Pager page={page} pages={pages} href={(target) => pageHref(query, target)} /> : null}
          </>
        )}
      </div>
    </>
  );
}

function UserRow({ user, isSelf }: { user: AdminUserRow; isSelf: boolean }) {
  const submitting = useSubmitting();
  const busy = (intent: string) => submitting({ userId: user.id, intent });
  const roleId = `role-${user.id}`;
  return (
    <li
      className="grid gap-4 p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_auto_auto] lg:items-center"
      data-testid="user-row"
      data-email={user.email}
    >
      <div className="min-w-0">
        <p className="font-semibold break-all">{user.email}</p>
        <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
          {user.name || "No name"} · joined {user.createdAt.slice(0, 10)} · {user.campaigns}{" "}
          {user.campaigns === 1 ? "campaign" : "campaigns"}
        </p>
        <p className="mt-1.5 flex flex-wrap items-center gap-2 text-xs">
          <span data-testid="effective-role">
            <Badge tone={user.role === "admin" ? "brand" : user.role === "editor" ? "warn" : "neutral"}>{ROLE_LABELS[user.role]}</Badge>
          </span>
          {user.configuredRole ? (
            <span className="text-slate-700 dark:text-slate-300">
              {ROLE_LABELS[user.configuredRole]} through {user.configuredRole === "admin" ? "ADMIN_EMAILS" : "EDITOR_EMAILS"}
            </span>
          ) : null}
          {isSelf ? <Badge tone="good">You</Badge> : null}
        </p>
      </div>

      {isSelf ? (
        <p className="text-sm text-slate-700 lg:w-64 dark:text-slate-300">Your own admin role cannot be removed here.</p>
      ) : (
        <Form method="post" className="flex items-end gap-2 lg:w-64">
          <input type="hidden" name="intent" value="set-role" />
          <input type="hidden" name="userId" value={user.id} />
          <div className="flex-1">
            <label htmlFor={roleId} className="label">
              Stored role
            </label>
            <select id={roleId} name="role" defaultValue={user.storedRole} className="input py-2">
              {STORED_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary" disabled={busy("set-role")}>
            {busy("set-role") ? "Saving..." : "Save role"}
          </button>
        </Form>
      )}

      <Form method="post">
        <input type="hidden" name="intent" value="send-code" />
        <input type="hidden" name="userId" value={user.id} />
        <button type="submit" className="btn-secondary w-full lg:w-auto" disabled={busy("send-code")}>
          {busy("send-code") ? "Sending..." : "Send sign-in code"}
        </button>
      </Form>
    </li>
  );
}
