import type { ErrorCode } from "@learnward/contracts";

/** The one error type routes and services throw; the error plugin turns it into `{ error }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const unauthenticated = (message = "Sign in to continue") => new AppError("unauthenticated", 401, message);
export const forbidden = (message = "Permission denied") => new AppError("forbidden", 403, message);
export const notFound = (what = "Resource") => new AppError("not_found", 404, `${what} not found`);
/** A 409 names its own code: the web app translates the code and never reads the message. */
export const conflict = (code: ErrorCode, message: string, details?: unknown) => new AppError(code, 409, message, details);
export const badRequest = (message: string, details?: unknown) => new AppError("bad_request", 400, message, details);
