import { describe, expect, it } from "vitest";
import { SMS_MAX_ATTEMPTS, laterSmsStatus, maskPhoneNumber, nextSmsAttemptAt, smsReplyIntent, winnerSmsBody } from "~/domain/sms";

describe("the winners' texts (decision 094)", () => {
  it("read Twilio's opt-out and opt-in words, in any case, and nothing else", () => {
    for (const word of ["STOP", "stop", " Stop ", "STOPALL", "unsubscribe", "cancel", "END", "quit", "revoke", "OptOut"])
      expect(smsReplyIntent(word), word).toBe("stop");
    for (const word of ["START", "yes", "Unstop"]) expect(smsReplyIntent(word), word).toBe("start");
    for (const word of ["", "please stop texting", "STOP!", "thanks", "no"]) expect(smsReplyIntent(word), word).toBeNull();
  });

  it("move a message's status only forward", () => {
    expect(laterSmsStatus("queued", "sent")).toBe(true);
    expect(laterSmsStatus("sent", "delivered")).toBe(true);
    expect(laterSmsStatus("queued", "undelivered")).toBe(true);
    expect(laterSmsStatus("delivered", "sent")).toBe(false);
    expect(laterSmsStatus("delivered", "failed")).toBe(false);
    expect(laterSmsStatus("sent", "sent")).toBe(false);
    expect(laterSmsStatus("opted-out", "delivered")).toBe(false);
    expect(laterSmsStatus("queued", "made-up")).toBe(false);
  });

  it("try a failed message again 1, 4, 16 and 64 minutes later, then give up", () => {
    const now = new Date("2026-11-30T00:00:00Z");
    const minutes = [1, 2, 3, 4].map((attempts) => (nextSmsAttemptAt(attempts, now)!.getTime() - now.getTime()) / 60_000);
    expect(minutes).toEqual([1, 4, 16, 64]);
    expect(nextSmsAttemptAt(SMS_MAX_ATTEMPTS, now)).toBeNull();
  });

  it("name the brand, the prize, the deadline and the link, and say how to stop", () => {
    expect(winnerSmsBody("Owl Labs", "Night Owl Club Tee", "https://g.example/claim/abc", "Dec 14, 2026, 12:00 UTC")).toBe(
      "Owl Labs: you won Night Owl Club Tee! Claim it by Dec 14, 2026, 12:00 UTC: https://g.example/claim/abc Reply STOP to opt out.",
    );
  });
});

describe("the admin's masked numbers (decision 096)", () => {
  it("shows the country's first digits and the last two, and Erased for an erased entrant", () => {
    expect(maskPhoneNumber("+14155550177")).toBe("+14•••••••77");
    expect(maskPhoneNumber("+442071838750")).toBe("+44••••••••50");
    expect(maskPhoneNumber("erased:abc123")).toBe("Erased");
    expect(maskPhoneNumber("not a number")).toBe("••••••••••••");
  });
});
