/**
 * Decision 051: claim reminders (3 days and 1 day before each prize's deadline, once each, only
 * while unclaimed), the creator's unclaimed-prize notice, winner emails that name the prize and the
 * brand, a text part for every template, and the Reply-To that reaches the brand.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLIER_EMAIL_TEMPLATE_DEFAULTS, EMAIL_TEMPLATE_DEFAULTS } from "~/domain/email-template-defaults";
import { SAMPLE_TOKENS } from "~/domain/templates";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { clearEmailTemplateCache, queueTemplatedEmail } from "~/server/email/outbox.server";
import { deliverEmail } from "~/server/email/delivery.server";
import { seed } from "~/server/startup/seed.server";
import { sendClaimFollowUps } from "~/server/jobs/claim-reminders.server";
import { runJobsOnce } from "~/server/jobs/run.server";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { CLAIM, DAY, addEntry, claimPathFromEmail, drawnCampaign, pagesOf, uniqueEmail } from "../helpers/winners";

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

const { getPage, postForm } = pagesOf(() => app.url);
const HOUR = 60 * 60 * 1000;

/** A drawn "Night Owl Club Tee" by Owl Labs with a 2nd prize, its winners already emailed. */
async function owlCampaign(options: { supportEmail?: string; logo?: boolean } = {}) {
  const creator = await prisma.user.create({ data: { email: `creator-${randomBytes(4).toString("hex")}@example.com` } });
  const drawn = await drawnCampaign({ creatorId: creator.id, prizes: [{ rank: 2, title: "$25 Owl Labs gift card", code: "OWL-25" }] });
  const campaign = await prisma.campaign.update({
    where: { id: drawn.campaign.id },
    data: {
      title: "Night Owl Club Tee",
      brandName: "Owl Labs",
      logoUrl: options.logo === false ? null : "/uploads/logo/owl-labs.png",
      finalDesignUrl: "/uploads/ai_design/owl123.png",
      supportEmail: options.supportEmail ?? "",
    },
  });
  expect(await notifyWinners(campaign.id)).toBe(2);
  const tier = await prisma.additionalPrize.findFirstOrThrow({ where: { campaignId: campaign.id, rank: 2 } });
  return { ...drawn, campaign, creator, tier, tierDeadline: tier.claimDeadline! };
}

function followUps(campaignId: string) {
  return prisma.outboundEmail
    .findMany({
      where: { OR: [{ dedupeKey: { startsWith: "claim-reminder-" } }, { dedupeKey: { startsWith: "prize-unclaimed:" } }] },
      orderBy: { createdAt: "asc" },
    })
    .then((rows) => rows.filter((row) => row.dedupeKey?.includes(`:${campaignId}:`)));
}

describe("winner emails", () => {
  it("say 'You won {prize} from {brand}!' with the prize's picture, the brand's logo and the contact form when there is no support address", async () => {
    const { campaign, winner, prizeWinners } = await owlCampaign();
    const grand = await prisma.outboundEmail.findFirstOrThrow({ where: { to: winner.email, template: "winner_notification" } });
    expect(grand.subject).toBe("You won Night Owl Club Tee from Owl Labs!");
    // PNG and JPEG renditions: Outlook shows no WebP (decision 081).
    expect(grand.html).toContain('src="http://localhost:3000/mockups/t-shirt/white/800/ai_design/owl123.png.jpg"');
    expect(grand.html).toContain('src="http://localhost:3000/uploads/logo/owl-labs.png?w=400&amp;format=png"');
    expect(grand.replyTo).toBeNull();
    expect(grand.text).toContain("contact form at http://localhost:3000/contact");
    expect(grand.text).not.toContain("Reply to this email");
    expect(grand.text).toContain("Please don't reply to this email");
    expect(grand.text).not.toContain("<");

    const tier = await prisma.outboundEmail.findFirstOrThrow({
      where: { to: prizeWinners[0]!.email, template: "additional_prize_winner" },
    });
    expect(tier.subject).toBe("You won $25 Owl Labs gift card from Owl Labs!");
    // The tier's own signed link (the token carries rank 2), not the grand prize's.
    const tierLink = /http:\/\/localhost:3000\/claim\/[A-Za-z0-9_.-]+/.exec(tier.text ?? "")?.[0];
    const grandLink = /http:\/\/localhost:3000\/claim\/[A-Za-z0-9_.-]+/.exec(grand.text ?? "")?.[0];
    expect(tierLink).toBeTruthy();
    expect(tierLink).not.toBe(grandLink);
    // No picture for a tier without one: no broken image.
    expect(tier.html).not.toContain('src=""');
    expect(campaign.id).toBeTruthy();
  });

  it("leave out the logo of a brand without one, and name a titled giveaway's prize by its product", async () => {
    const { campaign, winner } = await owlCampaign({ logo: false });
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: { title: "Win the Owl Labs Summer Launch giveaway", winnersNotifiedAt: null },
    });
    const other = await addEntry(campaign.id, uniqueEmail("second-winner"));
    await prisma.campaign.update({ where: { id: campaign.id }, data: { winnerEntryId: other.id, winnerEmail: other.email } });
    await notifyWinners(campaign.id);
    const grand = await prisma.outboundEmail.findFirstOrThrow({ where: { to: other.email, template: "winner_notification" } });
    expect(grand.subject).toBe("You won Owl Labs Summer Launch T-Shirt from Owl Labs!");
    expect(grand.html).not.toContain('<img src=""');
    expect(grand.html).not.toContain("uploads/logo");
    expect(winner.id).not.toBe(other.id);
  });

  it("render a plain-text part for every template", async () => {
    for (const template of EMAIL_TEMPLATE_DEFAULTS) {
      const row = await queueTemplatedEmail(prisma, { to: "sample@example.com", template: template.id, tokens: SAMPLE_TOKENS });
      expect(row.text, template.id).toBeTruthy();
      expect(row.text, template.id).not.toMatch(/<\/?(?:p|a|div|strong|img|br|span)\b|\{\{/i);
      // Every link of the HTML is spelled out in the text.
      for (const [, href] of row.html.matchAll(/<a\s[^>]*href="([^"]+)"/g))
        expect(row.text, template.id).toContain(href!.replace(/&amp;/g, "&"));
    }
  });
});

describe("templates in the database", () => {
  it("an unedited winner template from before decision 051 is brought up to date by the seed; an edited one is left alone", async () => {
    const before051 = (id: string) =>
      EARLIER_EMAIL_TEMPLATE_DEFAULTS.filter((candidate) => candidate.id === id && candidate.htmlBody.includes("{{claim_link}}")).at(-1)!;
    const winner = before051("winner_notification");
    const prize = before051("additional_prize_winner");
    expect(winner.subject).toBe("You won the {{campaign_title}} giveaway!");
    const editedPrize = { subject: prize.subject, htmlBody: prize.htmlBody.replace("Good news!", "Hooray!") };
    await prisma.emailTemplate.update({
      where: { id: "winner_notification" },
      data: { subject: winner.subject, htmlBody: winner.htmlBody },
    });
    await prisma.emailTemplate.update({ where: { id: "additional_prize_winner" }, data: editedPrize });
    try {
      expect((await seed(prisma, { demo: false })).emailTemplatesUpdated).toBe(1);
      const current = EMAIL_TEMPLATE_DEFAULTS.find((template) => template.id === "winner_notification")!;
      expect(await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "winner_notification" } })).toMatchObject({
        subject: current.subject,
        htmlBody: current.htmlBody,
      });
      expect(await prisma.emailTemplate.findUniqueOrThrow({ where: { id: "additional_prize_winner" } })).toMatchObject(editedPrize);
    } finally {
      const restore = EMAIL_TEMPLATE_DEFAULTS.find((template) => template.id === "additional_prize_winner")!;
      await prisma.emailTemplate.update({
        where: { id: "additional_prize_winner" },
        data: { subject: restore.subject, htmlBody: restore.htmlBody },
      });
      clearEmailTemplateCache();
    }
  });
});

describe("claim reminders", () => {
  it("remind the winner 3 days and 1 day before the deadline, exactly once each, with a working claim link", async () => {
    const { campaign, winner, deadline } = await owlCampaign();

    await sendClaimFollowUps(new Date(deadline.getTime() - 4 * DAY));
    expect(await followUps(campaign.id)).toHaveLength(0);

    const threeDays = new Date(deadline.getTime() - 3 * DAY + HOUR);
    await sendClaimFollowUps(threeDays);
    await sendClaimFollowUps(threeDays);
    await Promise.all([sendClaimFollowUps(threeDays), sendClaimFollowUps(threeDays), runJobsOnce(threeDays)]);
    let sent = await followUps(campaign.id);
    expect(sent.map((row) => [row.dedupeKey, row.to])).toEqual([[`claim-reminder-3d:${campaign.id}:1:${winner.id}`, winner.email]]);
    expect(sent[0]!.subject).toBe("3 days left to claim Night Owl Club Tee from Owl Labs");
    const link = /http:\/\/localhost:3000(\/claim\/[A-Za-z0-9_.-]+)/.exec(sent[0]!.text ?? "")?.[1];
    expect(link).toBe(await claimPathFromEmail(winner.email));
    const page = await getPage(link!);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Claim your prize");

    const oneDay = new Date(deadline.getTime() - DAY + HOUR);
    await Promise.all([sendClaimFollowUps(oneDay), sendClaimFollowUps(oneDay)]);
    await sendClaimFollowUps(oneDay);
    sent = await followUps(campaign.id);
    expect(sent.map((row) => row.dedupeKey)).toEqual([
      `claim-reminder-3d:${campaign.id}:1:${winner.id}`,
      `claim-reminder-1d:${campaign.id}:1:${winner.id}`,
    ]);
    expect(sent[1]!.subject).toBe("1 day left to claim Night Owl Club Tee from Owl Labs");
    // The lease is given back after each pass.
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).claimReminderLeaseUntil).toBeNull();
  });

  it("send only the nearer reminder when the 3-day window was missed, and remind a tier's winner with the tier's link", async () => {
    const { campaign, prizeWinners, tierDeadline } = await owlCampaign();
    await sendClaimFollowUps(new Date(tierDeadline.getTime() - 12 * HOUR));
    const sent = await followUps(campaign.id);
    expect(sent.map((row) => row.dedupeKey)).toEqual([`claim-reminder-1d:${campaign.id}:2:${prizeWinners[0]!.id}`]);
    expect(sent[0]!.subject).toBe("1 day left to claim $25 Owl Labs gift card from Owl Labs");
    const tierEmail = await prisma.outboundEmail.findFirstOrThrow({
      where: { to: prizeWinners[0]!.email, template: "additional_prize_winner" },
    });
    const link = (text: string | null) => /\/claim\/[A-Za-z0-9_.-]+/.exec(text ?? "")?.[0];
    expect(link(sent[0]!.text)).toBe(link(tierEmail.text));

    // A tier cannot be redrawn: the creator's notice only points at the draw panel.
    await sendClaimFollowUps(new Date(tierDeadline.getTime() + HOUR));
    const notice = (await followUps(campaign.id)).find(
      (row) => row.dedupeKey === `prize-unclaimed:${campaign.id}:2:${prizeWinners[0]!.id}`,
    );
    expect(notice?.subject).toBe("Prize not claimed: $25 Owl Labs gift card in Night Owl Club Tee");
    expect(notice?.text).toContain("Open your campaign's draw panel to see this prize and its winner.");
    expect(notice?.text).not.toContain("draw another winner");
  });

  it("stop once the prize is claimed, and never remind after the deadline", async () => {
    const { campaign, winner, deadline } = await owlCampaign();
    const claimed = await postForm(await claimPathFromEmail(winner.email), CLAIM);
    expect(claimed.status).toBeLessThan(400);
    expect(await prisma.order.count({ where: { campaignId: campaign.id, prizeRank: 1 } })).toBe(1);
    await sendClaimFollowUps(new Date(deadline.getTime() - 3 * DAY + HOUR));
    await sendClaimFollowUps(new Date(deadline.getTime() - DAY + HOUR));
    await sendClaimFollowUps(new Date(deadline.getTime() + HOUR));
    expect((await followUps(campaign.id)).filter((row) => row.dedupeKey?.includes(":1:"))).toHaveLength(0);
  });
});

describe("unclaimed prizes", () => {
  it("tell the creator once, with the draw panel's link, and a redraw's winner gets their own reminders", async () => {
    const { campaign, creator, winner, deadline } = await owlCampaign();
    const after = new Date(deadline.getTime() + HOUR);
    await Promise.all([sendClaimFollowUps(after), sendClaimFollowUps(after)]);
    await sendClaimFollowUps(new Date(deadline.getTime() + 2 * DAY));
    let sent = (await followUps(campaign.id)).filter((row) => row.dedupeKey?.includes(":1:"));
    expect(sent.map((row) => [row.dedupeKey, row.to, row.template])).toEqual([
      [`prize-unclaimed:${campaign.id}:1:${winner.id}`, creator.email, "prize_unclaimed"],
    ]);
    expect(sent[0]!.subject).toBe("Prize not claimed: Night Owl Club Tee in Night Owl Club Tee");
    const drawLink = `http://localhost:3000/dashboard/campaigns/${campaign.id}/draw`;
    expect(sent[0]!.text).toContain(drawLink);
    expect(sent[0]!.text).toContain("You can draw another winner for it in your campaign's draw panel");

    // The creator draws again: another entry, a fresh window, its own winner email.
    const next = await addEntry(campaign.id, uniqueEmail("redraw"));
    const newDeadline = new Date(after.getTime() + 14 * DAY);
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: { winnerEntryId: next.id, winnerEmail: next.email, claimDeadline: newDeadline, winnersNotifiedAt: null },
    });
    await notifyWinners(campaign.id);
    await sendClaimFollowUps(new Date(newDeadline.getTime() - 3 * DAY + HOUR));
    await sendClaimFollowUps(new Date(newDeadline.getTime() + HOUR));
    sent = (await followUps(campaign.id)).filter((row) => row.dedupeKey?.includes(":1:"));
    expect(sent.map((row) => [row.dedupeKey, row.to])).toEqual([
      [`prize-unclaimed:${campaign.id}:1:${winner.id}`, creator.email],
      [`claim-reminder-3d:${campaign.id}:1:${next.id}`, next.email],
      [`prize-unclaimed:${campaign.id}:1:${next.id}`, creator.email],
    ]);
  });

  it("are not announced a week after the deadline (no backlog of old campaigns)", async () => {
    const { campaign, deadline } = await owlCampaign();
    await sendClaimFollowUps(new Date(deadline.getTime() + 8 * DAY));
    expect(await followUps(campaign.id)).toHaveLength(0);
  });
});

describe("Reply-To", () => {
  it("carries the brand's support address over SMTP, with a text part, and says replies reach the brand", async () => {
    const smtp = await startFakeSmtpServer();
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    try {
      const { winner } = await owlCampaign({ supportEmail: "help@owllabs.example" });
      const grand = await prisma.outboundEmail.findFirstOrThrow({ where: { to: winner.email, template: "winner_notification" } });
      expect(grand.replyTo).toBe("help@owllabs.example");
      expect(grand.text).toContain("Reply to this email to reach Owl Labs (help@owllabs.example)");
      expect((await deliverEmail(grand)).status).toBe("sent");
      const raw = smtp.received.find((mail) => mail.to.includes(winner.email))!.raw;
      expect(raw).toMatch(/^Reply-To: help@owllabs\.example\r?$/m);
      expect(raw).toContain("Content-Type: text/plain");
      expect(raw).toContain("Content-Type: text/html");
      expect(raw).toMatch(/^From: .*no-reply@/m);
    } finally {
      delete process.env.SMTP_URL;
      resetConfigForTests();
      await smtp.close();
    }
  });
});
