/**
 * The winner emails' claim_* tokens were called redemption_* until the claim deadline got one name.
 * Templates an admin saved with the earlier names still fill them; an unedited template holding the
 * earlier default is brought up to the claim_* default by the seed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatZonedDate } from "~/domain/campaign-time-zone";
import { prisma } from "~/server/core/db.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { clearEmailTemplateCache } from "~/server/email/outbox.server";
import { EARLIER_EMAIL_TEMPLATE_DEFAULTS, EMAIL_TEMPLATE_DEFAULTS } from "~/domain/email-template-defaults";
import { seed } from "~/server/startup/seed.server";
import { drawnCampaign } from "../helpers/winners";

/** The default this template had just before the claim_* names (the latest earlier default with the earlier names). */
function defaultBeforeClaimNames(id: string) {
  const earlier = EARLIER_EMAIL_TEMPLATE_DEFAULTS.filter(
    (candidate) => candidate.id === id && candidate.htmlBody.includes("{{redemption_link}}"),
  ).at(-1)!;
  expect(earlier.htmlBody).toContain("{{redemption_link}}");
  return { subject: earlier.subject, htmlBody: earlier.htmlBody };
}

function currentDefault(id: string) {
  const template = EMAIL_TEMPLATE_DEFAULTS.find((candidate) => candidate.id === id)!;
  return { subject: template.subject, htmlBody: template.htmlBody };
}

async function storeTemplate(id: string, values: { subject: string; htmlBody: string }) {
  await prisma.emailTemplate.update({ where: { id }, data: values });
  clearEmailTemplateCache();
}

afterEach(async () => {
  for (const id of ["winner_notification", "additional_prize_winner"]) await storeTemplate(id, currentDefault(id));
});

describe("claim token names", () => {
  it("fills a template an admin saved with the earlier redemption_* names", async () => {
    const winner = defaultBeforeClaimNames("winner_notification");
    const prize = defaultBeforeClaimNames("additional_prize_winner");
    await storeTemplate("winner_notification", { ...winner, htmlBody: winner.htmlBody.replace("Congratulations!", "Well done!") });
    await storeTemplate("additional_prize_winner", { ...prize, htmlBody: prize.htmlBody.replace("Good news!", "Great news!") });
    const {
      campaign,
      winner: entry,
      deadline,
    } = await drawnCampaign({ prizes: [{ rank: 2, title: "$25 store credit", code: "CREDIT-9" }] });

    expect(await notifyWinners(campaign.id)).toBe(2);

    const mail = await prisma.outboundEmail.findMany({
      where: { dedupeKey: { startsWith: `winner:${campaign.id}:` } },
      orderBy: { dedupeKey: "asc" },
    });
    const [grand, second] = mail;
    expect(grand?.to).toBe(entry.email);
    expect(grand?.html).toContain("Well done!");
    expect(grand?.html).toMatch(/href="http:\/\/localhost:3000\/claim\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"/);
    const deadlineText = formatZonedDate(deadline, "UTC");
    expect(grand?.text).toMatch(new RegExp(`Please claim it before [^;]*${deadlineText}[^;]*;`));
    expect(second?.html).toContain("Great news!");
    // claim_link (and its earlier name redemption_link) is the tier's own claim link (decision 050).
    expect(second?.html).toMatch(/<a href="http:\/\/localhost:3000\/claim\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+">/);
  });

  it("brings a template still holding the default from before the claim_* names up to date, and leaves an edited one alone", async () => {
    const winner = defaultBeforeClaimNames("winner_notification");
    const prize = defaultBeforeClaimNames("additional_prize_winner");
    const editedPrize = { ...prize, htmlBody: prize.htmlBody.replace("Good news!", "Great news!") };
    await storeTemplate("winner_notification", winner);
    await storeTemplate("additional_prize_winner", editedPrize);

    expect((await seed(prisma, { demo: false })).emailTemplatesUpdated).toBe(1);

    expect(await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "winner_notification" } })).toMatchObject(
      currentDefault("winner_notification"),
    );
    expect(await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "additional_prize_winner" } })).toMatchObject(editedPrize);
  });
});
