/**
 * The sender's settings (decision 089): SMTP_RATE_PER_SECOND paces sends with backpressure, urgent
 * mail goes before bulk mail, two passes at once send nothing twice, and a backlog left by a
 * stopped process is drained by the next pass. Timing is read from the fake SMTP server's receive
 * times; the test itself never sleeps.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { queueTemplatedEmail } from "~/server/email/outbox.server";
import { deliverDueEmails, deliverEmail } from "~/server/email/delivery.server";
import { fakeSmtpPerTest } from "../helpers/smtp";

/** A fake SMTP server that the app delivers to from now on. */
const smtpServer = fakeSmtpPerTest(["SMTP_RATE_PER_SECOND"]);

function address(kind: string) {
  return `${kind}-${randomBytes(4).toString("hex")}@example.com`;
}

/** Bulk mail: a reminder to an entrant. */
function queueBulk(to = address("bulk")) {
  return queueTemplatedEmail(prisma, {
    to,
    template: "reminder_48h",
    tokens: { campaign_title: "Sender test", campaign_url: "https://example.com/c", entry_count: 3 },
  });
}

/** Urgent mail: the link that confirms an entry. */
function queueConfirmation(to = address("confirm")) {
  return queueTemplatedEmail(prisma, {
    to,
    template: "entry_confirm_request",
    tokens: { campaign_title: "Sender test", confirm_url: "https://example.com/confirm" },
  });
}

function recipients(smtp: { received: { to: string[] }[] }): string[] {
  return smtp.received.map((mail) => mail.to[0]!);
}

describe("email sender settings (decision 089)", () => {
  it("respects SMTP_RATE_PER_SECOND in a pass, spacing the sends evenly", async () => {
    const smtp = await smtpServer();
    // The pool's connections opened first (unpaced), so their greetings do not skew the timing.
    const warm = await Promise.all(Array.from({ length: 8 }, () => queueBulk()));
    await Promise.all(warm.map((message) => deliverEmail(message)));
    smtp.received.splice(0);
    process.env.SMTP_RATE_PER_SECOND = "20";
    resetConfigForTests();
    const queued = await Promise.all(Array.from({ length: 21 }, () => queueBulk()));
    const start = Date.now();
    const summary = await deliverDueEmails();
    expect(summary.sent).toBe(21);
    const times = smtp.received.map((mail) => mail.at).sort((a, b) => a - b);
    // 21 messages at 20 a second: the first slot at once, the last a second later (none arrives before its slot).
    expect(times.at(-1)! - start).toBeGreaterThanOrEqual(1000 - 5);
    // No more than the rate (and one for the window's edge) in any second.
    for (const first of times) expect(times.filter((t) => t >= first && t < first + 1000).length).toBeLessThanOrEqual(21);
    // Evenly spaced: the k-th message to arrive came no earlier than its slot, k intervals of 50 ms after
    // the start. (A busy machine only delays arrivals, so this holds under load; comparing consecutive
    // arrivals with each other did not: one late message shortens the span after it.)
    times.forEach((time, k) => expect(time - start).toBeGreaterThanOrEqual(k * 50 - 5));
    expect(recipients(smtp).sort()).toEqual(queued.map((m) => m.to).sort());
  });

  it("leaves immediate sends over the rate pending for the next pass; none fails", async () => {
    process.env.SMTP_RATE_PER_SECOND = "10";
    const smtp = await smtpServer();
    const burst = await Promise.all(Array.from({ length: 30 }, () => queueConfirmation()));
    const start = Date.now();
    const outcomes = await Promise.all(burst.map((message) => deliverEmail(message)));
    const sent = outcomes.filter((row) => row.status === "sent").length;
    const pending = outcomes.filter((row) => row.status === "pending").length;
    expect(outcomes.some((row) => row.status === "failed")).toBe(false);
    // About a second's slots (and the one at once) were taken (more only when the sends reached their
    // slots spread out, on a busy machine); the rest wait in the outbox.
    expect(sent).toBeGreaterThanOrEqual(9);
    expect(pending).toBeGreaterThan(0);
    expect(sent + pending).toBe(30);
    // At the rate: the k-th to arrive came no earlier than k intervals of 100 ms after the start.
    const times = smtp.received.map((mail) => mail.at).sort((a, b) => a - b);
    times.forEach((time, k) => expect(time - start).toBeGreaterThanOrEqual(k * 100 - 5));
    expect(await prisma.outboundEmail.count({ where: { status: "pending" } })).toBe(pending);

    expect((await deliverDueEmails()).sent).toBe(pending);
    expect(new Set(recipients(smtp)).size).toBe(30);
    expect(smtp.received).toHaveLength(30);
  });

  it("sends a new confirmation before a backlog of bulk mail", async () => {
    const smtp = await smtpServer();
    const backlog: string[] = [];
    for (let i = 0; i < 12; i++) backlog.push((await queueBulk()).to);
    const confirmation = await queueConfirmation();
    // A small batch: the backlog does not fit, the confirmation (queued last) goes in the first.
    const first = await deliverDueEmails(new Date(), { limit: 5 });
    expect(first.sent).toBe(5);
    expect(recipients(smtp)).toContain(confirmation.to);
    expect(await prisma.outboundEmail.findUniqueOrThrow({ where: { id: confirmation.id } })).toMatchObject({ status: "sent" });
    // The rest of the first batch is the oldest bulk mail.
    expect(
      recipients(smtp)
        .filter((to) => to !== confirmation.to)
        .sort(),
    ).toEqual(backlog.slice(0, 4).sort());
  });

  it("sends each message once when two passes run at once", async () => {
    const smtp = await smtpServer();
    const queued = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 3 ? queueBulk() : queueConfirmation())));
    const [a, b] = await Promise.all([deliverDueEmails(), deliverDueEmails()]);
    expect(a.sent + b.sent).toBe(40);
    expect(recipients(smtp).sort()).toEqual(queued.map((m) => m.to).sort());
    expect(await prisma.outboundEmail.count({ where: { status: "sent" } })).toBe(40);
  });

  it("drains a backlog left by a stopped process in the next passes, urgent first, each message once", async () => {
    const smtp = await smtpServer();
    // A process stopped mid-pass: some messages never tried, some claimed ("sending") with a lease that has run out.
    const pending = await Promise.all(Array.from({ length: 10 }, () => queueBulk()));
    const claimed = await Promise.all(Array.from({ length: 3 }, () => queueConfirmation()));
    await prisma.outboundEmail.updateMany({
      where: { id: { in: claimed.map((m) => m.id) } },
      data: { status: "sending", attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) },
    });
    // The claimed ones (confirmation links) come first: a pass of three sends exactly them.
    expect(await deliverDueEmails(new Date(), { limit: 3 })).toMatchObject({ sent: 3, failed: 0, gaveUp: 0 });
    expect(recipients(smtp).sort()).toEqual(claimed.map((m) => m.to).sort());
    expect(await deliverDueEmails()).toMatchObject({ sent: 10, failed: 0, gaveUp: 0 });
    expect(recipients(smtp).sort()).toEqual([...pending, ...claimed].map((m) => m.to).sort());
    expect(await prisma.outboundEmail.count({ where: { status: { not: "sent" } } })).toBe(0);
  });
});
