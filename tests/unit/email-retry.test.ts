import { afterEach, describe, expect, it, vi } from "vitest";
import { EMAIL_MAX_ATTEMPTS, nextEmailAttemptAt } from "~/domain/email-retry";
import { currentTime, leaseUntil } from "~/server/core/leases.server";

const now = new Date("2026-03-01T12:00:00Z");
const minutesLater = (date: Date | null) => (date ? (date.getTime() - now.getTime()) / 60_000 : null);

describe("email retries", () => {
  it("waits longer after each failure: 1 min, 5 min, 30 min, 2 h, 12 h", () => {
    expect([1, 2, 3, 4, 5].map((attempts) => minutesLater(nextEmailAttemptAt(attempts, now)))).toEqual([1, 5, 30, 120, 720]);
  });

  it("gives up after the last attempt", () => {
    expect(EMAIL_MAX_ATTEMPTS).toBe(6);
    expect(nextEmailAttemptAt(EMAIL_MAX_ATTEMPTS, now)).toBeNull();
    expect(nextEmailAttemptAt(EMAIL_MAX_ATTEMPTS + 3, now)).toBeNull();
  });

  it("refuses a count of attempts that cannot have failed", () => {
    expect(() => nextEmailAttemptAt(0, now)).toThrow(RangeError);
    expect(() => nextEmailAttemptAt(1.5, now)).toThrow(RangeError);
  });
});

describe("leases taken by a job pass", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("run from the moment they are taken, however long ago the pass started", () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    const passStarted = new Date(now.getTime() - 10 * 60_000);
    expect(currentTime(passStarted)).toEqual(now);
    expect(minutesLater(leaseUntil(passStarted, 5 * 60_000))).toBe(5);
  });

  it("run from the pass's time when a test hands it a later one", () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    const later = new Date(now.getTime() + 60 * 60_000);
    expect(currentTime(later)).toEqual(later);
    expect(minutesLater(leaseUntil(later, 5 * 60_000))).toBe(65);
  });
});
