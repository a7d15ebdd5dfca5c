import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import type { JobStep } from "../../app/domain/system";
import { E2E_DATABASE } from "../../playwright.config";

// Rows for the admin's System page (decision 085), written straight into the e2e database.

const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(E2E_DATABASE);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** An email that failed for good (six attempts, no next one), as the outbox keeps it. */
export function insertFailedEmail(to: string, subject: string, lastError: string): string {
  const id = `o${randomBytes(12).toString("hex")}`;
  withDatabase((db) =>
    db
      .prepare(
        `INSERT INTO "OutboundEmail" (id, "to", subject, html, text, template, status, attempts, lastError, nextAttemptAt, createdAt) VALUES (?, ?, ?, ?, ?, ?, 'failed', 6, ?, NULL, ?)`,
      )
      .run(id, to, subject, "<p>Seeded</p>", "Seeded", "contact_message", lastError, sqliteDate(new Date())),
  );
  return id;
}

export function outboxRow(id: string): { status: string; attempts: number } | undefined {
  return withDatabase(
    (db) =>
      db.prepare(`SELECT status, attempts FROM "OutboundEmail" WHERE id = ?`).get(id) as { status: string; attempts: number } | undefined,
  );
}

/**
 * A job step whose last pass failed with `error`. The server's own passes (every second here) write
 * the row again, but keep the last error and its time while they go well.
 */
export function recordFailedJobStep(step: JobStep, error: string): void {
  const at = new Date();
  withDatabase((db) =>
    db
      .prepare(
        `INSERT INTO "JobStepStatus" (step, lastStartedAt, lastDurationMs, lastOk, lastError, lastErrorAt, lastSuccessAt, lastInstance)
         VALUES (?, ?, 42, 0, ?, ?, NULL, 'e2e-seed:1')
         ON CONFLICT (step) DO UPDATE SET lastOk = 0, lastError = excluded.lastError, lastErrorAt = excluded.lastErrorAt`,
      )
      .run(step, sqliteDate(at), error, sqliteDate(at)),
  );
}
