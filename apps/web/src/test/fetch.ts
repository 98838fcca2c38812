import { vi } from "vitest";
import type { z } from "zod";

/**
 * What a stubbed route answers: a status (200 unless said) and a JSON body (none for 204), or a
 * `stream` of server-sent-event text, sent chunk by chunk as the iterable yields (an async generator
 * can hold a chunk back until the test releases it), or `never` anything: a request still on its way
 * (it fails only when the caller aborts it, as a real one does).
 */
export interface StubAnswer {
  status?: number;
  body?: unknown;
  stream?: Iterable<string> | AsyncIterable<string>;
  never?: true;
}
/** The request a handler sees: the URL with its query, and the parsed JSON body. */
export interface StubRequest {
  method: string;
  url: URL;
  body: unknown;
}
export type StubRoute = StubAnswer | ((request: StubRequest) => StubAnswer);
/**
 * Routes by "METHOD /path" (no query: a handler reads it from the URL), and "*": what answers any call
 * no route names (a server's rule for every call); undefined from it leaves the call to the usual 404.
 */
export type StubRoutes = Record<`${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /${string}`, StubRoute> & {
  "*": (request: StubRequest) => StubAnswer | undefined;
};

/**
 * An answer whose body is the contract's type and is checked against the contract when the stub is
 * written, so a stub cannot drift from what the server sends.
 */
export function reply<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200): StubAnswer {
  schema.parse(body);
  return { status, body };
}

const keyOf = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), "http://localhost");
  return { url, method: init?.method ?? "GET", key: `${init?.method ?? "GET"} ${url.pathname}` };
};
const bodyOf = (init?: RequestInit): unknown => (typeof init?.body === "string" && init.body !== "" ? JSON.parse(init.body) : undefined);

/** A fetch stub answering by "METHOD path", else by "*"; an unknown route gets the server's 404 error body. */
export function stubFetch(routes: Partial<StubRoutes>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const { url, method, key } = keyOf(input, init);
    const route = (routes as Record<string, StubRoute | undefined>)[key];
    const request = { method, url, body: bodyOf(init) };
    const answer = (typeof route === "function" ? route(request) : (route ?? routes["*"]?.(request))) ?? {
      status: 404,
      body: { error: { code: "not_found", message: `No stub for ${key}` } },
    };
    if (answer.never) return never(init?.signal);
    const status = answer.status ?? 200;
    if (answer.stream) return new Response(streamOf(answer.stream), { status, headers: { "Content-Type": "text/event-stream" } });
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), { status, headers: { "Content-Type": "application/json" } });
  };
}

/**
 * A response that never comes; aborting the request rejects it with an AbortError, as fetch does (this
 * page's own DOMException: the signal's reason may come from another realm in the test environment).
 */
function never(signal?: AbortSignal | null): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const abort = () => reject(new DOMException("The operation was aborted.", "AbortError"));
    if (signal?.aborted) abort();
    signal?.addEventListener("abort", abort, { once: true });
  });
}

function streamOf(chunks: Iterable<string> | AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for await (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

/**
 * Stubs the global fetch with `stubFetch(routes)`; returns the mock, the JSON bodies sent to a route,
 * and every call as "METHOD path?query" with its body, in the order sent.
 */
export function serveFetch(routes: Partial<StubRoutes>) {
  const fetch = vi.fn(stubFetch(routes));
  vi.stubGlobal("fetch", fetch);
  const sent = (key: keyof StubRoutes) => fetch.mock.calls.filter(([input, init]) => keyOf(input, init).key === key).map(([, init]) => bodyOf(init));
  const calls = () =>
    fetch.mock.calls.map(([input, init]) => {
      const { url, method } = keyOf(input, init);
      return { call: `${method} ${url.pathname}${url.search}`, body: bodyOf(init) };
    });
  return { fetch, sent, calls };
}
