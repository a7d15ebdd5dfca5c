import { Link, data, redirect } from "react-router";
import { CampaignNotFound } from "~/components/campaign/campaign-sections";
import { type Column, Table } from "~/components/ui/table";
import { CampaignStatus, formatUtcDateTime, publicPhase } from "~/domain/campaign-status";
import { DRAW_PROCEDURE } from "~/domain/draw";
import { campaignDrawCsvPath, campaignPath, campaignRulesPath } from "~/paths";
import { findVisibleCampaign } from "~/server/campaign-page.server";
import { publishedDraw } from "~/server/draw/published.server";
import { getCurrentUser } from "~/server/session.server";
import type { Route } from "./+types/campaign.$campaignId.draw";

/** Plain HTML like the campaign page: nothing here needs JavaScript. */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && "campaign" in loaderData ? `Fair draw: ${loaderData.campaign.title} · Giveawear` : "Campaign Not Found · Giveawear",
  },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  // The ordered entry list is a file of its own (a page's loader cannot answer with a raw CSV body).
  if (new URL(request.url).searchParams.get("format") === "csv") return redirect(campaignDrawCsvPath(params.campaignId));
  const found = await findVisibleCampaign(params.campaignId, await getCurrentUser(request));
  if (!found) return data({ notFound: true as const }, { status: 404 });
  const { campaign } = found;
  const draw = await publishedDraw(campaign.id, { winnersPublic: campaign.winnerPublic });
  const chosenName = campaign.winnerPublicName?.trim();
  const prizeTitles = new Map(campaign.additionalPrizes.map((prize) => [prize.rank, prize.title]));
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title,
      brandName: campaign.brandName,
      end: campaign.endDate ? formatUtcDateTime(campaign.endDate) : null,
      ended: publicPhase(campaign, new Date()) === "ended",
      completed: campaign.status === CampaignStatus.completed,
      drawCommitment: campaign.drawCommitment,
    },
    draw: draw && {
      ...draw,
      drawnAt: formatUtcDateTime(new Date(draw.drawnAt)),
      picks: draw.picks.map((pick) => ({
        ...pick,
        prize:
          pick.rank === 1
            ? "Grand prize"
            : `${pick.rank === 2 ? "2nd" : pick.rank === 3 ? "3rd" : `#${pick.rank}`} prize: ${prizeTitles.get(pick.rank) ?? ""}`,
        // Decision 022: the grand prize winner may have chosen a display name.
        winner: pick.rank === 1 && !pick.replaced && chosenName && pick.winner !== null ? chosenName : pick.winner,
        redrawnAt: pick.redrawnAt ? formatUtcDateTime(new Date(pick.redrawnAt)) : null,
      })),
    },
    procedure: DRAW_PROCEDURE.split("\n\n"),
  };
}

const mono = "font-mono text-xs break-all";

type DrawPick = NonNullable<Exclude<Route.ComponentProps["loaderData"], { notFound: true }>["draw"]>["picks"][number];

const PICK_COLUMNS: Column<DrawPick>[] = [
  {
    header: "Prize",
    className: "py-2 pr-3",
    cell: (pick) => (
      <>
        {pick.prize}
        {pick.redrawnAt ? <span className="block text-xs">Redrawn on {pick.redrawnAt}</span> : null}
        {pick.replaced ? <span className="block text-xs">Replaced: not claimed in time</span> : null}
      </>
    ),
  },
  { header: "Winner", className: "py-2 pr-3 [overflow-wrap:anywhere]", cell: (pick) => pick.winner ?? "Hidden by the organiser" },
  { header: "Entry id", className: `py-2 pr-3 ${mono}`, cell: (pick) => pick.entryId },
  { header: "Ticket", className: "py-2 pr-3 font-mono text-xs", cell: (pick) => pick.ticket },
  { header: "Random number n", headerClassName: "py-2", className: "py-2 font-mono text-xs", cell: (pick) => pick.counter },
];

export default function DrawPage({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <CampaignNotFound />;
  const { campaign, draw, procedure } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_p]:mt-3">
      <p className="flex flex-wrap gap-x-4 text-sm">
        <Link to={campaignPath(campaign.id)} className="font-medium text-brand-700 underline dark:text-brand-300">
          Back to the giveaway
        </Link>
        <Link to={campaignRulesPath(campaign.id)} className="font-medium text-brand-700 underline dark:text-brand-300">
          Official rules
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere]">
        {draw ? "How the winner was drawn" : "How the winner will be drawn"}: {campaign.title}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        The winners of this giveaway are drawn by a published procedure from a secret seed that was locked in before the giveaway opened, so
        anyone can re-run the draw and get the same result.
      </p>

      <h2>Commitment</h2>
      <p>SHA-256 hash of the secret seed, published when the giveaway launched:</p>
      <p className={`rounded-lg bg-slate-100 p-3 ${mono} dark:bg-slate-800`} data-testid="draw-commitment">
        {campaign.drawCommitment ?? "The commitment is published when the giveaway launches."}
      </p>

      {draw ? (
        <>
          <h2>The draw</h2>
          <p>Drawn on {draw.drawnAt}.</p>
          <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">Revealed seed</dt>
            <dd className={mono} data-testid="draw-seed">
              {draw.seed}
            </dd>
            <dt className="font-medium">Seed check</dt>
            <dd data-testid="draw-seed-check">
              {draw.commitmentMatches ? "SHA-256 of the seed equals the commitment." : "SHA-256 of the seed does NOT equal the commitment."}
            </dd>
            <dt className="font-medium">Entries</dt>
            <dd data-testid="draw-entry-count">{draw.entryCount.toLocaleString("en-US")}</dd>
            <dt className="font-medium">Total weight (tickets)</dt>
            <dd data-testid="draw-total-weight">{draw.totalWeight}</dd>
            <dt className="font-medium">Entry list hash</dt>
            <dd className={mono} data-testid="draw-entries-hash">
              {draw.entriesHash}
            </dd>
          </dl>

          <h2>Picks</h2>
          {draw.picks.length ? (
            <Table
              scroll={{ className: "mt-4 overflow-x-auto" }}
              className="w-full text-left text-sm"
              testId="draw-picks"
              headRowClassName="border-b border-slate-300 dark:border-slate-700"
              headerClassName="py-2 pr-3"
              rowClassName="border-b border-slate-200 align-top dark:border-slate-800"
              columns={PICK_COLUMNS}
              rows={draw.picks}
              rowKey={(pick) => `${pick.rank}-${pick.counter}`}
            />
          ) : (
            <p>There were no entries, so no winner was drawn.</p>
          )}
        </>
      ) : (
        <>
          <h2>The draw</h2>
          <p className="font-semibold" data-testid="draw-pending">
            The draw happens when the giveaway ends{campaign.end ? ` (${campaign.end})` : ""}.
          </p>
          <p>
            {campaign.completed
              ? "This giveaway was completed without a published draw record."
              : `${campaign.ended ? "The giveaway has ended and the winners are being drawn." : "Until then the seed stays secret."} When the winners are drawn, this page shows the revealed seed, the entry list hash, the total weight and every pick.`}
          </p>
        </>
      )}

      <h2>The procedure</h2>
      <div className="mt-3 space-y-3 text-slate-800 dark:text-slate-200" data-testid="draw-procedure">
        {procedure.map((step) => (
          <p key={step.slice(0, 24)}>{step}</p>
        ))}
      </div>

      <h2>Check it yourself</h2>
      {draw ? (
        <ol className="mt-3 list-decimal space-y-3 pl-6">
          <li>
            The seed matches the commitment: <code className={mono}>{`printf %s ${draw.seed} | sha256sum`}</code> prints the commitment
            above.
          </li>
          <li>
            <a href={campaignDrawCsvPath(campaign.id)} className="font-medium text-brand-700 underline dark:text-brand-300" download>
              Download the ordered entry list
            </a>{" "}
            (CSV, one <code>id,weight</code> line per entry in draw order).{" "}
            <code className={mono}>sed 1d entries.csv | tr , : | sha256sum</code> prints the entry list hash, and the weights add up to the
            total weight.
          </li>
          <li>
            In a Giveawear checkout, <code className={mono}>{`npm run verify-draw -- ${campaign.id}`}</code> re-runs the whole draw from the
            database (add <code className={mono}>--entries entries.csv</code> to use the downloaded list) and prints MATCH or MISMATCH for
            every check.
          </li>
        </ol>
      ) : (
        <p>
          Once the winners are drawn you can check the seed against the commitment, download the ordered entry list and re-run the draw with{" "}
          <code className={mono}>{`npm run verify-draw -- ${campaign.id}`}</code>.
        </p>
      )}
    </article>
  );
}
