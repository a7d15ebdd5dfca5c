export declare const WORKER_HEAP_FLAGS: readonly string[];
export declare function withWorkerHeapFlags(execArgv: readonly string[], nodeOptions?: string): string[];
