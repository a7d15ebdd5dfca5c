import type { ReactNode } from "react";
import type { ListHashCheck } from "~/domain/draw-copies";
import type { DrawPageView, EntryCheck } from "~/domain/draw-record";
import { campaignDrawCsvPath, campaignDrawPath } from "~/paths";
import { richEntrantText, useEntrantText } from "../campaign/entrant-text";

const mono = "font-mono text-xs break-all";
const linkClass = "font-medium text-brand-700 underline dark:text-brand-300";
const box = `rounded-lg bg-slate-100 p-3 ${mono} dark:bg-slate-800`;

/**
 * "Check my entry" on the draw page (decisions 042, 091, 093), in the entrant's language (decision
 * 097): a GET form for an entry id or link and the list hash from the entrant's email, and the
 * answers in words. The record around it stays English.
 */
export function CheckMyEntrySection({ page }: { page: DrawPageView }) {
  const { campaign, record, check } = page;
  const { t } = useEntrantText();
  return (
    <section aria-labelledby="check-heading" id="check">
      <h2 id="check-heading">{t("checkHeading")}</h2>
      {record.procedureVersion === 1 ? (
        <p>{t("checkIntroFirstProcedure")}</p>
      ) : record.list ? (
        <p>{t("checkIntro")}</p>
      ) : (
        <p data-testid="check-later">{t("checkLater")}</p>
      )}
      {record.list ? (
        <form method="get" action={`${campaignDrawPath(campaign.id)}#check`} className="mt-3 flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("checkEntryLabel")}
            <input
              name="entry"
              type="text"
              defaultValue={check?.input ?? ""}
              autoComplete="off"
              spellCheck={false}
              className="input font-mono text-sm"
            />
          </label>
          {/* Decision 093: the hash from the "Entries are closed" email (its link fills it in). */}
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("checkHashLabel")}
            <input
              name="hash"
              type="text"
              defaultValue={check?.hashInput ?? ""}
              autoComplete="off"
              spellCheck={false}
              className="input font-mono text-sm"
            />
          </label>
          <button type="submit" className="btn-primary self-start">
            {t("checkHeading")}
          </button>
        </form>
      ) : null}
      {check?.hash ? <HashResult hash={check.hash} campaignId={campaign.id} /> : null}
      {check?.result ? <CheckResult result={check.result} campaignId={campaign.id} /> : null}
    </section>
  );
}

/**
 * Whether the list still has the hash the entrant was sent (decision 093): the hash from their
 * "entries are closed" email against the published one and the one of the list served now.
 */
function HashResult({ hash, campaignId }: { hash: ListHashCheck; campaignId: string }) {
  const text = useEntrantText();
  const { t } = text;
  const csv = campaignDrawCsvPath(campaignId);
  let body: ReactNode;
  switch (hash.kind) {
    case "not-frozen":
      body = t("hashNotFrozen");
      break;
    case "malformed":
      body = t("hashMalformed");
      break;
    case "same":
      body = (
        <>
          <strong className="block text-base" data-testid="check-hash-answer">
            {t("hashSame")}
          </strong>
          <span className="mt-2 block">
            {richEntrantText(text, "hashSameDetail", {
              csv: (
                <a href={csv} className={linkClass}>
                  draw.csv
                </a>
              ),
            })}
          </span>
          <span className={`mt-2 block ${box}`}>{hash.published}</span>
        </>
      );
      break;
    case "changed":
      body = (
        <>
          <strong className="block text-base" data-testid="check-hash-answer">
            {t("hashChanged")}
          </strong>
          <span className="mt-2 block">{t("hashYouWereSent")}</span>
          <span className={`mt-1 block ${box}`}>{hash.given}</span>
          <span className="mt-2 block">{t("hashPublishedNow")}</span>
          <span className={`mt-1 block ${box}`}>{hash.published}</span>
          <span className="mt-2 block">{t("hashKeepEmail")}</span>
        </>
      );
      break;
    case "bytes-changed":
      body = (
        <>
          <strong className="block text-base" data-testid="check-hash-answer">
            {t("hashBytesChanged")}
          </strong>
          <span className="mt-2 block">{t("hashServedNow")}</span>
          <span className={`mt-1 block ${box}`}>{hash.served}</span>
          <span className="mt-2 block">{t("hashKeepEmail")}</span>
        </>
      );
      break;
  }
  return (
    <div
      className="mt-4 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
      data-testid="check-hash"
      data-kind={hash.kind}
      role="status"
    >
      {body}
    </div>
  );
}

const REASONS = ["duplicate", "fake", "automated", "rules"] as const;

function CheckResult({ result, campaignId }: { result: EntryCheck; campaignId: string }) {
  const text = useEntrantText();
  const { t } = text;
  const csv = campaignDrawCsvPath(campaignId);
  // Grouped the locale's way ("1,204", "1.204"); English keeps its commas (en-GB groups like en-US).
  const n = (value: string | number) => BigInt(value).toLocaleString(text.locale);
  let body: ReactNode;
  switch (result.kind) {
    case "not-frozen":
      body = t("checkNotFrozen");
      break;
    case "no-id":
      body = t("checkNoId");
      break;
    case "pending":
      body = t("checkPending", { id: result.id });
      break;
    case "not-listed":
      body = t("checkNotListed", { id: result.id });
      break;
    case "unknown":
      body = t("checkUnknown");
      break;
    case "found": {
      const match = result.scan.match;
      if (match?.kind === "disqualified") {
        const reason = (REASONS as readonly string[]).includes(match.reason)
          ? t(`disqualify_${match.reason as (typeof REASONS)[number]}`)
          : match.reason;
        body = (
          <>
            {richEntrantText(text, "checkDisqualified", {
              id: <span className={mono}>{match.id}</span>,
              reason,
              line: n(match.lineNumber),
              csv: <a href={csv}>draw.csv</a>,
            })}
            <span className={`mt-2 block ${box}`}>{match.line}</span>
          </>
        );
      } else if (match?.kind === "listed") {
        const position = { position: n(match.position), entries: n(result.scan.entries), total: n(result.scan.totalWeight) };
        body = (
          <>
            {/* Decision 091: the answer in words first, the raw line and the arithmetic below. */}
            <strong className="block text-base" data-testid="check-answer">
              {match.weight === 1
                ? t("checkAnswerOne", { ...position, ticket: n(match.firstTicket) })
                : t("checkAnswerMany", { ...position, first: n(match.firstTicket), last: n(match.lastTicket) })}
            </strong>
            <span className={`mt-2 block ${box}`} data-testid="check-line">
              {match.line}
            </span>
            <span className="mt-2 block">
              {richEntrantText(text, "checkInDraw", {
                id: <span className={mono}>{match.id}</span>,
                position: n(match.position),
                entries: n(result.scan.entries),
                line: n(match.lineNumber),
                csv: (
                  <a href={csv} className={linkClass}>
                    draw.csv
                  </a>
                ),
              })}
            </span>
            <span className="mt-2 block" data-testid="check-tickets">
              {t(match.weight === 1 ? "checkTicketsOne" : "checkTicketsMany", {
                weight: match.weight,
                first: String(match.firstTicket),
                last: String(match.lastTicket),
                total: String(result.scan.totalWeight),
                max: String(BigInt(result.scan.totalWeight) - 1n),
              })}
            </span>
          </>
        );
      }
      break;
    }
  }
  return (
    <div
      className="mt-4 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
      data-testid="check-result"
      data-kind={result.kind === "found" ? result.scan.match?.kind : result.kind}
      role="status"
    >
      {body}
    </div>
  );
}
