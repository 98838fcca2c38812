import fs from "node:fs";
import type { Config } from "../src/config.ts";
import type { Database } from "../src/db/client.ts";
import { DEMO_PASSWORD, freshDatabase, startTestApp, template, type AppOptions } from "./test-database.ts";
import type { App } from "../src/app.ts";
import { outbox } from "../src/db/schema/index.ts";
import { totpCode } from "./totp.ts";
import { asc, desc, eq } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";

export { DEMO_PASSWORD };
export const DEMO = {
  admin: "admin@acme.test",
  hr: "hr@acme.test",
  ldleader: "ldleader@acme.test",
  teamleader: "teamleader@acme.test",
  member: "member@acme.test",
  globex: "member@globex.test",
} as const;

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
  signIn(email: string, password?: string): Promise<string>;
  as(email: string, password?: string): Promise<Client>;
  anonymous: Client;
  /** Mail that went to the outbox for this address, oldest first (read from the table, as an operator would). */
  mails(to: string): Promise<Array<{ to: string; subject: string; text: string; html: string | null }>>;
  /**
   * The first http(s) link of the newest mail to this address, waiting up to 5 s for the mail (the
   * `count`th one, or the newest whose link matches `pattern`).
   */
  linkIn(to: string, count?: number, pattern?: RegExp): Promise<URL>;
  /** The whole outbox, newest first, in the shape of GET /api/dev/outbox (which only an admin may read). */
  outbox(): Promise<{ count: number; results: any[] }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any mail
  /** Self-registration through the allow-list, address confirmed through the mailed link. */
  register(email: string, password?: string, name?: string): Promise<void>;
  /** Turns on two-factor sign-in for a session; answers the token of the session that replaces it. */
  setUpTwoFactor(email: string, token: string, password?: string): Promise<string>;
  /** The otpauth:// URI of the authenticator set up for this person in this context, if any. */
  authenticator(email: string): string | undefined;
}

export interface Client {
  token: string | null;
  get(url: string, headers?: Record<string, string>): Promise<Res>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<Res>;
  patch(url: string, body?: unknown, headers?: Record<string, string>): Promise<Res>;
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<Res>;
  delete(url: string, headers?: Record<string, string>): Promise<Res>;
}
export interface Res {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any answer
  text: string;
}

export async function createTestContext(opts: { seed?: boolean; logger?: Logger } & AppOptions = {}): Promise<TestContext> {
  const { database, drop } = await freshDatabase({ logger: opts.logger, template: await template(opts.seed === false ? "empty" : "demo") });
  const { app, config, imageCacheDir } = await startTestApp(database, opts);

  const client = (token: string | null): Client => {
    const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await app.inject({
        method: method as "GET",
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      let parsed: unknown;
      try {
        parsed = res.json();
      } catch {
        parsed = undefined;
      }
      return { status: res.statusCode, headers: res.headers, body: parsed, text: res.body };
    };
    return {
      token,
      get: (u, h) => call("GET", u, undefined, h),
      post: (u, b, h) => call("POST", u, b ?? {}, h),
      patch: (u, b, h) => call("PATCH", u, b ?? {}, h),
      put: (u, b, h) => call("PUT", u, b ?? {}, h),
      delete: (u, h) => call("DELETE", u, undefined, h),
    };
  };

  // Authenticators set up during this context, by email: signing in again answers their code.
  const authenticators = new Map<string, string>();
  const tokenOf = (res: { statusCode: number; headers: Record<string, unknown>; body: string }, what: string) => {
    const token = res.headers["set-auth-token"];
    if (res.statusCode !== 200 || typeof token !== "string") throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
    return token;
  };

  /**
   * Signs in as a person would: with the second factor when their authenticator is set up, and
   * setting one up first when their role requires it (admins), so every test gets a usable session.
   */
  const signIn = async (email: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
    if (res.statusCode === 200 && res.json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect) {
      const uri = authenticators.get(email);
      if (!uri) throw new Error(`${email} asks for a second factor this test context does not know`);
      const cookie = String(res.headers["set-cookie"]).match(/(?:__Secure-)?better-auth\.two_factor=[^;]+/)?.[0];
      const verified = await app.inject({
        method: "POST",
        url: "/api/auth/two-factor/verify-totp",
        // As the sign-in page sends it: the pending sign-in's cookie, from our own origin.
        headers: { cookie: cookie ?? "", origin: config.publicUrl },
        payload: { code: await totpCode(uri) },
      });
      return tokenOf(verified, `second factor of ${email}`);
    }
    let token = tokenOf(res, `sign-in as ${email}`);
    const me = await app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${token}` } });
    const twoFactor = me.statusCode === 200 ? me.json<{ account: { two_factor: { enabled: boolean; required: boolean } } }>().account.two_factor : null;
    if (twoFactor?.required && !twoFactor.enabled) token = await setUpTwoFactor(email, token, password);
    return token;
  };

  /** Turns on two-factor sign-in for a signed-in person; answers the session that replaces theirs. */
  const setUpTwoFactor = async (email: string, token: string, password = DEMO_PASSWORD) => {
    const headers = { authorization: `Bearer ${token}` };
    const enabled = await app.inject({ method: "POST", url: "/api/auth/two-factor/enable", headers, payload: { password } });
    if (enabled.statusCode !== 200) throw new Error(`setting up two-factor for ${email} failed: ${enabled.statusCode} ${enabled.body}`);
    const uri = enabled.json<{ totpURI: string }>().totpURI;
    const verified = await app.inject({ method: "POST", url: "/api/auth/two-factor/verify-totp", headers, payload: { code: await totpCode(uri) } });
    authenticators.set(email, uri);
    return tokenOf(verified, `confirming two-factor for ${email}`);
  };

  const mails = async (to: string) => {
    await app.jobs.drain();
    return (await database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.id))).map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
    }));
  };
  const linkIn = async (to: string, count = 1, pattern?: RegExp) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const links = (await mails(to)).map((m) => m.text.match(/https?:\/\/\S+/)?.[0]).filter((l): l is string => !!l && (!pattern || pattern.test(l)));
      if (links.length >= count) return new URL(links[links.length - 1]!);
      if (Date.now() > deadline) throw new Error(`no mail (${count}${pattern ? `, ${pattern}` : ""}) to ${to} within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const outboxAll = async () => {
    await app.jobs.drain();
    const rows = await database.db.select().from(outbox).orderBy(desc(outbox.id));
    return { count: rows.length, results: rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text })) };
  };
  const register = async (email: string, password = "secret12", name = "Someone New") => {
    const res = await app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: { name, email, password } });
    if (res.statusCode !== 200) throw new Error(`sign-up as ${email} failed: ${res.statusCode} ${res.body}`);
    // The confirmation link leads to the page that confirms the address by choosing the password.
    const link = await linkIn(email, 1, /\/reset-password\//);
    const followed = await app.inject({ method: "GET", url: link.pathname + link.search });
    const token = new URL(String(followed.headers.location), "http://localhost").searchParams.get("token");
    const chosen = token && (await app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: password } }));
    if (!chosen || chosen.statusCode !== 200) throw new Error(`confirming ${email} failed`);
  };

  return {
    app,
    database,
    config,
    mails,
    linkIn,
    outbox: outboxAll,
    register,
    setUpTwoFactor,
    authenticator: (email: string) => authenticators.get(email),
    signIn,
    as: async (email, password) => client(await signIn(email, password)),
    anonymous: client(null),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(imageCacheDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a browser holds after signing in with the demo password, for page requests. */
export async function sessionCookie(ctx: TestContext, email: string): Promise<string> {
  const signIn = await ctx.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password: DEMO_PASSWORD } });
  const setCookie = signIn.headers["set-cookie"];
  return (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(";")[0]).join("; ");
}
