/**
 * The winners' SMS (decision 094), over real HTTP against a fake Twilio on 127.0.0.1 that speaks the
 * Messages API and signs its webhooks as Twilio does: the entry form's phone number is checked and
 * stored in E.164; a winner with one gets a text with their claim link through Twilio; the status
 * callback records delivery and a forged one is refused; a STOP reply stops the reminder that would
 * have followed; without Twilio configured the text waits in the SMS outbox and the dev mailbox shows
 * it; erasing the entrant's data removes the number and the texts' contents.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/core/db.server";
import { resetConfigForTests } from "~/server/core/config.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { sendClaimFollowUps } from "~/server/jobs/claim-reminders.server";
import { deliverDueSms } from "~/server/sms/sms.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { postForm } from "../helpers/http";
import { DAY, drawnCampaign } from "../helpers/winners";
import { type FakeTwilio, startFakeTwilio, twilioSignature } from "../fakes/twilio-server";

const BROWSER = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
/** The public URLs Twilio is given (APP_URL in the tests), which its signatures cover. */
const STATUS_URL = "http://localhost:3000/webhooks/twilio/status";
const INBOUND_URL = "http://localhost:3000/webhooks/twilio/inbound";

let app: InProcessAppServer;
let twilio: FakeTwilio;

/** Twilio configured or not, here and in the app server's own (built) modules. */
async function useTwilio(on: boolean): Promise<void> {
  for (const [key, value] of Object.entries({
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_API_URL: twilio.url,
  })) {
    if (on) process.env[key] = value;
    else delete process.env[key];
  }
  resetConfigForTests();
  await app?.resetConfig();
}

beforeAll(async () => {
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  twilio = await startFakeTwilio();
  app = await startAppServer();
});

afterAll(async () => {
  await useTwilio(false);
  await app?.close();
  await twilio?.close();
});

/** React separates adjacent text with empty comments; the text a reader sees has none. */
const visible = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

/** A drawn campaign whose winner's entry gave `phone`. */
async function winnerWithPhone(phone: string) {
  const drawn = await drawnCampaign();
  await prisma.entry.update({ where: { id: drawn.winner.id }, data: { phoneNumber: phone } });
  return drawn;
}

function smsOf(entryId: string) {
  return prisma.outboundSms.findMany({ where: { entryId }, orderBy: { createdAt: "asc" } });
}

/** Waits for the send that notifyWinners started (it does not hold up the caller) to be recorded. */
async function sentSms(dedupeKey: string) {
  return vi.waitFor(
    async () => {
      const row = await prisma.outboundSms.findUniqueOrThrow({ where: { dedupeKey } });
      if (!row.providerSid) throw new Error(`not sent yet: ${row.status}`);
      return row;
    },
    { timeout: 10_000, interval: 50 },
  );
}

function postSigned(path: string, params: Record<string, string>, signature: string | null): Promise<Response> {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(signature === null ? {} : { "X-Twilio-Signature": signature }) },
    body: new URLSearchParams(params).toString(),
  });
}

describe("the entry form's phone number", () => {
  it("is asked for with its own consent line, stored in E.164, and a number we could not text is refused with nothing stored", async () => {
    await useTwilio(false);
    const campaign = await createCampaign();
    const html = visible(await (await fetch(`${app.url}/campaign/${campaign.id}`, { headers: { "User-Agent": BROWSER } })).text());
    expect(html).toContain('name="phoneNumber"');
    expect(html).toContain('type="tel"');
    expect(html).toContain("we text you the winner notice and one reminder before your claim deadline");
    expect(html).toContain("Giving a number never changes your chances.");

    const enter = (email: string, phoneNumber: string) =>
      postForm(app.url, `/campaign/${campaign.id}`, { email, phoneNumber, agreedToTerms: "on" }, { "User-Agent": BROWSER });
    for (const [i, typed] of ["12345", "call me maybe", "+1 555 0100", "9".repeat(40)].entries()) {
      const refused = await enter(`bad-phone${i}@example.com`, typed);
      expect(refused.status, typed).toBe(400);
      const page = visible(await refused.text());
      expect(page, typed).toContain("Please enter a valid phone number.");
      expect(page, typed).toContain('href="#entry-phone"');
    }
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);

    expect((await enter("us-phone@example.com", "(415) 555-0132")).status).toBe(303);
    expect((await enter("uk-phone@example.com", "+44 20 7183 8750")).status).toBe(303);
    expect((await enter("no-phone@example.com", "  ")).status).toBe(303);
    const rows = await prisma.entry.findMany({ where: { campaignId: campaign.id }, orderBy: { email: "asc" } });
    expect(rows.map((row) => [row.email, row.phoneNumber])).toEqual([
      ["no-phone@example.com", null],
      ["uk-phone@example.com", "+442071838750"],
      ["us-phone@example.com", "+14155550132"],
    ]);
  });
});

describe("with Twilio configured", () => {
  it("texts the winner their claim link, records delivery, refuses forged callbacks, and a STOP stops the reminder", async () => {
    await useTwilio(true);
    const phone = "+14155550177";
    const { campaign, winner, deadline } = await winnerWithPhone(phone);
    const before = twilio.messages.length;

    await notifyWinners(campaign.id);
    const row = await sentSms(`sms-winner:${campaign.id}:1:${winner.id}`);
    const message = twilio.messages.find((m) => m.sid === row.providerSid);
    expect(message).toBeDefined();
    expect(twilio.messages.length).toBe(before + 1);
    expect(message).toMatchObject({ to: phone, from: twilio.from, statusCallback: STATUS_URL, accountSid: twilio.accountSid });
    expect(message!.body).toMatch(/^Test Brand: you won .+! Claim it by .+: http:\/\/localhost:3000\/claim\/\S+ Reply STOP to opt out\.$/);
    expect(row).toMatchObject({ to: phone, kind: "winner", status: "queued", attempts: 1 });
    expect(twilio.requests.at(-1)).toMatchObject({ method: "POST", path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json` });

    // The link in the text opens the winner's claim page.
    const claimPath = new URL(/http:\/\/localhost:3000\/claim\/\S+/.exec(message!.body)![0]).pathname;
    const claim = await fetch(`${app.url}${claimPath}`, { headers: { "User-Agent": BROWSER } });
    expect(claim.status).toBe(200);
    expect(await claim.text()).toContain("Claim your prize");

    // Twilio reports delivery, signed.
    const delivered = await twilio.statusCallback(message!, "delivered", app.url);
    expect(delivered.status).toBe(200);
    expect(await prisma.outboundSms.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "delivered" });
    // A late "sent" never moves it back.
    expect((await twilio.statusCallback(message!, "sent", app.url)).status).toBe(200);
    expect((await prisma.outboundSms.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("delivered");

    // Forged: signed with another token, signed for other parameters, or not signed at all.
    const forged = { AccountSid: twilio.accountSid, MessageSid: message!.sid, MessageStatus: "failed", ErrorCode: "30007" };
    const answers = [
      await postSigned("/webhooks/twilio/status", forged, twilioSignature("not-the-token", STATUS_URL, forged)),
      await postSigned(
        "/webhooks/twilio/status",
        forged,
        twilioSignature(twilio.authToken, STATUS_URL, { ...forged, MessageStatus: "delivered" }),
      ),
      await postSigned(
        "/webhooks/twilio/status",
        forged,
        twilioSignature(twilio.authToken, "http://evil.example/webhooks/twilio/status", forged),
      ),
      await postSigned("/webhooks/twilio/status", forged, null),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    expect(await prisma.outboundSms.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "delivered", lastError: null });
    // GET is not an endpoint.
    expect((await fetch(`${app.url}/webhooks/twilio/status`)).status).toBe(405);

    // A forged STOP for the winner's number records nothing.
    const fakeStop = { From: phone, To: twilio.from, Body: "STOP", MessageSid: "SMforged" };
    expect((await postSigned("/webhooks/twilio/inbound", fakeStop, twilioSignature("wrong", INBOUND_URL, fakeStop))).status).toBe(403);
    expect(await prisma.smsOptOut.findUnique({ where: { phone } })).toBeNull();

    // The winner replies STOP.
    const stop = await twilio.reply(phone, "Stop", INBOUND_URL, app.url);
    expect(stop.status).toBe(200);
    expect(stop.headers.get("Content-Type")).toContain("text/xml");
    expect(await stop.text()).toContain("<Response></Response>");
    expect(await prisma.smsOptOut.findUnique({ where: { phone } })).not.toBeNull();

    // A day before the deadline: the reminder email goes, the text does not.
    const requestsBefore = twilio.requests.length;
    await sendClaimFollowUps(new Date(deadline.getTime() - DAY / 2));
    expect(await prisma.outboundEmail.count({ where: { dedupeKey: `claim-reminder-1d:${campaign.id}:1:${winner.id}` } })).toBe(1);
    const reminder = await prisma.outboundSms.findUniqueOrThrow({
      where: { dedupeKey: `sms-claim-reminder:${campaign.id}:1:${winner.id}` },
    });
    expect(reminder).toMatchObject({ status: "opted-out", providerSid: null, attempts: 0 });
    expect(twilio.requests.length).toBe(requestsBefore);
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
  });

  it("sends one claim reminder to a winner who did not reply STOP, and none once the prize is claimed", async () => {
    await useTwilio(true);
    const phone = "+14155550178";
    const { campaign, winner, deadline } = await winnerWithPhone(phone);
    await notifyWinners(campaign.id);
    await sentSms(`sms-winner:${campaign.id}:1:${winner.id}`);

    // Three days before: the email reminder only.
    await sendClaimFollowUps(new Date(deadline.getTime() - 2.5 * DAY));
    expect(await smsOf(winner.id)).toHaveLength(1);
    // One day before: the text too, once however many passes run.
    await sendClaimFollowUps(new Date(deadline.getTime() - DAY / 2));
    await sendClaimFollowUps(new Date(deadline.getTime() - DAY / 3));
    const reminder = await sentSms(`sms-claim-reminder:${campaign.id}:1:${winner.id}`);
    expect(reminder.body).toMatch(
      /^Test Brand: 1 day left to claim your prize, .+: http:\/\/localhost:3000\/claim\/\S+ Reply STOP to opt out\.$/,
    );
    expect(twilio.messages.filter((m) => m.to === phone).map((m) => m.body)).toEqual((await smsOf(winner.id)).map((m) => m.body));
    expect(await smsOf(winner.id)).toHaveLength(2);

    // A claimed prize gets no reminder: another winner, whose order exists before the reminder is due.
    const claimed = await winnerWithPhone("+14155550179");
    await notifyWinners(claimed.campaign.id);
    await sentSms(`sms-winner:${claimed.campaign.id}:1:${claimed.winner.id}`);
    await prisma.order.create({
      data: { campaignId: claimed.campaign.id, entryId: claimed.winner.id, prizeRank: 1, winnerEmail: claimed.winner.email, kind: "gift" },
    });
    await sendClaimFollowUps(new Date(claimed.deadline.getTime() - DAY / 2));
    expect(await smsOf(claimed.winner.id)).toHaveLength(1);
  });
});

describe("a Spanish campaign's winner (decision 097)", () => {
  it("gets both texts in Spanish, the deadline on Madrid's clocks, and the STOP keyword Twilio acts on", async () => {
    await useTwilio(true);
    const { campaign, winner, deadline } = await winnerWithPhone("+34612345678");
    await prisma.campaign.update({ where: { id: campaign.id }, data: { language: "es", timeZone: "Europe/Madrid" } });
    await notifyWinners(campaign.id);
    const notice = await sentSms(`sms-winner:${campaign.id}:1:${winner.id}`);
    expect(notice.body).toMatch(
      /^Test Brand: ¡has ganado .+! Reclámalo antes del [a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}, \d\d:\d\d hora de Europa central: http:\/\/localhost:3000\/claim\/\S+ Responde STOP para no recibir más mensajes\.$/,
    );
    await sendClaimFollowUps(new Date(deadline.getTime() - DAY / 2));
    const reminder = await sentSms(`sms-claim-reminder:${campaign.id}:1:${winner.id}`);
    expect(reminder.body).toMatch(
      /^Test Brand: tienes 1 día para reclamar tu premio, .+: http:\/\/localhost:3000\/claim\/\S+ Responde STOP para no recibir más mensajes\.$/,
    );
  });
});

describe("a status callback that comes before Twilio's answer (decision 096)", () => {
  it("is kept until the SID is stored, then applied, and a stranger's SID is forgotten after a day", async () => {
    await useTwilio(true);
    const phone = "+14155550181";
    const { campaign, winner } = await winnerWithPhone(phone);
    // Twilio calls back "sent" and then "delivered" before its create() answer reaches us.
    const early = { statuses: ["sent", "delivered"], deliverTo: app.url, answers: [] as number[] };
    twilio.callBackBeforeAnswering = early;
    try {
      await notifyWinners(campaign.id);
      const row = await sentSms(`sms-winner:${campaign.id}:1:${winner.id}`);
      expect(early.answers).toEqual([200, 200]);
      // Twilio's answer said "queued"; the callbacks that came first are not lost behind it.
      // The send runs beside notifyWinners (queueSms does not wait for it): it stores the SID, then
      // applies and forgets what came early, so the test waits for the forgetting.
      await vi.waitFor(
        async () => expect(await prisma.smsEarlyStatus.findUnique({ where: { providerSid: row.providerSid! } })).toBeNull(),
        { timeout: 10_000, interval: 50 },
      );
      expect(await prisma.outboundSms.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "delivered" });
    } finally {
      twilio.callBackBeforeAnswering = null;
    }

    // A signed callback for a SID that is none of ours is kept, and the jobs forget it after a day.
    const stranger = { AccountSid: twilio.accountSid, MessageSid: "SMnotoursnotours", MessageStatus: "delivered" };
    expect((await postSigned("/webhooks/twilio/status", stranger, twilioSignature(twilio.authToken, STATUS_URL, stranger))).status).toBe(
      200,
    );
    expect(await prisma.smsEarlyStatus.findUnique({ where: { providerSid: "SMnotoursnotours" } })).toMatchObject({ status: "delivered" });
    await deliverDueSms(new Date(Date.now() + DAY / 2));
    expect(await prisma.smsEarlyStatus.count({ where: { providerSid: "SMnotoursnotours" } })).toBe(1);
    await deliverDueSms(new Date(Date.now() + DAY + 60_000));
    expect(await prisma.smsEarlyStatus.count({ where: { providerSid: "SMnotoursnotours" } })).toBe(0);
  });
});

describe("without Twilio configured", () => {
  it("keeps the winner's text in the SMS outbox, shown in the dev mailbox; erasing the entrant's data removes the number and the text", async () => {
    await useTwilio(false);
    const requestsBefore = twilio.requests.length;
    const phone = "+442071838751";
    const { campaign, winner } = await winnerWithPhone(phone);
    await notifyWinners(campaign.id);
    const [text] = await smsOf(winner.id);
    expect(text).toMatchObject({ to: phone, kind: "winner", status: "outbox", providerSid: null });
    expect(text!.body).toContain("http://localhost:3000/claim/");
    expect(twilio.requests.length).toBe(requestsBefore);

    const mailbox = await fetch(`${app.url}/dev/mailbox`);
    expect(mailbox.status).toBe(200);
    const html = visible(await mailbox.text());
    expect(html).toContain("SMS");
    expect(html).toContain(`to ${phone} · winner · outbox`);
    expect(html).toContain(text!.body.replace(/&/g, "&amp;"));

    // The data page (linked from the winner email) shows the number; erasing removes it and the text.
    const email = await prisma.outboundEmail.findFirstOrThrow({ where: { to: winner.email, template: "winner_notification" } });
    const dataPath = new URL(/https?:\/\/[^\s)"]+\/privacy\/my-data\/[A-Za-z0-9_-]+/.exec(email.text ?? "")![0]).pathname;
    const dataPage = visible(await (await fetch(`${app.url}${dataPath}`, { headers: { "User-Agent": BROWSER } })).text());
    expect(dataPage).toContain(phone);
    const download = (await (await fetch(`${app.url}${dataPath}/data.json`)).json()) as {
      entries: { phoneNumber: string | null }[];
      textMessages: { to: string; text: string; kind: string; status: string }[];
    };
    expect(download.entries.map((entry) => entry.phoneNumber)).toEqual([phone]);
    expect(download.textMessages).toMatchObject([{ to: phone, text: text!.body, kind: "winner", status: "outbox" }]);
    const erased = await postForm(app.url, `${dataPath}/erase`, { confirm: "on" }, { "User-Agent": BROWSER });
    expect(erased.status).toBe(303);
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: winner.id } })).phoneNumber).toBeNull();
    const [after] = await smsOf(winner.id);
    expect(after).toMatchObject({ to: `erased:${winner.id}`, body: "(erased)", status: "failed" });
    expect(await prisma.outboundSms.count({ where: { to: phone } })).toBe(0);
    expect(visible(await (await fetch(`${app.url}/dev/mailbox`)).text())).not.toContain(phone);
  });
});
