/**
 * Once per integration run, before any test file (decision 071):
 * - the production build the in-process and spawned servers serve (tests/helpers/app-server.ts),
 *   made only when the sources changed since the last one (scripts/build-once.ts);
 * - the template database every test file's database is copied from (tests/helpers/database.ts).
 */
import { buildOnce } from "../../scripts/build-once";
import { TEMPLATE_DATABASE_ENV, createTemplateDatabase } from "./database";

export default async function setup() {
  const started = performance.now();
  const build = buildOnce();
  const built = performance.now();
  const template = await createTemplateDatabase();
  // The test files' processes are forked from this one after this returns, so they inherit it.
  process.env[TEMPLATE_DATABASE_ENV] = template.url;
  console.log(
    `[integration] build ${build} (${Math.round(built - started)} ms); template database migrated and seeded (${Math.round(performance.now() - built)} ms)`,
  );
  return async () => {
    delete process.env[TEMPLATE_DATABASE_ENV];
    await template.cleanup();
  };
}
