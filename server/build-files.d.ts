import type { RequestHandler } from "express";

export declare function serveBuildFiles(buildDir: string): RequestHandler;
