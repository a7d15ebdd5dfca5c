export declare function answerWorkersMetrics(): void;
export declare function shareWorkerMetrics(): void;
export declare function clusterMetricsText(): Promise<string>;
