/**
 * Time for leases. A job pass is handed `now`, the time it started (tests hand it a later time to
 * stand for waiting). A lease must run from the moment it is taken, not from the start of a pass
 * that may have been busy for minutes: counted from a stale `now` it could already have run out
 * when taken, and another instance would take the same work while this one is still doing it.
 * So a lease runs from the later of the pass's `now` and the clock.
 */
export function currentTime(now: Date): Date {
  return new Date(Math.max(now.getTime(), Date.now()));
}

/** The end of a lease of `ms` taken at this moment (by a pass that started at `now`). */
export function leaseUntil(now: Date, ms: number): Date {
  return new Date(currentTime(now).getTime() + ms);
}
