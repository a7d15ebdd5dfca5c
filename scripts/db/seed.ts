/**
 * Migrates DATABASE_URL (default file:./data/app.db) and seeds it: the plan catalogue, SAVE10,
 * email templates, platform settings, slider images and, unless DEMO_DATA=false or --no-demo is
 * given, 12 demo campaigns (only into a database without campaigns). Safe to run repeatedly.
 *
 *   npm run db:seed
 */
import { createPrismaClient, getDatabaseUrl, redactUrl } from "../../app/server/core/db.server";
import { migrate } from "../../app/server/startup/migrate.server";
import { seed } from "../../app/server/startup/seed.server";

const url = getDatabaseUrl();
const demo = process.env.DEMO_DATA !== "false" && !process.argv.includes("--no-demo");
const started = performance.now();
const prisma = createPrismaClient(url);
try {
  const applied = await migrate(url);
  if (applied.length) console.log(`Applied ${applied.join(", ")}.`);
  const result = await seed(prisma, { demo });
  const created = Object.entries(result)
    .filter(([, count]) => count > 0)
    .map(([what, count]) => `${count} ${what}`);
  const took = `${Math.round(performance.now() - started)} ms`;
  console.log(`${redactUrl(url)}: ${created.length ? `created ${created.join(", ")}` : "nothing to seed"} (${took}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
}
