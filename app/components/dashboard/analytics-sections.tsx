import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AiCreditFigures } from "~/domain/ai-credits";
import { DASHBOARD_MESSAGES, formatCount } from "~/domain/dashboard";
import type { campaignImage } from "~/domain/mockups";
import { creatorDrawPath } from "~/paths";
import { AiCredits } from "./ai-credits";

/** The analytics page's design card: the campaign's image, its AI generations and the creator's credits. */
export interface DesignFigures {
  image: ReturnType<typeof campaignImage>;
  alt: string;
  generationsUsed: number;
  credits: AiCreditFigures;
}

/** The analytics page's fulfilment card (SPEC: "Fulfillment Status"): the winner's order, in words. */
export interface FulfilmentFigures {
  winner: string;
  status: string;
  printifyOrderId: string | null;
  shipping: string;
  trackingNumber: string | null;
  hasOrder: boolean;
}

export function StatCard({ label, value, note, testId }: { label: string; value: ReactNode; note: string; testId?: string }) {
  return (
    <li className="card p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-2 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl" data-testid={testId}>
        {value}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{note}</p>
    </li>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-t border-slate-100 py-2.5 first:border-t-0 dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm font-semibold break-all text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

export function DesignPerformance({ design }: { design: DesignFigures }) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="design-performance">
      <h2 id="design-performance" className="text-base font-semibold">
        Design Performance
      </h2>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row">
        <div className="size-32 shrink-0 overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
          {design.image ? (
            <img
              src={design.image.src}
              srcSet={design.image.srcSet}
              sizes="8rem"
              alt={design.alt}
              width={128}
              height={128}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center p-2 text-center text-xs text-slate-600 dark:text-slate-400">
              No design yet
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <dl>
            <Row label="AI Generations Used">{formatCount(design.generationsUsed)}</Row>
          </dl>
          <div className="mt-3">
            <AiCredits figures={design.credits} bar={false} />
          </div>
        </div>
      </div>
    </section>
  );
}

export function FulfilmentStatus({ fulfilment }: { fulfilment: FulfilmentFigures }) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="fulfilment-status">
      <h2 id="fulfilment-status" className="text-base font-semibold">
        Fulfillment Status
      </h2>
      <dl className="mt-3" data-testid="fulfilment">
        <Row label="Winner">{fulfilment.winner}</Row>
        <Row label="Status">{fulfilment.status}</Row>
        {fulfilment.printifyOrderId ? <Row label="Printify Order ID">{fulfilment.printifyOrderId}</Row> : null}
        <Row label="Shipping">{fulfilment.shipping}</Row>
        {fulfilment.trackingNumber ? <Row label="Tracking Number">{fulfilment.trackingNumber}</Row> : null}
      </dl>
      {fulfilment.hasOrder ? null : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{DASHBOARD_MESSAGES.fulfilmentUnavailable}</p>
      )}
    </section>
  );
}

/** When the draw panel's data could not be read: its own page may still work. */
export function DrawFallback({ campaignId }: { campaignId: string }) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="draw-section" data-testid="draw-section">
      <h2 id="draw-section" className="text-base font-semibold">
        Winner Draw
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Draw, redraw and whether the winner is shown publicly.</p>
      <Link to={creatorDrawPath(campaignId)} className="btn-secondary mt-4">
        Manage the draw
      </Link>
    </section>
  );
}
