import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { E2E_DATABASE } from "../../playwright.config";

const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

/** An endpoint and its deliveries written straight into the e2e database (the page never opens the sealed secret). */
export function insertEndpointWithLog(userId: string, database: string = E2E_DATABASE): string {
  const db = new Database(database);
  const id = `w${randomBytes(12).toString("hex")}`;
  const now = Date.now();
  try {
    db.prepare(
      `INSERT INTO "WebhookEndpoint" (id, userId, url, events, secretSealed, secretHint, enabled, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    ).run(
      id,
      userId,
      "https://hooks.example.com/giveawear/events",
      "entry.confirmed,winner.drawn,prize.claimed",
      "v1.x.y.z",
      "Q7xz",
      sqliteDate(new Date(now - 86_400_000)),
      sqliteDate(new Date()),
    );
    const insert = db.prepare(
      `INSERT INTO "WebhookDelivery" (id, endpointId, eventId, eventType, payload, status, attempts, nextAttemptAt, lastStatusCode, lastError, lastDurationMs, lastAttemptAt, deliveredAt, redactedAt, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const rows: [string, string, number, number | null, string | null, number | null, boolean][] = [
      ["entry.confirmed", "delivered", 1, 200, null, 84, false],
      ["entry.confirmed", "pending", 2, 500, "The endpoint answered 500.", 312, false],
      ["winner.drawn", "failed", 8, null, "No answer within 10 s.", 10003, false],
      ["prize.claimed", "cancelled", 0, null, "Cancelled: the entrant erased their data.", null, true],
    ];
    rows.forEach(([type, status, attempts, code, error, duration, redacted], index) => {
      const eventId = `evt_${randomBytes(16).toString("hex")}`;
      const at = new Date(now - (index + 1) * 3_600_000);
      const body = JSON.stringify({ id: eventId, type, created: Math.floor(at.getTime() / 1000), data: { object: "entry", id: "e1" } });
      insert.run(
        `d${randomBytes(12).toString("hex")}`,
        id,
        eventId,
        type,
        body,
        status,
        attempts,
        sqliteDate(new Date(now + 30 * 60_000)),
        code,
        error,
        duration,
        attempts ? sqliteDate(at) : null,
        status === "delivered" ? sqliteDate(at) : null,
        redacted ? sqliteDate(at) : null,
        sqliteDate(at),
      );
    });
  } finally {
    db.close();
  }
  return id;
}
