// The API as the demo people use it from a spec, beside the browser: a signed-in session per person
// and calls that must succeed.
import { expect } from "vitest";
import { request, type APIRequestContext } from "playwright-core";
import { BASE_URL, OUR_ORIGIN, signInRequest } from "./support";

/** Calls the API with a session's cookies; the call must succeed. */
export async function call<T = { id: number }>(api: APIRequestContext, method: "GET" | "POST", url: string, data?: unknown): Promise<T> {
  const response = await api.fetch(url, { method, data, headers: OUR_ORIGIN });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const apis: Record<string, Promise<APIRequestContext>> = {};
/** A demo person's API session, signed in once for this file (each spec file loads this module afresh). */
export const as = (email: string) =>
  (apis[email] ??= request.newContext({ baseURL: BASE_URL }).then(async (api) => {
    await signInRequest(api, email);
    return api;
  }));
