/**
 * The pending entry's write checks the campaign, the address's limit and the referrer itself
 * (decision 063): what this process read of the campaign a moment ago only chooses the path, so a
 * campaign that closed, filled or froze since then stores nothing, on both databases.
 */
import { describe, expect, it } from "vitest";
import { type EntryOutcome, type EntrySubmission, submitEntry, warmEntryPath } from "~/server/entries/submit.server";
import { entryStore } from "~/server/entries/store.server";
import { getConfig } from "~/server/core/config.server";
import { EntrySchema } from "~/domain/entries";
import { type Prisma, prisma } from "~/server/core/db.server";
import { createCampaign } from "../helpers/campaigns";

const DAY = 24 * 60 * 60 * 1000;
const ADDRESS = "198.51.100.77";
let addresses = 0;

/** What the entry form's action hands on: the form as the entry schema reads it, and the request's facts. */
const submission = (campaignId: string, email: string, extra: Partial<EntrySubmission> = {}): EntrySubmission => ({
  ...EntrySchema.parse({ email, agreedToTerms: "on" }),
  campaignId,
  // Each entrant from an address of its own, unless the test says otherwise.
  ip: `203.0.113.${++addresses}`,
  origin: "http://giveawear.test",
  ...extra,
});

/** A live campaign that this process has just read as taking entries (the path the write then checks). */
async function campaignReadAsOpen(overrides: Partial<Prisma.CampaignUncheckedCreateInput> = {}) {
  const campaign = await createCampaign(overrides);
  const read = await entryStore().recentCampaign(campaign.id);
  expect(read?.status).toBe("active");
  return campaign;
}

describe("a campaign that stopped taking entries after this process read it", () => {
  const changes: [string, Prisma.CampaignUncheckedUpdateInput, EntryOutcome["kind"]][] = [
    ["completed by the end-of-campaign job", { status: "completed" }, "ended"],
    ["ended early (its end date moved to the past)", { endDate: new Date(Date.now() - 1000) }, "ended"],
    ["frozen for the draw", { listFrozenAt: new Date() }, "ended"],
    ["filled by confirmations", { entryLimit: 2, entryCount: 2 }, "full"],
    ["moved to start tomorrow", { startDate: new Date(Date.now() + DAY) }, "upcoming"],
    ["taken back to a draft", { status: "draft" }, "not-found"],
  ];
  for (const [change, data, kind] of changes) {
    it(`${change}: nothing is stored and the entrant is told "${kind}"`, async () => {
      const campaign = await campaignReadAsOpen();
      await prisma.campaign.update({ where: { id: campaign.id }, data });
      expect(await submitEntry(submission(campaign.id, "late@example.com"))).toEqual({ kind });
      expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
      expect(await prisma.outboundEmail.count({ where: { to: "late@example.com", createdAt: { gte: campaign.createdAt } } })).toBe(0);
    });
  }

  it("still takes entries while it is open: under its cap, with no start or end date", async () => {
    const capped = await campaignReadAsOpen({ entryLimit: 3, entryCount: 2 });
    expect(await submitEntry(submission(capped.id, "under.cap@example.com"))).toMatchObject({ kind: "entered" });
    const open = await campaignReadAsOpen({ startDate: null, endDate: null });
    expect(await submitEntry(submission(open.id, "no.dates@example.com"))).toMatchObject({ kind: "entered" });
    expect(await prisma.entry.count({ where: { campaignId: { in: [capped.id, open.id] } } })).toBe(2);
  });
});

describe("the address's limit, counted by the write", () => {
  it("stores nothing from an address at its limit, and tells someone who entered before that they have", async () => {
    const campaign = await campaignReadAsOpen();
    const { ENTRY_LIMIT_PER_IP } = getConfig();
    await prisma.entry.createMany({
      data: Array.from({ length: ENTRY_LIMIT_PER_IP }, (_, i) => ({
        campaignId: campaign.id,
        email: `earlier${i}@example.com`,
        emailNormalized: `earlier${i}@example.com`,
        agreedToTerms: true,
        ip: ADDRESS,
      })),
    });
    expect(await submitEntry(submission(campaign.id, "one.more@example.com", { ip: ADDRESS }))).toEqual({ kind: "rate-limited" });
    expect(await submitEntry(submission(campaign.id, "earlier0@example.com", { ip: ADDRESS }))).toMatchObject({ kind: "already" });
    expect(await submitEntry(submission(campaign.id, "elsewhere@example.com", { ip: "198.51.100.78" }))).toMatchObject({ kind: "entered" });
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(ENTRY_LIMIT_PER_IP + 1);
  });
});

describe("the referrer, checked by the write", () => {
  it("keeps another address's entry of the same campaign, and no other", async () => {
    const campaign = await campaignReadAsOpen();
    const other = await createCampaign();
    const [friend, elsewhere] = await Promise.all([
      prisma.entry.create({
        data: { campaignId: campaign.id, email: "friend@example.com", emailNormalized: "friend@example.com", agreedToTerms: true },
      }),
      prisma.entry.create({
        data: { campaignId: other.id, email: "far@example.com", emailNormalized: "far@example.com", agreedToTerms: true },
      }),
    ]);
    const referred = [
      ["referred@example.com", friend.id],
      ["other.campaign@example.com", elsewhere.id],
      ["made.up@example.com", "zzzzzzzzzzzzzzzzzzzzzzzz"],
    ] as const;
    for (const [email, referrerId] of referred) {
      expect(await submitEntry(submission(campaign.id, email, { referrerId }))).toMatchObject({ kind: "entered" });
    }
    const stored = await prisma.entry.findMany({
      where: { campaignId: campaign.id, NOT: { id: friend.id } },
      select: { email: true, referrerId: true },
    });
    expect(Object.fromEntries(stored.map((entry) => [entry.email, entry.referrerId]))).toEqual({
      "referred@example.com": friend.id,
      "other.campaign@example.com": null,
      "made.up@example.com": null,
    });
  });
});

describe("a worker's warm-up of the entry path (issue 31)", () => {
  it("runs the pending entry's write and rolls it back: nothing stored, and the same address enters afterwards", async () => {
    const campaign = await campaignReadAsOpen();
    const countBefore = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id }, select: { entryCount: true } });
    for (let round = 0; round < 3; round++) await warmEntryPath(campaign.id, "http://giveawear.test");
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect(await prisma.outboundEmail.count({ where: { to: "warm-up@giveawear.invalid" } })).toBe(0);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id }, select: { entryCount: true } })).toEqual(countBefore);
    // The warm-up's made-up address is not taken: an entrant with it is stored like any other.
    expect(await submitEntry(submission(campaign.id, "warm-up@giveawear.invalid"))).toMatchObject({ kind: "entered" });
    expect(await prisma.outboundEmail.count({ where: { to: "warm-up@giveawear.invalid", template: "entry_confirm_request" } })).toBe(1);
  });
});
