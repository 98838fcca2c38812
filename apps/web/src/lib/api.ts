import type { ErrorBody } from "@learnward/contracts";
import type { ApiBody, ApiPath, ApiQuery, Method } from "./apiPaths";

/** A failed call: the server's stable error code (or a client-side one) and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type Query = Record<string, string | number | boolean | undefined>;

/** What request() sends, typed by the operation docs/openapi.json has for the path and method (lib/apiPaths). */
type RequestOptions<S extends string, M extends Method, T> = ApiBody<S, M> & {
  method?: M;
  query?: ApiQuery<S, M>;
  /**
   * Checks the answer and gives it its contract type: `checkedBy((s) => s.UserProfile)` (lib/contracts),
   * or a schema's own `parse` where zod is loaded anyway. Without it the answer is `unknown`: only
   * calls whose answer is not read may leave it out.
   */
  parse?: ((json: unknown) => T | Promise<T>) & { prepare?: () => void };
  signal?: AbortSignal;
};

/** The options as request() reads them, once the types above have checked the call. */
interface Sent<T> {
  method?: Method;
  query?: Query;
  body?: unknown;
  parse?: RequestOptions<string, Method, T>["parse"];
  signal?: AbortSignal;
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function codeForStatus(status: number): string {
  if (status === 401) return "unauthenticated";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "internal_error";
  return "bad_request";
}

// The contract's ErrorBody shape, checked by hand: this module is on the first load, where zod is not.
function errorOf(json: unknown): ErrorBody["error"] | null {
  if (typeof json !== "object" || json === null || !("error" in json)) return null;
  const error: unknown = json.error;
  if (typeof error !== "object" || error === null) return null;
  const { code, message, details } = error as Record<string, unknown>;
  return typeof code === "string" && typeof message === "string" ? { code, message, details } : null;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** Where calls go: the browser's fetch, or on the server (entry-server.tsx) the API in-process. */
export function setTransport(next: Transport): void {
  transport = next;
}

/**
 * Same-origin JSON call with the session cookie. Errors become ApiError with the server's code.
 * The path must be one of docs/openapi.json's for the method (`/api/x/${id}/read` for
 * `/api/x/{id}/read`), and the body and query that operation's.
 */
export async function request<const S extends string, M extends Method = "GET", T = unknown>(
  path: ApiPath<S, M>,
  options: RequestOptions<S, M, T> = {} as RequestOptions<S, M, T>,
): Promise<T> {
  const { method = "GET", query, body, parse, signal } = options as Sent<T>;
  // A check whose schemas are not in yet starts loading them alongside the call.
  parse?.prepare?.();
  const url = withQuery(path, query);
  let response: Response;
  try {
    response = await transport(url, {
      method,
      credentials: "include",
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "The server could not be reached");
  }

  // spec §7: a 204 answer yields an empty object.
  const text = response.status === 204 ? "" : await response.text();
  let json: unknown = {};
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }

  if (!response.ok) {
    const error = errorOf(json);
    if (error) throw new ApiError(response.status, error.code, error.message, error.details);
    throw new ApiError(response.status, codeForStatus(response.status), response.statusText);
  }

  if (!parse) return json as T;
  try {
    return await parse(json);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    console.error(`Unexpected answer from ${method} ${path}`, error);
    throw new ApiError(response.status, "bad_response", "The server answered in an unexpected shape");
  }
}
