import { describe, expect, it } from "vitest";
import {
  actionChangeLine,
  actionDetail,
  actionLimitLine,
  creatorAction,
  isEntryActionIntent,
  mayAddAction,
  rulesActionLine,
  tooManyActionsMessage,
} from "~/domain/entry-action-forms";
import { buildOfficialRules } from "~/domain/official-rules";

const stored = {
  id: "a1",
  kind: "follow",
  label: "Follow us",
  bonus: 3,
  url: "https://instagram.com/acme",
  platform: "instagram",
  code: null,
  question: null,
  choices: "",
};

describe("the creator's entry actions, as words (decision 076)", () => {
  it("holds a plan's limit: null is unlimited", () => {
    expect(mayAddAction(0, 1)).toBe(true);
    expect(mayAddAction(1, 1)).toBe(false);
    expect(mayAddAction(0, 0)).toBe(false);
    expect(mayAddAction(500, null)).toBe(true);
    expect(actionLimitLine(5)).toBe("Your plan includes up to 5 entry actions.");
    expect(actionLimitLine(1)).toBe("Your plan includes 1 entry action.");
    expect(actionLimitLine(null)).toBe("Your plan includes unlimited entry actions.");
    expect(tooManyActionsMessage(3, 1)).toBe(
      "This campaign has 3 entry actions, but its plan includes 1 entry action. Remove 2 in Step 4, or choose a larger plan in Step 2.",
    );
  });

  it("describes each action with its kind, verification and what it asks", () => {
    expect(creatorAction(stored, 2)).toMatchObject({ kindName: "Follow or subscribe", verificationLabel: "Self-reported", completions: 2 });
    expect(actionDetail(stored)).toBe("Instagram: https://instagram.com/acme");
    expect(actionDetail({ ...stored, kind: "question", question: "Which?", choices: "A\nB" })).toBe("Which? (A / B)");
    expect(actionDetail({ ...stored, kind: "question", question: "Why?", choices: "" })).toBe("Why? (free text)");
    expect(isEntryActionIntent("add-action")).toBe(true);
    expect(isEntryActionIntent("live-edit")).toBe(false);
  });

  it("writes the rules' lines and change log", () => {
    expect(rulesActionLine({ label: "Come back", kind: "daily", bonus: 1 })).toBe(
      "“Come back” (Come back daily, once per calendar day (UTC)): +1 entry. Verification: tracked.",
    );
    expect(
      actionChangeLine({ version: 2, when: "Nov 29, 2026, 10:00 UTC", change: "edited", label: "Follow us", kind: "follow", bonus: 3 }),
    ).toBe("Change 2, Nov 29, 2026, 10:00 UTC: changed “Follow us” (Follow or subscribe, self-reported, +3 entries).");
  });

  it("says consent never earns entries in every campaign's rules, and lists actions only where there are some", () => {
    const input = {
      sponsorLegalName: "Acme LLC",
      sponsorAddress: "1 Main St",
      brandName: "Acme",
      brandUrl: null,
      minimumAge: 18,
      shipping: "Ships everywhere.",
      excludedRegions: "",
      start: "start",
      end: "end",
      entryLimit: null,
      referralsEnabled: true,
      referralBonus: 3,
      prizes: [],
      extras: [],
      claimWindowDays: 14,
      platforms: [],
      launchedAt: null,
      version: 2,
      winnersPath: "/w",
      privacyPath: "/privacy",
    };
    const plain = buildOfficialRules(input).find((section) => section.id === "bonus")!;
    expect(plain.paragraphs.map((p) => p.text)).toContain("Agreeing to marketing emails never earns entries: consent stays free.");
    expect(plain.items ?? []).toEqual([]);
    const withActions = buildOfficialRules({
      ...input,
      actions: [{ label: "Visit", kind: "visit", bonus: 2 }],
      actionChanges: ["Change 1, x: added."],
    }).find((section) => section.id === "bonus")!;
    expect(withActions.items).toEqual(["“Visit” (Visit a page): +2 entries. Verification: tracked."]);
    expect(withActions.paragraphs.map((p) => p.text)).toContain(
      "Actions close when entries close; nothing done after the entry list is frozen counts.",
    );
    expect(withActions.after?.map((p) => p.text)).toContain("Change 1, x: added.");
  });
});
