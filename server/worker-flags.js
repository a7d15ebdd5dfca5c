// V8's heap sizes for the server's worker processes (decisions 062, 063), shared with the benchmarks
// that measure work done in a worker (bench:draw: freezes and draws run in worker 1's job timer).
// Under a spike of entries V8 grew the young generation to 16 MB semi-spaces and the old one far
// past what it held, and kept both: about 100-150 MB more per worker for no measured speed.
// Semi-spaces of 8 MB, not 2 (decision 063): with 25 entries in flight per worker, 2 MB promoted
// requests' short-lived objects and GC took 18 % of a worker's time; 8 MB, 10-11 %, for about 12 MB more.
export const WORKER_HEAP_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=256"];

/** `execArgv` with each of WORKER_HEAP_FLAGS the operator did not choose (in the flags or NODE_OPTIONS). */
export function withWorkerHeapFlags(execArgv, nodeOptions = "") {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)];
  const missing = WORKER_HEAP_FLAGS.filter((flag) => !chosen.some((arg) => arg.startsWith(flag.slice(0, flag.indexOf("=")))));
  return [...execArgv, ...missing];
}
