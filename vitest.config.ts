import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // One test process per core (Vitest's default leaves one core idle: cores - 1); decision 071.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        // Unit files run beside the integration suite's servers on 2 cores; a few exhaustive checks
        // (every claim-form combination, 100 weighted draws) then need more than Vitest's 5 s default.
        // Unit files share each fork's modules (isolate: false; each restores the environment it changes):
        // loading a fresh module graph per file was half of the project's time (decision 098).
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", testTimeout: 30_000, isolate: false },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Once per run: the production build the tests' servers serve, and the template database
          // each file's database is copied from (decision 071).
          globalSetup: ["tests/helpers/integration-global-setup.ts"],
          setupFiles: ["tests/helpers/integration-setup.ts"],
          // The build is loaded by Node as it is, not through Vitest's transform.
          server: { deps: { external: [/\/build(-[^/]*)?\/server\//] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits for what the server does on its own timers (page views are written once
          // a second, the sender's pass); Vitest's 1 s default races a 1 s timer on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
          // Each file gets its own database; files run in parallel.
          pool: "forks",
        },
      },
    ],
  },
});
