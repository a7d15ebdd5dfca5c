import { useEntrantText } from "~/components/campaign/entrant-text";
import { HoneypotField } from "~/components/ui/honeypot";
import { DATA_LINK_DAYS } from "~/domain/data-rights";
import { dataRequestPath } from "~/paths";

/**
 * The request for the link to one's data page (decision 054): an email address, posted as a plain
 * form (no JavaScript needed) to /privacy/my-data, which answers the same whatever the address.
 * Shown on the privacy policy (English) and on /privacy/my-data, which passes back a refused
 * address's error; in the language of an EntrantTextProvider around it (decision 097).
 */
export function PrivacyDataRequest({
  error,
  value,
  status,
  headingLevel = 2,
}: {
  error?: string;
  value?: string;
  /** The answer to the last request ("If we have data for that address…"). */
  status?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t } = useEntrantText();
  return (
    <section aria-labelledby="data-request-heading" className="card space-y-4 p-5 sm:p-6" data-testid="data-request">
      <Heading id="data-request-heading" className="text-lg font-bold">
        {t("requestHeading")}
      </Heading>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("requestExplain", { days: DATA_LINK_DAYS })}</p>
      {status ? (
        <p
          role="status"
          className="rounded-xl bg-emerald-50 p-3 text-sm font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {status}
        </p>
      ) : null}
      <form method="post" action={dataRequestPath()} noValidate className="relative space-y-3">
        <HoneypotField />
        <div>
          <label htmlFor="data-request-email" className="label">
            {t("emailLabel")}
          </label>
          <input
            id="data-request-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={value ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby="data-request-email-error"
            className="input"
          />
          <p id="data-request-email-error" className="field-error empty:hidden" role={error ? "alert" : undefined}>
            {error}
          </p>
        </div>
        <button type="submit" className="btn-primary w-full sm:w-auto">
          {t("requestSubmit")}
        </button>
      </form>
    </section>
  );
}
