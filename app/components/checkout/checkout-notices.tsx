import { Link } from "react-router";

/**
 * What a page that sends the creator to checkout says on their return: the payment still being
 * confirmed (with a plain link to look again), and the action's refusal.
 */
export function CheckoutNotices({ processing, error }: { processing: string | null; error: string | null | undefined }) {
  return (
    <>
      {processing ? (
        <p role="status" className="card mt-4 p-4 text-sm">
          {processing}{" "}
          <Link to="" reloadDocument className="font-semibold underline">
            Check again
          </Link>
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </p>
      ) : null}
    </>
  );
}
