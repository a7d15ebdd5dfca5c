/**
 * An SMTP server on 127.0.0.1 (smtp-server, the nodemailer project's own) that keeps what it
 * receives. It can refuse the first N messages (451 "try again later" by default, or any 4xx/5xx
 * code) to exercise failure handling; `attempts` counts every message offered, refused or not.
 */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** When the message was accepted (Date.now()). */
  at: number;
}

export interface FakeSmtpOptions {
  /** Refuse this many messages before accepting any (Infinity: refuse all). */
  failFirst?: number;
  /** The SMTP reply code of a refusal: 4xx (temporary) or 5xx (permanent). Default 451. */
  failCode?: number;
  /**
   * Awaited before answering the n-th message (1-based), whether it is to be refused or accepted:
   * lets a test hold a send open while it looks at the database or starts another sender.
   */
  beforeReply?: (attempt: number) => Promise<void> | void;
}

export async function startFakeSmtpServer(options: FakeSmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  let failuresLeft = options.failFirst ?? 0;
  const failCode = options.failCode ?? 451;
  let attempts = 0;
  let connections = 0;
  let open = 0;
  let mostOpen = 0;
  const server = new SMTPServer({
    authOptional: true,
    // A client's pooled connections stay open while idle: closing the fake ends them at once
    // rather than waiting smtp-server's default 30 s for them.
    closeTimeout: 10,
    onConnect(session, callback) {
      connections += 1;
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        attempts += 1;
        const refuse = failuresLeft > 0;
        if (refuse) failuresLeft -= 1;
        await options.beforeReply?.(attempts);
        if (refuse) {
          const error = new Error(failCode >= 500 ? "Mailbox unavailable" : "Mailbox temporarily unavailable") as Error & {
            responseCode: number;
          };
          error.responseCode = failCode;
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages offered so far, accepted or refused. */
    get attempts() {
      return attempts;
    },
    /** Connections opened so far. */
    get connections() {
      return connections;
    },
    /** The most connections open at once so far. */
    get mostOpen() {
      return mostOpen;
    },
    /** Refuse the next `count` messages (with the configured code). */
    refuseNext(count: number) {
      failuresLeft = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
