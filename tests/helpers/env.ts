/**
 * Changing process.env in a test without replacing the object. `process.env = { ... }` swaps in a plain
 * object that no longer reaches the process's real environment, which Node itself reads (os.tmpdir(), a
 * child process's default env); unit files share their process (decision 098), so that would leak into
 * the files that run after.
 */

/** Sets each of `values` (undefined removes it) in process.env itself. */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** Puts process.env back to `saved` (a copy taken earlier), then sets `values` on top. */
export function restoreEnv(saved: NodeJS.ProcessEnv, values: Record<string, string | undefined> = {}): void {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  setEnv({ ...saved, ...values });
}
