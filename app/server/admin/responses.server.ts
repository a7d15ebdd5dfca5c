import { data } from "react-router";
import { actionToast, redirectWithToast, type ToastInput } from "../core/toast.server";

/**
 * How an admin action answers. Done: a 303 to a page (usually this one again) with its toast, so
 * a reload does not post twice. Refused: nothing changed, a 4xx and this page again with the
 * message in the action data (JavaScript or not), beside what else the page reads there (a form's
 * errors, which row it was).
 */

/** This page again, with its query (a list's filter, search and page). */
export function thisPage(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function answer(to: string, toast: ToastInput): Promise<Response> {
  return redirectWithToast(to, toast, { status: 303 });
}

/** A refusal changes nothing: a 4xx and this page again, with its message (JavaScript or not). */
export function refuse<const Extra extends object = Record<never, never>>(
  status: number,
  title: string,
  description?: string,
  extra: Extra = {} as Extra,
) {
  const toast = actionToast(description === undefined ? { type: "error", title } : { type: "error", title, description });
  return data({ ...extra, toast }, { status });
}
