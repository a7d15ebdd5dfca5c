import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Column, Table } from "~/components/ui/table";
import { type DrawPagePick, type DrawPageView, type DrawRecordPick, disqualifyReasonText } from "~/domain/draw-record";
import {
  campaignDrawCsvPath,
  campaignDrawJsonPath,
  campaignPath,
  campaignRulesPath,
  campaignWinnersPath,
  VERIFIER_SCRIPT_PATH,
} from "~/paths";
import { ActionsCsvItem } from "./actions-csv-item";
import { BrowserVerifier } from "./browser-verifier";
import { CheckMyEntrySection } from "./check-my-entry";
import { useEntrantText } from "../campaign/entrant-text";
import { RedrawCounts } from "./redraw-counts";

const mono = "font-mono text-xs break-all";
const linkClass = "font-medium text-brand-700 underline dark:text-brand-300";
const box = `rounded-lg bg-slate-100 p-3 ${mono} dark:bg-slate-800`;

function Fact({ term, children, testId, code }: { term: string; children: ReactNode; testId?: string; code?: boolean }) {
  return (
    <>
      <dt className="font-medium">{term}</dt>
      <dd className={code ? mono : "[overflow-wrap:anywhere]"} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">{children}</dl>;
}

function Verdict({ ok, yes, no, testId }: { ok: boolean; yes: string; no: string; testId: string }) {
  return (
    <span data-testid={testId} className={ok ? "text-emerald-800 dark:text-emerald-300" : "font-semibold text-red-700 dark:text-red-300"}>
      {ok ? yes : no}
    </span>
  );
}

const PICK_COLUMNS: Column<DrawPagePick>[] = [
  {
    header: "Prize",
    className: "py-2 pr-3",
    cell: (pick) => (
      <>
        {pick.prize}
        {pick.redrawnAt ? (
          <span className="block text-xs">
            Redrawn on {pick.redrawnAt}
            {pick.reason ? `: ${pick.reason}` : ""}
          </span>
        ) : null}
        {pick.replaced ? <span className="block text-xs">Replaced: not claimed in time</span> : null}
        {pick.notifiedAt ? <span className="block text-xs">Winner notified {pick.notifiedAt}</span> : null}
        {pick.claimDeadline ? <span className="block text-xs">Claim by {pick.claimDeadline}</span> : null}
      </>
    ),
  },
  { header: "Winner", className: "py-2 pr-3 [overflow-wrap:anywhere]", cell: (pick) => pick.winner ?? "Hidden by the organiser" },
  { header: "Entry id", className: `py-2 pr-3 ${mono}`, cell: (pick) => pick.entryId },
  { header: "Ticket", className: "py-2 pr-3 font-mono text-xs", cell: (pick) => pick.ticket },
  { header: "Random number n", headerClassName: "py-2", className: "py-2 font-mono text-xs", cell: (pick) => pick.counter },
];

function CommitmentSection({ page }: { page: DrawPageView }) {
  const { record, times, chainLabel } = page;
  const beacon = record.beacon;
  const v1 = record.procedureVersion === 1;
  return (
    <section aria-labelledby="commitment-heading">
      <h2 id="commitment-heading">1. Fixed at launch</h2>
      {record.commitment ? (
        <p>
          {v1
            ? "SHA-256 hash of the secret seed this draw committed to:"
            : `SHA-256 hash of the secret seed${times.launched ? `, published when the giveaway launched (${times.launched})` : ""}:`}
        </p>
      ) : null}
      <p className={box} data-testid="draw-commitment">
        {record.commitment ??
          (record.launchedAt
            ? "No commitment was published for this giveaway, so its draw uses the empty string as the secret (see step 1 of the procedure)."
            : "The commitment is published when the giveaway launches.")}
      </p>
      {v1 ? (
        <p data-testid="draw-v1">
          This giveaway was drawn with version 1 of the procedure, before entry lists were frozen and a public beacon was mixed in: its seed
          is the secret itself, and its entry list is regenerated in draw order as <code>id,weight</code> lines.
        </p>
      ) : beacon ? (
        <Facts>
          <Fact term="Beacon" testId="draw-chain">
            {chainLabel}
          </Fact>
          {beacon.plannedRound !== null ? (
            <Fact term="Beacon round" testId="draw-planned-round">
              Round {beacon.plannedRound}, produced at {times.plannedRound}; published at launch
              {beacon.marginMinutes !== null
                ? `, the first round at or after the end plus ${beacon.marginMinutes} minute${beacon.marginMinutes === 1 ? "" : "s"}`
                : ""}
            </Fact>
          ) : (
            <Fact term="Beacon round" testId="draw-planned-round">
              This giveaway launched before draws used a beacon: its round was chosen when the entry list was frozen.
            </Fact>
          )}
          <Fact term="Chain hash" code>
            {beacon.chainHash}
          </Fact>
        </Facts>
      ) : (
        <p data-testid="draw-planned-round">
          This giveaway launched before draws used a beacon: its beacon round is chosen when the entry list is frozen, and shown here then.
        </p>
      )}
      {beacon?.demo ? (
        <p className="font-semibold" data-testid="draw-demo-beacon">
          This is a demo giveaway: its beacon is a local demo chain whose signing key is public, not drand. Its draw shows how the procedure
          works but proves nothing about fairness.
        </p>
      ) : null}
    </section>
  );
}

function ListSection({ page }: { page: DrawPageView }) {
  const { record, times, campaign, checks } = page;
  const { list, beacon } = record;
  if (record.procedureVersion === 1) return null;
  return (
    <section aria-labelledby="list-heading">
      <h2 id="list-heading">2. The frozen entry list</h2>
      {list ? (
        <>
          <Facts>
            <Fact term="Frozen at" testId="draw-frozen-at">
              {times.frozen}
            </Fact>
            <Fact term="Entries" testId="draw-entry-count">
              {list.entries.toLocaleString("en-US")}
            </Fact>
            <Fact term="Total weight (tickets)" testId="draw-total-weight">
              {list.totalWeight}
            </Fact>
            <Fact term="List hash (SHA-256)" testId="draw-list-hash" code>
              {list.sha256}
            </Fact>
            <Fact term="File">
              <a href={campaignDrawCsvPath(campaign.id)} className={linkClass} download>
                draw.csv
              </a>{" "}
              ({list.bytes.toLocaleString("en-US")} bytes)
            </Fact>
          </Facts>
          {beacon && beacon.round !== null ? (
            <p data-testid="draw-round">
              The draw uses beacon round <strong>{beacon.round}</strong>, produced at {times.round}.{" "}
              {checks.frozenBeforeRound === true
                ? "The list and its hash were fixed before that round existed."
                : checks.frozenBeforeRound === false
                  ? "The list was frozen after that round's time."
                  : ""}
            </p>
          ) : null}
          {beacon && beacon.plannedRound !== null && beacon.round !== null && beacon.round !== beacon.plannedRound ? (
            <p data-testid="draw-round-moved">
              The list was frozen too late for the round published at launch (round {beacon.plannedRound}, {times.plannedRound}): it must be
              fixed at least 30 seconds before its round. So the draw uses the later round {beacon.round} instead, the first one at or after
              the freeze plus the {beacon.marginMinutes !== null ? `${beacon.marginMinutes}-minute ` : ""}margin, as step 3 of the procedure
              says.
            </p>
          ) : null}
          {beacon?.replacement ? (
            <p data-testid="draw-round-replaced">
              Round {beacon.round} could not be used: {beacon.replacement.reason}. So on{" "}
              {times.replacementDecided ?? beacon.replacement.decidedAt}, at least 24 hours after that round&apos;s time, the draw chose
              round {beacon.replacement.round} instead (produced at {times.replacementRound ?? beacon.replacement.roundTime}), the first
              round at least 10 minutes after that decision, which nobody could know when it was chosen. The draw never uses the secret
              alone (step 5 of the procedure).
            </p>
          ) : null}
          <h3 className="mt-6 font-semibold">Disqualified entries</h3>
          {list.disqualified.length ? (
            <Table
              scroll={{ className: "mt-2 overflow-x-auto" }}
              className="w-full text-left text-sm"
              testId="draw-disqualified"
              headRowClassName="border-b border-slate-300 dark:border-slate-700"
              headerClassName="py-2 pr-3"
              rowClassName="border-b border-slate-200 align-top dark:border-slate-800"
              columns={[
                { header: "Entry id", className: `py-2 pr-3 ${mono}`, cell: (row) => row.id },
                { header: "Reason", className: "py-2", cell: (row) => disqualifyReasonText(row.reason) },
              ]}
              rows={list.disqualified}
              rowKey={(row) => row.id}
            />
          ) : (
            <p data-testid="draw-disqualified-none">No entry was disqualified.</p>
          )}
        </>
      ) : (
        <p data-testid="draw-list-pending">
          {campaign.freezing
            ? "The giveaway has ended and the entry list is being frozen now."
            : `The entry list is frozen when the giveaway ends${campaign.end ? ` (${campaign.end})` : ""}.`}{" "}
          Its SHA-256 hash is published here before the beacon round exists. Only entries confirmed by then and not disqualified are in it;
          disqualified entry ids are listed with the reason.
        </p>
      )}
    </section>
  );
}

function DrawSection({ page }: { page: DrawPageView }) {
  const { record, times, checks, picks } = page;
  const draw = record.draw;
  const beacon = record.beacon;
  const v1 = record.procedureVersion === 1;
  if (!draw) {
    return (
      <section aria-labelledby="draw-heading">
        <h2 id="draw-heading">3. The draw</h2>
        <p>
          Not drawn yet: until then the secret stays secret. At the draw this page shows the secret, the beacon, the final seed and every
          pick.
        </p>
      </section>
    );
  }
  const response = beacon?.response as { randomness?: string; signature?: string } | null | undefined;
  return (
    <section aria-labelledby="draw-heading">
      <h2 id="draw-heading">3. The draw</h2>
      <p>Drawn on {times.drawn}.</p>
      <Facts>
        {v1 ? (
          <Fact term="Revealed seed" testId="draw-seed" code>
            {draw.seed}
          </Fact>
        ) : (
          <Fact term="Revealed secret" testId="draw-secret" code>
            {draw.secret || "(the empty string: no commitment was published)"}
          </Fact>
        )}
        <Fact term="Seed check" testId="draw-seed-check">
          {checks.secretMatchesCommitment === null ? (
            "No commitment was published, so there is nothing to compare the secret with."
          ) : (
            <Verdict
              ok={checks.secretMatchesCommitment}
              testId="draw-seed-verdict"
              yes={`SHA-256 of the ${v1 ? "seed" : "secret"} equals the commitment shown above.`}
              no={`SHA-256 of the ${v1 ? "seed" : "secret"} does NOT equal the commitment shown above.`}
            />
          )}
        </Fact>
        {!v1 && beacon ? (
          beacon.missing ? (
            <Fact term="Beacon" testId="draw-beacon-missing">
              <strong>Missing.</strong> No valid beacon for round {beacon.round} could be had within 24 hours after its time, so, as step 5
              of procedure {record.procedureVersion} said, this draw used the secret alone as its seed: its randomness was fixed at launch
              rather than after the list was frozen. Procedure 5 no longer allows this.
            </Fact>
          ) : response ? (
            <>
              <Fact term={`Beacon round ${beacon.replacement?.round ?? beacon.round} randomness`} testId="draw-beacon-randomness" code>
                {response.randomness}
              </Fact>
              <Fact term="Beacon signature" code>
                {response.signature}
              </Fact>
              <Fact term="Beacon check" testId="draw-beacon-check">
                <Verdict
                  ok={checks.beaconValid === true}
                  testId="draw-beacon-verdict"
                  yes="The signature verifies under the chain's public key and the randomness is its SHA-256."
                  no="The beacon does NOT verify under the chain's public key."
                />
              </Fact>
            </>
          ) : null
        ) : null}
        {v1 ? null : (
          <>
            <Fact term="Final seed" testId="draw-seed" code>
              {draw.seed}
            </Fact>
            <Fact term="Final seed check" testId="draw-final-seed-check">
              <Verdict
                ok={checks.finalSeedMatches === true}
                testId="draw-final-seed-verdict"
                yes={beacon?.missing ? "The final seed is the secret." : 'The final seed is SHA-256 of "<secret>:<randomness>".'}
                no={beacon?.missing ? "The final seed is NOT the secret." : 'The final seed is NOT SHA-256 of "<secret>:<randomness>".'}
              />
            </Fact>
          </>
        )}
        {v1 ? (
          <>
            <Fact term="Entries" testId="draw-entry-count">
              {draw.entries.toLocaleString("en-US")}
            </Fact>
            <Fact term="Total weight (tickets)" testId="draw-total-weight">
              {draw.totalWeight}
            </Fact>
            <Fact term="Entry list hash" testId="draw-entries-hash" code>
              {draw.entriesHash}
            </Fact>
          </>
        ) : null}
      </Facts>

      <h3 className="mt-6 font-semibold">Picks</h3>
      {picks.length ? <RedrawCounts picks={picks} claimWindowDays={draw.claimWindowDays ?? null} objections={page.objections} /> : null}
      {picks.length ? (
        <Table
          scroll={{ className: "mt-2 overflow-x-auto", label: "Picks" }}
          className="w-full min-w-[36rem] text-left text-sm"
          testId="draw-picks"
          headRowClassName="border-b border-slate-300 dark:border-slate-700"
          headerClassName="py-2 pr-3"
          rowClassName="border-b border-slate-200 align-top dark:border-slate-800"
          columns={PICK_COLUMNS}
          rows={picks}
          rowKey={(pick: DrawRecordPick) => `${pick.rank}-${pick.counter}`}
        />
      ) : (
        <p>There were no entries, so no winner was drawn.</p>
      )}
    </section>
  );
}

/**
 * The result first (decision 091): the winners and the entrant's "Check my entry" come before the
 * record, and the procedure's long text waits behind a disclosure.
 */
function ResultSection({ page }: { page: DrawPageView }) {
  const { record, campaign, picks } = page;
  const current = picks.filter((pick) => !pick.replaced);
  return (
    <section aria-labelledby="result-heading" id="result" data-testid="draw-result">
      <h2 id="result-heading">{current.length > 1 ? "The winners" : "The winner"}</h2>
      {!record.draw ? (
        <p className="font-semibold" data-testid="draw-pending">
          {campaign.completed
            ? "This giveaway was completed without a published draw record."
            : campaign.ended
              ? "The giveaway has ended; the winners are drawn once the beacon round is out."
              : `The draw happens after the giveaway ends${campaign.end ? ` (${campaign.end})` : ""}, once the beacon round is out.`}
        </p>
      ) : current.length ? (
        <ul className="mt-3 space-y-2">
          {current.map((pick) => (
            <li
              key={`${pick.rank}-${pick.counter}`}
              className="rounded-lg bg-slate-100 p-3 dark:bg-slate-800"
              data-testid="draw-result-pick"
            >
              <span className="block text-sm text-slate-700 dark:text-slate-300">{pick.prize}</span>
              <strong className="block text-lg [overflow-wrap:anywhere]">{pick.winner ?? "Hidden by the organiser"}</strong>
              <span className="block text-sm">
                Ticket {pick.ticket}
                {page.times.drawn ? `, drawn ${page.times.drawn}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>There were no entries, so no winner was drawn.</p>
      )}
    </section>
  );
}

/** The public draw page (decision 042): the result and "Check my entry" first, then the record in words and how to check it all yourself. */
export function DrawRecordPage({ page }: { page: DrawPageView }) {
  const { campaign, record, procedure } = page;
  const { t, language } = useEntrantText();
  // The entrant's language for the links, the heading and "Check my entry" (decision 097); the
  // record itself stays English, and says so.
  const english = language === "en" ? undefined : "en";
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_p]:mt-3">
      <p className="flex flex-wrap gap-x-4 text-sm">
        <Link to={campaignPath(campaign.id)} className={linkClass}>
          {t("backToGiveaway")}
        </Link>
        <Link to={campaignRulesPath(campaign.id)} className={linkClass}>
          {language === "en" ? t("officialRules") : t("officialRulesEnglish")}
        </Link>
        <Link to={campaignWinnersPath(campaign.id)} className={linkClass} data-testid="draw-winners-link">
          {t("winnersList")}
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere]">
        {record.draw ? t("drawWasDrawn") : t("drawWillBe")}: {campaign.title}
      </h1>
      <div lang={english}>
        <ResultSection page={page} />
      </div>
      <CheckMyEntrySection page={page} />
      {english ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("recordInEnglish")}</p> : null}
      <div lang={english}>
        {/* The record in words, after the result and the check (decision 091). */}
        <h2 id="record-heading">The record, step by step</h2>
        <p className="text-slate-700 dark:text-slate-300">
          {record.procedureVersion === 1
            ? "The winners of this giveaway were drawn by a published procedure from a secret seed committed to by its hash, so anyone can re-run the draw and get the same result."
            : "The winners are drawn by a published procedure from a secret fixed at launch and a public random beacon that nobody, Giveawear included, can know before the entry list is frozen. Anyone can re-run the draw and get the same result."}
        </p>

        <CommitmentSection page={page} />
        <ListSection page={page} />
        <DrawSection page={page} />

        <section aria-labelledby="verify-heading" id="verify">
          <h2 id="verify-heading">Check it yourself</h2>
          <ul className="mt-3 list-disc space-y-2 pl-6">
            <li>
              <a href={campaignDrawJsonPath(campaign.id)} className={linkClass}>
                draw.json
              </a>
              : this whole record, machine-readable.
            </li>
            {record.list || record.procedureVersion === 1 ? (
              <li>
                <a href={campaignDrawCsvPath(campaign.id)} className={linkClass} download>
                  draw.csv
                </a>
                :{" "}
                {record.procedureVersion === 1
                  ? "the ordered entry list (one id,weight line per entry, in draw order)."
                  : "the frozen entry list, byte for byte as it was hashed."}
              </li>
            ) : null}
            <ActionsCsvItem campaignId={campaign.id} record={record} />
            {record.procedureVersion !== 1 ? (
              <li>
                The single-file verifier{" "}
                <a href={VERIFIER_SCRIPT_PATH} className={linkClass} download>
                  giveawear-verify-draw.mjs
                </a>{" "}
                needs only Node and these public files: <code className={mono}>{`node giveawear-verify-draw.mjs ${record.pageUrl}`}</code>{" "}
                prints MATCH or MISMATCH for every check.
              </li>
            ) : null}
            <li>
              Operators, in a Giveawear checkout: <code className={mono}>{`npm run verify-draw -- ${campaign.id}`}</code> re-runs the draw
              from the database and prints MATCH or MISMATCH for every check.
            </li>
          </ul>
          {record.procedureVersion !== 1 ? <BrowserVerifier campaignId={campaign.id} /> : null}
        </section>

        <details id="procedure" className="mt-10" data-testid="draw-procedure-details">
          <summary className="cursor-pointer text-xl font-bold">
            <h2 id="procedure-heading" className="!mt-0 inline">
              The procedure, in full
            </h2>
          </summary>
          {record.procedureVersion === 1 ? (
            <p>
              This is the current procedure (version 3). This giveaway's draw used version 1: no beacon, the seed is the secret itself, and
              the list hash is over <code>&lt;id&gt;:&lt;weight&gt;</code> lines; the ticket, pick and redraw steps are the same.
            </p>
          ) : null}
          <div className="mt-3 space-y-3 text-slate-800 dark:text-slate-200" data-testid="draw-procedure">
            {procedure.map((step) => (
              // wrap-anywhere: the chains' public keys are 192 characters without a space, wider than any screen.
              <p key={step.slice(0, 24)} className="whitespace-pre-line wrap-anywhere">
                {step}
              </p>
            ))}
          </div>
        </details>
      </div>
    </article>
  );
}
