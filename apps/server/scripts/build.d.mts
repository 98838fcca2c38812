// Types of build.mjs for the TypeScript that imports it (bench/start.ts).
export declare const SERVER_DIST: string;
export declare const serverArgs: () => string[];
export declare function serverBuildIsStale(): boolean;
export declare function buildServer(outdir?: string): Promise<void>;
