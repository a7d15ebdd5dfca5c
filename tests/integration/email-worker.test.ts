import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { queueTemplatedEmail } from "~/server/email/outbox.server";
import { deliverDueEmails, deliverEmail, sendTemplatedEmail } from "~/server/email/delivery.server";
import { fakeSmtpPerTest } from "../helpers/smtp";

const MINUTE = 60_000;
/** A fake SMTP server that the app delivers to from now on. */
const smtpServer = fakeSmtpPerTest(["SMTP_MAX_CONNECTIONS"]);

function address() {
  return `worker-${randomBytes(4).toString("hex")}@example.com`;
}

function queue(to: string) {
  return queueTemplatedEmail(prisma, { to, template: "contact_message", tokens: { email: to, message: "Hello from the worker test" } });
}

function stored(id: string) {
  return prisma.outboundEmail.findUniqueOrThrow({ where: { id } });
}

describe("email delivery worker", () => {
  it("delivers a message refused twice exactly once, on the third attempt", async () => {
    const smtp = await smtpServer({ failFirst: 2 });
    const to = address();

    const first = await sendTemplatedEmail({ to, template: "contact_message", tokens: { email: to, message: "third time lucky" } });
    expect(first).toMatchObject({ status: "failed", attempts: 1 });
    expect(first.lastError).toMatch(/451/);

    // Not due yet: the worker leaves it alone.
    expect((await deliverDueEmails(new Date())).sent).toBe(0);
    expect(smtp.attempts).toBe(1);

    const second = await deliverDueEmails(first.nextAttemptAt!);
    expect(second).toMatchObject({ sent: 0, failed: 1 });
    const afterSecond = await stored(first.id);
    expect(afterSecond).toMatchObject({ status: "failed", attempts: 2 });

    const third = await deliverDueEmails(afterSecond.nextAttemptAt!);
    expect(third).toMatchObject({ sent: 1, failed: 0 });
    const sent = await stored(first.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 3, nextAttemptAt: null });
    expect(sent.sentAt).not.toBeNull();

    // Nothing more to do, however late the next pass runs.
    await deliverDueEmails(new Date(Date.now() + 24 * 60 * MINUTE));
    expect(smtp.attempts).toBe(3);
    expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
    expect(smtp.received[0]?.raw).toContain("third time lucky");
  });

  it("waits 1 minute, then 5, 30, 120 and 720 minutes between attempts", async () => {
    await smtpServer({ failFirst: Infinity });
    const message = await queue(address());
    // Pauses run from the failed attempt; a pass "started" a minute ahead of the clock makes that instant exact.
    let now = new Date(Date.now() + MINUTE);
    const pauses: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await deliverDueEmails(now);
      const row = await stored(message.id);
      expect(row).toMatchObject({ status: "failed", attempts: attempt });
      pauses.push((row.nextAttemptAt!.getTime() - now.getTime()) / MINUTE);
      // A minute early is still too early.
      await deliverDueEmails(new Date(row.nextAttemptAt!.getTime() - MINUTE / 2));
      expect((await stored(message.id)).attempts).toBe(attempt);
      now = row.nextAttemptAt!;
    }
    expect(pauses).toEqual([1, 5, 30, 120, 720]);
  });

  it("fails a message for good after the last attempt and keeps it, with the reason, in the outbox", async () => {
    const smtp = await smtpServer({ failFirst: Infinity, failCode: 550 });
    const message = await queue(address());
    let now = new Date();
    let summary = await deliverDueEmails(now);
    for (let attempt = 2; attempt <= 6; attempt += 1) {
      now = (await stored(message.id)).nextAttemptAt!;
      summary = await deliverDueEmails(now);
    }
    expect(summary.gaveUp).toBe(1);
    const row = await stored(message.id);
    expect(row).toMatchObject({ status: "failed", attempts: 6, nextAttemptAt: null, sentAt: null });
    expect(row.lastError).toMatch(/550/);

    await deliverDueEmails(new Date(now.getTime() + 24 * 60 * MINUTE));
    await deliverEmail(row);
    expect(smtp.attempts).toBe(6);
    expect(smtp.received).toHaveLength(0);
  });

  it("sends a message once when the immediate send and two workers reach it at the same time", async () => {
    const smtp = await smtpServer();
    const to = address();
    const message = await queue(to);
    const outcomes = await Promise.all([deliverEmail(message), deliverDueEmails(), deliverEmail(message), deliverDueEmails()]);
    expect(outcomes).toHaveLength(4);
    await expect.poll(async () => (await stored(message.id)).status).toBe("sent");
    expect(await stored(message.id)).toMatchObject({ attempts: 1 });
    expect(smtp.attempts).toBe(1);
    expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
  });

  it("takes over a message whose sender died mid-send once its lease has run out, and not before", async () => {
    const smtp = await smtpServer();
    const message = await queue(address());
    const now = new Date();
    await prisma.outboundEmail.update({
      where: { id: message.id },
      data: { status: "sending", attempts: 1, nextAttemptAt: new Date(now.getTime() + MINUTE) },
    });
    await deliverDueEmails(now);
    expect(await stored(message.id)).toMatchObject({ status: "sending", attempts: 1 });

    await deliverDueEmails(new Date(now.getTime() + 2 * MINUTE));
    expect(await stored(message.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  it("a worker that claims a message late in a long pass holds it for the whole lease from the claim", async () => {
    let sending!: () => void;
    const reached = new Promise<void>((resolve) => (sending = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const smtp = await smtpServer({
      beforeReply: async (attempt) => {
        if (attempt !== 1) return;
        sending();
        await released;
      },
    });
    const to = address();
    const message = await queue(to);
    // The pass began ten minutes ago (earlier steps took that long): its `now` is stale.
    const passStarted = new Date(Date.now() - 10 * MINUTE);
    const slowPass = deliverDueEmails(passStarted);
    await reached;
    try {
      const held = await stored(message.id);
      expect(held).toMatchObject({ status: "sending", attempts: 1 });
      expect(held.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 4 * MINUTE);
      // Another instance's pass, right now, leaves the message to the sender that has it.
      expect(await deliverDueEmails(new Date())).toMatchObject({ sent: 0, failed: 0 });
      expect(smtp.attempts).toBe(1);
    } finally {
      release();
    }
    expect(await slowPass).toMatchObject({ sent: 1 });
    expect(await stored(message.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
  });

  it("a sender that outlived its lease does not overwrite the outcome of the sender that took the message over", async () => {
    let sending!: () => void;
    const reached = new Promise<void>((resolve) => (sending = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The first attempt hangs, then is refused; the second is accepted.
    const smtp = await smtpServer({
      failFirst: 1,
      beforeReply: async (attempt) => {
        if (attempt !== 1) return;
        sending();
        await released;
      },
    });
    const to = address();
    const message = await queue(to);
    const stuck = deliverEmail(message);
    await reached;
    try {
      // Six minutes later the lease has run out: a worker takes the message over and delivers it.
      const takeover = await deliverDueEmails(new Date(Date.now() + 6 * MINUTE));
      expect(takeover).toMatchObject({ sent: 1 });
      expect(await stored(message.id)).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      // The first sender's refusal arrives late...
      release();
    }
    // ...and changes nothing.
    expect(await stuck).toMatchObject({ status: "sent", attempts: 2 });
    const row = await stored(message.id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, nextAttemptAt: null, lastError: null });
    expect(row.sentAt).not.toBeNull();
    await deliverDueEmails(new Date(Date.now() + 24 * 60 * MINUTE));
    expect(smtp.attempts).toBe(2);
    expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
  });

  it("sends a burst over at most SMTP_MAX_CONNECTIONS connections, reused by later sends, each message once", async () => {
    process.env.SMTP_MAX_CONNECTIONS = "2";
    const smtp = await smtpServer();
    const burst = await Promise.all(Array.from({ length: 12 }, () => queue(address())));
    // As a spike of entries does: every message sent at once by whoever queued it.
    const sent = await Promise.all(burst.map((message) => deliverEmail(message)));
    expect(sent.map((row) => row.status)).toEqual(Array(12).fill("sent"));
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(burst.map((message) => message.to).sort());
    expect(smtp.mostOpen).toBeLessThanOrEqual(2);
    expect(smtp.connections).toBeLessThanOrEqual(2);

    const later = await queue(address());
    expect((await deliverDueEmails()).sent).toBe(1);
    expect(await stored(later.id)).toMatchObject({ status: "sent" });
    expect(smtp.received).toHaveLength(13);
    expect(smtp.connections).toBeLessThanOrEqual(2);
  });

  it("without SMTP leaves messages pending in the outbox", async () => {
    const message = await queue(address());
    const summary = await deliverDueEmails();
    expect(summary).toMatchObject({ smtp: false, sent: 0 });
    expect(await stored(message.id)).toMatchObject({ status: "pending", attempts: 0, sentAt: null });
  });

  it("does not mail out messages queued more than two days before SMTP was configured", async () => {
    const message = await queue(address());
    await prisma.outboundEmail.update({ where: { id: message.id }, data: { createdAt: new Date(Date.now() - 3 * 24 * 60 * MINUTE) } });
    const fresh = await queue(address());
    const smtp = await smtpServer();
    expect((await deliverDueEmails()).sent).toBe(1);
    expect(await stored(message.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await stored(fresh.id)).toMatchObject({ status: "sent" });
    expect(smtp.received).toHaveLength(1);
  });
});
