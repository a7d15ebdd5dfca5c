import { describe, expect, it } from "vitest";
import { EMAIL_WORKER_MAX_AGE_MS, withinWorkerWindow } from "~/domain/email-retry";
import { ago, formatBytes, formatDuration, isSystemIntent, maskAddresses, maskRecipient } from "~/domain/system";

// The System page's helpers (decision 085).

describe("the System page's helpers", () => {
  it("masks a recipient to its first character and its domain", () => {
    expect(maskRecipient("alex@example.com")).toBe("a***@example.com");
    expect(maskRecipient("a@b.co")).toBe("a***@b.co");
    expect(maskRecipient("not an address")).toBe("***");
    expect(maskRecipient("@example.com")).toBe("***");
  });

  it("masks every address in an error text, and nothing else", () => {
    expect(maskAddresses("550 5.1.1 <jamie.doe@mail.example.org>: Recipient address rejected")).toBe(
      "550 5.1.1 <j***@mail.example.org>: Recipient address rejected",
    );
    expect(maskAddresses("to sam@example.com, kim@example.net failed")).toBe("to s***@example.com, k***@example.net failed");
    expect(maskAddresses("Message failed: 550 Mailbox unavailable")).toBe("Message failed: 550 Mailbox unavailable");
  });

  it("says how long, in the largest units that fit", () => {
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(12_400)).toBe("12 s");
    expect(formatDuration(4 * 60_000 + 59_000)).toBe("4 min");
    expect(formatDuration(3 * 3_600_000)).toBe("3 h");
    expect(formatDuration(3 * 3_600_000 + 5 * 60_000)).toBe("3 h 5 min");
    expect(formatDuration(2 * 86_400_000 + 4 * 3_600_000)).toBe("2 d 4 h");
    expect(formatDuration(-5)).toBe("0 ms");
    expect(ago("2026-01-01T00:00:00.000Z", "2026-01-01T00:10:00.000Z")).toBe("10 min ago");
    expect(ago("2026-01-01T00:10:00.000Z", "2026-01-01T00:00:00.000Z")).toBe("in 10 min");
    expect(ago(null, "2026-01-01T00:00:00.000Z")).toBe("never");
    expect(ago("2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.400Z")).toBe("just now");
  });

  it("says how big, in powers of 1,024", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(3482)).toBe("3.4 KB");
    expect(formatBytes(12 * 1024 * 1024)).toBe("12.0 MB");
    expect(formatBytes(245 * 1024 ** 3)).toBe("245 GB");
  });

  it("knows its intents", () => {
    expect(isSystemIntent("retry-email")).toBe(true);
    expect(isSystemIntent("retry-all-emails")).toBe(true);
    expect(isSystemIntent("retry-webhook")).toBe(true);
    expect(isSystemIntent("reboot")).toBe(false);
    expect(isSystemIntent(null)).toBe(false);
  });
});

describe("the email worker's window", () => {
  const now = new Date("2026-06-10T12:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

  it("takes a message queued in the last two days, or given a time to be tried in them (an admin's retry)", () => {
    expect(EMAIL_WORKER_MAX_AGE_MS).toBe(2 * 86_400_000);
    expect(withinWorkerWindow({ createdAt: daysAgo(1), nextAttemptAt: null }, now)).toBe(true);
    expect(withinWorkerWindow({ createdAt: daysAgo(3), nextAttemptAt: null }, now)).toBe(false);
    expect(withinWorkerWindow({ createdAt: daysAgo(9), nextAttemptAt: daysAgo(0.5) }, now)).toBe(true);
    expect(withinWorkerWindow({ createdAt: daysAgo(9), nextAttemptAt: daysAgo(8) }, now)).toBe(false);
  });
});
