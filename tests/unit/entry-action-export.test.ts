/** The entry actions' export rules (decision 079): what each cell, property and tag carries, and when an answer is withheld. */
import { describe, expect, it } from "vitest";
import { csvRow } from "~/domain/csv";
import {
  actionCsvHeader,
  actionCsvValues,
  klaviyoActionProperties,
  klaviyoProfileImport,
  mailchimpActionTags,
} from "~/domain/entry-action-export";
import { actionCompletedData, redactWebhookBody } from "~/domain/webhooks";

const actions = [
  { id: "v", kind: "visit", label: "Visit", choices: [] },
  { id: "q", kind: "question", label: "Colour", choices: ["Red", "Blue"] },
  { id: "t", kind: "question", label: "About you", choices: [] },
  { id: "d", kind: "daily", label: "Daily", choices: [] },
  { id: "f", kind: "follow", label: "Follow", choices: [] },
  { id: "c", kind: "code", label: "Code", choices: [] },
];
const done = [
  { actionId: "v", answer: null, disqualified: false },
  { actionId: "q", answer: "Blue", disqualified: false },
  { actionId: "t", answer: "=1+1", disqualified: false },
  { actionId: "d", answer: null, disqualified: false },
  { actionId: "d", answer: null, disqualified: false },
  { actionId: "f", answer: "anne", disqualified: true },
];

describe("the entries CSV's action cells", () => {
  it("names each action and fills done, days, rejected and the answer only with consent", () => {
    expect(actionCsvHeader(actions)).toEqual([
      "action 1: Visit",
      "action 2: Colour",
      "action 3: About you",
      "action 4: Daily",
      "action 5: Follow",
      "action 6: Code",
    ]);
    expect(csvRow(actionCsvValues(actions, done, { consent: true, erased: false }))).toBe("yes,Blue,'=1+1,2,rejected,\r\n");
    expect(actionCsvValues(actions, done, { consent: false, erased: false })).toEqual(["yes", "answered", "answered", 2, "rejected", null]);
    expect(actionCsvValues(actions, done, { consent: true, erased: true })).toEqual([null, null, null, null, null, null]);
  });
});

describe("the email tools' shapes", () => {
  it("Klaviyo: one property per counted action, named by campaign; a rejected claim's property unset", () => {
    expect(klaviyoActionProperties("  Summer  drop ", actions, done)).toEqual({
      properties: {
        "Giveawear: Summer drop: Visit": true,
        "Giveawear: Summer drop: Colour": "Blue",
        "Giveawear: Summer drop: About you": "=1+1",
        "Giveawear: Summer drop: Daily": 2,
      },
      unset: ["Giveawear: Summer drop: Follow"],
    });
    expect(klaviyoProfileImport("a@example.com", { x: true }, ["y"])).toEqual({
      data: {
        type: "profile",
        attributes: { email: "a@example.com", properties: { x: true } },
        meta: { patch_properties: { unset: ["y"] } },
      },
    });
    expect(klaviyoProfileImport("a@example.com", { x: true })).toEqual({
      data: { type: "profile", attributes: { email: "a@example.com", properties: { x: true } } },
    });
  });

  it("Mailchimp: a tag per counted action and per chosen choice, at most 100 characters, no free text", () => {
    const { tags } = mailchimpActionTags("Summer drop", actions, done);
    expect(tags.filter((tag) => tag.status === "active").map((tag) => tag.name)).toEqual([
      "Summer drop: Visit",
      "Summer drop: Colour",
      "Summer drop: Colour: Blue",
      "Summer drop: About you",
      "Summer drop: Daily",
    ]);
    expect(tags.filter((tag) => tag.status === "inactive").map((tag) => tag.name)).toEqual(["Summer drop: Follow"]);
    const long = mailchimpActionTags("x".repeat(120), actions, done).tags;
    expect(long.every((tag) => tag.name.length <= 100)).toBe(true);
  });

  it("Mailchimp: a rejected answer's tags are sent inactive, unless another counted action shares the name", () => {
    const rejected = [{ actionId: "q", answer: "Red", disqualified: true }];
    expect(mailchimpActionTags("Drop", actions, rejected).tags).toEqual([
      { name: "Drop: Colour", status: "inactive" },
      { name: "Drop: Colour: Red", status: "inactive" },
    ]);
    const twins = [
      { id: "a", kind: "visit", label: "Same", choices: [] },
      { id: "b", kind: "visit", label: "Same", choices: [] },
    ];
    const oneCounts = [
      { actionId: "a", answer: null, disqualified: false },
      { actionId: "b", answer: null, disqualified: true },
    ];
    expect(mailchimpActionTags("Drop", twins, oneCounts).tags).toEqual([{ name: "Drop: Same", status: "active" }]);
  });
});

describe("entry.action_completed's object", () => {
  const facts = {
    campaignId: "camp",
    entryId: "entry",
    email: "a@example.com",
    action: { id: "t", kind: "question", label: "About you", bonus: 2, verification: "answered" },
    answer: "Hoodies",
    day: "",
    completedAt: new Date(1_700_000_000_000),
    totalEntries: 3,
  };

  it("carries the email and answer only with consent; an erasure blanks them", () => {
    expect(actionCompletedData({ ...facts, marketingConsent: true })).toMatchObject({
      email: "a@example.com",
      answer: "Hoodies",
      handle: null,
      day: null,
      completed_at: 1_700_000_000,
    });
    expect(actionCompletedData({ ...facts, marketingConsent: false })).toMatchObject({ email: null, answer: null });
    const follow = actionCompletedData({ ...facts, marketingConsent: false, action: { ...facts.action, kind: "follow" }, answer: "anne" });
    expect(follow).toMatchObject({ handle: "anne", answer: null });
    const body = JSON.stringify({
      id: "evt",
      type: "entry.action_completed",
      created: 1,
      data: actionCompletedData({ ...facts, marketingConsent: true }),
    });
    expect(JSON.parse(redactWebhookBody(body)).data).toMatchObject({ email: null, answer: null, handle: null, erased: true });
  });
});
