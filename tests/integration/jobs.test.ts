import { spawn } from "node:child_process";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { formatZonedDateTime } from "~/domain/campaign-time-zone";
import { resetConfigForTests } from "~/server/core/config.server";
import { type Prisma, prisma } from "~/server/core/db.server";
import { campaignsAwaitingNotification, notifyWinners } from "~/server/draw/notify.server";
import { plannedBeaconRound } from "~/server/draw/freeze.server";
import { clearEmailTemplateCache, queueTemplatedEmail } from "~/server/email/outbox.server";
import { runJobsOnce, startJobRunner, stopJobRunner } from "~/server/jobs/run.server";
import { sendDueReminders } from "~/server/jobs/reminders.server";
import { seed } from "~/server/startup/seed.server";
import { createCampaign } from "../helpers/campaigns";
import { freezeAndDraw, setUpFakeBeacon } from "../helpers/draw";
import { startFakeSmtpServer } from "../fakes/smtp-server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// Draws wait for their drand round: a fake drand on 127.0.0.1 is the configured chain.
const beacon = setUpFakeBeacon();

/** A live week-long campaign whose end is `msFromNow` away (negative: ended that long ago). */
function campaignEndingIn(msFromNow: number, overrides: Partial<Prisma.CampaignUncheckedCreateInput> = {}) {
  const endDate = new Date(Date.now() + msFromNow);
  const startDate = new Date(endDate.getTime() - 7 * DAY);
  return createCampaign({ startDate, endDate, durationDays: 7, launchedAt: startDate, ...overrides });
}

/** A campaign that ended `msAgo` ago, committed at launch to the fake chain's round 10 minutes after its end (decision 039). */
function endedCampaign(msAgo: number, overrides: Partial<Prisma.CampaignUncheckedCreateInput> = {}) {
  const chain = beacon.fake().chain;
  const end = new Date(Date.now() - msAgo);
  return campaignEndingIn(-msAgo, {
    endDate: end,
    drawBeaconChain: chain.hash,
    drawBeaconRound: plannedBeaconRound(chain, end, 10),
    ...overrides,
  });
}

/** Confirmed entries (made and confirmed at `at`, default now), counted in entryCount. */
async function addEntries(campaignId: string, count: number, at: Date = new Date()) {
  const tag = randomBytes(3).toString("hex");
  const entries = [];
  for (let index = 0; index < count; index += 1) {
    const email = `entrant${index}-${tag}@example.com`;
    entries.push(
      await prisma.entry.create({
        data: { campaignId, email, emailNormalized: email, agreedToTerms: true, createdAt: at, confirmedAt: at },
      }),
    );
  }
  await prisma.campaign.update({ where: { id: campaignId }, data: { entryCount: count } });
  return entries;
}

function remindersTo(emails: string[]) {
  return prisma.outboundEmail.findMany({ where: { template: "reminder_48h", to: { in: emails } }, orderBy: { to: "asc" } });
}

async function setAutoPick(enabled: boolean) {
  await prisma.platformSetting.update({ where: { key: "autoPickWinnerEnabled" }, data: { value: String(enabled) } });
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smtpServer() {
  const smtp = await startFakeSmtpServer();
  process.env.SMTP_URL = smtp.url;
  resetConfigForTests();
  cleanups.push(async () => {
    delete process.env.SMTP_URL;
    resetConfigForTests();
    await smtp.close();
  });
  return smtp;
}

describe("48-hour reminders", () => {
  it("emails every entrant of a campaign ending within 48 hours, once, however many passes run", async () => {
    const campaign = await campaignEndingIn(30 * HOUR, { sendReminder: true });
    const entries = await addEntries(campaign.id, 3);

    const first = await runJobsOnce();
    expect(first.reminders.emails).toBeGreaterThanOrEqual(3);
    await runJobsOnce();

    const reminders = await remindersTo(entries.map((entry) => entry.email));
    expect(reminders.map((mail) => mail.to)).toEqual(entries.map((entry) => entry.email).sort());
    for (const entry of entries) {
      const mail = reminders.find((row) => row.to === entry.email)!;
      expect(mail.dedupeKey).toBe(`reminder:${entry.id}`);
      expect(mail.subject).toBe(`48 hours left: ${campaign.title}`);
      expect(mail.html).toContain(formatZonedDateTime(campaign.endDate!, campaign.timeZone));
      expect(mail.html).toContain(`http://localhost:3000/campaign/${campaign.id}?ref=${entry.id}`);
    }
    const marked = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(marked.reminderSentAt).not.toBeNull();
  });

  it("after a pass that died half-way, mails only the entrants still without a reminder", async () => {
    const campaign = await campaignEndingIn(40 * HOUR, { sendReminder: true });
    const entries = await addEntries(campaign.id, 4);
    // What a crashed pass leaves behind: some reminders queued, the campaign not marked.
    await queueTemplatedEmail(prisma, {
      to: entries[1]!.email,
      template: "reminder_48h",
      dedupeKey: `reminder:${entries[1]!.id}`,
      tokens: { email: entries[1]!.email, campaign_title: campaign.title },
    });

    await Promise.all([runJobsOnce(), runJobsOnce()]);

    const reminders = await remindersTo(entries.map((entry) => entry.email));
    expect(reminders.map((mail) => mail.to)).toEqual(entries.map((entry) => entry.email).sort());
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).reminderSentAt).not.toBeNull();
  });

  it("two runners at once: one takes the campaign and queues every reminder, the other leaves it alone", async () => {
    // A pass far in the future, where this campaign is the only one due.
    const now = new Date(Date.now() + 400 * DAY);
    const campaign = await campaignEndingIn(400 * DAY + 30 * HOUR, { sendReminder: true });
    const entries = await addEntries(campaign.id, 6);

    const summaries = await Promise.all([sendDueReminders(now), sendDueReminders(now)]);

    expect([...summaries].sort((a, b) => a.emails - b.emails)).toEqual([
      { campaigns: 0, emails: 0 },
      { campaigns: 1, emails: 6 },
    ]);
    const reminders = await remindersTo(entries.map((entry) => entry.email));
    expect(reminders.map((mail) => mail.to)).toEqual(entries.map((entry) => entry.email).sort());
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toMatchObject({
      reminderSentAt: now,
      reminderLeaseUntil: null,
    });
  });

  it("leaves a campaign to the runner holding its lease, and finishes it once a dead runner's lease has run out", async () => {
    const now = new Date(Date.now() + 500 * DAY);
    const campaign = await campaignEndingIn(500 * DAY + 20 * HOUR, { sendReminder: true });
    const entries = await addEntries(campaign.id, 3);
    // A runner took the campaign, queued one reminder and died.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { reminderLeaseUntil: new Date(now.getTime() + 2 * 60 * 1000) } });
    await queueTemplatedEmail(prisma, {
      to: entries[0]!.email,
      template: "reminder_48h",
      dedupeKey: `reminder:${entries[0]!.id}`,
      tokens: { email: entries[0]!.email, campaign_title: campaign.title },
    });

    expect(await sendDueReminders(now)).toEqual({ campaigns: 0, emails: 0 });
    expect(await remindersTo(entries.map((entry) => entry.email))).toHaveLength(1);

    const later = new Date(now.getTime() + 3 * 60 * 1000);
    expect(await sendDueReminders(later)).toEqual({ campaigns: 1, emails: 2 });
    expect((await remindersTo(entries.map((entry) => entry.email))).map((mail) => mail.to)).toEqual(
      entries.map((entry) => entry.email).sort(),
    );
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toMatchObject({
      reminderSentAt: later,
      reminderLeaseUntil: null,
    });
  });

  it("sends none when the reminder is off, the end is further than 48 hours, the campaign has ended or is not live", async () => {
    const campaigns = await Promise.all([
      campaignEndingIn(24 * HOUR, { sendReminder: false }),
      campaignEndingIn(49 * HOUR, { sendReminder: true }),
      campaignEndingIn(-1 * HOUR, { sendReminder: true }),
      campaignEndingIn(24 * HOUR, { sendReminder: true, status: "pending_payment" }),
    ]);
    const emails: string[] = [];
    for (const campaign of campaigns) emails.push(...(await addEntries(campaign.id, 2)).map((entry) => entry.email));

    await runJobsOnce();

    expect(await remindersTo(emails)).toEqual([]);
    const rows = await prisma.campaign.findMany({ where: { id: { in: campaigns.map((campaign) => campaign.id) } } });
    expect(rows.map((row) => row.reminderSentAt)).toEqual([null, null, null, null]);
  });
});

describe("draws at the end of a campaign", () => {
  it("draws nobody while autoPickWinnerEnabled is off, and draws on the next pass once it is on", async () => {
    const campaign = await endedCampaign(2 * HOUR);
    await addEntries(campaign.id, 3, new Date(campaign.endDate!.getTime() - DAY));
    await setAutoPick(false);
    cleanups.push(() => setAutoPick(true));

    // The pass just after the end freezes the list (winners drawn by hand need it too) but draws nobody.
    const summary = await runJobsOnce(new Date(campaign.endDate!.getTime() + 60 * 1000));
    expect(summary.draws).toBe("disabled");
    expect(summary.errors.filter((error) => error.step === "draws" || error.step === "freeze")).toEqual([]);
    expect(await prisma.entryList.findUnique({ where: { campaignId: campaign.id } })).toMatchObject({
      entryCount: 3,
      beaconRound: campaign.drawBeaconRound,
    });
    expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("active");

    await setAutoPick(true);
    // The round was out long ago: the next pass draws.
    await runJobsOnce();
    expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(1);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("completed");
  });

  it("a list that cannot be frozen is retried every pass, and the admins hear of it once, after the beacon margin", async () => {
    // The counter says 3 counted entries but there are none: the freeze refuses to publish such a list.
    const campaign = await endedCampaign(2 * HOUR, { entryCount: 3 });
    // Other tests' job passes must not meet it.
    cleanups.push(async () => {
      await prisma.campaign.delete({ where: { id: campaign.id } });
    });
    const alerts = () => prisma.outboundEmail.findMany({ where: { dedupeKey: { startsWith: `freeze-stuck:${campaign.id}:` } } });

    // Within the margin: retried, logged, nobody alerted yet.
    const early = await runJobsOnce(new Date(campaign.endDate!.getTime() + 60 * 1000));
    expect(early.errors.some((error) => error.step === "freeze")).toBe(true);
    expect(await alerts()).toEqual([]);

    // Past it, twice: one alert per admin, with the reason.
    for (let pass = 0; pass < 2; pass++) await runJobsOnce(new Date(campaign.endDate!.getTime() + 11 * 60 * 1000));
    const sent = await alerts();
    expect(sent.map((email) => email.to)).toEqual(["admin@int.test"]);
    expect(sent[0]!.subject).toBe(`Entry list not frozen: campaign ${campaign.id}`);
    expect(sent[0]!.text).toContain("counts 3");
    expect(await prisma.entryList.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("two job runners at once (and `npm run jobs` after them) make one draw and one set of emails", async () => {
    const smtp = await smtpServer();
    const campaign = await endedCampaign(HOUR);
    const entries = await addEntries(campaign.id, 12, new Date(campaign.endDate!.getTime() - DAY));
    await prisma.additionalPrize.create({ data: { campaignId: campaign.id, rank: 2, title: "Sticker pack", code: "STICK-2" } });

    // Two passes just after the end freeze one list (the round is not out yet, so neither draws) ...
    const atEnd = new Date(campaign.endDate!.getTime() + 60 * 1000);
    const freezing = await Promise.all([runJobsOnce(atEnd), runJobsOnce(atEnd)]);
    expect(freezing.flatMap((summary) => summary.errors)).toEqual([]);
    expect(await prisma.entryList.count({ where: { campaignId: campaign.id } })).toBe(1);
    expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(0);
    // ... and two passes once the round is out draw it once.
    await Promise.all([runJobsOnce(), runJobsOnce()]);
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/jobs.ts"], { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const [exitCode] = (await once(child, "exit")) as [number | null];
    expect(exitCode, output).toBe(0);

    expect(await prisma.draw.count({ where: { campaignId: campaign.id } })).toBe(1);
    const drawn = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id }, include: { additionalPrizes: true } });
    expect(drawn.status).toBe("completed");
    const winners = [drawn.winnerEmail, ...drawn.additionalPrizes.map((prize) => prize.winnerEmail)];
    expect(winners.every((email) => entries.some((entry) => entry.email === email))).toBe(true);
    expect(new Set(winners).size).toBe(2);

    const winnerEmails = await prisma.outboundEmail.findMany({ where: { dedupeKey: { startsWith: `winner:${campaign.id}:` } } });
    expect(winnerEmails.map((mail) => mail.to).sort()).toEqual([...winners].sort());
    expect(winnerEmails.map((mail) => mail.template).sort()).toEqual(["additional_prize_winner", "winner_notification"]);
    expect(winnerEmails.every((mail) => mail.status === "sent" && mail.attempts === 1)).toBe(true);
    // Every entrant had the "entries are closed" notice once (decision 093); a winner, that and their winner email.
    const notices = await prisma.outboundEmail.findMany({
      where: { dedupeKey: { in: entries.map((entry) => `list-frozen:${entry.id}`) } },
    });
    expect(notices.map((mail) => mail.to).sort()).toEqual(entries.map((entry) => entry.email).sort());
    for (const winner of winners) expect(smtp.received.filter((mail) => mail.to.includes(winner!))).toHaveLength(2);
  });
});

describe("winner notifications", () => {
  async function drawn() {
    const campaign = await endedCampaign(HOUR);
    await addEntries(campaign.id, 5, new Date(campaign.endDate!.getTime() - DAY));
    await prisma.additionalPrize.create({ data: { campaignId: campaign.id, rank: 2, title: "Tote bag" } });
    expect((await freezeAndDraw(campaign.id, { now: new Date(campaign.endDate!.getTime() + 60 * 1000) })).outcome.kind).toBe("drawn");
    return campaign;
  }
  const winnerEmails = (campaignId: string) =>
    prisma.outboundEmail.findMany({ where: { dedupeKey: { startsWith: `winner:${campaignId}:` } } });

  it("two runners at once: one queues the winners' emails, the other does nothing", async () => {
    const campaign = await drawn();
    const queued = await Promise.all([notifyWinners(campaign.id), notifyWinners(campaign.id), notifyWinners(campaign.id)]);
    expect([...queued].sort()).toEqual([0, 0, 2]);
    expect(await winnerEmails(campaign.id)).toHaveLength(2);
    const row = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.winnersNotifiedAt).not.toBeNull();
    expect(row.winnersNotifyLeaseUntil).toBeNull();
  });

  it("leaves a campaign to the runner holding its lease, and finishes it once a dead runner's lease has run out", async () => {
    const campaign = await drawn();
    const now = new Date();
    await prisma.campaign.update({ where: { id: campaign.id }, data: { winnersNotifyLeaseUntil: new Date(now.getTime() + 60 * 1000) } });

    expect(await campaignsAwaitingNotification(1000)).not.toContain(campaign.id);
    expect(await notifyWinners(campaign.id, now)).toBe(0);
    expect(await winnerEmails(campaign.id)).toHaveLength(0);

    expect(await notifyWinners(campaign.id, new Date(now.getTime() + 2 * 60 * 1000))).toBe(2);
    expect(await winnerEmails(campaign.id)).toHaveLength(2);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).winnersNotifiedAt).not.toBeNull();
  });

  it("gives the lease back when queueing fails, so the next pass retries at once", async () => {
    const campaign = await drawn();
    await prisma.emailTemplate.update({ where: { id: "winner_notification" }, data: { id: "winner_notification_away" } });
    clearEmailTemplateCache();
    try {
      await expect(notifyWinners(campaign.id)).rejects.toThrow(/winner_notification/);
    } finally {
      await prisma.emailTemplate.update({ where: { id: "winner_notification_away" }, data: { id: "winner_notification" } });
      clearEmailTemplateCache();
    }
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).winnersNotifyLeaseUntil).toBeNull();
    expect(await notifyWinners(campaign.id)).toBe(2);
  });
});

describe("a pass of the jobs", () => {
  it("goes on with the next steps when one fails", async () => {
    const smtp = await smtpServer();
    const campaign = await campaignEndingIn(20 * HOUR, { sendReminder: true });
    const [entry] = await addEntries(campaign.id, 1);
    // The reminders step cannot render its template.
    await prisma.emailTemplate.delete({ where: { id: "reminder_48h" } });
    clearEmailTemplateCache();
    cleanups.push(async () => {
      await seed(prisma, { demo: false });
      clearEmailTemplateCache();
    });
    const waiting = await queueTemplatedEmail(prisma, { to: "waiting@example.com", template: "contact_message", tokens: { email: "x" } });

    const summary = await runJobsOnce();

    expect(summary.errors.map((error) => error.step)).toContain("reminders");
    expect(summary.errors.find((error) => error.step === "reminders")?.message).toMatch(/reminder_48h/);
    // Later steps still ran: the email waiting in the outbox went out.
    expect(summary.emails?.sent).toBeGreaterThanOrEqual(1);
    expect(await prisma.outboundEmail.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: "sent" });
    expect(smtp.received.filter((mail) => mail.to.includes("waiting@example.com"))).toHaveLength(1);
    expect(await remindersTo([entry!.email])).toEqual([]);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).reminderSentAt).toBeNull();

    // Once the template is back, the next pass sends the reminder.
    await seed(prisma, { demo: false });
    clearEmailTemplateCache();
    await runJobsOnce();
    expect(await remindersTo([entry!.email])).toHaveLength(1);
  });
});

describe("the job timer", () => {
  it("makes passes on its own until it is stopped", async () => {
    const campaign = await campaignEndingIn(10 * HOUR, { sendReminder: true });
    const [entry] = await addEntries(campaign.id, 1);
    startJobRunner(20);
    cleanups.push(stopJobRunner);
    await expect.poll(async () => (await remindersTo([entry!.email])).length).toBe(1);
    await stopJobRunner();
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).reminderSentAt).not.toBeNull();
  });
});
