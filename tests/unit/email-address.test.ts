/**
 * What an address may be (decision 066): the spec's basic pattern, no invisible or control
 * characters, no look-alikes; and the forms that take one (sign-in, entry, data request, contact)
 * all say so in the spec's words.
 */
import { describe, expect, it } from "vitest";
import { LoginSchema } from "~/domain/auth-schemas";
import { ContactSchema } from "~/domain/contact";
import { DataRequestSchema } from "~/domain/data-rights";
import { EMAIL_MESSAGES, canonicalEmail, emailProblem } from "~/domain/email-address";
import { EntrySchema } from "~/domain/entries";

describe("emailProblem", () => {
  it.each([
    ["a C1 control character after the domain", "ok4@b.co\x85"],
    ["a C1 control character in the local part", "o\x9bk@b.co"],
    ["a C0 control character", "ok\x01@b.co"],
    ["DEL", "ok\x7f@b.co"],
    ["a zero-width space", "an\u200bne@example.com"],
    ["a zero-width joiner", "anne@exam\u200dple.com"],
    ["a right-to-left override", "\u202eanne@example.com"],
    ["a soft hyphen", "an\u00adne@example.com"],
    ["a Hangul filler (a letter that shows as nothing)", "anne\u3164@example.com"],
    ["a private-use character", "anne\ue000@example.com"],
  ])("refuses %s as invisible", (_, email) => {
    expect(emailProblem(email)).toBe("invisible");
  });

  it.each([
    ["a Cyrillic а among Latin letters", "\u0430nne@example.com"],
    ["a Cyrillic е in the domain", "anne@\u0435xample.com"],
    ["a Greek ο among Latin letters", "b\u03bfb@example.com"],
    ["a local part wholly of Cyrillic look-alikes under .com", "\u0440\u043e\u0440@example.com"],
    ["a domain label wholly of Cyrillic look-alikes", "anne@\u0440\u0430\u0443.com"],
    ["the same in capitals", "\u0420\u041e\u0420@example.com"],
    ["fullwidth Latin letters", "\uff41nne@example.com"],
    ["mathematical bold letters", "\u{1d41a}nne@example.com"],
    ["Cherokee letters that look Latin", "\u13aanne@example.com"],
    ["Cyrillic mixed with Greek", "\u0438\u03bb@example.com"],
  ])("refuses %s as a look-alike", (_, email) => {
    expect(emailProblem(email)).toBe("lookalike");
  });

  it.each([
    ["plain ASCII", "anne@example.com"],
    ["ASCII punctuation", "o'brien+giveaways_2026@mail.example.co.uk"],
    ["Latin with accents, precomposed", "jos\u00e9@example.com"],
    ["Latin with accents, decomposed", "jose\u0301@example.com"],
    ["German in an IDN domain", "m\u00fcller@m\u00fcnchen.de"],
    ["a real Russian local part", "\u0438\u0432\u0430\u043d@example.com"],
    ["Cyrillic look-alikes under a Cyrillic top-level domain", "\u0440\u043e\u0440@\u043f\u043e\u0447\u0442\u0430.\u0440\u0444"],
    ["Greek", "\u03bd\u03af\u03ba\u03bf\u03c2@example.gr"],
    ["Japanese (Han and Hiragana)", "\u5c71\u7530\u305f\u308d\u3046@example.jp"],
    ["Japanese with Latin", "tarou\u5c71\u7530@example.jp"],
    ["Korean with Latin", "kim\ud55c\uae00@example.kr"],
    ["a domain with trailing dots", "fan@gmail.com."],
  ])("accepts %s", (_, email) => {
    expect(emailProblem(email)).toBeNull();
  });

  it.each(["a@b", "no-at.example.com", "two@@example.com", "sp ace@example.com", `${"a".repeat(250)}@b.co`])(
    "refuses %s as not an address",
    (email) => {
      expect(emailProblem(email)).toBe("invalid");
    },
  );
});

describe("the forms that take an address", () => {
  const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
  const forms = [
    ["sign-in", (email: string) => LoginSchema.safeParse({ email })],
    ["entry", (email: string) => EntrySchema.safeParse({ email, agreedToTerms: "on" })],
    ["data request", (email: string) => DataRequestSchema.safeParse({ email })],
    ["contact", (email: string) => ContactSchema.safeParse({ email, name: "Ann", subject: "Hello", message: "A message long enough." })],
  ] as const;

  it.each(forms)("%s refuses each problem with one message, in the spec's words", (_, parse) => {
    expect(firstError(parse(""))).toBe("Email is required.");
    expect(firstError(parse("not-an-address"))).toBe("Please enter a valid email address.");
    expect(firstError(parse("ok4@b.co\x85"))).toBe(EMAIL_MESSAGES.invisible);
    expect(firstError(parse("\u0430nne@example.com"))).toBe(EMAIL_MESSAGES.lookalike);
    for (const email of ["", "ok4@b.co\x85", "\u0430nne@example.com"]) {
      const result = parse(email);
      expect(result.error?.issues.filter((issue) => issue.path[0] === "email")).toHaveLength(1);
    }
    expect(parse(" Anne@Example.com ").success).toBe(true);
    expect(EMAIL_MESSAGES.invisible.startsWith("Please enter a valid email address.")).toBe(true);
    expect(EMAIL_MESSAGES.lookalike.startsWith("Please enter a valid email address.")).toBe(true);
  });
});

describe("canonicalEmail merges only what a provider delivers to one mailbox (decision 066)", () => {
  it.each([
    // Yahoo: a disposable address's base name is not its owner's Yahoo ID.
    ["anne-marie@yahoo.com", "anne-marie@yahoo.com"],
    ["anne@yahoo.com", "anne@yahoo.com"],
    ["Jean-Luc@YMail.com", "jean-luc@ymail.com"],
    ["a-b@rocketmail.com", "a-b@rocketmail.com"],
    // The documented ones stay merged.
    ["anne.marie+promo@gmail.com", "annemarie@gmail.com"],
    ["anne-marie+x@outlook.com", "anne-marie@outlook.com"],
    ["anne.marie@outlook.com", "anne.marie@outlook.com"],
    ["anne+x@icloud.com", "anne@icloud.com"],
    ["anne+x@fastmail.com", "anne@fastmail.com"],
    ["anne-marie+x@proton.me", "annemarie@proton.me"],
    // Elsewhere nothing is stripped.
    ["anne-marie+x@example.com", "anne-marie+x@example.com"],
  ])("%s -> %s", (input, key) => {
    expect(canonicalEmail(input)).toBe(key);
  });

  it("keeps anne-marie@ and anne@ at Yahoo apart", () => {
    expect(canonicalEmail("anne-marie@yahoo.com")).not.toBe(canonicalEmail("anne@yahoo.com"));
  });
});
