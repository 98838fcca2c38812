import { loadConfig } from "../apps/server/src/config.ts";

/** The server's configuration for a bench: production mode, silent, on loopback at `port`, no web app. */
export const benchConfig = (port: number, secret: string, env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: "production",
    AUTH_SECRET: secret,
    LOG_LEVEL: "silent",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST: "/nonexistent",
    ...env,
  });
