/** The app's refusal body: `{ error: { code, message, details? } }`. */
export const isErrorShape = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  typeof (body as { error?: { code?: unknown } }).error?.code === "string" &&
  typeof (body as { error: { message?: unknown } }).error.message === "string";

/** SCIM clients (Okta, Entra ID) read RFC 7644 §3.12 errors, not the app's: /scim/v2 answers those. */
export const isScimErrorShape = (body: unknown, status: number) =>
  typeof body === "object" &&
  body !== null &&
  Array.isArray((body as { schemas?: unknown }).schemas) &&
  (body as { schemas: unknown[] }).schemas.includes("urn:ietf:params:scim:api:messages:2.0:Error") &&
  (body as { status?: unknown }).status === String(status);

/**
 * Whether a 4xx answer to `path` has the shape its client reads: the app's everywhere, and RFC 7644's
 * on /scim/v2 (a refusal before any route runs, such as an overlong path's 414, keeps the app's there too).
 */
export const refusalShaped = (path: string, body: unknown, status: number) =>
  isErrorShape(body) || (path.startsWith("/scim/v2/") && isScimErrorShape(body, status));
