import type { IdentifiedToast } from "~/domain/toast";
import { Toaster } from "./toaster";

/**
 * A toast answered by an action that re-renders the page (validation errors): it travels in the
 * action data, because a cookie toast would only show on the page after this one.
 */
export function ActionToast({ toast }: { toast: IdentifiedToast | null | undefined }) {
  return toast ? <Toaster toast={toast} source="action" /> : null;
}
