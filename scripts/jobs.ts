/**
 * One pass of the background jobs (draws, winner emails, reminders, email delivery, fulfilment)
 * against DATABASE_URL, for cron or by hand. Safe next to running servers: every job claims its
 * work first. Exits 1 when a step failed.
 *
 *   npm run jobs
 */
import { disconnectPrisma } from "../app/server/core/db.server";
import { runJobsOnce } from "../app/server/jobs/run.server";

try {
  const summary = await runJobsOnce();
  console.log(JSON.stringify(summary, null, 2));
  if (summary.errors.length) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await disconnectPrisma();
}
