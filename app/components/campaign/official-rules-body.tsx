import { Link } from "react-router";
import type { buildOfficialRules } from "~/domain/official-rules";
import { campaignDrawPath, campaignWinnersPath, href, privacyPath } from "~/paths";

/**
 * The official rules' text (decision 053) and the draw procedure they state (decision 042): the
 * organiser's legal wording, in English (decision 097; the page marks it lang="en" in another language).
 */
interface RulesData {
  version: string;
  sections: ReturnType<typeof buildOfficialRules>;
  campaign: RulesCampaign;
}

interface RulesCampaign {
  id: string;
  drawCommitment: string | null;
  drawn: boolean;
  /** The published fairness facts (server/draw/fairness.server.ts), as the rules state them. */
  fairness: {
    launchedAt: string | null;
    launchedText: string | null;
    beacon: { round: number; roundTimeText: string | null; chain: string } | null;
  };
}

const LINK = "font-medium text-brand-700 underline dark:text-brand-300";

export function RulesBody({ loaderData }: { loaderData: RulesData }) {
  const { campaign, sections } = loaderData;
  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="rules-version">
        {loaderData.version}
      </p>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`rules-${section.id}`} className="[overflow-wrap:anywhere]">
          <h2 id={`rules-${section.id}`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.text} data-testid={paragraph.testId}>
              {paragraph.text}
            </p>
          ))}
          {section.items?.length ? (
            <ul className="list-disc pl-6" data-testid={`rules-${section.id}-list`}>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {section.after?.map((paragraph) => (
            <p key={paragraph.text} data-testid={paragraph.testId}>
              {paragraph.text}
            </p>
          ))}
          {section.id === "draw" ? <DrawProcedure campaign={campaign} /> : null}
          {section.id === "publicity" ? (
            <p>
              <Link to={campaignWinnersPath(campaign.id)} className={LINK} data-testid="rules-winners-link">
                The winners list
              </Link>
            </p>
          ) : null}
          {section.id === "privacy" ? (
            <p>
              See our{" "}
              <Link to={privacyPath()} className={LINK}>
                Privacy Policy
              </Link>{" "}
              and{" "}
              <Link to={href("/terms")} className={LINK}>
                Terms of Service
              </Link>
              .
            </p>
          ) : null}
        </section>
      ))}
    </>
  );
}

function DrawProcedure({ campaign }: { campaign: RulesCampaign }) {
  return (
    <>
      <ul className="list-disc pl-6" data-testid="rules-fairness">
        <li>
          Commitment (SHA-256 of the secret
          {campaign.drawCommitment && campaign.fairness.launchedAt
            ? `, published when the giveaway launched on ${campaign.fairness.launchedText ?? ""}`
            : ""}
          ):{" "}
          <span className="font-mono text-xs break-all" data-testid="rules-commitment">
            {campaign.drawCommitment ??
              (campaign.fairness.launchedAt
                ? "none was published for this giveaway, so its draw uses the empty string as the secret."
                : "published when the giveaway launches.")}
          </span>
        </li>
        <li data-testid="rules-beacon">
          {campaign.fairness.beacon
            ? `Beacon: ${campaign.fairness.beacon.chain}, round ${campaign.fairness.beacon.round}${
                campaign.fairness.beacon.roundTimeText ? `, produced at ${campaign.fairness.beacon.roundTimeText}` : ""
              }.`
            : "Beacon: this giveaway launched before draws used a beacon, so its round is chosen when the entry list is frozen and published on the draw page."}
        </li>
        <li>
          When the giveaway ends, the list of confirmed, not disqualified entries is frozen and its SHA-256 hash published on the draw page,
          before the beacon round exists. If freezing finishes too late for that round, the draw uses a later round chosen by the published
          procedure, and the draw page says so.
        </li>
        <li>
          When the round is out, the secret is revealed and mixed with the beacon's randomness into the seed that picks the winners.
          Additional prizes are drawn after the grand prize, without repeating a winner. The draw never uses the secret alone: if the beacon
          round cannot be had within 24 hours, the draw uses the first round at least 10 minutes after that moment, which nobody can know in
          advance, and the draw page says which round and why.
        </li>
      </ul>
      <p>
        Anyone can check that the secret matches the commitment and re-run the draw from the published list and beacon to get the same
        winners; every entrant can find their own line in the frozen list.{" "}
        <Link to={`${campaignDrawPath(campaign.id)}#procedure`} className={LINK}>
          The exact procedure
        </Link>{" "}
        ·{" "}
        <Link to={campaignDrawPath(campaign.id)} className={LINK} data-testid="rules-draw-record">
          {campaign.drawn ? "See how the winner was drawn" : "The draw page (the draw record)"}
        </Link>
      </p>
    </>
  );
}
