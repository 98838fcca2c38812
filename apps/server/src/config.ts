import { isIP } from "node:net";
import { z } from "zod";
import { TAG_MANAGER_ID_PATTERN } from "@learnward/contracts";

/** A Chromium extension id (32 letters a–p) or a Firefox extension's UUID (EXTENSION_IDS). */
const EXTENSION_ID = /^(?:[a-p]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const bool = z.enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" }).transform((v) => v === "true" || v === "1" || v === "yes");

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY. */
const RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];
const isAddressOrRange = (entry: string) => {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};
/**
 * Whose X-Forwarded-For to believe: nobody (false), every hop (true: only where the load balancer
 * replaces the header, since otherwise a client forges its address), or the load balancers' own
 * addresses and ranges (`10.0.0.0/8,loopback`): the client address is then the last hop they saw.
 */
const trustProxy = z.string().transform((value, ctx) => {
  const v = value.trim().toLowerCase();
  if (["true", "1", "yes"].includes(v)) return true;
  if (["false", "0", "no"].includes(v)) return false;
  const entries = v
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length || !entries.every(isAddressOrRange)) {
    ctx.addIssue({ code: "custom", message: "must be true, false or load balancer addresses (IPs or CIDR ranges, comma-separated)" });
    return z.NEVER;
  }
  return entries;
});

/** An absolute URL whose scheme is one of `schemes` (a `javascript:` link is a URL too). */
const urlWith = (schemes: readonly string[], message: string) =>
  z.string().refine((value) => {
    try {
      return schemes.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, message);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ message: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  // Loopback unless told otherwise: a fresh install is not reachable from the network by accident.
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  PUBLIC_URL: z.string().url("must be an absolute URL such as http://localhost:3000").optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DEMO_SEED: bool.default(true),
  DEMO_PASSWORD: z.string().min(6, "must be at least 6 characters").default("learnward-demo"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  // Whether this process runs background jobs (mail, reminders). Every server process may: each job
  // is taken by one of them. Off only where something else drains the queue (tests).
  JOBS_WORK: bool.default(true),
  // Moves the app's clock (lib/clock.ts) by whole days, so tests and the browser suite can pass a
  // reminder point. Never in production: a server there keeps the real date.
  CLOCK_OFFSET_DAYS: z.coerce
    .number({ message: "must be a whole number of days" })
    .int("must be a whole number of days")
    .min(-36_500, "must be between -36500 and 36500")
    .max(36_500, "must be between -36500 and 36500")
    .optional(),
  MAIL_FROM: z.string().default("Learnward <no-reply@learnward.local>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: trustProxy.default(false),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().url("each origin must be an absolute URL"))),
  // Browser extensions answered CORS on the extension's calls (plugins/extension-origins.ts): Chromium
  // ids and Firefox UUIDs, comma-separated. Unset: any extension may call them with a personal token.
  EXTENSION_IDS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(EXTENSION_ID, "each id must be a Chromium extension id (32 letters a to p) or a Firefox extension UUID"))),
  WEB_DIST: z.string().optional(),
  IMAGE_CACHE_MAX_MB: z.coerce
    .number({ message: "must be a number of megabytes" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1_000_000)
    .default(512),
  SESSION_CACHE_SECONDS: z.coerce.number({ message: "must be a number of seconds" }).int().min(0).max(300).default(5),
  // The copilot's language model: an OpenAI-compatible endpoint such as Ollama or vLLM.
  LLM_BASE_URL: z
    .string()
    .url("must be an absolute URL such as http://localhost:11434/v1")
    .regex(/^https?:\/\//, "must be an http:// or https:// URL")
    .optional(),
  LLM_MODEL: z.string().trim().min(1).max(200).optional(),
  LLM_API_KEY: z.string().min(1).max(500).optional(),
  // spec §1: the browser extension's store pages (the user menu's link), the support chat widget and
  // the tag manager. The widget and the tag manager load only after the visitor accepts analytics
  // cookies, and the Content-Security-Policy admits their hosts only when they are set (plugins/security.ts).
  // Without a store page for the visitor's browser, the link opens /extension and its downloads.
  EXTENSION_CHROME_URL: urlWith(["https:"], "must be the https:// URL of the extension's store page").optional(),
  EXTENSION_FIREFOX_URL: urlWith(["https:"], "must be the https:// URL of the extension's store page").optional(),
  // Where the extension's build puts its zips (/downloads/…); defaults to apps/extension/dist.
  EXTENSION_DIST: z.string().min(1).optional(),
  CHAT_WIDGET_URL: urlWith(["https:"], "must be the https:// URL of the widget's script").optional(),
  TAG_MANAGER_ID: z.string().regex(TAG_MANAGER_ID_PATTERN, "must be a Google Tag Manager container id such as GTM-AB12CD3").optional(),
  // Chat webhooks are https and public only; tests (e2e too) post to a loopback http server.
  CHAT_HOOKS_ALLOW_PRIVATE: bool.default(false),
  // Statements are forwarded to https public LRSs only; tests forward to a loopback http server.
  XAPI_FORWARD_ALLOW_PRIVATE: bool.default(false),
  // OIDC issuers are https and public only; tests start their identity provider on loopback http.
  SSO_ALLOW_PRIVATE: bool.default(false),
  // Semantic retrieval. An OpenAI-compatible embeddings endpoint (Ollama, vLLM…): POST
  // {EMBEDDINGS_BASE_URL}/v1/embeddings. Unset, the copilot retrieves by full text only.
  EMBEDDINGS_BASE_URL: urlWith(["http:", "https:"], "must be an http:// or https:// URL such as http://localhost:11434").optional(),
  EMBEDDINGS_MODEL: z.string().trim().min(1).max(200).optional(),
  EMBEDDINGS_API_KEY: z.string().min(1).max(500).optional(),
  // Cosine similarity a catalog item needs to the question to count as a neighbour; depends on the model.
  EMBEDDINGS_MIN_COSINE: z.coerce
    .number({ message: "must be a number between 0 and 1" })
    .min(0, "must be between 0 and 1")
    .max(1, "must be between 0 and 1")
    .default(0.5),
  LLM_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number")
    .min(100, "must be between 100 and 120000")
    .max(120_000, "must be between 100 and 120000")
    .default(15_000),
});

export type Config = z.infer<typeof EnvSchema> & {
  publicUrl: string;
  /** Origins whose browsers may write (CSRF) and sign in: PUBLIC_URL's, and outside production the server's own loopback addresses. */
  sameOrigins: string[];
};

/** Whether mail sent without SMTP_URL is kept readable for platform operators (GET /api/dev/outbox): never in production. */
export const keepsOutbox = (config: Pick<Config, "NODE_ENV">) => config.NODE_ENV !== "production";

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Reads the environment into a typed config; every bad value is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset" so `PORT= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}=${JSON.stringify(cleaned[String(i.path[0])] ?? "")}: ${i.message}`));
  }
  const c = parsed.data;
  // Left set, the old single link would silently stop showing: say where it went.
  if (cleaned.EXTENSION_URL !== undefined) {
    throw new ConfigError(["EXTENSION_URL: replaced by EXTENSION_CHROME_URL and EXTENSION_FIREFOX_URL (each the https:// URL of a store page)"]);
  }
  const llm = [c.LLM_BASE_URL, c.LLM_MODEL, c.LLM_API_KEY].filter((v) => v !== undefined).length;
  if (llm !== 0 && llm !== 3) {
    throw new ConfigError(["LLM_BASE_URL, LLM_MODEL and LLM_API_KEY: set all three to use a language model, or none"]);
  }
  if ((c.EMBEDDINGS_BASE_URL === undefined) !== (c.EMBEDDINGS_MODEL === undefined) || (c.EMBEDDINGS_API_KEY && !c.EMBEDDINGS_BASE_URL)) {
    throw new ConfigError(["EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL: set both to use an embeddings model (EMBEDDINGS_API_KEY only with them), or none"]);
  }
  if (c.NODE_ENV === "production" && c.CHAT_HOOKS_ALLOW_PRIVATE) {
    throw new ConfigError(["CHAT_HOOKS_ALLOW_PRIVATE: not allowed in production (chat posts go to public https addresses only)"]);
  }
  if (c.NODE_ENV === "production" && c.XAPI_FORWARD_ALLOW_PRIVATE) {
    throw new ConfigError(["XAPI_FORWARD_ALLOW_PRIVATE: not allowed in production (statements go to public https addresses only)"]);
  }
  if (c.NODE_ENV === "production" && c.SSO_ALLOW_PRIVATE) {
    throw new ConfigError(["SSO_ALLOW_PRIVATE: not allowed in production (identity providers are public https addresses only)"]);
  }
  if (c.NODE_ENV === "production" && !c.AUTH_SECRET) {
    throw new ConfigError(["AUTH_SECRET: required in production (32+ random characters)"]);
  }
  if (c.NODE_ENV === "production" && c.CLOCK_OFFSET_DAYS !== undefined) {
    throw new ConfigError(["CLOCK_OFFSET_DAYS: not allowed in production (it moves the app's clock, for tests only)"]);
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "");
  const own = new URL(publicUrl).origin;
  const loopback = c.NODE_ENV === "production" ? [] : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${c.PORT}`);
  return { ...c, publicUrl, sameOrigins: [...new Set([own, ...loopback])] };
}
