/**
 * The creator's list of redraw objections (decision 105): each replaced winner who says they did
 * claim, with their message, to resolve with them. The public draw page shows only the count and
 * the times.
 */
export function RedrawObjections({
  objections,
}: {
  objections: { rank: number; prize: string; at: string; message: string; winnerEmail: string }[];
}) {
  if (objections.length === 0) return null;
  return (
    <section aria-labelledby="redraw-objections-heading" className="card space-y-3 p-5 sm:p-6" data-testid="redraw-objections">
      <h2 id="redraw-objections-heading" className="text-lg font-semibold">
        Replaced winners who say they claimed
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        These winners were replaced by a redraw and say they did claim their prize in time. Please look into each one and answer them at
        their address (a reply to our email about it reaches them too). The public draw page says that a replaced winner objected and when,
        never what they wrote.
      </p>
      <ul className="space-y-3">
        {objections.map((objection) => (
          <li
            key={`${objection.rank}-${objection.at}`}
            className="border-t border-slate-200 pt-3 dark:border-slate-800"
            data-testid="redraw-objection-item"
          >
            <p className="text-sm font-medium">
              {objection.prize}, {objection.at}
            </p>
            <p className="text-sm [overflow-wrap:anywhere]">From: {objection.winnerEmail}</p>
            <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere] dark:text-slate-200">
              {objection.message || "The winner erased their data, and their message with it."}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
