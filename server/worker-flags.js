// V8's heap sizes for the server's worker processes (decision 062), shared with the benchmarks
// that measure work done in a worker (bench:draw: freezes and draws run in worker 1's job timer).
// Under a spike of entries V8 grew the young generation to 16 MB semi-spaces and the old one far
// past what it held, and kept both: about 100-150 MB more per worker for no measured speed.
export const WORKER_HEAP_FLAGS = ["--max-semi-space-size=2", "--max-old-space-size=256"];

/** `execArgv` with each of WORKER_HEAP_FLAGS the operator did not choose (in the flags or NODE_OPTIONS). */
export function withWorkerHeapFlags(execArgv, nodeOptions = "") {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)];
  const missing = WORKER_HEAP_FLAGS.filter((flag) => !chosen.some((arg) => arg.startsWith(flag.slice(0, flag.indexOf("=")))));
  return [...execArgv, ...missing];
}
