import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatZonedDate } from "~/domain/campaign-time-zone";
import { prisma } from "~/server/core/db.server";
import { campaignsAwaitingNotification, notifyWinners } from "~/server/draw/notify.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { claimPathFromEmail, drawnCampaign, pagesOf } from "../helpers/winners";

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

const { getPage } = pagesOf(() => app.url);

describe("notifying winners", () => {
  it("queues one winner email with a working claim link and the bonus gift, the prize emails, and never twice", async () => {
    const { campaign, winner, prizeWinners, deadline } = await drawnCampaign({
      prizes: [
        { rank: 2, title: "$25 store credit", code: "CREDIT-777" },
        { rank: 3, title: "Sticker pack" },
      ],
    });
    expect(await campaignsAwaitingNotification(1000)).toContain(campaign.id);

    expect(await notifyWinners(campaign.id)).toBe(3);
    const mail = await prisma.outboundEmail.findMany({
      where: { dedupeKey: { startsWith: `winner:${campaign.id}:` } },
      orderBy: { dedupeKey: "asc" },
    });
    expect(mail.map((m) => [m.dedupeKey, m.to, m.template])).toEqual([
      [`winner:${campaign.id}:1:${winner.id}`, winner.email, "winner_notification"],
      [`winner:${campaign.id}:2:${prizeWinners[0]?.id}`, prizeWinners[0]?.email, "additional_prize_winner"],
      [`winner:${campaign.id}:3:${prizeWinners[1]?.id}`, prizeWinners[1]?.email, "additional_prize_winner"],
    ]);
    const [grand, second, third] = mail;
    expect(grand?.subject).toBe(`You won ${campaign.title} T-Shirt from Test Brand!`);
    expect(grand?.text).toContain("http://localhost:3000/claim/");
    expect(grand?.text).toContain("Claim your prize by choosing your size, style and colour");
    expect(grand?.text).toContain("Bonus gift: Studio gift card");
    expect(grand?.text).toContain("Gift code: GIFT-4242");
    expect(grand?.text).toContain("How to redeem: Redeem at checkout.");
    const deadlineText = formatZonedDate(deadline, "UTC");
    expect(grand?.text).toContain(deadlineText);
    expect(second?.text).toContain("$25 store credit");
    expect(second?.text).toContain("Your code: CREDIT-777");
    expect(second?.text).toContain("2nd prize");
    // Every tier's winner claims through their own signed link (decision 050).
    expect(second?.text).toContain("http://localhost:3000/claim/");
    expect(third?.text).toContain("http://localhost:3000/claim/");
    expect(third?.text).toContain("confirm it's you");

    const row = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.winnersNotifiedAt).not.toBeNull();
    expect(await campaignsAwaitingNotification(1000)).not.toContain(campaign.id);

    // A rerun (a crash before winnersNotifiedAt, or a second instance) mails no one again.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { winnersNotifiedAt: null } });
    expect(await notifyWinners(campaign.id)).toBe(0);
    expect(await prisma.outboundEmail.count({ where: { dedupeKey: { startsWith: `winner:${campaign.id}:` } } })).toBe(3);

    const { status, html } = await getPage(await claimPathFromEmail(winner.email));
    expect(status).toBe(200);
    expect(html).toContain("Claim your prize");
    expect(html).toContain("Studio gift card");
  });

  it("skips campaigns without a winner", async () => {
    const campaign = await createCampaign({ status: "completed" });
    expect(await campaignsAwaitingNotification(1000)).not.toContain(campaign.id);
    expect(await notifyWinners(campaign.id)).toBe(0);
  });
});
