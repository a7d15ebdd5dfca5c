import { createCookie } from "react-router";
import { z } from "zod";
import { getConfig } from "./config.server";

export const ThemeSchema = z.enum(["light", "dark"]);
export type Theme = z.infer<typeof ThemeSchema>;

// Not secret and not signed: it only picks colours. Secure in production, like every cookie of ours.
const themeCookie = () =>
  createCookie("theme", { path: "/", sameSite: "lax", httpOnly: true, secure: getConfig().isProduction, maxAge: 60 * 60 * 24 * 365 });

export async function getTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie().parse(request.headers.get("Cookie"));
  const parsed = ThemeSchema.safeParse(value);
  return parsed.success ? parsed.data : "light";
}

export function themeSetCookie(theme: Theme): Promise<string> {
  return themeCookie().serialize(theme);
}
