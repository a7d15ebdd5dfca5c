import { data, redirect } from "react-router";
import { safeRedirectPath } from "~/domain/redirect";
import { readForm } from "~/server/core/forms.server";
import { refusedPost, withShownQuery } from "~/server/core/origin.server";
import { ThemeSchema, themeSetCookie } from "~/server/core/theme.server";
import type { Route } from "./+types/theme";
import { href } from "~/paths";

export const loader = () => redirect(href("/start"));

export async function action({ request }: Route.ActionArgs) {
  const refused = refusedPost(request);
  if (refused) return refused;
  const formData = await readForm(request);
  const theme = ThemeSchema.safeParse(formData.get("theme"));
  if (!theme.success) return data({ error: "Choose light or dark." }, { status: 400 });
  const headers = { "Set-Cookie": await themeSetCookie(theme.data) };
  if (formData.get("respond") === "data") return data({ theme: theme.data }, { headers });
  const back = withShownQuery(request, safeRedirectPath(formData.get("redirectTo"), "/start"));
  return redirect(safeRedirectPath(back, "/start"), { headers });
}
