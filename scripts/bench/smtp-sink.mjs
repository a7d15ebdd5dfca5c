/**
 * The bench's SMTP receiver (decision 089), in a process of its own so its work is not the
 * server's or the load generator's: smtp-server on 127.0.0.1 accepting every message, counting
 * them and their distinct recipients. GET http://127.0.0.1:<httpPort>/ answers the counts as JSON.
 *   node scripts/bench/smtp-sink.mjs <smtpPort> <httpPort>
 */
import http from "node:http";
import { SMTPServer } from "smtp-server";

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
const recipients = new Set();
let messages = 0;
let duplicates = 0;
let lastAt = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  closeTimeout: 10,
  onData(stream, session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      messages += 1;
      lastAt = Date.now();
      for (const { address } of session.envelope.rcptTo) {
        const key = address.toLowerCase();
        if (recipients.has(key)) duplicates += 1;
        else recipients.add(key);
      }
      callback();
    });
  },
});

const stats = http.createServer((request, response) => {
  response.setHeader("Content-Type", "application/json");
  response.end(JSON.stringify({ messages, recipients: recipients.size, duplicates, lastAt }));
});

smtp.listen(smtpPort, "127.0.0.1", () => stats.listen(httpPort, "127.0.0.1"));
process.on("SIGTERM", () => {
  stats.close();
  smtp.close(() => process.exit(0));
});
