/**
 * Applies pending migrations to DATABASE_URL (default file:./data/app.db):
 *
 *   npm run db:migrate
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/giveawear_dev npm run db:migrate
 */
import { getDatabaseUrl, redactUrl } from "../../app/server/core/db.server";
import { migrate } from "../../app/server/startup/migrate.server";

const url = getDatabaseUrl();
const started = performance.now();
try {
  const applied = await migrate(url);
  const took = `${Math.round(performance.now() - started)} ms`;
  if (applied.length === 0) console.log(`${redactUrl(url)}: up to date (${took}).`);
  else console.log(`${redactUrl(url)}: applied ${applied.join(", ")} (${took}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
