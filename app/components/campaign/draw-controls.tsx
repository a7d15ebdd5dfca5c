import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CampaignStatus } from "~/domain/campaign-status";
import { formatZonedDateTime } from "~/domain/campaign-time-zone";
import { type DrawControlsData, type DrawTier, beaconWaitText } from "~/domain/draw-controls";
import { campaignDrawPath, creatorDrawPath } from "~/paths";
import { OrderStatus } from "~/domain/orders";

const CLAIM_LABELS: Record<NonNullable<DrawControlsData["winner"]>["claim"], string> = {
  claimed: "Claimed",
  waiting: "Waiting for the winner to claim",
  unclaimed: "Not claimed before the deadline",
};

/** A date in the campaign's zone, with its name (decision 096). */
function when(iso: string | null, zone: string): string {
  return iso ? formatZonedDateTime(new Date(iso), zone) : "not set";
}

/**
 * The creator's draw panel (decisions 013, 022): the draw's state and its actions, each a plain POST
 * form to the draw route, so it works without JavaScript wherever it is embedded. `returnTo` is
 * where a successful action comes back to (a path under this campaign's dashboard).
 */
export function DrawControls({ controls, returnTo, error }: { controls: DrawControlsData; returnTo?: string; error?: string | null }) {
  const action = creatorDrawPath(controls.campaignId);
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" && navigation.formAction === action ? navigation.formData?.get("intent") : null;
  const hidden = returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null;

  return (
    <section aria-labelledby="draw-controls-heading" className="card space-y-5 p-5 sm:p-6" data-testid="draw-controls">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="draw-controls-heading" className="text-lg font-semibold">
          Winner draw
        </h2>
        {controls.drawn ? (
          <Link to={campaignDrawPath(controls.campaignId)} className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
            Public draw record
          </Link>
        ) : null}
      </div>
      {error ? (
        <p
          role="alert"
          className="rounded-lg border border-red-600/40 bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </p>
      ) : null}

      {controls.winner ? (
        <div className="space-y-4">
          <dl className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
            <Row label="Winner">
              <span data-testid="draw-winner">{controls.winner.name}</span>
            </Row>
            <Row label="Winner email">{controls.winner.notified ? "Sent" : "Being sent"}</Row>
            <Row label="Claim">
              <span data-testid="draw-claim-state">{CLAIM_LABELS[controls.winner.claim]}</span>
            </Row>
            <Row label="Claim deadline">{when(controls.winner.claimDeadline, controls.timeZone)}</Row>
            {controls.winner.claimedAt ? <Row label="Claimed">{when(controls.winner.claimedAt, controls.timeZone)}</Row> : null}
          </dl>
          {controls.winner.canRedraw ? (
            <Form method="post" action={action} className="space-y-2">
              {hidden}
              <input type="hidden" name="rank" value="1" />
              <p className="text-sm text-slate-700 dark:text-slate-300">
                The winner did not claim the prize in time. Redrawing picks the next entrant from the same seeded draw and emails them a
                claim link.
              </p>
              <button type="submit" name="intent" value="redraw" className="btn-primary" disabled={busyIntent === "redraw"}>
                {busyIntent === "redraw" ? "Redrawing..." : "Redraw winner"}
              </button>
            </Form>
          ) : null}
          {controls.additionalPrizes.map((tier) => (
            <TierPanel key={tier.rank} tier={tier} action={action} hidden={hidden} busyIntent={busyIntent} timeZone={controls.timeZone} />
          ))}
        </div>
      ) : (
        <DrawState controls={controls}>
          {controls.canDraw ? (
            <Form method="post" action={action}>
              {hidden}
              <button type="submit" name="intent" value="draw" className="btn-primary" disabled={busyIntent === "draw"}>
                {busyIntent === "draw" ? "Drawing..." : "Draw winner"}
              </button>
            </Form>
          ) : null}
        </DrawState>
      )}

      <Form method="post" action={action} className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        {hidden}
        <input type="hidden" name="winnerPublic" value="false" />
        <label className="flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="winnerPublic"
            value="true"
            defaultChecked={controls.winnerPublic}
            className="h-5 w-5 accent-brand-700"
          />
          Show the winner on the public giveaway page
        </label>
        <div>
          <label htmlFor="winner-public-name" className="label">
            Public name (optional)
          </label>
          <input
            id="winner-public-name"
            name="winnerPublicName"
            defaultValue={controls.winnerPublicName}
            maxLength={50}
            aria-describedby="winner-public-name-hint"
            className="input"
          />
          {/* The winner's own choice outranks this name (decision 057). */}
          <p id="winner-public-name-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Shown for the grand prize instead of the masked email, e.g. the name the winner asked for. A name the winner chooses on their
            claim page, or their objection to being listed, comes first.
          </p>
        </div>
        <button type="submit" name="intent" value="winner-public" className="btn-secondary" disabled={busyIntent === "winner-public"}>
          {busyIntent === "winner-public" ? "Saving..." : "Save winner display"}
        </button>
      </Form>
    </section>
  );
}

function DrawState({ controls, children }: { controls: DrawControlsData; children: ReactNode }) {
  let text: string;
  if (controls.status === CampaignStatus.draft || controls.status === CampaignStatus.pendingPayment)
    text = "The draw happens after the giveaway launches and ends.";
  else if (controls.status === CampaignStatus.completed) text = "The giveaway ended without a winner: it had no entries.";
  else if (!controls.ended) {
    text = `The entry list is frozen when the giveaway ends on ${when(controls.endDate, controls.timeZone)}.${controls.beacon ? ` ${beaconWaitText(controls.beacon, controls.timeZone)}` : ""}${
      controls.autoPick ? " The winner is drawn automatically." : " You can then draw the winner here."
    }`;
  } else if (controls.beacon && !controls.beacon.out) {
    text = `The giveaway has ended. ${beaconWaitText(controls.beacon, controls.timeZone)}${controls.autoPick ? " The winner is then drawn automatically." : " You can then draw the winner here."}`;
  } else if (controls.autoPick) text = "The giveaway has ended. The winner is being drawn automatically and will be emailed shortly.";
  else text = "The giveaway has ended. Draw the winner now: they are emailed a link to claim the prize.";
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="draw-state">
        {text}
      </p>
      {children}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const TIER_CLAIM_LABELS: Record<NonNullable<DrawTier["claim"]>, string> = {
  claimed: "Claimed",
  waiting: "Waiting for the winner to claim",
  unclaimed: "Not claimed before the deadline",
};

/**
 * A 2nd or 3rd prize (decision 050): its winner (masked), the claim, and for a claimed gift what
 * the winner gave (shown only to the owner: this panel is behind the owner check) with "Mark
 * delivered", a plain POST that works without JavaScript.
 */
function TierPanel({
  tier,
  action,
  hidden,
  busyIntent,
  timeZone,
}: {
  tier: DrawTier;
  action: string;
  hidden: ReactNode;
  busyIntent: FormDataEntryValue | null | undefined;
  timeZone: string;
}) {
  const place = tier.rank === 2 ? "2nd" : "3rd";
  const delivered = tier.orderStatus === OrderStatus.delivered;
  return (
    <section
      aria-labelledby={`tier-${tier.rank}-heading`}
      className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
      data-testid={`draw-tier-${tier.rank}`}
    >
      <h3 id={`tier-${tier.rank}-heading`} className="font-semibold [overflow-wrap:anywhere]">
        {place} place: {tier.title}{" "}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
          ({tier.kind === "merch" ? "printed product, shipped like the grand prize" : "your gift: you deliver it"})
        </span>
      </h3>
      <dl className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <Row label="Winner">
          {tier.winner ? (
            <>
              {tier.winner}
              {tier.hasCode ? " (code emailed)" : ""}
            </>
          ) : (
            "No winner"
          )}
        </Row>
        {tier.claim ? (
          <Row label="Claim">
            <span data-testid={`draw-tier-${tier.rank}-claim`}>{delivered ? "Delivered" : TIER_CLAIM_LABELS[tier.claim]}</span>
          </Row>
        ) : null}
        {tier.claim ? <Row label="Claim deadline">{when(tier.claimDeadline, timeZone)}</Row> : null}
        {tier.claimedAt ? <Row label="Claimed">{when(tier.claimedAt, timeZone)}</Row> : null}
      </dl>
      {tier.delivery ? (
        <div
          className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
          data-testid={`draw-tier-${tier.rank}-delivery`}
        >
          <p className="font-medium">What the winner gave you to deliver it</p>
          <p className="mt-1">
            Email: <span className="[overflow-wrap:anywhere]">{tier.delivery.email}</span>
          </p>
          {tier.delivery.address.length ? (
            <address className="mt-1 not-italic">
              {tier.delivery.address.map((line, index) => (
                <span key={index} className="block [overflow-wrap:anywhere]">
                  {line}
                </span>
              ))}
              {tier.delivery.phone ? <span className="block">Phone: {tier.delivery.phone}</span> : null}
            </address>
          ) : null}
          {tier.delivery.note ? (
            <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">Note: {tier.delivery.note}</p>
          ) : (
            <p className="mt-1 text-slate-600 dark:text-slate-400">No note.</p>
          )}
          {tier.delivery.deliveredAt ? (
            <p className="mt-2 font-medium text-emerald-800 dark:text-emerald-300">
              Marked delivered {when(tier.delivery.deliveredAt, timeZone)}; the winner was emailed.
            </p>
          ) : (
            <Form method="post" action={action} className="mt-3">
              {hidden}
              <input type="hidden" name="rank" value={tier.rank} />
              <button type="submit" name="intent" value="deliver" className="btn-primary" disabled={busyIntent === "deliver"}>
                {busyIntent === "deliver" ? "Saving..." : "Mark delivered"}
              </button>
            </Form>
          )}
        </div>
      ) : null}
      {tier.canRedraw ? (
        <Form method="post" action={action} className="space-y-2">
          {hidden}
          <input type="hidden" name="rank" value={tier.rank} />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The winner did not claim this prize in time. Redrawing picks the next entrant from the same seeded draw and emails them a claim
            link.
          </p>
          <button type="submit" name="intent" value="redraw" className="btn-secondary" disabled={busyIntent === "redraw"}>
            {busyIntent === "redraw" ? "Redrawing..." : `Redraw ${place} place`}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
