import { randomUUID } from "node:crypto";
import type { Client, TestContext } from "./helpers.ts";

// How an outside platform talks to a company's LRS.

export interface XapiRes {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any answer
  raw: Buffer;
}

/**
 * A sender holding one credential: every call with Basic auth and the version header unless told
 * otherwise. A string or Buffer body goes as it is (with the content-type header the test gives).
 */
export function xapiClient(t: TestContext, cred: { key: string; secret: string }) {
  const auth = `Basic ${Buffer.from(`${cred.key}:${cred.secret}`).toString("base64")}`;
  return async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown, headers: Record<string, string | undefined> = {}): Promise<XapiRes> => {
    const all: Record<string, string | undefined> = { authorization: auth, "x-experience-api-version": "1.0.3", ...headers };
    const res = await t.app.inject({
      method,
      url,
      headers: Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined)),
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    let parsed: unknown;
    try {
      parsed = res.json();
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, headers: res.headers, body: parsed, raw: res.rawPayload };
  };
}

/** A new credential of the company whose hr or L&D leader `manager` is. */
export async function newCredential(manager: Client, name = "Course platform") {
  const res = await manager.post("/api/b2b/v1/company/lrs-credentials", { name });
  if (res.status !== 201) throw new Error(`credential: ${res.status} ${res.text}`);
  return res.body as { id: number; key: string; secret: string };
}

export const VERBS = {
  completed: "http://adlnet.gov/expapi/verbs/completed",
  passed: "http://adlnet.gov/expapi/verbs/passed",
  progressed: "http://adlnet.gov/expapi/verbs/progressed",
  experienced: "http://adlnet.gov/expapi/verbs/experienced",
  voided: "http://adlnet.gov/expapi/verbs/voided",
};

/** A minimal valid statement, with whatever the test changes. */
export function statement(over: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    actor: { mbox: "mailto:learner@example.com", name: "Learner" },
    verb: { id: VERBS.experienced, display: { "en-US": "experienced" } },
    object: { id: "http://example.com/activities/one", definition: { name: { "en-US": "One" } } },
    ...over,
  };
}
