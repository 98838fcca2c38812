// Types of what the spec files use from harness.mjs.
/** Starts a server of its own on a free port (fresh data, demo seed, the environment as it is then). */
export function startServer(logName?: string): Promise<{ baseUrl: string; stop: () => Promise<void> }>;
