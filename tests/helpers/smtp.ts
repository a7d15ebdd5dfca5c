import { afterEach } from "vitest";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { type FakeSmtpOptions, startFakeSmtpServer } from "../fakes/smtp-server";

/**
 * Fake SMTP servers for a test file's tests: each one started becomes the app's SMTP_URL. After each
 * test the settings named (and SMTP_URL) are cleared, the servers closed and the outbox emptied, so
 * one test's retries never reach another's server.
 */
export function fakeSmtpPerTest(settings: string[] = []) {
  const servers: Awaited<ReturnType<typeof startFakeSmtpServer>>[] = [];
  afterEach(async () => {
    for (const name of ["SMTP_URL", ...settings]) delete process.env[name];
    resetConfigForTests();
    await Promise.all(servers.splice(0).map((smtp) => smtp.close()));
    await prisma.outboundEmail.deleteMany();
  });
  return async function smtpServer(options: FakeSmtpOptions = {}) {
    const smtp = await startFakeSmtpServer(options);
    servers.push(smtp);
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    return smtp;
  };
}
