import type { IdentifiedToast, Toast } from "~/domain/toast";

const STYLES: Record<Toast["type"], string> = {
  success: "border-emerald-600/40 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  error: "border-red-600/40 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
  info: "border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50",
};

/**
 * One toast at a time, 5000 ms (a CSS animation, so it works without JavaScript). A toast that an
 * action answered ("action") hides the one carried over from the previous page ("page"). On a phone
 * it sits at the bottom of the screen, so it never covers a page's heading, the wizard's stepper or
 * the sentence an entrant reads first after entering; from 640 px up, under the header on the right.
 */
export function Toaster({ toast, source = "page" }: { toast: IdentifiedToast | null; source?: "page" | "action" }) {
  return (
    <div
      aria-live="polite"
      role="status"
      data-toast-source={source}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4 sm:top-24 sm:bottom-auto sm:justify-end"
    >
      {toast ? (
        <div
          key={toast.id}
          data-testid="toast"
          className={`toast pointer-events-auto w-full max-w-[420px] rounded-xl border p-4 shadow-lg ${STYLES[toast.type]}`}
        >
          <p className="text-sm font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm opacity-90 [overflow-wrap:anywhere]">{toast.description}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
