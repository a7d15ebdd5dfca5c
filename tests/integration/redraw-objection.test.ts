/**
 * A replaced winner's "I did claim this prize" (decision 105), over real HTTP: the real draw and
 * redraw through the creator's page, the objection from the replaced winner's own claim link.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainInfoJson } from "~/domain/beacon";
import { formatZonedDateTimeWithUtc } from "~/domain/campaign-time-zone";
import { signClaimToken } from "~/domain/claims";
import { OBJECTION_MESSAGES, OBJECTION_PRIVACY, objectionLine } from "~/domain/redraw-objection";
import { campaignDrawJsonPath, campaignDrawPath, claimPath } from "~/paths";
import { prisma } from "~/server/core/db.server";
import { eraseEntries } from "~/server/data-rights/erase.server";
import { freezeEntryList } from "~/server/draw/freeze.server";
import { verifyDraw as verifyIndependently } from "~/verifier/verify";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { addConfirmedEntries, endedCampaignOn, passClaimWindow, publishedDrawFiles, setUpFakeBeacon } from "../helpers/draw";
import { signedInJar } from "../helpers/wizard";
import { DAY, claimPathFromEmail, pagesOf } from "../helpers/winners";

let app: InProcessAppServer;
const beacon = setUpFakeBeacon();

beforeAll(async () => {
  app = await startAppServer();
  await app.resetConfig();
  await prisma.platformSetting.update({ where: { key: "autoPickWinnerEnabled" }, data: { value: "false" } });
});

afterAll(async () => {
  await prisma.platformSetting.update({ where: { key: "autoPickWinnerEnabled" }, data: { value: "true" } });
  await app.close();
});

const { getPage, postForm } = pagesOf(() => app.url);

/** A campaign of a signed-in creator, drawn and then redrawn after its claim window: both winners' links. */
async function redrawnCampaign() {
  const { jar, userId, email: creatorEmail } = await signedInJar("objection-owner");
  const end = new Date(Date.now() - DAY);
  const campaign = await endedCampaignOn(beacon, end, { creatorId: userId });
  await addConfirmedEntries(
    campaign.id,
    Array.from({ length: 5 }, (_, i) => ({
      email: `objector${i}-${campaign.id}@example.com`,
      createdAt: new Date(end.getTime() - DAY + i * 1000),
    })),
  );
  expect((await freezeEntryList(campaign.id, { now: new Date(end.getTime() + 60_000) })).kind).toBe("frozen");
  const dashboard = `/dashboard/campaigns/${campaign.id}/draw`;
  expect((await postForm(dashboard, { intent: "draw" }, jar.header())).status).toBe(303);
  const first = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
  const replacedLink = await claimPathFromEmail(first.winnerEmail ?? "");
  await passClaimWindow(campaign.id, 15 * DAY);
  expect((await postForm(dashboard, { intent: "redraw", rank: "1" }, jar.header())).status).toBe(303);
  const second = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
  const currentLink = await claimPathFromEmail(second.winnerEmail ?? "");
  return { campaign: second, jar, creatorEmail, dashboard, replacedLink, currentLink, replacedEntryId: first.winnerEntryId ?? "" };
}

const objectionsOf = (campaignId: string) => prisma.redrawObjection.findMany({ where: { campaignId } });
const creatorEmails = (to: string) => prisma.outboundEmail.findMany({ where: { to, template: "redraw_objection" } });

describe("a replaced winner's objection (decision 105)", () => {
  it("is offered on the replaced winner's link, stored, emailed to the creator, shown on the draw pages and in draw.json, once", async () => {
    const { campaign, jar, creatorEmail, dashboard, replacedLink, replacedEntryId } = await redrawnCampaign();
    const page = await getPage(replacedLink);
    expect(page.status).toBe(410);
    expect(page.html).toContain("Did you claim this prize in time?");
    expect(page.html).toContain('name="intent" value="redraw-objection"');

    // An empty message: 400, the form again with what is wrong, nothing stored.
    const empty = await postForm(replacedLink, { intent: "redraw-objection", message: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(OBJECTION_MESSAGES.messageRequired);
    const tooLong = await postForm(replacedLink, { intent: "redraw-objection", message: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain(OBJECTION_MESSAGES.messageMax);
    expect(await objectionsOf(campaign.id)).toEqual([]);

    const message = "I claimed on day 3 and got no confirmation <b>at all</b>.";
    const sent = await postForm(replacedLink, { intent: "redraw-objection", message });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(replacedLink);
    const [stored, ...more] = await objectionsOf(campaign.id);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ rank: 1, entryId: replacedEntryId, message });

    // The creator is emailed, with the message, and a reply reaches the winner.
    const emails = await creatorEmails(creatorEmail);
    expect(emails).toHaveLength(1);
    const replaced = await prisma.entry.findUniqueOrThrow({ where: { id: replacedEntryId } });
    expect(emails[0]).toMatchObject({ replyTo: replaced.email });
    expect(emails[0]?.text).toContain(message);
    expect(emails[0]?.html).toContain("&lt;b&gt;at all&lt;/b&gt;");

    // The link now says it was sent, and when.
    const after = await getPage(replacedLink);
    const sentAt = formatZonedDateTimeWithUtc(stored!.createdAt, campaign.timeZone);
    expect(after.html).toContain("You told the organiser on");
    expect(after.html).not.toContain('value="redraw-objection"');

    // A second objection changes nothing and says so.
    const again = await postForm(replacedLink, { intent: "redraw-objection", message: "Another try" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(OBJECTION_MESSAGES.already);
    expect(await objectionsOf(campaign.id)).toMatchObject([{ id: stored!.id, message }]);
    expect(await creatorEmails(creatorEmail)).toHaveLength(1);

    // The public draw page: the count and the time, never the message.
    const draw = await getPage(campaignDrawPath(campaign.id));
    expect(draw.status).toBe(200);
    expect(draw.html).toContain(objectionLine([sentAt]));
    expect(draw.html).toContain(OBJECTION_PRIVACY);
    expect(draw.html).not.toContain("got no confirmation");

    // draw.json: the rank and the time, no message, no entry; every verifier still says MATCH.
    const json = await getPage(campaignDrawJsonPath(campaign.id));
    const record = JSON.parse(json.html) as { draw: { objections: unknown } };
    expect(record.draw.objections).toEqual([{ rank: 1, at: stored!.createdAt.toISOString() }]);
    expect(json.html).not.toContain("got no confirmation");
    const files = await publishedDrawFiles(campaign.id);
    const verified = await verifyIndependently({
      record,
      csvBytes: files.csvBytes,
      actionsBytes: files.actionsBytes,
      chainInfo: { json: chainInfoJson(beacon.fake().chain), source: "test relay" },
      now: Date.now(),
    });
    expect(verified.checks.filter((check) => check.ok !== true)).toEqual([]);
    expect(verified.verdict).toBe("MATCH");

    // The creator's draw page shows it with its message and the winner's address.
    const creatorPage = await getPage(dashboard, jar.header());
    expect(creatorPage.html).toContain("Replaced winners who say they claimed");
    expect(creatorPage.html).toContain("I claimed on day 3 and got no confirmation &lt;b&gt;at all&lt;/b&gt;.");
    expect(creatorPage.html).toContain(replaced.email);

    // An erasure (decision 057) takes the message; the published rank and time stay.
    await eraseEntries([replacedEntryId]);
    expect(await objectionsOf(campaign.id)).toMatchObject([{ id: stored!.id, rank: 1, message: "" }]);
    const erasedJson = JSON.parse((await getPage(campaignDrawJsonPath(campaign.id))).html) as { draw: { objections: unknown } };
    expect(erasedJson.draw.objections).toEqual([{ rank: 1, at: stored!.createdAt.toISOString() }]);
  });

  it("is refused to the current winner and to a link we never signed", async () => {
    const { campaign, currentLink, replacedEntryId } = await redrawnCampaign();
    const current = await postForm(currentLink, { intent: "redraw-objection", message: "I won it" });
    expect(current.status).toBe(403);
    const forged = await signClaimToken("not-the-server-secret", {
      campaignId: campaign.id,
      entryId: replacedEntryId,
      rank: 1,
      deadline: new Date(Date.now() + DAY),
    });
    const refused = await postForm(claimPath(forged), { intent: "redraw-objection", message: "I claimed it" });
    expect(refused.status).toBe(404);
    expect(await objectionsOf(campaign.id)).toEqual([]);
    expect((await getPage(campaignDrawPath(campaign.id))).html).not.toContain("says they claimed in time");
  });
});
